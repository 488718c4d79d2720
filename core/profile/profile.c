// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile.c - load access profiles (YAML) and merge them
 *
 * The loader reads libyaml events, not a document tree: profiles generated
 * from perf data run to hundreds of megabytes, and a tree costs several
 * times the file size.  Streaming keeps memory proportional to the distinct
 * entries.  The schema is walked by recursive descent, one function per
 * kind of node; each starts on the first event of its node and returns on
 * its last one, so the caller's next event is the next key.
 *
 * A file is read into a temporary profile and merged into the caller's
 * only once all of it is valid, so a bad file never leaves half its entries
 * behind.  Strings go straight into the caller's arena, which is why an
 * error leaves some memory there and nothing else.
 *
 * libyaml hands duplicate keys over as ordinary events and leaves aliases
 * to a document tree.  A profile allows neither: a duplicate is nearly
 * always a merge mistake that would otherwise silently drop an entry, and
 * aliases would need the tree that streaming avoids.
 *
 * cl_profile_apply() is elsewhere (profile_apply.c): it needs the layout
 * model, loading does not.  The objects: section has a file of its own
 * (profile_objects.c), which reads with the tools of profile_loader.h.
 */
#define _POSIX_C_SOURCE 200809L

#include "access_profile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

#include "names.h"
#include "paths.h"
#include "profile_loader.h"
#include "rules.h"


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
static struct cl_profile_struct *struct_add(struct cl_profile *p, const char *name,
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
static uint64_t path_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_profile_struct *)ctx)->members[i].path);
}

static bool path_eq(const void *ctx, size_t i, const void *path)
{
	return !strcmp(((const struct cl_profile_struct *)ctx)->members[i].path, path);
}

static size_t *path_slot(const struct cl_index *x, const struct cl_profile_struct *s,
			 const char *path)
{
	return cl_index_slot(x, cl_hash_str(path), path_eq, s, path);
}

/**
 * struct keyset - the keys seen so far in one YAML mapping
 * @index: @keys by name
 * @keys: where each key is in @pool, and the 1-based line of its first
 *        occurrence
 * @n: number of @keys
 * @cap: allocated @keys
 * @pool: the keys, NUL-terminated; @keys hold offsets because it moves
 * @pool_len: bytes used in @pool
 * @pool_cap: bytes allocated for @pool
 *
 * There is one per open mapping with fixed keys or suppressions, and it
 * dies with the mapping.  Struct and member keys, which can run to
 * millions, are checked through the indexes that hold them anyway.
 */
struct keyset {
	struct cl_index index;
	struct { size_t off; unsigned line; } *keys;
	size_t n, cap;
	char *pool;
	size_t pool_len, pool_cap;
};

static bool keyset_eq(const void *ctx, size_t i, const void *key)
{
	const struct keyset *ks = ctx;

	return !strcmp(ks->pool + ks->keys[i].off, key);
}

static uint64_t keyset_hash(const void *ctx, size_t i)
{
	const struct keyset *ks = ctx;

	return cl_hash_str(ks->pool + ks->keys[i].off);
}

/* Record @key, seen at @line: 0 when it is new, else the line of the first. */
static unsigned keyset_add(struct keyset *ks, const char *key, unsigned line)
{
	size_t len = strlen(key) + 1;
	size_t *slot = cl_index_add(&ks->index, ks->n, cl_hash_str(key), keyset_eq,
				    keyset_hash, ks, key);

	if (*slot)
		return ks->keys[*slot - 1].line;
	ks->pool = cl_vec_grow(ks->pool, &ks->pool_cap, ks->pool_len + len, 1);
	memcpy(ks->pool + ks->pool_len, key, len);
	cl_vec_push(&ks->keys, &ks->n, &ks->cap)->off = ks->pool_len;
	ks->keys[ks->n - 1].line = line;
	ks->pool_len += len;
	*slot = ks->n;
	return 0;
}

static void keyset_free(struct keyset *ks)
{
	cl_index_free(&ks->index);
	free(ks->keys);
	free(ks->pool);
}

/* ------------------------------------------------------------------ */
/* Profiles                                                             */
/* ------------------------------------------------------------------ */

void cl_thresholds_init(struct cl_thresholds *t)
{
	t->write_hot = CL_THRESHOLD_WRITE_HOT_DEFAULT;
	t->read_mostly = CL_THRESHOLD_READ_MOSTLY_DEFAULT;
	t->min_accesses = CL_THRESHOLD_MIN_ACCESSES_DEFAULT;
	t->contention.min_transfers = CL_CONTENTION_MIN_TRANSFERS_DEFAULT;
	t->contention.min_samples = CL_CONTENTION_MIN_SAMPLES_DEFAULT;
	t->contention.min_share = CL_CONTENTION_MIN_SHARE_DEFAULT;
}

void cl_profile_init(struct cl_profile *p)
{
	memset(p, 0, sizeof(*p));
	cl_arena_init(&p->arena);
	cl_thresholds_init(&p->thresholds);
	cl_contention_init(&p->contention);
}

/* Leaves @p empty and initialised, so freeing twice is harmless. */
void cl_profile_free(struct cl_profile *p)
{
	size_t i;

	for (i = 0; i < p->nstructs; i++)
		free(p->structs[i].members);
	free(p->structs);
	cl_index_free(&p->index);
	free(p->concurrent);
	free(p->located);
	cl_objects_free(&p->objects);
	cl_contention_free(&p->contention);
	free(p->budgets);
	cl_arena_free(&p->arena);
	cl_profile_init(p);
}

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
static bool key_place(const char *s, size_t *file_len, unsigned *line)
{
	const char *colon = strrchr(s, ':');
	uint64_t v;

	if (!colon || colon == s || !ld_parse_u64(colon + 1, &v) || !v || v > UINT32_MAX)
		return false;
	*file_len = (size_t)(colon - s);
	*line = (unsigned)v;
	return true;
}

bool cl_struct_key_matches(const char *key, const struct cl_record *rec)
{
	size_t n = cl_struct_key_name(key), flen, slen;
	const char *shown;
	unsigned line;

	if (!rec->name || strlen(rec->name) != n || memcmp(key, rec->name, n))
		return false;
	if (!key[n])
		return true;
	shown = cl_span_shown_file(&rec->span);
	if (!key_place(key + n + 1, &flen, &line) || !shown ||
	    cl_span_shown_line(&rec->span) != line)
		return false;
	slen = strlen(shown);
	/*
	 * Either is a suffix of the other, on whole path components: the
	 * runtime writes the path the compiler was given ("/src/a.c" or
	 * "a.c"), the front end reports the one it was given.
	 */
	if (slen >= flen)
		return !memcmp(shown + slen - flen, key + n + 1, flen) &&
		       (slen == flen || shown[slen - flen - 1] == '/');
	return !memcmp(key + n + 1 + flen - slen, shown, slen) && key[n + flen - slen] == '/';
}

struct cl_profile_struct *cl_profile_find_record(const struct cl_profile *p,
						 const struct cl_record *rec)
{
	if (!rec->name)
		return NULL;
	for (size_t i = 0; i < p->nlocated; i++)
		if (cl_struct_key_matches(p->structs[p->located[i]].name, rec))
			return &p->structs[p->located[i]];
	return cl_profile_find(p, rec->name);
}

static bool key_named(const char *key, const char *name)
{
	size_t n = cl_struct_key_name(key);

	return strlen(name) == n && !memcmp(key, name, n);
}

bool cl_profile_names(const struct cl_profile *p, const char *name)
{
	if (!p || !name || (!p->nstructs && !p->objects.nstructs && !p->nbudgets &&
			    !p->contention.n))
		return false;
	for (size_t i = 0; i < p->nbudgets; i++)
		if (key_named(p->budgets[i].record, name))
			return true;
	if (cl_profile_find(p, name))
		return true;
	for (size_t i = 0; i < p->nlocated; i++)
		if (key_named(p->structs[p->located[i]].name, name))
			return true;
	if (cl_objects_names(&p->objects, name))
		return true;
	for (size_t i = 0; i < p->contention.n; i++)
		if (!p->contention.entries[i].variable &&
		    key_named(p->contention.entries[i].name, name))
			return true;
	return false;
}

enum cl_class cl_infer_class(uint64_t reads, uint64_t writes, uint64_t hottest,
			     const struct cl_thresholds *t)
{
	static const struct cl_thresholds defaults = {
		.write_hot = CL_THRESHOLD_WRITE_HOT_DEFAULT,
		.read_mostly = CL_THRESHOLD_READ_MOSTLY_DEFAULT,
	};

	if (!t)
		t = &defaults;
	if (hottest && writes && (double)writes >= t->write_hot * (double)hottest)
		return CL_CLASS_WRITE_HOT;
	if (reads && (double)reads >= t->read_mostly * (double)hottest)
		return CL_CLASS_READ_MOSTLY;
	return CL_CLASS_COLD;
}

/* reads + writes, saturated: counts from tools can be near UINT64_MAX. */
static uint64_t access_total(const struct cl_access *a)
{
	return a->reads > UINT64_MAX - a->writes ? UINT64_MAX : a->reads + a->writes;
}

/* A path use whose reads or writes were counted (profile_loader.h). */
#define USE_COUNTED LD_USE_COUNTED

static uint64_t use_total(const struct cl_use *u)
{
	return u->reads > UINT64_MAX - u->writes ? UINT64_MAX : u->reads + u->writes;
}

/*
 * Counted paths: a path's reads or writes of a member are a use of it when
 * they are at least the thresholds' fraction of the busiest path's accesses
 * to the struct's hottest member (one path's, so that many threads that
 * share the work do not each fall below it).  A write while the program
 * sets up, a read at exit, are not how the member is used.  A member left
 * with no use is cold.  The uses are picked from @in->counted, which keeps
 * them all, so that thresholds set later can pick again.
 */
static void infer_paths(struct cl_profile_member *m, struct cl_arena *arena,
			const struct cl_thresholds *t, bool floor)
{
	const struct cl_inference *in = m->inferred;
	struct cl_access *a = &m->access;
	struct cl_use *u = cl_arena_alloc(arena, in->ncounted * sizeof(*u));
	uint32_t k = 0;

	for (uint32_t j = 0; j < in->ncounted; j++) {
		u[k] = in->counted[j];
		if (u[k].flags & USE_COUNTED) {
			if (floor || (double)u[k].writes < t->write_hot * (double)in->path_hottest)
				u[k].flags &= ~CL_USE_WRITE;
			if (floor || (double)u[k].reads < t->read_mostly * (double)in->path_hottest)
				u[k].flags &= ~CL_USE_READ;
			u[k].flags &= ~USE_COUNTED;
		}
		if (u[k].flags & (CL_USE_READ | CL_USE_WRITE | CL_USE_WRITE_SOME))
			k++;
	}
	a->cls = k ? CL_CLASS_PATHS : CL_CLASS_COLD;
	a->origin = k ? CL_ORIGIN_PROFILE : CL_ORIGIN_INFERRED;
	a->uses = k ? u : NULL;
	a->nuses = k;
}

/*
 * An entry of counts without a class, against its struct's hottest member.
 * Below the floor the counts say nothing: a struct touched a few hundred
 * times in a run is not on a hot path, however its accesses divide.
 */
static void infer_member(struct cl_profile_member *m, struct cl_arena *arena,
			 const struct cl_thresholds *t)
{
	struct cl_access *a = &m->access;
	bool floor;

	if (!m->inferred)
		return;
	floor = !m->inferred->samples && m->inferred->total < t->min_accesses;
	if (m->inferred->counted)
		infer_paths(m, arena, t, floor);
	else if (a->has_counts && a->origin == CL_ORIGIN_INFERRED)
		a->cls = floor ? CL_CLASS_COLD :
			 cl_infer_class(a->reads, a->writes, m->inferred->hottest, t);
}

static uint64_t add_sat(uint64_t x, uint64_t y)
{
	return x > UINT64_MAX - y ? UINT64_MAX : x + y;
}

static bool has_counted_use(const struct cl_access *a)
{
	for (uint32_t j = 0; a->cls == CL_CLASS_PATHS && j < a->nuses; j++)
		if (a->uses[j].flags & USE_COUNTED)
			return true;
	return false;
}

/*
 * Entries with counts and no class get one relative to the hottest member
 * of their struct, which is only known once the file has been read.  Each
 * member keeps what its class was inferred from (infer_member()), and is
 * classed here unless !@classify (infer_again() classes every member next).
 */
static void infer_struct(struct cl_profile_struct *s, struct cl_arena *arena,
			 const struct cl_thresholds *t, bool classify, bool samples)
{
	uint64_t hottest = 0, path_hottest = 0, total = 0;
	struct cl_inference *base = NULL;
	size_t i;

	for (i = 0; i < s->nmembers; i++) {
		const struct cl_access *a = &s->members[i].access;

		if (a->has_counts) {
			hottest = access_total(a) > hottest ? access_total(a) : hottest;
			total = add_sat(total, access_total(a));
		}
		for (uint32_t j = 0; a->cls == CL_CLASS_PATHS && j < a->nuses; j++) {
			if (!(a->uses[j].flags & USE_COUNTED))
				continue;
			if (use_total(&a->uses[j]) > path_hottest)
				path_hottest = use_total(&a->uses[j]);
			total = add_sat(total, use_total(&a->uses[j]));
		}
	}
	for (i = 0; i < s->nmembers; i++) {
		struct cl_profile_member *m = &s->members[i];
		struct cl_inference *in;

		if (has_counted_use(&m->access)) {
			in = cl_arena_alloc(arena, sizeof(*in));
			in->counted = m->access.uses;
			in->ncounted = m->access.nuses;
		} else if (m->access.has_counts) {
			if (!base) {
				base = cl_arena_alloc(arena, sizeof(*base));
				memset(base, 0, sizeof(*base));
			}
			in = base;
		} else {
			continue;
		}
		in->hottest = hottest;
		in->path_hottest = path_hottest;
		in->total = total;
		in->samples = samples;
		m->inferred = in;
		if (classify)
			infer_member(m, arena, t);
	}
}

/* Thresholds that a later profile set hold for the classes inferred before it too. */
static void infer_again(struct cl_profile *p)
{
	for (size_t i = 0; i < p->nstructs; i++)
		for (size_t j = 0; j < p->structs[i].nmembers; j++)
			infer_member(&p->structs[i].members[j], &p->arena, &p->thresholds);
}

/*
 * Most structs in a profile have a handful of entries, and a generated
 * profile has a million structs: arrays grow from 1, and lose their
 * slack as soon as their struct has been read, while malloc can still
 * hand the freed tail to the next struct.
 */
static struct cl_profile_member *member_push(struct cl_profile_struct *s)
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

static void members_trim(struct cl_profile_struct *s)
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

/* Hand @ts's members to @ps, which has none: no copy for the common case. */
static void members_take(struct cl_profile_struct *ps, struct cl_profile_struct *ts)
{
	free(ps->members);
	ps->members = ts->members;
	ps->nmembers = ts->nmembers;
	ps->cap = ts->cap;
	ts->members = NULL;
	ts->nmembers = ts->cap = 0;
}

/*
 * A later entry replaces an earlier one in place, so members keep the
 * order of the file that first named them; new ones are appended.
 */
static void members_merge(struct cl_arena *a, struct cl_profile_struct *ps,
			  const struct cl_profile_struct *ts)
{
	size_t old = ps->nmembers, i;
	struct cl_index paths;

	/* Room for one more than the @old members, which it indexes as it grows. */
	cl_index_init(&paths);
	cl_index_reserve(&paths, old + 1, path_hash, ps);
	/* One file has no duplicate paths, so appended members need no slot. */
	for (i = 0; i < ts->nmembers; i++) {
		size_t *slot = path_slot(&paths, ps, ts->members[i].path);

		if (*slot) {
			struct cl_span *was = cl_arena_alloc(a, sizeof(*was));

			*was = ps->members[*slot - 1].span;
			ps->members[*slot - 1] = ts->members[i];
			ps->members[*slot - 1].replaced_at = was;
		} else {
			*member_push(ps) = ts->members[i];
		}
	}
	cl_index_free(&paths);
}

/* @ts's strings are in @p's arena already: only the arrays move. */
static void struct_merge(struct cl_profile *p, struct cl_profile_struct *ts)
{
	struct cl_profile_struct *ps = cl_profile_find(p, ts->name);

	if (!ps)
		ps = struct_add(p, ts->name, &ts->span);
	ps->suppress |= ts->suppress;
	if (!ps->nmembers)
		members_take(ps, ts);
	else if (ts->nmembers)
		members_merge(&p->arena, ps, ts);
}

/*
 * The first file loaded into an empty profile becomes it, arrays and
 * index as they are: most runs load one profile, and copying a million
 * structs would double the peak memory of the load.
 */
static void profile_take(struct cl_profile *p, struct cl_profile *tmp)
{
	free(p->structs);
	cl_index_free(&p->index);
	p->structs = tmp->structs;
	p->nstructs = tmp->nstructs;
	p->cap = tmp->cap;
	p->index = tmp->index;
	free(p->located);
	p->located = tmp->located;
	p->nlocated = tmp->nlocated;
	p->located_cap = tmp->located_cap;
	tmp->located = NULL;
	tmp->nlocated = tmp->located_cap = 0;
	tmp->structs = NULL;
	cl_index_init(&tmp->index);
	tmp->nstructs = tmp->cap = 0;
}

/* ------------------------------------------------------------------ */
/* The loader                                                           */
/* ------------------------------------------------------------------ */


/*
 * @s for a message, quoted with ': valid UTF-8 as itself, control
 * characters, DEL, bytes that are not UTF-8 and ' itself as \xNN.
 */
const char *ld_show(char buf[SHOW_MAX], const char *s)
{
	return cl_name_show(buf, SHOW_CHARS, s, true);
}

/* ------------------------------------------------------------------ */
/* Keys longer than libyaml's limit                                     */

/*
 * libyaml gives up on a simple key ("key: value") when more than 1024
 * characters lie between the start of the key and its ':'.  It then reads
 * the key as a plain scalar: the schema sees a scalar where it expects a
 * mapping, or libyaml itself fails a few tokens later.  Either way the
 * error is on the key's line, so that line is read again and looked at.
 */
#define SIMPLE_KEY_MAX 1024

/* Line @line (1-based) of a file input, or NULL (a pipe cannot be read again). */
static char *file_line(FILE *f, unsigned line, size_t *len)
{
	char *text = NULL;
	size_t cap = 0;
	ssize_t n = -1;

	if (fseek(f, 0, SEEK_SET))
		return NULL;
	clearerr(f);
	for (unsigned i = 0; i < line; i++) {
		n = getline(&text, &cap, f);
		if (n < 0) {
			free(text);
			return NULL;
		}
	}
	*len = (size_t)n;
	return text;
}

/* Line @line of the input, malloc()ed, or NULL when it cannot be read again. */
static char *input_line(const struct loader *ld, unsigned line, size_t *len)
{
	const char *s = ld->buf, *end = ld->buf + ld->buflen, *nl;
	char *text;

	if (ld->file)
		return file_line(ld->file, line, len);
	if (!s || !line)
		return NULL;
	for (unsigned i = 1; i < line; i++) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (!nl)
			return NULL;
		s = nl + 1;
	}
	nl = memchr(s, '\n', (size_t)(end - s));
	*len = (size_t)((nl ? nl : end) - s);
	text = cl_xmalloc(*len + 1);
	memcpy(text, s, *len);
	text[*len] = '\0';
	return text;
}

/* Past the quoted scalar that starts at @s[i], or @n when it does not end. */
static size_t skip_quoted(const char *s, size_t i, size_t n)
{
	char q = s[i++];

	for (; i < n; i++) {
		if (q == '"' && s[i] == '\\')
			i++;
		else if (s[i] == q && q == '\'' && i + 1 < n && s[i + 1] == '\'')
			i++;
		else if (s[i] == q)
			return i + 1;
	}
	return n;
}

static bool blank_at(const char *s, size_t i, size_t n)
{
	return i >= n || s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n';
}

/* Characters (UTF-8 code points, as libyaml counts) in [s, s + n). */
static size_t utf8_chars(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/*
 * The first key on the line [s, s + n) with more than SIMPLE_KEY_MAX
 * characters before its ':': its 1-based column and its length in
 * characters.  Keys start after the indentation, after '{', '[', ',' and
 * after the indicators "? " and "- ".
 */
static bool long_key(const char *s, size_t n, unsigned *col, size_t *chars)
{
	size_t i = 0, start = 0;
	bool in_key = false;

	while (i < n) {
		char c = s[i];

		if (!in_key) {
			if (c == ' ' || c == '\t' || c == '{' || c == '[' || c == ',' ||
			    ((c == '?' || c == '-') && blank_at(s, i + 1, n))) {
				i++;
				continue;
			}
			if (c == '#' || c == '\r' || c == '\n')
				return false;
			in_key = true;
			start = i;
		}
		if ((c == '"' || c == '\'') && i == start) {
			i = skip_quoted(s, i, n);
			continue;
		}
		if (c == ':' && (blank_at(s, i + 1, n) || s[i + 1] == ',' || s[i + 1] == '}' ||
				 (i > start && (s[i - 1] == '"' || s[i - 1] == '\'')))) {
			size_t before = utf8_chars(s + start, i - start);

			if (before > SIMPLE_KEY_MAX) {
				size_t end = i;

				while (end > start && (s[end - 1] == ' ' || s[end - 1] == '\t'))
					end--;
				*col = (unsigned)utf8_chars(s, start) + 1;
				*chars = utf8_chars(s + start, end - start);
				return true;
			}
			in_key = false;
		} else if (c == ',' || c == '}' || c == ']') {
			in_key = false;
		} else if (c == '#' && i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t')) {
			return false;
		}
		i++;
	}
	return false;
}

/*
 * When line @line holds a key too long for libyaml, say that instead of
 * what it led to.
 */
static bool long_key_explain(struct loader *ld, unsigned line)
{
	size_t len = 0, chars = 0;
	char *text = input_line(ld, line, &len);
	unsigned col = 0;
	bool yes = text && long_key(text, len, &col, &chars);

	if (yes)
		cl_diag_set(ld->err, ld->name, line, col,
			    "a key of %zu characters: libyaml reads at most %d characters from the start of a key to its ':' (write a longer key as an explicit key, '? KEY' on one line and ': VALUE' on the next)",
			    chars, SIMPLE_KEY_MAX);
	free(text);
	return yes;
}

static int ld_vreport(struct loader *ld, unsigned line, unsigned col,
		      const char *fmt, va_list ap)
{
	char msg[sizeof(ld->err->msg)];

	if (line && long_key_explain(ld, line))
		return -1;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	cl_diag_set(ld->err, ld->name, line, col, "%s", msg);
	return -1;
}

/* Fail at @at; NULL for errors about the whole file. */
__attribute__((format(printf, 3, 4)))
int ld_err_at(struct loader *ld, const struct cl_span *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ld_vreport(ld, at ? at->line : 0, at ? at->col : 0, fmt, ap);
	va_end(ap);
	return -1;
}

/* Fail at the current event. */
__attribute__((format(printf, 2, 3)))
int ld_err_here(struct loader *ld, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ld_vreport(ld, ld->ev.start_mark.line + 1, ld->ev.start_mark.column + 1, fmt, ap);
	va_end(ap);
	return -1;
}

/* Where the current event is; libyaml's marks are 0-based. */
struct cl_span ld_here(const struct loader *ld)
{
	struct cl_span s = {
		.file = ld->name,
		.line = ld->ev.start_mark.line + 1,
		.col = ld->ev.start_mark.column + 1,
		.end_line = ld->ev.end_mark.line + 1,
		.end_col = ld->ev.end_mark.column + 1,
	};

	return s;
}

static int yaml_failed(struct loader *ld)
{
	const yaml_parser_t *yp = &ld->parser;
	const char *problem = yp->problem ? yp->problem : "syntax error";

	switch (yp->error) {
	case YAML_MEMORY_ERROR:
		return ld_err_at(ld, NULL, "out of memory");
	case YAML_READER_ERROR:
		/* libyaml says only "input error" when read() fails. */
		if (ld->file && ferror(ld->file))
			return ld_err_at(ld, NULL, "cannot read profile: %s", strerror(errno));
		return ld_err_at(ld, NULL, "%s at byte %zu", problem, yp->problem_offset);
	default:
		if (long_key_explain(ld, (unsigned)yp->problem_mark.line + 1) ||
		    (yp->context && yp->context_mark.line != yp->problem_mark.line &&
		     long_key_explain(ld, (unsigned)yp->context_mark.line + 1)))
			return -1;
		cl_diag_set(ld->err, ld->name, yp->problem_mark.line + 1,
			    yp->problem_mark.column + 1, "%s%s%s", problem,
			    yp->context ? " " : "", yp->context ? yp->context : "");
		return -1;
	}
}

const char *ld_node_kind(yaml_event_type_t type)
{
	switch (type) {
	case YAML_SCALAR_EVENT:
		return "a scalar";
	case YAML_SEQUENCE_START_EVENT:
		return "a sequence";
	case YAML_MAPPING_START_EVENT:
		return "a mapping";
	default:
		return "nothing";
	}
}

/*
 * Reject what the schema has no use for before any parser sees it.  Tags
 * would change what a scalar means; NUL bytes (from "\0" escapes) would
 * make two different keys compare equal as C strings.
 */
static int event_check(struct loader *ld)
{
	const yaml_event_t *ev = &ld->ev;
	const yaml_char_t *anchor = NULL, *tag = NULL;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return ld_err_here(ld, "aliases are not supported in profiles");
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		tag = ev->data.scalar.tag;
		if (strlen((const char *)ev->data.scalar.value) != ev->data.scalar.length)
			return ld_err_here(ld, "NUL characters are not allowed in profiles");
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
		break;
	default:
		break;
	}
	if (anchor)
		return ld_err_here(ld, "anchors and aliases are not supported in profiles");
	if (tag)
		return ld_err_here(ld, "tags are not supported in profiles");
	return 0;
}

int ld_next(struct loader *ld)
{
	if (ld->have_ev)
		yaml_event_delete(&ld->ev);
	ld->have_ev = false;
	if (!yaml_parser_parse(&ld->parser, &ld->ev))
		return yaml_failed(ld);
	ld->have_ev = true;
	return event_check(ld);
}

const char *ld_scalar_text(const struct loader *ld)
{
	return (const char *)ld->ev.data.scalar.value;
}

/* The current event as the scalar value of @key, or NULL after an error. */
const char *ld_scalar_value(struct loader *ld, const char *key)
{
	char kb[SHOW_MAX];

	if (ld->ev.type == YAML_SCALAR_EVENT)
		return ld_scalar_text(ld);
	ld_err_here(ld, "'%s' must be a scalar, found %s", ld_show(kb, key),
		 ld_node_kind(ld->ev.type));
	return NULL;
}

/* Decimal digits only: a profile has no use for signs, hex or octal. */
bool ld_parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		unsigned d = (unsigned char)*s - '0';

		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static double scale10(double v, long e)
{
	double p = 1;
	long n = e < 0 ? -e : e;

	/* Exact up to 1e22, and thresholds never get near that. */
	for (; n; n--)
		p *= 10;
	return e < 0 ? v / p : v * p;
}

/* "e-3": clamped, since only fractions in (0, 1] are wanted anyway. */
static bool parse_exponent(const char *s, long *out)
{
	long sign = 1, e = 0;

	if (*s == '+' || *s == '-')
		sign = *s++ == '-' ? -1 : 1;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (!is_digit(*s))
			return false;
		if (e < 1000)
			e = e * 10 + (*s - '0');
	}
	*out = sign * e;
	return true;
}

/*
 * "0.01", "1", ".5", "5e-3".  Not strtod(): it follows LC_NUMERIC, so a
 * front end that calls setlocale() would read "0.01" as 0.  The digits
 * become an exact integer and one division, as precise as strtod() here.
 */
bool ld_parse_decimal(const char *s, double *out)
{
	uint64_t mant = 0;
	long exp10 = 0, e;
	bool dot = false, digits = false;

	for (; is_digit(*s) || (*s == '.' && !dot); s++) {
		if (*s == '.') {
			dot = true;
			continue;
		}
		digits = true;
		if (mant <= (UINT64_MAX - 9) / 10) {
			mant = mant * 10 + (unsigned)(*s - '0');
			exp10 -= dot;
		} else {
			exp10 += !dot;	/* digits past 19 only scale */
		}
	}
	if (!digits)
		return false;
	if (*s == 'e' || *s == 'E') {
		if (!parse_exponent(s + 1, &e))
			return false;
		exp10 += e;
	} else if (*s) {
		return false;
	}
	*out = scale10((double)mant, exp10);
	return true;
}

int ld_count_value(struct loader *ld, const char *key, uint64_t *out)
{
	char kb[SHOW_MAX], vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	if (!s)
		return -1;
	if (!ld_parse_u64(s, out))
		return ld_err_here(ld, "'%s' must be an integer from 0 to %llu, found '%s'",
				ld_show(kb, key), (unsigned long long)UINT64_MAX, ld_show(vb, s));
	return 0;
}

static size_t ident_char(const char *s, bool first)
{
	return cl_ident_char(s, strnlen(s, 4), first);
}

/* Past a C identifier at @s, or NULL when none starts there. */
static const char *skip_ident(const char *s)
{
	size_t len = ident_char(s, true);

	if (!len)
		return NULL;
	do
		s += len;
	while ((len = ident_char(s, false)));
	return s;
}

/* "lruvec.pgdat": identifiers joined by dots. */
bool ld_valid_path(const char *s)
{
	for (;;) {
		s = skip_ident(s);
		if (!s)
			return false;
		if (!*s)
			return true;
		if (*s++ != '.')
			return false;
	}
}

/* ------------------------------------------------------------------ */
/* Mappings                                                             */
/* ------------------------------------------------------------------ */

int ld_dup_error(struct loader *ld, const struct cl_span *at, const char *key,
		     unsigned first)
{
	char kb[SHOW_MAX];

	return ld_err_at(ld, at, "duplicate key '%s' (first at line %u)", ld_show(kb, key), first);
}

/* One key of a mapping: the current event is the key. */
static int mapping_key(struct loader *ld, struct keyset *ks, key_fn fn, void *arg)
{
	struct cl_span at = ld_here(ld);
	unsigned first = 0;
	char *key;
	int rc;

	if (ld->ev.type != YAML_SCALAR_EVENT)
		return ld_err_here(ld, "keys must be scalars, found %s", ld_node_kind(ld->ev.type));
	/* The key's text dies with its event, before the value is read. */
	key = cl_xstrdup(ld_scalar_text(ld));
	if (ks)
		first = keyset_add(ks, key, at.line);
	rc = first ? ld_dup_error(ld, &at, key, first) : fn(ld, &at, key, arg);
	free(key);
	return rc;
}

/*
 * The current event must start a mapping (the value of @key, or the whole
 * profile when @key is NULL); calls @fn for each key.  Duplicate keys are
 * found with @ks, or by @fn itself when @ks is NULL.
 */
int ld_mapping_walk(struct loader *ld, const char *key, key_fn fn, void *arg,
			struct keyset *ks)
{
	char kb[SHOW_MAX];

	if (ld->ev.type != YAML_MAPPING_START_EVENT) {
		if (!key)
			return ld_err_here(ld, "a profile must be a mapping, found %s",
					ld_node_kind(ld->ev.type));
		return ld_err_here(ld, "'%s' must be a mapping, found %s", ld_show(kb, key),
				ld_node_kind(ld->ev.type));
	}
	for (;;) {
		if (ld_next(ld))
			return -1;
		if (ld->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		if (mapping_key(ld, ks, fn, arg))
			return -1;
	}
}

int ld_parse_mapping(struct loader *ld, const char *key, key_fn fn, void *arg)
{
	struct keyset ks = { 0 };
	int rc = ld_mapping_walk(ld, key, fn, arg, &ks);

	keyset_free(&ks);
	return rc;
}

/* What ld_parse_keys() hands each key: the table and its parsers' argument. */
struct keys_walk {
	const struct key_table *t;
	void *arg;
};

/* "a, b or c": the keys of @t, for an error. */
static const char *keys_expected(const struct key_table *t, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < t->n && len < size; i++)
		len += snprintf(buf + len, size - len, "%s%s",
				!i ? "" : i + 1 < t->n ? ", " : " or ", t->keys[i].key);
	return buf;
}

static int keys_key(struct loader *ld, const struct cl_span *at, const char *key, void *arg)
{
	const struct keys_walk *w = arg;
	char kb[SHOW_MAX], eb[256];

	for (size_t i = 0; i < w->t->n; i++) {
		if (!strcmp(w->t->keys[i].key, key))
			return ld_next(ld) ? -1 : w->t->keys[i].parse(ld, key, w->arg);
	}
	return ld_err_at(ld, at, "unknown %s '%s' (expected %s)", w->t->what, ld_show(kb, key),
			 keys_expected(w->t, eb, sizeof(eb)));
}

int ld_parse_keys(struct loader *ld, const char *key, const struct key_table *t, void *arg)
{
	struct keys_walk w = { t, arg };

	return ld_parse_mapping(ld, key, keys_key, &w);
}

/* ------------------------------------------------------------------ */
/* Member entries                                                       */
/* ------------------------------------------------------------------ */

/*
 * Profiles name only these three.  cl_class_parse() is not used: the model
 * also has "none" for an unannotated member, and an entry that annotates
 * nothing is a mistake in a profile, not a way to clear a class.
 */
static const struct {
	const char *name;
	enum cl_class cls;
} profile_classes[] = {
	{ "read_mostly", CL_CLASS_READ_MOSTLY },
	{ "write_hot", CL_CLASS_WRITE_HOT },
	{ "cold", CL_CLASS_COLD },
};

static const char *profile_class_name(enum cl_class cls)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profile_classes); i++) {
		if (profile_classes[i].cls == cls)
			return profile_classes[i].name;
	}
	return "none";
}

static int class_value(struct loader *ld, const char *key, enum cl_class *cls)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	size_t i;

	if (!s)
		return -1;
	/* "rm:" with nothing after it: libyaml's empty scalar, no class at all */
	if (!*s)
		return ld_err_here(ld, "'%s' %s an empty class (expected read_mostly, write_hot or cold)",
				ld_show(vb, key), strcmp(key, "class") ? "has" : "is");
	for (i = 0; i < ARRAY_SIZE(profile_classes); i++) {
		if (!strcmp(profile_classes[i].name, s)) {
			*cls = profile_classes[i].cls;
			return 0;
		}
	}
	return ld_err_here(ld, "unknown class '%s' (expected read_mostly, write_hot or cold)",
			ld_show(vb, s));
}

/*
 * Paths of one entry: an instrumented run writes one per thread that
 * accessed the member.  The bound keeps the duplicate search of a hostile
 * entry within a constant of its size.
 */
#define ENTRY_PATHS_MAX 1024

/**
 * struct entry - a member entry written as a mapping, while it is read
 * @acc: class, group and counts so far
 * @has_class: the entry has a class key
 * @group_at: where the group is, for an error about its class
 * @uses: the paths of read: and write: (malloc'ed, entry_free())
 * @nuses: number of @uses
 * @cap: room in @uses, @read_lines and @write_lines
 * @paths_at: where read: or write: is, for an error about the class
 * @from: where the entry came from (from:), or NULL
 * @read_lines: per use, the line of its key in a read: mapping, or 0
 * @write_lines: likewise for write:
 */
struct entry {
	struct cl_access acc;
	bool has_class;
	struct cl_span group_at;
	struct cl_use *uses;
	size_t nuses, cap;
	struct cl_span paths_at;
	const char *from;
	unsigned *read_lines, *write_lines;
};

static void entry_free(struct entry *e)
{
	free(e->uses);
	free(e->read_lines);
	free(e->write_lines);
}

/* Room for one more use in @e. */
static void entry_grow(struct entry *e)
{
	size_t cap = e->cap ? 2 * e->cap : 4;

	if (e->nuses < e->cap)
		return;
	e->uses = cl_xrealloc(e->uses, cap * sizeof(*e->uses));
	e->read_lines = cl_xrealloc(e->read_lines, cap * sizeof(*e->read_lines));
	e->write_lines = cl_xrealloc(e->write_lines, cap * sizeof(*e->write_lines));
	memset(e->uses + e->cap, 0, (cap - e->cap) * sizeof(*e->uses));
	memset(e->read_lines + e->cap, 0, (cap - e->cap) * sizeof(*e->read_lines));
	memset(e->write_lines + e->cap, 0, (cap - e->cap) * sizeof(*e->write_lines));
	e->cap = cap;
}

static int entry_class(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;

	e->has_class = true;
	return class_value(ld, key, &e->acc.cls);
}

static int entry_group(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;
	const char *s = ld_scalar_value(ld, key);
	char nb[SHOW_MAX];
	bool concurrent;

	if (!s)
		return -1;
	if (!*s)
		return ld_err_here(ld, "'group' must name a write group");
	/* a write group is a path (paths.h); its name reaches bench's program */
	if (cl_path_parse(s, strlen(s), &concurrent) != strlen(s))
		return ld_err_here(ld, "write group '%s' is not a path name: %s", ld_show(nb, s),
				   CL_PATH_NAME_GRAMMAR);
	e->acc.group = cl_arena_strdup(&ld->p->arena, s);
	e->group_at = ld_here(ld);
	return 0;
}

/*
 * from: where an imported entry came from ("tcp_sock.rst:57"), which a
 * mismatch names next to the entry's own place.  It says nothing about
 * the access.
 */
static int entry_from(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;
	const char *s = ld_scalar_value(ld, key);

	if (!s)
		return -1;
	if (!*s)
		return ld_err_here(ld, "'from' must say where the entry came from");
	e->from = cl_arena_strdup(&ld->p->arena, s);
	return 0;
}

static int entry_reads(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;

	e->acc.has_counts = true;
	return ld_count_value(ld, key, &e->acc.reads);
}

static int entry_writes(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;

	e->acc.has_counts = true;
	return ld_count_value(ld, key, &e->acc.writes);
}

/*
 * Path @name as cl_path_parse() reads it, as annotations do: "tx,rx" is two
 * paths of an annotation's list but a mistake as one path of a profile.
 */
int ld_path_name(struct loader *ld, const char *name, size_t *len, bool *concurrent)
{
	char nb[SHOW_MAX];

	*len = cl_path_parse(name, strlen(name), concurrent);
	if (*len)
		return 0;
	return ld_err_here(ld, "'%s' is not a path: %s%s", ld_show(nb, name), CL_PATH_GRAMMAR,
			strchr(name, ',') ? " (several paths are a list: [tx, rx])" : "");
}

/* The use of path @name in @e, added when it is new; NULL after an error. */
static struct cl_use *entry_use(struct loader *ld, struct entry *e, const char *name)
{
	struct cl_use *u = NULL;
	bool concurrent;
	size_t len;

	if (ld_path_name(ld, name, &len, &concurrent))
		return NULL;
	for (size_t i = 0; i < e->nuses && !u; i++)
		if (strlen(e->uses[i].path) == len && !memcmp(e->uses[i].path, name, len))
			u = &e->uses[i];
	if (!u && e->nuses == ENTRY_PATHS_MAX) {
		ld_err_here(ld, "more than %d paths in one entry", ENTRY_PATHS_MAX);
		return NULL;
	}
	if (!u) {
		entry_grow(e);
		u = &e->uses[e->nuses++];
		u->path = cl_arena_strndup(&ld->p->arena, name, len);
	}
	if (concurrent)
		u->flags |= CL_USE_CONCURRENT;
	return u;
}

/*
 * read: and write: take a list of path names, or a mapping of path names
 * to counts (an instrumented run's reads or writes on each path).
 */
static int entry_paths(struct loader *ld, const char *key, struct entry *e, uint32_t flag)
{
	char kb[SHOW_MAX];
	bool list = ld->ev.type == YAML_SEQUENCE_START_EVENT;

	if (!list && ld->ev.type != YAML_MAPPING_START_EVENT)
		return ld_err_here(ld, "'%s' must be a list of paths or a mapping of paths to counts, found %s",
				ld_show(kb, key), ld_node_kind(ld->ev.type));
	if (!e->nuses)
		e->paths_at = ld_here(ld);
	for (;;) {
		unsigned *first;
		struct cl_use *u;
		const char *name;

		if (ld_next(ld))
			return -1;
		if (ld->ev.type == YAML_SEQUENCE_END_EVENT || ld->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		if (ld->ev.type != YAML_SCALAR_EVENT)
			return ld_err_here(ld, "'%s' must be a list of paths or a mapping of paths to "
					"counts: an item of its %s is %s, not a path",
					ld_show(kb, key), list ? "list" : "mapping",
					ld_node_kind(ld->ev.type));
		name = ld_scalar_text(ld);
		if (!(u = entry_use(ld, e, name)))
			return -1;
		/*
		 * A path counted twice in one mapping: which count is meant?
		 * Listed twice: a slip, said as for a mapping.
		 */
		first = &(flag == CL_USE_READ ? e->read_lines : e->write_lines)[u - e->uses];
		if (*first) {
			struct cl_span at = ld_here(ld);
			char nb[SHOW_MAX];

			if (list)
				return ld_err_at(ld, &at, "path '%s' listed twice (first at line %u)",
					      ld_show(nb, name), *first);
			return ld_dup_error(ld, &at, name, *first);
		}
		*first = ld_here(ld).line;
		u->flags |= flag | (list ? 0 : USE_COUNTED);
		/* ld_next() frees @name's event: name the path by its copy. */
		if (!list && (ld_next(ld) || ld_count_value(ld, u->path, flag == CL_USE_READ ?
							  &u->reads : &u->writes)))
			return -1;
	}
}

static int entry_read(struct loader *ld, const char *key, void *arg)
{
	return entry_paths(ld, key, arg, CL_USE_READ);
}

static int entry_write(struct loader *ld, const char *key, void *arg)
{
	return entry_paths(ld, key, arg, CL_USE_WRITE);
}

LD_KEYS(entry_table, "entry key",
	{ "class", entry_class },
	{ "group", entry_group },
	{ "reads", entry_reads },
	{ "writes", entry_writes },
	{ "read", entry_read },
	{ "write", entry_write },
	{ "from", entry_from }
);

/*
 * A group implies write_hot and contradicts any other class.  Counts
 * alone leave the class to infer_struct(); a missing count is 0.
 */
static int entry_finish(struct loader *ld, struct entry *e, const char *path,
			const struct cl_span *at)
{
	char pb[SHOW_MAX];

	if (e->nuses) {
		struct cl_use *u = cl_arena_alloc(&ld->p->arena, e->nuses * sizeof(*u));

		if (e->has_class || e->acc.group || e->acc.has_counts)
			return ld_err_at(ld, &e->paths_at,
				      "entry '%s' gives paths (read, write): it takes no class, group, reads or writes",
				      ld_show(pb, path));
		memcpy(u, e->uses, e->nuses * sizeof(*u));
		e->acc.cls = CL_CLASS_PATHS;
		e->acc.origin = CL_ORIGIN_PROFILE;
		e->acc.uses = u;
		e->acc.nuses = (uint32_t)e->nuses;
		return 0;
	}
	if (e->acc.group && !e->has_class) {
		e->acc.cls = CL_CLASS_WRITE_HOT;
		e->has_class = true;
	}
	if (e->acc.group && e->acc.cls != CL_CLASS_WRITE_HOT)
		return ld_err_at(ld, &e->group_at,
			      "write group of '%s' needs class write_hot, not %s",
			      ld_show(pb, path), profile_class_name(e->acc.cls));
	if (e->has_class)
		e->acc.origin = CL_ORIGIN_PROFILE;
	else if (e->acc.has_counts)
		e->acc.origin = CL_ORIGIN_INFERRED;
	else
		return ld_err_at(ld, at, "entry '%s' has no class, group, counts or paths",
			      ld_show(pb, path));
	return 0;
}

static int entry_value(struct loader *ld, const char *path, struct cl_access *acc,
		       const char **from)
{
	struct entry e = { 0 };
	struct cl_span at = ld_here(ld);
	char pb[SHOW_MAX];

	switch (ld->ev.type) {
	case YAML_SCALAR_EVENT:
		acc->origin = CL_ORIGIN_PROFILE;
		return class_value(ld, path, &acc->cls);
	case YAML_MAPPING_START_EVENT:
		if (ld_parse_keys(ld, path, &entry_table, &e) ||
		    entry_finish(ld, &e, path, &at)) {
			entry_free(&e);
			return -1;
		}
		entry_free(&e);
		*acc = e.acc;
		*from = e.from;
		return 0;
	default:
		return ld_err_here(ld, "'%s' must be a class or a mapping, found %s",
				ld_show(pb, path), ld_node_kind(ld->ev.type));
	}
}

/* ------------------------------------------------------------------ */
/* Structs and suppressions                                             */
/* ------------------------------------------------------------------ */

/* Index of the file's struct @name, made on first mention. */
static size_t tmp_struct(struct loader *ld, const char *name, const struct cl_span *at)
{
	struct cl_profile_struct *s = cl_profile_find(&ld->tmp, name);

	if (!s)
		s = struct_add(&ld->tmp, cl_arena_strdup(&ld->p->arena, name), at);
	return (size_t)(s - ld->tmp.structs);
}

/* Front ends look structs up by tag or typedef name; nothing else can match. */
int ld_check_struct_name(struct loader *ld, const struct cl_span *at,
			     const char *name)
{
	char nb[SHOW_MAX];
	size_t n = cl_struct_key_name(name), flen;
	unsigned line;

	if (name[n] && (!key_place(name + n + 1, &flen, &line) || !n))
		return ld_err_at(ld, at, "invalid struct key '%s' (expected NAME@FILE:LINE, a struct defined at a line of a file)",
				 ld_show(nb, name));
	if (cl_record_name_valid(name, n))
		return 0;
	return ld_err_at(ld, at, "invalid struct name '%s' (expected a tag or typedef name, or a C++ class as ns::box<int>)",
		      ld_show(nb, name));
}

/*
 * Empty ld->paths for the next struct.  A big table is dropped rather
 * than cleared: clearing it for each of many small structs after one big
 * one would cost its size every time.
 */
static void paths_reset(struct loader *ld)
{
	if (ld->paths.size > 64)
		cl_index_free(&ld->paths);
	else if (ld->paths.slots)
		memset(ld->paths.slots, 0, ld->paths.size * sizeof(*ld->paths.slots));
}

static int member_key(struct loader *ld, const struct cl_span *at, const char *path,
		      void *arg)
{
	size_t si = *(const size_t *)arg;
	struct cl_profile_struct *s = &ld->tmp.structs[si];
	struct cl_access acc = { 0 };
	const char *from = NULL;
	struct cl_profile_member *m;
	char pb[SHOW_MAX];
	size_t *slot;

	if (!ld_valid_path(path))
		return ld_err_at(ld, at,
			      "invalid member path '%s' (expected identifiers joined by '.')",
			      ld_show(pb, path));
	cl_index_reserve(&ld->paths, s->nmembers + 1, path_hash, s);
	slot = path_slot(&ld->paths, s, path);
	if (*slot)
		return ld_dup_error(ld, at, path, s->members[*slot - 1].span.line);
	/* Reading the entry adds no struct and no member: @s and @slot stay valid. */
	if (ld_next(ld) || entry_value(ld, path, &acc, &from))
		return -1;
	m = member_push(s);
	m->path = cl_arena_strdup(&ld->p->arena, path);
	m->access = acc;
	m->from = from;
	m->span = *at;
	*slot = s->nmembers;
	return 0;
}

/*
 * A generated profile can hold millions of structs, or of members in one
 * struct.  Their names are kept anyway, so structs_key() and member_key()
 * find duplicates through the struct index and ld->paths, where a keyset
 * would copy every key again.
 */
static int structs_key(struct loader *ld, const struct cl_span *at, const char *name,
		       void *arg)
{
	unsigned *line;
	size_t si;

	(void)arg;
	if (ld_check_struct_name(ld, at, name))
		return -1;
	si = tmp_struct(ld, name, at);
	ld->struct_lines = cl_vec_grow(ld->struct_lines, &ld->struct_lines_cap,
				       ld->tmp.nstructs, sizeof(*ld->struct_lines));
	line = &ld->struct_lines[si];
	if (*line)
		return ld_dup_error(ld, at, name, *line);
	*line = at->line;
	if (ld_next(ld))
		return -1;
	paths_reset(ld);
	if (ld_mapping_walk(ld, name, member_key, &si, NULL))
		return -1;
	members_trim(&ld->tmp.structs[si]);
	return 0;
}

static int rule_value(struct loader *ld, uint32_t *mask)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, "suppress");
	unsigned m;

	if (!s)
		return -1;
	m = cl_rule_mask(s);
	if (!m)
		return ld_err_here(ld, "unknown rule '%s' (expected all or a cachelint-* rule ID)",
				ld_show(vb, s));
	*mask |= m;
	return 0;
}

static int rule_list(struct loader *ld, uint32_t *mask)
{
	for (;;) {
		if (ld_next(ld))
			return -1;
		if (ld->ev.type == YAML_SEQUENCE_END_EVENT)
			return 0;
		if (rule_value(ld, mask))
			return -1;
	}
}

static int suppress_key(struct loader *ld, const struct cl_span *at, const char *name,
			void *arg)
{
	char nb[SHOW_MAX];
	uint32_t mask = 0;
	size_t si;
	int rc;

	(void)arg;
	if (ld_check_struct_name(ld, at, name) || ld_next(ld))
		return -1;
	if (ld->ev.type == YAML_SEQUENCE_START_EVENT)
		rc = rule_list(ld, &mask);
	else if (ld->ev.type == YAML_SCALAR_EVENT)
		rc = rule_value(ld, &mask);
	else
		rc = ld_err_here(ld, "suppress of '%s' must be a rule ID or a list of them, found %s",
			      ld_show(nb, name), ld_node_kind(ld->ev.type));
	if (rc)
		return -1;
	/* Not in one expression: tmp_struct() may move the array. */
	si = tmp_struct(ld, name, at);
	ld->tmp.structs[si].suppress |= mask;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Top level                                                            */
/* ------------------------------------------------------------------ */

/* "-12" and "7": integers, for telling a wrong version from a non-number. */
static bool looks_integer(const char *s)
{
	if (*s == '-')
		s++;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (!is_digit(*s))
			return false;
	}
	return true;
}

static int parse_version(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	uint64_t v;

	(void)arg;
	if (!s)
		return -1;
	if (!looks_integer(s))
		return ld_err_here(ld, "'%s' must be an integer, found '%s'", key, ld_show(vb, s));
	if (!ld_parse_u64(s, &v) || v != 1)
		return ld_err_here(ld, "unsupported profile version %s (this cachelint reads 1)",
				ld_show(vb, s));
	ld->has_version = true;
	return 0;
}

static int parse_line_size(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	uint64_t v;

	(void)arg;
	if (!s)
		return -1;
	if (!ld_parse_u64(s, &v) || v < CL_LINE_SIZE_MIN || v > CL_LINE_SIZE_MAX ||
	    (v & (v - 1)))
		return ld_err_here(ld, "'%s' must be a power of two from %d to %d, found '%s'",
				key, CL_LINE_SIZE_MIN, CL_LINE_SIZE_MAX, ld_show(vb, s));
	ld->tmp.line_size = (unsigned)v;
	return 0;
}

static int fraction_value(struct loader *ld, const char *key, double *out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	double v;

	if (!s)
		return -1;
	/* Written so that NaN fails too. */
	if (!ld_parse_decimal(s, &v) || !(v > 0 && v <= 1))
		return ld_err_here(ld, "'%s' must be a number in (0, 1], found '%s'", key,
				ld_show(vb, s));
	*out = v;
	return 0;
}

static int parse_write_hot(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_write_hot = true;
	return fraction_value(ld, key, &ld->tmp.thresholds.write_hot);
}

static int parse_read_mostly(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_read_mostly = true;
	return fraction_value(ld, key, &ld->tmp.thresholds.read_mostly);
}

static int parse_min_accesses(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_min_accesses = true;
	return ld_count_value(ld, key, &ld->tmp.thresholds.min_accesses);
}

static int parse_min_transfers(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_min_transfers = true;
	return ld_count_value(ld, key, &ld->tmp.thresholds.contention.min_transfers);
}

static int parse_min_samples(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_min_samples = true;
	return ld_count_value(ld, key, &ld->tmp.thresholds.contention.min_samples);
}

/* A percentage of the most contended line: from 0 (no floor) to 100. */
static int parse_min_share(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	double v;

	(void)arg;
	if (!s)
		return -1;
	if (!ld_parse_decimal(s, &v) || !(v >= 0 && v <= 100))
		return ld_err_here(ld, "'%s' must be a percentage from 0 to 100, found '%s'", key,
				   ld_show(vb, s));
	ld->set_min_share = true;
	ld->tmp.thresholds.contention.min_share = v;
	return 0;
}

LD_KEYS(threshold_table, "threshold",
	{ "write-hot", parse_write_hot },
	{ "read-mostly", parse_read_mostly },
	{ "min-accesses", parse_min_accesses },
	{ "min-transfers", parse_min_transfers },
	{ "min-samples", parse_min_samples },
	{ "min-share", parse_min_share }
);

static int parse_thresholds(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_keys(ld, key, &threshold_table, arg);
}

static int parse_suppress(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_mapping(ld, key, suppress_key, arg);
}

static int path_kind_key(struct loader *ld, const struct cl_span *at, const char *name,
			 void *arg)
{
	char nb[SHOW_MAX], vb[SHOW_MAX];
	const char *s;

	bool concurrent;
	size_t len;

	(void)arg;
	/* Here the value says how the path runs: "tx:concurrent: serialized" is no path. */
	len = cl_path_parse(name, strlen(name), &concurrent);
	if (!len || concurrent)
		return ld_err_at(ld, at, "'%s' is not a path name: %s%s", ld_show(nb, name),
			      CL_PATH_NAME_GRAMMAR,
			      concurrent ? " (its value says it is concurrent)" : "");
	if (ld_next(ld) || !(s = ld_scalar_value(ld, name)))
		return -1;
	if (!strcmp(s, "concurrent")) {
		ld->tmp.concurrent = cl_vec_grow(ld->tmp.concurrent, &ld->concurrent_cap,
						 ld->tmp.nconcurrent + 1, sizeof(char *));
		ld->tmp.concurrent[ld->tmp.nconcurrent++] = cl_arena_strdup(&ld->p->arena, name);
		return 0;
	}
	if (strcmp(s, "serialized"))
		return ld_err_here(ld, "path '%s' must be serialized or concurrent, not '%s'",
				ld_show(nb, name), ld_show(vb, s));
	return 0;
}

/*
 * counts: accesses (the default: the runtime's counts, hand-written ones,
 * perf rows scaled to events) or samples (perf samples, each standing for
 * a sampling period's accesses, which the importer cannot always know).
 */
static int parse_counts(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	(void)arg;
	if (!s)
		return -1;
	if (strcmp(s, "samples") && strcmp(s, "accesses"))
		return ld_err_here(ld, "'counts' must be accesses or samples, not '%s'",
				   ld_show(vb, s));
	ld->samples = !strcmp(s, "samples");
	return 0;
}

static int parse_paths(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_mapping(ld, key, path_kind_key, arg);
}

static int parse_structs(struct loader *ld, const char *key, void *arg)
{
	return ld_mapping_walk(ld, key, structs_key, arg, NULL);
}

LD_KEYS(top_table, "key",
	{ "cachelint-profile", parse_version },
	{ "line-size", parse_line_size },
	{ "thresholds", parse_thresholds },
	{ "counts", parse_counts },
	{ "suppress", parse_suppress },
	{ "paths", parse_paths },
	{ "structs", parse_structs },
	{ "objects", ld_parse_objects },
	{ "contention", ld_parse_contention },
	{ "lines", ld_parse_lines }
);

static int load_root(struct loader *ld)
{
	struct cl_span at = ld_here(ld);

	/* A document of nothing but "---" is as empty as an empty file. */
	if (ld->ev.type == YAML_SCALAR_EVENT && !ld->ev.data.scalar.length &&
	    ld->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
		return ld_err_at(ld, NULL, "empty profile");
	if (ld_parse_keys(ld, NULL, &top_table, NULL))
		return -1;
	if (!ld->has_version)
		return ld_err_at(ld, &at, "missing 'cachelint-profile: 1'");
	return 0;
}

/*
 * STREAM-START, DOCUMENT-START, the root, DOCUMENT-END, STREAM-END.  A
 * second document is refused at its start rather than read: which one a
 * reader should believe is anyone's guess.
 */
static int load_stream(struct loader *ld)
{
	if (ld_next(ld) || ld_next(ld))
		return -1;
	if (ld->ev.type == YAML_STREAM_END_EVENT)
		return ld_err_at(ld, NULL, "empty profile");
	if (ld_next(ld) || load_root(ld) || ld_next(ld) || ld_next(ld))
		return -1;
	if (ld->ev.type != YAML_STREAM_END_EVENT)
		return ld_err_here(ld, "more than one document in a profile");
	return 0;
}

static void load_commit(struct loader *ld)
{
	struct cl_profile *p = ld->p, *tmp = &ld->tmp;
	bool thresholds = ld->set_write_hot || ld->set_read_mostly || ld->set_min_accesses;
	size_t i;

	for (i = 0; i < tmp->nstructs; i++)
		infer_struct(&tmp->structs[i], &p->arena, &tmp->thresholds, !thresholds,
			     ld->samples);
	if (!p->nstructs) {
		profile_take(p, tmp);
	} else {
		for (i = 0; i < tmp->nstructs; i++)
			struct_merge(p, &tmp->structs[i]);
	}
	if (tmp->line_size)
		p->line_size = tmp->line_size;
	cl_objects_merge(&p->objects, &tmp->objects);
	cl_contention_merge(&p->contention, &tmp->contention);
	cl_budgets_merge(p, tmp);
	for (i = 0; i < tmp->nconcurrent; i++) {
		if (cl_profile_path_concurrent(p, tmp->concurrent[i]))
			continue;
		p->concurrent = cl_xrealloc(p->concurrent, (p->nconcurrent + 1) * sizeof(char *));
		p->concurrent[p->nconcurrent++] = tmp->concurrent[i];
	}
	p->thresholds_set |= (ld->set_write_hot ? CL_THRESHOLD_SET_WRITE_HOT : 0) |
			     (ld->set_read_mostly ? CL_THRESHOLD_SET_READ_MOSTLY : 0) |
			     (ld->set_min_accesses ? CL_THRESHOLD_SET_MIN_ACCESSES : 0) |
			     (ld->set_min_transfers ? CL_THRESHOLD_SET_MIN_TRANSFERS : 0) |
			     (ld->set_min_samples ? CL_THRESHOLD_SET_MIN_SAMPLES : 0) |
			     (ld->set_min_share ? CL_THRESHOLD_SET_MIN_SHARE : 0);
	if (ld->set_write_hot)
		p->thresholds.write_hot = tmp->thresholds.write_hot;
	if (ld->set_read_mostly)
		p->thresholds.read_mostly = tmp->thresholds.read_mostly;
	if (ld->set_min_accesses)
		p->thresholds.min_accesses = tmp->thresholds.min_accesses;
	if (ld->set_min_transfers)
		p->thresholds.contention.min_transfers = tmp->thresholds.contention.min_transfers;
	if (ld->set_min_samples)
		p->thresholds.contention.min_samples = tmp->thresholds.contention.min_samples;
	if (ld->set_min_share)
		p->thresholds.contention.min_share = tmp->thresholds.contention.min_share;
	/* The last thresholds win, for the files before this one too. */
	if (thresholds)
		infer_again(p);
}

bool cl_profile_path_concurrent(const struct cl_profile *p, const char *name)
{
	for (size_t i = 0; i < p->nconcurrent; i++)
		if (!strcmp(p->concurrent[i], name))
			return true;
	return false;
}

static int loader_start(struct loader *ld, struct cl_profile *p, const char *name,
			struct cl_diag *err)
{
	memset(ld, 0, sizeof(*ld));
	ld->p = p;
	ld->err = err;
	ld->name = cl_arena_strdup(&p->arena, name);
	cl_profile_init(&ld->tmp);
	/* Inference in this file uses the thresholds in force, unless it sets its own. */
	ld->tmp.thresholds = p->thresholds;
	if (!yaml_parser_initialize(&ld->parser))
		return ld_err_at(ld, NULL, "out of memory");
	return 0;
}

/* Parse, and on success merge; the loader is finished either way. */
static int loader_run(struct loader *ld)
{
	int rc = load_stream(ld);

	if (!rc)
		load_commit(ld);
	if (ld->have_ev)
		yaml_event_delete(&ld->ev);
	yaml_parser_delete(&ld->parser);
	cl_profile_free(&ld->tmp);
	cl_index_free(&ld->paths);
	free(ld->struct_lines);
	return rc;
}

int cl_profile_load_buffer(struct cl_profile *p, const char *name,
			   const char *buf, size_t len, struct cl_diag *err)
{
	struct loader ld;

	if (loader_start(&ld, p, name, err)) {
		cl_profile_free(&ld.tmp);
		return -1;
	}
	ld.buf = buf;
	ld.buflen = buf ? len : 0;
	yaml_parser_set_input_string(&ld.parser, (const unsigned char *)(buf ? buf : ""),
				     buf ? len : 0);
	return loader_run(&ld);
}

static FILE *profile_open(const char *path, struct cl_diag *err)
{
	struct stat st;
	FILE *f = fopen(path, "rb");

	if (!f) {
		cl_diag_set(err, path, 0, 0, "cannot open profile: %s", strerror(errno));
		return NULL;
	}
	/* fopen() opens a directory; libyaml would then say only "input error". */
	if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		cl_diag_set(err, path, 0, 0, "cannot read profile: %s", strerror(EISDIR));
		fclose(f);
		return NULL;
	}
	return f;
}

int cl_profile_load(struct cl_profile *p, const char *path, struct cl_diag *err)
{
	struct loader ld;
	FILE *f = profile_open(path, err);
	int rc;

	if (!f)
		return -1;
	if (loader_start(&ld, p, path, err)) {
		cl_profile_free(&ld.tmp);
		fclose(f);
		return -1;
	}
	/* libyaml reads the file in small blocks: memory does not grow with it. */
	ld.file = f;
	yaml_parser_set_input_file(&ld.parser, f);
	rc = loader_run(&ld);
	fclose(f);
	return rc;
}

/* "a::b" or a trailing ':' is a typo, not a request to skip: refuse it up front. */
static int list_check(const char *list, struct cl_diag *err)
{
	char lb[SHOW_MAX];
	const char *s;

	for (s = list;; s++) {
		if ((*s == ':' || !*s) && (s == list || s[-1] == ':')) {
			cl_diag_set(err, "", 0, 0, "empty file name in profile list '%s'",
				    ld_show(lb, list));
			return -1;
		}
		if (!*s)
			return 0;
	}
}

/*
 * Each file is loaded (and merged) in turn: when one fails, the files
 * before it stay loaded.  Callers treat any failure as fatal anyway.
 */
int cl_profile_load_list(struct cl_profile *p, const char *list, struct cl_diag *err)
{
	const char *s = list;

	if (list_check(list, err))
		return -1;
	for (;;) {
		const char *end = strchr(s, ':');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		char *path = cl_xmalloc(len + 1);
		int rc;

		memcpy(path, s, len);
		path[len] = '\0';
		rc = cl_profile_load(p, path, err);
		free(path);
		if (rc || !end)
			return rc;
		s = end + 1;
	}
}
