// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench.c - false sharing in the will-it-scale style: threads pinned to
 * different CPUs hammer one shared object for a fixed time and count what
 * they got done.
 *
 *   page_counter: a writer charges (atomic add to 'usage', as on every page
 *                 charge); a reader walks what every charge reads ('parent'
 *                 and the limits).
 *   queue_pair:   a receive-path writer updates the rx counters, a transmit
 *                 path writer the tx counters, and each reads the config.
 *   true_sharing: two threads increment one counter (true sharing, which
 *                 no layout cures): as it is, padded onto a line of its
 *                 own, and as one counter per thread merged on read.
 *   slots24, slots8: per-thread slots, an array with one element per
 *                 thread that only its thread writes (24-byte structs, and
 *                 8-byte counters as valkey's used_memory_thread[]): no
 *                 byte is shared, yet packed elements share a line (false
 *                 sharing between objects); the proposal aligns the
 *                 element to the line.  Roles packed-N and aligned-N are
 *                 thread N of each variant.
 *
 * The struct layout comes from structs.h in the include path: run.sh builds
 * this file once per layout.  Output, one line per case and role:
 *   CASE ROLE OPS_PER_SECOND SIZEOF CPU_SHARE
 *
 * Built with -DBENCH_OPS=N, each thread stops after N operations instead of
 * when the time is up: an instrumented build then counts the same accesses
 * on every run (testsuite/plugin/instrument_false_sharing.test).  Without
 * it the loops are as they always were.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <structs.h>	/* the layout under test, from -I */

static atomic_int stop;
static double seconds = 1.0;

struct worker {
	const char *role;
	void (*run)(struct worker *w);
	void *obj;
	int cpu;
	unsigned long ops;
	double share;	/* CPU time the thread got / the run's time */
};

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

#define READ(x) (*(volatile __typeof__(x) *)&(x))

#ifdef BENCH_OPS
#define BENCH_FIXED 1
#define RUNNING(ops) ((ops) < (unsigned long)(BENCH_OPS))
#else
#define BENCH_FIXED 0
#define RUNNING(ops) (!atomic_load_explicit(&stop, memory_order_relaxed))
#endif

static void charge(struct worker *w)
{
	struct page_counter *c = w->obj;
	unsigned long ops = 0;

	while (RUNNING(ops)) {
		long usage = __atomic_add_fetch(&c->usage.counter, 1, __ATOMIC_RELAXED);

		if ((unsigned long)usage > READ(c->max))
			__atomic_sub_fetch(&c->usage.counter, 1, __ATOMIC_RELAXED);
		ops++;
	}
	w->ops = ops;
}

static void walk(struct worker *w)
{
	struct page_counter *c = w->obj;
	unsigned long ops = 0, sum = 0;

	while (RUNNING(ops)) {
		sum += READ(c->min) + READ(c->low) + READ(c->high) + READ(c->max);
		sum += (unsigned long)READ(c->parent);
		ops++;
	}
	w->ops = ops + (sum == 42);
}

static void receive(struct worker *w)
{
	struct queue_pair *q = w->obj;
	unsigned long ops = 0;

	while (RUNNING(ops)) {
		unsigned int len = READ(q->mtu) ^ (READ(q->flags) & 1);

		READ(q->rx_packets) = READ(q->rx_packets) + 1;
		READ(q->rx_bytes) = READ(q->rx_bytes) + len;
		if (!READ(q->ring))
			READ(q->rx_drops) = READ(q->rx_drops) + 1;
		ops++;
	}
	w->ops = ops;
}

static void transmit(struct worker *w)
{
	struct queue_pair *q = w->obj;
	unsigned long ops = 0;

	while (RUNNING(ops)) {
		unsigned int len = READ(q->mtu) ^ (READ(q->flags) & 2);

		READ(q->tx_packets) = READ(q->tx_packets) + 1;
		READ(q->tx_bytes) = READ(q->tx_bytes) + len;
		if (!READ(q->ring))
			READ(q->tx_drops) = READ(q->tx_drops) + 1;
		ops++;
	}
	w->ops = ops;
}

/*
 * True sharing: the counter itself is written by both threads.  Padding
 * moves its neighbours away, not the writers; a counter per thread (on a
 * line of its own) removes the traffic, and a read adds them up.
 */
struct true_share {
	unsigned long counter;
	unsigned long limit;
	unsigned long per_thread[2][64 / sizeof(unsigned long)] __attribute__((aligned(64)));
} __attribute__((aligned(64)));

struct true_share_padded {
	unsigned long counter __attribute__((aligned(64)));
	unsigned long limit __attribute__((aligned(64)));
};

/* Increment *@counter, checked against *@limit, until the run stops. */
static unsigned long bump(unsigned long *counter, unsigned long *limit)
{
	unsigned long ops = 0;

	while (RUNNING(ops)) {
		if (__atomic_add_fetch(counter, 1, __ATOMIC_RELAXED) > READ(*limit))
			__atomic_sub_fetch(counter, 1, __ATOMIC_RELAXED);
		ops++;
	}
	return ops;
}

static void bump_shared(struct worker *w)
{
	struct true_share *t = w->obj;

	w->ops = bump(&t->counter, &t->limit);
}

static void bump_padded(struct worker *w)
{
	struct true_share_padded *t = w->obj;

	w->ops = bump(&t->counter, &t->limit);
}

static void bump_per_thread(struct worker *w)
{
	struct true_share *t = w->obj;

	w->ops = bump(t->per_thread[w->cpu & 1], &t->limit);
}

/*
 * Per-thread slots.  Each thread updates its own element, as a statistics
 * slot is updated (plain stores: no other thread writes it, a reader would
 * only sum them); @aligned is the same element aligned to the line, which
 * is what cachelint proposes for such an array: 64 bytes per element
 * instead of 24 (or 8).  The arrays are line-aligned, so elements 0 and 1
 * of a packed array are on line 0.
 */
#define NSLOTS 16

static void run_case(const char *name, struct worker *w, int n, size_t size);

struct slot {
	unsigned long ops;
	unsigned long bytes;
	unsigned long last;
};

struct slot_aligned {
	unsigned long ops;
	unsigned long bytes;
	unsigned long last;
} __attribute__((aligned(64)));

struct counter_aligned {
	unsigned long value;
} __attribute__((aligned(64)));

_Static_assert(sizeof(struct slot) == 24, "three slots and a third share a line");
_Static_assert(sizeof(struct slot_aligned) == 64, "one slot per line");
_Static_assert(sizeof(struct counter_aligned) == 64, "one counter per line");

/*
 * One loop for both element types (distinct types, the same code: the
 * compiler sees the layout, not a pointer it must guess at).
 */
#define SLOT_UPDATE(name, type)							\
static unsigned long name(type *s, unsigned long len)				\
{										\
	unsigned long ops = 0;							\
										\
	while (RUNNING(ops)) {							\
		READ(s->ops) = READ(s->ops) + 1;				\
		READ(s->bytes) = READ(s->bytes) + len;				\
		READ(s->last) = ops;						\
		ops++;								\
	}									\
	return ops;								\
}

SLOT_UPDATE(slot_update, struct slot)
SLOT_UPDATE(slot_aligned_update, struct slot_aligned)

/* Add to *@counter, as zmalloc adds an allocation's size to its thread's slot. */
static unsigned long counter_add(unsigned long *counter, unsigned long size)
{
	unsigned long ops = 0;

	while (RUNNING(ops)) {
		READ(*counter) = READ(*counter) + size;
		ops++;
	}
	return ops;
}

static void slots24_packed(struct worker *w)
{
	struct slot *s = w->obj;

	w->ops = slot_update(&s[w->cpu & 1], 64);
}

static void slots24_aligned(struct worker *w)
{
	struct slot_aligned *s = w->obj;

	w->ops = slot_aligned_update(&s[w->cpu & 1], 64);
}

static void slots8_packed(struct worker *w)
{
	unsigned long *c = w->obj;

	w->ops = counter_add(&c[w->cpu & 1], 64);
}

static void slots8_aligned(struct worker *w)
{
	struct counter_aligned *c = w->obj;

	w->ops = counter_add(&c[w->cpu & 1].value, 64);
}

/* Both variants of one slot size, packed then aligned; rows per element size. */
static void run_slots(const char *name, void (*packed)(struct worker *), size_t packed_size,
		      void (*aligned)(struct worker *), size_t aligned_size)
{
	void *p = aligned_alloc(64, NSLOTS * aligned_size);
	void *a = aligned_alloc(64, NSLOTS * aligned_size);

	memset(p, 0, NSLOTS * aligned_size);
	memset(a, 0, NSLOTS * aligned_size);
	struct worker pw[] = { { "packed-0", packed, p, 0, 0 },
			       { "packed-1", packed, p, 1, 0 } };
	struct worker aw[] = { { "aligned-0", aligned, a, 0, 0 },
			       { "aligned-1", aligned, a, 1, 0 } };

	run_case(name, pw, 2, packed_size);
	run_case(name, aw, 2, aligned_size);
	free(p);
	free(a);
}

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * The share of the run a thread was on its CPU: below 1 when another job
 * took the CPU from it, and then the other thread ran without contention
 * part of the time, whatever the layout.
 */
static void *thread(void *arg)
{
	struct worker *w = arg;
	double t0;

	pin(w->cpu);
	t0 = thread_cpu();
	w->run(w);
	w->share = (thread_cpu() - t0) / seconds;
	return NULL;
}

static void run_case(const char *name, struct worker *w, int n, size_t size)
{
	pthread_t t[8];
	struct timespec ts = { (time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9) };

	atomic_store(&stop, 0);
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, thread, &w[i]);
	nanosleep(&ts, NULL);
	atomic_store(&stop, 1);
	for (int i = 0; i < n; i++) {
		pthread_join(t[i], NULL);
		printf("%s %s %.0f %zu %.3f\n", name, w[i].role, w[i].ops / seconds, size,
		       w[i].share);
	}
}

int main(int argc, char **argv)
{
	int ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	struct page_counter *pc;
	struct queue_pair *q;

	if (argc > 1)
		seconds = atof(argv[1]);
	if (ncpu < 2 && !BENCH_FIXED) {
		fprintf(stderr, "bench: needs 2 CPUs\n");
		return 2;
	}
	/* Line-aligned objects: the layout decides what shares a line. */
	pc = aligned_alloc(64, (sizeof(*pc) + 63) / 64 * 64);
	q = aligned_alloc(64, (sizeof(*q) + 63) / 64 * 64);
	memset(pc, 0, sizeof(*pc));
	memset(q, 0, sizeof(*q));
	pc->max = ~0UL;
	pc->parent = NULL;
	q->mtu = 1500;
	q->ring = q;

	struct worker pcw[] = {
		{ "writer", charge, pc, 0, 0 },
		{ "reader", walk, pc, 1, 0 },
	};
	struct worker qw[] = {
		{ "rx-writer", receive, q, 0, 0 },
		{ "tx-writer", transmit, q, 1, 0 },
	};

	run_case("page_counter", pcw, 2, sizeof(*pc));
	run_case("queue_pair", qw, 2, sizeof(*q));

	struct true_share *ts = aligned_alloc(64, sizeof(*ts));
	struct true_share_padded *tp = aligned_alloc(64, sizeof(*tp));

	memset(ts, 0, sizeof(*ts));
	memset(tp, 0, sizeof(*tp));
	ts->limit = tp->limit = ~0UL;
	struct worker shared[] = { { "shared", bump_shared, ts, 0, 0 },
				   { "shared", bump_shared, ts, 1, 0 } };
	struct worker padded[] = { { "padded", bump_padded, tp, 0, 0 },
				   { "padded", bump_padded, tp, 1, 0 } };
	struct worker mine[] = { { "per-thread", bump_per_thread, ts, 0, 0 },
				 { "per-thread", bump_per_thread, ts, 1, 0 } };

	run_case("true_sharing", shared, 2, sizeof(*ts));
	run_case("true_sharing", padded, 2, sizeof(*tp));
	run_case("true_sharing", mine, 2, sizeof(*ts));
	run_slots("slots24", slots24_packed, sizeof(struct slot),
		  slots24_aligned, sizeof(struct slot_aligned));
	run_slots("slots8", slots8_packed, sizeof(unsigned long),
		  slots8_aligned, sizeof(struct counter_aligned));
	free(ts);
	free(tp);
	free(pc);
	free(q);
	return 0;
}
