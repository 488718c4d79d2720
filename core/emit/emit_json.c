// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * emit_json.c - findings as one JSON document
 *
 *   {"tool": {"name": "cachelint", "version": "0.1.0"},
 *    "options": {"line-size": 64, "alignment": "line", "adjacent": false},
 *    "summary": {"structs-analysed": 3, "findings": 1},
 *    "findings": [{"rule": "cachelint-false-sharing", "severity": "warning",
 *      "struct": "struct page_counter", "message": "...", "note": "...",
 *      "fingerprint": "3f0c...", "cache-line": 0,
 *      "placements": {"conflicting": 1, "of": 1},
 *      "field": {"path": "parent", "offset": 40, "bit-offset": 320,
 *                "bit-size": 64, "class": "read_mostly",
 *                "file": "pc.h", "line": 17, "column": 30},
 *      "other": {...}}]}
 *
 * Columns are the text format's (GCC's display columns), so a JSON consumer
 * and a person reading the text output point at the same place.
 */
#include "baseline.h"
#include "emit.h"
#include "emit_common.h"
#include "model/paths.h"
#include "proposal_text.h"
#include "source_cache.h"
#include "propose/propose_rewrite.h"
#include "report.h"

#include <inttypes.h>
#include <stdlib.h>

static void put_span(FILE *out, struct cl_source_cache *src, const struct cl_span *s)
{
	if (!s->file)
		return;
	fputs(", \"file\": ", out);
	cl_put_quoted(out, cl_span_shown_file(s));
	fprintf(out, ", \"line\": %u, \"column\": %u", cl_span_shown_line(s),
		cl_source_column(src, s->file, s->line, s->col, CL_COLUMN_DISPLAY));
}

static void put_leaf(FILE *out, struct cl_source_cache *src, const char *key,
		     const struct cl_leaf *l, const struct cl_span *where)
{
	struct cl_arena words;

	cl_arena_init(&words);
	fprintf(out, ",\n      \"%s\": {\"path\": ", key);
	cl_put_quoted(out, l->path);
	if (l->member)
		fprintf(out, ", \"offset\": %" PRIu64 ", \"bit-offset\": %" PRIu64
			", \"bit-size\": %" PRIu64 ", \"class\": \"%s\"",
			l->bit_offset / 8, l->bit_offset, l->bit_size, cl_leaf_class(l));
	if (l->access.group) {
		fputs(", \"group\": ", out);
		cl_put_quoted(out, l->access.group);
	}
	if (l->member && l->access.cls == CL_CLASS_PATHS) {
		/* who reads and who writes, in words and by path */
		fputs(", \"access\": ", out);
		cl_put_quoted(out, cl_access_describe(&l->access, &words));
		fputs(", \"paths\": {", out);
		for (uint32_t i = 0; i < l->access.nuses; i++) {
			const struct cl_use *u = &l->access.uses[i];

			fputs(i ? ", " : "", out);
			cl_put_quoted(out, u->path);
			fprintf(out, ": \"%s%s%s%s\"", u->flags & CL_USE_READ ? "r" : "",
				u->flags & CL_USE_WRITE ? "w" : "",
				u->flags & CL_USE_WRITE_SOME ? "s" : "",
				u->flags & CL_USE_CONCURRENT ? "c" : "");
		}
		fputc('}', out);
	}
	cl_arena_free(&words);
	put_span(out, src, where);
	fputc('}', out);
}

static void put_finding(FILE *out, struct cl_source_cache *src, const struct cl_finding *f)
{
	char fp[17];

	fprintf(out, "    {\"rule\": \"%s\", \"severity\": \"%s\",\n      \"struct\": ",
		cl_rule_info(f->rule)->id, cl_severity_name(f->severity));
	cl_put_quoted(out, f->record_name);
	if (f->variable) {
		fputs(",\n      \"variable\": ", out);
		cl_put_quoted(out, f->variable);
	}
	fputs(",\n      \"message\": ", out);
	cl_put_quoted(out, f->message);
	if (f->note) {
		fputs(",\n      \"note\": ", out);
		cl_put_quoted(out, f->note);
	}
	fprintf(out, ",\n      \"fingerprint\": \"%s\"", cl_finding_fingerprint(f, fp));
	if (f->where.file && !f->a.member) {
		fputs(",\n      \"location\": {\"file\": ", out);
		cl_put_quoted(out, cl_span_shown_file(&f->where));
		fprintf(out, ", \"line\": %u, \"column\": %u}", cl_span_shown_line(&f->where),
			cl_source_column(src, f->where.file, f->where.line, f->where.col,
					 CL_COLUMN_DISPLAY));
	}
	if (f->a.path)
		put_leaf(out, src, "field", &f->a, f->a.member ? &f->where : &(struct cl_span){ 0 });
	if (f->b.path) {
		put_leaf(out, src, "other", &f->b, &f->note_where);
		fprintf(out, ",\n      \"%s\": %" PRIu64 ",\n      \"placements\": {\"conflicting\": %u, \"of\": %u}",
			cl_rule_meet_key(f->rule), f->line,
			f->hits, f->placements);
	}
	fputs("}", out);
}

/* The proposed struct as C, as the YAML report has it. */
static char *proposal_text(const struct cl_report_proposal *rp)
{
	const struct cl_rewrite *rw = rp->rw;
	char *buf = NULL;
	size_t len = 0;
	FILE *s = open_memstream(&buf, &len);

	for (unsigned l = rw->first_line; l <= rw->last_line; l++)
		fprintf(s, "%s\n", rw->lines[l - rw->first_line]);
	fclose(s);
	return buf;
}

/*
 * "lines-per-path": {"rx": {"before": 10, "after": 6, "least": 5}, ...}: the
 * lines each path (and class) touches as it is and as proposed, and the
 * fewest its bytes fit in (cl_path_lines()).
 */
static void put_path_lines(FILE *out, const struct cl_proposal *p)
{
	fputs(",\n     \"lines-per-path\": {", out);
	for (size_t i = 0; i < p->npaths; i++) {
		fputs(i ? ", " : "", out);
		cl_put_quoted(out, p->lines_before[i].path);
		fprintf(out, ": {\"before\": %" PRIu64 ", \"after\": %" PRIu64 ", \"least\": %" PRIu64 "}",
			p->lines_before[i].lines, p->lines_after[i].lines, p->lines_after[i].least);
	}
	fputc('}', out);
}

static void put_proposal(FILE *out, const struct cl_report_proposal *rp, struct cl_arena *a)
{
	const struct cl_proposal *p = rp->p;
	const char *name = cl_record_display(rp->rec, a);

	fputs("    {\"struct\": ", out);
	cl_put_quoted(out, name);
	fputs(", \"summary\": ", out);
	cl_put_quoted(out, cl_proposal_summary(rp, name, a));
	if (p) {
		fputs(",\n     \"order\": [", out);
		for (size_t i = 0; i < p->n; i++) {
			fputs(i ? ", " : "", out);
			cl_put_quoted(out, cl_member_display(&rp->rec->members[p->order[i]], a));
		}
		fputs("], \"aligned\": {", out);
		for (size_t i = 0, k = 0; i < p->n; i++) {
			if (!p->align[i])
				continue;
			fputs(k++ ? ", " : "", out);
			cl_put_quoted(out, cl_member_display(&rp->rec->members[p->order[i]], a));
			fprintf(out, ": %" PRIu32, p->align[i]);
		}
		/* only where a proposal pads (objects seen less than line-aligned) */
		for (size_t i = 0, k = 0; i < p->n; i++) {
			if (!p->pad[i])
				continue;
			fputs(k++ ? ", " : "}, \"padded-after\": {", out);
			cl_put_quoted(out, cl_member_display(&rp->rec->members[p->order[i]], a));
			fprintf(out, ": %" PRIu32, p->pad[i]);
		}
		fprintf(out, "},\n     \"size\": {\"before\": %" PRIu64 ", \"after\": %" PRIu64
			"}, \"cachelines\": {\"before\": %" PRIu64 ", \"after\": %" PRIu64 "}",
			rp->rec->size, p->size, p->old_lines, p->new_lines);
		put_path_lines(out, p);
	}
	if (rp->rw) {
		char *text = proposal_text(rp);

		fputs(",\n     \"body\": ", out);
		cl_put_quoted(out, text);
		fprintf(out, ", \"first-line\": %u, \"last-line\": %u", rp->rw->first_line,
			rp->rw->last_line);
		free(text);
	} else {
		fputs(",\n     \"none\": ", out);
		cl_put_quoted(out, rp->reason);
	}
	fputc('}', out);
}

int cl_emit_json(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info)
{
	const struct cl_options *opt = info->opt;
	struct cl_source_cache src;

	cl_source_cache_init(&src);
	fputs("{\n  \"tool\": {\"name\": \"cachelint\", \"version\": ", out);
	cl_put_quoted(out, info->tool_version);
	fprintf(out, "},\n  \"options\": {\"line-size\": %u, \"alignment\": \"%s\", \"adjacent\": %s},\n",
		opt->line_size, opt->alignment == CL_ALIGN_ANY ? "any" : "line",
		opt->adjacent ? "true" : "false");
	fprintf(out, "  \"summary\": {\"structs-analysed\": %zu, \"findings\": %zu},\n",
		info->nrecords, f->n);
	fputs("  \"findings\": [", out);
	for (size_t i = 0; i < f->n; i++) {
		fputs(i ? ",\n" : "\n", out);
		put_finding(out, &src, &f->v[i]);
	}
	fputs(f->n ? "\n  ]" : "]", out);
	if (info->nproposals) {
		struct cl_arena a;

		cl_arena_init(&a);
		fputs(",\n  \"proposals\": [\n", out);
		for (size_t i = 0; i < info->nproposals; i++) {
			fputs(i ? ",\n" : "", out);
			put_proposal(out, &info->proposals[i], &a);
		}
		fputs("\n  ]", out);
		cl_arena_free(&a);
	}
	fputs("\n}\n", out);
	cl_source_cache_free(&src);
	return ferror(out) ? -1 : 0;
}
