// SPDX-License-Identifier: MIT
/*
 * rt_sample.c - libcachelint-rt: the samples
 *
 * Code built with `instrument` calls __libcachelint_rt_sample_v3() for about
 * one access in CACHELINT_SAMPLE of each counter (cachelint-rt.h), with the
 * object's address and the bytes accessed.  Each call appends one sample
 * (rt_internal.h, struct rt_sample) to the calling thread's own log: a
 * time in nanoseconds, the object, the member, the bytes, read or write,
 * and the accesses it stands for.  No lock: the thread is the log's only
 * writer, and publishes each sample by its count (release); the exit reads
 * the published ones (acquire).
 *
 * Bounded: a thread keeps at most RT_THREAD_SAMPLES; when its log is full
 * it keeps a random half, doubles the weight of those kept and samples half
 * as often from then on, so what the samples stand for stays what the
 * thread did.  A thread that exits hands its samples to the process's log
 * (RT_FINISHED_SAMPLES, halved the same way): memory is bounded by the live
 * threads plus that log, however many threads ran.
 *
 * A thread's first access at each site is always sampled (the counters
 * start so, cachelint-rt.h) and stands for that one access, not for an
 * interval: a thread that touches an object once at start-up is one
 * access, not a thousand.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cachelint-rt.h"
#include "rt_internal.h"

struct rt_log clrt_finished = { .scale = 1, .cap = RT_FINISHED_SAMPLES };
static uint64_t finished_rng = 0x2545f4914f6cdd1dull;

static uint64_t xorshift(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

/*
 * This thread's CPU time in nanoseconds: what it did between two samples,
 * whether it waited for a CPU, for a lock or for its next request
 * meanwhile (rt_contention.c, in_run()).
 */
static uint64_t thread_cpu(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The next interval: uniform in [1, 2N - 1], mean N; UINT_MAX for none. */
static unsigned next_interval(struct rt_thread *t)
{
	uint64_t n = (uint64_t)clrt_sample * t->log.scale;

	if (!clrt_sample)
		return ~0u;
	if (n <= 1)
		return 1;
	if (n > 1u << 30)
		n = 1u << 30;
	return 1 + (unsigned)(xorshift(&t->rng) % (2 * n - 1));
}

/* Whether this is @t's first sample at (@unit, @site): noted if so. */
static bool first_at_site(struct rt_thread *t, unsigned unit, unsigned site)
{
	uint64_t key = ((uint64_t)unit << 32 | site) + 1, *v;
	size_t h;

	if (4 * (t->nseen + 1) > 3 * t->seen_cap) {
		size_t cap = t->seen_cap ? 2 * t->seen_cap : 256;

		if (cap > (1u << 16) || !(v = calloc(cap, sizeof(*v))))
			return false;	/* full: an ordinary sample */
		for (size_t i = 0; i < t->seen_cap; i++) {
			if (!t->seen[i])
				continue;
			for (h = (t->seen[i] * 0x9e3779b97f4a7c15ull >> 40) & (cap - 1); v[h];
			     h = (h + 1) & (cap - 1))
				;
			v[h] = t->seen[i];
		}
		free(t->seen);
		t->seen = v;
		t->seen_cap = cap;
	}
	for (h = (key * 0x9e3779b97f4a7c15ull >> 40) & (t->seen_cap - 1); t->seen[h];
	     h = (h + 1) & (t->seen_cap - 1))
		if (t->seen[h] == key)
			return false;
	t->seen[h] = key;
	t->nseen++;
	return true;
}

/*
 * Keep a random half of @l's samples, each standing for twice what it did.
 * Flagged busy meanwhile: another thread's exit does not read a log being
 * halved.  An exit() from a signal handler on this thread interrupts the
 * halving, and reads the log as it stands (rt_contention.c, expand_log()):
 * so at every instruction the first l->kept samples are the kept ones and
 * those from l->next on untouched, each sample leaving the second part
 * before it is copied into the first (the signal fences keep the compiler
 * from reordering the stores across that line).  A handler's exit during
 * the first halving of a busy thread once wrote no evidence at all.
 */
static void log_halve(struct rt_log *l, uint64_t *rng)
{
	size_t k = 0, n = l->n;

	__atomic_store_n(&l->kept, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&l->next, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&l->busy, 1, __ATOMIC_RELEASE);
	for (size_t i = 0; i < n; i++) {
		struct rt_sample s = l->v[i];

		__atomic_store_n(&l->next, i + 1, __ATOMIC_RELAXED);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		if (xorshift(rng) & 1)
			continue;
		s.weight = s.weight > UINT32_MAX / 2 ? UINT32_MAX : 2 * s.weight;
		l->v[k] = s;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		__atomic_store_n(&l->kept, ++k, __ATOMIC_RELAXED);
	}
	l->dropped += n - k;
	l->scale = l->scale < (1u << 30) ? 2 * l->scale : l->scale;
	__atomic_store_n(&l->n, k, __ATOMIC_RELEASE);
	__atomic_store_n(&l->busy, 0, __ATOMIC_RELEASE);
}

/* Room for one more sample in @l: allocated at first use, halved when full. */
static bool log_room(struct rt_log *l, uint64_t *rng)
{
	if (!l->v) {
		l->v = malloc(l->cap * sizeof(*l->v));
		if (!l->v)
			return false;
	}
	if (l->n == l->cap)
		log_halve(l, rng);
	return l->n < l->cap;
}

static void log_append(struct rt_log *l, const struct rt_sample *s, uint64_t *rng)
{
	if (!log_room(l, rng)) {
		l->dropped++;
		return;
	}
	l->v[l->n] = *s;
	__atomic_store_n(&l->n, l->n + 1, __ATOMIC_RELEASE);
}

void clrt_log_free(struct rt_log *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
	l->dropped = 0;
	l->scale = 1;
}

void clrt_log_fold(struct rt_thread *t)
{
	for (size_t i = 0; i < t->log.n; i++)
		log_append(&clrt_finished, &t->log.v[i], &finished_rng);
	clrt_finished.dropped += t->log.dropped;
	free(t->log.v);
	t->log.v = NULL;
	t->log.n = 0;
	t->log.dropped = 0;
}

/*
 * The profile is being written: samples stop, and the writer waits for the
 * threads that are in the middle of one (never for itself, which may be a
 * signal handler that interrupted its own thread's sample), at most 200 ms.
 */
void clrt_samples_quiesce(void)
{
	struct timespec tick = { 0, 100000 };

	__atomic_store_n(&clrt_stopping, 1, __ATOMIC_SEQ_CST);
	for (int waited = 0; waited < 2000; waited++) {
		bool busy = false;

		for (struct rt_thread *t = __atomic_load_n(&clrt_threads, __ATOMIC_ACQUIRE); t;
		     t = t->next)
			busy |= t != clrt_self && __atomic_load_n(&t->in_sample, __ATOMIC_SEQ_CST);
		if (!busy)
			return;
		nanosleep(&tick, NULL);
	}
}

/*
 * An instrumented access of @size bytes at @addr, of the object at @base,
 * at site @site of the unit numbered *@unitp (cachelint-rt.h).  Returns the
 * accesses to the next call.
 */
RT_EXPORT unsigned int __libcachelint_rt_sample_v3(void *base, void *addr,
						   const unsigned int *unitp, unsigned int site)
{
	struct rt_thread *self = clrt_self;
	unsigned u = __atomic_load_n(unitp, __ATOMIC_ACQUIRE);
	const struct rt_unit *unit;
	struct rt_sample s;
	unsigned info, k, m, size, next;

	if (!self)
		return 1u << 20;	/* a thread the runtime did not see start */
	__atomic_store_n(&self->in_sample, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&clrt_stopping, __ATOMIC_SEQ_CST) || !u || u > RT_UNITS_MAX ||
	    !clrt_sample)
		goto out;
	unit = &clrt_units[u - 1];
	if (site >= unit->sites[0])
		goto out;
	k = unit->sites[1 + 2 * site];
	info = unit->sites[2 + 2 * site];
	m = k < unit->n ? unit->members[k] : 0;
	size = info >> 2;
	if (!m || !size || !base || !(info & 3))
		goto out;
	s.t = clrt_now();
	s.cpu = thread_cpu();
	s.base = (uintptr_t)base;
	s.off = (int32_t)((intptr_t)addr - (intptr_t)base);
	s.member = m;
	s.weight = first_at_site(self, u, site) ? 1 :
		   (uint32_t)((uint64_t)clrt_sample * self->log.scale > UINT32_MAX ? UINT32_MAX :
			      (uint64_t)clrt_sample * self->log.scale);
	s.thread = self->index;
	s.size = size > UINT16_MAX ? UINT16_MAX : (uint16_t)size;
	s.rw = (uint8_t)(info & 3);
	/*
	 * A segment's samples are calls at its sites in order, one right
	 * after the other (cachelint-rt.h).  The next site of the same unit
	 * sampled later is another segment's, sampled on its own: a loop body
	 * of two segments, each sampled in some iteration of its own.
	 */
	if (u != self->last_unit || site != self->last_site + 1 ||
	    s.cpu > self->last_cpu + RT_SEGMENT_NS)
		s.rw |= RT_OPENS;
	self->last_unit = u;
	self->last_site = site;
	self->last_cpu = s.cpu;
	log_append(&self->log, &s, &self->rng);
out:
	next = next_interval(self);
	__atomic_store_n(&self->in_sample, 0, __ATOMIC_RELEASE);
	return next;
}
