// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cli_output.c - findings to the formats, baselines and exit status
 */
#include "cli_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cl_version.h"
#include "emit_source.h"
#include "propose_text.h"
#include "report.h"

static int by_first_line(const void *x, const void *y)
{
	const struct cl_rewrite *a = x, *b = y;

	return a->first_line < b->first_line ? -1 : a->first_line > b->first_line;
}

struct emit_job {
	const struct cli_common *c;
	const struct cl_findings *f;
	const struct cl_emit_info *info;
	const struct cli_output *o;
};

static int emit(FILE *out, void *data)
{
	const struct emit_job *j = data;
	struct cl_report_info report = {
		.tool_version = CL_VERSION,
		.source = j->o->source,
		.opt = j->info->opt,
		.records = j->info->records,
		.nrecords = j->info->nrecords,
		.proposals = j->o->proposals,
		.nproposals = j->o->nproposals,
	};

	switch (j->c->format) {
	case CLI_FORMAT_JSON:
		return cl_emit_json(out, j->f, j->info);
	case CLI_FORMAT_SARIF:
		return cl_emit_sarif(out, j->f, j->info);
	case CLI_FORMAT_GITHUB:
		return cl_emit_github(out, j->f, j->info);
	case CLI_FORMAT_YAML:
		return cl_report_yaml(out, &report, j->f);
	default:
		return cl_emit_text(out, j->f, j->info);
	}
}

/*
 * The proposals' rewrites as one unified diff, file by file, with paths
 * relative to --source-root (or the working directory) for `patch -p1`.
 */
static int write_patch(FILE *out, void *data)
{
	const struct cli_output *o = data;
	bool *done = calloc(o->nproposals + 1, sizeof(*done));
	struct cl_rewrite *rw = calloc(o->nproposals + 1, sizeof(*rw));
	int rc = 0;

	for (size_t i = 0; i < o->nproposals && !rc; i++) {
		const struct cl_report_proposal *rp = &o->proposals[i];
		const char *file = rp->rec->span.file;
		char *rel;
		size_t n = 0;

		if (done[i] || !rp->rw)
			continue;
		for (size_t k = i; k < o->nproposals; k++) {
			const struct cl_report_proposal *q = &o->proposals[k];

			if (!done[k] && q->rw && !strcmp(q->rec->span.file, file)) {
				rw[n++] = *q->rw;
				done[k] = true;
			}
		}
		qsort(rw, n, sizeof(*rw), by_first_line);
		rel = cl_path_relative(file, o->source_root ? o->source_root : ".");
		rc = cl_rewrite_diff(out, rel ? rel : file, rp->src, rw, n);
		free(rel);
	}
	free(done);
	free(rw);
	return rc;
}

static int write_baseline(FILE *out, void *data)
{
	return cl_baseline_write(out, data);
}

int cli_report(const struct cli_common *c, const struct cli_output *o, struct cl_findings *f,
	       const struct cl_record *const *records, size_t nrecords)
{
	struct cl_emit_info info = {
		CL_VERSION, &c->opt, o->source_root, records, nrecords, o->profile,
		o->proposals, o->nproposals,
	};
	struct emit_job job = { c, f, &info, o };
	struct cl_baseline base;
	struct cl_diag err;
	char buf[2048];
	int rc;

	if (o->write_baseline && cl_write_atomic(o->write_baseline, write_baseline, f)) {
		cl_error("cannot write baseline '%s': %s", o->write_baseline, strerror(errno));
		return EXIT_USAGE;
	}
	if (c->baseline) {
		cl_baseline_init(&base);
		if (cl_baseline_load(&base, c->baseline, &err)) {
			cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
			cl_baseline_free(&base);
			return EXIT_USAGE;
		}
		cl_baseline_filter(&base, f);
		cl_baseline_free(&base);
	}
	if (o->output) {
		if (cl_write_atomic(o->output, emit, &job)) {
			cl_error("cannot write '%s': %s", o->output, strerror(errno));
			return EXIT_USAGE;
		}
	} else {
		rc = emit(stdout, &job);
		if (fflush(stdout) || rc) {
			cl_error("cannot write the findings: %s", strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (o->patch_out && cl_write_atomic(o->patch_out, write_patch, (void *)o)) {
		cl_error("cannot write '%s': %s", o->patch_out, strerror(errno));
		return EXIT_USAGE;
	}
	return o->write_baseline ? EXIT_SUCCESS : cli_exit_status(c, f);
}

static bool is_conflict(const struct cl_finding *f)
{
	return f->rule == CL_RULE_FALSE_SHARING || f->rule == CL_RULE_WRITE_GROUPS;
}

/* Source files read for rewrites, once each; they live as long as @o. */
static const struct cl_source_text *source_of(struct cli_output *o, const char *path,
					      struct cl_arena *a)
{
	struct cl_source_text *t;

	for (size_t i = 0; i < o->nsources; i++)
		if (!strcmp(o->source_paths[i], path))
			return o->sources[i];
	t = cl_arena_alloc(a, sizeof(*t));
	if (cl_source_text_load(t, path, a))
		t = NULL;
	o->sources = cl_vec_grow(o->sources, &o->sources_cap, o->nsources + 1,
				 sizeof(*o->sources));
	o->source_paths = cl_vec_grow(o->source_paths, &o->source_paths_cap, o->nsources + 1,
				      sizeof(*o->source_paths));
	o->sources[o->nsources] = t;
	o->source_paths[o->nsources++] = path;
	return t;
}

static void propose_one(const struct cli_common *c, struct cli_output *o,
			struct cl_report_proposal *rp, struct cl_arena *a)
{
	struct cl_proposal *p = cl_arena_alloc(a, sizeof(*p));
	struct cl_rewrite *rw;

	if (cl_propose(rp->rec, &c->opt, a, p)) {
		rp->reason = p->reason;
		return;
	}
	rp->p = p;
	rp->src = rp->rec->span.file ? source_of(o, rp->rec->span.file, a) : NULL;
	if (!rp->src) {
		rp->reason = "the struct's source file cannot be read";
		return;
	}
	rw = cl_arena_alloc(a, sizeof(*rw));
	if (cl_proposal_rewrite(p, rp->src, a, rw))
		rp->reason = rw->reason;
	else
		rp->rw = rw;
}

void cli_propose(const struct cli_common *c, struct cli_output *o, const struct cl_findings *f,
		 const struct cl_record *const *records, size_t nrecords, struct cl_arena *a)
{
	size_t cap = 0;

	for (size_t r = 0; r < nrecords; r++) {
		struct cl_report_proposal *rp;
		bool conflict = false;

		for (size_t i = 0; i < f->n && !conflict; i++)
			conflict = f->v[i].record == records[r] && is_conflict(&f->v[i]);
		if (!conflict)
			continue;
		rp = cl_vec_push(&o->proposals, &o->nproposals, &cap);
		rp->rec = records[r];
		propose_one(c, o, rp, a);
	}
}

void cli_output_free(struct cli_output *o)
{
	for (size_t i = 0; i < o->nsources; i++)
		if (o->sources[i])
			cl_source_text_free(o->sources[i]);
	free(o->sources);
	free(o->source_paths);
	free(o->proposals);
	o->sources = NULL;
	o->source_paths = NULL;
	o->proposals = NULL;
	o->nsources = o->nproposals = 0;
}
