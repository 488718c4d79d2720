/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arena.h - bump allocation for everything a front end builds for one run
 *
 * A translation unit (plugin), a compile database (lint) or a binary (DWARF)
 * builds many small records, members and strings that all die together.
 * They come from one arena and are freed with it.  Allocation failure is
 * fatal: the front ends cannot do anything useful without memory, and a
 * NULL check at every one of hundreds of call sites hides real bugs.
 */
#ifndef CACHELINT_ARENA_H
#define CACHELINT_ARENA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct cl_arena_chunk;

/**
 * struct cl_arena - a list of chunks, bump-allocated, freed at once
 * @head: newest chunk, where allocation happens
 */
struct cl_arena {
	struct cl_arena_chunk *head;
};

void cl_arena_init(struct cl_arena *a);
void cl_arena_free(struct cl_arena *a);
/* Zeroed memory, aligned for any object. */
void *cl_arena_alloc(struct cl_arena *a, size_t size);
char *cl_arena_strdup(struct cl_arena *a, const char *s);
char *cl_arena_strndup(struct cl_arena *a, const char *s, size_t n);
char *cl_arena_printf(struct cl_arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* @x @sep @y as one string ("lruvec" "." "lru_lock"): a path, without printf's cost. */
char *cl_arena_join(struct cl_arena *a, const char *x, const char *sep, const char *y);

/**
 * struct cl_strbuf - text built by appending pieces, in time linear in its
 *	length (a cl_arena_printf("%s, %s", text, piece) per piece copies
 *	the whole text each time: quadratic time and arena memory)
 * @s: the text so far, NUL-terminated; NULL until something is appended
 * @len: its length
 * @cap: bytes allocated for @s
 *
 * Zero-initialise, append with cl_strbuf_printf(), and hand the text to an
 * arena with cl_strbuf_take(), which frees the buffer.
 */
struct cl_strbuf {
	char *s;
	size_t len, cap;
};

void cl_strbuf_printf(struct cl_strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The text copied into @a (NULL if nothing was appended); @b is empty again. */
char *cl_strbuf_take(struct cl_strbuf *b, struct cl_arena *a);
void cl_strbuf_free(struct cl_strbuf *b);

/* malloc/realloc that abort with a message instead of returning NULL. */
void *cl_xmalloc(size_t size);
void *cl_xrealloc(void *p, size_t size);
char *cl_xstrdup(const char *s);

/*
 * Growable arrays: a (pointer, count, capacity) triple grown by doubling.
 * cl_vec_push(&v, &n, &cap) returns a zeroed new last element.
 */
void *cl_vec_grow(void *v, size_t *cap, size_t need, size_t elem);
#define cl_vec_push(vp, np, capp)						\
	(*(vp) = cl_vec_grow(*(vp), (capp), *(np) + 1, sizeof(**(vp))),	\
	 &(*(vp))[(*(np))++])

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_ARENA_H */
