// SPDX-License-Identifier: MIT
/*
 * rt_contention.c - libcachelint-rt: what the lines of objects cost
 *
 * At exit every sample of every thread is split into the cache lines it
 * touched, and each line's samples are replayed in time order as a cache
 * would see them (docs/instrumentation.md, "Contention"):
 *
 *   - a read by thread T of a line another thread U holds modified moves
 *     the line (what perf c2c counts as a HITM); a write by T while other
 *     threads hold copies invalidates them; everything else hits;
 *   - such a transfer counts only when T and U used the line at the same
 *     time: U's access after T was created and T's before U exited, and
 *     one of them in the middle of a run of its own accesses of the line
 *     (samples on both sides, no further apart than eight times its
 *     usual gap) -- a single sample is a point in time, at the same time
 *     only as a run that covers it; a thread with no run of the line (a
 *     few visits of a few samples, one item of thousands) is placed by
 *     its lifetime alone (rt_replay.c, placed()).  A connection that
 *     one thread closes and another reuses, a chunk freed and allocated
 *     again, a slot that main fills before starting the thread that owns
 *     it: handoffs, not contention;
 *   - a transfer weighs what the sample that caused it stands for (the
 *     sampling interval), so the total estimates the run's transfers;
 *   - it is false sharing when the bytes of T's access that moved the line
 *     and those of U's turn before it are disjoint, and true sharing when
 *     they overlap with a write: each access that finds the line last
 *     written by another thread is paid for, whatever operation it is part
 *     of (page_counter_try_charge() reads 'parent' and 'max' beside its add
 *     to 'usage': those reads miss too, and a layout saves them);
 *   - false sharing inside one object is a pair of members, between
 *     objects (elements of a variable) it is `between`.
 *
 * The result is the profile's contention: section (docs/profiles.md).
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "../core/profile/profile_keys.h"
#include "rt_alloc.h"
#include "rt_internal.h"
#include "rt_contention.h"

int clrt_ev_cmp(const void *a, const void *b)
{
	const struct ev *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->thread < y->thread ? -1 : x->thread > y->thread;
}

void clrt_tset_add(struct tset *s, uint32_t t)
{
	if (t / 8 >= s->nbytes) {
		size_t n = (t / 8 + 1) * 2;
		uint8_t *v = realloc(s->bits, n);

		if (!v)
			return;
		memset(v + s->nbytes, 0, n - s->nbytes);
		s->bits = v;
		s->nbytes = n;
	}
	s->bits[t / 8] |= (uint8_t)(1u << (t % 8));
}

size_t clrt_tset_count(const struct tset *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nbytes; i++)
		n += (size_t)__builtin_popcount(s->bits[i]);
	return n;
}

void *clrt_grow(void *v, size_t *cap, size_t n, size_t size)
{
	void *w;

	if (n < *cap)
		return v;
	w = realloc(v, (*cap ? 2 * *cap : 16) * size);
	if (!w)
		return NULL;
	memset((char *)w + *cap * size, 0, (*cap ? *cap : 16) * size);
	*cap = *cap ? 2 * *cap : 16;
	return w;
}

struct pairw *clrt_pair_get(struct recw *r, uint32_t x, uint32_t y)
{
	struct pairw *v;

	for (size_t i = 0; i < r->npairs; i++)
		if (r->pairs[i].x == x && r->pairs[i].y == y)
			return &r->pairs[i];
	v = clrt_grow(r->pairs, &r->pairs_cap, r->npairs, sizeof(*v));
	if (!v)
		return NULL;
	r->pairs = v;
	v[r->npairs] = (struct pairw){ .x = x, .y = y };
	return &v[r->npairs++];
}

struct sharedw *clrt_shared_get(struct recw *r, uint64_t what)
{
	struct sharedw *v;

	for (size_t i = 0; i < r->nshared; i++)
		if (r->shared[i].what == what)
			return &r->shared[i];
	v = clrt_grow(r->shared, &r->shared_cap, r->nshared, sizeof(*v));
	if (!v)
		return NULL;
	r->shared = v;
	v[r->nshared] = (struct sharedw){ .what = what };
	return &v[r->nshared++];
}

struct linew *clrt_line_get(struct recw *r, int64_t offset)
{
	struct linew *v;

	for (size_t i = 0; i < r->nlines; i++)
		if (r->lines[i].offset == offset)
			return &r->lines[i];
	v = clrt_grow(r->lines, &r->lines_cap, r->nlines, sizeof(*v));
	if (!v)
		return NULL;
	r->lines = v;
	v[r->nlines] = (struct linew){ .offset = offset, .first = UINT64_MAX };
	return &v[r->nlines++];
}

/* ------------------------------------------------------------------ */
/* Members and elements of a line                                       */
/* ------------------------------------------------------------------ */

/*
 * Member @m's bits in the mask of line @line (of the object at @base), 0
 * when it is not on it.
 */
uint64_t clrt_member_bits(uint64_t line, uintptr_t base, unsigned m)
{
	const struct rt_member *mb = &clrt_members[m];
	int64_t lo = (int64_t)(mb->bit_offset / 8);
	int64_t hi = (int64_t)((mb->bit_offset + (mb->bit_size ? mb->bit_size : 8) + 7) / 8);
	int64_t start = (int64_t)(line * clrt_line_size) - (int64_t)base;
	int64_t end = start + clrt_line_size;

	if (hi <= start || lo >= end)
		return 0;
	lo = lo > start ? lo : start;
	hi = hi < end ? hi : end;
	return byte_bits((unsigned)(lo - start), (unsigned)(hi - 1 - start));
}

/* The element of variable @r that bit @bit of @line is in, of the variable at @base. */
uint64_t clrt_element_of(const struct rt_rec *r, uint64_t line, uintptr_t base, unsigned bit)
{
	uint64_t byte = line * clrt_line_size + (uint64_t)bit * clrt_line_size / 64;

	return byte < base || !r->size ? UINT64_MAX : (byte - base) / r->size;
}

/* ------------------------------------------------------------------ */
/* Building                                                             */
/* ------------------------------------------------------------------ */

/* One sample's events, one per line it touches, appended to *@v. */
static bool expand(const struct rt_sample *s, uint32_t pos, struct ev **v, size_t *n,
		   size_t *cap)
{
	uintptr_t a = s->base + (intptr_t)s->off;
	uint64_t first = a / clrt_line_size, last = (a + s->size - 1) / clrt_line_size;

	for (uint64_t l = first; l <= last && l - first < 8; l++) {
		unsigned lo = l == first ? (unsigned)(a % clrt_line_size) : 0;
		unsigned hi = l == last ? (unsigned)((a + s->size - 1) % clrt_line_size) :
					  clrt_line_size - 1;

		if (*n == *cap) {
			struct ev *w = realloc(*v, (*cap ? 2 * *cap : 4096) * sizeof(*w));

			if (!w)
				return false;
			*v = w;
			*cap = *cap ? 2 * *cap : 4096;
		}
		(*v)[(*n)++] = (struct ev){ l, s->t, s->cpu, s->base, s->member, s->weight, pos,
					    (uint8_t)((s->rw & 2 ? 2 : 1) | (s->rw & RT_OPENS)),
					    byte_bits(lo, hi) };
		/*
		 * a read-modify-write is a read, then a write; the read is
		 * marked as the write's (4): the line moves once, for both
		 */
		if ((s->rw & 3) == 3 && *n < *cap) {
			(*v)[*n] = (*v)[*n - 1];
			(*v)[*n - 1].rw = 1 | 4;
			(*v)[*n].t++;
			(*n)++;
		}
	}
	return true;
}

/*
 * @l's published samples.  A log its owner is halving is another thread's
 * to skip; on the owner's own thread (an exit() from a signal handler that
 * interrupted the halving, @own) it stands still: the kept samples and
 * those not looked at yet are read (rt_sample.c, log_halve()).
 */
static bool expand_log(const struct rt_log *l, bool own, const uint32_t *pos_of, size_t npos,
		       struct ev **v, size_t *n, size_t *cap, uint64_t *samples)
{
	size_t count = __atomic_load_n(&l->n, __ATOMIC_ACQUIRE), kept = count, next = count;

	if (!l->v)
		return true;
	if (__atomic_load_n(&l->busy, __ATOMIC_ACQUIRE)) {
		if (!own)
			return true;
		kept = __atomic_load_n(&l->kept, __ATOMIC_RELAXED);
		next = __atomic_load_n(&l->next, __ATOMIC_RELAXED);
	}
	for (size_t i = 0; i < count; i++) {
		const struct rt_sample *s = &l->v[i];

		if (i >= kept && i < next)
			continue;
		if (s->thread >= npos || pos_of[s->thread] == UINT32_MAX)
			continue;
		if (!expand(s, pos_of[s->thread], v, n, cap))
			return false;
		(*samples)++;
	}
	return true;
}

#define ALLOC_SHOWN 4

/* Where one more of a record's objects came from: each site once, a few. */
static void origin_add(struct recw *r, const char *site)
{
	const char **v;

	for (size_t i = 0; i < r->nalloc; i++)
		if (!strcmp(r->alloc[i], site))
			return;
	if (r->nalloc == ALLOC_SHOWN || !(v = realloc(r->alloc, (r->nalloc + 1) * sizeof(*v))))
		return;
	r->alloc = v;
	r->alloc[r->nalloc++] = site;
}

/* Where the objects were seen: instances, least alignment, origins. */
static void objects_seen(struct clrt_evidence *ctx, const struct ev *ev, size_t n)
{
	uintptr_t *bases = malloc((n + 1) * sizeof(*bases));
	uint32_t *rids = malloc((n + 1) * sizeof(*rids));

	if (!bases || !rids) {
		free(bases);
		free(rids);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned rid = clrt_members[ev[i].member].rid;
		struct recw *r = &ctx->recs[rid];

		if (!r->seen) {
			r->seen = true;
			r->align = 4096;
		}
		while (r->align > 1 && ev[i].base % r->align)
			r->align /= 2;
		bases[i] = ev[i].base;
		rids[i] = rid;
	}
	/* the variables' storage, for in_variable() */
	ctx->vars = malloc(2 * (clrt_nrecs + 1) * sizeof(*ctx->vars));
	ctx->var_rids = malloc((clrt_nrecs + 1) * sizeof(*ctx->var_rids));
	for (unsigned rid = 0; ctx->vars && ctx->var_rids && rid < clrt_nrecs; rid++) {
		const struct rt_rec *rec = &clrt_recs[rid];

		for (size_t i = 0; rec->variable && i < n; i++) {
			if (rids[i] != rid)
				continue;
			ctx->vars[2 * ctx->nvars] = ev[i].base;
			ctx->vars[2 * ctx->nvars + 1] = ev[i].base + rec->size * rec->elements;
			ctx->var_rids[ctx->nvars++] = rid;
			break;
		}
	}
	/* distinct (rid, base): sort pairs by base via an index */
	for (unsigned rid = 0; rid < clrt_nrecs; rid++) {
		size_t k = 0;

		for (size_t i = 0; i < n; i++)
			if (rids[i] == rid)
				bases[k++] = ev[i].base;
		if (!k)
			continue;
		qsort(bases, k, sizeof(*bases), u64_cmp);
		for (size_t i = 0; i < k; i++) {
			if (i && bases[i] == bases[i - 1])
				continue;
			ctx->recs[rid].instances++;
			origin_add(&ctx->recs[rid], clrt_object_origin(bases[i]));
		}
	}
	free(bases);
	free(rids);
}

/* A struct object seen at @base, for objects_within()'s search. */
struct seen_obj {
	uintptr_t base;
	unsigned rid;
};

static int seen_obj_cmp(const void *a, const void *b)
{
	const struct seen_obj *x = a, *y = b;

	if (x->base != y->base)
		return x->base < y->base ? -1 : 1;
	return x->rid < y->rid ? -1 : x->rid > y->rid;
}

/* The struct object of another record than @rid at @start, of @v's @n; NULL if none. */
static const struct seen_obj *object_at(const struct seen_obj *v, size_t n, uintptr_t start,
					unsigned rid)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid].base < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && v[lo].base == start; lo++)
		if (v[lo].rid != rid && clrt_recs[v[lo].rid].size)
			return &v[lo];
	return NULL;
}

/*
 * Which records' objects all lie in the storage at the end of another
 * record's objects: a header with a byte array at its end, one allocation
 * (memcached's bipbuf_t and its data[]), and records written into the
 * array at computed offsets (lru_bump_entry).  An object is there when
 * the allocation that holds it starts with an object of another struct,
 * and it starts at or past that struct's size.  Such records are placed
 * by the ring's offsets, not by their type's alignment: the fix between
 * them is the record's size and the ring's stride (docs/profiles.md,
 * `in:`).
 */
static void objects_within(struct clrt_evidence *ctx, const struct ev *ev, size_t n)
{
	struct seen_obj *v = malloc((n + 1) * sizeof(*v));
	size_t k = 0;

	if (!v)
		return;
	for (size_t i = 0; i < n; i++) {
		unsigned rid = clrt_members[ev[i].member].rid;

		if (!clrt_recs[rid].variable)
			v[k++] = (struct seen_obj){ ev[i].base, rid };
	}
	qsort(v, k, sizeof(*v), seen_obj_cmp);
	for (size_t i = 0; i < k; i++) {
		struct recw *r = &ctx->recs[v[i].rid];
		const struct seen_obj *q = NULL;
		uintptr_t start;

		if ((i && !seen_obj_cmp(&v[i], &v[i - 1])) || r->in_state < 0)
			continue;
		if (rt_alloc_site(v[i].base, &start) && start < v[i].base)
			q = object_at(v, k, start, v[i].rid);
		if (!q || start + clrt_recs[q->rid].size > v[i].base ||
		    (r->in_state && r->in_rid != q->rid)) {
			r->in_state = -1;
			continue;
		}
		r->in_state = 1;
		r->in_rid = q->rid;
		r->in_offset = clrt_recs[q->rid].size;
	}
	free(v);
}

/*
 * Each record's CPU time: for each thread, its own CPU time from its first
 * sample of the record's objects to its last, summed over the threads
 * (cpu_ns) and the longest (core_ns).  A thread's CPU clock stands still
 * while it waits for a CPU, so a busy machine, or one core for all of
 * them, leaves these as they are: weights per second of them are the
 * program's, not the load's.
 */
static void cpu_spans(struct clrt_evidence *ctx, const struct ev *ev, size_t n)
{
	size_t nt = ctx->nthreads;
	uint64_t **lo = calloc(clrt_nrecs + 1, sizeof(*lo));

	if (!lo)
		return;
	for (size_t i = 0; i < n; i++) {
		unsigned rid = clrt_members[ev[i].member].rid;
		uint64_t *v;

		if (ev[i].thread >= nt)
			continue;
		if (!lo[rid]) {
			lo[rid] = malloc(2 * nt * sizeof(**lo));
			if (!lo[rid])
				continue;
			for (size_t t = 0; t < nt; t++) {
				lo[rid][2 * t] = UINT64_MAX;
				lo[rid][2 * t + 1] = 0;
			}
		}
		v = &lo[rid][2 * (size_t)ev[i].thread];
		if (ev[i].cpu < v[0])
			v[0] = ev[i].cpu;
		if (ev[i].cpu > v[1])
			v[1] = ev[i].cpu;
	}
	for (unsigned rid = 0; rid < clrt_nrecs; rid++) {
		struct recw *r = &ctx->recs[rid];

		for (size_t t = 0; lo[rid] && t < nt; t++) {
			const uint64_t *v = &lo[rid][2 * t];
			uint64_t d = v[0] == UINT64_MAX ? 0 : v[1] - v[0];

			r->cpu_ns += d;
			if (d > r->core_ns)
				r->core_ns = d;
		}
		free(lo[rid]);
	}
	free(lo);
}

static int member_offset_cmp(const void *a, const void *b)
{
	const struct rt_member *x = &clrt_members[*(const unsigned *)a];
	const struct rt_member *y = &clrt_members[*(const unsigned *)b];

	return x->bit_offset < y->bit_offset ? -1 : x->bit_offset > y->bit_offset;
}

static uint64_t name_hash(const char *s)
{
	uint64_t h = 14695981039346656037ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* One path per name: the first thread of that name stands for it. */
static bool paths_build(struct clrt_evidence *ctx)
{
	size_t cap = 16;
	uint32_t *slot;

	while (cap < 2 * ctx->nthreads + 2)
		cap *= 2;
	slot = malloc(cap * sizeof(*slot));
	if (!slot)
		return false;
	memset(slot, 0xff, cap * sizeof(*slot));
	for (size_t i = 0; i < ctx->nthreads; i++) {
		size_t h = name_hash(ctx->names[i]) & (cap - 1);

		while (slot[h] != UINT32_MAX && strcmp(ctx->names[slot[h]], ctx->names[i]))
			h = (h + 1) & (cap - 1);
		if (slot[h] == UINT32_MAX)
			slot[h] = (uint32_t)i;
		ctx->path_of[i] = slot[h];
	}
	free(slot);
	return true;
}

/* Each record's members in layout order, and each thread's path. */
static bool tables_build(struct clrt_evidence *ctx)
{
	ctx->members = calloc(clrt_nrecs + 1, sizeof(*ctx->members));
	ctx->nmembers = calloc(clrt_nrecs + 1, sizeof(*ctx->nmembers));
	ctx->path_of = calloc(ctx->nthreads + 1, sizeof(*ctx->path_of));
	ctx->counted = calloc(2 * (size_t)clrt_nmembers + 1, sizeof(*ctx->counted));
	if (!ctx->members || !ctx->nmembers || !ctx->path_of || !ctx->counted)
		return false;
	for (size_t i = 0; i < ctx->nthreads; i++)
		clrt_thread_sum(ctx->order[i], ctx->counted, 2 * (size_t)clrt_nmembers);
	for (unsigned m = 1; m < clrt_nmembers; m++)
		ctx->nmembers[clrt_members[m].rid]++;
	for (unsigned rid = 0; rid < clrt_nrecs; rid++) {
		ctx->members[rid] = malloc((ctx->nmembers[rid] + 1) * sizeof(unsigned));
		if (!ctx->members[rid])
			return false;
		ctx->nmembers[rid] = 0;
	}
	for (unsigned m = 1; m < clrt_nmembers; m++) {
		unsigned rid = clrt_members[m].rid;

		ctx->members[rid][ctx->nmembers[rid]++] = m;
	}
	for (unsigned rid = 0; rid < clrt_nrecs; rid++)
		qsort(ctx->members[rid], ctx->nmembers[rid], sizeof(unsigned), member_offset_cmp);
	return paths_build(ctx);
}

struct clrt_evidence *clrt_evidence_build(struct rt_thread **order, size_t nthreads,
					  char (*names)[64])
{
	struct clrt_evidence *ctx = calloc(1, sizeof(*ctx));
	uint32_t *pos_of;
	size_t npos = 1, n = 0, cap = 0;
	struct ev *ev = NULL;
	bool ok = true;

	if (!ctx)
		return NULL;
	ctx->recs = calloc(clrt_nrecs + 1, sizeof(*ctx->recs));
	ctx->order = order;
	ctx->nthreads = nthreads;
	ctx->names = names;
	for (size_t i = 0; i < nthreads; i++)
		if (order[i]->index + 1 > npos)
			npos = order[i]->index + 1;
	pos_of = malloc(npos * sizeof(*pos_of));
	if (!ctx->recs || !pos_of) {
		free(pos_of);
		clrt_evidence_free(ctx);
		return NULL;
	}
	memset(pos_of, 0xff, npos * sizeof(*pos_of));
	for (size_t i = 0; i < nthreads; i++)
		pos_of[order[i]->index] = (uint32_t)i;
	if (!tables_build(ctx)) {
		free(pos_of);
		clrt_evidence_free(ctx);
		return NULL;
	}
	ok = expand_log(&clrt_finished, false, pos_of, npos, &ev, &n, &cap, &ctx->samples);
	ctx->dropped = clrt_finished.dropped;
	for (size_t i = 0; ok && i < nthreads; i++) {
		ok = expand_log(&order[i]->log, order[i] == clrt_self, pos_of, npos, &ev, &n, &cap,
				&ctx->samples);
		ctx->dropped += order[i]->log.dropped;
	}
	free(pos_of);
	if (!ok) {
		free(ev);
		clrt_evidence_free(ctx);
		return NULL;
	}
	objects_seen(ctx, ev, n);
	objects_within(ctx, ev, n);
	cpu_spans(ctx, ev, n);
	qsort(ev, n, sizeof(*ev), clrt_ev_cmp);
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && ev[j].line == ev[i].line)
			j++;
		clrt_replay_line(ctx, &ev[i], j - i);
		i = j;
	}
	free(ev);
	return ctx;
}

void clrt_evidence_free(struct clrt_evidence *ev)
{
	if (!ev)
		return;
	for (unsigned rid = 0; ev->recs && rid < clrt_nrecs; rid++) {
		struct recw *r = &ev->recs[rid];

		for (size_t i = 0; i < r->npairs; i++)
			free(r->pairs[i].threads.bits);
		for (size_t i = 0; i < r->nshared; i++)
			free(r->shared[i].threads.bits);
		for (size_t i = 0; i < r->nlines; i++) {
			for (size_t k = 0; k < r->lines[i].ntouch; k++)
				free(r->lines[i].touch[k].threads.bits);
			free(r->lines[i].touch);
		}
		free(r->pairs);
		free(r->shared);
		free(r->lines);
		free(r->b_threads.bits);
		free(r->b_writers.bits);
		free(r->alloc);
	}
	for (unsigned rid = 0; ev->members && rid < clrt_nrecs; rid++)
		free(ev->members[rid]);
	free(ev->members);
	free(ev->nmembers);
	free(ev->vars);
	free(ev->var_rids);
	free(ev->counted);
	free(ev->path_of);
	free(ev->recs);
	free(ev);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

static uint64_t rounded(double w)
{
	return w <= 0 ? 0 : w >= 1.8e19 ? UINT64_MAX : (uint64_t)(w + 0.5);
}

/*
 * "threads: 4, paths: [worker_libevent]": @n threads, the path names of
 * @s, at most RT_PATHS_SHOWN.
 */
static void put_who_n(FILE *f, const struct clrt_evidence *ev, const struct tset *s, size_t n)
{
	uint32_t shown[RT_PATHS_SHOWN];
	size_t nshown = 0;

	fprintf(f, CL_KEY_THREADS ": %zu, " CL_KEY_PATHS ": [", n);
	for (size_t i = 0; i < s->nbytes * 8 && i < ev->nthreads; i++) {
		uint32_t p;
		size_t k;

		if (!(s->bits[i / 8] >> (i % 8) & 1))
			continue;
		p = ev->path_of[i];
		for (k = 0; k < nshown && shown[k] != p; k++)
			;
		if (k < nshown || nshown == RT_PATHS_SHOWN)
			continue;
		fputs(nshown ? ", " : "", f);
		clrt_put_name(f, ev->names[p]);
		shown[nshown++] = p;
	}
	fputs("]", f);
}

/* The threads of @s, and their paths. */
static void put_who(FILE *f, const struct clrt_evidence *ev, const struct tset *s)
{
	put_who_n(f, ev, s, clrt_tset_count(s));
}

/* A member's path, or an element's index. */
static void put_part(FILE *f, unsigned rid, uint64_t part)
{
	if (clrt_recs[rid].variable)
		fprintf(f, "%" PRIu64, part);
	else
		clrt_put_name(f, clrt_members[part].path);
}

static void put_list(FILE *f, const char *key, unsigned rid, const uint64_t *v, unsigned n)
{
	if (!n)
		return;
	fprintf(f, ", %s: [", key);
	for (unsigned i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		put_part(f, rid, v[i]);
	}
	fputs("]", f);
}

static void put_seconds(FILE *f, const char *key, uint64_t ns)
{
	fprintf(f, "%s: %" PRIu64 ".%06" PRIu64, key, ns / 1000000000, ns / 1000 % 1000000);
}

static int pair_cmp(const void *a, const void *b)
{
	const struct pairw *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	if (x->x != y->x)
		return x->x < y->x ? -1 : 1;
	return x->y < y->y ? -1 : x->y > y->y;
}

static int shared_cmp(const void *a, const void *b)
{
	const struct sharedw *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	return x->what < y->what ? -1 : x->what > y->what;
}

static int line_cmp(const void *a, const void *b)
{
	const struct linew *x = a, *y = b;
	double wx = x->wfalse + x->wtrue, wy = y->wfalse + y->wtrue;

	if (wx != wy)
		return wx > wy ? -1 : 1;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

#define PAIRS_SHOWN 64

/*
 * What the counters allow member @m of record @rid: each transfer of its
 * line in a turn that touched @m needs an access of @m (a write, when
 * @write), so no weight on it exceeds the accesses counted.  The replay's
 * scale (rt_replay.c, potential()) estimates a line's transfers; a member
 * a thread scans once a millisecond beside members its owners write
 * millions of times is bounded by its own count.  Variables' elements
 * have no counters of their own: no bound.
 */
static double counted_cap(const struct clrt_evidence *ev, unsigned rid, uint64_t m, bool write,
			  double w)
{
	double n;

	if (clrt_recs[rid].variable || !m || m >= clrt_nmembers)
		return w;
	n = (double)ev->counted[2 * m + 1];
	if (!write)
		n += (double)ev->counted[2 * m];
	return w < n ? w : n;
}

/* Each pair's and shared entry's weight within what the counters allow (counted_cap()). */
static void parts_cap(const struct clrt_evidence *ev, unsigned rid, struct recw *r)
{
	for (size_t i = 0; i < r->npairs; i++) {
		struct pairw *p = &r->pairs[i];

		p->weight = counted_cap(ev, rid, p->x, true, p->weight);
		p->weight = counted_cap(ev, rid, p->y, false, p->weight);
	}
	for (size_t i = 0; i < r->nshared; i++)
		r->shared[i].weight = counted_cap(ev, rid, r->shared[i].what, false,
						  r->shared[i].weight);
}

static uint64_t at_least(uint64_t total, double part)
{
	return rounded(part) > total ? rounded(part) : total;
}

/*
 * The entry's totals as written: no less than any part written beside
 * them.  A part is summed in another order than the total (a line's
 * weight, an element pair's), and the two can round a transfer apart.
 */
static void totals(const struct recw *r, uint64_t *wfalse, uint64_t *wtrue)
{
	*wfalse = rounded(r->wfalse);
	*wtrue = rounded(r->wtrue);
	for (size_t i = 0; i < r->npairs; i++)
		*wfalse = at_least(*wfalse, r->pairs[i].weight);
	for (size_t i = 0; i < r->nshared; i++)
		*wtrue = at_least(*wtrue, r->shared[i].weight);
	for (size_t i = 0; i < r->nlines; i++) {
		*wfalse = at_least(*wfalse, r->lines[i].wfalse);
		*wtrue = at_least(*wtrue, r->lines[i].wtrue);
	}
	if (r->b_lines && rounded(r->b_false)) {
		*wfalse = at_least(*wfalse, r->b_false);
		*wtrue = at_least(*wtrue, r->b_true);
	}
}

static void put_pairs(FILE *f, const struct clrt_evidence *ev, unsigned rid, struct recw *r)
{
	size_t shown = 0;

	qsort(r->pairs, r->npairs, sizeof(*r->pairs), pair_cmp);
	for (size_t i = 0; i < r->npairs && shown < PAIRS_SHOWN; i++) {
		const struct pairw *p = &r->pairs[i];

		if (!rounded(p->weight))
			continue;
		fputs(shown++ ? "" : "      " CL_KEY_PAIRS ":\n", f);
		fputs("        - {" CL_KEY_WRITE ": ", f);
		put_part(f, rid, p->x);
		fputs(", " CL_KEY_ACCESS ": ", f);
		put_part(f, rid, p->y);
		fprintf(f, ", " CL_KEY_FALSE_SHARING ": %" PRIu64 ", " CL_KEY_SAMPLES ": %" PRIu64 ", ",
			rounded(p->weight), p->samples);
		put_who_n(f, ev, &p->threads, p->nthreads);
		fputs("}\n", f);
	}
}

static void put_shared(FILE *f, const struct clrt_evidence *ev, unsigned rid, struct recw *r)
{
	size_t shown = 0;

	qsort(r->shared, r->nshared, sizeof(*r->shared), shared_cmp);
	for (size_t i = 0; i < r->nshared && shown < PAIRS_SHOWN; i++) {
		const struct sharedw *sh = &r->shared[i];

		if (!rounded(sh->weight))
			continue;
		fputs(shown++ ? "" : "      " CL_KEY_SHARED ":\n", f);
		fprintf(f, "        - {%s: ", clrt_recs[rid].variable ? CL_KEY_ELEMENT : CL_KEY_MEMBER);
		put_part(f, rid, sh->what);
		fprintf(f, ", " CL_KEY_TRUE_SHARING ": %" PRIu64 ", " CL_KEY_SAMPLES ": %" PRIu64 ", "
			   CL_KEY_WRITERS ": %zu, ",
			rounded(sh->weight), sh->samples, sh->writers);
		put_who_n(f, ev, &sh->threads, sh->nthreads);
		fputs("}\n", f);
	}
}

static void put_lines(FILE *f, const struct clrt_evidence *ev, unsigned rid, struct recw *r)
{
	size_t shown = 0;

	qsort(r->lines, r->nlines, sizeof(*r->lines), line_cmp);
	for (size_t i = 0; i < r->nlines && shown < LINES_SHOWN; i++) {
		const struct linew *l = &r->lines[i];

		if (!rounded(l->wfalse + l->wtrue))
			continue;
		fputs(shown++ ? "" : "      " CL_KEY_LINES ":\n", f);
		fprintf(f, "        - " CL_KEY_OFFSET ": %" PRId64 "\n          " CL_KEY_OBJECTS ": %" PRIu64
			   "\n          " CL_KEY_FALSE_SHARING ": %" PRIu64
			   "\n          " CL_KEY_TRUE_SHARING ": %" PRIu64
			   "\n          " CL_KEY_SAMPLES ": %" PRIu64 "\n          ",
			l->offset, l->objects ? l->objects : 1, rounded(l->wfalse),
			rounded(l->wtrue), l->samples);
		put_seconds(f, CL_KEY_FIRST, l->first == UINT64_MAX ? 0 : l->first);
		fputs("\n          ", f);
		put_seconds(f, CL_KEY_LAST, l->last);
		fputs("\n          " CL_KEY_TOUCH ":\n", f);
		for (size_t k = 0; k < l->ntouch; k++) {
			const struct touchw *t = &l->touch[k];

			fputs("            - {" CL_KEY_PATH ": ", f);
			clrt_put_name(f, ev->names[t->path]);
			fprintf(f, ", " CL_KEY_THREADS ": %zu, " CL_KEY_READS ": %" PRIu64 ", " CL_KEY_WRITES
				   ": %" PRIu64,
				clrt_tset_count(&t->threads), rounded(t->reads), rounded(t->writes));
			put_list(f, CL_KEY_READ, rid, t->read, t->nread);
			put_list(f, CL_KEY_WRITE, rid, t->write, t->nwrite);
			fputs("}\n", f);
		}
	}
}

static void put_alloc(FILE *f, const struct recw *r)
{
	if (!r->nalloc)
		return;
	fputs("      " CL_KEY_ALLOC ": [", f);
	for (size_t i = 0; i < r->nalloc; i++) {
		fputs(i ? ", " : "", f);
		clrt_put_name(f, r->alloc[i]);
	}
	fputs("]\n", f);
}

static void put_entry(FILE *f, const struct clrt_evidence *ev, unsigned rid, uint64_t samples)
{
	struct recw *r = &ev->recs[rid];
	const struct rt_rec *rec = &clrt_recs[rid];
	uint64_t wfalse, wtrue;

	parts_cap(ev, rid, r);
	totals(r, &wfalse, &wtrue);
	fputs("    ", f);
	clrt_put_rec_name(f, rid);
	fputs(":\n", f);
	if (rec->variable)
		fprintf(f, "      " CL_KEY_ELEMENT ": %" PRIu64 "\n      " CL_KEY_ELEMENTS ": %" PRIu64 "\n",
			rec->size, rec->elements);
	else
		fprintf(f, "      " CL_KEY_INSTANCES ": %" PRIu64 "\n", r->instances);
	fprintf(f, "      " CL_KEY_BASE_ALIGN ": %zu\n", (size_t)r->align);
	put_alloc(f, r);
	fprintf(f, "      " CL_KEY_ACCESSES ": %" PRIu64 "\n      " CL_KEY_FALSE_SHARING ": %" PRIu64
		   "\n      " CL_KEY_TRUE_SHARING ": %" PRIu64 "\n      " CL_KEY_SAMPLES ": %" PRIu64 "\n", rounded(r->accesses), wfalse, wtrue,
		r->samples < samples ? r->samples : samples);
	put_seconds(f, "      " CL_KEY_CPU_SECONDS, r->cpu_ns);
	put_seconds(f, "\n      " CL_KEY_CORE_SECONDS, r->core_ns);
	fprintf(f, "\n      " CL_KEY_OBSERVED ": %" PRIu64 "\n      " CL_KEY_UNJUDGED ": %" PRIu64 "\n",
		rounded(r->observed), r->unjudged);
	if (!rec->variable)
		put_pairs(f, ev, rid, r);
	put_shared(f, ev, rid, r);
	if (r->b_lines && rounded(r->b_false)) {
		fprintf(f, "      " CL_KEY_BETWEEN ": {" CL_KEY_LINES ": %" PRIu64 ", " CL_KEY_PER_LINE ": %" PRIu64
			   ", " CL_KEY_SIZE ": %" PRIu64,
			r->b_lines, r->b_per_line < 2 ? 2 : r->b_per_line, rec->size);
		if (r->in_state > 0) {
			fputs(", " CL_KEY_IN ": ", f);
			clrt_put_rec_name(f, r->in_rid);
			fprintf(f, ", " CL_KEY_IN_OFFSET ": %" PRIu64, r->in_offset);
		}
		fprintf(f, ", " CL_KEY_FALSE_SHARING ": %" PRIu64 ", " CL_KEY_TRUE_SHARING ": %" PRIu64
			   ", " CL_KEY_SAMPLES ": %" PRIu64 ", " CL_KEY_WRITERS ": %zu, ", rounded(r->b_false), rounded(r->b_true), r->b_samples,
			clrt_tset_count(&r->b_writers));
		put_who(f, ev, &r->b_threads);
		fputs("}\n", f);
	}
	put_lines(f, ev, rid, r);
}

/*
 * Objects of a struct that are elements of an instrumented variable, on
 * lines the variable's evidence reports too: once, as the variable's.
 */
static void objects_once(const struct clrt_evidence *ev)
{
	for (unsigned rid = 0; rid < clrt_nrecs; rid++) {
		struct recw *r = &ev->recs[rid];

		if (!r->b_false_var || ev->recs[r->b_var].b_false < r->b_false_var / 2)
			continue;
		r->b_false -= r->b_false_var;
		r->wfalse = r->wfalse > r->b_false_var ? r->wfalse - r->b_false_var : 0;
		r->b_lines -= r->b_lines_var < r->b_lines ? r->b_lines_var : r->b_lines;
		/* no line weighs more than what is left */
		for (size_t i = 0; i < r->nlines; i++)
			if (r->lines[i].wfalse > r->wfalse)
				r->lines[i].wfalse = r->wfalse;
	}
}

void clrt_evidence_write(FILE *f, const struct clrt_evidence *ev, double seconds)
{
	bool structs = false, variables = false;
	uint64_t ns = seconds > 0 ? (uint64_t)(seconds * 1e9) : 0;

	objects_once(ev);
	fprintf(f, CL_KEY_CONTENTION ":\n  " CL_KEY_SOURCE ": libcachelint-rt\n  " CL_KEY_MEASURE
		   ": transfers\n  " CL_KEY_LINE_SIZE ": %u\n  ",
		clrt_line_size);
	put_seconds(f, CL_KEY_SECONDS, ns);
	fprintf(f, "\n  " CL_KEY_SAMPLE ": %u\n  " CL_KEY_SAMPLES ": %" PRIu64 "\n  " CL_KEY_DROPPED
		   ": %" PRIu64 "\n", clrt_sample,
		ev->samples, ev->dropped);
	if (clrt_units_dropped)
		fprintf(f, "  " CL_KEY_UNITS_DROPPED ": %lu\n", clrt_units_dropped);
	fprintf(f, "  " CL_KEY_THREADS ": %zu\n", ev->nthreads);
	for (int pass = 0; pass < 2; pass++) {
		for (unsigned rid = 0; rid < clrt_nrecs; rid++) {
			/*
			 * A scalar variable's one object has no elements to
			 * share lines: a struct's is under its struct.
			 */
			if (!ev->recs[rid].seen || clrt_recs[rid].variable != (pass == 1))
				continue;
			if (!pass && !structs)
				fputs("  " CL_KEY_STRUCTS ":\n", f);
			if (pass && !variables)
				fputs("  " CL_KEY_VARIABLES ":\n", f);
			structs |= !pass;
			variables |= pass;
			put_entry(f, ev, rid, ev->samples);
		}
	}
}
