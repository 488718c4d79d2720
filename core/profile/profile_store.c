// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_store.c - a profile's structs by key: the index by name, a
 * struct's entry made on first mention, its members by path, and matching
 * a key ("conn", "conn@net/conn.c:12") to a record
 *
 * The ground of core/profile/: the loader, the schema, the sections
 * (objects:, contention:, lines:) and applying a profile ask it, and it
 * asks none of them.
 */
#define _POSIX_C_SOURCE 200809L

#include "access_profile.h"

#include <stdlib.h>
#include <string.h>

#include "model/names.h"
#include "profile_loader.h"

/* ------------------------------------------------------------------ */
/* Hashing                                                              */
/* ------------------------------------------------------------------ */

static uint64_t struct_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_profile *)ctx)->structs[i].name);
}

static bool struct_eq(const void *ctx, size_t i, const void *name)
{
	return !strcmp(((const struct cl_profile *)ctx)->structs[i].name, name);
}

/* The slot of struct @name in p->index, which must have room. */
static size_t *struct_slot(const struct cl_profile *p, const char *name)
{
	return cl_index_slot(&p->index, cl_hash_str(name), struct_eq, p, name);
}

/* @name must already live as long as @p (its arena, or a string literal). */
struct cl_profile_struct *ld_struct_add(struct cl_profile *p, const char *name,
					    const struct cl_span *span)
{
	struct cl_profile_struct *s;

	cl_index_reserve(&p->index, p->nstructs + 1, struct_hash, p);
	s = cl_vec_push(&p->structs, &p->nstructs, &p->cap);
	s->name = name;
	s->span = *span;
	*struct_slot(p, name) = p->nstructs;
	if (name[cl_struct_key_name(name)])
		*cl_vec_push(&p->located, &p->nlocated, &p->located_cap) = p->nstructs - 1;
	return s;
}

/* The members of one struct by path: for one merge, or one struct being read. */
uint64_t ld_path_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_profile_struct *)ctx)->members[i].path);
}

static bool path_eq(const void *ctx, size_t i, const void *path)
{
	return !strcmp(((const struct cl_profile_struct *)ctx)->members[i].path, path);
}

size_t *ld_path_slot(const struct cl_index *x, const struct cl_profile_struct *s,
			 const char *path)
{
	return cl_index_slot(x, cl_hash_str(path), path_eq, s, path);
}

/* ------------------------------------------------------------------ */
struct cl_profile_struct *cl_profile_find(const struct cl_profile *p, const char *name)
{
	size_t *slot;

	if (!p->index.size)
		return NULL;
	slot = struct_slot(p, name);
	return *slot ? &p->structs[*slot - 1] : NULL;
}

size_t cl_struct_key_name(const char *key)
{
	const char *at = strchr(key, '@');

	return at ? (size_t)(at - key) : strlen(key);
}

/* "FILE:LINE" after the '@' of a key: its FILE's length and LINE; false when it is none. */
bool ld_key_place(const char *s, size_t *file_len, unsigned *line)
{
	const char *colon = strrchr(s, ':');
	uint64_t v = 0;

	if (!colon || colon == s || !colon[1])
		return false;
	/* decimal digits only, as ld_parse_u64() reads numbers; a line fits 32 bits */
	for (const char *d = colon + 1; *d; d++) {
		if (*d < '0' || *d > '9')
			return false;
		v = v * 10 + (uint64_t)(*d - '0');
		if (v > UINT32_MAX)
			return false;
	}
	if (!v)
		return false;
	*file_len = (size_t)(colon - s);
	*line = (unsigned)v;
	return true;
}

void cl_record_place(const struct cl_record *rec, struct cl_record_place *at)
{
	at->name = rec->name;
	at->file = rec->name ? cl_span_shown_file(&rec->span) : NULL;
	at->line = at->file ? cl_span_shown_line(&rec->span) : 0;
}

bool cl_struct_key_matches(const char *key, const struct cl_record_place *at)
{
	size_t n = cl_struct_key_name(key), flen, slen;
	unsigned line;

	if (!at->name || strlen(at->name) != n || memcmp(key, at->name, n))
		return false;
	if (!key[n])
		return true;
	if (!ld_key_place(key + n + 1, &flen, &line) || !at->file || at->line != line)
		return false;
	slen = strlen(at->file);
	/*
	 * Either is a suffix of the other, on whole path components: the
	 * runtime writes the path the compiler was given ("/src/a.c" or
	 * "a.c"), the front end reports the one it was given.
	 */
	if (slen >= flen)
		return !memcmp(at->file + slen - flen, key + n + 1, flen) &&
		       (slen == flen || at->file[slen - flen - 1] == '/');
	return !memcmp(key + n + 1 + flen - slen, at->file, slen) && key[n + flen - slen] == '/';
}

struct cl_profile_struct *cl_profile_find_record(const struct cl_profile *p,
						 const struct cl_record_place *at)
{
	if (!at->name)
		return NULL;
	for (size_t i = 0; i < p->nlocated; i++)
		if (cl_struct_key_matches(p->structs[p->located[i]].name, at))
			return &p->structs[p->located[i]];
	return cl_profile_find(p, at->name);
}

/*
 * Most structs in a profile have a handful of entries, and a generated
 * profile has a million structs: arrays grow from 1, and lose their
 * slack as soon as their struct has been read, while malloc can still
 * hand the freed tail to the next struct.
 */
struct cl_profile_member *ld_member_push(struct cl_profile_struct *s)
{
	struct cl_profile_member *m;

	if (s->nmembers == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1;
		s->members = cl_xrealloc(s->members, s->cap * sizeof(*s->members));
	}
	m = &s->members[s->nmembers++];
	memset(m, 0, sizeof(*m));
	return m;
}

void ld_members_trim(struct cl_profile_struct *s)
{
	if (s->cap == s->nmembers)
		return;
	if (!s->nmembers) {
		free(s->members);
		s->members = NULL;
	} else {
		s->members = cl_xrealloc(s->members, s->nmembers * sizeof(*s->members));
	}
	s->cap = s->nmembers;
}
