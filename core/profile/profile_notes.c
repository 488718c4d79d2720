// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_notes.c - saying where a reported leaf's class came from
 *
 * A finding about a leaf whose class the source spells out needs no
 * explanation.  One whose class a profile inferred from counts, or gave
 * through an entry that replaced an earlier profile's, does: the reader
 * sees no annotation in the source and must know which numbers or which
 * file to question.  These notes are only made for findings, so merging a
 * stack of profiles stays silent until a replacement matters, and only
 * once per leaf and record: a leaf in ten findings is explained once.
 */
#include "access_profile.h"
#include "model/paths.h"

#include <inttypes.h>
#include <string.h>

static const char *class_words(struct cl_arena *a, const struct cl_access *acc)
{
	const char *cls;

	if (acc->cls == CL_CLASS_PATHS)
		return cl_access_describe(acc, a);
	switch (acc->cls) {
	case CL_CLASS_READ_MOSTLY:
		cls = "read-mostly";
		break;
	case CL_CLASS_WRITE_HOT:
		cls = "write-hot";
		break;
	default:
		cls = "cold";
		break;
	}
	if (acc->group)
		return cl_arena_printf(a, "%s (write group '%s')", cls, acc->group);
	return cls;
}

static bool same_class(const struct cl_access *x, const struct cl_access *y)
{
	return cl_access_same(x, y);
}

/* @path ends with the whole components of @suffix ("lruvec.pgdat", "pgdat"). */
static bool path_ends_with(const char *path, const char *suffix)
{
	size_t n = strlen(path), k = strlen(suffix);

	if (k > n || strcmp(path + n - k, suffix))
		return false;
	return k == n || path[n - k - 1] == '.';
}

/*
 * The entry that classed @l: one of the profile struct of the record that
 * decided the class, naming the leaf by its path from that record, with the
 * leaf's class.  The longest such path is the one the walk matched first.
 */
static const struct cl_profile_member *leaf_entry(const struct cl_profile *p,
						  const struct cl_leaf *l, bool *statik)
{
	const struct cl_profile_struct *ps;
	const struct cl_profile_member *best = NULL;
	struct cl_record_place at;

	if (!l->decided || !l->decided->rec->name)
		return NULL;
	cl_record_place(l->decided->rec, &at);
	ps = cl_profile_find_record(p, &at);
	if (!ps)
		return NULL;
	*statik = ps->statik;
	for (size_t i = 0; i < ps->nmembers; i++) {
		const struct cl_profile_member *e = &ps->members[i];

		if (path_ends_with(l->path, e->path) && same_class(&e->access, &l->access) &&
		    (!best || strlen(e->path) > strlen(best->path)))
			best = e;
	}
	return best;
}

static const char *leaf_note(const struct cl_profile *p, const struct cl_leaf *l,
			     struct cl_arena *a)
{
	const struct cl_profile_member *e;
	const char *text, *cls;
	bool statik = false;

	if (!l->path || (l->access.origin != CL_ORIGIN_PROFILE &&
			 l->access.origin != CL_ORIGIN_INFERRED))
		return NULL;
	e = leaf_entry(p, l, &statik);
	cls = class_words(a, &l->access);
	if (e && statik)
		text = cl_arena_printf(a, "'%s' is %s, inferred from the code: %s", l->path, cls,
				       e->from ? e->from : "no reason given");
	else if (l->access.origin == CL_ORIGIN_INFERRED && l->access.has_counts)
		text = cl_arena_printf(a, "'%s' is %s, inferred from reads %" PRIu64
				       ", writes %" PRIu64 "%s%s%s%s%s", l->path, cls,
				       l->access.reads, l->access.writes,
				       e ? " at " : " in the profile",
				       e ? cl_span_where(&e->span, a) : "",
				       /* counts imported per function say so (perf-profile) */
				       e && e->from ? " (from " : "", e && e->from ? e->from : "",
				       e && e->from ? ")" : "");
	else if (e && e->replaced_at)
		text = cl_arena_printf(a, "'%s' is %s by the profile entry at %s", l->path,
				       cls, cl_span_where(&e->span, a));
	else
		return NULL;
	if (e && e->replaced_at)
		text = cl_arena_printf(a, "%s, which replaced the one at %s", text,
				       cl_span_where(e->replaced_at, a));
	return text;
}

static bool same_leaf(const struct cl_leaf *x, const struct cl_leaf *y)
{
	return x->member == y->member && x->path && y->path && !strcmp(x->path, y->path);
}

/*
 * An earlier finding of the same record had @l as one of its leaves.  A
 * record's findings are consecutive, so the search stops at the first
 * finding of another record.
 */
static bool noted_before(const struct cl_findings *fs, size_t i, const struct cl_leaf *l)
{
	const struct cl_finding *f = &fs->v[i];

	for (size_t j = i; j-- > 0;) {
		const struct cl_finding *g = &fs->v[j];

		if (g->record != f->record || strcmp(g->record_name, f->record_name))
			break;
		if (same_leaf(&g->a, l) || same_leaf(&g->b, l))
			return true;
	}
	return false;
}

size_t cl_profile_finding_notes(const struct cl_profile *p, const struct cl_findings *fs,
				size_t i, struct cl_arena *a,
				struct cl_profile_note out[CL_PROFILE_NOTES_MAX])
{
	const struct cl_finding *f = &fs->v[i];
	size_t n = 0;
	const char *text;

	if (!f->a.member)
		return 0;
	/* most leaves need no note: ask that first, the history second */
	text = leaf_note(p, &f->a, a);
	if (text && !noted_before(fs, i, &f->a))
		out[n++] = (struct cl_profile_note){ text, &f->where };
	text = f->b.member ? leaf_note(p, &f->b, a) : NULL;
	if (text && !noted_before(fs, i, &f->b))
		out[n++] = (struct cl_profile_note){ text, &f->note_where };
	return n;
}
