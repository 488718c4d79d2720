// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * source_cache.c - source files read once and kept, their lines, and
 * columns as people and tools count them
 */
#include "source_cache.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/arena.h"
#include "model/hash.h"
#include "model/source.h"

#define TABSTOP 8

static void cache_init(struct cl_source_cache *c, unsigned limit)
{
	memset(c, 0, sizeof(*c));
	c->limit = limit;
	cl_index_init(&c->index);
}

void cl_source_cache_init(struct cl_source_cache *c)
{
	cache_init(c, CL_SOURCE_CACHE_FILES);
}

void cl_source_cache_init_all(struct cl_source_cache *c)
{
	cache_init(c, 0);
}

static void file_free(struct cl_source_file *f)
{
	free(f->path);
	free(f->data);
	free(f->lines);
	memset(f, 0, sizeof(*f));
}

void cl_source_cache_free(struct cl_source_cache *c)
{
	for (size_t i = 0; i < c->nfiles; i++)
		file_free(&c->files[i]);
	free(c->files);
	cl_index_free(&c->index);
	memset(c, 0, sizeof(*c));
}

static void file_read(struct cl_source_file *f, const char *path)
{
	size_t cap = 0;
	const char *why;

	f->path = cl_xstrdup(path);
	f->data = cl_source_read(path, &f->size, &why);
	if (!f->data)
		return;
	f->lines = cl_vec_grow(NULL, &cap, 1, sizeof(*f->lines));
	f->lines[f->nlines++] = 0;
	/* memchr() from line to line: the plugin reads each header a unit includes */
	for (const char *p = f->data, *end = f->data + f->size;
	     (p = memchr(p, '\n', (size_t)(end - p))); p++) {
		if (f->nlines == cap)
			f->lines = cl_vec_grow(f->lines, &cap, f->nlines + 1, sizeof(*f->lines));
		f->lines[f->nlines++] = (size_t)(p - f->data) + 1;
	}
}

static bool file_eq(const void *ctx, size_t i, const void *key)
{
	return !strcmp(((const struct cl_source_cache *)ctx)->files[i].path, key);
}

static uint64_t file_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_source_cache *)ctx)->files[i].path);
}

static struct cl_source_file *cache_get(struct cl_source_cache *c, const char *path)
{
	struct cl_source_file *f;
	size_t *slot;

	if (c->limit) {
		for (size_t i = 0; i < c->nfiles; i++)
			if (!strcmp(c->files[i].path, path))
				return &c->files[i];
		if (c->nfiles < c->limit) {
			c->files = cl_vec_grow(c->files, &c->cap, c->nfiles + 1, sizeof(*c->files));
			f = &c->files[c->nfiles++];
			memset(f, 0, sizeof(*f));
		} else {
			f = &c->files[c->next];
			c->next = (c->next + 1) % c->limit;
			file_free(f);
		}
		file_read(f, path);
		return f;
	}
	slot = cl_index_add(&c->index, c->nfiles, cl_hash_str(path), file_eq, file_hash, c, path);
	if (*slot)
		return &c->files[*slot - 1];
	c->files = cl_vec_grow(c->files, &c->cap, c->nfiles + 1, sizeof(*c->files));
	f = &c->files[c->nfiles];
	memset(f, 0, sizeof(*f));
	file_read(f, path);
	*slot = ++c->nfiles;
	return f;
}

const char *cl_source_line(struct cl_source_cache *c, const char *file, unsigned line,
			   size_t *len)
{
	const struct cl_source_file *f;
	const char *s, *nl;

	if (!file || !*file || !line)
		return NULL;
	f = cache_get(c, file);
	if (!f->data || line > f->nlines || f->lines[line - 1] > f->size)
		return NULL;
	s = f->data + f->lines[line - 1];
	nl = memchr(s, '\n', f->size - f->lines[line - 1]);
	*len = (size_t)((nl ? nl : f->data + f->size) - s);
	return s;
}

/* Decode one UTF-8 sequence at @s (at most @n bytes); 0 bytes: invalid. */
static unsigned utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned len;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0)
		len = 2, *cp = s[0] & 0x1f;
	else if ((s[0] & 0xf0) == 0xe0)
		len = 3, *cp = s[0] & 0x0f;
	else if ((s[0] & 0xf8) == 0xf0)
		len = 4, *cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (unsigned i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (s[i] & 0x3f);
	}
	return len;
}

struct range {
	uint32_t lo, hi;
};

/* Zero-width: combining marks and format characters. */
static const struct range zero_width[] = {
	{ 0x0300, 0x036f }, { 0x0483, 0x0489 }, { 0x0591, 0x05bd }, { 0x0610, 0x061a },
	{ 0x064b, 0x065f }, { 0x0e31, 0x0e31 }, { 0x0e34, 0x0e3a }, { 0x1ab0, 0x1aff },
	{ 0x1dc0, 0x1dff }, { 0x200b, 0x200f }, { 0x202a, 0x202e }, { 0x2060, 0x2064 },
	{ 0x20d0, 0x20ff }, { 0xfe00, 0xfe0f }, { 0xfe20, 0xfe2f }, { 0xfeff, 0xfeff },
};

/* East Asian wide and fullwidth: two columns. */
static const struct range wide[] = {
	{ 0x1100, 0x115f }, { 0x231a, 0x231b }, { 0x2e80, 0x303e }, { 0x3041, 0x33ff },
	{ 0x3400, 0x4dbf }, { 0x4e00, 0x9fff }, { 0xa000, 0xa4cf }, { 0xac00, 0xd7a3 },
	{ 0xf900, 0xfaff }, { 0xfe30, 0xfe4f }, { 0xff00, 0xff60 }, { 0xffe0, 0xffe6 },
	{ 0x1f300, 0x1f64f }, { 0x1f900, 0x1f9ff }, { 0x20000, 0x2fffd }, { 0x30000, 0x3fffd },
};

static bool in_ranges(uint32_t cp, const struct range *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (cp >= r[i].lo && cp <= r[i].hi)
			return true;
	return false;
}

static unsigned char_width(uint32_t cp)
{
	if (in_ranges(cp, zero_width, sizeof(zero_width) / sizeof(zero_width[0])))
		return 0;
	if (in_ranges(cp, wide, sizeof(wide) / sizeof(wide[0])))
		return 2;
	return 1;
}

unsigned cl_source_column(struct cl_source_cache *c, const char *file, unsigned line,
			  unsigned col, enum cl_column_kind kind)
{
	const struct cl_source_file *f;
	const unsigned char *s, *end;
	unsigned out = 0;

	if (!file || !line || !col)
		return col;
	f = cache_get(c, file);
	if (!f->data || line > f->nlines)
		return col;
	s = (const unsigned char *)f->data + f->lines[line - 1];
	end = (const unsigned char *)f->data + f->size;
	if ((size_t)(end - s) < col - 1)
		return col;
	end = s + (col - 1);
	while (s < end) {
		uint32_t cp;
		unsigned len = utf8_decode(s, (size_t)(end - s), &cp);

		if (*s == '\n')
			return col;	/* the column is beyond the line */
		if (!len) {
			len = 1;	/* an invalid byte counts as one column */
			cp = 0xfffd;
		}
		if (kind == CL_COLUMN_CODEPOINT)
			out++;
		else if (cp == '\t')
			out = (out / TABSTOP + 1) * TABSTOP;
		else
			out += char_width(cp);
		s += len;
	}
	return out + 1;
}
