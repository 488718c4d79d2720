/* SPDX-License-Identifier: MIT */
/*
 * rt_contention.h - what rt_contention.c (the evidence kept per record,
 * the building of it from the run's samples, the profile's contention:
 * section) and rt_replay.c (the time-ordered replay of one line's samples)
 * share: the events, the weights per record, and the helpers on them.
 * Internal to libcachelint-rt: every symbol is hidden (rt_internal.h).
 */
#ifndef CACHELINT_RT_CONTENTION_H
#define CACHELINT_RT_CONTENTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rt_internal.h"

#define LINES_SHOWN 16		/* lines per record in the profile */
#define TOUCH_SHOWN 16		/* members (elements) per touch list */
#define FP_MAX 4		/* objects remembered per turn on a line */
#define PENDING_MAX 16		/* true-sharing transfers waiting for a turn's end */
#define GAP_FACTOR 8		/* a run's samples are at most this many usual gaps apart */
#define GAP_MIN 50000		/* or this many nanoseconds of the thread's CPU time */
#define BURST 2000		/* samples closer than this (CPU ns) are one visit */
#define STAY_SEGMENTS 3		/* sampled segments in a stretch of a thread that stays */
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
 * @rw: 1 read, 2 write; 4 with 1: the read of a read-modify-write
 * @mask: its bytes of the line, a bit per 1/64 of it
 */
struct ev {
	uint64_t line, t, cpu;
	uintptr_t base;
	uint32_t member, weight, thread;
	uint8_t rw;
	uint64_t mask;
};

/* ------------------------------------------------------------------ */
/* What is kept: per record                                             */
/* ------------------------------------------------------------------ */

/* A set of thread positions, as a growing bitmap. */
struct tset {
	uint8_t *bits;
	size_t nbytes;
};

/**
 * struct pairw - false sharing of two members of one object
 * @x: written, @y: accessed (program-wide members; for a variable,
 *	element indices)
 * @threads: the threads of its transfers on any object, for their paths
 * @nthreads: the most threads of one object, as struct sharedw counts them
 */
struct pairw {
	uint32_t x, y;
	double weight;
	uint64_t samples;
	struct tset threads;
	size_t nthreads;
};

/**
 * struct sharedw - true sharing on a member (an element of a variable)
 * @threads: the threads of its transfers on any object, for their paths
 * @writers, @nthreads: the most writers, and threads, of one object:
 *	counted per object, never summed over objects (a per-worker
 *	object that its worker writes and one reader reads has one writer,
 *	however many workers there are)
 */
struct sharedw {
	uint64_t what;
	double weight;
	uint64_t samples;
	struct tset threads;
	size_t writers, nthreads;
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
 *	@b_var, whose elements these objects are; @b_writers, the threads
 *	that wrote in those transfers (the rest only read)
 * @in_state: 1 when every object seen lies in the storage at the end of
 *	an object of struct @in_rid, from byte @in_offset (its size) of the
 *	allocation both are in: records at computed offsets in a byte ring
 *	(objects_within()); -1 when one does not; 0 not looked at
 * @cpu_ns: the CPU time its threads spent while they used its objects'
 *	lines (each thread from its first sample of them to its last),
 *	summed: what its weights are per second of (docs/profiles.md)
 * @core_ns: the longest of those: how long they take side by side, each
 *	thread on a core of its own
 * @observed: the transfers the replay saw as the run interleaved its
 *	threads, before they are weighed for a core per thread
 * @unjudged: lines of its objects that two threads used, one writing,
 *	with too little overlap to judge (rt_replay.c, unjudged())
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
	struct tset b_threads, b_writers;
	uint64_t last_between_line;
	bool any_between_line;
	unsigned b_var;
	double b_false_var;
	uint64_t b_lines_var, last_var_line;
	bool any_var_line;
	const char **alloc;
	size_t nalloc;
	int in_state;
	unsigned in_rid;
	uint64_t in_offset;
	uint64_t cpu_ns, core_ns;
	double observed;
	uint64_t unjudged;
};

/**
 * struct clrt_evidence - the run's evidence
 * @recs: by record id
 * @order, @nthreads, @names: the threads, as the caller gave them
 * @path_of: for each thread, the first thread of its path name: the
 *	path's index in @names
 * @members: for each record, its members, @nmembers[rid] of them
 * @vars: the sampled variables' storage, [2k, 2k + 1), @nvars of them
 * @var_rids: the record of each
 * @counted: the counters' totals over all threads, by program-wide
 *	counter (2m + w): what no member's evidence can exceed
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
	uint64_t *counted;
	uint64_t samples, dropped;
};

/* Bits of a line's mask for bytes [@lo, @hi] of it. */
static inline uint64_t byte_bits(unsigned lo, unsigned hi)
{
	unsigned a = lo * 64 / clrt_line_size, b = hi * 64 / clrt_line_size;

	return (b == 63 ? ~0ull : (2ull << b) - 1) & ~((1ull << a) - 1);
}

static inline int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int clrt_ev_cmp(const void *a, const void *b);
void clrt_tset_add(struct tset *s, uint32_t t);
size_t clrt_tset_count(const struct tset *s);
void *clrt_grow(void *v, size_t *cap, size_t n, size_t size);
struct pairw *clrt_pair_get(struct recw *r, uint32_t x, uint32_t y);
struct sharedw *clrt_shared_get(struct recw *r, uint64_t what);
struct linew *clrt_line_get(struct recw *r, int64_t offset);
uint64_t clrt_member_bits(uint64_t line, uintptr_t base, unsigned m);
uint64_t clrt_element_of(const struct rt_rec *r, uint64_t line, uintptr_t base, unsigned bit);
/* Replay the @n events of one line, in time order (rt_replay.c). */
void clrt_replay_line(struct clrt_evidence *ctx, const struct ev *ev, size_t n);

#endif /* CACHELINT_RT_CONTENTION_H */
