// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * report_yaml.c - the report: findings and proposals as YAML (libyaml's
 * emitter), schema "cachelint-report: 1"
 */
#include "report.h"
#include "files.h"
#include "proposal_text.h"
#include "propose/propose_rewrite.h"
#include "profile/yaml_writer.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A leaf classed by paths: paths: {tx: r, rx: rw}, and where that came from. */
static void put_paths(struct cl_yw *w, const struct cl_access *acc)
{
	cl_yw_word(w, "paths");
	cl_yw_map(w, true);
	for (uint32_t i = 0; i < acc->nuses; i++) {
		const struct cl_use *u = &acc->uses[i];
		char flags[8];

		snprintf(flags, sizeof(flags), "%s%s%s%s", u->flags & CL_USE_READ ? "r" : "",
			 u->flags & CL_USE_WRITE ? "w" : "", u->flags & CL_USE_WRITE_SOME ? "s" : "",
			 u->flags & CL_USE_CONCURRENT ? "c" : "");
		cl_yw_quoted(w, u->path);
		cl_yw_word(w, flags);
	}
	cl_yw_map_end(w);
	if (acc->source)
		cl_yw_key_quoted(w, "from", acc->source);
}

static void put_leaf(struct cl_yw *w, const char *key, const struct cl_leaf *l,
		     const struct cl_span *where)
{
	cl_yw_word(w, key);
	cl_yw_map(w, true);
	cl_yw_key_quoted(w, "path", l->path);
	if (l->member) {
		cl_yw_key_u64(w, "offset", l->bit_offset / 8);
		cl_yw_key_u64(w, "bit-offset", l->bit_offset);
		cl_yw_key_u64(w, "bit-size", l->bit_size);
		cl_yw_word(w, "class");
		cl_yw_word(w, cl_class_name(l->access.cls));
	}
	/* A class no annotation shows: say which counts it rests on. */
	if (l->member && l->access.origin == CL_ORIGIN_INFERRED && l->access.has_counts) {
		cl_yw_word(w, "inferred-from");
		cl_yw_map(w, true);
		cl_yw_key_u64(w, "reads", l->access.reads);
		cl_yw_key_u64(w, "writes", l->access.writes);
		cl_yw_map_end(w);
	}
	if (l->access.group)
		cl_yw_key_quoted(w, "group", l->access.group);
	if (l->member && l->access.cls == CL_CLASS_PATHS)
		put_paths(w, &l->access);
	if (where->file) {
		cl_yw_key_quoted(w, "file", cl_span_shown_file(where));
		cl_yw_key_u64(w, "line", cl_span_shown_line(where));
		cl_yw_key_u64(w, "column", where->col);
	}
	cl_yw_map_end(w);
}

static void put_finding(struct cl_yw *w, const struct cl_finding *f)
{
	cl_yw_map(w, false);
	cl_yw_word(w, "rule");
	cl_yw_word(w, cl_rule_info(f->rule)->id);
	cl_yw_word(w, "severity");
	cl_yw_word(w, cl_severity_name(f->severity));
	cl_yw_key_quoted(w, "message", f->message);
	if (f->a.path)
		put_leaf(w, "field", &f->a, &f->where);
	if (f->b.path) {
		put_leaf(w, "other", &f->b, &f->note_where);
		cl_yw_key_u64(w, cl_rule_meet_key(f->rule), f->line);
		cl_yw_word(w, "placements");
		cl_yw_map(w, true);
		cl_yw_key_u64(w, "conflicting", f->hits);
		cl_yw_key_u64(w, "of", f->placements);
		cl_yw_map_end(w);
	}
	cl_yw_map_end(w);
}

/* The proposed struct as C: its header, the rewritten body, the closing. */
static void put_text(struct cl_yw *w, const struct cl_record *rec, const struct cl_rewrite *rw)
{
	size_t len = 0;
	char *buf = NULL;
	FILE *s = open_memstream(&buf, &len);
	const char *kind = rec->kind == CL_UNION ? "union" : "struct";

	if (rec->typedef_name)
		fprintf(s, "typedef %s {\n", kind);
	else
		fprintf(s, "%s %s {\n", kind, rec->name ? rec->name : "");
	for (unsigned l = rw->first_line; l <= rw->last_line; l++)
		fprintf(s, "%s\n", rw->lines[l - rw->first_line]);
	if (rec->typedef_name)
		fprintf(s, "} %s;\n", rec->name);
	else
		fputs("};\n", s);
	fclose(s);
	cl_yw_key_quoted(w, "text", buf);
	free(buf);
}

/*
 * The rewrite as `cachelint patch` takes it from a build's reports: the
 * file (absolute, so that units compiled in other folders name it alike),
 * the lines replaced, a hash of their text as this unit read it (a source
 * edited since the build is refused, not patched blind) and the new lines.
 */
static void put_edit(struct cl_yw *w, const struct cl_report_proposal *rp,
		     const struct cl_rewrite *rw)
{
	char *file = cl_path_absolute(rp->rec->span.file);
	char hash[32];

	snprintf(hash, sizeof(hash), "fnv1a:%016" PRIx64, cl_rewrite_source_hash(rp->src, rw));
	cl_yw_word(w, "edit");
	cl_yw_map(w, false);
	cl_yw_key_quoted(w, "file", file);
	cl_yw_key_u64(w, "first-line", rw->first_line);
	cl_yw_key_u64(w, "last-line", rw->last_line);
	cl_yw_key_quoted(w, "source", hash);
	cl_yw_word(w, "lines");
	cl_yw_seq(w, false);
	for (unsigned l = rw->first_line; l <= rw->last_line; l++)
		cl_yw_quoted(w, rw->lines[l - rw->first_line]);
	cl_yw_seq_end(w);
	cl_yw_map_end(w);
	free(file);
}

/*
 * A proposal with no edit says where its struct is defined, absolute:
 * `cachelint patch` refuses the struct for the whole build when one unit
 * has no edit for it (it was told why: reordering it here breaks the
 * program), and finds the other units' edits of it by that file.
 */
static void put_refused_file(struct cl_yw *w, const struct cl_report_proposal *rp)
{
	char *file;

	if (!rp->rec || !rp->rec->span.file)
		return;
	file = cl_path_absolute(rp->rec->span.file);
	cl_yw_key_quoted(w, "file", file);
	free(file);
}

static void put_proposal(struct cl_yw *w, const struct cl_report_proposal *rp)
{
	const struct cl_rewrite *rw = rp->rw ? rp->rw : rp->unshown;
	const struct cl_proposal *p = rp->p;
	const char *asserts;
	struct cl_arena a;
	bool padded = false;

	cl_yw_word(w, "proposal");
	cl_yw_map(w, false);
	if (!p) {
		cl_yw_key_quoted(w, "none", rp->reason);
		put_refused_file(w, rp);
		cl_yw_map_end(w);
		return;
	}
	cl_yw_word(w, "order");
	cl_yw_seq(w, true);
	for (size_t i = 0; i < p->n; i++) {
		const struct cl_member *m = &rp->rec->members[p->order[i]];

		cl_yw_quoted(w, m->name ? m->name : "");
	}
	cl_yw_seq_end(w);
	cl_yw_word(w, "aligned");
	cl_yw_map(w, true);
	for (size_t i = 0; i < p->n; i++) {
		if (!p->align[i])
			continue;
		cl_yw_quoted(w, rp->rec->members[p->order[i]].name);
		cl_yw_u64(w, p->align[i]);
	}
	cl_yw_map_end(w);
	/* only where a proposal pads (objects seen less than line-aligned) */
	for (size_t i = 0; i < p->n; i++) {
		if (!p->pad[i])
			continue;
		if (!padded) {
			cl_yw_word(w, "padded-after");
			cl_yw_map(w, true);
			padded = true;
		}
		cl_yw_quoted(w, rp->rec->members[p->order[i]].name);
		cl_yw_u64(w, p->pad[i]);
	}
	if (padded)
		cl_yw_map_end(w);
	cl_yw_word(w, "size");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "before", rp->rec->size);
	cl_yw_key_u64(w, "after", p->size);
	cl_yw_map_end(w);
	cl_yw_word(w, "cachelines");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "before", p->old_lines);
	cl_yw_key_u64(w, "after", p->new_lines);
	cl_yw_map_end(w);
	if (p->gave_up)
		cl_yw_key_quoted(w, "gave-up", p->gave_up);
	cl_arena_init(&a);
	asserts = cl_proposal_group_asserts(p, &a);
	if (asserts)
		cl_yw_key_quoted(w, "kernel-asserts", asserts);
	if (rw) {
		put_text(w, rp->rec, rw);
		if (rp->src && rp->rec->span.file)
			put_edit(w, rp, rw);
		/* the compiler did not show it: why, and the edit stays */
		if (!rp->rw)
			cl_yw_key_quoted(w, "fix-its", rp->reason);
	} else {
		cl_yw_key_quoted(w, "patch", rp->reason);
		put_refused_file(w, rp);
	}
	cl_arena_free(&a);
	cl_yw_map_end(w);
}

/* The finding about a variable among those of @rec and @name, or NULL. */
static const struct cl_finding *variable_finding(const struct cl_findings *f,
						 const struct cl_record *rec, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].variable && f->v[i].record == rec && !strcmp(f->v[i].record_name, name))
			return &f->v[i];
	return NULL;
}

static void put_record(struct cl_yw *w, const struct cl_report_info *info,
		       const struct cl_record *rec, const char *name,
		       const struct cl_findings *f)
{
	unsigned line = info->opt->line_size;

	const struct cl_finding *var = variable_finding(f, rec, name);

	cl_yw_map(w, false);
	cl_yw_key_quoted(w, "struct", name);
	if (var) {
		/* between objects: the array, where it is declared */
		cl_yw_key_quoted(w, "variable", var->variable);
		if (var->where.file) {
			cl_yw_key_quoted(w, "file", cl_span_shown_file(&var->where));
			cl_yw_key_u64(w, "line", cl_span_shown_line(&var->where));
		}
	}
	if (rec && rec->span.file) {
		cl_yw_key_quoted(w, "file", cl_span_shown_file(&rec->span));
		cl_yw_key_u64(w, "line", cl_span_shown_line(&rec->span));
	}
	if (rec) {
		cl_yw_key_u64(w, "size", rec->size);
		cl_yw_key_u64(w, "align", rec->align);
		cl_yw_key_u64(w, "cachelines", (rec->size + line - 1) / line);
	}
	cl_yw_word(w, "findings");
	cl_yw_seq(w, false);
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].record == rec && !strcmp(f->v[i].record_name, name))
			put_finding(w, &f->v[i]);
	cl_yw_seq_end(w);
	for (size_t i = 0; i < info->nproposals; i++)
		if (info->proposals[i].rec == rec)
			put_proposal(w, &info->proposals[i]);
	cl_yw_map_end(w);
}

static bool seen_before(const struct cl_findings *f, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (f->v[j].record == f->v[i].record &&
		    !strcmp(f->v[j].record_name, f->v[i].record_name))
			return true;
	return false;
}

int cl_report_yaml(FILE *out, const struct cl_report_info *info,
		   const struct cl_findings *f)
{
	const struct cl_options *opt = info->opt;
	struct cl_yw *w = cl_yw_open(out);

	cl_yw_map(w, false);
	cl_yw_key_u64(w, "cachelint-report", 1);
	cl_yw_word(w, "tool");
	cl_yw_map(w, true);
	cl_yw_word(w, "name");
	cl_yw_word(w, "cachelint");
	cl_yw_key_quoted(w, "version", info->tool_version);
	cl_yw_map_end(w);
	if (info->source)
		cl_yw_key_quoted(w, "source", info->source);
	cl_yw_word(w, "options");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "line-size", opt->line_size);
	cl_yw_word(w, "alignment");
	cl_yw_word(w, opt->alignment == CL_ALIGN_ANY ? "any" : "line");
	cl_yw_word(w, "adjacent");
	cl_yw_word(w, opt->adjacent ? "true" : "false");
	cl_yw_map_end(w);
	cl_yw_word(w, "summary");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "structs-analysed", info->nrecords);
	cl_yw_key_u64(w, "findings", f->n);
	cl_yw_map_end(w);
	cl_yw_word(w, "structs");
	cl_yw_seq(w, false);	/* "structs: []" when there is none */
	for (size_t i = 0; i < f->n; i++)
		if (!seen_before(f, i))
			put_record(w, info, f->v[i].record, f->v[i].record_name, f);
	cl_yw_seq_end(w);
	cl_yw_map_end(w);
	return cl_yw_close(w) || ferror(out) ? -1 : 0;
}
