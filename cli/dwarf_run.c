// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_run.c - the DWARF front end driven for a subcommand: profiles in,
 * records and findings out, progress on a terminal
 */
#include "dwarf_run.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "propose.h"
#include "rules.h"

int dw_run_init(struct dw_run *r, struct cli_common *c)
{
	memset(r, 0, sizeof(*r));
	r->c = c;
	cl_profile_init(&r->profile);
	cl_arena_init(&r->arena);
	cl_findings_init(&r->findings, &r->arena);
	return cli_load_profiles(c, &r->profile);
}

void dw_run_free(struct dw_run *r)
{
	cl_findings_free(&r->findings);
	free(r->records);
	dw_frontend_free(r->fe);
	cl_profile_free(&r->profile);
	cl_arena_free(&r->arena);
}

static void on_record(void *data, struct cl_record *rec)
{
	struct dw_run *r = data;

	r->records = cl_vec_grow(r->records, &r->cap, r->nrecords + 1, sizeof(*r->records));
	r->records[r->nrecords++] = rec;
	/* no class anywhere in the tree: nothing to find (most structs) */
	if (r->analyse && cl_record_is_annotated(rec))
		cl_analyze(rec, &r->c->opt, &r->findings);
}

static void on_error(void *data, const struct cl_diag *d)
{
	struct dw_run *r = data;
	char buf[2048];

	if (d->line && d->col)
		fprintf(stderr, "%s:%u:%u: error: %s\n", d->file, d->line, d->col, d->msg);
	else if (d->line)
		fprintf(stderr, "%s:%u: error: %s\n", d->file, d->line, d->msg);
	else
		cl_error("%s", cl_diag_format(d, buf, sizeof(buf)));
	r->errors++;
}

static void on_progress(void *data, const char *file, const struct dw_stats *st)
{
	(void)data;
	fprintf(stderr, "\rcachelint: %s: %zu units, %zu structs converted, %zu recognised, %zu distinct layouts",
		file, st->units, st->record_dies, st->recognised, st->records);
}

size_t dw_run_files(struct dw_run *r, char *const *files, int nfiles, const char *only,
		       bool types)
{
	struct dw_config cfg = {
		.profile = r->profile.nstructs ? &r->profile : NULL,
		.findings = &r->findings,
		.all = r->all,
		.types = types,
		.only = only,
		.record = on_record,
		.error = on_error,
		.progress = cli_progress_wanted(r->c) ? on_progress : NULL,
		.data = r,
	};
	struct dw_frontend *fe = dw_frontend_new(&cfg);
	size_t failed = 0;
	char buf[2048];

	for (int i = 0; i < nfiles; i++) {
		struct cl_diag err;

		memset(&err, 0, sizeof(err));
		if (dw_frontend_read(fe, files[i], &err)) {
			if (cfg.progress)
				fputc('\n', stderr);
			cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
			failed++;
		}
	}
	if (cfg.progress)
		fputc('\n', stderr);
	r->stats = *dw_frontend_stats(fe);
	r->errors += failed;
	/* the records live in the front end's arena until the run is freed */
	r->fe = fe;
	return failed;
}

void dw_run_undefined_profile_structs(struct dw_run *r)
{
	struct cl_findings *out = &r->findings;

	for (size_t i = 0; i < r->profile.nstructs; i++) {
		const struct cl_profile_struct *ps = &r->profile.structs[i];
		struct cl_finding *f;

		if (ps->defined || (ps->suppress & (1u << CL_RULE_PROFILE)))
			continue;
		f = cl_findings_add(out, CL_RULE_PROFILE, NULL);
		f->record_name = cl_arena_strdup(out->arena, ps->name);
		f->a.path = f->record_name;
		f->where = ps->span;
		f->message = cl_arena_printf(out->arena,
			"profile names struct '%s', which no input defines [%s]",
			ps->name, cl_rule_info(CL_RULE_PROFILE)->id);
	}
}

bool dw_run_has_conflict(const struct dw_run *r, const struct cl_record *rec)
{
	for (size_t i = 0; i < r->findings.n; i++) {
		const struct cl_finding *f = &r->findings.v[i];

		if (f->record == rec &&
		    (f->rule == CL_RULE_FALSE_SHARING || f->rule == CL_RULE_WRITE_GROUPS))
			return true;
	}
	return false;
}

const char *dw_proposal_summary(const struct cl_proposal *p, struct cl_arena *a)
{
	const char *order = "", *aligned = "";

	for (size_t i = 0; i < p->n; i++) {
		const struct cl_member *m = &p->rec->members[p->order[i]];
		const char *name = cl_member_display(m, a);

		order = cl_arena_printf(a, "%s%s%s", order, i ? ", " : "", name);
		if (p->align[i])
			aligned = cl_arena_printf(a, "%s'%s' aligned to %" PRIu32 " bytes; ", aligned,
						  name, p->align[i]);
	}
	return cl_arena_printf(a, "order: %s; %s%" PRIu64 " -> %" PRIu64 " bytes, %" PRIu64
			       " -> %" PRIu64 " cache line%s", order, aligned, p->rec->size, p->size,
			       p->old_lines, p->new_lines, p->new_lines == 1 ? "" : "s");
}
