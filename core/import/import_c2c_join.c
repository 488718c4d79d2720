// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_c2c_join.c - perf c2c rows to struct members, and the cache
 * lines' contention evidence (docs/importers.md, "perf c2c")
 *
 * A row's Source:Line and symbol find the access map's lines of that
 * source line (the file compared by path suffix, so a report from another
 * machine's build of the same source joins); the access kind (a row of
 * stores wants a write, a row of HITM loads a read) and the offset within
 * the cache line tell the members of one source line apart.  The offset
 * of a member within its line follows from the rows of that line that
 * name one member only: where none does, the object is taken to start on
 * a line boundary.
 *
 * With --binary (@bin), a row's addresses resolve through the binaries'
 * DWARF: a data address inside a static object (a global struct or array)
 * is its member outright; a row without a usable Source:Line gets one
 * from its code address through the line table, and joins through the
 * access map as a Source:Line row does (the file compared by the longest
 * path suffix the map has: the line table names the build's own path).
 *
 * On each cache line, a member's HITMs are transfers caused by the line's
 * writers: by another member's stores (false sharing: a pair, split among
 * the writers by their stores) or by its own (true sharing).
 */
#include <stdlib.h>
#include <string.h>

#include "import_c2c.h"
#include "model/paths.h"

/**
 * struct res - what one row resolved to
 * @al: the access map line (its record and member), NULL if unresolved
 * @why: why not
 * @src: "file:line" of the code address through a binary's line table,
 *       NULL if none
 * @code_why: why the code address gave no line (NULL: it did, or no try)
 * @path: the row's function as a path name (cl_path_name_of()), NULL if none
 */
struct res {
	const struct cl_access_line *al;
	const char *why;
	const char *src;
	const char *code_why;
	const char *path;
};

/* Whether absolute path @file ends in @src at a '/' (or is it). */
static bool path_matches(const char *file, const char *src, size_t n)
{
	size_t fl = strlen(file);

	if (fl < n || strncmp(file + fl - n, src, n))
		return false;
	return fl == n || file[fl - n - 1] == '/';
}

/* "file.c:12" into the file's length and the line; false if it is none. */
static bool split_srcline(const char *src, size_t *flen, unsigned *line)
{
	const char *colon = src ? strrchr(src, ':') : NULL;
	uint64_t v;
	size_t n;

	if (!colon || colon == src)
		return false;
	n = strcspn(colon + 1, " ");
	if (!imp_parse_u64(colon + 1, n, &v) || !v || v > UINT32_MAX)
		return false;
	*flen = (size_t)(colon - src);
	*line = (unsigned)v;
	return strncmp(src, "??", 2) != 0;
}

/* The row's load samples: its records less its stores (the parser keeps them apart). */
static uint64_t row_loads(const struct c2c_row *r)
{
	return r->recs > r->stores ? r->recs - r->stores : 0;
}

static bool kind_fits(const struct c2c_row *r, enum cl_access_kind k)
{
	bool loads = row_loads(r) || r->hitm, stores = r->stores > 0;

	if (stores && !loads)
		return k & CL_ACCESS_WRITE;
	if (loads && !stores)
		return k & CL_ACCESS_READ;
	return true;
}

/* Whether @al covers byte @off of its cache line when the object starts at @delta of it. */
static bool covers(const struct cl_access_line *al, uint64_t off, int64_t delta, uint64_t ls)
{
	int64_t at = (int64_t)off - delta;	/* the byte's offset in the object */
	int64_t m = (int64_t)al->offset, e = m + (int64_t)(al->size ? al->size : 1);

	if (delta == INT64_MIN) {	/* not known: a line-aligned object */
		m %= (int64_t)ls;
		e = m + (int64_t)(al->size ? al->size : 1);
		at = (int64_t)off;
	}
	return at >= m && at < e;
}

/**
 * struct cands - the distinct members an access map gives one row
 * @v: one map line per distinct (record, member)
 * @n: how many
 * @cap: allocated
 */
struct cands {
	const struct cl_access_line **v;
	size_t n, cap;
};

static void cands_add(struct cands *c, const struct cl_access_line *al)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i]->record, al->record) && !strcmp(c->v[i]->member, al->member))
			return;
	*cl_vec_push(&c->v, &c->n, &c->cap) = al;
}

static void cands_outer(struct cands *c);

/* Whether the row's own Source:Line can be looked up. */
static bool has_srcline(const struct c2c_row *r)
{
	size_t flen;
	unsigned line;

	return !r->cut && r->src && split_srcline(r->src, &flen, &line);
}

/*
 * Whether perf's symbol @sym is the map's function @fn: the same name, or
 * the name with its parameter list (C++: "ns::count(stats*)").
 */
static bool same_function(const char *fn, const char *sym)
{
	size_t n = strlen(fn);

	return sym && !strncmp(fn, sym, n) && (!sym[n] || sym[n] == '(');
}

/**
 * struct map_group - the access map's lines of one source line
 * @line: the line
 * @base, @blen: the file's last path component (a row's file is a path
 *               suffix of the map's, so they end in the same one)
 * @v, @n, @cap: the map lines, in the map's order
 */
struct map_group {
	unsigned line;
	const char *base;
	size_t blen;
	size_t *v, n, cap;
};

/**
 * struct map_lines - an access map indexed by source line: a row looks
 * at its own line's map lines, not at the whole map (a kernel's is
 * millions of lines)
 * @m: the map
 * @g, @ng, @gcap: the groups
 * @index: the groups by line and base name
 */
struct map_lines {
	const struct cl_access_map *m;
	struct map_group *g;
	size_t ng, gcap;
	struct cl_index index;
};

/* The last path component of [file, file + n). */
static const char *base_name(const char *file, size_t n, size_t *blen)
{
	size_t b = n;

	while (b && file[b - 1] != '/')
		b--;
	*blen = n - b;
	return file + b;
}

static uint64_t group_hash(unsigned line, const char *base, size_t blen)
{
	return cl_fnv1a(cl_fnv1a(CL_FNV_OFFSET, &line, sizeof(line)), base, blen);
}

static bool group_eq(const void *ctx, size_t i, const void *key)
{
	const struct map_group *g = &((const struct map_lines *)ctx)->g[i], *k = key;

	return g->line == k->line && g->blen == k->blen && !memcmp(g->base, k->base, k->blen);
}

static uint64_t group_rehash(const void *ctx, size_t i)
{
	const struct map_group *g = &((const struct map_lines *)ctx)->g[i];

	return group_hash(g->line, g->base, g->blen);
}

static void map_lines_init(struct map_lines *ml, const struct cl_access_map *m)
{
	memset(ml, 0, sizeof(*ml));
	ml->m = m;
	cl_index_init(&ml->index);
	for (size_t i = 0; i < m->n; i++) {
		const struct cl_access_line *al = &m->v[i];
		struct map_group key = { .line = al->line };
		size_t *slot;

		key.base = base_name(al->file, strlen(al->file), &key.blen);
		slot = cl_index_add(&ml->index, ml->ng, group_hash(key.line, key.base, key.blen),
				    group_eq, group_rehash, ml, &key);
		if (!*slot) {
			*(struct map_group *)cl_vec_push(&ml->g, &ml->ng, &ml->gcap) = key;
			*slot = ml->ng;
		}
		*cl_vec_push(&ml->g[*slot - 1].v, &ml->g[*slot - 1].n, &ml->g[*slot - 1].cap) = i;
	}
}

static void map_lines_free(struct map_lines *ml)
{
	for (size_t i = 0; i < ml->ng; i++)
		free(ml->g[i].v);
	free(ml->g);
	cl_index_free(&ml->index);
}

/* The group of line @line of the file [src, src + flen), or NULL. */
static const struct map_group *group_of(const struct map_lines *ml, const char *src, size_t flen,
					unsigned line)
{
	struct map_group key = { .line = line };
	const size_t *slot;

	if (!ml->ng)
		return NULL;
	key.base = base_name(src, flen, &key.blen);
	slot = cl_index_slot(&ml->index, group_hash(line, key.base, key.blen), group_eq, ml,
			     &key);
	return *slot ? &ml->g[*slot - 1] : NULL;
}

/* The map lines at @src (file:line), those of the row's function first. */
static bool lookup(const struct map_lines *ml, const struct c2c_row *r, const char *src,
		   struct cands *c, bool *any)
{
	const struct map_group *g;
	size_t flen;
	unsigned line;

	if (!split_srcline(src, &flen, &line))
		return false;
	g = group_of(ml, src, flen, line);
	for (int pass = 0; g && pass < 2 && !c->n; pass++) {
		for (size_t k = 0; k < g->n; k++) {
			const struct cl_access_line *al = &ml->m->v[g->v[k]];

			if (al->line != line || !path_matches(al->file, src, flen))
				continue;
			*any = true;
			if (pass == 0 && !same_function(al->function, r->sym))
				continue;	/* an inlined function's line: the second pass */
			if (kind_fits(r, al->kind))
				cands_add(c, al);
		}
	}
	return *any;
}

/* The map lines of the row's source line (its own, or its code address's). */
static const char *candidates(const struct map_lines *ml, const struct c2c_row *r,
			      const struct res *res, struct cands *c)
{
	bool any = false;

	if (res->src) {
		/* the build's path: its longest suffix that the map has */
		for (const char *s = res->src; s && !any; s = strchr(s + 1, '/'))
			lookup(ml, r, *s == '/' ? s + 1 : s, c, &any);
	} else if (res->code_why && !has_srcline(r)) {
		return res->code_why;
	} else if (r->cut) {
		return "no Source:Line in the row (its line was cut short, or perf c2c report "
		       "--no-source)";
	} else if (!has_srcline(r)) {
		return r->kernel ? "no source line (perf c2c report needs the vmlinux with "
				   "debug info: -k, --vmlinux)"
				 : "no source line (a build without -g, or perf c2c report "
				   "--no-source)";
	} else {
		lookup(ml, r, r->src, c, &any);
	}
	cands_outer(c);
	if (c->n)
		return NULL;
	if (any)
		return "the access map's members on that line are not accessed that way";
	if (!ml->m->n)
		return "no access map given (--access-map)";
	return r->kernel ? "no access map entry for that line (a kernel symbol: build the "
			   "kernel with -fplugin-arg-cachelint-access-map=DIR/ in KCFLAGS)"
			 : "no access map entry for that line";
}

/*
 * An inlined helper's line is in the map twice for one access: as its own
 * type's member (atomic64_t's counter, in arch_atomic64_add_return) and as
 * the member of the struct it was called on (page_counter's
 * usage.counter).  The row is about the latter: drop the former.
 */
static void cands_outer(struct cands *c)
{
	for (size_t i = 0; i < c->n; i++) {
		size_t ml = strlen(c->v[i]->member);

		for (size_t k = 0; k < c->n; k++) {
			const char *m = c->v[k]->member;
			size_t kl = strlen(m);

			if (k == i || kl <= ml + 1 || c->v[k]->size != c->v[i]->size ||
			    m[kl - ml - 1] != '.' || strcmp(m + kl - ml, c->v[i]->member))
				continue;
			c->v[i--] = c->v[--c->n];
			break;
		}
	}
}

/*
 * The members the access map gives row @r at its Source:Line, or at @src
 * (a code address's line through a binary, NULL if none; @code_why why that
 * gave none): the outer struct's member at an inlined helper's line.  For
 * import perf-script, whose samples join as rows do.  NULL with *@v (malloc'd)
 * and *@n, or why not.
 */
struct c2c_map_index {
	struct map_lines ml;
};

struct c2c_map_index *c2c_map_index_new(const struct cl_access_map *m)
{
	struct c2c_map_index *ix = cl_xmalloc(sizeof(*ix));

	map_lines_init(&ix->ml, m);
	return ix;
}

void c2c_map_index_free(struct c2c_map_index *ix)
{
	if (!ix)
		return;
	map_lines_free(&ix->ml);
	free(ix);
}

const char *c2c_row_members(const struct c2c_map_index *ix, const struct c2c_row *r,
			    const char *src, const char *code_why,
			    const struct cl_access_line ***v, size_t *n)
{
	struct res res = { .src = src, .code_why = code_why };
	struct cands c = { 0 };
	const char *why = candidates(&ix->ml, r, &res, &c);

	*v = c.v;
	*n = c.n;
	return why;
}

/* The row's member among @c, with the object at @delta of the line (INT64_MIN: not known). */
static const struct cl_access_line *pick(const struct cands *c, const struct c2c_row *r,
					 int64_t delta, uint64_t ls)
{
	const struct cl_access_line *hit = NULL;

	if (c->n == 1)
		return c->v[0];
	for (size_t i = 0; i < c->n; i++) {
		if (!covers(c->v[i], r->offset, delta, ls))
			continue;
		if (hit)
			return NULL;
		hit = c->v[i];
	}
	return hit;
}

/**
 * struct line_rows - the rows of each cache line: a line's work reads its
 * own rows, not every row of the report for each line
 * @first: where each line's rows start in @v (@first[nlines]: nrows)
 * @v: row indices, line by line, each line's in the report's order
 */
struct line_rows {
	size_t *first, *v;
};

static void line_rows_init(struct line_rows *lr, const struct c2c_report *rep)
{
	size_t *at = cl_xmalloc((rep->nlines + 1) * sizeof(*at));

	lr->first = calloc(rep->nlines + 1, sizeof(*lr->first));
	lr->v = cl_xmalloc((rep->nrows ? rep->nrows : 1) * sizeof(*lr->v));
	if (!lr->first)
		abort();
	for (size_t i = 0; i < rep->nrows; i++)
		lr->first[rep->rows[i].cl + 1]++;
	for (size_t cl = 0; cl < rep->nlines; cl++)
		lr->first[cl + 1] += lr->first[cl];
	memcpy(at, lr->first, (rep->nlines + 1) * sizeof(*at));
	for (size_t i = 0; i < rep->nrows; i++)
		lr->v[at[rep->rows[i].cl]++] = i;
	free(at);
}

static void line_rows_free(struct line_rows *lr)
{
	free(lr->first);
	free(lr->v);
}

/* Where each record's object starts in cache line @cl, from its rows resolved so far. */
static int64_t delta_of(const struct c2c_report *rep, const struct line_rows *lr,
			const struct res *res, size_t cl, const char *record)
{
	for (size_t k = lr->first[cl]; k < lr->first[cl + 1]; k++) {
		size_t i = lr->v[k];

		if (res[i].al && !strcmp(res[i].al->record, record))
			return (int64_t)rep->rows[i].offset - (int64_t)res[i].al->offset;
	}
	return INT64_MIN;
}

/*
 * Through the binaries: the rows' code addresses to source lines (rows
 * naming a function first: they give the load offset), then the data
 * addresses inside static objects to their members.
 */
static void by_address(struct cl_arena *a, const struct c2c_report *rep,
		       const struct cl_c2c_binaries *bin, struct res *res)
{
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < rep->nrows; i++) {
			const struct c2c_row *r = &rep->rows[i];
			const char *file, *why;
			unsigned line;

			if (!r->has_iaddr || has_srcline(r) || (r->sym == NULL) != (pass == 1))
				continue;
			if (bin->code(bin->ctx, r->obj, r->sym, r->symoff, r->has_symoff, r->iaddr,
				      &file, &line, &why))
				res[i].src = cl_arena_printf(a, "%s:%u", file, line);
			else
				res[i].code_why = why;
		}
	}
	for (size_t i = 0; bin->data && i < rep->nrows; i++) {
		const struct c2c_row *r = &rep->rows[i];
		struct cl_access_line al = { 0 }, *v;
		const char *why;

		if (!bin->data(bin->ctx, rep->lines[r->cl].addr + r->offset, &al, &why))
			continue;
		v = cl_arena_alloc(a, sizeof(*v));
		*v = al;
		v->function = r->sym ? r->sym : "";
		v->file = "";
		res[i].al = v;
	}
}

static void resolve(struct cl_arena *a, const struct c2c_report *rep,
		    const struct line_rows *lr, const struct cl_access_map *m,
		    const struct cl_c2c_binaries *bin, struct res *res)
{
	struct cands *c = calloc(rep->nrows ? rep->nrows : 1, sizeof(*c));
	struct map_lines ml;

	if (!c)
		abort();
	map_lines_init(&ml, m);

	for (size_t i = 0; i < rep->nrows; i++)
		res[i].path = rep->rows[i].sym ? cl_path_name_of(rep->rows[i].sym, a) : NULL;
	if (bin)
		by_address(a, rep, bin, res);
	for (size_t i = 0; i < rep->nrows; i++) {
		if (res[i].al)
			continue;	/* a static object's member */
		res[i].why = candidates(&ml, &rep->rows[i], &res[i], &c[i]);
		if (!res[i].why && c[i].n == 1)
			res[i].al = c[i].v[0];
	}
	for (size_t i = 0; i < rep->nrows; i++) {
		if (res[i].why || res[i].al)
			continue;
		res[i].al = pick(&c[i], &rep->rows[i],
				 delta_of(rep, lr, res, rep->rows[i].cl, c[i].v[0]->record),
				 rep->line_size);
		if (!res[i].al)
			res[i].why = "several members on that line, and the offset in the cache "
				     "line does not tell them apart";
	}
	for (size_t i = 0; i < rep->nrows; i++)
		free(c[i].v);
	free(c);
	map_lines_free(&ml);
}

/* ------------------------------------------------------------------ */
/* Contention evidence                                                  */
/* ------------------------------------------------------------------ */

/*
 * The threads of a row: with a Tid column (-c tid) its distinct tids; else
 * its "cpu cnt", the CPUs its samples came from, which is all perf says of
 * the threads behind the default -c iaddr rows.
 */
static uint64_t row_threads(const struct c2c_report *rep, const struct c2c_row *r)
{
	return rep->has_tid ? r->ntids : r->cpus;
}

static void who_add(struct cl_arena *a, struct cl_contention_who *w, const char *path,
		    uint64_t threads)
{
	if (threads > w->threads)
		w->threads = threads;
	if (!path)
		return;
	for (uint32_t i = 0; i < w->npaths; i++)
		if (!strcmp(w->paths[i], path))
			return;
	if (w->npaths == CL_CONTENTION_PATHS_SHOWN)
		return;
	const char **v = cl_arena_alloc(a, (w->npaths + 1) * sizeof(*v));

	memcpy(v, w->paths, w->npaths * sizeof(*v));
	v[w->npaths++] = path;
	w->paths = v;
}

static struct cl_contention_entry *entry_of(struct cl_c2c *j, const char *record)
{
	for (size_t i = 0; i < j->nentries; i++)
		if (!strcmp(j->entries[i].name, record))
			return &j->entries[i];
	struct cl_contention_entry *e = cl_vec_push(&j->entries, &j->nentries, &j->entries_cap);

	e->name = record;
	return e;
}

static struct cl_contention_pair *pair_of(struct cl_contention_entry *e, const char *w,
					  const char *acc)
{
	size_t cap = e->npairs;

	for (size_t i = 0; i < e->npairs; i++)
		if (!strcmp(e->pairs[i].write, w) && !strcmp(e->pairs[i].access, acc))
			return &e->pairs[i];
	struct cl_contention_pair *p = cl_vec_push(&e->pairs, &e->npairs, &cap);

	p->write = w;
	p->access = acc;
	return p;
}

static struct cl_contention_shared *shared_of(struct cl_contention_entry *e, const char *m)
{
	size_t cap = e->nshared;

	for (size_t i = 0; i < e->nshared; i++)
		if (!strcmp(e->shared[i].member, m))
			return &e->shared[i];
	struct cl_contention_shared *s = cl_vec_push(&e->shared, &e->nshared, &cap);

	s->member = m;
	return s;
}

static const char **names_add(struct cl_arena *a, const char **v, uint32_t *n, const char *s)
{
	for (uint32_t i = 0; i < *n; i++)
		if (!strcmp(v[i], s))
			return v;
	const char **nv = cl_arena_alloc(a, (*n + 1) * sizeof(*nv));

	memcpy(nv, v, *n * sizeof(*nv));
	nv[(*n)++] = s;
	return nv;
}

/* One cache line's rows of one record into its entry's line, touches. */
static void line_touch(struct cl_arena *a, struct cl_contention_line *l, const struct c2c_row *r,
		       const struct res *res, uint64_t threads)
{
	const char *path = res->path ? res->path : "unknown", *member = res->al->member;
	struct cl_contention_touch *t = NULL;

	for (uint32_t i = 0; i < l->ntouch; i++)
		if (!strcmp(l->touch[i].path, path))
			t = &l->touch[i];
	if (!t) {
		struct cl_contention_touch *v = cl_arena_alloc(a, (l->ntouch + 1) * sizeof(*v));

		memcpy(v, l->touch, l->ntouch * sizeof(*v));
		l->touch = v;
		t = &v[l->ntouch++];
		memset(t, 0, sizeof(*t));
		t->path = path;
	}
	if (threads > t->threads)
		t->threads = threads;
	t->reads += row_loads(r);
	t->writes += r->stores;
	if (row_loads(r))
		t->read = names_add(a, t->read, &t->nread, member);
	if (r->stores)
		t->write = names_add(a, t->write, &t->nwrite, member);
}

/* Whether row @i resolved to a member of @record. */
static bool of_record(const struct res *res, size_t i, const char *record)
{
	return res[i].al && !strcmp(res[i].al->record, record);
}

/* The evidence of cache line @cl (its rows @v, @n of them) for @record. */
static void evidence_line(struct cl_c2c *j, const struct c2c_report *rep,
			  const struct res *res, const size_t *v, size_t n, const char *record,
			  struct cl_arena *a)
{
	size_t cap;
	struct cl_contention_entry *e = entry_of(j, record);
	uint64_t stores = 0, weight_false = 0, weight_true = 0, samples = 0;
	int64_t off = 0;
	bool first = true;
	struct cl_contention_line *l;

	for (size_t x = 0; x < n; x++) {
		size_t i = v[x];
		const struct c2c_row *r = &rep->rows[i];

		if (of_record(res, i, record)) {
			stores += r->stores;
			samples += r->recs;
			if (first)
				off = (int64_t)res[i].al->offset - (int64_t)r->offset;
			first = false;
		}
	}
	for (size_t x = 0; x < n; x++) {
		size_t i = v[x];
		const struct c2c_row *r = &rep->rows[i];
		const char *acc;

		if (!of_record(res, i, record) || !r->hitm)
			continue;
		acc = res[i].al->member;
		for (size_t y = 0; stores && y < n; y++) {
			size_t k = v[y];
			const struct c2c_row *w = &rep->rows[k];
			uint64_t part;

			if (!of_record(res, k, record) || !w->stores)
				continue;
			part = imp_scale(r->hitm, w->stores, stores);
			if (!part)
				continue;
			if (!strcmp(res[k].al->member, acc)) {
				struct cl_contention_shared *s = shared_of(e, acc);

				s->weight += part;
				s->samples += part;
				if (row_threads(rep, w) > s->writers)
					s->writers = row_threads(rep, w);
				who_add(a, &s->who, res[k].path, row_threads(rep, w));
				who_add(a, &s->who, res[i].path, row_threads(rep, r));
				weight_true += part;
			} else {
				struct cl_contention_pair *p = pair_of(e, res[k].al->member, acc);

				p->weight += part;
				p->samples += part;
				who_add(a, &p->who, res[k].path, row_threads(rep, w));
				who_add(a, &p->who, res[i].path, row_threads(rep, r));
				weight_false += part;
			}
		}
	}
	l = NULL;
	for (size_t i = 0; i < e->nlines; i++)
		if (e->lines[i].offset == off)
			l = &e->lines[i];
	if (!l) {
		cap = e->nlines;
		l = cl_vec_push(&e->lines, &e->nlines, &cap);
		l->offset = off;
	}
	l->objects++;
	l->weight_false += weight_false;
	l->weight_true += weight_true;
	l->samples += samples;
	for (size_t x = 0; x < n; x++)
		if (of_record(res, v[x], record))
			line_touch(a, l, &rep->rows[v[x]], &res[v[x]],
				   row_threads(rep, &rep->rows[v[x]]));
	e->instances++;
	e->weight_false += weight_false;
	e->weight_true += weight_true;
	e->samples += samples;
	e->accesses += samples;
}

/* Members' loads and stores as profile rows (counts: samples). */
static void member_rows(struct imp_stage *st, const struct c2c_report *rep, const struct res *res)
{
	for (size_t i = 0; i < rep->nrows; i++) {
		const struct c2c_row *r = &rep->rows[i];
		struct imp_row row = { 0 };

		if (!res[i].al)
			continue;
		row.st = res[i].al->record;
		row.m.path = res[i].al->member;
		row.m.reads = row_loads(r);
		row.m.writes = r->stores;
		row.m.has_reads = row.m.has_writes = true;
		row.m.offset = res[i].al->offset;
		row.m.has_offset = true;
		row.m.cls = CL_CLASS_NONE;
		row.m.from = cl_arena_printf(&st->imp->arena, "%s:%u", st->name, r->no);
		imp_stage_add(st, &row);
	}
	st->said.loads = st->said.stores = true;
	st->said.samples = true;
}

static void unresolved(struct imp_stage *st, const struct c2c_report *rep, const struct res *res,
		       struct cl_c2c *j)
{
	for (size_t i = 0; i < rep->nrows; i++) {
		const struct c2c_row *r = &rep->rows[i];
		size_t k;

		if (res[i].al)
			continue;
		j->unresolved++;
		for (k = 0; k < j->nreasons && strcmp(j->reason[k], res[i].why); k++)
			;
		if (k == j->nreasons && k < CL_C2C_REASONS)
			j->reason[j->nreasons++] = res[i].why;
		if (k < CL_C2C_REASONS)
			j->reason_rows[k]++;
		*(const char **)cl_vec_push(&j->why, &j->nwhy, &j->why_cap) =
			cl_arena_printf(&st->imp->arena, "%s:%u: %s%s%s: %s", st->name, r->no,
					r->sym ? r->sym : r->has_iaddr ?
					cl_arena_printf(&st->imp->arena, "code at 0x%llx",
							(unsigned long long)r->iaddr) : "a row",
					res[i].src || r->src ? " at " : "",
					res[i].src ? res[i].src : r->src ? r->src : "", res[i].why);
	}
}

int c2c_join(struct imp_stage *st, const struct c2c_report *rep, const struct cl_access_map *m,
	     const struct cl_c2c_binaries *bin, struct cl_c2c *j)
{
	struct res *res = calloc(rep->nrows ? rep->nrows : 1, sizeof(*res));
	struct cl_arena *a = &st->imp->arena;
	struct line_rows lr;
	uint64_t threads;

	if (!res)
		abort();
	line_rows_init(&lr, rep);
	resolve(a, rep, &lr, m, bin, res);
	j->rows += rep->nrows;
	unresolved(st, rep, res, j);
	member_rows(st, rep, res);
	for (size_t cl = 0; cl < rep->nlines; cl++) {
		const size_t *v = &lr.v[lr.first[cl]];
		size_t n = lr.first[cl + 1] - lr.first[cl];
		/* the records of the line, each once: as many as the line has rows */
		const char **done = cl_xmalloc((n ? n : 1) * sizeof(*done));
		size_t ndone = 0;

		for (size_t x = 0; x < n; x++) {
			size_t i = v[x], k;

			if (!res[i].al)
				continue;
			for (k = 0; k < ndone && strcmp(done[k], res[i].al->record); k++)
				;
			if (k < ndone)
				continue;
			done[ndone++] = res[i].al->record;
			evidence_line(j, rep, res, v, n, res[i].al->record, a);
		}
		free(done);
	}
	line_rows_free(&lr);
	free(res);
	j->hdr.source = "perf-c2c";
	j->hdr.measure = CL_MEASURE_HITM;
	j->hdr.line_size = rep->line_size;
	j->hdr.samples += rep->records;
	/* The report's distinct tids where it has them: one thread on four code addresses is one. */
	threads = rep->has_tid ? rep->threads : rep->cpus;
	if (threads > j->hdr.threads)
		j->hdr.threads = threads;
	j->peer |= rep->peer;
	return 0;
}

int cl_import_perf_c2c(struct cl_import *imp, const char *name, const char *buf, size_t len,
		       const struct cl_access_map *map, const struct cl_c2c_binaries *bin,
		       struct cl_c2c *c2c, struct cl_diag *err)
{
	struct imp_stage st;
	struct c2c_report rep;
	int rc;

	imp_stage_init(&st, imp, name, err);
	rc = c2c_parse(&st, buf, len, &rep);
	if (!rc) {
		imp_stage_source(&st, "%s (perf c2c report, %zu cache line%s, %zu row%s)", name,
				 rep.nlines, rep.nlines == 1 ? "" : "s", rep.nrows,
				 rep.nrows == 1 ? "" : "s");
		rc = c2c_join(&st, &rep, map, bin, c2c);
	}
	c2c_report_free(&rep);
	return imp_stage_finish(&st, rc);
}

void cl_c2c_free(struct cl_c2c *c)
{
	for (size_t i = 0; i < c->nentries; i++) {
		free(c->entries[i].pairs);
		free(c->entries[i].shared);
		free(c->entries[i].lines);
	}
	free(c->entries);
	free(c->why);
	memset(c, 0, sizeof(*c));
}
