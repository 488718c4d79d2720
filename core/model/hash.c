// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hash.c - FNV-1a and the open-addressing tables
 */
#include "hash.h"

#include <stdlib.h>
#include <string.h>

uint64_t cl_hash_mem(const void *p, size_t n)
{
	uint64_t h = cl_fnv1a(CL_FNV_OFFSET, p, n);

	return h ^ (h >> 32);
}

uint64_t cl_hash_str(const char *s)
{
	return cl_hash_mem(s, strlen(s));
}

static void *zalloc(size_t n, size_t size)
{
	void *p = cl_xmalloc(n * size);

	memset(p, 0, n * size);
	return p;
}

/* ------------------------------------------------------------------ */
/* cl_map                                                               */

void cl_map_init(struct cl_map *m)
{
	memset(m, 0, sizeof(*m));
}

void cl_map_free(struct cl_map *m)
{
	free(m->keys);
	free(m->vals);
	cl_map_init(m);
}

/* Keys are often offsets or hashes with weak low bits: mix them first. */
static size_t map_home(uint64_t key, size_t size)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return (size_t)key & (size - 1);
}

void *cl_map_get(const struct cl_map *m, uint64_t key)
{
	if (!m->size || !key)
		return NULL;
	for (size_t i = map_home(key, m->size); m->keys[i]; i = (i + 1) & (m->size - 1))
		if (m->keys[i] == key)
			return m->vals[i];
	return NULL;
}

static void map_grow(struct cl_map *m)
{
	struct cl_map bigger;

	bigger.size = m->size ? m->size * 2 : 64;
	bigger.n = 0;
	bigger.keys = zalloc(bigger.size, sizeof(*bigger.keys));
	bigger.vals = zalloc(bigger.size, sizeof(*bigger.vals));
	for (size_t i = 0; i < m->size; i++)
		if (m->keys[i])
			cl_map_put(&bigger, m->keys[i], m->vals[i]);
	cl_map_free(m);
	*m = bigger;
}

void cl_map_put(struct cl_map *m, uint64_t key, void *val)
{
	if ((m->n + 1) * 2 > m->size)
		map_grow(m);
	for (size_t i = map_home(key, m->size);; i = (i + 1) & (m->size - 1)) {
		if (m->keys[i] == key) {
			m->vals[i] = val;
			return;
		}
		if (!m->keys[i]) {
			m->keys[i] = key;
			m->vals[i] = val;
			m->n++;
			return;
		}
	}
}

/* ------------------------------------------------------------------ */
/* cl_index                                                             */

void cl_index_init(struct cl_index *x)
{
	x->slots = NULL;
	x->size = 0;
}

void cl_index_free(struct cl_index *x)
{
	free(x->slots);
	cl_index_init(x);
}

size_t *cl_index_slot(const struct cl_index *x, uint64_t hash, cl_index_eq eq,
		      const void *ctx, const void *key)
{
	size_t mask = x->size - 1;

	for (size_t i = hash & mask;; i = (i + 1) & mask) {
		size_t *slot = &x->slots[i];

		if (!*slot || eq(ctx, *slot - 1, key))
			return slot;
	}
}

void cl_index_reserve(struct cl_index *x, size_t n, cl_index_hash hash, const void *ctx)
{
	size_t size = x->size ? x->size : 16;

	while (n * 2 > size)
		size *= 2;
	if (size == x->size)
		return;
	free(x->slots);
	x->size = size;
	x->slots = zalloc(size, sizeof(*x->slots));
	/* the elements already there are all distinct: the first empty slot */
	for (size_t i = 0; i + 1 < n; i++) {
		size_t k = hash(ctx, i) & (size - 1);

		while (x->slots[k])
			k = (k + 1) & (size - 1);
		x->slots[k] = i + 1;
	}
}

size_t *cl_index_add(struct cl_index *x, size_t n, uint64_t hash, cl_index_eq eq,
		     cl_index_hash rehash, const void *ctx, const void *key)
{
	cl_index_reserve(x, n + 1, rehash, ctx);
	return cl_index_slot(x, hash, eq, ctx, key);
}

/* ------------------------------------------------------------------ */
/* cl_strset                                                            */

void cl_strset_init(struct cl_strset *s)
{
	memset(s, 0, sizeof(*s));
	cl_arena_init(&s->arena);
}

void cl_strset_free(struct cl_strset *s)
{
	cl_index_free(&s->index);
	free(s->v);
	cl_arena_free(&s->arena);
	memset(s, 0, sizeof(*s));
}

static bool strset_eq(const void *ctx, size_t i, const void *key)
{
	return !strcmp(((const struct cl_strset *)ctx)->v[i], key);
}

static uint64_t strset_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_strset *)ctx)->v[i]);
}

const char *cl_strset_intern(struct cl_strset *s, const char *key)
{
	size_t *slot = cl_index_add(&s->index, s->n, cl_hash_str(key), strset_eq,
				    strset_hash, s, key);

	if (*slot)
		return s->v[*slot - 1];
	*cl_vec_push(&s->v, &s->n, &s->cap) = cl_arena_strdup(&s->arena, key);
	*slot = s->n;
	return s->v[s->n - 1];
}

bool cl_strset_has(const struct cl_strset *s, const char *key)
{
	return s->index.size &&
	       *cl_index_slot(&s->index, cl_hash_str(key), strset_eq, s, key);
}

bool cl_strset_add(struct cl_strset *s, const char *key)
{
	size_t n = s->n;

	cl_strset_intern(s, key);
	return s->n == n;
}
