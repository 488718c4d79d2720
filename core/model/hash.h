/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hash.h - the one hash and the open-addressing tables every part uses
 *
 * FNV-1a over bytes (64-bit; the 32-bit form is the plugin's struct
 * fingerprint, which instrumented objects and their profiles carry, so its
 * values must not change); three tables on top of it, all open addressing with
 * linear probing, a power of two in size and at most half full:
 *   - struct cl_map: 64-bit key -> pointer (key 0 is reserved for "empty");
 *   - struct cl_index: finds elements of an array the caller owns by a key
 *     the caller defines (a name, a path): each slot holds an index + 1;
 *   - struct cl_strset: a set of strings it copies.
 * Allocation failure is fatal (cl_xmalloc), as everywhere in cachelint.
 */
#ifndef CACHELINT_HASH_H
#define CACHELINT_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CL_FNV_OFFSET 0xcbf29ce484222325ULL
#define CL_FNV_PRIME 0x100000001b3ULL
#define CL_FNV32_OFFSET 2166136261u
#define CL_FNV32_PRIME 16777619u

/*
 * FNV-1a's one loop: fold @n bytes at @p into @h with @prime.  It serves
 * both widths: the low 32 bits of a product and of a XOR depend only on the
 * low 32 bits of what they are made of, so the 64-bit loop run with the
 * 32-bit prime has the 32-bit hash in its low half.
 */
static inline uint64_t cl_fnv1a_prime(uint64_t h, uint64_t prime, const void *p, size_t n)
{
	const unsigned char *s = (const unsigned char *)p;

	while (n--) {
		h ^= *s++;
		h *= prime;
	}
	return h;
}

/* FNV-1a: fold @n bytes at @p into @h (start from CL_FNV_OFFSET). */
static inline uint64_t cl_fnv1a(uint64_t h, const void *p, size_t n)
{
	return cl_fnv1a_prime(h, CL_FNV_PRIME, p, n);
}

/* 32-bit FNV-1a: fold @n bytes at @p into @h (start from CL_FNV32_OFFSET). */
static inline uint32_t cl_fnv1a32(uint32_t h, const void *p, size_t n)
{
	return (uint32_t)cl_fnv1a_prime(h, CL_FNV32_PRIME, p, n);
}

/*
 * A table hash of @n bytes: FNV-1a with the better-mixed high half folded
 * into the low bits, which are what a table indexes by.
 */
uint64_t cl_hash_mem(const void *p, size_t n);
uint64_t cl_hash_str(const char *s);

/**
 * struct cl_map - 64-bit keys to pointers
 * @keys: 0 marks an empty slot, so 0 is not a key
 * @vals: the value of each slot
 * @size: slots, 0 or a power of two
 * @n: keys stored
 */
struct cl_map {
	uint64_t *keys;
	void **vals;
	size_t size, n;
};

void cl_map_init(struct cl_map *m);
void cl_map_free(struct cl_map *m);
void *cl_map_get(const struct cl_map *m, uint64_t key);
/* Set @key (not 0) to @val, replacing what it had. */
void cl_map_put(struct cl_map *m, uint64_t key, void *val);

/**
 * struct cl_index - an index over an array the caller owns
 * @slots: each the index of an element + 1, or 0 when empty
 * @size: slots, 0 or a power of two
 *
 * The caller knows how to hash and compare its elements; the index only
 * probes.  Usage: cl_index_reserve() before adding element N, then
 * *cl_index_slot(...) = N + 1; or cl_index_add(), which does both steps.
 */
struct cl_index {
	size_t *slots;
	size_t size;
};

/* Whether element @i of @ctx's array has the key @key. */
typedef bool (*cl_index_eq)(const void *ctx, size_t i, const void *key);
/* The hash of element @i of @ctx's array. */
typedef uint64_t (*cl_index_hash)(const void *ctx, size_t i);

void cl_index_init(struct cl_index *x);
void cl_index_free(struct cl_index *x);
/*
 * The slot of @key: the one that holds the element with that key, or the
 * empty one where it belongs.  The index must have been reserved.
 */
size_t *cl_index_slot(const struct cl_index *x, uint64_t hash, cl_index_eq eq,
		      const void *ctx, const void *key);
/* Make room for @n elements, rehashing the @n - 1 already there when it grows. */
void cl_index_reserve(struct cl_index *x, size_t n, cl_index_hash hash, const void *ctx);
/*
 * Find or make a place for @key among the @n elements there: room is made
 * for one more first, so when the slot returned is empty the caller can
 * add its element @n and set *slot = @n + 1.
 */
size_t *cl_index_add(struct cl_index *x, size_t n, uint64_t hash, cl_index_eq eq,
		     cl_index_hash rehash, const void *ctx, const void *key);

/**
 * struct cl_strset - a set of strings (copied into @arena)
 * @index: by cl_hash_str()
 * @v: the strings, in the order they were added
 * @n: number of @v
 * @cap: allocated @v
 * @arena: the copies
 */
struct cl_strset {
	struct cl_index index;
	const char **v;
	size_t n, cap;
	struct cl_arena arena;
};

void cl_strset_init(struct cl_strset *s);
void cl_strset_free(struct cl_strset *s);
/* Add @key; returns whether it was there already. */
bool cl_strset_add(struct cl_strset *s, const char *key);
/* Whether @key is in the set (it is not added). */
bool cl_strset_has(const struct cl_strset *s, const char *key);
/* The set's own copy of @key, added if it was not there. */
const char *cl_strset_intern(struct cl_strset *s, const char *key);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_HASH_H */
