// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff_emit.c - the output of `cachelint diff`
 *
 * text: a line per changed struct (size and cache lines before and after),
 * the lines each path touches, the members that moved beside one they now
 * conflict with, then its findings as the text format prints them, new
 * ones after "+ " and gone ones after "- ", and a last line that says
 * whether HEAD is worse.  json: the same as one document.  markdown: the
 * same for a pull-request comment.  sarif and github: what makes HEAD
 * worse, through core's emitters (a path on more lines is a
 * cachelint-path-lines finding whose budget is BASE).
 */
#define _GNU_SOURCE
#include "diff.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cl_version.h"
#include "emit/emit_common.h"
#include "emit/source_cache.h"
#include "emit/files.h"
#include "emit/report.h"

static const char *const format_names[] = {
	[DIFF_TEXT] = "text", [DIFF_JSON] = "json", [DIFF_SARIF] = "sarif",
	[DIFF_MARKDOWN] = "markdown", [DIFF_GITHUB] = "github",
};

int diff_format_parse(const char *name, enum diff_format *out)
{
	for (size_t i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++) {
		if (!strcmp(name, format_names[i])) {
			*out = (enum diff_format)i;
			return 0;
		}
	}
	return -1;
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* "1 new finding, 2 paths on more cache lines; 1 finding gone", or "no change". */
static const char *summary(const struct diff_result *r, struct cl_arena *a)
{
	struct cl_strbuf s = { 0 };
	const struct { size_t n; const char *one, *many; } items[] = {
		{ r->new_warnings, "new finding", "new findings" },
		{ r->more_lines, "path on more cache lines", "paths on more cache lines" },
		{ r->budgets, "budget newly exceeded", "budgets newly exceeded" },
		{ r->moves, "pair brought onto one line by a move",
		  "pairs brought onto one line by moves" },
		{ r->new_notes, "new note", "new notes" },
		{ r->gone, "finding gone", "findings gone" },
	};

	for (size_t i = 0; i < sizeof(items) / sizeof(items[0]); i++)
		if (items[i].n)
			cl_strbuf_printf(&s, "%s%zu %s", s.s ? ", " : "", items[i].n,
					 plural(items[i].n, items[i].one, items[i].many));
	if (!s.s)
		cl_strbuf_printf(&s, "%s", r->n ? "the layouts changed, no finding did" :
						  "no change");
	/* findings weigh first: what the findings gone cost is said, not held against */
	if (r->worse || r->better)
		cl_strbuf_printf(&s, "; findings weigh first: %zu struct%s worse, %zu better",
				 r->worse, plural(r->worse, "", "s"), r->better);
	if (r->costs)
		cl_strbuf_printf(&s, ", their findings gone at the cost of %zu %s", r->costs,
				 plural(r->costs, "path on more cache lines",
					"paths on more cache lines"));
	return cl_strbuf_take(&s, a);
}

/* "3 structs compared, 1 changed, 0 only in BASE, 1 only in HEAD" */
static const char *counts(const struct diff_result *r, struct cl_arena *a)
{
	if (r->base->baseline || r->head->baseline)
		return "findings compared (a baseline has no layouts)";
	return cl_arena_printf(a, "%zu struct%s compared, %zu changed, %zu only in BASE, %zu only in HEAD",
			       r->compared, r->compared == 1 ? "" : "s",
			       r->n - r->only_base - r->only_head, r->only_base, r->only_head);
}

static const char *verdict(const struct diff_result *r)
{
	return diff_worse(r) ? "HEAD is worse than BASE" : "HEAD is not worse than BASE";
}

/* What the emitters need of a side: its records, options and profile. */
static void side_info(const struct diff_result *r, const struct diff_side *s,
		      const char *source_root, struct cl_emit_info *info)
{
	memset(info, 0, sizeof(*info));
	info->tool_version = CL_VERSION;
	info->opt = r->opt;
	info->source_root = source_root;
	if (s->baseline)
		return;
	info->records = s->run.pipe.records;
	info->nrecords = s->run.pipe.nrecords;
	info->profile = s->run.pipe.cfg.profile && s->run.pipe.cfg.profile->nstructs ?
			s->run.pipe.cfg.profile : NULL;
}

/* ------------------------------------------------------------------ */
/* text                                                                 */

/*
 * The entries' findings as the text format prints them, each line after
 * @prefix.  @src: the sources read for the structs before, so that a
 * header of thousands of changed structs is read once, not per struct.
 */
static void text_entries(FILE *out, const struct diff_result *r, const struct diff_side *s,
			 const struct diff_entry *const *v, size_t n, const char *prefix,
			 struct cl_source_cache *src)
{
	struct cl_findings f = { 0 };
	struct cl_emit_info info;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;

	for (size_t i = 0; i < n; i++) {
		if (!v[i]->f) {
			fprintf(out, "%s%s %s (baseline %s)\n", prefix, v[i]->fp, v[i]->what,
				s->file);
			continue;
		}
		*cl_vec_push(&f.v, &f.n, &f.cap) = *v[i]->f;
	}
	if (!f.n)
		return;
	side_info(r, s, NULL, &info);
	info.src = src;
	mem = open_memstream(&buf, &len);
	cl_emit_text(mem, &f, &info);
	fclose(mem);
	for (char *line = buf, *nl; line && *line; line = nl + 1) {
		nl = strchr(line, '\n');
		fprintf(out, "%s%.*s\n", prefix, (int)(nl ? nl - line : (long)strlen(line)), line);
		if (!nl)
			break;
	}
	free(buf);
	free(f.v);
}

static void text_heading(FILE *out, const struct diff_result *r, const struct diff_struct *d)
{
	const struct cl_record *one = d->head ? d->head : d->base;

	if (d->base && d->head) {
		uint64_t lb = diff_record_lines(d->base->size, r->opt);
		uint64_t lh = diff_record_lines(d->head->size, r->opt);

		if (d->base->size == d->head->size)
			fprintf(out, "%s: %" PRIu64 " bytes, %" PRIu64 " cache %s\n", d->name,
				d->head->size, lh, plural(lh, "line", "lines"));
		else
			fprintf(out, "%s: %" PRIu64 " -> %" PRIu64 " bytes, %" PRIu64 " -> %" PRIu64
				" cache lines\n", d->name, d->base->size, d->head->size, lb, lh);
	} else if (one) {
		uint64_t l = diff_record_lines(one->size, r->opt);

		fprintf(out, "%s: only in %s (%" PRIu64 " bytes, %" PRIu64 " cache %s)\n", d->name,
			d->head ? "HEAD" : "BASE", one->size, l, plural(l, "line", "lines"));
	} else {
		fprintf(out, "%s:\n", d->name);
	}
}

static void text_paths(FILE *out, const struct diff_struct *d)
{
	if (!d->npaths)
		return;
	fputs("  lines per path:", out);
	for (size_t i = 0; i < d->npaths; i++) {
		const struct diff_path *p = &d->paths[i];

		fprintf(out, "%s %s ", i ? "," : "", p->path);
		if (p->base == p->head)
			fprintf(out, "%" PRIu64, p->head);
		else
			fprintf(out, "%" PRIu64 " -> %" PRIu64 "%s", p->base, p->head,
				p->base && p->head > p->base ? " (more)" : "");
	}
	fputc('\n', out);
}

/* "'key' from byte 64 to byte 8", "'key' (new in HEAD) at byte 8" */
static void text_end(FILE *out, const struct diff_end *e)
{
	if (e->added)
		fprintf(out, "'%s' (new in HEAD) at byte %" PRIu64, e->path, e->head_bit / 8);
	else
		fprintf(out, "'%s' from byte %" PRIu64 " to byte %" PRIu64, e->path, e->base_bit / 8,
			e->head_bit / 8);
}

/*
 * "moved: 'key' from byte 64 to byte 8, onto cache line 0 with 'hits'
 * [rule]"; both moved: "moved: 'a' from ... and 'b' from ..., now on
 * cache line 3 together [rule]".
 */
static void text_move(FILE *out, const struct diff_move *m)
{
	const struct diff_end *one = m->a.moved ? &m->a : &m->b;
	const struct diff_end *other = m->a.moved ? &m->b : &m->a;

	fputs("  moved: ", out);
	text_end(out, one);
	if (other->moved) {
		fputs(" and ", out);
		text_end(out, other);
		fprintf(out, ", now on cache line %" PRIu64 " together",
			m->f->line);
	} else {
		fprintf(out, ", onto cache line %" PRIu64 " with '%s'", m->f->line, other->path);
	}
	fprintf(out, " [%s]\n", cl_rule_info(m->f->rule)->id);
}

static int write_text(FILE *out, const struct diff_result *r)
{
	struct cl_source_cache src;
	struct cl_arena a;

	cl_source_cache_init(&src);
	cl_arena_init(&a);
	fprintf(out, "cachelint: diff: BASE %s%s, HEAD %s%s: %s\n", r->base->file,
		r->base->baseline ? " (a baseline)" : "", r->head->file,
		r->head->baseline ? " (a baseline)" : "", counts(r, &a));
	for (size_t i = 0; i < r->n; i++) {
		const struct diff_struct *d = &r->v[i];

		const char *why = diff_struct_verdict(r, d, &a);

		text_heading(out, r, d);
		text_paths(out, d);
		for (size_t k = 0; k < d->nmoves; k++)
			text_move(out, &d->moves[k]);
		text_entries(out, r, r->head, d->new_f, d->nnew, "+ ", &src);
		text_entries(out, r, r->base, d->gone, d->ngone, "- ", &src);
		if (why)
			fprintf(out, "  verdict: %s\n", why);
	}
	fprintf(out, "cachelint: diff: %s: %s\n", verdict(r), summary(r, &a));
	cl_source_cache_free(&src);
	cl_arena_free(&a);
	return ferror(out) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* json                                                                 */

static void json_side(FILE *out, const char *key, const struct diff_side *s)
{
	fprintf(out, "  \"%s\": {\"file\": ", key);
	cl_put_quoted(out, s->file);
	fprintf(out, ", \"kind\": \"%s\"},\n", s->baseline ? "baseline" : "build");
}

static void json_layout(FILE *out, const char *key, const struct cl_record *rec,
			const struct cl_options *opt)
{
	fprintf(out, ", \"%s\": ", key);
	if (rec)
		fprintf(out, "{\"size\": %" PRIu64 ", \"cache-lines\": %" PRIu64 "}", rec->size,
			diff_record_lines(rec->size, opt));
	else
		fputs("null", out);
}

static void json_entry(FILE *out, const struct diff_entry *e)
{
	const struct cl_finding *f = e->f;

	fprintf(out, "{\"fingerprint\": \"%s\", \"rule\": ", e->fp);
	if (e->rule >= 0)
		fprintf(out, "\"%s\"", cl_rule_info((enum cl_rule)e->rule)->id);
	else
		fputs("null", out);
	if (!f) {
		fputs(", \"baseline\": ", out);
		cl_put_quoted(out, e->what);
		fputc('}', out);
		return;
	}
	fprintf(out, ", \"severity\": \"%s\", \"message\": ", cl_severity_name(f->severity));
	cl_put_quoted(out, f->message);
	if (f->where.file) {
		fputs(", \"file\": ", out);
		cl_put_quoted(out, cl_span_shown_file(&f->where));
		fprintf(out, ", \"line\": %u, \"byte-column\": %u", cl_span_shown_line(&f->where),
			f->where.col);
	}
	fputc('}', out);
}

static void json_entries(FILE *out, const char *key, const struct diff_entry *const *v,
			 size_t n)
{
	fprintf(out, ",\n     \"%s\": [", key);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",\n       " : "\n       ", out);
		json_entry(out, v[i]);
	}
	fputs("]", out);
}

static void json_end(FILE *out, const struct diff_end *e)
{
	fputs("{\"member\": ", out);
	cl_put_quoted(out, e->path);
	fputs(", \"base-offset\": ", out);
	if (e->added)
		fputs("null", out);
	else
		fprintf(out, "%" PRIu64, e->base_bit / 8);
	fprintf(out, ", \"head-offset\": %" PRIu64 ", \"moved\": %s}", e->head_bit / 8,
		e->moved ? "true" : "false");
}

static void json_struct(FILE *out, const struct diff_result *r, const struct diff_struct *d,
			struct cl_arena *a)
{
	static const char *const basis[] = {
		[DIFF_BY_NOTHING] = NULL, [DIFF_BY_FINDINGS] = "findings",
		[DIFF_BY_LINES] = "lines-per-path", [DIFF_BY_SIZE] = "size",
	};
	const char *why = diff_struct_verdict(r, d, a);

	fputs("    {\"struct\": ", out);
	cl_put_quoted(out, d->name);
	fprintf(out, ", \"verdict\": \"%s\", \"by\": ",
		d->verdict > 0 ? "worse" : d->verdict < 0 ? "better" : "even");
	if (basis[d->basis])
		fprintf(out, "\"%s\", \"why\": ", basis[d->basis]);
	else
		fputs("null, \"why\": ", out);
	if (why)
		cl_put_quoted(out, why);
	else
		fputs("null", out);
	json_layout(out, "base", d->base, r->opt);
	json_layout(out, "head", d->head, r->opt);
	fputs(",\n     \"lines-per-path\": [", out);
	for (size_t i = 0; i < d->npaths; i++) {
		fputs(i ? ", " : "", out);
		fputs("{\"path\": ", out);
		cl_put_quoted(out, d->paths[i].path);
		fprintf(out, ", \"base\": %" PRIu64 ", \"head\": %" PRIu64 "}", d->paths[i].base,
			d->paths[i].head);
	}
	fputs("]", out);
	json_entries(out, "new", d->new_f, d->nnew);
	json_entries(out, "gone", d->gone, d->ngone);
	fputs(",\n     \"moved\": [", out);
	for (size_t i = 0; i < d->nmoves; i++) {
		const struct diff_move *m = &d->moves[i];

		fputs(i ? ",\n       " : "\n       ", out);
		fprintf(out, "{\"rule\": \"%s\", \"cache-line\": %" PRIu64 ", \"members\": [",
			cl_rule_info(m->f->rule)->id, m->f->line);
		json_end(out, &m->a);
		fputs(", ", out);
		json_end(out, &m->b);
		fputs("]}", out);
	}
	fputs("]}", out);
}

static int write_json(FILE *out, const struct diff_result *r)
{
	struct cl_arena a;

	cl_arena_init(&a);
	fputs("{\n  \"tool\": {\"name\": \"cachelint\", \"version\": ", out);
	cl_put_quoted(out, CL_VERSION);
	fputs("},\n", out);
	json_side(out, "base", r->base);
	json_side(out, "head", r->head);
	fprintf(out, "  \"options\": {\"line-size\": %u, \"alignment\": \"%s\"},\n",
		r->opt->line_size, r->opt->alignment == CL_ALIGN_ANY ? "any" : "line");
	fprintf(out, "  \"worse\": %s,\n  \"verdict\": ", diff_worse(r) ? "true" : "false");
	cl_put_quoted(out, summary(r, &a));
	fprintf(out, ",\n  \"summary\": {\"compared\": %zu, \"changed\": %zu, \"only-base\": %zu, "
		"\"only-head\": %zu, \"new\": %zu, \"new-notes\": %zu, \"gone\": %zu, "
		"\"more-lines\": %zu, \"budgets\": %zu, \"moved\": %zu, \"worse-structs\": %zu, "
		"\"better-structs\": %zu, \"cost-paths\": %zu},\n  \"structs\": [",
		r->compared, r->n - r->only_base - r->only_head, r->only_base, r->only_head,
		r->new_warnings, r->new_notes, r->gone, r->more_lines, r->budgets, r->moves,
		r->worse, r->better, r->costs);
	for (size_t i = 0; i < r->n; i++) {
		fputs(i ? ",\n" : "\n", out);
		json_struct(out, r, &r->v[i], &a);
	}
	fputs(r->n ? "\n  ]\n}\n" : "]\n}\n", out);
	cl_arena_free(&a);
	return ferror(out) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* markdown                                                             */

/* Text with Markdown's special characters escaped, for a comment. */
static void md_text(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		if (strchr("\\`*_[]<>|#~", *s))
			fputc('\\', out);
		fputc(*s == '\n' ? ' ' : *s, out);
	}
}

/* A name as code: `name`, with a longer fence where it holds a backtick. */
static void md_code(FILE *out, const char *s)
{
	const char *fence = strchr(s, '`') ? "`` " : "`";

	fprintf(out, "%s%s%s", fence, s, !strcmp(fence, "`") ? "`" : " ``");
}

static void md_row(FILE *out, const char *what, uint64_t base, uint64_t head, bool have_base,
		   bool have_head)
{
	fprintf(out, "| %s | ", what);
	if (have_base)
		fprintf(out, "%" PRIu64, base);
	fputs(" | ", out);
	if (have_head)
		fprintf(out, "%" PRIu64, head);
	fprintf(out, " |%s\n", have_base && have_head && head > base && strstr(what, "lines of") ?
		" **more** |" : " |");
}

static void md_table(FILE *out, const struct diff_result *r, const struct diff_struct *d)
{
	const struct cl_record *b = d->base, *h = d->head;

	if (!b && !h)
		return;
	fputs("| | BASE | HEAD | |\n|---|---:|---:|---|\n", out);
	md_row(out, "size (bytes)", b ? b->size : 0, h ? h->size : 0, b, h);
	md_row(out, "cache lines", b ? diff_record_lines(b->size, r->opt) : 0,
	       h ? diff_record_lines(h->size, r->opt) : 0, b, h);
	for (size_t i = 0; i < d->npaths; i++) {
		char *what;

		if (asprintf(&what, "lines of `%s`", d->paths[i].path) < 0)
			abort();
		md_row(out, what, d->paths[i].base, d->paths[i].head, d->paths[i].base,
		       d->paths[i].head);
		free(what);
	}
	fputc('\n', out);
}

static void md_entries(FILE *out, const struct diff_entry *const *v, size_t n,
		       const char *label, const char *root)
{
	for (size_t i = 0; i < n; i++) {
		const struct diff_entry *e = v[i];

		fprintf(out, "- **%s** ", label);
		if (e->f && e->f->where.file) {
			const char *file = cl_span_shown_file(&e->f->where);
			char *rel = root ? cl_path_relative(file, root) : NULL, *at;

			if (asprintf(&at, "%s:%u", rel ? rel : file,
				     cl_span_shown_line(&e->f->where)) < 0)
				abort();
			md_code(out, at);
			fputs(": ", out);
			free(at);
			free(rel);
		}
		md_text(out, e->f ? e->f->message : e->what);
		fputc('\n', out);
	}
}

static void md_end(FILE *out, const struct diff_end *e)
{
	md_code(out, e->path);
	if (e->added)
		fprintf(out, " (new) at byte %" PRIu64, e->head_bit / 8);
	else
		fprintf(out, " from byte %" PRIu64 " to byte %" PRIu64, e->base_bit / 8,
			e->head_bit / 8);
}

static void md_move(FILE *out, const struct diff_move *m)
{
	const struct diff_end *one = m->a.moved ? &m->a : &m->b;
	const struct diff_end *other = m->a.moved ? &m->b : &m->a;

	fputs("- **moved** ", out);
	md_end(out, one);
	if (other->moved) {
		fputs(" and ", out);
		md_end(out, other);
		fprintf(out, ", now on cache line %" PRIu64 " together", m->f->line);
	} else {
		fprintf(out, ", onto cache line %" PRIu64 " with ", m->f->line);
		md_code(out, other->path);
	}
	fprintf(out, " (%s)\n", cl_rule_info(m->f->rule)->id);
}

static int write_markdown(FILE *out, const struct diff_result *r, const char *root)
{
	struct cl_arena a;

	cl_arena_init(&a);
	fprintf(out, "### cachelint diff: %s\n\n", verdict(r));
	md_text(out, summary(r, &a));
	fputs(" (BASE ", out);
	md_code(out, r->base->file);
	fputs(", HEAD ", out);
	md_code(out, r->head->file);
	fputs(": ", out);
	md_text(out, counts(r, &a));
	fputs(").\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct diff_struct *d = &r->v[i];
		const char *why = diff_struct_verdict(r, d, &a);

		fputs("\n#### ", out);
		md_code(out, d->name);
		fprintf(out, "%s\n\n", d->base && d->head ? "" : d->head ? " (only in HEAD)" :
			d->base ? " (only in BASE)" : "");
		md_table(out, r, d);
		if (why) {
			fputs("- **verdict** ", out);
			md_text(out, why);
			fputc('\n', out);
		}
		for (size_t k = 0; k < d->nmoves; k++)
			md_move(out, &d->moves[k]);
		md_entries(out, d->new_f, d->nnew, "new", root);
		md_entries(out, d->gone, d->ngone, "gone", root);
	}
	cl_arena_free(&a);
	return ferror(out) ? -1 : 0;
}

/* ------------------------------------------------------------------ */

int diff_write(FILE *out, const struct diff_result *r, enum diff_format format,
	       const char *source_root)
{
	struct cl_emit_info info;

	switch (format) {
	case DIFF_JSON:
		return write_json(out, r);
	case DIFF_MARKDOWN:
		return write_markdown(out, r, source_root);
	case DIFF_SARIF:
		side_info(r, r->head, source_root, &info);
		return cl_emit_sarif(out, &r->regressions, &info);
	case DIFF_GITHUB:
		side_info(r, r->head, source_root, &info);
		return cl_emit_github(out, &r->regressions, &info);
	default:
		return write_text(out, r);
	}
}
