// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * view.c - the layout as pahole draws it (offset and size comments, holes,
 * cacheline boundaries, a size summary), with each member's access class
 * and "!! shares a line with …" on every member of a conflicting pair
 */
#include "propose.h"

#include <inttypes.h>
#include <string.h>

/* The top-level members that take part in a conflict, with their partners. */
struct marks {
	const char **with;	/* per member: names it conflicts with, or NULL */
};

static void add_mark(struct marks *mk, struct cl_arena *a, size_t top, const char *other)
{
	const char *old = mk->with[top];

	if (old && strstr(old, other))
		return;
	mk->with[top] = old ? cl_arena_printf(a, "%s %s", old, other) : other;
}

static void collect_marks(const struct cl_record *rec, const struct cl_options *opt,
			  struct cl_arena *a, struct marks *mk)
{
	struct cl_findings f;

	mk->with = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*mk->with));
	cl_findings_init(&f, a);
	cl_analyze(rec, opt, &f);
	for (size_t i = 0; i < f.n; i++) {
		if (f.v[i].rule != CL_RULE_FALSE_SHARING && f.v[i].rule != CL_RULE_WRITE_GROUPS)
			continue;
		add_mark(mk, a, f.v[i].a.top, f.v[i].b.path);
		add_mark(mk, a, f.v[i].b.top, f.v[i].a.path);
	}
	cl_findings_free(&f);
}

/* The class a top-level member shows: its own, or that of its leaves. */
static const char *top_class(const struct cl_record *rec, const struct cl_leaf *leaves,
			     size_t nleaves, size_t top, struct cl_arena *a)
{
	const char *cls = NULL;

	for (size_t i = 0; i < nleaves; i++) {
		const char *c;

		if (leaves[i].top != top || leaves[i].access.cls == CL_CLASS_NONE)
			continue;
		c = cl_class_name(leaves[i].access.cls);
		if (leaves[i].access.group)
			c = cl_arena_printf(a, "%s(%s)", c, leaves[i].access.group);
		if (cls && strcmp(cls, c))
			return rec->members[top].record ? "mixed" : cls;
		cls = c;
	}
	return cls ? cls : "";
}

static void boundary(FILE *out, uint64_t byte, uint64_t *line, unsigned size)
{
	while ((*line + 1) * size <= byte) {
		(*line)++;
		if (*line * size == byte)
			fprintf(out, "\t/* --- cacheline %" PRIu64 " boundary (%" PRIu64 " bytes) --- */\n",
				*line, *line * size);
		else
			fprintf(out, "\t/* --- cacheline %" PRIu64 " boundary (%" PRIu64
				" bytes) was %" PRIu64 " bytes ago --- */\n",
				*line, *line * size, byte - *line * size);
	}
}

static void member_line(FILE *out, const struct cl_member *m, uint64_t bit_off,
			uint32_t added, const char *cls, const char *with, struct cl_arena *a)
{
	const char *name = cl_member_display(m, a);
	char decl[256], pos[64];

	const char *type = m->type ? m->type : "", *dims = strchr(type, '[');
	size_t tlen = dims ? (size_t)(dims - type) : strlen(type);
	const char *sep = !tlen || type[tlen - 1] == '*' ? "" : " ";
	const char *bits = m->flags & CL_MEMBER_BITFIELD ?
			   cl_arena_printf(a, ":%" PRIu64, m->bit_size) : "";

	/* "char[60]" is spelled around the name: "char pad[60]" */
	snprintf(decl, sizeof(decl), "%.*s%s%s%s%s%s;", (int)tlen, type, sep, name,
		 dims ? dims : "", bits,
		 added ? cl_arena_printf(a, " __aligned(%" PRIu32 ")", added) : "");
	if (m->flags & CL_MEMBER_BITFIELD)
		snprintf(pos, sizeof(pos), "/* %5" PRIu64 ":%2" PRIu64 " %4" PRIu64 " */",
			 bit_off / 8, bit_off % 8, m->bit_size);
	else
		snprintf(pos, sizeof(pos), "/* %5" PRIu64 " %5" PRIu64 " */",
			 bit_off / 8, m->bit_size / 8);
	fprintf(out, "\t%-40s %s", decl, pos);
	if (with)
		fprintf(out, "  %-12s !! shares a line with %s", cls, with);
	else if (*cls)
		fprintf(out, "  %s", cls);
	fputc('\n', out);
}

void cl_layout_view(FILE *out, const struct cl_record *rec, const struct cl_proposal *p,
		    const struct cl_options *opt)
{
	const struct cl_record *shown = p && p->model ? p->model : rec;
	struct cl_arena a;
	struct marks mk;
	struct cl_leaf *leaves;
	size_t nleaves;
	uint64_t line = 0, end = 0, holes = 0, hole_bytes = 0;

	cl_arena_init(&a);
	collect_marks(shown, opt, &a, &mk);
	nleaves = cl_record_leaves(shown, &a, &leaves, false);
	fprintf(out, "%s {\n", cl_record_display(shown, &a));
	for (size_t k = 0; k < shown->nmembers; k++) {
		const struct cl_member *m = &shown->members[k];
		uint64_t start = m->bit_offset / 8;
		uint32_t added = p && p->model ? p->align[k] : 0;

		if (start > end && !(m->flags & CL_MEMBER_BITFIELD && start == end)) {
			fprintf(out, "\n\t/* XXX %" PRIu64 " byte%s hole, try to pack */\n",
				start - end, start - end == 1 ? "" : "s");
			holes++;
			hole_bytes += start - end;
		}
		boundary(out, start, &line, opt->line_size);
		member_line(out, m, m->bit_offset, added,
			    top_class(shown, leaves, nleaves, k, &a), mk.with[k], &a);
		if ((m->bit_offset + m->bit_size + 7) / 8 > end)
			end = (m->bit_offset + m->bit_size + 7) / 8;
	}
	if (shown->size > end) {
		fprintf(out, "\n\t/* XXX %" PRIu64 " byte%s padding */\n", shown->size - end,
			shown->size - end == 1 ? "" : "s");
	}
	fprintf(out, "\n\t/* size: %" PRIu64 ", cachelines: %" PRIu64 ", members: %zu */\n",
		shown->size, (shown->size + opt->line_size - 1) / opt->line_size,
		shown->nmembers);
	if (holes)
		fprintf(out, "\t/* sum members holes: %" PRIu64 " (%" PRIu64 " bytes) */\n",
			holes, hole_bytes);
	if (shown->size % opt->line_size)
		fprintf(out, "\t/* last cacheline: %" PRIu64 " bytes */\n",
			shown->size % opt->line_size);
	fputs("};\n", out);
	cl_arena_free(&a);
}
