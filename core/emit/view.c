// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * view.c - a record as pahole draws it, plus what cachelint knows
 *
 * Each member is one line: type, name, then pahole's offset and size
 * comment, then the member's access class and, on every member of a
 * conflicting pair, "!! false sharing with <the other>".  Holes ("XXX 4
 * bytes hole, try to pack"), cacheline boundaries and the summary lines
 * (size, cachelines, members; sum members, holes; padding; paddings of
 * embedded structs; last cacheline) follow pahole 1.24, so that a struct without bit-fields prints the same
 * offsets, sizes, holes and boundaries as pahole and reads like what
 * kernel people read.
 *
 * Sizes come from the model, which looks through _Atomic, const, volatile
 * and typedefs: an _Atomic member has its real size, never 0 with a fake
 * hole after it (pahole 1.24's mistake).  Bit-fields show "byte:bit" and
 * their width in bits ("3b"); nameless records are drawn inline, as pahole
 * does.  A proposal is drawn from its model: the members in their new
 * order at their new offsets, the alignment it adds written as pahole
 * writes an explicit one.
 */
#include "view.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "model/lines.h"
#include "propose/propose.h"
#include "proposal_text.h"
#include "report.h"
#include "model/rules.h"

#define TYPE_WIDTH 26	/* pahole's type column at depth 1 */
#define NAME_WIDTH 21
#define COMMENT_COLUMN 57	/* where the position comment starts (tab = 8) */

/**
 * struct mark - one end of a conflicting pair
 * @path: the leaf's dotted path
 * @rule: the finding's rule
 * @other: the leaf at the other end
 */
struct mark {
	const char *path;
	enum cl_rule rule;
	const char *other;
};

/**
 * struct view - drawing one record
 * @out: where to
 * @vo: options
 * @a: scratch
 * @leaves: the record's leaves, with paths
 * @nleaves: number of @leaves
 * @classed: the paths of the leaves with a class
 * @marks: both ends of every pair
 * @nmarks: number of @marks
 * @marked: the paths of @marks
 * @line: the last cacheline boundary drawn
 * @holes: byte holes at the top level, and their sum
 * @bit_holes: bit holes at the top level, and their sum in bits
 * @paddings: top-level structs with padding at their end, and its sum
 * @after_padding: the last line drawn says a struct ends in padding
 */
struct view {
	FILE *out;
	const struct cl_view_options *vo;
	struct cl_arena a;
	struct cl_leaf *leaves;
	size_t nleaves;
	struct cl_path_order classed;
	struct mark *marks;
	size_t nmarks, marks_cap;
	struct cl_path_order marked;
	uint64_t line;
	uint64_t holes, hole_bytes;
	uint64_t bit_holes, hole_bits;
	uint64_t paddings, padding_bytes;
	bool after_padding;
};

static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";

static void put_indent(struct view *v, unsigned depth)
{
	fprintf(v->out, "%.*s", (int)(depth < sizeof(tabs) - 1 ? depth : sizeof(tabs) - 1), tabs);
}

static const char *num(struct view *v, uint64_t n, int width)
{
	if (v->vo->hex)
		return cl_arena_printf(&v->a, "%#*" PRIx64, width, n);
	return cl_arena_printf(&v->a, "%*" PRIu64, width, n);
}

/* pahole's position comment; a bit-field has "byte:bit" and its width */
static const char *position(struct view *v, const struct cl_member *m, uint64_t off)
{
	if (m->flags & CL_MEMBER_BITFIELD)
		return cl_arena_printf(&v->a, "/* %s:%s %3" PRIu64 "b */", num(v, off / 8, 5),
				       num(v, off % 8, 2), m->bit_size);
	return cl_arena_printf(&v->a, "/* %s %s */", num(v, off / 8, 5), num(v, m->bit_size / 8, 5));
}

/*
 * Split a C type name around the declarator: "void (*)(int)" + "fn" gives
 * "void" and "(*fn)(int)"; "char[13]" + "name" gives "char" and "name[13]".
 */
static void split_decl(struct view *v, const char *type, const char *name,
		       const char **type_col, const char **name_col)
{
	const char *p = strstr(type, "(*");

	if (!p)
		p = strstr(type, "(&");
	if (p) {
		const char *q = p + 1;
		size_t tl = (size_t)(p - type);

		while (*q == '*' || *q == '&')
			q++;
		while (tl && type[tl - 1] == ' ')
			tl--;
		*type_col = cl_arena_strndup(&v->a, type, tl);
		*name_col = cl_arena_printf(&v->a, "%.*s%s%s", (int)(q - p), p, name, q);
		return;
	}
	p = strchr(type, '[');
	if (p) {
		size_t tl = (size_t)(p - type);

		while (tl && type[tl - 1] == ' ')
			tl--;
		*type_col = cl_arena_strndup(&v->a, type, tl);
		*name_col = cl_arena_printf(&v->a, "%s%s", name, p);
		return;
	}
	*type_col = type;
	*name_col = name;
}

/* The member's type: the front end's spelling, else what the model knows. */
static const char *type_of(struct view *v, const struct cl_member *m)
{
	if (m->type)
		return m->type;
	if (m->record)
		return cl_record_display(m->record, &v->a);
	return "?";
}

static const char *leaf_class(struct view *v, const struct cl_leaf *l)
{
	const char *c = cl_class_name(l->access.cls);

	return l->access.group ? cl_arena_printf(&v->a, "%s(%s)", c, l->access.group) : c;
}

static int by_index(const void *x, const void *y)
{
	const size_t *p = x, *q = y;

	return *p < *q ? -1 : *p > *q;
}

/*
 * The indices in @po of @path (with @exact) and of the paths below it, in
 * the order of the array they index; *@n their number.
 */
static size_t *indices_of(const struct cl_path_order *po, const char *path, bool exact,
			  size_t *n)
{
	size_t end, first = exact ? cl_path_order_find(po, path, false, &end) : 0;
	size_t below_end, below = cl_path_order_find(po, path, true, &below_end);
	size_t *v;

	if (!exact)
		end = first;
	*n = (end - first) + (below_end - below);
	v = cl_xmalloc(*n * sizeof(*v));
	for (size_t i = first; i < end; i++)
		v[i - first] = po->v[i].index;
	for (size_t i = below; i < below_end; i++)
		v[end - first + i - below] = po->v[i].index;
	qsort(v, *n, sizeof(*v), by_index);
	return v;
}

/* The member's class, or those of the classed leaves of its record. */
static const char *member_class(struct view *v, const char *path)
{
	struct cl_strbuf inside = { 0 };
	size_t end, first = cl_path_order_find(&v->classed, path, false, &end), n, *in;

	if (first < end)	/* the first leaf of that path */
		return leaf_class(v, &v->leaves[v->classed.v[first].index]);
	in = indices_of(&v->classed, path, false, &n);
	for (size_t i = 0; i < n; i++) {
		const struct cl_leaf *l = &v->leaves[in[i]];

		cl_strbuf_printf(&inside, "%s%s: %s", i ? ", " : "", l->path, leaf_class(v, l));
	}
	free(in);
	return cl_strbuf_take(&inside, &v->a);
}

/*
 * "a, b": the other ends of the @n marks @in of rule @r, each once, in the
 * order met; NULL when there is none.  Once by name, not by substring: a
 * member in pairs with m10 and m1 lists both.
 */
static char *others(struct view *v, const size_t *in, size_t n, enum cl_rule r)
{
	struct cl_path_order o = { 0 };
	bool *dup = cl_xmalloc(n + 1);
	struct cl_strbuf list = { 0 };

	for (size_t i = 0; i < n; i++)
		if (v->marks[in[i]].rule == r)
			cl_path_order_add(&o, v->marks[in[i]].other, i);
	cl_path_order_sort(&o);
	memset(dup, 0, n + 1);
	for (size_t i = 1; i < o.n; i++)
		dup[o.v[i].index] = !strcmp(o.v[i].path, o.v[i - 1].path);
	for (size_t i = 0; i < n; i++) {
		const struct mark *mk = &v->marks[in[i]];

		if (mk->rule == r && !dup[i])
			cl_strbuf_printf(&list, "%s%s", list.s ? ", " : "", mk->other);
	}
	cl_path_order_free(&o);
	free(dup);
	return cl_strbuf_take(&list, &v->a);
}

/* The marks of the member and of the leaves of its record, by rule. */
static const char *member_marks(struct view *v, const char *path)
{
	struct cl_strbuf s = { 0 };
	size_t n, *in = indices_of(&v->marked, path, true, &n);

	for (int r = 0; r < CL_RULE_COUNT; r++) {
		const char *list = others(v, in, n, (enum cl_rule)r);

		if (list)
			cl_strbuf_printf(&s, "%s%s %s", s.s ? "; " : "",
					 cl_rule_info((enum cl_rule)r)->view_mark, list);
	}
	free(in);
	return cl_strbuf_take(&s, &v->a);
}

static void collect_marks(struct view *v, const struct cl_findings *f, const struct cl_record *rec)
{
	for (size_t i = 0; f && i < f->n; i++) {
		const struct cl_finding *fd = &f->v[i];
		struct mark *mk;

		if (fd->record != rec || !fd->a.path || !fd->b.path)
			continue;
		if (!cl_rule_info(fd->rule)->meet)	/* pairs of leaves only */
			continue;
		mk = cl_vec_push(&v->marks, &v->nmarks, &v->marks_cap);
		*mk = (struct mark){ fd->a.path, fd->rule, fd->b.path };
		mk = cl_vec_push(&v->marks, &v->nmarks, &v->marks_cap);
		*mk = (struct mark){ fd->b.path, fd->rule, fd->a.path };
	}
	for (size_t i = 0; i < v->nmarks; i++)
		cl_path_order_add(&v->marked, v->marks[i].path, i);
	cl_path_order_sort(&v->marked);
}

static void collect_classed(struct view *v)
{
	for (size_t i = 0; i < v->nleaves; i++)
		if (v->leaves[i].access.cls != CL_CLASS_NONE)
			cl_path_order_add(&v->classed, v->leaves[i].path, i);
	cl_path_order_sort(&v->classed);
}

static void boundary(struct view *v, uint64_t byte, unsigned depth)
{
	unsigned size = v->vo->opt->line_size;
	uint64_t line = byte / size, pos = byte % size;

	if (line <= v->line)
		return;
	v->line = line;
	put_indent(v, depth);
	if (!pos)
		fprintf(v->out, "/* --- cacheline %" PRIu64 " boundary (%" PRIu64 " bytes) --- */\n",
			line, line * size);
	else
		fprintf(v->out, "/* --- cacheline %" PRIu64 " boundary (%" PRIu64
			" bytes) was %" PRIu64 " byte%s ago --- */\n",
			line, line * size, pos, pos > 1 ? "s" : "");
}

static void tail_comments(struct view *v, const char *path)
{
	const char *cls = path ? member_class(v, path) : NULL;
	const char *marks = path ? member_marks(v, path) : NULL;

	if (cls)
		fprintf(v->out, " /* %s */", cls);
	if (marks)
		fprintf(v->out, " /* %s */", marks);
	fputc('\n', v->out);
}

static void member_line(struct view *v, const struct cl_member *m, uint64_t off,
			unsigned depth, const char *path)
{
	const char *type_col, *name_col, *name = cl_member_display(m, &v->a);
	int width = TYPE_WIDTH - 8 * (int)(depth - 1);

	split_decl(v, type_of(v, m), name, &type_col, &name_col);
	if (m->flags & CL_MEMBER_BITFIELD)
		name_col = cl_arena_printf(&v->a, "%s:%" PRIu64, name_col, m->bit_size);
	if (m->flags & CL_MEMBER_USER_ALIGN)
		name_col = cl_arena_printf(&v->a, "%s __attribute__((__aligned__(%" PRIu32 ")))",
					   name_col, m->align);
	name_col = cl_arena_printf(&v->a, "%s;", name_col);
	put_indent(v, depth);
	fprintf(v->out, "%-*s %-*s %s", width < 1 ? 1 : width, type_col, NAME_WIDTH, name_col,
		position(v, m, off));
	tail_comments(v, path);
}

static void hole(struct view *v, uint64_t n, const char *unit, unsigned depth)
{
	put_indent(v, depth);
	fprintf(v->out, "/* XXX %" PRIu64 " %s%s hole, try to pack */\n", n, unit,
		n == 1 ? "" : "s");
}

/* Holes between the end of what came before (@end, bits) and @start. */
static void holes(struct view *v, uint64_t end, uint64_t start, unsigned depth, bool top)
{
	uint64_t bits, bytes;

	if (start <= end)
		return;
	bits = end % 8 ? 8 - end % 8 : 0;
	if (bits > start - end)
		bits = start - end;
	bytes = (start - end - bits) / 8;
	if (!bits && !bytes)
		return;
	if (!v->after_padding)
		fputc('\n', v->out);
	v->after_padding = false;
	if (bits) {
		hole(v, bits, "bit", depth);
		if (top) {
			v->bit_holes++;
			v->hole_bits += bits;
		}
	}
	if (bytes) {
		hole(v, bytes, "byte", depth);
		if (top) {
			v->holes++;
			v->hole_bytes += bytes;
		}
	}
	fputc('\n', v->out);
}

static const char *join(struct view *v, const char *prefix, const char *name)
{
	if (!name)
		return prefix;
	if (!prefix)
		return name;
	return cl_arena_printf(&v->a, "%s.%s", prefix, name);
}

static void draw_members(struct view *v, const struct cl_record *rec, uint64_t base,
			 unsigned depth, const char *prefix);

/*
 * Whether the member's type is a record without a name of any kind, which
 * pahole draws inline.  A typedef of a nameless struct (atomic_long_t) is a
 * name: the front ends spell a type without one with its braces ("struct
 * {...}" from DWARF, the whole body from GCC) or as "(unnamed …)" /
 * "(anonymous …)" (clang).
 */
static bool drawn_inline(const struct cl_member *m, unsigned depth)
{
	if (!m->record || m->record->name || (m->flags & CL_MEMBER_BASE) || depth >= 16)
		return false;
	return !m->type || strchr(m->type, '{') || strstr(m->type, "(unnamed") ||
	       strstr(m->type, "(anonymous");
}

/* A nameless record drawn inline: "union {" … "} name;" */
static void inline_record(struct view *v, const struct cl_member *m, uint64_t off,
			  unsigned depth, const char *path)
{
	int pad = COMMENT_COLUMN - 8 * (int)depth;
	const char *close = cl_arena_printf(&v->a, "}%s%s;", m->name ? " " : "",
					    m->name ? m->name : "");

	put_indent(v, depth);
	fprintf(v->out, "%s {\n", m->record->kind == CL_UNION ? "union" : "struct");
	draw_members(v, m->record, off, depth + 1, path);
	put_indent(v, depth);
	fprintf(v->out, "%-*s%s\n", pad < 1 ? 1 : pad, close, position(v, m, off));
}

/* Bytes after the last member of a struct: what pahole calls its padding. */
static uint64_t tail_padding(const struct cl_record *rec)
{
	const struct cl_member *m;
	uint64_t end = 0;

	cl_for_each_member(rec, m)
		if (m->bit_offset + m->bit_size > end)
			end = m->bit_offset + m->bit_size;
	return rec->size * 8 > end ? (rec->size * 8 - end) / 8 : 0;
}

/* pahole's note after a member whose struct ends in padding. */
static void padding_note(struct view *v, const struct cl_member *m, unsigned depth)
{
	uint64_t n;

	if (!m->record || m->record->kind == CL_UNION || !(n = tail_padding(m->record)))
		return;
	fputc('\n', v->out);
	put_indent(v, depth);
	fprintf(v->out, "/* XXX last struct has %" PRIu64 " byte%s of padding */\n", n,
		n == 1 ? "" : "s");
	v->after_padding = true;
	if (depth == 1) {
		v->paddings++;
		v->padding_bytes += n;
	}
}

static void draw_members(struct view *v, const struct cl_record *rec, uint64_t base,
			 unsigned depth, const char *prefix)
{
	const struct cl_member *m;
	uint64_t end = 0;

	cl_for_each_member(rec, m) {
		uint64_t off = base + m->bit_offset;
		const char *path = join(v, prefix, m->name);

		if (rec->kind != CL_UNION)
			holes(v, end, m->bit_offset, depth, depth == 1);
		if (v->after_padding)
			fputc('\n', v->out);
		v->after_padding = false;
		boundary(v, off / 8, depth);
		if (drawn_inline(m, depth))
			inline_record(v, m, off, depth, path);
		else
			member_line(v, m, off, depth, path);
		padding_note(v, m, depth);
		if (m->bit_offset + m->bit_size > end)
			end = m->bit_offset + m->bit_size;
	}
}

/* What pahole prints after the members. */
/*
 * "lines per path: rx 6 (bytes fit in 4), tx 6 (5)": what each path (and
 * class) touches in this layout (cl_path_lines()), and the fewest lines
 * the bytes it touches could fit in.
 */
static void path_lines(struct view *v, const struct cl_record *rec)
{
	struct cl_path_lines *pl;
	size_t n = cl_path_lines(rec, v->vo->opt, &v->a, &pl);

	for (size_t i = 0; i < n; i++)
		fprintf(v->out, "%s%s %" PRIu64 " (%s%" PRIu64 ")", i ? ", " : "\t/* lines per path: ",
			pl[i].path, pl[i].lines, i ? "" : "bytes fit in ", pl[i].least);
	if (n)
		fputs(" */\n", v->out);
}

static void summary(struct view *v, const struct cl_record *rec)
{
	unsigned size = v->vo->opt->line_size;
	uint64_t bytes = 0, bits = 0, end = 0, padding;
	const struct cl_member *m;

	cl_for_each_member(rec, m) {
		if (m->flags & CL_MEMBER_BITFIELD)
			bits += m->bit_size;
		else
			bytes += m->bit_size / 8;
		if (m->bit_offset + m->bit_size > end)
			end = m->bit_offset + m->bit_size;
	}
	fprintf(v->out, "\n\t/* size: %s, cachelines: %" PRIu64 ", members: %zu */\n",
		num(v, rec->size, 0), (rec->size + size - 1) / size, rec->nmembers);
	if (v->holes || v->bit_holes) {
		if (bytes) {
			fprintf(v->out, "\t/* sum members: %s", num(v, bytes, 0));
			if (v->holes)
				fprintf(v->out, ", holes: %" PRIu64 ", sum holes: %s", v->holes,
					num(v, v->hole_bytes, 0));
			fputs(" */\n", v->out);
		}
		if (bits) {
			fprintf(v->out, "\t/* sum bitfield members: %" PRIu64 " bits", bits);
			if (v->bit_holes)
				fprintf(v->out, ", bit holes: %" PRIu64 ", sum bit holes: %" PRIu64 " bits",
					v->bit_holes, v->hole_bits);
			fputs(" */\n", v->out);
		}
	}
	padding = rec->size * 8 > end ? rec->size * 8 - end : 0;
	if (padding / 8)
		fprintf(v->out, "\t/* padding: %s */\n", num(v, padding / 8, 0));
	if (v->paddings)
		fprintf(v->out, "\t/* paddings: %" PRIu64 ", sum paddings: %s */\n", v->paddings,
			num(v, v->padding_bytes, 0));
	if (padding % 8)
		fprintf(v->out, "\t/* bit_padding: %" PRIu64 " bits */\n", padding % 8);
	if (rec->size % size)
		fprintf(v->out, "\t/* last cacheline: %" PRIu64 " bytes */\n", rec->size % size);
	path_lines(v, rec);
}

/*
 * Whether the record's alignment is more than its members ask for, i.e.
 * explicit; bit-fields have no alignment in the model, so with them it
 * cannot be told.
 */
static bool explicitly_aligned(const struct cl_record *rec)
{
	const struct cl_member *m;
	uint32_t max = 1;

	cl_for_each_member(rec, m) {
		if (m->flags & CL_MEMBER_BITFIELD)
			return false;
		if (m->align > max)
			max = m->align;
	}
	return rec->align > max;
}

void cl_view(FILE *out, const struct cl_record *rec, const struct cl_view_options *vo)
{
	const struct cl_proposal *p = vo->proposal;
	const struct cl_record *shown = p && p->model ? p->model : rec;
	const struct cl_findings *f = p && p->model ? NULL : vo->findings;
	struct view v = { .out = out, .vo = vo };
	struct cl_findings own;

	cl_arena_init(&v.a);
	cl_findings_init(&own, &v.a);
	if (!f) {
		cl_analyze(shown, vo->opt, &own);
		f = &own;
	}
	v.nleaves = cl_record_leaves(shown, &v.a, &v.leaves, true);
	collect_classed(&v);
	collect_marks(&v, f, shown);
	fprintf(out, "%s {\n", cl_record_display(shown, &v.a));
	draw_members(&v, shown, 0, 1, NULL);
	summary(&v, shown);
	fputc('}', out);
	if (shown->packed)
		fputs(" __attribute__((__packed__))", out);
	if (explicitly_aligned(shown))
		fprintf(out, " __attribute__((__aligned__(%" PRIu32 ")))", shown->align);
	fputs(";\n", out);
	free(v.marks);
	cl_path_order_free(&v.classed);
	cl_path_order_free(&v.marked);
	cl_findings_free(&own);
	cl_arena_free(&v.a);
}

void cl_view_proposal(FILE *out, const struct cl_record *rec,
		      const struct cl_report_proposal *rp, const struct cl_view_options *vo,
		      struct cl_arena *a)
{
	struct cl_view_options pvo = *vo;
	const char *name = cl_record_display(rec, a), *asserts;

	if (!rp) {
		fprintf(out, "/* cachelint: nothing to propose for %s: no cache line holds fields of two classes or write groups */\n",
			name);
		return;
	}
	if (!rp->p) {
		fprintf(out, "/* cachelint: no proposal for %s: %s */\n", name, rp->reason);
		return;
	}
	fprintf(out, "/* cachelint: %s as proposed (%s) */\n", name, cl_proposal_order(rp->p, a));
	pvo.findings = NULL;
	pvo.proposal = rp->p;
	cl_view(out, rec, &pvo);
	asserts = cl_proposal_group_asserts(rp->p, a);
	if (asserts)
		fprintf(out, "/* cachelint: %s's assert function keeps it checked:\n%s */\n",
			name, asserts);
}
