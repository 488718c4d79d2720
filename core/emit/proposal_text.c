// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * proposal_text.c - a proposal in words: the note every front end prints
 * with a struct's first finding, the order without a rewrite, and the
 * kernel's assert lines that keep the layout checked
 */
#include "proposal_text.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "model/arena.h"
#include "model/layout.h"
#include "propose/propose.h"
#include "report.h"

/*
 * An alignment in a type is only as good as the storage: malloc() returns
 * 16-aligned memory on x86-64, and a 64-aligned member there is undefined
 * behaviour (UBSan: "misaligned address").  Every proposal that adds one
 * says so.
 */
static const char *storage_text(const struct cl_proposal *p, struct cl_arena *a)
{
	uint32_t n = cl_proposal_added_align(p);

	if (p->base_align)
		return cl_arena_printf(a, "; a line apart by padding, not alignment, since the objects were seen %" PRIu64 "-aligned",
				       p->base_align);
	if (!n)
		return "";
	return cl_arena_printf(a, "; objects need %" PRIu32 "-aligned storage (a static, or aligned_alloc(%" PRIu32 ", ...); malloc() gives 16)",
			       n, n);
}

/*
 * "; lines per path: rx 9 -> 7, tx 8 -> 7": what each path (and class)
 * touches as it is and as proposed (cl_path_lines()), "" when no path is
 * known.
 */
static const char *lines_text(const struct cl_proposal *p, struct cl_arena *a)
{
	struct cl_strbuf b = { 0 };

	for (size_t i = 0; i < p->npaths; i++)
		cl_strbuf_printf(&b, "%s%s %" PRIu64 " -> %" PRIu64, i ? ", " : "; lines per path: ",
				 p->lines_before[i].path, p->lines_before[i].lines,
				 p->lines_after[i].lines);
	return b.s ? cl_strbuf_take(&b, a) : "";
}

const char *cl_proposal_summary(const struct cl_report_proposal *rp, const char *record_name,
				struct cl_arena *a)
{
	const struct cl_proposal *p = rp->p;
	const char *remains = "";
	struct cl_strbuf aligned = { 0 };

	if (rp->remains)
		remains = cl_arena_printf(a, "; %s written by several writers: %s own line still moves between them",
					  rp->remains, strchr(rp->remains, ',') ? "their" : "its");
	if (!p || !rp->rw)
		return cl_arena_printf(a, "no patch is offered for '%s': %s%s", record_name,
				       rp->reason ? rp->reason : "no proposal", remains);
	for (size_t i = 0; i < p->n; i++)
		if (p->align[i])
			cl_strbuf_printf(&aligned, "%s'%s'", aligned.s ? ", " : "",
					 rp->rec->members[p->order[i]].name);
	if (aligned.s)
		cl_strbuf_printf(&aligned, " aligned to a new line; ");
	for (size_t i = 0; i < p->n; i++)
		if (p->pad[i])
			cl_strbuf_printf(&aligned, "%" PRIu32 " bytes of padding after '%s'; ",
					 p->pad[i], rp->rec->members[p->order[i]].name);
	return cl_arena_printf(a, "proposed reordering of '%s': %s%" PRIu64 " -> %" PRIu64
			       " bytes, %" PRIu64 " -> %" PRIu64 " cache lines%s%s%s%s%s",
			       record_name, aligned.s ? cl_strbuf_take(&aligned, a) : "",
			       rp->rec->size, p->size, p->old_lines, p->new_lines,
			       storage_text(p, a), p->gave_up ? "; " : "",
			       p->gave_up ? p->gave_up : "", remains, lines_text(p, a));
}

const char *cl_proposal_order(const struct cl_proposal *p, struct cl_arena *a)
{
	struct cl_strbuf order = { 0 }, aligned = { 0 };

	cl_strbuf_printf(&order, "order: ");
	for (size_t i = 0; i < p->n; i++) {
		const struct cl_member *m = &p->rec->members[p->order[i]];
		const char *name = cl_member_display(m, a);

		cl_strbuf_printf(&order, "%s%s", i ? ", " : "", name);
		if (p->align[i])
			cl_strbuf_printf(&aligned, "'%s' aligned to %" PRIu32 " bytes; ", name,
					 p->align[i]);
		if (p->pad[i])
			cl_strbuf_printf(&aligned, "%" PRIu32 " bytes of padding after '%s'; ",
					 p->pad[i], name);
	}
	cl_strbuf_printf(&order, "; %s%" PRIu64 " -> %" PRIu64 " bytes, %" PRIu64 " -> %" PRIu64
			 " cache line%s%s%s%s%s", aligned.s ? aligned.s : "", p->rec->size, p->size,
			 p->old_lines, p->new_lines, p->new_lines == 1 ? "" : "s",
			 storage_text(p, a), p->gave_up ? "; " : "", p->gave_up ? p->gave_up : "",
			 lines_text(p, a));
	cl_strbuf_free(&aligned);
	return cl_strbuf_take(&order, a);
}

/**
 * struct asserts - the assert lines of one record, as its members are walked
 * @type: the type the kernel's macros take: "struct tcp_sock", or a
 *        typedef name ("sk_t"), which offsetof() takes as well
 * @text: the lines
 * @group: the group whose begin marker came last, or NULL
 * @from: the bit after that marker
 */
struct asserts {
	const char *type;
	struct cl_strbuf text;
	const char *group;
	uint64_t from;
};

/*
 * One member at bit @at: a marker opens or closes a group (the kernel's
 * macro: offsetof(end) - offsetofend(begin)), a member inside one gets a
 * MEMBER line.  The members of an anonymous struct or union are the
 * record's own to offsetof() (C11), markers and all: walked in place.
 */
static void assert_member(struct asserts *as, const struct cl_member *m, uint64_t at)
{
	static const char begin[] = "__cacheline_group_begin__", end[] = "__cacheline_group_end__";

	if (!m->name && m->record) {
		for (size_t i = 0; i < m->record->nmembers; i++)
			assert_member(as, &m->record->members[i], at + m->record->members[i].bit_offset);
		return;
	}
	if (!m->name)
		return;
	if (!strncmp(m->name, begin, strlen(begin))) {
		as->group = m->name + strlen(begin);
		as->from = at + m->bit_size;
	} else if (!strncmp(m->name, end, strlen(end))) {
		if (as->group && !strcmp(as->group, m->name + strlen(end)) && at >= as->from)
			cl_strbuf_printf(&as->text, "\tCACHELINE_ASSERT_GROUP_SIZE(%s, %s, %" PRIu64 ");\n",
					 as->type, as->group, (at - as->from) / 8);
		as->group = NULL;
	} else if (as->group && strncmp(m->name, "__cacheline_group_", 18) &&
		   !(m->flags & CL_MEMBER_BITFIELD)) {
		/* offsetof() takes no bit-field: the kernel lists none */
		cl_strbuf_printf(&as->text, "\tCACHELINE_ASSERT_GROUP_MEMBER(%s, %s, %s);\n",
				 as->type, as->group, m->name);
	}
}

/*
 * The assert lines of @rec's groups with its members in @order (@n of them)
 * at bit offsets @offset (per position): MEMBER lines for each member of a
 * group, then the group's SIZE line at its end marker.  A record without a
 * name (an anonymous struct with no typedef) has none: no type to name.
 */
static const char *group_asserts(const struct cl_record *rec, size_t n, const size_t *order,
				 const uint64_t *offset, struct cl_arena *a)
{
	struct asserts as = { 0 };

	if (!rec->name)
		return NULL;
	as.type = rec->typedef_name ? rec->name :
		  cl_arena_printf(a, "%s %s", rec->kind == CL_UNION ? "union" : "struct", rec->name);
	for (size_t i = 0; i < n; i++) {
		const struct cl_member *m = &rec->members[order ? order[i] : i];

		assert_member(&as, m, offset ? offset[i] : m->bit_offset);
	}
	return cl_strbuf_take(&as.text, a);
}

const char *cl_proposal_group_asserts(const struct cl_proposal *p, struct cl_arena *a)
{
	return group_asserts(p->rec, p->n, p->order, p->offset, a);
}

const char *cl_record_group_asserts(const struct cl_record *rec, struct cl_arena *a)
{
	return group_asserts(rec, rec->nmembers, NULL, NULL, a);
}
