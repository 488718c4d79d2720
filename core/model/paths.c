// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * paths.c - the classes as path uses, and the rule that decides when a
 * write on one path costs an access on another a miss (paths.h)
 */
#include "paths.h"
#include "names.h"

#include <string.h>

size_t cl_access_uses(const struct cl_access *acc, struct cl_use *buf,
		      const struct cl_use **out)
{
	memset(buf, 0, sizeof(*buf));
	*out = buf;
	switch (acc->cls) {
	case CL_CLASS_PATHS:
		*out = acc->uses;
		return acc->nuses;
	case CL_CLASS_READ_MOSTLY:
		buf->path = CL_PATH_EVERY;
		buf->flags = CL_USE_READ | CL_USE_CONCURRENT;
		return 1;
	case CL_CLASS_WRITE_HOT:
		/* a write group is a path; an ungrouped write one no one named */
		buf->path = acc->group;
		buf->flags = CL_USE_READ | CL_USE_WRITE | (acc->group ? 0 : CL_USE_CONCURRENT);
		return 1;
	default:
		return 0;
	}
}

bool cl_access_writes(const struct cl_access *acc)
{
	struct cl_use buf;
	const struct cl_use *u;
	size_t n = cl_access_uses(acc, &buf, &u);

	for (size_t i = 0; i < n; i++)
		if (u[i].flags & (CL_USE_WRITE | CL_USE_WRITE_SOME))
			return true;
	return false;
}

bool cl_access_used(const struct cl_access *acc)
{
	struct cl_use buf;
	const struct cl_use *u;
	size_t n = cl_access_uses(acc, &buf, &u);

	for (size_t i = 0; i < n; i++)
		if (u[i].flags & (CL_USE_READ | CL_USE_WRITE | CL_USE_WRITE_SOME))
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* the rule                                                             */

/*
 * One member's uses with its unknown writers resolved: use i is written
 * when it has CL_USE_WRITE, or CL_USE_WRITE_SOME and its bit in @mask (the
 * bits number the CL_USE_WRITE_SOME uses in order).
 */
struct side {
	const struct cl_use *u;
	size_t n;
	unsigned mask;
};

#define SOME_MAX 6	/* unknown writers resolved one by one; more: not certain */

static bool written(const struct side *s, size_t i)
{
	unsigned bit = 0;

	if (s->u[i].flags & CL_USE_WRITE)
		return true;
	if (!(s->u[i].flags & CL_USE_WRITE_SOME))
		return false;
	for (size_t k = 0; k < i; k++)
		bit += !!(s->u[k].flags & CL_USE_WRITE_SOME);
	return s->mask & (1u << bit);
}

static bool accessed(const struct side *s, size_t i)
{
	return (s->u[i].flags & (CL_USE_READ | CL_USE_WRITE)) || written(s, i);
}

static bool same_path(const char *p, const char *q)
{
	return p == q || (p && q && !strcmp(p, q));
}

/* Whether the runs of paths @p and @q are on different CPUs. */
static bool cross(const struct cl_use *p, const struct cl_use *q)
{
	if (same_path(p->path, CL_PATH_EVERY) || same_path(q->path, CL_PATH_EVERY))
		return true;
	if (!p->path || !q->path)	/* an unnamed path may be the other one */
		return !p->path && !q->path;
	if (strcmp(p->path, q->path))
		return true;
	return (p->flags | q->flags) & CL_USE_CONCURRENT;
}

/* @v's own line already moves between path @q and another path. */
static bool moves_anyway(const struct side *v, const struct cl_use *q)
{
	for (size_t r = 0; r < v->n; r++) {
		if (!written(v, r))
			continue;
		for (size_t s = 0; s < v->n; s++)
			if (accessed(v, s) && cross(&v->u[r], &v->u[s]) &&
			    (same_path(v->u[r].path, q->path) || same_path(v->u[s].path, q->path)))
				return true;
	}
	return false;
}

/* Each run of serialized path @q reads @w (without writing it) anyway. */
static bool rides_along(const struct side *w, const struct cl_use *q)
{
	if (!q->path || same_path(q->path, CL_PATH_EVERY) || (q->flags & CL_USE_CONCURRENT))
		return false;
	for (size_t i = 0; i < w->n; i++)
		if (same_path(w->u[i].path, q->path) && !(w->u[i].flags & CL_USE_CONCURRENT))
			return (w->u[i].flags & CL_USE_READ) && !written(w, i);
	return false;
}

static bool conflict_resolved(const struct side *w, const struct side *v)
{
	for (size_t i = 0; i < w->n; i++) {
		if (!written(w, i))
			continue;
		for (size_t j = 0; j < v->n; j++)
			if (accessed(v, j) && cross(&w->u[i], &v->u[j]) &&
			    !moves_anyway(v, &v->u[j]) && !rides_along(w, &v->u[j]))
				return true;
	}
	return false;
}

static unsigned some_count(const struct cl_use *u, size_t n)
{
	unsigned k = 0;

	for (size_t i = 0; i < n; i++)
		k += !!(u[i].flags & CL_USE_WRITE_SOME);
	return k;
}

/*
 * Every resolution of the unknown writers: each member with some is
 * written on a non-empty subset of them.
 */
bool cl_paths_conflict(const struct cl_access *wa, const struct cl_access *va)
{
	struct cl_use wbuf, vbuf;
	struct side w, v;
	unsigned wk, vk;

	w.n = cl_access_uses(wa, &wbuf, &w.u);
	v.n = cl_access_uses(va, &vbuf, &v.u);
	wk = some_count(w.u, w.n);
	vk = some_count(v.u, v.n);
	if (wk > SOME_MAX || vk > SOME_MAX)
		return false;
	for (unsigned wm = wk ? 1 : 0; wm < (1u << wk); wm++) {
		for (unsigned vm = vk ? 1 : 0; vm < (1u << vk); vm++) {
			w.mask = wm;
			v.mask = vm;
			if (!conflict_resolved(&w, &v))
				return false;
		}
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* words                                                                */

static const char *path_list(struct cl_arena *a, const struct cl_use *u, size_t n,
			     uint32_t flag, bool only_reads)
{
	const char *s = NULL;

	for (size_t i = 0; i < n; i++) {
		if (!(u[i].flags & flag))
			continue;
		if (only_reads && (u[i].flags & (CL_USE_WRITE | CL_USE_WRITE_SOME)))
			continue;
		s = s ? cl_arena_printf(a, "%s, %s", s, u[i].path ? u[i].path : "?") :
			u[i].path ? u[i].path : "?";
	}
	return s;
}

const char *cl_access_describe(const struct cl_access *acc, struct cl_arena *a)
{
	const char *reads, *writes, *some, *s = NULL;

	switch (acc->cls) {
	case CL_CLASS_READ_MOSTLY:
		return "read-mostly";
	case CL_CLASS_WRITE_HOT:
		return acc->group ? cl_arena_printf(a, "written on hot paths (write group '%s')",
						    acc->group) :
				    "written on hot paths";
	case CL_CLASS_PATHS:
		break;
	default:
		return "not accessed on hot paths";
	}
	reads = path_list(a, acc->uses, acc->nuses, CL_USE_READ, true);
	writes = path_list(a, acc->uses, acc->nuses, CL_USE_WRITE, false);
	some = path_list(a, acc->uses, acc->nuses, CL_USE_WRITE_SOME, false);
	if (reads)
		s = cl_arena_printf(a, "read on %s", reads);
	if (writes)
		s = s ? cl_arena_printf(a, "%s; written on %s", s, writes) :
			cl_arena_printf(a, "written on %s", writes);
	if (some)
		s = s ? cl_arena_printf(a, "%s; written on at least one of %s", s, some) :
			cl_arena_printf(a, "written on at least one of %s", some);
	return s ? s : "not accessed on hot paths";
}

/* ------------------------------------------------------------------ */
/* source annotations                                                   */

static const char *const annotation_names[] = {
	[CL_READ_ON] = "read_on",
	[CL_WRITTEN_ON] = "written_on",
	[CL_WRITTEN_ON_SOME] = "written_on_some",
};

int cl_paths_annotation_kind(const char *word, size_t len)
{
	for (int k = 0; k < (int)(sizeof(annotation_names) / sizeof(annotation_names[0])); k++)
		if (strlen(annotation_names[k]) == len && !memcmp(annotation_names[k], word, len))
			return k;
	return -1;
}

const char *cl_paths_annotation_name(enum cl_paths_annotation kind)
{
	return annotation_names[kind];
}

static bool path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-' || c == '.';
}

#define CONCURRENT_SUFFIX ":concurrent"

size_t cl_path_parse(const char *s, size_t len, bool *concurrent)
{
	size_t n = 0, suffix = strlen(CONCURRENT_SUFFIX);

	while (n < len && path_char(s[n]))
		n++;
	*concurrent = len - n == suffix && !memcmp(s + n, CONCURRENT_SUFFIX, suffix);
	return n && (n == len || *concurrent) ? n : 0;
}

/* The length of @s without a parameter list at its end ("(int) const"). */
static size_t without_params(const char *s)
{
	size_t n = strlen(s), k;
	int depth = 0;

	if (n > 6 && !strcmp(s + n - 6, " const"))
		n -= 6;
	if (!n || s[n - 1] != ')')
		return strlen(s);
	for (k = n; k-- > 0;) {
		depth += s[k] == ')' ? 1 : s[k] == '(' ? -1 : 0;
		if (!depth)
			break;
	}
	return k + 1 > 1 && k < n ? k : strlen(s);
}

const char *cl_path_name_of(const char *sym, struct cl_arena *a)
{
	size_t n = without_params(sym);
	char *p;

	if (!n)
		return NULL;
	p = cl_arena_alloc(a, n + 1);
	for (size_t i = 0; i < n; i++)
		p[i] = path_char(sym[i]) ? sym[i] : '_';
	p[n] = '\0';
	return p;
}

/*
 * The next item of @s at *@pos, up to a ',' or the end, spaces around it
 * left out: *@pos its start, *@len its name's length.  False when it is no
 * path (cl_path_parse()).
 */
static bool next_path(const char *s, size_t *pos, size_t *len, bool *concurrent)
{
	size_t i = *pos, end;

	while (s[i] == ' ')
		i++;
	end = i + strcspn(s + i, ",");
	while (end > i && s[end - 1] == ' ')
		end--;
	*len = cl_path_parse(s + i, end - i, concurrent);
	*pos = i;
	return *len > 0;
}

const char *cl_paths_annotation_add(struct cl_access *acc, enum cl_paths_annotation kind,
				    const char *list, const char *field, struct cl_arena *a)
{
	static const uint32_t flags[] = {
		[CL_READ_ON] = CL_USE_READ,
		[CL_WRITTEN_ON] = CL_USE_READ | CL_USE_WRITE,
		[CL_WRITTEN_ON_SOME] = CL_USE_READ | CL_USE_WRITE_SOME,
	};
	struct cl_use *u;
	size_t n = 0, cap, pos = 0, len, listed = 0;
	bool concurrent;

	if (acc->cls != CL_CLASS_NONE && acc->cls != CL_CLASS_PATHS)
		return cl_arena_printf(a, "cachelint: field '%s' is annotated both %s and with paths",
				       field, acc->cls == CL_CLASS_READ_MOSTLY ? "read-mostly" :
				       acc->cls == CL_CLASS_WRITE_HOT ? "write-hot" : "cold");
	for (pos = 0;; pos++) {
		if (!next_path(list, &pos, &len, &concurrent))
			return cl_arena_printf(a, "cachelint: the paths of field '%s' must be path names separated by ',' (\"tx,rx\", \"charge:concurrent\"), not \"%s\"",
					       field, cl_name_escape(a, list));
		listed++;
		pos += len + (concurrent ? strlen(CONCURRENT_SUFFIX) : 0);
		while (list[pos] == ' ')
			pos++;
		if (!list[pos])
			break;
	}
	cap = acc->nuses + listed;
	u = cl_arena_alloc(a, cap * sizeof(*u));
	if (acc->nuses)
		memcpy(u, acc->uses, acc->nuses * sizeof(*u));
	n = acc->nuses;
	for (pos = 0; list[pos]; pos++) {
		size_t i;

		next_path(list, &pos, &len, &concurrent);
		for (i = 0; i < n; i++)
			if (strlen(u[i].path) == len && !memcmp(u[i].path, list + pos, len))
				break;
		if (i == n) {
			memset(&u[n], 0, sizeof(u[n]));
			u[n++].path = cl_arena_strndup(a, list + pos, len);
		}
		/* written on at least one of a single path: written on it */
		u[i].flags |= kind == CL_WRITTEN_ON_SOME && listed == 1 ? flags[CL_WRITTEN_ON] :
									 flags[kind];
		if (concurrent)
			u[i].flags |= CL_USE_CONCURRENT;
		pos += len + (concurrent ? strlen(CONCURRENT_SUFFIX) : 0);
		while (list[pos] == ' ')
			pos++;
		if (!list[pos])
			break;
	}
	acc->cls = CL_CLASS_PATHS;
	acc->origin = CL_ORIGIN_SOURCE;
	acc->uses = u;
	acc->nuses = (uint32_t)n;
	return NULL;
}

/* What a use says: a path that writes a member reads it too (as a profile's write: means). */
static uint32_t use_meaning(uint32_t flags, uint32_t mask)
{
	flags &= mask;
	return flags & (CL_USE_WRITE | CL_USE_WRITE_SOME) ? flags | CL_USE_READ : flags;
}

static const struct cl_use *find_use(const struct cl_access *acc, const char *path)
{
	for (uint32_t i = 0; i < acc->nuses; i++)
		if (same_path(acc->uses[i].path, path))
			return &acc->uses[i];
	return NULL;
}

/*
 * The same paths with the same uses, in any order: __written_on("tx")
 * (read and written) and write: [tx] say the same, and so do "tx,rx" and
 * [rx, tx].
 */
static bool access_same(const struct cl_access *x, const struct cl_access *y, uint32_t mask)
{
	if (x->cls != y->cls || !same_path(x->group, y->group) || x->nuses != y->nuses)
		return false;
	for (uint32_t i = 0; i < x->nuses; i++) {
		const struct cl_use *u = find_use(y, x->uses[i].path);

		if (!u || use_meaning(u->flags, mask) != use_meaning(x->uses[i].flags, mask))
			return false;
	}
	return true;
}

bool cl_access_same(const struct cl_access *x, const struct cl_access *y)
{
	return access_same(x, y, CL_USE_READ | CL_USE_WRITE | CL_USE_WRITE_SOME |
				 CL_USE_CONCURRENT);
}

bool cl_access_same_uses(const struct cl_access *x, const struct cl_access *y)
{
	return access_same(x, y, CL_USE_READ | CL_USE_WRITE | CL_USE_WRITE_SOME);
}
