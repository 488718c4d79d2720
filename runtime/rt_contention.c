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
 *     only as a run that covers it.  A connection that one thread closes
 *     and another reuses, a chunk freed and allocated again, a slot that
 *     main fills before starting the thread that owns it: handoffs, not
 *     contention;
 *   - a transfer weighs what the sample that caused it stands for (the
 *     sampling interval), so the total estimates the run's transfers;
 *   - it is false sharing when the two threads' bytes in their turns on
 *     the line (T's from the transfer until another thread takes the line
 *     back, U's before) are disjoint, and true sharing when they overlap
 *     with a write.  A thread that writes, on the same object, bytes that
 *     another thread writes too (memcached's item refcount) moves the line
 *     with those writes whatever else it reads there: its transfers on that
 *     object count as true sharing, once, on those bytes;
 *   - false sharing inside one object is a pair of members, between
 *     objects (elements of a variable) it is `between`.
 *
 * The result is the profile's contention: section (docs/profiles.md).
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "rt_internal.h"

#define LINES_SHOWN 16		/* lines per record in the profile */
#define TOUCH_SHOWN 16		/* members (elements) per touch list */
#define FP_MAX 4		/* objects remembered per turn on a line */
#define PENDING_MAX 16		/* transfers waiting for a turn's end */
#define GAP_FACTOR 8		/* a run's samples are at most this many usual gaps apart */
#define GAP_MIN 50000		/* or this many nanoseconds of the thread's CPU time */
#define BURST 2000		/* samples closer than this (CPU ns) are one visit */
#define TRANSFER_NS 50		/* what moving a line between two cores takes, at least */

/* ------------------------------------------------------------------ */
/* Events: samples by line                                              */
/* ------------------------------------------------------------------ */

/**
 * struct ev - one sample's part on one line
 * @line: the line's address / line size
 * @t: when
 * @cpu: the thread's CPU time then

 * @base: the object
 * @member: program-wide member
 * @weight: accesses it stands for
 * @thread: position in the order of threads
 * @rw: 1 read, 2 write
 * @mask: its bytes of the line, a bit per 1/64 of it
 */
struct ev {
	uint64_t line, t, cpu;
	uintptr_t base;
	uint32_t member, weight, thread;
	uint8_t rw;
	uint64_t mask;
};

static int ev_cmp(const void *a, const void *b)
{
	const struct ev *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->thread < y->thread ? -1 : x->thread > y->thread;
}

/* Bits of a line's mask for bytes [@lo, @hi] of it. */
static uint64_t byte_bits(unsigned lo, unsigned hi)
{
	unsigned a = lo * 64 / clrt_line_size, b = hi * 64 / clrt_line_size;

	return (b == 63 ? ~0ull : (2ull << b) - 1) & ~((1ull << a) - 1);
}

/* ------------------------------------------------------------------ */
/* What is kept: per record                                             */
/* ------------------------------------------------------------------ */

/* A set of thread positions, as a growing bitmap. */
struct tset {
	uint8_t *bits;
	size_t nbytes;
};

static void tset_add(struct tset *s, uint32_t t)
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

static size_t tset_count(const struct tset *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nbytes; i++)
		n += (size_t)__builtin_popcount(s->bits[i]);
	return n;
}

/**
 * struct pairw - false sharing of two members of one object
 * @x: written, @y: accessed (program-wide members; for a variable,
 *	element indices)
 */
struct pairw {
	uint32_t x, y;
	double weight;
	uint64_t samples;
	struct tset threads;
};

/* struct sharedw - true sharing on a member (an element of a variable) */
struct sharedw {
	uint64_t what;
	double weight;
	uint64_t samples;
	struct tset writers, threads;
};

/* struct touchw - what one path did on one kind of line */
struct touchw {
	uint32_t path;			/* index into the names, by thread */
	double reads, writes;
	struct tset threads;
	uint64_t read[TOUCH_SHOWN], write[TOUCH_SHOWN];
	unsigned nread, nwrite;
};

/* struct linew - the lines of one offset from the objects' start */
struct linew {
	int64_t offset;
	uint64_t objects;		/* physical lines */
	double wfalse, wtrue;
	uint64_t samples;
	uint64_t first, last;
	struct touchw *touch;
	size_t ntouch;
};

/**
 * struct recw - what the replay found for one record
 * @seen: it was sampled
 * @instances: distinct objects
 * @align: least alignment of an object's address
 * @accesses: the samples' weights
 * @pairs, @shared, @lines: as the profile lists them
 * @b_*: between: lines that held two or more objects (elements); of
 *	them, @b_false_var and @b_lines_var in the storage of variable
 *	@b_var, whose elements these objects are
 */
struct recw {
	bool seen;
	uint64_t instances;
	uintptr_t align;
	double accesses, wfalse, wtrue;
	uint64_t samples;
	struct pairw *pairs;
	size_t npairs, pairs_cap;
	struct sharedw *shared;
	size_t nshared, shared_cap;
	struct linew *lines;
	size_t nlines, lines_cap;
	uint64_t b_lines, b_per_line, b_samples;
	double b_false, b_true;
	struct tset b_threads;
	uint64_t last_between_line;
	bool any_between_line;
	unsigned b_var;
	double b_false_var;
	uint64_t b_lines_var, last_var_line;
	bool any_var_line;
	const char **alloc;
	size_t nalloc;
};

/**
 * struct clrt_evidence - the run's evidence
 * @recs: by record id
 * @order, @nthreads, @names: the threads, as the caller gave them
 * @path_of: for each thread, the first thread of its path name: the
 *	path's index in @names
 * @members: for each record, its members, @nmembers[rid] of them
 * @cow: the members each thread writes that another thread writes too,
 *	on the same objects while both run: (member << 32 | thread) + 1, an
 *	open table of @cow_cap (co_writers_build()), @cow_n how many such
 *	writes the thread made
 * @vars: the sampled variables' storage, [2k, 2k + 1), @nvars of them
 * @var_rids: the record of each
 * @samples, @dropped: samples replayed, and let go
 */
struct clrt_evidence {
	struct recw *recs;
	struct rt_thread **order;
	size_t nthreads;
	char (*names)[64];
	uint32_t *path_of;
	unsigned **members;
	size_t *nmembers;
	uintptr_t *vars;
	unsigned *var_rids;
	size_t nvars;
	uint64_t *cow, *cow_n;
	size_t cow_cap;
	uint64_t samples, dropped;
};

static void *grow(void *v, size_t *cap, size_t n, size_t size)
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

static struct pairw *pair_get(struct recw *r, uint32_t x, uint32_t y)
{
	struct pairw *v;

	for (size_t i = 0; i < r->npairs; i++)
		if (r->pairs[i].x == x && r->pairs[i].y == y)
			return &r->pairs[i];
	v = grow(r->pairs, &r->pairs_cap, r->npairs, sizeof(*v));
	if (!v)
		return NULL;
	r->pairs = v;
	v[r->npairs] = (struct pairw){ .x = x, .y = y };
	return &v[r->npairs++];
}

static struct sharedw *shared_get(struct recw *r, uint64_t what)
{
	struct sharedw *v;

	for (size_t i = 0; i < r->nshared; i++)
		if (r->shared[i].what == what)
			return &r->shared[i];
	v = grow(r->shared, &r->shared_cap, r->nshared, sizeof(*v));
	if (!v)
		return NULL;
	r->shared = v;
	v[r->nshared] = (struct sharedw){ .what = what };
	return &v[r->nshared++];
}

static struct linew *line_get(struct recw *r, int64_t offset)
{
	struct linew *v;

	for (size_t i = 0; i < r->nlines; i++)
		if (r->lines[i].offset == offset)
			return &r->lines[i];
	v = grow(r->lines, &r->lines_cap, r->nlines, sizeof(*v));
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
static uint64_t member_bits(uint64_t line, uintptr_t base, unsigned m)
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
static uint64_t element_of(const struct rt_rec *r, uint64_t line, uintptr_t base, unsigned bit)
{
	uint64_t byte = line * clrt_line_size + (uint64_t)bit * clrt_line_size / 64;

	return byte < base || !r->size ? UINT64_MAX : (byte - base) / r->size;
}

/* ------------------------------------------------------------------ */
/* The replay of one line                                               */
/* ------------------------------------------------------------------ */

/* The objects on a line, for who writes what of each (co_writer()). */
#define OBJS_MAX 64

/* What a thread touched on the line in its turn: per object. */
struct fp {
	uintptr_t base;
	uint32_t rid;
	uint64_t r, w;
	uint64_t last;
};

struct turn {
	struct fp fp[FP_MAX];
	unsigned nfp;
};

/* A transfer to a thread, judged when its turn on the line ends. */
struct pending {
	uint32_t from;		/* the other thread's slot */
	double weight;
	struct fp other;	/* what it did last, to the object it touched last */
	uintptr_t base;		/* the object this thread's access was to */
	uint32_t rid;
	uint64_t t;
};

/**
 * struct slot - one thread on the line being replayed
 * @thread: its position in the order
 * @holds: it has a copy of the line
 * @turn: what it touched since it last got the line
 * @pending: the transfers that gave it the line in this turn
 * @times: its samples' times on the line, sorted, @ntimes of them
 * @cpus: its CPU time at each of them

 * @gap: the longest gap inside one of its runs on the line, in CPU time
 * @last: the time of its last access replayed so far
 */
struct slot {
	uint32_t thread;
	bool holds;
	uint64_t last;
	struct turn turn;
	struct pending pending[PENDING_MAX];
	unsigned npending;
	uint64_t *times, *cpus;
	size_t ntimes;
	uint64_t gap;
};

/**
 * struct replay - one line's replay
 * @ev: its events, in time order, @n of them
 * @slots: its threads, @nslots of them
 * @dirty: the slot holding the line modified, or -1
 * @ctx: the evidence it adds to
 * @line: the line
 * @objs: the objects on it, @nobjs of them (at most OBJS_MAX)
 * @ltrue: true-sharing weight on the line, by record (@ltrue_rid), for
 *	between's true weight once the line is known to be shared
 * @nltrue: entries in @ltrue
 * @dry: the first replay, which only weighs what it sees (@observed)
 * @scale: what each transfer seen stands for in the second (potential())
 */
struct replay {
	const struct ev *ev;
	size_t n;
	struct slot *slots;
	size_t nslots;
	int dirty;
	struct clrt_evidence *ctx;
	uint64_t line;
	uintptr_t objs[OBJS_MAX];
	size_t nobjs;
	double ltrue[OBJS_MAX];
	unsigned ltrue_rid[OBJS_MAX];
	size_t nltrue;
	bool dry;
	double observed, scale;
};

/*
 * The members (a struct) or elements (a variable) of record @rid under
 * @mask of the line, of the object at @base: up to @max into @out, their
 * number returned.
 */
static size_t parts_of(const struct replay *rp, unsigned rid, uintptr_t base, uint64_t mask,
		       uint64_t *out, size_t max)
{
	const struct rt_rec *r = &clrt_recs[rid];
	const unsigned *mv = rp->ctx->members[rid];
	size_t n = 0;

	if (r->variable) {
		uint64_t last = UINT64_MAX;

		for (unsigned b = 0; b < 64 && n < max; b++) {
			uint64_t e;

			if (!(mask >> b & 1))
				continue;
			e = element_of(r, rp->line, base, b);
			if (e != last && e != UINT64_MAX)
				out[n++] = last = e;
		}
		return n;
	}
	for (size_t i = 0; i < rp->ctx->nmembers[rid] && n < max; i++)
		if (member_bits(rp->line, base, mv[i]) & mask)
			out[n++] = mv[i];
	return n;
}

static int slot_of(const struct replay *rp, uint32_t thread)
{
	for (size_t i = 0; i < rp->nslots; i++)
		if (rp->slots[i].thread == thread)
			return (int)i;
	return -1;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * A thread's longest gap within a run: eight times its median gap on the
 * line, in its own CPU time (a thread descheduled on a busy machine is
 * still in its run), and at least GAP_MIN.  Under three visits there is
 * no run, only points.
 */
static uint64_t run_gap(const uint64_t *cpus, size_t n)
{
	uint64_t *gaps, g;
	size_t k = 0;

	if (n < 3)
		return 0;
	gaps = malloc((n - 1) * sizeof(*gaps));
	if (!gaps)
		return 0;
	/*
	 * The gaps between visits: the samples of one segment (a run of
	 * accesses the plugin samples together, stats.curr_items += 1;
	 * stats.curr_bytes += n) are one visit, not gaps of zero.
	 */
	for (size_t i = 1; i < n; i++)
		if (cpus[i] > cpus[i - 1] + BURST)
			gaps[k++] = cpus[i] - cpus[i - 1];
	if (k < 2) {
		/* visits closer than BURST all along: one dense run */
		free(gaps);
		return GAP_MIN;
	}
	qsort(gaps, k, sizeof(*gaps), u64_cmp);
	g = gaps[(k - 1) / 2];
	free(gaps);
	/*
	 * Descheduled mid-run, a thread's CPU clock still moves some tens of
	 * microseconds between two samples (the switch, cold caches): a run
	 * is not broken by less than GAP_MIN.
	 */
	return g * GAP_FACTOR > GAP_MIN ? g * GAP_FACTOR : GAP_MIN;
}

/* Whether slot @s was in a run of its own accesses of the line at time @t. */
static bool in_run(const struct slot *s, uint64_t t)
{
	size_t lo = 0, hi = s->ntimes;

	if (!s->gap)
		return false;
	/* the first time >= t */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->times[mid] < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < s->ntimes && s->times[lo] == t)
		return lo > 0 && lo + 1 < s->ntimes && s->cpus[lo + 1] - s->cpus[lo - 1] <= s->gap;
	return lo > 0 && lo < s->ntimes && s->cpus[lo] - s->cpus[lo - 1] <= s->gap;
}

static const struct rt_thread *thread_at(const struct replay *rp, uint32_t pos)
{
	return rp->ctx->order[pos];
}

/* Whether @u's access at @tu and @t's at @tt happened while both used the line. */
static bool at_once(const struct replay *rp, const struct slot *u, uint64_t tu,
		    const struct slot *t, uint64_t tt)
{
	const struct rt_thread *U = thread_at(rp, u->thread), *T = thread_at(rp, t->thread);
	if (tu < T->created || (U->exited && tt > U->exited))
		return false;
	return in_run(u, tt) || in_run(t, tu);
}

static void turn_add(struct turn *tn, const struct ev *e, unsigned rid)
{
	for (unsigned i = 0; i < tn->nfp; i++) {
		if (tn->fp[i].base == e->base && tn->fp[i].rid == rid) {
			tn->fp[i].last = e->t;
			if (e->rw & 1)
				tn->fp[i].r |= e->mask;
			if (e->rw & 2)
				tn->fp[i].w |= e->mask;
			return;
		}
	}
	if (tn->nfp == FP_MAX)
		return;
	tn->fp[tn->nfp++] = (struct fp){ e->base, rid, e->rw & 1 ? e->mask : 0,
					 e->rw & 2 ? e->mask : 0, e->t };
}

static int obj_of(const struct replay *rp, uintptr_t base)
{
	for (size_t i = 0; i < rp->nobjs; i++)
		if (rp->objs[i] == base)
			return (int)i;
	return -1;
}

/* Whether two spans of time [@a, @b] and [@c, @d] (0 for @d: no end) meet. */
static bool meet(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	return a <= (d ? d : UINT64_MAX) && c <= b;
}

/* How often thread @t wrote member @m on objects another thread writes it of too; 0: never. */
static uint64_t cow_writes(const struct clrt_evidence *ctx, unsigned m, uint32_t t)
{
	uint64_t key = ((uint64_t)m << 32 | t) + 1;

	if (!ctx->cow_cap)
		return 0;
	for (size_t h = (key * 0x9e3779b97f4a7c15ull >> 20) & (ctx->cow_cap - 1); ctx->cow[h];
	     h = (h + 1) & (ctx->cow_cap - 1))
		if (ctx->cow[h] == key)
			return ctx->cow_n[h];
	return 0;
}

/*
 * Whether thread @t writes, of the members of @a's object on the line,
 * one that another thread writes too on the same objects while both run
 * (co_writers_build()): then its turns there move the line with those
 * writes whatever it reads beside them.  @mask: those members' bytes.
 */
static bool co_writer(const struct replay *rp, uint32_t t, const struct fp *a, uint64_t *mask)
{
	const unsigned *mv = rp->ctx->members[a->rid];
	uint64_t most = 0, most_bits = 0;

	*mask = 0;
	if (clrt_recs[a->rid].variable)
		return false;
	for (size_t i = 0; i < rp->ctx->nmembers[a->rid]; i++) {
		uint64_t bits = member_bits(rp->line, a->base, mv[i]);
		uint64_t n = bits ? cow_writes(rp->ctx, mv[i], t) : 0;

		if (!n)
			continue;
		*mask |= bits;
		if (n > most) {
			most = n;
			most_bits = bits;
		}
	}
	/*
	 * The weight goes to what this turn wrote of them, or else to the
	 * one this thread writes most (refcount on every get, not
	 * slabs_clsid once per life of a chunk).
	 */
	if (*mask & a->w)
		*mask &= a->w;
	else
		*mask = most_bits;
	return *mask != 0;
}

static void threads_of_both(struct tset *s, uint32_t a, uint32_t b)
{
	tset_add(s, a);
	tset_add(s, b);
}

/* True sharing of weight @w on the parts of @rid's object under @mask. */
static void add_true(struct replay *rp, unsigned rid, uintptr_t base, uint64_t mask, double w,
		     uint32_t t, uint32_t u, bool t_wrote, bool u_wrote)
{
	struct recw *r = &rp->ctx->recs[rid];
	uint64_t parts[64];
	size_t n = parts_of(rp, rid, base, mask, parts, 64);

	for (size_t i = 0; i < n; i++) {
		struct sharedw *sh = shared_get(r, parts[i]);

		if (!sh)
			continue;
		sh->weight += w / (double)n;
		sh->samples++;
		/*
		 * Writers are those of transfers between two writes: a chunk
		 * written in one life by one thread and in the next by
		 * another, read in between, has one writer at a time.
		 */
		if (t_wrote && u_wrote) {
			tset_add(&sh->writers, t);
			tset_add(&sh->writers, u);
		}
		threads_of_both(&sh->threads, t, u);
	}
}

/* Add @w to the pair (@x written, @y accessed) of @r. */
static void pair_add(struct recw *r, uint64_t x, uint64_t y, double w, uint32_t ta, uint32_t tb)
{
	struct pairw *p = pair_get(r, (uint32_t)x, (uint32_t)y);

	if (!p)
		return;
	p->weight += w;
	p->samples++;
	threads_of_both(&p->threads, ta, tb);
}

/*
 * False sharing inside one object: each member one turn wrote against each
 * other member the other turn touched, the weight split between them.
 */
static void add_pairs(struct replay *rp, const struct fp *a, const struct fp *b, double w,
		      uint32_t ta, uint32_t tb)
{
	struct recw *r = &rp->ctx->recs[a->rid];
	uint64_t aw[32], bx[32], bw[32], ax[32];
	size_t naw, nbx, nbw, nax, k = 0;

	if (clrt_recs[a->rid].variable)
		return;
	naw = parts_of(rp, a->rid, a->base, a->w, aw, 32);
	nbx = parts_of(rp, a->rid, a->base, b->r | b->w, bx, 32);
	nbw = parts_of(rp, a->rid, a->base, b->w, bw, 32);
	nax = parts_of(rp, a->rid, a->base, a->r | a->w, ax, 32);
	for (size_t i = 0; i < naw; i++)
		for (size_t j = 0; j < nbx; j++)
			k += aw[i] != bx[j];
	for (size_t i = 0; i < nbw; i++)
		for (size_t j = 0; j < nax; j++)
			k += bw[i] != ax[j];
	for (size_t i = 0; i < naw; i++)
		for (size_t j = 0; j < nbx; j++)
			if (aw[i] != bx[j])
				pair_add(r, aw[i], bx[j], w / (double)k, ta, tb);
	for (size_t i = 0; i < nbw; i++)
		for (size_t j = 0; j < nax; j++)
			if (bw[i] != ax[j])
				pair_add(r, bw[i], ax[j], w / (double)k, ta, tb);
}

/*
 * @b in @a's terms when they are one object seen twice: a struct object
 * that is an element of an instrumented variable (readers[i], sampled as
 * struct rslot through a pointer and as the variable by the scan of the
 * array).  The bytes are the line's either way; only the record and the
 * base change.  @b itself when they are not.
 */
static struct fp alias(const struct replay *rp, const struct fp *a, const struct fp *b)
{
	const struct rt_rec *ra = &clrt_recs[a->rid], *rb = &clrt_recs[b->rid];
	struct fp out = *b;
	const struct fp *s, *v;
	uint64_t lo, e;

	if (a->rid == b->rid || ra->variable == rb->variable)
		return out;
	s = ra->variable ? b : a;
	v = ra->variable ? a : b;
	if (clrt_recs[v->rid].size != clrt_recs[s->rid].size || !clrt_recs[s->rid].size ||
	    s->base < v->base)
		return out;
	/* the element of the variable the struct object is, and the variable's bytes in it */
	e = (s->base - v->base) / clrt_recs[v->rid].size;
	if (s->base != v->base + e * clrt_recs[v->rid].size)
		return out;
	lo = (v->r | v->w) ? (uint64_t)__builtin_ctzll(v->r | v->w) : 0;
	if (element_of(&clrt_recs[v->rid], rp->line, v->base, (unsigned)lo) != e)
		return out;
	out.rid = a->rid;
	out.base = a->base;
	return out;
}

/* The objects (elements) of two turns' bytes differ: the line is shared between objects. */
static bool apart(const struct replay *rp, const struct fp *a, const struct fp *b)
{
	const struct rt_rec *r = &clrt_recs[a->rid];
	uint64_t ea[64], eb[64];
	size_t na, nb;

	if (a->base != b->base || a->rid != b->rid)
		return true;
	if (!r->variable)
		return false;
	na = parts_of(rp, a->rid, a->base, a->r | a->w, ea, 64);
	nb = parts_of(rp, b->rid, b->base, b->r | b->w, eb, 64);
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			if (ea[i] == eb[j])
				return false;
	return true;
}

/*
 * The instrumented variable whose elements are objects of @rid's size and
 * whose storage the line lies in, or UINT32_MAX: objects of a struct that
 * are elements of a variable are reported once, as the variable's
 * elements, where the variable's own evidence says so (objects_once()).
 */
static unsigned in_variable(const struct replay *rp, unsigned rid)
{
	uintptr_t at = (uintptr_t)(rp->line * clrt_line_size);

	for (size_t i = 0; i < rp->ctx->nvars; i++)
		if (at + clrt_line_size > rp->ctx->vars[2 * i] && at < rp->ctx->vars[2 * i + 1] &&
		    clrt_recs[rp->ctx->var_rids[i]].size == clrt_recs[rid].size)
			return rp->ctx->var_rids[i];
	return UINT32_MAX;
}

static void add_between(struct replay *rp, unsigned rid, double w, bool false_sharing,
			uint32_t t, uint32_t u)
{
	struct recw *r = &rp->ctx->recs[rid];
	unsigned var = clrt_recs[rid].variable ? UINT32_MAX : in_variable(rp, rid);

	if (var != UINT32_MAX) {
		r->b_var = var;
		r->b_false_var += false_sharing ? w : 0;
		if (!r->any_var_line || r->last_var_line != rp->line) {
			r->any_var_line = true;
			r->last_var_line = rp->line;
			r->b_lines_var++;
		}
	}

	if (false_sharing)
		r->b_false += w;
	else
		r->b_true += w;
	r->b_samples++;
	threads_of_both(&r->b_threads, t, u);
	if (!r->any_between_line || r->last_between_line != rp->line) {
		r->any_between_line = true;
		r->last_between_line = rp->line;
		r->b_lines++;
	}
}

/* The line's kind for its object: weights by offset. */
static void add_line(struct replay *rp, const struct fp *f, double wf, double wt, uint64_t t)
{
	struct recw *r = &rp->ctx->recs[f->rid];
	size_t k;

	for (k = 0; wt && k < rp->nltrue && rp->ltrue_rid[k] != f->rid; k++)
		;
	if (wt && k == rp->nltrue && k < OBJS_MAX)
		rp->ltrue_rid[rp->nltrue++] = f->rid;
	if (wt && k < rp->nltrue)
		rp->ltrue[k] += wt;
	struct linew *l = line_get(r, (int64_t)(rp->line * clrt_line_size) - (int64_t)f->base);

	if (!l)
		return;
	l->wfalse += wf;
	l->wtrue += wt;
	l->samples++;
	if (t < l->first)
		l->first = t;
	if (t > l->last)
		l->last = t;
}

/*
 * Judge a transfer to thread slot @s, its turn now over: false when its
 * bytes and the other turn's are disjoint, true where they overlap with a
 * write, or where @s writes shared bytes of that object (co_writer()).
 */
static void judge(struct replay *rp, struct slot *s, const struct pending *p)
{
	const struct slot *o = &rp->slots[p->from];
	struct fp other;
	const struct fp *b = &other, *a = NULL;
	uint32_t t = s->thread, u = o->thread;
	struct recw *r;
	uint64_t same, shared;
	double w = p->weight;

	/* this thread's turn on the object it took the line for */
	for (unsigned i = 0; i < s->turn.nfp && !a; i++)
		if (s->turn.fp[i].base == p->base && s->turn.fp[i].rid == p->rid)
			a = &s->turn.fp[i];
	if (!a)
		return;
	if (rp->dry) {
		rp->observed += w;
		return;
	}
	w *= rp->scale;
	other = alias(rp, a, &p->other);
	r = &rp->ctx->recs[a->rid];
	r->samples++;
	same = a->base == b->base && a->rid == b->rid ?
	       (a->w & (b->r | b->w)) | ((a->r | a->w) & b->w) : 0;
	if (same && !apart(rp, a, b)) {
		r->wtrue += w;
		add_true(rp, a->rid, a->base, same, w, t, u, (a->w & same) != 0, (b->w & same) != 0);
		add_line(rp, a, 0, w, p->t);
		return;
	}
	if (co_writer(rp, t, a, &shared)) {
		r->wtrue += w;
		/* the bytes another thread writes too: this one is a writer of them */
		add_true(rp, a->rid, a->base, shared, w, t, t, true, true);
		add_line(rp, a, 0, w, p->t);
		return;
	}
	r->wfalse += w;
	add_line(rp, a, w, 0, p->t);
	if (apart(rp, a, b))
		add_between(rp, a->rid, w, true, t, u);
	else
		add_pairs(rp, a, b, w, t, u);
}

/* Slot @s's turn on the line ends: its transfers are judged, its bytes forgotten. */
static void turn_end(struct replay *rp, struct slot *s)
{
	for (unsigned i = 0; i < s->npending; i++)
		judge(rp, s, &s->pending[i]);
	s->npending = 0;
	s->turn.nfp = 0;
}

/*
 * The line goes to slot @to, for its access @e, from slot @from: judged
 * when @to's turn ends, against what @from did last.
 */
static void transfer(struct replay *rp, struct slot *to, int from, double w, const struct ev *e)
{
	struct slot *o = &rp->slots[from];
	const struct fp *last = NULL;

	for (unsigned i = 0; i < o->turn.nfp; i++)
		if (!last || o->turn.fp[i].last > last->last)
			last = &o->turn.fp[i];
	if (last && to->npending < PENDING_MAX)
		to->pending[to->npending++] = (struct pending){ (uint32_t)from, w, *last, e->base,
								clrt_members[e->member].rid, e->t };
	turn_end(rp, o);
}

static void replay_event(struct replay *rp, const struct ev *e)
{
	int si = slot_of(rp, e->thread);
	struct slot *s = &rp->slots[si];

	if (e->rw & 2) {
		/* a write: every other copy is invalidated */
		size_t victims = 0;

		for (size_t i = 0; i < rp->nslots; i++)
			if ((int)i != si && rp->slots[i].holds)
				victims++;
		for (size_t i = 0; i < rp->nslots; i++) {
			struct slot *o = &rp->slots[i];

			if ((int)i == si || !o->holds)
				continue;
			if (at_once(rp, o, o->last, s, e->t))
				transfer(rp, s, (int)i, (double)e->weight / (double)victims, e);
			else
				turn_end(rp, o);
			o->holds = false;
		}
		rp->dirty = si;
	} else if (rp->dirty >= 0 && rp->dirty != si) {
		/* a read of a line another thread holds modified */
		struct slot *o = &rp->slots[rp->dirty];

		if (at_once(rp, o, o->last, s, e->t))
			transfer(rp, s, rp->dirty, e->weight, e);
		else
			turn_end(rp, o);
		rp->dirty = -1;
	}
	s->holds = true;
	s->last = e->t;
	turn_add(&s->turn, e, clrt_members[e->member].rid);
}

/* What a line's events say of who touched it, for the lines of its objects. */
static void touches(struct replay *rp)
{
	uintptr_t counted[OBJS_MAX];
	unsigned counted_rid[OBJS_MAX];
	size_t ncounted = 0;

	for (size_t i = 0; i < rp->n; i++) {
		const struct ev *e = &rp->ev[i];
		unsigned rid = clrt_members[e->member].rid;
		struct recw *r = &rp->ctx->recs[rid];
		struct linew *l = line_get(r, (int64_t)(rp->line * clrt_line_size) - (int64_t)e->base);
		struct touchw *tw = NULL;
		uint32_t path = e->thread;
		uint64_t parts[TOUCH_SHOWN];
		size_t np;

		r->accesses += e->weight;
		if (!l)
			continue;
		{
			size_t k;

			for (k = 0; k < ncounted && !(counted[k] == e->base && counted_rid[k] == rid);
			     k++)
				;
			if (k == ncounted && k < OBJS_MAX) {
				counted[ncounted] = e->base;
				counted_rid[ncounted++] = rid;
				l->objects++;
			}
		}
		path = rp->ctx->path_of[e->thread];
		for (size_t k = 0; k < l->ntouch; k++)
			if (l->touch[k].path == path)
				tw = &l->touch[k];
		if (!tw) {
			struct touchw *v = realloc(l->touch, (l->ntouch + 1) * sizeof(*v));

			if (!v)
				continue;
			l->touch = v;
			tw = &v[l->ntouch++];
			memset(tw, 0, sizeof(*tw));
			tw->path = path;
		}
		tset_add(&tw->threads, e->thread);
		if (e->rw & 1)
			tw->reads += e->weight;
		if (e->rw & 2)
			tw->writes += e->weight;
		np = parts_of(rp, rid, e->base, e->mask, parts, TOUCH_SHOWN);
		for (size_t k = 0; k < np; k++) {
			uint64_t *list = e->rw & 2 ? tw->write : tw->read;
			unsigned *nl = e->rw & 2 ? &tw->nwrite : &tw->nread;
			unsigned j;

			for (j = 0; j < *nl && list[j] != parts[k]; j++)
				;
			if (j == *nl && *nl < TOUCH_SHOWN)
				list[(*nl)++] = parts[k];
		}
	}
}

/* Distinct objects (elements) on the line, for between's per-line. */
static void objects_per_line(struct replay *rp)
{
	unsigned rid = UINT32_MAX;
	uint64_t seen[64], parts[64];
	size_t n = 0;

	for (size_t i = 0; i < rp->n; i++) {
		const struct ev *e = &rp->ev[i];
		unsigned r = clrt_members[e->member].rid;
		size_t np, k;

		if (!rp->ctx->recs[r].any_between_line || rp->ctx->recs[r].last_between_line != rp->line)
			continue;
		if (rid == UINT32_MAX)
			rid = r;
		if (r != rid)
			continue;
		if (clrt_recs[r].variable) {
			np = parts_of(rp, r, e->base, e->mask, parts, 64);
		} else {
			parts[0] = e->base;
			np = 1;
		}
		for (size_t q = 0; q < np; q++) {
			for (k = 0; k < n && seen[k] != parts[q]; k++)
				;
			if (k == n && n < 64)
				seen[n++] = parts[q];
		}
	}
	if (rid != UINT32_MAX && n > rp->ctx->recs[rid].b_per_line)
		rp->ctx->recs[rid].b_per_line = n;
}

/*
 * What the line would cost if the threads that used it at once ran on
 * CPUs of their own: each thread's accesses made while another was in a
 * run of its accesses of the line, each moving the line at most once and
 * only after a write of another thread made then (min(accesses of T,
 * writes of the others while T was in its run), summed over the threads:
 * n threads on one line cost what their accesses can, not n squared).
 * On a busy machine two such threads take turns on one CPU and move the
 * line only when they switch; the replay then sees few transfers, which
 * this scales to what the same program does where it has the CPUs: the
 * findings do not come and go with the machine's load.  At most one
 * transfer per TRANSFER_NS of the time the line was in use.
 */
static double potential(const struct replay *rp)
{
	size_t ns = rp->nslots;
	double *x = calloc(ns + 1, sizeof(*x)), *w = calloc(ns + 1, sizeof(*w));
	double total = 0, span;

	if (!x || !w) {
		free(x);
		free(w);
		return 0;
	}
	/*
	 * x[t]: t's accesses while another thread was in its run;
	 * w[t]: the writes of the others while t was in its run.
	 */
	for (size_t i = 0; i < rp->n; i++) {
		const struct ev *e = &rp->ev[i];
		size_t t = (size_t)slot_of(rp, e->thread);
		bool other = false;

		for (size_t u = 0; u < ns; u++) {
			const struct rt_thread *U = thread_at(rp, rp->slots[u].thread);

			if (u == t || e->t < U->created || (U->exited && e->t > U->exited) ||
			    !in_run(&rp->slots[u], e->t))
				continue;
			other = true;
			if (e->rw & 2)
				w[u] += e->weight;
		}
		if (other)
			x[t] += e->weight;
	}
	for (size_t t = 0; t < ns; t++)
		total += w[t] < x[t] ? w[t] : x[t];
	free(x);
	free(w);
	/* and no faster than a line can move between two cores */
	span = rp->n ? (double)(rp->ev[rp->n - 1].t - rp->ev[0].t) / TRANSFER_NS : 0;
	return total < span ? total : span;
}

/* Back to the line's start for the second replay. */
static void replay_reset(struct replay *rp)
{
	for (size_t s = 0; s < rp->nslots; s++) {
		rp->slots[s].holds = false;
		rp->slots[s].last = 0;
		rp->slots[s].turn.nfp = 0;
		rp->slots[s].npending = 0;
	}
	rp->dirty = -1;
}

static void replay_line(struct clrt_evidence *ctx, const struct ev *ev, size_t n)
{
	struct replay rp = { .ev = ev, .n = n, .dirty = -1, .ctx = ctx, .line = ev[0].line };
	struct slot *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return;
	rp.slots = slots;
	for (size_t i = 0; i < n; i++) {
		int s = slot_of(&rp, ev[i].thread);

		if (s < 0) {
			s = (int)rp.nslots++;
			slots[s].thread = ev[i].thread;
			slots[s].times = malloc(n * sizeof(uint64_t));
			slots[s].cpus = malloc(n * sizeof(uint64_t));
		}
		if (slots[s].times && slots[s].cpus) {
			slots[s].times[slots[s].ntimes] = ev[i].t;
			slots[s].cpus[slots[s].ntimes++] = ev[i].cpu;
		}
	}
	for (size_t s = 0; s < rp.nslots; s++)
		slots[s].gap = run_gap(slots[s].cpus, slots[s].ntimes);
	for (size_t i = 0; i < n; i++)
		if (obj_of(&rp, ev[i].base) < 0 && rp.nobjs < OBJS_MAX)
			rp.objs[rp.nobjs++] = ev[i].base;
	if (rp.nslots > 1) {
		/* once to see which transfers there are, once to weigh them */
		rp.dry = true;
		for (size_t i = 0; i < n; i++)
			replay_event(&rp, &ev[i]);
		for (size_t s = 0; s < rp.nslots; s++)
			turn_end(&rp, &slots[s]);
		rp.dry = false;
		if (rp.observed > 0) {
			rp.scale = potential(&rp) / rp.observed;
			replay_reset(&rp);
			for (size_t i = 0; i < n; i++)
				replay_event(&rp, &ev[i]);
		}
	}
	for (size_t s = 0; s < rp.nslots; s++) {
		turn_end(&rp, &slots[s]);
		free(slots[s].times);
		free(slots[s].cpus);
	}
	touches(&rp);
	objects_per_line(&rp);
	/* a shared line's true sharing is shown beside its false sharing */
	for (size_t k = 0; k < rp.nltrue; k++) {
		struct recw *r = &ctx->recs[rp.ltrue_rid[k]];

		if (r->any_between_line && r->last_between_line == rp.line)
			r->b_true += rp.ltrue[k];
	}
	free(slots);
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
					    (uint8_t)(s->rw & 2 ? 2 : 1), byte_bits(lo, hi) };
		/* a read-modify-write is a read, then a write */
		if ((s->rw & 3) == 3 && *n < *cap) {
			(*v)[*n] = (*v)[*n - 1];
			(*v)[*n - 1].rw = 1;
			(*v)[*n].t++;
			(*n)++;
		}
	}
	return true;
}

static bool expand_log(const struct rt_log *l, const uint32_t *pos_of, size_t npos,
		       struct ev **v, size_t *n, size_t *cap, uint64_t *samples)
{
	size_t count = __atomic_load_n(&l->n, __ATOMIC_ACQUIRE);

	if (__atomic_load_n(&l->busy, __ATOMIC_ACQUIRE) || !l->v)
		return true;
	for (size_t i = 0; i < count; i++) {
		const struct rt_sample *s = &l->v[i];

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

/* A write of the run: which member of which object, by whom, when. */
struct wr {
	uint32_t member, thread;
	uintptr_t base;
	uint64_t line, t, mask;
};

static int wr_cmp(const void *a, const void *b)
{
	const struct wr *x = a, *y = b;

	if (x->member != y->member)
		return x->member < y->member ? -1 : 1;
	if (x->base != y->base)
		return x->base < y->base ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	return x->t < y->t ? -1 : x->t > y->t;
}

/* Thread @t wrote member @m @n times on an object another thread writes it of too. */
static void cow_add(struct clrt_evidence *ctx, unsigned m, uint32_t t, uint64_t n)
{
	uint64_t key = ((uint64_t)m << 32 | t) + 1;
	size_t h;

	for (h = (key * 0x9e3779b97f4a7c15ull >> 20) & (ctx->cow_cap - 1); ctx->cow[h];
	     h = (h + 1) & (ctx->cow_cap - 1))
		if (ctx->cow[h] == key) {
			ctx->cow_n[h] += n;
			return;
		}
	ctx->cow[h] = key;
	ctx->cow_n[h] = n;
}

/*
 * The members each thread writes on objects that another thread writes
 * the same member of while both run, over the whole run: under sampling a
 * thread's writes of refcount on one item may not be in its samples of
 * that item's line, but they are in those of the items.  Writes by main
 * before a thread existed, or after it exited, do not count.
 */
static bool co_writers_build(struct clrt_evidence *ctx, const struct ev *ev, size_t n)
{
	size_t nw = 0;
	struct wr *w = malloc((n + 1) * sizeof(*w));

	if (!w)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((ev[i].rw & 2) && !clrt_recs[clrt_members[ev[i].member].rid].variable)
			w[nw++] = (struct wr){ ev[i].member, ev[i].thread, ev[i].base, ev[i].line,
					       ev[i].t, ev[i].mask };
	qsort(w, nw, sizeof(*w), wr_cmp);
	ctx->cow_cap = 64;
	while (ctx->cow_cap < 4 * (nw + 1) && ctx->cow_cap < (1u << 24))
		ctx->cow_cap *= 2;
	ctx->cow = calloc(ctx->cow_cap, sizeof(*ctx->cow));
	ctx->cow_n = calloc(ctx->cow_cap, sizeof(*ctx->cow_n));
	if (!ctx->cow || !ctx->cow_n) {
		free(w);
		ctx->cow_cap = 0;
		return false;
	}
	for (size_t i = 0; i < nw;) {
		size_t j = i, k;

		while (j < nw && w[j].member == w[i].member && w[j].base == w[i].base &&
		       w[j].line == w[i].line)
			j++;
		/* each thread's first and last write of this member of this object */
		for (size_t a = i; a < j; a = k) {
			const struct rt_thread *A = ctx->order[w[a].thread];
			uint64_t fa = w[a].t, la, ma = 0;

			for (k = a; k < j && w[k].thread == w[a].thread; k++)
				ma |= w[k].mask;
			la = w[k - 1].t;
			for (size_t b = i, l; b < j; b = l) {
				const struct rt_thread *B = ctx->order[w[b].thread];
				uint64_t fb = w[b].t, lb, mb = 0;

				for (l = b; l < j && w[l].thread == w[b].thread; l++)
					mb |= w[l].mask;
				lb = w[l - 1].t;
				/* the same bytes: data[0] and data[1] are one member, not one field */
				if (b == a || !(ma & mb) || !meet(fb, lb, A->created, A->exited) ||
				    !meet(fa, la, B->created, B->exited))
					continue;
				cow_add(ctx, w[a].member, w[a].thread, k - a);
				break;
			}
		}
		i = j;
	}
	free(w);
	return true;
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
	if (!ctx->members || !ctx->nmembers || !ctx->path_of)
		return false;
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
	ok = expand_log(&clrt_finished, pos_of, npos, &ev, &n, &cap, &ctx->samples);
	ctx->dropped = clrt_finished.dropped;
	for (size_t i = 0; ok && i < nthreads; i++) {
		ok = expand_log(&order[i]->log, pos_of, npos, &ev, &n, &cap, &ctx->samples);
		ctx->dropped += order[i]->log.dropped;
	}
	free(pos_of);
	if (!ok) {
		free(ev);
		clrt_evidence_free(ctx);
		return NULL;
	}
	objects_seen(ctx, ev, n);
	co_writers_build(ctx, ev, n);
	qsort(ev, n, sizeof(*ev), ev_cmp);
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && ev[j].line == ev[i].line)
			j++;
		replay_line(ctx, &ev[i], j - i);
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
		for (size_t i = 0; i < r->nshared; i++) {
			free(r->shared[i].writers.bits);
			free(r->shared[i].threads.bits);
		}
		for (size_t i = 0; i < r->nlines; i++) {
			for (size_t k = 0; k < r->lines[i].ntouch; k++)
				free(r->lines[i].touch[k].threads.bits);
			free(r->lines[i].touch);
		}
		free(r->pairs);
		free(r->shared);
		free(r->lines);
		free(r->b_threads.bits);
		free(r->alloc);
	}
	for (unsigned rid = 0; ev->members && rid < clrt_nrecs; rid++)
		free(ev->members[rid]);
	free(ev->members);
	free(ev->nmembers);
	free(ev->vars);
	free(ev->var_rids);
	free(ev->cow);
	free(ev->cow_n);
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

/* "threads: 4, paths: [worker_libevent]": the path names of @s, at most RT_PATHS_SHOWN. */
static void put_who(FILE *f, const struct clrt_evidence *ev, const struct tset *s)
{
	uint32_t shown[RT_PATHS_SHOWN];
	size_t nshown = 0;

	fprintf(f, "threads: %zu, paths: [", tset_count(s));
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

static void put_pairs(FILE *f, const struct clrt_evidence *ev, unsigned rid, struct recw *r)
{
	size_t shown = 0;

	qsort(r->pairs, r->npairs, sizeof(*r->pairs), pair_cmp);
	for (size_t i = 0; i < r->npairs && shown < PAIRS_SHOWN; i++) {
		const struct pairw *p = &r->pairs[i];

		if (!rounded(p->weight))
			continue;
		fputs(shown++ ? "" : "      pairs:\n", f);
		fputs("        - {write: ", f);
		put_part(f, rid, p->x);
		fputs(", access: ", f);
		put_part(f, rid, p->y);
		fprintf(f, ", false-sharing: %" PRIu64 ", samples: %" PRIu64 ", ", rounded(p->weight),
			p->samples);
		put_who(f, ev, &p->threads);
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
		fputs(shown++ ? "" : "      shared:\n", f);
		fprintf(f, "        - {%s: ", clrt_recs[rid].variable ? "element" : "member");
		put_part(f, rid, sh->what);
		fprintf(f, ", true-sharing: %" PRIu64 ", samples: %" PRIu64 ", writers: %zu, ",
			rounded(sh->weight), sh->samples, tset_count(&sh->writers));
		put_who(f, ev, &sh->threads);
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
		fputs(shown++ ? "" : "      lines:\n", f);
		fprintf(f, "        - offset: %" PRId64 "\n          objects: %" PRIu64
			   "\n          false-sharing: %" PRIu64 "\n          true-sharing: %" PRIu64
			   "\n          samples: %" PRIu64 "\n          ",
			l->offset, l->objects ? l->objects : 1, rounded(l->wfalse),
			rounded(l->wtrue), l->samples);
		put_seconds(f, "first", l->first == UINT64_MAX ? 0 : l->first);
		fputs("\n          ", f);
		put_seconds(f, "last", l->last);
		fputs("\n          touch:\n", f);
		for (size_t k = 0; k < l->ntouch; k++) {
			const struct touchw *t = &l->touch[k];

			fputs("            - {path: ", f);
			clrt_put_name(f, ev->names[t->path]);
			fprintf(f, ", threads: %zu, reads: %" PRIu64 ", writes: %" PRIu64,
				tset_count(&t->threads), rounded(t->reads), rounded(t->writes));
			put_list(f, "read", rid, t->read, t->nread);
			put_list(f, "write", rid, t->write, t->nwrite);
			fputs("}\n", f);
		}
	}
}

static void put_alloc(FILE *f, const struct recw *r)
{
	if (!r->nalloc)
		return;
	fputs("      alloc: [", f);
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

	fputs("    ", f);
	clrt_put_rec_name(f, rid);
	fputs(":\n", f);
	if (rec->variable)
		fprintf(f, "      element: %" PRIu64 "\n      elements: %" PRIu64 "\n", rec->size,
			rec->elements);
	else
		fprintf(f, "      instances: %" PRIu64 "\n", r->instances);
	fprintf(f, "      base-align: %zu\n", (size_t)r->align);
	put_alloc(f, r);
	fprintf(f, "      accesses: %" PRIu64 "\n      false-sharing: %" PRIu64 "\n      true-sharing: %" PRIu64
		   "\n      samples: %" PRIu64 "\n", rounded(r->accesses), rounded(r->wfalse),
		rounded(r->wtrue), r->samples < samples ? r->samples : samples);
	if (!rec->variable)
		put_pairs(f, ev, rid, r);
	put_shared(f, ev, rid, r);
	if (r->b_lines && rounded(r->b_false)) {
		fprintf(f, "      between: {lines: %" PRIu64 ", per-line: %" PRIu64 ", size: %" PRIu64
			   ", false-sharing: %" PRIu64 ", true-sharing: %" PRIu64 ", samples: %" PRIu64 ", ",
			r->b_lines, r->b_per_line < 2 ? 2 : r->b_per_line, rec->size,
			rounded(r->b_false), rounded(r->b_true), r->b_samples);
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
	fprintf(f, "contention:\n  source: libcachelint-rt\n  measure: transfers\n  line-size: %u\n  ",
		clrt_line_size);
	put_seconds(f, "seconds", ns);
	fprintf(f, "\n  sample: %u\n  samples: %" PRIu64 "\n  dropped: %" PRIu64
		   "\n  threads: %zu\n", clrt_sample, ev->samples, ev->dropped, ev->nthreads);
	for (int pass = 0; pass < 2; pass++) {
		for (unsigned rid = 0; rid < clrt_nrecs; rid++) {
			/*
			 * A scalar variable's one object has no elements to
			 * share lines: a struct's is under its struct.
			 */
			if (!ev->recs[rid].seen || clrt_recs[rid].variable != (pass == 1) ||
			    (pass && clrt_recs[rid].elements < 2))
				continue;
			if (!pass && !structs)
				fputs("  structs:\n", f);
			if (pass && !variables)
				fputs("  variables:\n", f);
			structs |= !pass;
			variables |= pass;
			put_entry(f, ev, rid, ev->samples);
		}
	}
}
