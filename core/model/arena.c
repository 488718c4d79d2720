// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arena.c - bump allocator and checked malloc wrappers
 */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK_MIN (64 * 1024)

struct cl_arena_chunk {
	struct cl_arena_chunk *next;
	size_t used, size;
	max_align_t data[];
};

static void out_of_memory(size_t size)
{
	fprintf(stderr, "cachelint: out of memory allocating %zu bytes\n", size);
	abort();
}

void *cl_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

void *cl_xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

char *cl_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(cl_xmalloc(n), s, n);
}

void *cl_vec_grow(void *v, size_t *cap, size_t need, size_t elem)
{
	size_t ncap = *cap ? *cap : 8;

	if (need <= *cap)
		return v;
	while (ncap < need)
		ncap *= 2;
	v = cl_xrealloc(v, ncap * elem);
	memset((char *)v + *cap * elem, 0, (ncap - *cap) * elem);
	*cap = ncap;
	return v;
}

void cl_arena_init(struct cl_arena *a)
{
	a->head = NULL;
}

void cl_arena_free(struct cl_arena *a)
{
	struct cl_arena_chunk *c, *next;

	for (c = a->head; c; c = next) {
		next = c->next;
		free(c);
	}
	a->head = NULL;
}

void *cl_arena_alloc(struct cl_arena *a, size_t size)
{
	const size_t align = _Alignof(max_align_t);
	struct cl_arena_chunk *c = a->head;
	void *p;

	size = (size + align - 1) & ~(align - 1);
	if (!c || c->size - c->used < size) {
		size_t csize = size > CHUNK_MIN ? size : CHUNK_MIN;

		c = cl_xmalloc(sizeof(*c) + csize);
		c->size = csize;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	p = (char *)c->data + c->used;
	c->used += size;
	return memset(p, 0, size);
}

char *cl_arena_strndup(struct cl_arena *a, const char *s, size_t n)
{
	char *p = cl_arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *cl_arena_join(struct cl_arena *a, const char *x, const char *sep, const char *y)
{
	size_t nx = strlen(x), ns = strlen(sep), ny = strlen(y);
	char *p = cl_arena_alloc(a, nx + ns + ny + 1);

	memcpy(p, x, nx);
	memcpy(p + nx, sep, ns);
	memcpy(p + nx + ns, y, ny + 1);
	return p;
}

char *cl_arena_strdup(struct cl_arena *a, const char *s)
{
	return s ? cl_arena_strndup(a, s, strlen(s)) : NULL;
}

char *cl_arena_printf(struct cl_arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;
	char *p;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	p = cl_arena_alloc(a, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void cl_strbuf_printf(struct cl_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	b->s = cl_vec_grow(b->s, &b->cap, b->len + (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

char *cl_strbuf_take(struct cl_strbuf *b, struct cl_arena *a)
{
	char *s = b->s ? cl_arena_strndup(a, b->s, b->len) : NULL;

	cl_strbuf_free(b);
	return s;
}

void cl_strbuf_free(struct cl_strbuf *b)
{
	free(b->s);
	*b = (struct cl_strbuf){ 0 };
}
