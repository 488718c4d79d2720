// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_objects.c - read the objects: section of a profile
 *
 *   objects:
 *     sample: 1024
 *     line-size: 64
 *     dropped: 0
 *     structs:
 *       node:
 *         instances: 2000
 *         shared: 0
 *         base-align: 64
 *         pairs:
 *           - {write: hits, access: key, objects: 12, threads: 2, paths: [thread-1, thread-2]}
 *         between: {lines: 6, per-line: 3, size: 24, same-bytes: 0, threads: 16, paths: [...]}
 *     variables:
 *       used_memory_thread: {element: 8, elements: 16, base-align: 64, lines: 2, ...}
 *
 * libcachelint-rt writes it: per object (not per type) evidence of lines
 * that two threads touched, one writing.  The meaning of every key is in
 * docs/profiles.md, "Objects: evidence per object".  The
 * analysis uses the pairs (core/profile/profile_apply.c), the rule
 * cachelint-false-sharing-objects uses between: and variables:.
 *
 * Read as strictly as the rest of a profile (profile.c): unknown keys,
 * bad integers, a base-align that is no power of two and duplicates are
 * errors at their line and column.  Every key of an entry may be left out
 * (0: the entry does not say), except a pair's write and access.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "model/layout.h"
#include "model/paths.h"
#include "profile_keys.h"
#include "profile_loader.h"

/**
 * struct obj_paths - a paths: list while it is read
 * @names: the path names (in the profile's arena)
 * @n: number of @names
 * @cap: allocated @names
 * @index: @names, to find one listed twice
 */
struct obj_paths {
	const char **names;
	size_t n, cap;
	struct cl_index index;
};

/**
 * struct obj_struct - one objects: structs: entry while it is read
 * @s: the entry; its @pairs point into @pairs until it is kept
 * @pairs: the pairs so far (malloc'ed)
 * @cap: allocated @pairs
 * @index: @pairs by write and access, to find one given twice
 */
struct obj_struct {
	struct cl_object_struct s;
	struct cl_object_pair *pairs;
	size_t cap;
	struct cl_index index;
};

/* ------------------------------------------------------------------ */
/* Indexes                                                              */
/* ------------------------------------------------------------------ */

static uint64_t name_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const char *const *)ctx)[i]);
}

static bool name_eq(const void *ctx, size_t i, const void *key)
{
	return !strcmp(((const char *const *)ctx)[i], key);
}

static uint64_t two_hash(const char *write, const char *access)
{
	return cl_hash_str(write) * CL_FNV_PRIME ^ cl_hash_str(access);
}

static uint64_t pair_hash(const void *ctx, size_t i)
{
	const struct cl_object_pair *pr = &((const struct obj_struct *)ctx)->pairs[i];

	return two_hash(pr->write, pr->access);
}

static bool pair_eq(const void *ctx, size_t i, const void *key)
{
	const struct cl_object_pair *pr = &((const struct obj_struct *)ctx)->pairs[i];
	const struct cl_object_pair *k = key;

	return !strcmp(pr->write, k->write) && !strcmp(pr->access, k->access);
}

static uint64_t struct_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_objects *)ctx)->structs[i].name);
}

static bool struct_eq(const void *ctx, size_t i, const void *name)
{
	return !strcmp(((const struct cl_objects *)ctx)->structs[i].name, name);
}

static uint64_t variable_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_objects *)ctx)->variables[i].name);
}

static bool variable_eq(const void *ctx, size_t i, const void *name)
{
	return !strcmp(((const struct cl_objects *)ctx)->variables[i].name, name);
}

/* ------------------------------------------------------------------ */
/* Values                                                               */
/* ------------------------------------------------------------------ */

int ld_paths_value(struct loader *ld, const char *key, const char ***names, uint32_t *n)
{
	struct obj_paths ps = { 0 };
	char kb[SHOW_MAX], nb[SHOW_MAX];
	size_t *slot;
	int rc = -1;

	if (ld->ev.type != YAML_SEQUENCE_START_EVENT)
		return ld_err_here(ld, "'%s' must be a list of paths, found %s", ld_show(kb, key),
				   ld_node_kind(ld->ev.type));
	for (;;) {
		const char *name, *copy;
		bool concurrent;
		size_t len;

		if (ld_next(ld))
			goto out;
		if (ld->ev.type == YAML_SEQUENCE_END_EVENT)
			break;
		if (!(name = ld_scalar_value(ld, key)) || ld_path_name(ld, name, &len, &concurrent))
			goto out;
		copy = cl_arena_strndup(&ld->p->arena, name, len);
		ps.names = cl_vec_grow(ps.names, &ps.cap, ps.n + 1, sizeof(*ps.names));
		slot = cl_index_add(&ps.index, ps.n, cl_hash_str(copy), name_eq, name_hash,
				    ps.names, copy);
		if (*slot) {
			ld_err_here(ld, "path '%s' listed twice", ld_show(nb, name));
			goto out;
		}
		ps.names[ps.n++] = copy;
		*slot = ps.n;
	}
	*names = cl_arena_alloc(&ld->p->arena, (ps.n ? ps.n : 1) * sizeof(**names));
	if (ps.n)	/* `paths: []`: no array to copy from, and memcpy(NULL) is undefined */
		memcpy(*names, ps.names, ps.n * sizeof(**names));
	*n = (uint32_t)ps.n;
	rc = 0;
out:
	free(ps.names);
	cl_index_free(&ps.index);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Pairs                                                                */
/* ------------------------------------------------------------------ */

LD_PATHS_FN(pair_paths, struct cl_object_pair)

#define PAIR_KEYS(F, H, T)						\
	F(T, pair_write, CL_KEY_WRITE, write, ld_path_value)		\
	F(T, pair_access, CL_KEY_ACCESS, access, ld_path_value)		\
	F(T, pair_objects, CL_KEY_OBJECTS, objects, ld_count_value)	\
	F(T, pair_same_bytes, CL_KEY_SAME_BYTES, same_bytes, ld_count_value) \
	F(T, pair_same_written, CL_KEY_SAME_WRITTEN, same_written, ld_count_value) \
	F(T, pair_threads, CL_KEY_THREADS, threads, ld_count_value)	\
	H(T, pair_paths, CL_KEY_PATHS)

LD_FIELD_TABLE(pair_table, "pair key", struct cl_object_pair, PAIR_KEYS);

static int pair_item(struct loader *ld, void *arg)
{
	struct obj_struct *os = arg;
	struct cl_object_pair pr = { .span = ld_here(ld) };
	char wb[SHOW_MAX], ab[SHOW_MAX];
	size_t *slot;

	if (ld_parse_pair(ld, &pair_table, &pr, &pr.write, &pr.access))
		return -1;
	if (!pr.paths)
		pr.paths = cl_arena_alloc(&ld->p->arena, sizeof(*pr.paths));
	/* the same two members in the same roles: which of the two counts? */
	slot = cl_index_add(&os->index, os->s.npairs, two_hash(pr.write, pr.access), pair_eq,
			    pair_hash, os, &pr);
	if (*slot)
		return ld_err_at(ld, &pr.span, "duplicate pair {write: %s, access: %s} (first at line %u)",
				 ld_show(wb, pr.write), ld_show(ab, pr.access),
				 os->pairs[*slot - 1].span.line);
	*(struct cl_object_pair *)cl_vec_push(&os->pairs, &os->s.npairs, &os->cap) = pr;
	*slot = os->s.npairs;
	return 0;
}

static int struct_pairs(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_list(ld, key, "a list of pairs", pair_item, arg);
}

/* ------------------------------------------------------------------ */
/* Between instances                                                    */
/* ------------------------------------------------------------------ */

LD_PATHS_FN(between_paths, struct cl_object_between)

#define BETWEEN_KEYS(F, H, T)						\
	F(T, between_lines, CL_KEY_LINES, lines, ld_count_value)	\
	F(T, between_per_line, CL_KEY_PER_LINE, per_line, ld_count_value) \
	F(T, between_size, CL_KEY_SIZE, size, ld_count_value)		\
	F(T, between_same_bytes, CL_KEY_SAME_BYTES, same_bytes, ld_count_value) \
	F(T, between_threads, CL_KEY_THREADS, threads, ld_count_value)	\
	H(T, between_paths, CL_KEY_PATHS)

LD_FIELD_TABLE(between_table, "between key", struct cl_object_between, BETWEEN_KEYS);

static int struct_between(struct loader *ld, const char *key, void *arg)
{
	struct obj_struct *os = arg;

	os->s.has_between = true;
	os->s.between.span = ld_here(ld);
	if (ld_parse_keys(ld, key, &between_table, &os->s.between))
		return -1;
	if (!os->s.between.paths)
		os->s.between.paths = cl_arena_alloc(&ld->p->arena, sizeof(char *));
	return 0;
}

/* ------------------------------------------------------------------ */
/* Structs                                                              */
/* ------------------------------------------------------------------ */

#define STRUCT_KEYS(F, H, T)						\
	F(T, struct_instances, CL_KEY_INSTANCES, s.instances, ld_count_value) \
	F(T, struct_shared, CL_KEY_SHARED, s.shared, ld_count_value)	\
	F(T, struct_base_align, CL_KEY_BASE_ALIGN, s.base_align, ld_align_value) \
	H(T, struct_pairs, CL_KEY_PAIRS)				\
	H(T, struct_between, CL_KEY_BETWEEN)

LD_FIELD_TABLE(struct_table, "objects key of a struct", struct obj_struct, STRUCT_KEYS);

static int pair_cmp(const void *x, const void *y)
{
	const struct cl_object_pair *a = *(const struct cl_object_pair *const *)x;
	const struct cl_object_pair *b = *(const struct cl_object_pair *const *)y;
	int c = strcmp(a->write, b->write);

	return c ? c : strcmp(a->access, b->access);
}

/*
 * The pairs move to the arena: the profile keeps no malloc'ed array per
 * entry; they keep their order, and @by_name sorts them for the lookups
 * of the analysis, one per pair of leaves that meet on a line.
 */
static void struct_keep(struct loader *ld, struct obj_struct *os)
{
	struct cl_objects *o = &ld->tmp.objects;
	size_t n = os->s.npairs ? os->s.npairs : 1;

	os->s.pairs = cl_arena_alloc(&ld->p->arena, n * sizeof(*os->pairs));
	os->s.by_name = cl_arena_alloc(&ld->p->arena, n * sizeof(*os->s.by_name));
	if (os->s.npairs)
		memcpy(os->s.pairs, os->pairs, os->s.npairs * sizeof(*os->pairs));
	for (size_t i = 0; i < os->s.npairs; i++)
		os->s.by_name[i] = &os->s.pairs[i];
	qsort(os->s.by_name, os->s.npairs, sizeof(*os->s.by_name), pair_cmp);
	*(struct cl_object_struct *)cl_vec_push(&o->structs, &o->nstructs, &o->structs_cap) = os->s;
}

static int structs_key(struct loader *ld, const struct cl_span *at, const char *name,
		       void *arg)
{
	struct obj_struct os = { .s = { .span = *at } };
	int rc;

	(void)arg;
	if (ld_check_struct_name(ld, at, name) || ld_next(ld))
		return -1;
	os.s.name = cl_arena_strdup(&ld->p->arena, name);
	rc = ld_parse_keys(ld, name, &struct_table, &os);
	if (!rc)
		struct_keep(ld, &os);
	free(os.pairs);
	cl_index_free(&os.index);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Variables                                                            */
/* ------------------------------------------------------------------ */

LD_PATHS_FN(var_paths, struct cl_object_variable)

#define VAR_KEYS(F, H, T)						\
	F(T, var_element, CL_KEY_ELEMENT, element, ld_count_value)	\
	F(T, var_elements, CL_KEY_ELEMENTS, elements, ld_count_value)	\
	F(T, var_base_align, CL_KEY_BASE_ALIGN, base_align, ld_align_value) \
	F(T, var_lines, CL_KEY_LINES, lines, ld_count_value)		\
	F(T, var_per_line, CL_KEY_PER_LINE, per_line, ld_count_value)	\
	F(T, var_same_bytes, CL_KEY_SAME_BYTES, same_bytes, ld_count_value) \
	F(T, var_threads, CL_KEY_THREADS, threads, ld_count_value)	\
	H(T, var_paths, CL_KEY_PATHS)

LD_FIELD_TABLE(var_table, "objects key of a variable", struct cl_object_variable, VAR_KEYS);

static int variables_key(struct loader *ld, const struct cl_span *at, const char *name,
			 void *arg)
{
	struct cl_objects *o = &ld->tmp.objects;
	struct cl_object_variable v = { .span = *at };

	(void)arg;
	if (ld_check_variable_name(ld, at, name) || ld_next(ld) ||
	    ld_parse_keys(ld, name, &var_table, &v))
		return -1;
	v.name = cl_arena_strdup(&ld->p->arena, name);
	if (!v.paths)
		v.paths = cl_arena_alloc(&ld->p->arena, sizeof(*v.paths));
	*(struct cl_object_variable *)cl_vec_push(&o->variables, &o->nvariables,
						  &o->variables_cap) = v;
	return 0;
}

/* ------------------------------------------------------------------ */
/* The section                                                          */
/* ------------------------------------------------------------------ */

static int objects_structs(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_mapping(ld, key, structs_key, arg);
}

static int objects_variables(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_mapping(ld, key, variables_key, arg);
}

#define OBJECTS_KEYS(F, H, T)						\
	F(T, objects_sample, CL_KEY_SAMPLE, sample, ld_sample_value)	\
	F(T, objects_line_size, CL_KEY_LINE_SIZE, line_size, ld_line_size_value) \
	F(T, objects_dropped, CL_KEY_DROPPED, dropped, ld_count_value)	\
	H(T, objects_structs, CL_KEY_STRUCTS)				\
	H(T, objects_variables, CL_KEY_VARIABLES)

LD_FIELD_TABLE(objects_table, "objects key", struct cl_objects, OBJECTS_KEYS);

/* ------------------------------------------------------------------ */
/* What cannot be true                                                  */
/* ------------------------------------------------------------------ */

/*
 * The most objects of @size bytes (0: not said) that hold a byte of one
 * line of @line bytes, wherever they start: (line - 1) / size rounded up,
 * plus one.
 */
static uint64_t per_line_bound(uint64_t size, uint64_t line)
{
	if (!size)
		return line;
	return (line - 1 + size - 1) / size + 1;
}

/* The lines @n elements of @size bytes cover at most, 0 when too many to say. */
uint64_t cl_objects_lines_bound(uint64_t size, uint64_t n, uint64_t line)
{
	if (!size || !n || n > (UINT64_MAX - line) / size)
		return 0;
	return (size * n + line - 1) / line + 1;
}

static int over(struct loader *ld, const struct cl_span *at, const char *name,
		const char *what, uint64_t v, const char *bound, uint64_t max)
{
	return ld_err_at(ld, at,
			 "%s of '%s' (%" PRIu64 ") above %s (%" PRIu64 "): evidence that cannot be true",
			 what, name, v, bound, max);
}

static int struct_check(struct loader *ld, const struct cl_object_struct *s, uint64_t line)
{
	const struct cl_object_between *b = &s->between;
	uint64_t most = per_line_bound(b->size, line);

	if (s->instances && s->shared > s->instances)
		return over(ld, &s->span, s->name, "'shared'", s->shared, "'instances'",
			    s->instances);
	if (!s->has_between)
		return 0;
	if (b->per_line > most)
		return over(ld, &b->span, s->name, "'per-line'", b->per_line,
			    b->size ? "the objects of its 'size' a line can hold" :
			    "the bytes of a line", most);
	if (s->instances && b->per_line > s->instances)
		return over(ld, &b->span, s->name, "'per-line'", b->per_line, "'instances'",
			    s->instances);
	return 0;
}

static int variable_check(struct loader *ld, const struct cl_object_variable *v, uint64_t line)
{
	uint64_t most = per_line_bound(v->element, line);
	uint64_t lines = cl_objects_lines_bound(v->element, v->elements, line);

	if (v->elements && v->per_line > v->elements)
		return over(ld, &v->span, v->name, "'per-line'", v->per_line, "'elements'",
			    v->elements);
	if (v->per_line > most)
		return over(ld, &v->span, v->name, "'per-line'", v->per_line,
			    v->element ? "the elements of its 'element' size a line can hold" :
			    "the bytes of a line", most);
	if (lines && v->lines > lines)
		return over(ld, &v->span, v->name, "'lines'", v->lines,
			    "the lines its elements cover", lines);
	return 0;
}

/*
 * Counts that contradict each other or the geometry are refused, as a
 * contention: entry's are: printed as given they would be believed
 * (docs/profiles.md).  The line is the section's line-size, else the
 * largest there is, which bounds the least.
 */
static int objects_check(struct loader *ld, const struct cl_objects *o)
{
	uint64_t line = o->line_size ? o->line_size : CL_LINE_SIZE_MAX;

	for (size_t i = 0; i < o->nstructs; i++)
		if (struct_check(ld, &o->structs[i], line))
			return -1;
	for (size_t i = 0; i < o->nvariables; i++)
		if (variable_check(ld, &o->variables[i], line))
			return -1;
	return 0;
}

int ld_parse_objects(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->tmp.objects.present = true;
	if (ld_parse_keys(ld, key, &objects_table, &ld->tmp.objects))
		return -1;
	return objects_check(ld, &ld->tmp.objects);
}

/* ------------------------------------------------------------------ */
/* Layering and lookup                                                  */
/* ------------------------------------------------------------------ */

static struct cl_object_struct *struct_find(const struct cl_objects *o, const char *name)
{
	size_t *slot;

	if (!o->struct_index.size)
		return NULL;
	slot = cl_index_slot(&o->struct_index, cl_hash_str(name), struct_eq, o, name);
	return *slot ? &o->structs[*slot - 1] : NULL;
}

static struct cl_object_variable *variable_find(const struct cl_objects *o,
						const char *name)
{
	size_t *slot;

	if (!o->variable_index.size)
		return NULL;
	slot = cl_index_slot(&o->variable_index, cl_hash_str(name), variable_eq, o, name);
	return *slot ? &o->variables[*slot - 1] : NULL;
}

/* The entry of struct @name in @to, a new one when it has none. */
static struct cl_object_struct *struct_entry(struct cl_objects *to, const char *name)
{
	size_t *slot;

	cl_index_reserve(&to->struct_index, to->nstructs + 1, struct_hash, to);
	slot = cl_index_slot(&to->struct_index, cl_hash_str(name), struct_eq, to, name);
	if (*slot)
		return &to->structs[*slot - 1];
	cl_vec_push(&to->structs, &to->nstructs, &to->structs_cap)->name = name;
	*slot = to->nstructs;
	if (name[cl_struct_key_name(name)])
		*cl_vec_push(&to->located, &to->nlocated, &to->located_cap) = to->nstructs - 1;
	return &to->structs[to->nstructs - 1];
}

static struct cl_object_variable *variable_entry(struct cl_objects *to, const char *name)
{
	size_t *slot;

	cl_index_reserve(&to->variable_index, to->nvariables + 1, variable_hash, to);
	slot = cl_index_slot(&to->variable_index, cl_hash_str(name), variable_eq, to, name);
	if (*slot)
		return &to->variables[*slot - 1];
	cl_vec_push(&to->variables, &to->nvariables, &to->variables_cap)->name = name;
	*slot = to->nvariables;
	return &to->variables[to->nvariables - 1];
}

/*
 * A later profile's entry replaces the earlier one whole, as member
 * entries do: evidence from two runs is not added up, since the runs
 * need not have sampled alike.  The last file that gives sample sets it
 * and dropped (the runtime writes both), likewise line-size.  Entries
 * keep the order they first came in.
 */
void cl_objects_layer(struct cl_objects *to, struct cl_objects *from)
{
	size_t i;

	if (!from->present)
		return;
	to->present = true;
	if (from->sample) {
		to->sample = from->sample;
		to->dropped = from->dropped;
	}
	if (from->line_size)
		to->line_size = from->line_size;
	for (i = 0; i < from->nstructs; i++) {
		struct cl_object_struct *s = struct_entry(to, from->structs[i].name);

		*s = from->structs[i];
		s->sample = from->sample;
	}
	for (i = 0; i < from->nvariables; i++)
		*variable_entry(to, from->variables[i].name) = from->variables[i];
}

void cl_objects_free(struct cl_objects *o)
{
	free(o->structs);
	free(o->variables);
	cl_index_free(&o->struct_index);
	cl_index_free(&o->variable_index);
	free(o->located);
	memset(o, 0, sizeof(*o));
}

const struct cl_object_struct *cl_objects_struct(const struct cl_profile *p, const char *name)
{
	return struct_find(&p->objects, name);
}

const struct cl_object_struct *cl_objects_struct_record(const struct cl_profile *p,
							const struct cl_record_place *at)
{
	const struct cl_objects *o = &p->objects;

	if (!at->name)
		return NULL;
	for (size_t i = 0; i < o->nlocated; i++)
		if (cl_struct_key_matches(o->structs[o->located[i]].name, at))
			return &o->structs[o->located[i]];
	return struct_find(o, at->name);
}

bool cl_objects_names(const struct cl_objects *o, const char *name)
{
	size_t n = strlen(name);

	if (struct_find(o, name))
		return true;
	for (size_t i = 0; i < o->nlocated; i++) {
		const char *key = o->structs[o->located[i]].name;

		if (cl_struct_key_name(key) == n && !memcmp(key, name, n))
			return true;
	}
	return false;
}

const struct cl_object_variable *cl_objects_variable(const struct cl_profile *p,
						     const char *name)
{
	return variable_find(&p->objects, name);
}

/* {write: @w, access: @a} of @os, or NULL. */
static const struct cl_object_pair *pair_lookup(const struct cl_object_struct *os,
						const char *w, const char *a)
{
	struct cl_object_pair key = { .write = w, .access = a };
	const struct cl_object_pair *k = &key, **at;

	if (!os->by_name) {
		for (size_t i = 0; i < os->npairs; i++)
			if (!strcmp(os->pairs[i].write, w) && !strcmp(os->pairs[i].access, a))
				return &os->pairs[i];
		return NULL;
	}
	at = bsearch(&k, os->by_name, os->npairs, sizeof(*os->by_name), pair_cmp);
	return at ? *at : NULL;
}

const struct cl_object_pair *cl_objects_pair(const struct cl_object_struct *os,
					     const char *a, const char *b)
{
	const struct cl_object_pair *pr = pair_lookup(os, a, b);

	/* @a written, @b accessed first: the evidence a note should cite */
	return pr ? pr : pair_lookup(os, b, a);
}
