// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kernel_groups.c - classes from the kernel's own cacheline groups
 *
 * Since Linux 6.8 the networking structs mark their fast-path members in
 * the source (include/linux/cache.h):
 *
 *	__cacheline_group_begin(tcp_sock_read_tx);
 *	u32 max_window;
 *	...
 *	__cacheline_group_end(tcp_sock_read_tx);
 *
 * Each marker is a zero-size member, __cacheline_group_begin__NAME and
 * __cacheline_group_end__NAME, so every front end sees it as a member of
 * the record: the classes are read here, once, for all of them.  Names
 * that follow the convention <struct>_{read,write}_{tx,rx,txrx,rxtx} say:
 *
 *	_read_P   read on the paths P, not written
 *	_write_P  accessed on the paths P and written on at least one of them
 *
 * Other groups (icmp, frag) classify nothing.  A member that the source or
 * a profile already classes keeps that class; where the two disagree, a
 * cachelint-annotation-mismatch names both.
 *
 * The markers are read as brackets, with a stack of the groups begun and
 * not yet ended.  A shape the kernel never writes is malformed and named by
 * a cachelint-group-markers warning at the marker: a group that never ends
 * (it classes nothing: where it ends is not known), an end that names
 * another group than the one it closes (that group classes nothing), an end
 * with no group open, a group begun inside another (groups do not nest; it
 * classes its members and the outer group the rest).  A record with any of
 * them gets no proposal: the proposal moves groups whole, by their markers.
 */
#include "kernel_groups.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "paths.h"
#include "rules.h"

#define BEGIN "__cacheline_group_begin__"
#define END "__cacheline_group_end__"
#define PAD "__cacheline_group_pad__"

static bool starts_with(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

/* The uses a group's name gives its members; 0 when it follows no convention. */
static size_t group_uses(const char *name, struct cl_use *u)
{
	static const struct {
		const char *suffix;
		bool write;
		const char *paths[2];
	} kinds[] = {
		{ "_read_txrx", false, { "tx", "rx" } },
		{ "_read_rxtx", false, { "tx", "rx" } },
		{ "_read_tx", false, { "tx", NULL } },
		{ "_read_rx", false, { "rx", NULL } },
		{ "_write_txrx", true, { "tx", "rx" } },
		{ "_write_rxtx", true, { "tx", "rx" } },
		{ "_write_tx", true, { "tx", NULL } },
		{ "_write_rx", true, { "rx", NULL } },
	};

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		size_t n = 0;

		if (!ends_with(name, kinds[k].suffix))
			continue;
		for (size_t p = 0; p < 2 && kinds[k].paths[p]; p++, n++) {
			u[n].path = kinds[k].paths[p];
			u[n].flags = CL_USE_READ;
			if (kinds[k].write)
				u[n].flags |= kinds[k].paths[1] ? CL_USE_WRITE_SOME : CL_USE_WRITE;
			u[n].reads = u[n].writes = 0;
		}
		return n;
	}
	return 0;
}

/* Whether what a group says and another class say can both be true. */
static const char *disagreement(const struct cl_access *group, const struct cl_access *other)
{
	bool group_writes = cl_access_writes(group);
	struct cl_use buf;
	const struct cl_use *u;
	size_t n;

	if (!group_writes && cl_access_writes(other))
		return "is written, but its group says it is only read";
	if (group_writes && !cl_access_writes(other))
		return "is never written, but its group is a write group";
	if (!group_writes)
		return NULL;
	n = cl_access_uses(other, &buf, &u);
	for (size_t i = 0; i < n; i++) {
		bool named = !u[i].path;

		for (uint32_t k = 0; k < group->nuses && !named; k++)
			named = !strcmp(group->uses[k].path, u[i].path);
		if ((u[i].flags & (CL_USE_WRITE | CL_USE_WRITE_SOME)) && !named)
			return "is written on a path its group does not name";
	}
	return NULL;
}

static const char *where_from(const struct cl_access *acc)
{
	if (acc->source)
		return acc->source;
	return acc->origin == CL_ORIGIN_SOURCE ? "its annotation" : "the profile";
}

static void report_mismatch(struct cl_findings *out, struct cl_record *rec,
			    const struct cl_member *m, const struct cl_access *group,
			    const char *why)
{
	struct cl_finding *f = cl_findings_add(out, CL_RULE_ANNOTATION_MISMATCH, rec);
	struct cl_arena *a = out->arena;

	f->a.path = m->name;
	f->a.member = m;
	f->a.access = m->access;
	f->where = m->span;
	f->message = cl_arena_printf(a,
		"field '%s' of '%s' %s: cacheline group '%s' says %s, %s says %s [%s]",
		m->name, f->record_name, why, group->source,
		cl_access_describe(group, a), where_from(&m->access),
		cl_access_describe(&m->access, a),
		cl_rule_info(CL_RULE_ANNOTATION_MISMATCH)->id);
}

static void classify(struct cl_record *rec, struct cl_member *m, const char *group,
		     const struct cl_use *u, size_t n, struct cl_arena *a,
		     struct cl_findings *out)
{
	struct cl_access acc = { .cls = CL_CLASS_PATHS, .origin = CL_ORIGIN_GROUP };
	struct cl_use *copy = cl_arena_alloc(a, n * sizeof(*copy));
	const char *why;

	memcpy(copy, u, n * sizeof(*copy));
	acc.uses = copy;
	acc.nuses = (uint32_t)n;
	acc.source = group;
	if (m->access.cls == CL_CLASS_NONE || m->access.origin == CL_ORIGIN_GROUP) {
		m->access = acc;
		return;
	}
	why = disagreement(&acc, &m->access);
	if (why && out && !(rec->suppress & (1u << CL_RULE_ANNOTATION_MISMATCH)))
		report_mismatch(out, rec, m, &acc, why);
}

#define GROUPS_DEPTH_MAX 16

/**
 * struct group_walk - the markers of a record read as brackets
 * @owner: the record whose markers are read (anonymous members looked through)
 * @open: the begin markers of the groups open, innermost last
 * @nopen: number of @open
 * @bad: begin markers of the malformed groups, which class nothing
 * @nbad: number of @bad
 * @bad_cap: allocated @bad
 * @problem: the first malformed shape, in words; NULL while there is none
 * @out: where the warnings go, or NULL
 * @a: the arena of @problem, @bad and the warnings
 */
struct group_walk {
	struct cl_record *owner;
	const struct cl_member *open[GROUPS_DEPTH_MAX];
	unsigned nopen;
	const struct cl_member **bad;
	size_t nbad, bad_cap;
	const char *problem;
	struct cl_findings *out;
	struct cl_arena *a;
};

static const char *group_name(const struct cl_member *marker)
{
	return marker->name + strlen(starts_with(marker->name, BEGIN) ? BEGIN : END);
}

/* A malformed shape at @marker: @what it is, @effect what that makes of it. */
static void malformed(struct group_walk *w, const struct cl_member *marker, const char *what,
		      const char *effect)
{
	struct cl_finding *f;

	if (!w->problem)
		w->problem = what;
	if (!w->out || (w->owner->suppress & (1u << CL_RULE_GROUP_MARKERS)))
		return;
	f = cl_findings_add(w->out, CL_RULE_GROUP_MARKERS, w->owner);
	f->a.path = marker->name;
	f->a.member = marker;
	f->a.access = marker->access;
	f->where = marker->span;
	f->message = cl_arena_printf(w->a, "malformed cacheline group markers in '%s': %s; %s [%s]",
				     f->record_name, what, effect,
				     cl_rule_info(CL_RULE_GROUP_MARKERS)->id);
}

static void mark_bad(struct group_walk *w, const struct cl_member *begin)
{
	*cl_vec_push(&w->bad, &w->nbad, &w->bad_cap) = begin;
}

static bool is_bad(const struct group_walk *w, const struct cl_member *begin)
{
	for (size_t i = 0; i < w->nbad; i++)
		if (w->bad[i] == begin)
			return true;
	return false;
}

static void group_begins(struct group_walk *w, const struct cl_member *m)
{
	const struct cl_member *outer = w->nopen ? w->open[w->nopen - 1] : NULL;

	if (w->nopen == GROUPS_DEPTH_MAX) {
		malformed(w, m, cl_arena_printf(w->a, "group '%s' begins %d groups deep",
						group_name(m), GROUPS_DEPTH_MAX),
			  "it is not read");
		return;
	}
	if (outer)
		malformed(w, m, cl_arena_printf(w->a,
				"group '%s' begins inside group '%s' (begun at line %u)",
				group_name(m), group_name(outer), cl_span_shown_line(&outer->span)),
			  cl_arena_printf(w->a, "groups do not nest: '%s' classes its members, '%s' those after its end",
					  group_name(m), group_name(outer)));
	w->open[w->nopen++] = m;
}

static void group_ends(struct group_walk *w, const struct cl_member *m)
{
	const struct cl_member *begin;

	if (!w->nopen) {
		malformed(w, m, cl_arena_printf(w->a, "__cacheline_group_end(%s) ends no group",
						group_name(m)),
			  "it is ignored");
		return;
	}
	begin = w->open[--w->nopen];
	if (strcmp(group_name(begin), group_name(m))) {
		malformed(w, m, cl_arena_printf(w->a,
				"__cacheline_group_end(%s) ends group '%s' (begun at line %u)",
				group_name(m), group_name(begin), cl_span_shown_line(&begin->span)),
			  cl_arena_printf(w->a, "group '%s' classes no member", group_name(begin)));
		mark_bad(w, begin);
	}
}

/* The markers of @rec in order, anonymous members looked through. */
static void check_walk(struct group_walk *w, const struct cl_record *rec, unsigned depth)
{
	const struct cl_member *m;

	if (depth > 8)
		return;
	cl_for_each_member(rec, m) {
		if (starts_with(m->name, BEGIN))
			group_begins(w, m);
		else if (starts_with(m->name, END))
			group_ends(w, m);
		else if (!m->name && m->record)
			check_walk(w, m->record, depth + 1);
	}
}

/* The groups of @rec that are malformed, the warnings to @w->out. */
static void check_markers(struct group_walk *w, struct cl_record *rec)
{
	w->owner = rec;
	check_walk(w, rec, 0);
	for (unsigned i = 0; i < w->nopen; i++) {
		const struct cl_member *begin = w->open[i];

		malformed(w, begin, cl_arena_printf(w->a, "group '%s' never ends",
						    group_name(begin)),
			  cl_arena_printf(w->a, "there is no __cacheline_group_end(%s), and the group classes no member",
					  group_name(begin)));
		mark_bad(w, begin);
	}
	w->nopen = 0;
}

/*
 * The members of @rec in order, anonymous members looked through; the
 * innermost group open classes a member, unless it is malformed.
 */
static void walk(struct group_walk *w, struct cl_record *rec, unsigned depth)
{
	struct cl_member *m;

	if (depth > 8)
		return;
	cl_for_each_member(rec, m) {
		const struct cl_member *top = w->nopen ? w->open[w->nopen - 1] : NULL;
		struct cl_use u[2];
		size_t n;

		if (starts_with(m->name, BEGIN)) {
			if (w->nopen < GROUPS_DEPTH_MAX)
				w->open[w->nopen++] = m;
		} else if (starts_with(m->name, END)) {
			w->nopen -= w->nopen > 0;
		} else if (!m->name && m->record) {
			walk(w, m->record, depth + 1);
		} else if (top && !is_bad(w, top) && m->bit_size && !starts_with(m->name, PAD) &&
			   (n = group_uses(group_name(top), u)) > 0) {
			classify(w->owner, m, group_name(top), u, n, w->a, w->out);
		}
	}
}

bool cl_groups_marker(const char *name)
{
	return starts_with(name, BEGIN) || starts_with(name, END);
}

const char *cl_groups_marker_macro(const char *name)
{
	if (starts_with(name, BEGIN))
		return "__cacheline_group_begin";
	return starts_with(name, END) ? "__cacheline_group_end" : NULL;
}

bool cl_groups_present(const struct cl_record *rec)
{
	const struct cl_member *m;

	cl_for_each_member(rec, m)
		if (cl_groups_marker(m->name) || (!m->name && m->record &&
						   cl_groups_present(m->record)))
			return true;
	return false;
}

void cl_groups_apply(struct cl_record *rec, struct cl_arena *a, struct cl_findings *out)
{
	struct group_walk w = { .out = out, .a = a };

	if (!cl_groups_present(rec))
		return;
	check_markers(&w, rec);
	walk(&w, rec, 0);
	free(w.bad);
}

const char *cl_groups_malformed(const struct cl_record *rec, struct cl_arena *a)
{
	struct group_walk w = { .a = a };

	if (!cl_groups_present(rec))
		return NULL;
	check_markers(&w, (struct cl_record *)rec);
	free(w.bad);
	return w.problem;
}
