// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * contention_read.c - read the contention: section of a profile
 *
 *   contention:
 *     source: libcachelint-rt
 *     measure: transfers
 *     line-size: 64
 *     seconds: 10.25
 *     sample: 1024
 *     samples: 52311
 *     structs:
 *       _stritem:
 *         instances: 4000
 *         false-sharing: 0
 *         true-sharing: 2345678
 *         pairs: [{write: refcount, access: nkey, false-sharing: 1234, samples: 56}]
 *         shared: [{member: refcount, true-sharing: 2345678, samples: 789, writers: 4}]
 *         between: {lines: 6, per-line: 3, false-sharing: 100, samples: 50}
 *         lines: [{offset: 0, objects: 3000, false-sharing: 0, true-sharing: 2345678, touch: [...]}]
 *     variables:
 *       used_memory_thread: {element: 8, elements: 16, between: {...}}
 *
 * The meaning of every key is in docs/profiles.md, "Contention evidence";
 * the types are contention.h's.  Read as strictly as the rest of a
 * profile: unknown keys, bad numbers, duplicates and weights that
 * contradict themselves are errors at their line and column.  Contradictions
 * between keys of one entry (a pair heavier than its struct, more samples
 * than the run took) are checked once the section is read, since YAML
 * keys come in any order.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "access_profile.h"
#include "model/layout.h"
#include "profile_keys.h"
#include "profile_loader.h"

/**
 * struct ctn_list - a list of strings while it is read (malloc'ed)
 * @v: the strings, in the profile's arena
 * @n: number of @v
 * @cap: allocated @v
 */
struct ctn_list {
	const char **v;
	size_t n, cap;
};

/**
 * struct ctn_entry - one struct or variable while it is read
 * @e: the entry; its arrays point into the lists below until it is kept
 * @pairs, @shared, @lines: what it holds so far (malloc'ed)
 * @pairs_cap, @shared_cap, @lines_cap: allocated
 * @seen: "p\twrite\taccess", "s\tmember", "l\toffset": duplicates
 * @has_false, @has_true: the entry gave its totals (0 is then a value)
 */
struct ctn_entry {
	struct cl_contention_entry e;
	struct cl_contention_pair *pairs;
	struct cl_contention_shared *shared;
	struct cl_contention_line *lines;
	size_t pairs_cap, shared_cap, lines_cap;
	struct cl_strset seen;
	bool has_false, has_true;
};

/* The section being read: its header, and the entries of this file. */
struct ctn_section {
	struct cl_contention_header *hdr;
	bool has_measure;
};

static struct ctn_section *section(struct loader *ld)
{
	return ld->contention_section;
}

/* ------------------------------------------------------------------ */
/* Values                                                               */
/* ------------------------------------------------------------------ */

/* Seconds: a number from 0, as thresholds are written ("10.25", "1e3"). */
static int seconds_value(struct loader *ld, const char *key, double *out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	if (!s)
		return -1;
	/* Written so that NaN fails too. */
	if (!ld_parse_decimal(s, out) || !(*out >= 0 && *out < 1e15))
		return ld_err_here(ld, "'%s' must be a number of seconds from 0, found '%s'", key,
				   ld_show(vb, s));
	return 0;
}

/* A line's offset from its object: an integer, negative before the object. */
static int offset_value(struct loader *ld, const char *key, int64_t *out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	uint64_t v;
	bool neg;

	if (!s)
		return -1;
	neg = *s == '-';
	if (!ld_parse_u64(s + neg, &v) || v > (uint64_t)INT64_MAX)
		return ld_err_here(ld, "'%s' must be an integer from %" PRId64 " to %" PRId64
				   ", found '%s'", key, -INT64_MAX, INT64_MAX, ld_show(vb, s));
	*out = neg ? -(int64_t)v : (int64_t)v;
	return 0;
}

/* "slabs.c:171", "static" or "unknown". */
static bool alloc_valid(const char *s)
{
	const char *colon = strrchr(s, ':');
	uint64_t line;

	if (!strcmp(s, "static") || !strcmp(s, "unknown"))
		return true;
	return colon && colon != s && ld_parse_u64(colon + 1, &line) && line;
}

/* An item of a list: a member path, an element index, an allocation site. */
enum item_kind { ITEM_PATH, ITEM_ELEMENT, ITEM_ALLOC };

static int item_value(struct loader *ld, const char *key, enum item_kind kind,
		      const char **out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	uint64_t v;

	if (!s)
		return -1;
	switch (kind) {
	case ITEM_PATH:
		if (!ld_valid_path(s))
			return ld_err_here(ld, "invalid member path '%s' in '%s' (expected identifiers joined by '.')",
					   ld_show(vb, s), key);
		break;
	case ITEM_ELEMENT:
		if (!ld_parse_u64(s, &v))
			return ld_err_here(ld, "'%s' lists elements, integers from 0, found '%s'", key,
					   ld_show(vb, s));
		break;
	case ITEM_ALLOC:
		if (ld_text_check(ld, key, s))
			return -1;
		if (!alloc_valid(s))
			return ld_err_here(ld, "'%s' lists where objects come from: FILE:LINE, static or unknown, found '%s'",
					   key, ld_show(vb, s));
		break;
	}
	*out = cl_arena_strdup(&ld->p->arena, s);
	return 0;
}

/* A list of items while it is read: @key's, of @kind, each once in @seen. */
struct list_arg {
	const char *key;
	enum item_kind kind;
	struct ctn_list l;
	struct cl_strset seen;
};

static int list_item(struct loader *ld, void *arg)
{
	struct list_arg *la = arg;
	const char *item = NULL;
	char nb[SHOW_MAX];

	if (item_value(ld, la->key, la->kind, &item))
		return -1;
	if (cl_strset_add(&la->seen, item))
		return ld_err_here(ld, "'%s' listed twice in '%s'", ld_show(nb, item), la->key);
	*(const char **)cl_vec_push(&la->l.v, &la->l.n, &la->l.cap) = item;
	return 0;
}

/* A list of items of @kind, each once, copied to the arena. */
static int list_value(struct loader *ld, const char *key, enum item_kind kind,
		      const char ***out, uint32_t *n)
{
	struct list_arg la = { .key = key, .kind = kind };
	int rc;

	cl_strset_init(&la.seen);
	rc = ld_parse_list(ld, key, "a list", list_item, &la);
	if (!rc) {
		*out = cl_arena_alloc(&ld->p->arena, (la.l.n ? la.l.n : 1) * sizeof(**out));
		if (la.l.n)
			memcpy(*out, la.l.v, la.l.n * sizeof(**out));
		*n = (uint32_t)la.l.n;
	}
	cl_strset_free(&la.seen);
	free(la.l.v);
	return rc;
}

static int who_paths(struct loader *ld, const char *key, struct cl_contention_who *w)
{
	return ld_paths_value(ld, key, &w->paths, &w->npaths);
}

/* ------------------------------------------------------------------ */
/* Pairs, shared, between                                               */
/* ------------------------------------------------------------------ */

/* Each table's keys in one list (profile_loader.h, LD_FIELD_TABLE). */
#define PAIR_KEYS(F, H, T)						\
	F(T, pair_write, CL_KEY_WRITE, write, ld_path_value)		\
	F(T, pair_access, CL_KEY_ACCESS, access, ld_path_value)		\
	F(T, pair_false, CL_KEY_FALSE_SHARING, weight, ld_count_value)	\
	F(T, pair_samples, CL_KEY_SAMPLES, samples, ld_count_value)	\
	F(T, pair_threads, CL_KEY_THREADS, who.threads, ld_count_value)	\
	F(T, pair_paths, CL_KEY_PATHS, who, who_paths)

LD_FIELD_TABLE(pair_table, "pair key", struct cl_contention_pair, PAIR_KEYS);

/* Whether @key was seen in @ce already (then an error at @at), else noted. */
static int seen_once(struct loader *ld, struct ctn_entry *ce, const struct cl_span *at,
		     const char *what, const char *key)
{
	if (!cl_strset_add(&ce->seen, key))
		return 0;
	return ld_err_at(ld, at, "duplicate %s in '%s'", what, ce->e.name);
}

static int pair_item(struct loader *ld, void *arg)
{
	struct ctn_entry *ce = arg;
	struct cl_contention_pair pr = { .span = ld_here(ld) };
	char *key;
	int rc;

	if (ld_parse_pair(ld, &pair_table, &pr, &pr.write, &pr.access))
		return -1;
	/*
	 * A member against itself: disjoint bytes of it, the elements of an
	 * array member (true sharing, the same bytes, is a 'shared' entry).
	 */
	key = cl_xmalloc(strlen(pr.write) + strlen(pr.access) + 4);
	sprintf(key, "p\t%s\t%s", pr.write, pr.access);
	rc = seen_once(ld, ce, &pr.span, "pair", key);
	free(key);
	if (rc)
		return -1;
	*(struct cl_contention_pair *)cl_vec_push(&ce->pairs, &ce->e.npairs, &ce->pairs_cap) = pr;
	return 0;
}

/* After a shared entry's member or element. */
#define SHARED_KEYS(F, H, T)						\
	F(T, shared_true, CL_KEY_TRUE_SHARING, weight, ld_count_value)	\
	F(T, shared_samples, CL_KEY_SAMPLES, samples, ld_count_value)	\
	F(T, shared_writers, CL_KEY_WRITERS, writers, ld_count_value)	\
	F(T, shared_threads, CL_KEY_THREADS, who.threads, ld_count_value) \
	F(T, shared_paths, CL_KEY_PATHS, who, who_paths)

LD_FIELD_FN(shared_member, struct cl_contention_shared, member, ld_path_value)
LD_FIELD_FN(shared_element, struct cl_contention_shared, element, ld_count_value)
LD_FIELD_FNS(struct cl_contention_shared, SHARED_KEYS)

/* A struct's shared entry names a member, a variable's an element. */
LD_KEYS(shared_struct_table, "shared key", { CL_KEY_MEMBER, shared_member },
	SHARED_KEYS(LD_ROW, LD_ROW, ));
LD_KEYS(shared_var_table, "shared key", { CL_KEY_ELEMENT, shared_element },
	SHARED_KEYS(LD_ROW, LD_ROW, ));

static int shared_item(struct loader *ld, void *arg)
{
	struct ctn_entry *ce = arg;
	struct cl_contention_shared sh = { .span = ld_here(ld), .element = UINT64_MAX };
	char key[32], *k = key;
	int rc;

	if (ld->ev.type != YAML_MAPPING_START_EVENT)
		return ld_err_here(ld, "an item of 'shared' must be a mapping, found %s",
				   ld_node_kind(ld->ev.type));
	if (ld_parse_keys(ld, "shared", ce->e.variable ? &shared_var_table : &shared_struct_table,
			  &sh))
		return -1;
	if (ce->e.variable ? sh.element == UINT64_MAX : !sh.member)
		return ld_err_at(ld, &sh.span, "a 'shared' entry needs '%s'",
				 ce->e.variable ? "element" : "member");
	if (sh.writers > sh.who.threads && sh.who.threads)
		return ld_err_at(ld, &sh.span, "'writers' (%" PRIu64 ") above 'threads' (%" PRIu64 ")",
				 sh.writers, sh.who.threads);
	if (sh.member) {
		k = cl_xmalloc(strlen(sh.member) + 3);
		sprintf(k, "s\t%s", sh.member);
	} else {
		snprintf(key, sizeof(key), "s\t%" PRIu64, sh.element);
	}
	rc = seen_once(ld, ce, &sh.span, sh.member ? "shared member" : "shared element", k);
	if (k != key)
		free(k);
	if (rc)
		return -1;
	*(struct cl_contention_shared *)cl_vec_push(&ce->shared, &ce->e.nshared,
						     &ce->shared_cap) = sh;
	return 0;
}

/* in: the struct that holds the objects at its end, named as structs: are. */
static int between_in(struct loader *ld, const char *key, void *arg)
{
	struct cl_contention_between *b = arg;
	struct cl_span at = ld_here(ld);
	const char *s = ld_scalar_value(ld, key);

	if (!s || ld_check_struct_name(ld, &at, s))
		return -1;
	b->in = cl_arena_strdup(&ld->p->arena, s);
	return 0;
}

#define BETWEEN_KEYS(F, H, T)						\
	F(T, between_lines, CL_KEY_LINES, lines, ld_count_value)	\
	F(T, between_per_line, CL_KEY_PER_LINE, per_line, ld_count_value) \
	F(T, between_size, CL_KEY_SIZE, size, ld_count_value)		\
	F(T, between_false, CL_KEY_FALSE_SHARING, weight_false, ld_count_value) \
	F(T, between_true, CL_KEY_TRUE_SHARING, weight_true, ld_count_value) \
	F(T, between_samples, CL_KEY_SAMPLES, samples, ld_count_value)	\
	F(T, between_writers, CL_KEY_WRITERS, writers, ld_count_value)	\
	H(T, between_in, CL_KEY_IN)					\
	F(T, between_in_offset, CL_KEY_IN_OFFSET, in_offset, ld_count_value) \
	F(T, between_threads, CL_KEY_THREADS, who.threads, ld_count_value) \
	F(T, between_paths, CL_KEY_PATHS, who, who_paths)

LD_FIELD_TABLE(between_table, "between key", struct cl_contention_between, BETWEEN_KEYS);

/* ------------------------------------------------------------------ */
/* Lines                                                                */
/* ------------------------------------------------------------------ */

/* The touch: list being read, and whether the entry is a variable's. */
struct touch_arg {
	struct cl_contention_touch t;
	bool variable;
};

static int touch_path(struct loader *ld, const char *key, void *arg)
{
	struct touch_arg *ta = arg;
	const char *s = ld_scalar_value(ld, key);
	bool concurrent;
	size_t len;

	if (!s || ld_path_name(ld, s, &len, &concurrent))
		return -1;
	ta->t.path = cl_arena_strndup(&ld->p->arena, s, len);
	return 0;
}

static int touch_read(struct loader *ld, const char *key, void *arg)
{
	struct touch_arg *ta = arg;

	return list_value(ld, key, ta->variable ? ITEM_ELEMENT : ITEM_PATH, &ta->t.read,
			  &ta->t.nread);
}

static int touch_write(struct loader *ld, const char *key, void *arg)
{
	struct touch_arg *ta = arg;

	return list_value(ld, key, ta->variable ? ITEM_ELEMENT : ITEM_PATH, &ta->t.write,
			  &ta->t.nwrite);
}

#define TOUCH_KEYS(F, H, T)						\
	H(T, touch_path, CL_KEY_PATH)					\
	F(T, touch_threads, CL_KEY_THREADS, t.threads, ld_count_value)	\
	F(T, touch_reads, CL_KEY_READS, t.reads, ld_count_value)	\
	F(T, touch_writes, CL_KEY_WRITES, t.writes, ld_count_value)	\
	H(T, touch_read, CL_KEY_READ)					\
	H(T, touch_write, CL_KEY_WRITE)

LD_FIELD_TABLE(touch_table, "touch key", struct touch_arg, TOUCH_KEYS);

/**
 * struct line_arg - a line while it is read
 * @l: the line; @l.touch points into @touch until it is kept
 * @touch: its touch: items (malloc'ed), @cap allocated
 * @variable: of a variable's entry
 * @has_first, @has_last: given
 */
struct line_arg {
	struct cl_contention_line l;
	struct cl_contention_touch *touch;
	size_t cap;
	bool variable;
	bool has_first, has_last;
};

/* The touch: list of a line while it is read: each path once in @seen. */
struct touch_list {
	struct line_arg *la;
	const char *key;
	struct cl_strset seen;
};

static int touch_item(struct loader *ld, void *arg)
{
	struct touch_list *tl = arg;
	struct line_arg *la = tl->la;
	struct touch_arg ta = { .variable = la->variable };
	struct cl_span at = ld_here(ld);
	char nb[SHOW_MAX];

	if (ld->ev.type != YAML_MAPPING_START_EVENT)
		return ld_err_here(ld, "an item of 'touch' must be a mapping, found %s",
				   ld_node_kind(ld->ev.type));
	if (ld_parse_keys(ld, tl->key, &touch_table, &ta))
		return -1;
	if (!ta.t.path)
		return ld_err_at(ld, &at, "a 'touch' item needs 'path'");
	if (cl_strset_add(&tl->seen, ta.t.path))
		return ld_err_at(ld, &at, "path '%s' listed twice in 'touch'", ld_show(nb, ta.t.path));
	la->touch = cl_vec_grow(la->touch, &la->cap, la->l.ntouch + 1, sizeof(ta.t));
	la->touch[la->l.ntouch++] = ta.t;
	return 0;
}

static int line_touch(struct loader *ld, const char *key, void *arg)
{
	struct touch_list tl = { .la = arg, .key = key };
	int rc;

	cl_strset_init(&tl.seen);
	rc = ld_parse_list(ld, key, "a list", touch_item, &tl);
	cl_strset_free(&tl.seen);
	return rc;
}

LD_FLAG_FIELD_FN(line_first, struct line_arg, has_first, l.first, seconds_value)
LD_FLAG_FIELD_FN(line_last, struct line_arg, has_last, l.last, seconds_value)

#define LINE_KEYS(F, H, T)						\
	F(T, line_offset, CL_KEY_OFFSET, l.offset, offset_value)	\
	F(T, line_objects, CL_KEY_OBJECTS, l.objects, ld_count_value)	\
	F(T, line_false, CL_KEY_FALSE_SHARING, l.weight_false, ld_count_value) \
	F(T, line_true, CL_KEY_TRUE_SHARING, l.weight_true, ld_count_value) \
	F(T, line_samples, CL_KEY_SAMPLES, l.samples, ld_count_value)	\
	H(T, line_first, CL_KEY_FIRST)					\
	H(T, line_last, CL_KEY_LAST)					\
	H(T, line_touch, CL_KEY_TOUCH)

LD_FIELD_TABLE(line_table, "line key", struct line_arg, LINE_KEYS);

static int line_item(struct loader *ld, void *arg)
{
	struct ctn_entry *ce = arg;
	struct line_arg la = { .l = { .span = ld_here(ld) }, .variable = ce->e.variable };
	char key[32];
	int rc = -1;

	if (ld->ev.type != YAML_MAPPING_START_EVENT)
		return ld_err_here(ld, "an item of 'lines' must be a mapping, found %s",
				   ld_node_kind(ld->ev.type));
	if (ld_parse_keys(ld, "lines", &line_table, &la))
		goto out;
	if (la.has_first && la.has_last && la.l.first > la.l.last) {
		ld_err_at(ld, &la.l.span, "'first' (%g) after 'last' (%g)", la.l.first, la.l.last);
		goto out;
	}
	snprintf(key, sizeof(key), "l\t%" PRId64, la.l.offset);
	if (seen_once(ld, ce, &la.l.span, "line (the same offset)", key))
		goto out;
	la.l.touch = cl_arena_alloc(&ld->p->arena, (la.l.ntouch ? la.l.ntouch : 1) *
						   sizeof(*la.l.touch));
	if (la.l.ntouch)
		memcpy(la.l.touch, la.touch, la.l.ntouch * sizeof(*la.touch));
	*(struct cl_contention_line *)cl_vec_push(&ce->lines, &ce->e.nlines, &ce->lines_cap) = la.l;
	rc = 0;
out:
	free(la.touch);
	return rc;
}

/* ------------------------------------------------------------------ */
/* Entries                                                              */
/* ------------------------------------------------------------------ */

static int entry_pairs(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_list(ld, key, "a list", pair_item, arg);
}

static int entry_shared(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_list(ld, key, "a list", shared_item, arg);
}

static int entry_lines(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_list(ld, key, "a list", line_item, arg);
}

static int entry_between(struct loader *ld, const char *key, void *arg)
{
	struct ctn_entry *ce = arg;

	ce->e.between.present = true;
	ce->e.between.span = ld_here(ld);
	return ld_parse_keys(ld, key, &between_table, &ce->e.between);
}

static int entry_alloc(struct loader *ld, const char *key, void *arg)
{
	struct ctn_entry *ce = arg;

	return list_value(ld, key, ITEM_ALLOC, &ce->e.alloc, &ce->e.nalloc);
}

LD_FLAG_FIELD_FN(entry_false, struct ctn_entry, has_false, e.weight_false, ld_count_value)
LD_FLAG_FIELD_FN(entry_true, struct ctn_entry, has_true, e.weight_true, ld_count_value)

/*
 * The keys of a struct's entry and of a variable's: what one object is
 * (instances, or element and elements) first, then the weights both have;
 * a struct's pairs before the evidence both have.
 */
#define ENTRY_WEIGHT_KEYS(F, H, T)					\
	F(T, entry_base_align, CL_KEY_BASE_ALIGN, e.base_align, ld_align_value) \
	H(T, entry_alloc, CL_KEY_ALLOC)					\
	F(T, entry_accesses, CL_KEY_ACCESSES, e.accesses, ld_count_value) \
	H(T, entry_false, CL_KEY_FALSE_SHARING)				\
	H(T, entry_true, CL_KEY_TRUE_SHARING)				\
	F(T, entry_samples, CL_KEY_SAMPLES, e.samples, ld_count_value)	\
	F(T, entry_cpu_seconds, CL_KEY_CPU_SECONDS, e.cpu_seconds, seconds_value) \
	F(T, entry_core_seconds, CL_KEY_CORE_SECONDS, e.core_seconds, seconds_value) \
	F(T, entry_observed, CL_KEY_OBSERVED, e.observed, ld_count_value) \
	F(T, entry_unjudged, CL_KEY_UNJUDGED, e.unjudged, ld_count_value)

#define ENTRY_EVIDENCE_KEYS(F, H, T)					\
	H(T, entry_shared, CL_KEY_SHARED)				\
	H(T, entry_between, CL_KEY_BETWEEN)				\
	H(T, entry_lines, CL_KEY_LINES)

LD_FIELD_FN(entry_instances, struct ctn_entry, e.instances, ld_count_value)
LD_FIELD_FN(entry_element, struct ctn_entry, e.element, ld_count_value)
LD_FIELD_FN(entry_elements, struct ctn_entry, e.elements, ld_count_value)
LD_FIELD_FNS(struct ctn_entry, ENTRY_WEIGHT_KEYS)

LD_KEYS(struct_table, "contention key of a struct",
	{ CL_KEY_INSTANCES, entry_instances },
	ENTRY_WEIGHT_KEYS(LD_ROW, LD_ROW, )
	{ CL_KEY_PAIRS, entry_pairs },
	ENTRY_EVIDENCE_KEYS(LD_ROW, LD_ROW, ));

LD_KEYS(var_table, "contention key of a variable",
	{ CL_KEY_ELEMENT, entry_element },
	{ CL_KEY_ELEMENTS, entry_elements },
	ENTRY_WEIGHT_KEYS(LD_ROW, LD_ROW, )
	ENTRY_EVIDENCE_KEYS(LD_ROW, LD_ROW, ));

/* A weight of @what above the entry's total of that kind: a contradiction. */
static int over_total(struct loader *ld, const struct cl_span *at, const char *what,
		      uint64_t v, bool has, uint64_t total, const char *name)
{
	if (!has || v <= total)
		return 0;
	return ld_err_at(ld, at, "%s (%" PRIu64 ") above the total of '%s' (%" PRIu64 ")", what, v,
			 name, total);
}

/* What the keys of one entry must agree on, once all are read. */
static int entry_check(struct loader *ld, const struct ctn_entry *ce)
{
	const struct cl_contention_entry *e = &ce->e;
	const struct cl_contention_between *b = &e->between;

	for (size_t i = 0; i < e->npairs; i++)
		if (over_total(ld, &ce->pairs[i].span, "a pair's 'false-sharing'", ce->pairs[i].weight,
			       ce->has_false, e->weight_false, e->name))
			return -1;
	for (size_t i = 0; i < e->nshared; i++)
		if (over_total(ld, &ce->shared[i].span, "a shared entry's 'true-sharing'",
			       ce->shared[i].weight, ce->has_true, e->weight_true, e->name))
			return -1;
	for (size_t i = 0; i < e->nlines; i++) {
		const struct cl_contention_line *l = &ce->lines[i];

		if (over_total(ld, &l->span, "a line's 'false-sharing'", l->weight_false, ce->has_false,
			       e->weight_false, e->name) ||
		    over_total(ld, &l->span, "a line's 'true-sharing'", l->weight_true, ce->has_true,
			       e->weight_true, e->name))
			return -1;
	}
	if (b->present &&
	    (over_total(ld, &b->span, "'between: false-sharing'", b->weight_false, ce->has_false,
			e->weight_false, e->name) ||
	     over_total(ld, &b->span, "'between: true-sharing'", b->weight_true, ce->has_true,
			e->weight_true, e->name)))
		return -1;
	if (e->core_seconds > e->cpu_seconds && e->cpu_seconds > 0)
		return ld_err_at(ld, &e->span,
				 "'core-seconds' (%g) above 'cpu-seconds' (%g) of '%s': one thread's CPU time is part of the threads' sum",
				 e->core_seconds, e->cpu_seconds, e->name);
	if (b->present && b->writers > b->who.threads && b->who.threads)
		return ld_err_at(ld, &b->span, "'writers' (%" PRIu64 ") above 'threads' (%" PRIu64 ")",
				 b->writers, b->who.threads);
	if (b->present && !b->in != !b->in_offset)
		return ld_err_at(ld, &b->span,
				 "'in' and 'in-offset' go together: the struct that holds the objects, and where its storage for them starts");
	if (b->present && b->per_line == 1)
		return ld_err_at(ld, &b->span,
				 "'per-line: 1': a line shared between objects holds two or more");
	/* a scalar's line holds it and other variables: per-line counts those */
	if (e->variable && e->elements > 1 && b->per_line > e->elements)
		return ld_err_at(ld, &b->span, "'per-line' (%" PRIu64 ") above 'elements' (%" PRIu64 ")",
				 b->per_line, e->elements);
	return 0;
}

static void entry_keep(struct loader *ld, struct ctn_entry *ce)
{
	struct cl_contention *c = &ld->tmp.contention;
	struct cl_arena *a = &ld->p->arena;
	struct cl_contention_entry *e = &ce->e;

#define KEEP(field, n)								\
	do {									\
		void *v = cl_arena_alloc(a, ((n) ? (n) : 1) * sizeof(*ce->field));	\
		if (n)								\
			memcpy(v, ce->field, (n) * sizeof(*ce->field));		\
		e->field = v;							\
	} while (0)
	KEEP(pairs, e->npairs);
	KEEP(shared, e->nshared);
	KEEP(lines, e->nlines);
#undef KEEP
	if (!e->alloc)
		e->alloc = cl_arena_alloc(a, sizeof(*e->alloc));
	e->hdr = section(ld)->hdr;
	*(struct cl_contention_entry *)cl_vec_push(&c->entries, &c->n, &c->cap) = *e;
}

static int entry_read(struct loader *ld, const struct cl_span *at, const char *name,
		      bool variable)
{
	struct ctn_entry ce = { .e = { .span = *at, .variable = variable } };
	int rc;

	ce.e.name = cl_arena_strdup(&ld->p->arena, name);
	cl_strset_init(&ce.seen);
	rc = ld_parse_keys(ld, name, variable ? &var_table : &struct_table, &ce);
	if (!rc)
		rc = entry_check(ld, &ce);
	if (!rc)
		entry_keep(ld, &ce);
	free(ce.pairs);
	free(ce.shared);
	free(ce.lines);
	cl_strset_free(&ce.seen);
	return rc;
}

static int structs_key(struct loader *ld, const struct cl_span *at, const char *name,
		       void *arg)
{
	(void)arg;
	if (ld_check_struct_name(ld, at, name) || ld_next(ld))
		return -1;
	return entry_read(ld, at, name, false);
}

static int variables_key(struct loader *ld, const struct cl_span *at, const char *name,
			 void *arg)
{
	(void)arg;
	if (ld_check_variable_name(ld, at, name) || ld_next(ld))
		return -1;
	return entry_read(ld, at, name, true);
}

/* ------------------------------------------------------------------ */
/* The section                                                          */
/* ------------------------------------------------------------------ */

/* The value of @key, one of the words @a and @b: 0 for @a, 1 for @b, or -1. */
static int either_value(struct loader *ld, const char *key, const char *a, const char *b)
{
	const char *s = ld_scalar_value(ld, key);
	char vb[SHOW_MAX];

	if (!s)
		return -1;
	if (strcmp(s, a) && strcmp(s, b))
		return ld_err_here(ld, "'%s' must be %s or %s, found '%s'", key, a, b,
				   ld_show(vb, s));
	return !strcmp(s, b);
}

static int hdr_source(struct loader *ld, const char *key, void *arg)
{
	static const char *const sources[] = { "libcachelint-rt", "perf-c2c" };
	struct cl_contention_header *h = arg;
	int v = either_value(ld, key, sources[0], sources[1]);

	if (v < 0)
		return -1;
	h->source = cl_arena_strdup(&ld->p->arena, sources[v]);
	return 0;
}

static int hdr_measure(struct loader *ld, const char *key, void *arg)
{
	struct cl_contention_header *h = arg;
	int v = either_value(ld, key, "transfers", "hitm");

	if (v < 0)
		return -1;
	section(ld)->has_measure = true;
	h->measure = v ? CL_MEASURE_HITM : CL_MEASURE_TRANSFERS;
	return 0;
}

static int hdr_structs(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	return ld_parse_mapping(ld, key, structs_key, NULL);
}

static int hdr_variables(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	return ld_parse_mapping(ld, key, variables_key, NULL);
}

#define SECTION_KEYS(F, H, T)						\
	H(T, hdr_source, CL_KEY_SOURCE)					\
	H(T, hdr_measure, CL_KEY_MEASURE)				\
	F(T, hdr_line_size, CL_KEY_LINE_SIZE, line_size, ld_line_size_value) \
	F(T, hdr_seconds, CL_KEY_SECONDS, seconds, seconds_value)	\
	F(T, hdr_sample, CL_KEY_SAMPLE, sample, ld_sample_value)	\
	F(T, hdr_samples, CL_KEY_SAMPLES, samples, ld_count_value)	\
	F(T, hdr_dropped, CL_KEY_DROPPED, dropped, ld_count_value)	\
	F(T, hdr_units_dropped, CL_KEY_UNITS_DROPPED, units_dropped, ld_count_value) \
	F(T, hdr_threads, CL_KEY_THREADS, threads, ld_count_value)	\
	H(T, hdr_structs, CL_KEY_STRUCTS)				\
	H(T, hdr_variables, CL_KEY_VARIABLES)

LD_FIELD_TABLE(section_table, "contention key", struct cl_contention_header, SECTION_KEYS);

/* An entry resting on more samples than the run took. */
static int samples_check(struct loader *ld, const struct cl_contention_header *h, size_t from)
{
	const struct cl_contention *c = &ld->tmp.contention;

	for (size_t i = from; h->samples && i < c->n; i++) {
		const struct cl_contention_entry *e = &c->entries[i];

		if (e->samples > h->samples)
			return ld_err_at(ld, &e->span,
					 "'%s' rests on %" PRIu64 " samples, more than the %" PRIu64 " the run took",
					 e->name, e->samples, h->samples);
	}
	return 0;
}

/* The weight of the file's most contended line (or entry, without lines). */
static uint64_t section_top(const struct cl_contention *c, size_t from)
{
	uint64_t top = 0;

	for (size_t i = from; i < c->n; i++) {
		const struct cl_contention_entry *e = &c->entries[i];
		uint64_t w = e->nlines ? 0 : e->weight_false + e->weight_true;

		for (size_t k = 0; k < e->nlines; k++)
			if (e->lines[k].weight_false + e->lines[k].weight_true > w)
				w = e->lines[k].weight_false + e->lines[k].weight_true;
		if (w > top)
			top = w;
	}
	return top;
}

int ld_parse_contention(struct loader *ld, const char *key, void *arg)
{
	struct cl_contention_header *h = cl_arena_alloc(&ld->p->arena, sizeof(*h));
	struct ctn_section s = { .hdr = h };
	struct cl_contention *c = &ld->tmp.contention;
	size_t from = c->n;
	int rc;

	(void)arg;
	memset(h, 0, sizeof(*h));
	h->span = ld_here(ld);
	c->present = true;
	ld->contention_section = &s;
	rc = ld_parse_keys(ld, key, &section_table, h);
	ld->contention_section = NULL;
	if (rc)
		return -1;
	if (!h->source)
		return ld_err_at(ld, &h->span, "'contention' needs 'source' (libcachelint-rt or perf-c2c)");
	if (!s.has_measure && !strcmp(h->source, "perf-c2c"))
		h->measure = CL_MEASURE_HITM;
	if (!strcmp(h->source, "libcachelint-rt"))
		c->run = true;
	if (samples_check(ld, h, from))
		return -1;
	h->top = section_top(c, from);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Layering and lookup                                                  */
/* ------------------------------------------------------------------ */

static uint64_t entry_hash(const char *name, bool variable)
{
	return cl_hash_str(name) ^ (variable ? 0x9e3779b97f4a7c15ull : 0);
}

struct entry_key {
	const char *name;
	bool variable;
};

static bool entry_eq(const void *ctx, size_t i, const void *key)
{
	const struct cl_contention *c = ctx;
	const struct entry_key *k = key;

	return c->entries[i].variable == k->variable && !strcmp(c->entries[i].name, k->name);
}

static uint64_t entry_rehash(const void *ctx, size_t i)
{
	const struct cl_contention *c = ctx;

	return entry_hash(c->entries[i].name, c->entries[i].variable);
}

void cl_contention_init(struct cl_contention *c)
{
	memset(c, 0, sizeof(*c));
	cl_index_init(&c->index);
}

void cl_contention_free(struct cl_contention *c)
{
	free(c->entries);
	free(c->located);
	cl_index_free(&c->index);
	cl_contention_init(c);
}

void cl_contention_layer(struct cl_contention *to, const struct cl_contention *from)
{
	if (!from->present)
		return;
	to->present = true;
	to->run |= from->run;
	for (size_t i = 0; i < from->n; i++) {
		const struct cl_contention_entry *e = &from->entries[i];
		struct entry_key k = { e->name, e->variable };
		size_t *slot = cl_index_add(&to->index, to->n, entry_hash(e->name, e->variable),
					    entry_eq, entry_rehash, to, &k);

		if (*slot) {
			to->entries[*slot - 1] = *e;
			continue;
		}
		*(struct cl_contention_entry *)cl_vec_push(&to->entries, &to->n, &to->cap) = *e;
		*slot = to->n;
		if (!e->variable && e->name[cl_struct_key_name(e->name)])
			*(size_t *)cl_vec_push(&to->located, &to->nlocated, &to->located_cap) =
				to->n - 1;
	}
}

const struct cl_contention_entry *cl_contention_record(const struct cl_contention *c,
						       const struct cl_record_place *at)
{
	if (!at->name)
		return NULL;
	for (size_t i = 0; i < c->nlocated; i++)
		if (cl_struct_key_matches(c->entries[c->located[i]].name, at))
			return &c->entries[c->located[i]];
	return cl_contention_find(c, at->name, false);
}

const struct cl_contention_entry *cl_contention_find(const struct cl_contention *c,
						     const char *name, bool variable)
{
	struct entry_key k = { name, variable };
	size_t *slot;

	if (!c->n)
		return NULL;
	slot = cl_index_slot(&c->index, entry_hash(name, variable), entry_eq, c, &k);
	return *slot ? &c->entries[*slot - 1] : NULL;
}
