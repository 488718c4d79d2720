// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_merge.c - add loaded profiles up (profile_merge.h)
 *
 * Every string of a file's profile is copied into the sum's arena, so each
 * file's profile can be freed once it is added: merging a fleet's profiles
 * holds the sum and one file at a time.
 */
#define _GNU_SOURCE
#include "profile_merge.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "profile_loader.h"
#include "model/rules.h"

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/*
 * A count of the sum.  One past 2^64-1 cannot be written (the loader
 * refuses it) and a capped one would change the ratios that classes and
 * findings are made of (2:1 reads to writes, capped, is 1:1): it is noted,
 * and the entry being added fails with SUM_PAST.
 */
static uint64_t sum(struct cl_merge *m, uint64_t a, uint64_t b)
{
	if (a > UINT64_MAX - b) {
		m->overflow = true;
		return UINT64_MAX;
	}
	return a + b;
}

/* The end of the error an entry whose sum overflowed fails with. */
#define SUM_PAST "the sum of a count is past 2^64-1 (18446744073709551615): counts this large cannot be added up"

static const char *copy(struct cl_merge *m, const char *s)
{
	return s ? cl_strset_intern(&m->names, s) : NULL;
}

static struct cl_span copy_span(struct cl_merge *m, const struct cl_span *s)
{
	struct cl_span c = *s;

	c.file = copy(m, s->file);
	c.shown_file = copy(m, s->shown_file);
	return c;
}

static int fail(struct cl_diag *err, const struct cl_span *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct cl_diag *err, const struct cl_span *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cl_diag_vset(err, at->file ? at->file : "", at->line, at->col, fmt, ap);
	va_end(ap);
	return -1;
}

/* ------------------------------------------------------------------ */
/* Keys: where an item of one of the sum's lists is                     */

/* What a key finds. */
enum {
	KEY_OBJECT_STRUCT = 1,	/* name */
	KEY_OBJECT_PAIR,	/* objects: struct, write, access */
	KEY_OBJECT_VARIABLE,	/* name */
	KEY_ENTRY,		/* variable (num), name */
	KEY_PAIR,		/* entry, write, access */
	KEY_SHARED,		/* entry, member */
	KEY_SHARED_ELEMENT,	/* entry, element (num) */
	KEY_LINE,		/* entry, offset (num) */
	KEY_TOUCH,		/* entry, line, path */
	KEY_BUDGET,		/* record, path */
	KEY_CONCURRENT,		/* path */
};

/*
 * The key of an item: its kind, the list it is in (the index of its owner
 * and of its owner's line), and what names it.  Every string is the sum's
 * interned copy (copy()), so strings compare by address.  No padding:
 * the key is hashed as bytes.
 */
struct key {
	uint64_t kind, owner, sub;
	int64_t num;
	const char *s1, *s2;
};

/**
 * struct cl_merge_key - a key and where its item is
 * @k: the key
 * @pos: the item's index in its list
 */
struct cl_merge_key {
	struct key k;
	size_t pos;
};

static uint64_t key_rehash(const void *ctx, size_t i)
{
	return cl_hash_mem(&((const struct cl_merge *)ctx)->keyv[i].k, sizeof(struct key));
}

static bool key_eq(const void *ctx, size_t i, const void *key)
{
	return !memcmp(&((const struct cl_merge *)ctx)->keyv[i].k, key, sizeof(struct key));
}

/*
 * The index in its list of the item @k names, or @fresh when there is none
 * yet: the caller then appends it there.  @k's strings must be interned.
 */
static size_t key_pos(struct cl_merge *m, const struct key *k, size_t fresh)
{
	size_t *slot = cl_index_add(&m->keys, m->nkeys, cl_hash_mem(k, sizeof(*k)), key_eq,
				    key_rehash, m, k);
	struct cl_merge_key *e;

	if (*slot)
		return m->keyv[*slot - 1].pos;
	e = cl_vec_push(&m->keyv, &m->nkeys, &m->keys_cap);
	e->k = *k;
	e->pos = fresh;
	*slot = m->nkeys;
	return fresh;
}

void cl_merge_init(struct cl_merge *m)
{
	memset(m, 0, sizeof(*m));
	cl_arena_init(&m->arena);
	cl_strset_init(&m->names);
	cl_index_init(&m->index);
	cl_contention_init(&m->contention);
	cl_thresholds_init(&m->thresholds);
}

void cl_merge_free(struct cl_merge *m)
{
	for (size_t i = 0; i < m->nstructs; i++) {
		for (size_t k = 0; k < m->structs[i].nmembers; k++)
			free(m->structs[i].members[k].uses);
		free(m->structs[i].members);
		cl_index_free(&m->structs[i].index);
	}
	free(m->structs);
	cl_index_free(&m->index);
	free(m->concurrent);
	for (size_t i = 0; i < m->objects.nstructs; i++) {
		struct cl_object_struct *o = &m->objects.structs[i];

		for (size_t k = 0; k < o->npairs; k++)
			free(o->pairs[k].paths);
		free(o->pairs);
		free(o->between.paths);
	}
	for (size_t i = 0; i < m->objects.nvariables; i++)
		free(m->objects.variables[i].paths);
	free(m->objects.structs);
	free(m->objects.variables);
	for (size_t i = 0; i < m->contention.n; i++) {
		struct cl_contention_entry *e = &m->contention.entries[i];

		free(e->alloc);
		for (size_t k = 0; k < e->npairs; k++)
			free(e->pairs[k].who.paths);
		for (size_t k = 0; k < e->nshared; k++)
			free(e->shared[k].who.paths);
		free(e->between.who.paths);
		free(e->pairs);
		free(e->shared);
		for (size_t k = 0; k < e->nlines; k++) {
			for (uint32_t t = 0; t < e->lines[k].ntouch; t++) {
				free(e->lines[k].touch[t].read);
				free(e->lines[k].touch[t].write);
			}
			free(e->lines[k].touch);
		}
		free(e->lines);
	}
	cl_contention_free(&m->contention);
	free(m->budgets);
	cl_index_free(&m->keys);
	free(m->keyv);
	cl_strset_free(&m->names);
	cl_arena_free(&m->arena);
}

/* ------------------------------------------------------------------ */
/* Lists of names                                                       */

/* Append the names of @add that @v lacks, keeping at most @max (0: all). */
static void names_union(struct cl_merge *m, const char ***v, uint32_t *n, const char **add,
			uint32_t nadd, uint32_t max)
{
	for (uint32_t i = 0; i < nadd && (!max || *n < max); i++) {
		const char *s = copy(m, add[i]);
		bool have = false;

		for (uint32_t k = 0; k < *n && !have; k++)
			have = (*v)[k] == s;
		if (have)
			continue;
		*v = cl_xrealloc(*v, (*n + 1) * sizeof(**v));
		(*v)[(*n)++] = s;
	}
}

static void who_add(struct cl_merge *m, struct cl_contention_who *to,
		    const struct cl_contention_who *from)
{
	to->threads = sum(m, to->threads, from->threads);
	names_union(m, &to->paths, &to->npaths, from->paths, from->npaths,
		    CL_CONTENTION_PATHS_SHOWN);
}

/* ------------------------------------------------------------------ */
/* structs: member entries                                              */

static uint64_t struct_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_merge *)ctx)->structs[i].name);
}

static bool struct_eq(const void *ctx, size_t i, const void *name)
{
	return !strcmp(((const struct cl_merge *)ctx)->structs[i].name, name);
}

static struct cl_merge_struct *merge_struct(struct cl_merge *m, const char *name)
{
	size_t *slot = cl_index_add(&m->index, m->nstructs, cl_hash_str(name), struct_eq,
				    struct_hash, m, name);
	struct cl_merge_struct *s;

	if (*slot)
		return &m->structs[*slot - 1];
	s = cl_vec_push(&m->structs, &m->nstructs, &m->structs_cap);
	s->name = copy(m, name);
	cl_index_init(&s->index);
	*slot = m->nstructs;
	return s;
}

static uint64_t member_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_merge_struct *)ctx)->members[i].path);
}

static bool member_eq(const void *ctx, size_t i, const void *path)
{
	return !strcmp(((const struct cl_merge_struct *)ctx)->members[i].path, path);
}

static int use_cmp(const void *x, const void *y)
{
	return strcmp(((const struct cl_use *)x)->path, ((const struct cl_use *)y)->path);
}

/*
 * The uses of a loaded entry as the file gave them: the counted ones from
 * its inference (the thresholds may have dropped some from the class),
 * else the listed ones.
 */
static size_t loaded_uses(const struct cl_profile_member *pm, const struct cl_use **out)
{
	if (pm->inferred && pm->inferred->counted) {
		*out = pm->inferred->counted;
		return pm->inferred->ncounted;
	}
	*out = pm->access.cls == CL_CLASS_PATHS ? pm->access.uses : NULL;
	return pm->access.cls == CL_CLASS_PATHS ? pm->access.nuses : 0;
}

/* A merged member as the file's entry @pm says it, alone. */
static void member_set(struct cl_merge *m, struct cl_merge_member *mm,
		       const struct cl_profile_member *pm)
{
	const struct cl_use *u;
	size_t n = loaded_uses(pm, &u);

	free(mm->uses);
	memset(mm, 0, sizeof(*mm));
	mm->path = copy(m, pm->path);
	mm->span = copy_span(m, &pm->span);
	mm->from = copy(m, pm->from);
	mm->paths = n > 0;
	if (mm->paths) {
		mm->uses = cl_xmalloc(n * sizeof(*mm->uses));
		for (size_t i = 0; i < n; i++) {
			mm->uses[i] = u[i];
			mm->uses[i].path = copy(m, u[i].path);
		}
		mm->nuses = (uint32_t)n;
		qsort(mm->uses, n, sizeof(*mm->uses), use_cmp);
		if (u[0].flags & LD_USE_COUNTED || pm->inferred)
			mm->counted_at = mm->span;
		return;
	}
	mm->access = pm->access;
	mm->access.uses = NULL;
	mm->access.nuses = 0;
	mm->access.group = copy(m, pm->access.group);
	mm->has_class = pm->access.origin != CL_ORIGIN_INFERRED;
	if (pm->access.has_counts)
		mm->counted_at = mm->span;
}

static bool member_counted(const struct cl_merge_member *mm)
{
	if (!mm->paths)
		return mm->access.has_counts;
	for (uint32_t i = 0; i < mm->nuses; i++)
		if (mm->uses[i].flags & LD_USE_COUNTED)
			return true;
	return false;
}

/* A path listed in one file's entry and counted in another's: no sum. */
static int listed_and_counted(struct cl_diag *err, const struct cl_merge_member *mm,
			      const struct cl_profile_member *pm, const struct cl_use *u,
			      const char *sname)
{
	bool counted = u->flags & LD_USE_COUNTED;

	return fail(err, &pm->span,
		    "entry '%s' of '%s' %s path '%s', which the entry at %s:%u:%u %s: a count and a list cannot be added up",
		    pm->path, sname, counted ? "counts" : "lists", u->path,
		    mm->span.file ? mm->span.file : "?", mm->span.line, mm->span.col,
		    counted ? "lists" : "counts");
}

/* Add the uses of @pm to @mm's, both sorted by path; counts add up. */
static int uses_add(struct cl_merge *m, struct cl_merge_member *mm,
		    const struct cl_profile_member *pm, const char *sname, struct cl_diag *err)
{
	const struct cl_use *u;
	size_t n = loaded_uses(pm, &u), k = 0, out = 0;
	struct cl_use *add = cl_xmalloc((n + 1) * sizeof(*add));
	struct cl_use *v = cl_xmalloc((mm->nuses + n + 1) * sizeof(*v));

	memcpy(add, u, n * sizeof(*add));
	qsort(add, n, sizeof(*add), use_cmp);
	for (size_t i = 0; i < mm->nuses || k < n;) {
		int c = i == mm->nuses ? 1 : k == n ? -1 : strcmp(mm->uses[i].path, add[k].path);

		if (c < 0) {
			v[out++] = mm->uses[i++];
			continue;
		}
		if (c > 0) {
			v[out] = add[k++];
			v[out].path = copy(m, v[out].path);
			out++;
			continue;
		}
		if ((mm->uses[i].flags ^ add[k].flags) & LD_USE_COUNTED) {
			listed_and_counted(err, mm, pm, &add[k], sname);
			free(add);
			free(v);
			return -1;
		}
		v[out] = mm->uses[i++];
		v[out].flags |= add[k].flags;
		v[out].reads = sum(m, v[out].reads, add[k].reads);
		v[out].writes = sum(m, v[out].writes, add[k].writes);
		out++;
		k++;
	}
	free(add);
	free(mm->uses);
	mm->uses = v;
	mm->nuses = (uint32_t)out;
	return 0;
}

/* Counts add up; a class given by hand is the last file's, as profile=a:b. */
static void totals_add(struct cl_merge *m, struct cl_merge_member *mm,
		       const struct cl_profile_member *pm)
{
	const struct cl_access *a = &pm->access;

	if (a->has_counts) {
		if (!mm->access.has_counts)
			mm->counted_at = copy_span(m, &pm->span);
		mm->access.has_counts = true;
		mm->access.reads = sum(m, mm->access.reads, a->reads);
		mm->access.writes = sum(m, mm->access.writes, a->writes);
	}
	if (a->origin != CL_ORIGIN_INFERRED) {
		mm->has_class = true;
		mm->access.cls = a->cls;
		mm->access.group = copy(m, a->group);
		mm->access.origin = a->origin;
	}
}

/*
 * An entry's read: (write:) is a list of paths or a mapping of counts: a
 * sum that counts some paths and lists others cannot be written as one.
 */
static int uses_one_form(const struct cl_merge_member *mm, const struct cl_profile_member *pm,
			 const char *sname, struct cl_diag *err)
{
	static const struct { uint32_t flag; const char *key; } dirs[] = {
		{ CL_USE_READ, "read" }, { CL_USE_WRITE, "write" },
	};

	for (size_t d = 0; d < 2; d++) {
		const struct cl_use *counted = NULL, *listed = NULL;

		for (uint32_t i = 0; i < mm->nuses; i++) {
			if (!(mm->uses[i].flags & dirs[d].flag))
				continue;
			if (mm->uses[i].flags & LD_USE_COUNTED)
				counted = counted ? counted : &mm->uses[i];
			else
				listed = listed ? listed : &mm->uses[i];
		}
		if (counted && listed)
			return fail(err, &pm->span,
				    "entry '%s' of '%s' would count path '%s' and list path '%s' under %s: (a list of paths or counts, not both): they cannot be added up",
				    pm->path, sname, counted->path, listed->path, dirs[d].key);
	}
	return 0;
}

/*
 * Samples and accesses are two measures: perf's samples each stand for a
 * period of accesses, so a sum of both means nothing, and a sum of samples
 * is samples (the floor of min-accesses does not apply to it).
 */
static int measure_add(struct cl_merge *m, const struct cl_profile_member *pm,
		       const char *sname, struct cl_diag *err)
{
	const struct cl_span *was = &m->counts_at;

	if (!was->file) {
		m->samples = pm->inferred->samples;
		m->counts_at = copy_span(m, &pm->span);
		return 0;
	}
	if (m->samples == pm->inferred->samples)
		return 0;
	return fail(err, &pm->span,
		    "entry '%s' of '%s' counts %s, but %s:%u:%u counts %s: accesses and perf samples (counts: samples) cannot be added up",
		    pm->path, sname, m->samples ? "accesses" : "samples", was->file, was->line,
		    was->col, m->samples ? "samples" : "accesses");
}

/*
 * The union of an entry's paths past the loader's bound would be a sum
 * that does not load: said here, at the entry and the file that took it
 * past, not at a line of the generated text.
 */
static int paths_bound(const struct cl_merge_member *mm, const struct cl_profile_member *pm,
		       const char *sname, struct cl_diag *err)
{
	if (mm->nuses <= CL_ENTRY_PATHS_MAX)
		return 0;
	return fail(err, &pm->span,
		    "entry '%s' of '%s', added to the one at %s:%u:%u (and the files before), would have %" PRIu32 " paths: more than %d paths in one entry cannot be loaded",
		    pm->path, sname, mm->span.file ? mm->span.file : "?", mm->span.line,
		    mm->span.col, mm->nuses, CL_ENTRY_PATHS_MAX);
}

static int member_add(struct cl_merge *m, struct cl_merge_struct *s,
		      const struct cl_profile_member *pm, struct cl_diag *err)
{
	size_t *slot = cl_index_add(&s->index, s->nmembers, cl_hash_str(pm->path), member_eq,
				    member_hash, s, pm->path);
	struct cl_merge_member *mm, was;
	const struct cl_use *u;
	bool paths = loaded_uses(pm, &u) > 0;

	if (pm->inferred && measure_add(m, pm, s->name, err))
		return -1;
	if (!*slot) {
		mm = cl_vec_push(&s->members, &s->nmembers, &s->cap);
		*slot = s->nmembers;
		member_set(m, mm, pm);
		return uses_one_form(mm, pm, s->name, err);
	}
	mm = &s->members[*slot - 1];
	if (mm->paths != paths) {
		/* a class and counts per path, say: no sum; the later replaces, as profile=a:b */
		if (member_counted(mm) && (paths || pm->access.has_counts))
			return fail(err, &pm->span,
				    "entry '%s' of '%s' has counts %s, but %s:%u:%u has them %s: profiles written with different CACHELINT_PROFILE_COUNTS cannot be added up",
				    pm->path, s->name, paths ? "per path" : "in totals",
				    mm->counted_at.file, mm->counted_at.line, mm->counted_at.col,
				    paths ? "in totals" : "per path");
		was = *mm;
		mm->uses = NULL;
		member_set(m, mm, pm);
		free(was.uses);
		return uses_one_form(mm, pm, s->name, err);
	}
	if (!paths)
		totals_add(m, mm, pm);
	else if (uses_add(m, mm, pm, s->name, err) || uses_one_form(mm, pm, s->name, err) ||
		 paths_bound(mm, pm, s->name, err))
		return -1;
	/* the errors above name the earlier entry: only now is this one the last */
	mm->span = copy_span(m, &pm->span);
	if (pm->from)
		mm->from = copy(m, pm->from);
	if (!mm->counted_at.file && member_counted(mm))
		mm->counted_at = mm->span;
	if (m->overflow)
		return fail(err, &pm->span, "entry '%s' of '%s': " SUM_PAST, pm->path, s->name);
	return 0;
}

static int structs_add(struct cl_merge *m, const struct cl_profile *p, struct cl_diag *err)
{
	for (size_t i = 0; i < p->nstructs; i++) {
		const struct cl_profile_struct *ps = &p->structs[i];
		struct cl_merge_struct *s = merge_struct(m, ps->name);

		s->suppress |= ps->suppress;
		for (size_t k = 0; k < ps->nmembers; k++)
			if (member_add(m, s, &ps->members[k], err))
				return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* objects:                                                             */

static uint64_t least_align(uint64_t a, uint64_t b)
{
	return !a ? b : !b ? a : a < b ? a : b;
}

static void object_pairs_add(struct cl_merge *m, size_t owner, struct cl_object_struct *to,
			     const struct cl_object_struct *from)
{
	for (size_t i = 0; i < from->npairs; i++) {
		const struct cl_object_pair *f = &from->pairs[i];
		struct key k = { .kind = KEY_OBJECT_PAIR, .owner = owner, .s1 = copy(m, f->write),
				 .s2 = copy(m, f->access) };
		size_t at = key_pos(m, &k, to->npairs);
		struct cl_object_pair *t = at < to->npairs ? &to->pairs[at] : NULL;

		if (!t) {
			to->pairs = cl_xrealloc(to->pairs, (to->npairs + 1) * sizeof(*to->pairs));
			t = &to->pairs[to->npairs++];
			memset(t, 0, sizeof(*t));
			t->write = copy(m, f->write);
			t->access = copy(m, f->access);
			t->span = copy_span(m, &f->span);
		}
		t->objects = sum(m, t->objects, f->objects);
		t->same_bytes = sum(m, t->same_bytes, f->same_bytes);
		t->same_written = sum(m, t->same_written, f->same_written);
		t->threads = sum(m, t->threads, f->threads);
		names_union(m, &t->paths, &t->npaths, f->paths, f->npaths, CL_CONTENTION_PATHS_SHOWN);
	}
}

/*
 * Objects of two sizes are two structs (two builds, two definitions of one
 * tag): the lines they share are not the same evidence.
 */
static int between_size(struct cl_diag *err, const char *name, uint64_t size,
			const struct cl_span *at, uint64_t was, const struct cl_span *was_at)
{
	return fail(err, at,
		    "between of '%s' is of %" PRIu64 "-byte objects, but %s:%u:%u has %" PRIu64 "-byte ones: evidence of two object sizes cannot be added up",
		    name, size, was_at->file ? was_at->file : "?", was_at->line, was_at->col, was);
}

static int object_struct_add(struct cl_merge *m, const struct cl_object_struct *f,
			     struct cl_diag *err)
{
	struct cl_objects *o = &m->objects;
	struct key k = { .kind = KEY_OBJECT_STRUCT, .s1 = copy(m, f->name) };
	size_t at = key_pos(m, &k, o->nstructs);
	struct cl_object_struct *t = at < o->nstructs ? &o->structs[at] : NULL;

	if (!t) {
		t = cl_vec_push(&o->structs, &o->nstructs, &o->structs_cap);
		t->name = copy(m, f->name);
		t->span = copy_span(m, &f->span);
	}
	if (f->has_between && t->has_between && f->between.size && t->between.size &&
	    f->between.size != t->between.size)
		return between_size(err, f->name, f->between.size, &f->between.span,
				    t->between.size, &t->between.span);
	t->instances = sum(m, t->instances, f->instances);
	t->shared = sum(m, t->shared, f->shared);
	t->base_align = least_align(t->base_align, f->base_align);
	object_pairs_add(m, at, t, f);
	if (f->has_between) {
		struct cl_object_between *b = &t->between;

		if (!t->has_between)
			b->span = copy_span(m, &f->between.span);
		t->has_between = true;
		b->lines = sum(m, b->lines, f->between.lines);
		b->per_line = b->per_line > f->between.per_line ? b->per_line : f->between.per_line;
		b->size = f->between.size ? f->between.size : b->size;
		b->same_bytes = sum(m, b->same_bytes, f->between.same_bytes);
		b->threads = sum(m, b->threads, f->between.threads);
		names_union(m, &b->paths, &b->npaths, f->between.paths, f->between.npaths,
			    CL_CONTENTION_PATHS_SHOWN);
	}
	if (m->overflow)
		return fail(err, &f->span, "objects: of struct '%s': " SUM_PAST, f->name);
	return 0;
}

static int object_variable_add(struct cl_merge *m, const struct cl_object_variable *f,
			       struct cl_diag *err)
{
	struct cl_objects *o = &m->objects;
	struct key k = { .kind = KEY_OBJECT_VARIABLE, .s1 = copy(m, f->name) };
	size_t at = key_pos(m, &k, o->nvariables);
	struct cl_object_variable *t = at < o->nvariables ? &o->variables[at] : NULL;
	uint64_t bound;

	if (!t) {
		t = cl_vec_push(&o->variables, &o->nvariables, &o->variables_cap);
		t->name = copy(m, f->name);
		t->span = copy_span(m, &f->span);
		t->element = f->element;
		t->elements = f->elements;
	} else if ((f->element && t->element && f->element != t->element) ||
		   (f->elements && t->elements && f->elements != t->elements)) {
		return fail(err, &f->span,
			    "variable '%s' has %" PRIu64 " elements of %" PRIu64 " bytes, but %s:%u:%u has %" PRIu64 " of %" PRIu64 ": evidence of two different variables cannot be added up",
			    f->name, f->elements, f->element, t->span.file, t->span.line,
			    t->span.col, t->elements, t->element);
	}
	t->element = t->element ? t->element : f->element;
	t->elements = t->elements ? t->elements : f->elements;
	t->base_align = least_align(t->base_align, f->base_align);
	t->lines = sum(m, t->lines, f->lines);
	/* two runs see the same lines: their sum stops at the lines there are */
	bound = cl_objects_lines_bound(t->element, t->elements,
				       m->objects.line_size ? m->objects.line_size :
				       CL_LINE_SIZE_MAX);
	if (bound && t->lines > bound)
		t->lines = bound;
	t->per_line = t->per_line > f->per_line ? t->per_line : f->per_line;
	t->same_bytes = sum(m, t->same_bytes, f->same_bytes);
	t->threads = sum(m, t->threads, f->threads);
	names_union(m, &t->paths, &t->npaths, f->paths, f->npaths, CL_CONTENTION_PATHS_SHOWN);
	if (m->overflow)
		return fail(err, &f->span, "objects: of variable '%s': " SUM_PAST, f->name);
	return 0;
}

/*
 * The file's objects: section.  Its spans are not kept in the profile;
 * where two files' line sizes differ, the error is at the file's first
 * entry (or the file itself).
 */
static int objects_add(struct cl_merge *m, const struct cl_profile *p, const char *file,
		       struct cl_diag *err)
{
	const struct cl_objects *f = &p->objects;
	struct cl_objects *o = &m->objects;
	struct cl_span at = { .file = file };

	if (!f->present)
		return 0;
	if (f->nstructs)
		at = f->structs[0].span;
	else if (f->nvariables)
		at = f->variables[0].span;
	if (f->line_size && o->line_size && f->line_size != o->line_size)
		return fail(err, &at,
			    "objects: line-size %" PRIu64 ", but %s says %" PRIu64 ": evidence taken at two line sizes cannot be added up",
			    f->line_size, m->objects_line_at.file, o->line_size);
	if (f->line_size && !o->line_size) {
		o->line_size = f->line_size;
		/* the file that said it: objects: keeps no place of its own */
		m->objects_line_at = (struct cl_span){ .file = copy(m, file) };
	}
	o->present = true;
	/* runs sampled alike add up; where not, the sparsest sampling is what is claimed */
	o->sample = f->sample > o->sample ? f->sample : o->sample;
	o->dropped = sum(m, o->dropped, f->dropped);
	if (m->overflow)
		return fail(err, &at, "objects: dropped: " SUM_PAST);
	for (size_t i = 0; i < f->nstructs; i++)
		if (object_struct_add(m, &f->structs[i], err))
			return -1;
	for (size_t i = 0; i < f->nvariables; i++)
		if (object_variable_add(m, &f->variables[i], err))
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* contention:                                                          */

static int header_add(struct cl_merge *m, const struct cl_contention_header *h,
		      struct cl_diag *err)
{
	struct cl_contention_header *t = &m->contention_hdr;
	const struct cl_span *was = &m->contention_at;

	if (!m->contention.present) {
		*t = *h;
		t->source = copy(m, h->source);
		t->span = copy_span(m, &h->span);
		m->contention_at = t->span;
		m->contention.present = true;
		return 0;
	}
	if (strcmp(t->source, h->source) || t->measure != h->measure)
		return fail(err, &h->span,
			    "contention from %s (%s), but %s:%u:%u is from %s (%s): weights of two measures cannot be added up",
			    h->source, h->measure == CL_MEASURE_HITM ? "hitm" : "transfers",
			    was->file, was->line, was->col, t->source,
			    t->measure == CL_MEASURE_HITM ? "hitm" : "transfers");
	if (h->line_size && t->line_size && h->line_size != t->line_size)
		return fail(err, &h->span,
			    "contention at line-size %" PRIu64 ", but %s:%u:%u is at %" PRIu64 ": evidence taken at two line sizes cannot be added up",
			    h->line_size, was->file, was->line, was->col, t->line_size);
	t->line_size = t->line_size ? t->line_size : h->line_size;
	t->seconds += h->seconds;
	t->sample = h->sample > t->sample ? h->sample : t->sample;
	t->samples = sum(m, t->samples, h->samples);
	t->dropped = sum(m, t->dropped, h->dropped);
	t->units_dropped = sum(m, t->units_dropped, h->units_dropped);
	t->threads = sum(m, t->threads, h->threads);
	if (m->overflow)
		return fail(err, &h->span, "contention: samples, dropped, units-dropped or threads: " SUM_PAST);
	return 0;
}

static void pairs_add(struct cl_merge *m, size_t owner, struct cl_contention_entry *t,
		      const struct cl_contention_entry *f)
{
	for (size_t i = 0; i < f->npairs; i++) {
		const struct cl_contention_pair *fp = &f->pairs[i];
		struct key k = { .kind = KEY_PAIR, .owner = owner, .s1 = copy(m, fp->write),
				 .s2 = copy(m, fp->access) };
		size_t at = key_pos(m, &k, t->npairs);
		struct cl_contention_pair *tp = at < t->npairs ? &t->pairs[at] : NULL;

		if (!tp) {
			t->pairs = cl_xrealloc(t->pairs, (t->npairs + 1) * sizeof(*t->pairs));
			tp = &t->pairs[t->npairs++];
			memset(tp, 0, sizeof(*tp));
			tp->write = copy(m, fp->write);
			tp->access = copy(m, fp->access);
			tp->span = copy_span(m, &fp->span);
		}
		tp->weight = sum(m, tp->weight, fp->weight);
		tp->samples = sum(m, tp->samples, fp->samples);
		who_add(m, &tp->who, &fp->who);
	}
}

static void shared_add(struct cl_merge *m, size_t owner, struct cl_contention_entry *t,
		       const struct cl_contention_entry *f)
{
	for (size_t i = 0; i < f->nshared; i++) {
		const struct cl_contention_shared *fs = &f->shared[i];
		struct key k = { .kind = f->variable ? KEY_SHARED_ELEMENT : KEY_SHARED,
				 .owner = owner };
		size_t at;
		struct cl_contention_shared *ts;

		if (f->variable)
			k.num = (int64_t)fs->element;
		else
			k.s1 = copy(m, fs->member);
		at = key_pos(m, &k, t->nshared);
		ts = at < t->nshared ? &t->shared[at] : NULL;
		if (!ts) {
			t->shared = cl_xrealloc(t->shared, (t->nshared + 1) * sizeof(*t->shared));
			ts = &t->shared[t->nshared++];
			memset(ts, 0, sizeof(*ts));
			ts->member = copy(m, fs->member);
			ts->element = fs->element;
			ts->span = copy_span(m, &fs->span);
		}
		ts->weight = sum(m, ts->weight, fs->weight);
		ts->samples = sum(m, ts->samples, fs->samples);
		ts->writers = sum(m, ts->writers, fs->writers);
		who_add(m, &ts->who, &fs->who);
	}
}

static int between_add(struct cl_merge *m, const char *name, struct cl_contention_between *t,
		       const struct cl_contention_between *f, struct cl_diag *err)
{
	bool first = !t->present;

	if (!f->present)
		return 0;
	if (t->present && f->size && t->size && f->size != t->size)
		return between_size(err, name, f->size, &f->span, t->size, &t->span);
	if (!t->present)
		t->span = copy_span(m, &f->span);
	t->present = true;
	t->lines = sum(m, t->lines, f->lines);
	t->per_line = t->per_line > f->per_line ? t->per_line : f->per_line;
	t->size = f->size ? f->size : t->size;
	t->weight_false = sum(m, t->weight_false, f->weight_false);
	t->weight_true = sum(m, t->weight_true, f->weight_true);
	t->samples = sum(m, t->samples, f->samples);
	t->writers = sum(m, t->writers, f->writers);
	/* held at the end of one struct in every file's evidence, or not said */
	if (first) {
		t->in = copy(m, f->in);
		t->in_offset = f->in_offset;
	} else if (t->in && (!f->in || strcmp(t->in, f->in) || t->in_offset != f->in_offset)) {
		t->in = NULL;
		t->in_offset = 0;
	}
	who_add(m, &t->who, &f->who);
	return 0;
}

static void touch_add(struct cl_merge *m, size_t owner, size_t line,
		      struct cl_contention_line *t, const struct cl_contention_line *f)
{
	for (uint32_t i = 0; i < f->ntouch; i++) {
		const struct cl_contention_touch *ft = &f->touch[i];
		struct key k = { .kind = KEY_TOUCH, .owner = owner, .sub = line,
				 .s1 = copy(m, ft->path) };
		size_t at = key_pos(m, &k, t->ntouch);
		struct cl_contention_touch *tt = at < t->ntouch ? &t->touch[at] : NULL;

		if (!tt) {
			t->touch = cl_xrealloc(t->touch, (t->ntouch + 1) * sizeof(*t->touch));
			tt = &t->touch[t->ntouch++];
			memset(tt, 0, sizeof(*tt));
			tt->path = copy(m, ft->path);
		}
		tt->threads = sum(m, tt->threads, ft->threads);
		tt->reads = sum(m, tt->reads, ft->reads);
		tt->writes = sum(m, tt->writes, ft->writes);
		names_union(m, &tt->read, &tt->nread, ft->read, ft->nread, 0);
		names_union(m, &tt->write, &tt->nwrite, ft->write, ft->nwrite, 0);
	}
}

/* Lines by offset: weights add up, first the earliest, last the latest. */
static void lines_add(struct cl_merge *m, size_t owner, struct cl_contention_entry *t,
		      const struct cl_contention_entry *f)
{
	for (size_t i = 0; i < f->nlines; i++) {
		const struct cl_contention_line *fl = &f->lines[i];
		struct key k = { .kind = KEY_LINE, .owner = owner, .num = fl->offset };
		size_t at = key_pos(m, &k, t->nlines);
		struct cl_contention_line *tl = at < t->nlines ? &t->lines[at] : NULL;

		if (!tl) {
			t->lines = cl_xrealloc(t->lines, (t->nlines + 1) * sizeof(*t->lines));
			tl = &t->lines[t->nlines++];
			*tl = *fl;
			tl->span = copy_span(m, &fl->span);
			tl->touch = NULL;
			tl->ntouch = 0;
			tl->objects = tl->weight_false = tl->weight_true = tl->samples = 0;
		} else {
			tl->first = fl->first < tl->first ? fl->first : tl->first;
			tl->last = fl->last > tl->last ? fl->last : tl->last;
		}
		tl->objects = sum(m, tl->objects, fl->objects);
		tl->weight_false = sum(m, tl->weight_false, fl->weight_false);
		tl->weight_true = sum(m, tl->weight_true, fl->weight_true);
		tl->samples = sum(m, tl->samples, fl->samples);
		touch_add(m, owner, at, tl, fl);
	}
}

/*
 * The sum's entry of @f, made when new (*@fresh); its index in *@at.  NULL
 * after an error.
 */
static struct cl_contention_entry *entry_of(struct cl_merge *m,
					    const struct cl_contention_entry *f, size_t *at,
					    bool *fresh, struct cl_diag *err)
{
	struct cl_contention *c = &m->contention;
	struct key k = { .kind = KEY_ENTRY, .num = f->variable, .s1 = copy(m, f->name) };
	struct cl_contention_entry *t;

	*at = key_pos(m, &k, c->n);
	*fresh = *at >= c->n;
	if (*at < c->n) {
		t = &c->entries[*at];
		if (f->variable && ((f->element && t->element && f->element != t->element) ||
				    (f->elements && t->elements && f->elements != t->elements))) {
			fail(err, &f->span,
			     "variable '%s' has %" PRIu64 " elements of %" PRIu64 " bytes, but %s:%u:%u has %" PRIu64 " of %" PRIu64 ": evidence of two different variables cannot be added up",
			     f->name, f->elements, f->element, t->span.file, t->span.line,
			     t->span.col, t->elements, t->element);
			return NULL;
		}
		return t;
	}
	t = cl_vec_push(&c->entries, &c->n, &c->cap);
	t->name = copy(m, f->name);
	t->variable = f->variable;
	t->element = f->element;
	t->elements = f->elements;
	t->span = copy_span(m, &f->span);
	t->hdr = &m->contention_hdr;
	return t;
}

/*
 * The threads' CPU time of runs one after another: the sums add up, and so
 * do the longest threads' (each run's threads side by side, the runs in
 * turn).  Where a run did not give it, its weights are not per second of
 * it: the sum gives none (-1 until written: cpu-seconds left out).
 */
static void cpu_add(struct cl_contention_entry *t, const struct cl_contention_entry *f,
		    bool fresh)
{
	if (fresh) {
		t->cpu_seconds = f->cpu_seconds;
		t->core_seconds = f->core_seconds;
	} else if (t->cpu_seconds > 0 && f->cpu_seconds > 0) {
		t->cpu_seconds += f->cpu_seconds;
		t->core_seconds += f->core_seconds;
	} else if (t->cpu_seconds != f->cpu_seconds) {
		t->cpu_seconds = t->core_seconds = -1;
	}
	/* lines a run could not judge: the most of one run */
	if (f->unjudged > t->unjudged)
		t->unjudged = f->unjudged;
}

static int entry_add(struct cl_merge *m, const struct cl_contention_entry *f,
		     struct cl_diag *err)
{
	size_t at;
	bool fresh;
	struct cl_contention_entry *t = entry_of(m, f, &at, &fresh, err);

	if (!t)
		return -1;
	cpu_add(t, f, fresh);
	t->observed = sum(m, t->observed, f->observed);
	t->instances = sum(m, t->instances, f->instances);
	t->element = t->element ? t->element : f->element;
	t->elements = t->elements ? t->elements : f->elements;
	t->base_align = least_align(t->base_align, f->base_align);
	names_union(m, &t->alloc, &t->nalloc, f->alloc, f->nalloc, 0);
	t->accesses = sum(m, t->accesses, f->accesses);
	t->weight_false = sum(m, t->weight_false, f->weight_false);
	t->weight_true = sum(m, t->weight_true, f->weight_true);
	t->samples = sum(m, t->samples, f->samples);
	if (between_add(m, f->name, &t->between, &f->between, err))
		return -1;
	pairs_add(m, at, t, f);
	shared_add(m, at, t, f);
	lines_add(m, at, t, f);
	if (m->overflow)
		return fail(err, &f->span, "contention: of %s '%s': " SUM_PAST,
			    f->variable ? "variable" : "struct", f->name);
	return 0;
}

/*
 * A profile holds one contention: section, so every entry of @p has the
 * same header.  A struct entry's weights count toward the file's.
 */
static int contention_add(struct cl_merge *m, const struct cl_profile *p, struct cl_diag *err)
{
	const struct cl_contention *c = &p->contention;

	if (!c->present)
		return 0;
	if (c->n && header_add(m, c->entries[0].hdr, err))
		return -1;
	for (size_t i = 0; i < c->n; i++)
		if (entry_add(m, &c->entries[i], err))
			return -1;
	return 0;
}

/* ------------------------------------------------------------------ */

static void budgets_add(struct cl_merge *m, const struct cl_profile *p)
{
	for (size_t i = 0; i < p->nbudgets; i++) {
		const struct cl_budget *b = &p->budgets[i];
		struct key k = { .kind = KEY_BUDGET, .s1 = copy(m, b->record),
				 .s2 = copy(m, b->path) };
		size_t at = key_pos(m, &k, m->nbudgets);
		struct cl_budget *t = at < m->nbudgets ? &m->budgets[at] :
				      cl_vec_push(&m->budgets, &m->nbudgets, &m->budgets_cap);

		t->record = copy(m, b->record);
		t->path = copy(m, b->path);
		t->max = b->max;
		t->span = copy_span(m, &b->span);
	}
}

static void thresholds_add(struct cl_merge *m, const struct cl_profile *p)
{
	const struct cl_thresholds *t = &p->thresholds;
	unsigned set = p->thresholds_set;

	if (set & CL_THRESHOLD_SET_WRITE_HOT)
		m->thresholds.write_hot = t->write_hot;
	if (set & CL_THRESHOLD_SET_READ_MOSTLY)
		m->thresholds.read_mostly = t->read_mostly;
	if (set & CL_THRESHOLD_SET_MIN_ACCESSES)
		m->thresholds.min_accesses = t->min_accesses;
	if (set & CL_THRESHOLD_SET_MIN_TRANSFERS)
		m->thresholds.contention.min_transfers = t->contention.min_transfers;
	if (set & CL_THRESHOLD_SET_MIN_SAMPLES)
		m->thresholds.contention.min_samples = t->contention.min_samples;
	if (set & CL_THRESHOLD_SET_MIN_SHARE)
		m->thresholds.contention.min_share = t->contention.min_share;
	m->thresholds_set |= set;
}

int cl_merge_add(struct cl_merge *m, const struct cl_profile *p, const char *file,
		 struct cl_diag *err)
{
	if (structs_add(m, p, err) || objects_add(m, p, file, err) || contention_add(m, p, err))
		return -1;
	if (p->line_size)
		m->line_size = p->line_size;
	thresholds_add(m, p);
	budgets_add(m, p);
	for (size_t i = 0; i < p->nconcurrent; i++) {
		struct key k = { .kind = KEY_CONCURRENT, .s1 = copy(m, p->concurrent[i]) };

		if (key_pos(m, &k, m->nconcurrent) == m->nconcurrent)
			*(const char **)cl_vec_push(&m->concurrent, &m->nconcurrent,
						    &m->concurrent_cap) = k.s1;
	}
	m->files++;
	return 0;
}

static int line_cmp(const void *x, const void *y)
{
	const struct cl_contention_line *a = x, *b = y;
	uint64_t wa = add_sat(a->weight_false, a->weight_true);
	uint64_t wb = add_sat(b->weight_false, b->weight_true);

	if (wa != wb)
		return wa > wb ? -1 : 1;
	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

void cl_merge_finish(struct cl_merge *m)
{
	for (size_t i = 0; i < m->contention.n; i++) {
		struct cl_contention_entry *e = &m->contention.entries[i];

		qsort(e->lines, e->nlines, sizeof(*e->lines), line_cmp);
		for (size_t k = CL_MERGE_LINES_KEPT; k < e->nlines; k++) {
			for (uint32_t t = 0; t < e->lines[k].ntouch; t++) {
				free(e->lines[k].touch[t].read);
				free(e->lines[k].touch[t].write);
			}
			free(e->lines[k].touch);
		}
		if (e->nlines > CL_MERGE_LINES_KEPT)
			e->nlines = CL_MERGE_LINES_KEPT;
	}
}
