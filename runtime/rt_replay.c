// SPDX-License-Identifier: MIT
/*
 * rt_replay.c - libcachelint-rt: one line's samples replayed in time order
 * as a cache would see them (rt_contention.c says how a transfer is judged:
 * at the same time, false or true sharing); what it finds goes
 * to the line's record (rt_contention.h)
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "rt_internal.h"
#include "rt_contention.h"

/* ------------------------------------------------------------------ */
/* The replay of one line                                               */
/* ------------------------------------------------------------------ */

/* The objects on a line, as between's and the true sharing's counts take them. */
#define OBJS_MAX 64

/*
 * Who wrote, and who took part in, the true sharing of one part of one
 * object on the line (@with is NO_PAIR), or the false sharing of the pair
 * @what written, @with accessed, of one object.
 */
struct objw {
	unsigned rid;
	uint64_t what, with;
	uintptr_t base;
	struct tset writers, threads;
};

#define NO_PAIR UINT64_MAX

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

/* A transfer to a thread, judged at the access that made it. */
struct pending {
	uint32_t from;		/* the other thread's slot */
	double weight;
	struct fp other;	/* what it did last, to the object it touched last */
	struct fp mine;		/* the bytes of the access that took the line */
	uint64_t t;
	uint64_t same;		/* true sharing: the bytes the two accesses share */
};

/**
 * struct slot - one thread on the line being replayed
 * @thread: its position in the order
 * @holds: it has a copy of the line
 * @turn: what it touched since it last got the line
 * @pending: its true-sharing transfers in this turn, @npending of them,
 *	spread over the bytes both turns wrote when the turn ends
 * @times: its samples' times on the line, sorted, @ntimes of them
 * @cpus: its CPU time at each of them
 * @opens: at each of them, whether it opens a sampled segment (RT_OPENS)
 * @gap: the longest gap inside one of its runs on the line, in CPU time
 * @last: the time of its last access replayed so far
 * @observed: the weight of the transfers to it the first replay saw
 * @scale: what each of them stands for in the second (potential())
 * @wrote: it wrote the line
 */
struct slot {
	uint32_t thread;
	bool holds, wrote;
	uint64_t last;
	struct turn turn;
	struct pending pending[PENDING_MAX];
	unsigned npending;
	uint64_t *times, *cpus;
	bool *opens;
	size_t ntimes;
	uint64_t gap;
	double observed, scale;
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
 * @dry: the first replay, which only weighs what it sees (slot.observed)
 * @objw: the true sharing's writers and threads, and the pairs' threads,
 *	per object on the line, @nobjw of them (@objw_cap allocated), folded
 *	into the record's shared and pair entries when the line is done
 *	(objw_fold())
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
	struct objw *objw;
	size_t nobjw, objw_cap;
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
			e = clrt_element_of(r, rp->line, base, b);
			if (e != last && e != UINT64_MAX)
				out[n++] = last = e;
		}
		return n;
	}
	for (size_t i = 0; i < rp->ctx->nmembers[rid] && n < max; i++)
		if (clrt_member_bits(rp->line, base, mv[i]) & mask)
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


/*
 * Whether a thread stays on the line: most of its samples of it are in
 * stretches of STAY_SEGMENTS sampled segments or more, each sample within
 * GAP_MIN of its CPU time of the last.  Each sampled segment is a draw of
 * the sampler (one run of a segment in about CACHELINT_SAMPLE): several
 * in one stretch, the thread ran the line's code over and over there (a
 * job's loop, handoff.test).  One or two are one operation: an update
 * pair under a lock (memcached's workers update stats_state once a
 * request, an item unlinked and another linked), then nothing for
 * milliseconds.  Taken for runs, those microseconds were all the time a
 * worker was placed on the line, and its true sharing, 4 workers at a
 * thousand updates a second each, was judged on 9 transfers of 270,000
 * accesses.  Counted in segments, not in time: a job's loop and an
 * update pair both take some tens of microseconds.
 */
static bool stays(const uint64_t *cpus, const bool *opens, size_t n)
{
	size_t first = 0, in_stretches = 0, segments = 0;

	for (size_t i = 0; i <= n; i++) {
		if (i == n || (i > 0 && cpus[i] > cpus[i - 1] + GAP_MIN)) {
			if (segments >= STAY_SEGMENTS)
				in_stretches += i - first;
			first = i;
			segments = 0;
		}
		if (i < n)
			segments += opens[i];
	}
	return 2 * in_stretches > n;
}

/*
 * A thread's longest gap within a run: eight times its median gap on the
 * line, in its own CPU time (a thread descheduled on a busy machine is
 * still in its run), and at least GAP_MIN.  A thread that never stays on
 * the line (stays()) has no run, only points.
 */
static uint64_t run_gap(const uint64_t *cpus, const bool *opens, size_t n)
{
	uint64_t *gaps, g;
	size_t k = 0, first = 0;
	bool long_visit = false;

	if (n < 3 || !stays(cpus, opens, n))
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
		if (cpus[i] > cpus[i - 1] + BURST) {
			gaps[k++] = cpus[i] - cpus[i - 1];
			if (cpus[i - 1] - cpus[first] > GAP_MIN)
				long_visit = true;
			first = i;
		}
	if (cpus[n - 1] - cpus[first] > GAP_MIN)
		long_visit = true;
	/*
	 * One or two visits, each a single access or a handful of accesses
	 * sampled together (an item's key, length and count in one lookup,
	 * a few microseconds with the sampling's own cost): points in time,
	 * not a run to place another thread's in.
	 */
	if (k < 2) {
		/* visits closer than BURST all along: one dense run, or points */
		free(gaps);
		return long_visit ? GAP_MIN : 0;
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

/*
 * Whether slot @u was using the line at time @t, as slot @v's access then
 * sees it: in a run of its accesses, or, where one of the two has no run
 * of the line to place the other's accesses in (a few visits of a few
 * samples: one object of thousands, as each item of a cache is), while
 * both lived -- the callers check that.  How many samples a line gets is the
 * machine's: a loaded run does a third of a quiet one's operations in the
 * same time, and a line a quiet run placed in runs would be left
 * unjudged.  Threads alive together that each touch the line now and then
 * meet on it whenever the scheduler lets them: concurrency from their
 * lifetimes, not from whether the sampler caught them together.
 */
static bool placed(const struct slot *u, const struct slot *v, uint64_t t)
{
	return in_run(u, t) || !u->gap || !v->gap;
}

/* Whether @u's access at @tu and @t's at @tt happened while both used the line. */
static bool at_once(const struct replay *rp, const struct slot *u, uint64_t tu,
		    const struct slot *t, uint64_t tt)
{
	const struct rt_thread *U = thread_at(rp, u->thread), *T = thread_at(rp, t->thread);
	if (tu < T->created || (U->exited && tt > U->exited))
		return false;
	return placed(u, t, tt) || placed(t, u, tu);
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


static void threads_of_both(struct tset *s, uint32_t a, uint32_t b)
{
	clrt_tset_add(s, a);
	clrt_tset_add(s, b);
}

/*
 * The writers and threads of part @what of @rid's object at @base on this
 * line (@with: NO_PAIR), or of its pair @what, @with.
 */
static struct objw *objw_get(struct replay *rp, unsigned rid, uint64_t what, uint64_t with,
			     uintptr_t base)
{
	struct objw *v;

	for (size_t i = 0; i < rp->nobjw; i++)
		if (rp->objw[i].rid == rid && rp->objw[i].what == what &&
		    rp->objw[i].with == with && rp->objw[i].base == base)
			return &rp->objw[i];
	v = clrt_grow(rp->objw, &rp->objw_cap, rp->nobjw, sizeof(*v));
	if (!v)
		return NULL;
	rp->objw = v;
	v[rp->nobjw] = (struct objw){ .rid = rid, .what = what, .with = with, .base = base };
	return &v[rp->nobjw++];
}

/*
 * The line is done: each shared entry keeps the most writers and threads
 * of one object, each pair the most threads of one object.
 */
static void objw_fold(struct replay *rp)
{
	for (size_t i = 0; i < rp->nobjw; i++) {
		struct objw *o = &rp->objw[i];
		struct recw *r = &rp->ctx->recs[o->rid];
		size_t w = clrt_tset_count(&o->writers), n = clrt_tset_count(&o->threads);

		if (o->with != NO_PAIR) {
			struct pairw *p = clrt_pair_get(r, (uint32_t)o->what, (uint32_t)o->with);

			if (p && n > p->nthreads)
				p->nthreads = n;
		} else {
			struct sharedw *sh = clrt_shared_get(r, o->what);

			if (sh && w > sh->writers)
				sh->writers = w;
			if (sh && n > sh->nthreads)
				sh->nthreads = n;
		}
		free(o->writers.bits);
		free(o->threads.bits);
	}
	free(rp->objw);
}

/* True sharing of weight @w on the parts of @rid's object under @mask. */
static void add_true(struct replay *rp, unsigned rid, uintptr_t base, uint64_t mask, double w,
		     uint32_t t, uint32_t u, bool t_wrote, bool u_wrote)
{
	struct recw *r = &rp->ctx->recs[rid];
	uint64_t parts[64];
	size_t n = parts_of(rp, rid, base, mask, parts, 64);

	for (size_t i = 0; i < n; i++) {
		struct sharedw *sh = clrt_shared_get(r, parts[i]);
		struct objw *o = objw_get(rp, rid, parts[i], NO_PAIR, base);

		if (!sh || !o)
			continue;
		sh->weight += w / (double)n;
		sh->samples++;
		/*
		 * Writers are the threads whose writes of these bytes the
		 * transfer carried or made: a counter that each thread reads
		 * and then writes (x += 1 under a lock) moves on the read,
		 * from the thread that wrote it last.  True sharing always
		 * has a writer; one that only readers meet has one.  They
		 * are counted per object (objw_fold()).
		 */
		if (t_wrote)
			clrt_tset_add(&o->writers, t);
		if (u_wrote)
			clrt_tset_add(&o->writers, u);
		threads_of_both(&o->threads, t, u);
		threads_of_both(&sh->threads, t, u);
	}
}

/*
 * Add @w to the pair (@x written, @y accessed) of @a's object.  Its
 * threads are counted per object too: a per-worker object that its
 * worker and one maintainer touch has two, however many workers there are.
 */
static void pair_add(struct replay *rp, const struct fp *a, uint64_t x, uint64_t y, double w,
		     uint32_t ta, uint32_t tb)
{
	struct pairw *p = clrt_pair_get(&rp->ctx->recs[a->rid], (uint32_t)x, (uint32_t)y);
	struct objw *o = objw_get(rp, a->rid, x, y, a->base);

	if (!p)
		return;
	p->weight += w;
	p->samples++;
	threads_of_both(&p->threads, ta, tb);
	if (o)
		threads_of_both(&o->threads, ta, tb);
}

/*
 * False sharing inside one object: each member one turn wrote against each
 * member the other turn touched, the weight split between them.  The bytes
 * are disjoint here, so a member against itself is two parts of it: the
 * elements of an array member (a ring's idx[0] and idx[1]), a pair of its
 * own.
 */
static void add_pairs(struct replay *rp, const struct fp *a, const struct fp *b, double w,
		      uint32_t ta, uint32_t tb)
{
	uint64_t aw[32], bx[32], bw[32], ax[32];
	size_t naw, nbx, nbw, nax, k = 0;

	if (clrt_recs[a->rid].variable)
		return;
	naw = parts_of(rp, a->rid, a->base, a->w, aw, 32);
	nbx = parts_of(rp, a->rid, a->base, b->r | b->w, bx, 32);
	nbw = parts_of(rp, a->rid, a->base, b->w, bw, 32);
	nax = parts_of(rp, a->rid, a->base, a->r | a->w, ax, 32);
	k = naw * nbx + nbw * nax;
	for (size_t i = 0; i < naw; i++)
		for (size_t j = 0; j < nbx; j++)
			pair_add(rp, a, aw[i], bx[j], w / (double)k, ta, tb);
	for (size_t i = 0; i < nbw; i++)
		for (size_t j = 0; j < nax; j++)
			pair_add(rp, a, bw[i], ax[j], w / (double)k, ta, tb);
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
	if (clrt_element_of(&clrt_recs[v->rid], rp->line, v->base, (unsigned)lo) != e)
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

/*
 * A transfer between objects of @rid, from thread @u to thread @t; @twrote,
 * @uwrote: whether each side's access wrote (a transfer needs one writer;
 * a thread never seen writing in one only read).
 */
static void add_between(struct replay *rp, unsigned rid, double w, bool false_sharing,
			uint32_t t, uint32_t u, bool twrote, bool uwrote)
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
	if (twrote)
		clrt_tset_add(&r->b_writers, t);
	if (uwrote)
		clrt_tset_add(&r->b_writers, u);
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
	struct linew *l = clrt_line_get(r, (int64_t)(rp->line * clrt_line_size) - (int64_t)f->base);

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
 * A true-sharing transfer @p to slot @s, its turn over: its weight goes to
 * the bytes of the object that both turns wrote, or, when they wrote none
 * in common, to those the two accesses share.  Counters updated together
 * (curr_items and curr_bytes under one lock) move the line on whichever
 * statement comes first; both are written by both threads, and which one
 * is named must not depend on the order of two statements.
 */
static void true_spread(struct replay *rp, struct slot *s, const struct pending *p)
{
	const struct fp *a = &p->mine, *b = &p->other;
	uint64_t mine = a->w, same = p->same;

	for (unsigned i = 0; i < s->turn.nfp; i++)
		if (s->turn.fp[i].base == a->base && s->turn.fp[i].rid == a->rid)
			mine |= s->turn.fp[i].w;
	if (a->base == b->base && a->rid == b->rid && (mine & b->w))
		same = mine & b->w;
	add_true(rp, a->rid, a->base, same, p->weight, s->thread, rp->slots[p->from].thread,
		 (mine & same) != 0, (b->w & same) != 0);
}

/*
 * Judge a transfer to thread slot @s, at the access that took the line:
 * true sharing where its bytes and the other turn's overlap with a write
 * of either, false sharing where they are disjoint.  The hardware pays per
 * access: a read of 'parent' that finds the line last written by another
 * CPU's add to 'usage' misses whatever operation it belongs to, and a
 * layout that puts 'parent' on another line saves it (page_counter).
 */
static void judge(struct replay *rp, struct slot *s, const struct pending *p)
{
	const struct slot *o = &rp->slots[p->from];
	struct fp other;
	const struct fp *b = &other, *a = &p->mine;
	uint32_t t = s->thread, u = o->thread;
	struct recw *r;
	uint64_t same;
	double w = p->weight;

	if (rp->dry) {
		s->observed += w;
		rp->ctx->recs[p->mine.rid].observed += w;
		return;
	}
	w *= s->scale;
	other = alias(rp, a, &p->other);
	r = &rp->ctx->recs[a->rid];
	r->samples++;
	same = a->base == b->base && a->rid == b->rid ?
	       (a->w & (b->r | b->w)) | ((a->r | a->w) & b->w) : 0;
	if (same && !apart(rp, a, b)) {
		struct pending q = *p;

		r->wtrue += w;
		add_line(rp, a, 0, w, p->t);
		q.weight = w;
		q.other = other;
		q.same = same;
		if (s->npending < PENDING_MAX)
			s->pending[s->npending++] = q;
		else
			true_spread(rp, s, &q);
		return;
	}
	r->wfalse += w;
	add_line(rp, a, w, 0, p->t);
	if (apart(rp, a, b))
		add_between(rp, a->rid, w, true, t, u, a->w != 0, b->w != 0);
	else
		add_pairs(rp, a, b, w, t, u);
}

/* Slot @s's turn on the line ends: its true sharing is spread, its bytes forgotten. */
static void turn_end(struct replay *rp, struct slot *s)
{
	for (unsigned i = 0; i < s->npending; i++)
		true_spread(rp, s, &s->pending[i]);
	s->npending = 0;
	s->turn.nfp = 0;
}

/*
 * The line goes to slot @to, for its access @e, from slot @from: judged
 * now, @e's bytes against what @from did last.  The half of a
 * read-modify-write that reads (rw & 4) is judged as the write it is part
 * of: the line moves once, for both.
 */
static void transfer(struct replay *rp, struct slot *to, int from, double w, const struct ev *e)
{
	struct slot *o = &rp->slots[from];
	const struct fp *last = NULL;

	for (unsigned i = 0; i < o->turn.nfp; i++)
		if (!last || o->turn.fp[i].last > last->last)
			last = &o->turn.fp[i];
	if (last) {
		struct pending p = {
			.from = (uint32_t)from, .weight = w, .other = *last, .t = e->t,
			.mine = { e->base, clrt_members[e->member].rid, e->rw & 1 ? e->mask : 0,
				  e->rw & 6 ? e->mask : 0, e->t },
		};

		judge(rp, to, &p);
	}
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
		struct linew *l = clrt_line_get(r, (int64_t)(rp->line * clrt_line_size) - (int64_t)e->base);
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
		clrt_tset_add(&tw->threads, e->thread);
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
 * run of its accesses of the line, each moving the line to it at most
 * once and only after a write of another thread made then (min(accesses
 * of T, writes of the others while T was in its run)): n threads on one
 * line cost what their accesses can, not n squared.  On a busy machine two
 * such threads take turns on one CPU and move the line only when they
 * switch; the replay then sees few transfers, which this scales to what
 * the same program does where it has the CPUs: the findings do not come
 * and go with the machine's load.
 *
 * The scale is each thread's own: the transfers to T seen stand for T's
 * potential, never for the line's.  A thread that scans the line now and
 * then (a writer reading every reader's slot once a millisecond) takes it
 * as often as it reads it, however hard its owners write it: one scale for
 * the line made its few samples stand for the owners' traffic, and a pair
 * that was noise passed the floor in one run of three.  At most one
 * transfer per TRANSFER_NS of the time the line was in use, all threads
 * together, of the time the line was in use with a core per thread: the
 * longest CPU time one of them spent on it (on the wall clock, a busy
 * machine stretched that time and the bound with it: a loaded run's
 * weights came out three times a quiet one's).
 */
static void potential(struct replay *rp)
{
	size_t ns = rp->nslots;
	double *x = calloc(ns + 1, sizeof(*x)), *w = calloc(ns + 1, sizeof(*w));
	double total = 0, span = 0, cap = 1;
	bool bounded = true;

	if (!x || !w) {
		free(x);
		free(w);
		for (size_t t = 0; t < ns; t++)
			rp->slots[t].scale = 0;
		return;
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
			    !placed(&rp->slots[u], &rp->slots[t], e->t))
				continue;
			other = true;
			if (e->rw & 2)
				w[u] += e->weight;
		}
		if (other)
			x[t] += e->weight;
	}
	for (size_t t = 0; t < ns; t++) {
		x[t] = w[t] < x[t] ? w[t] : x[t];
		total += x[t];
	}
	/*
	 * and no faster than a line can move between two cores -- except
	 * where a thread has no run of the line: its points give no time to
	 * bound by, and its accesses bound its transfers (x[t] <= w[t])
	 */
	for (size_t t = 0; t < ns; t++) {
		const struct slot *s = &rp->slots[t];
		double d = s->ntimes ? (double)(s->cpus[s->ntimes - 1] - s->cpus[0]) : 0;

		if (!s->gap && s->ntimes)
			bounded = false;
		if (d / TRANSFER_NS > span)
			span = d / TRANSFER_NS;
	}
	if (bounded && total > span)
		cap = total > 0 ? span / total : 0;
	for (size_t t = 0; t < ns; t++) {
		struct slot *s = &rp->slots[t];

		s->scale = s->observed > 0 ? x[t] * cap / s->observed : 0;
	}
	free(x);
	free(w);
}

/*
 * Whether each of slot @a's accesses of the line came before @B was
 * created or after it exited: a main thread that fills a ring before its
 * workers start and reads it after they are gone met none of them.
 */
static bool outside(const struct slot *a, const struct rt_thread *B)
{
	for (size_t i = 0; i < a->ntimes; i++)
		if (a->times[i] >= B->created && (!B->exited || a->times[i] <= B->exited))
			return false;
	return true;
}

/*
 * Whether slot @s wrote the line while thread @T lived: a write before @T
 * was created or after it exited met nothing of @T's (a read made long
 * before, the reader gone when the write came: nothing moved).
 */
static bool writes_while(const struct replay *rp, const struct slot *s, const struct rt_thread *T)
{
	for (size_t i = 0; i < rp->n; i++) {
		const struct ev *e = &rp->ev[i];

		if (e->thread == s->thread && (e->rw & 2) && e->t >= T->created &&
		    (!T->exited || e->t <= T->exited))
			return true;
	}
	return false;
}

/*
 * Whether the line was used by two threads, one of them writing it, in a
 * way the run gives no means to judge (the replay saw no transfer on it):
 * the two lived one after the other -- each thread ended before the next
 * began, as short loops do, and the run never ran them together -- or
 * neither had a run of accesses of the line to place the other's in (a
 * few visits each) and nothing orders them (outside(): each access of
 * the one before the other was created or after it exited), yet their
 * lives gave no transfer either.  A pair neither of whose writes came
 * while the other lived is judged: nothing of the one's could move to the
 * other.  Silence on such a line would read as "no contention"; the lint
 * says instead that the run overlapped its threads too little to tell.
 */
static bool unjudged(const struct replay *rp)
{
	for (size_t i = 0; i < rp->nslots; i++) {
		const struct slot *u = &rp->slots[i];
		const struct rt_thread *U = thread_at(rp, u->thread);

		if (!u->wrote || !u->ntimes)
			continue;
		for (size_t j = 0; j < rp->nslots; j++) {
			const struct slot *t = &rp->slots[j];
			const struct rt_thread *T = thread_at(rp, t->thread);

			if (j == i || !t->ntimes)
				continue;
			if ((U->exited && T->started >= U->exited) ||
			    (T->exited && U->started >= T->exited))
				return true;
			if (!writes_while(rp, u, T) && !(t->wrote && writes_while(rp, t, U)))
				continue;
			if (!u->gap && !t->gap && !outside(u, T) && !outside(t, U))
				return true;
		}
	}
	return false;
}

/* The line could not be judged: once for each record with objects on it. */
static void unjudged_add(struct replay *rp)
{
	unsigned seen[OBJS_MAX];
	size_t n = 0;

	for (size_t i = 0; i < rp->n; i++) {
		unsigned rid = clrt_members[rp->ev[i].member].rid;
		size_t k;

		for (k = 0; k < n && seen[k] != rid; k++)
			;
		if (k < n || n == OBJS_MAX)
			continue;
		seen[n++] = rid;
		rp->ctx->recs[rid].unjudged++;
	}
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

void clrt_replay_line(struct clrt_evidence *ctx, const struct ev *ev, size_t n)
{
	struct replay rp = { .ev = ev, .n = n, .dirty = -1, .ctx = ctx, .line = ev[0].line };
	struct slot *slots = calloc(n, sizeof(*slots));
	double seen = 0;

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
			slots[s].opens = malloc(n * sizeof(bool));
		}
		slots[s].wrote |= (ev[i].rw & 2) != 0;
		if (slots[s].times && slots[s].cpus && slots[s].opens) {
			slots[s].times[slots[s].ntimes] = ev[i].t;
			slots[s].opens[slots[s].ntimes] = (ev[i].rw & RT_OPENS) != 0;
			slots[s].cpus[slots[s].ntimes++] = ev[i].cpu;
		}
	}
	for (size_t s = 0; s < rp.nslots; s++)
		slots[s].gap = run_gap(slots[s].cpus, slots[s].opens, slots[s].ntimes);
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
		for (size_t s = 0; s < rp.nslots; s++)
			seen += slots[s].observed;
		if (seen > 0) {
			potential(&rp);
			replay_reset(&rp);
			for (size_t i = 0; i < n; i++)
				replay_event(&rp, &ev[i]);
		} else if (unjudged(&rp)) {
			unjudged_add(&rp);
		}
	}
	for (size_t s = 0; s < rp.nslots; s++) {
		turn_end(&rp, &slots[s]);
		free(slots[s].times);
		free(slots[s].cpus);
		free(slots[s].opens);
	}
	objw_fold(&rp);
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
