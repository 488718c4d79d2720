/* SPDX-License-Identifier: MIT */
/*
 * rt_internal.h - what the files of libcachelint-rt share (not installed)
 *
 * The runtime is one library in files by role:
 *
 *   rt_registry.c    the units' members, records, counters and sites
 *                    (__libcachelint_rt_register_v3)
 *   rt_threads.c     threads: pthread_create/join wrapped, their lives
 *                    (created, started, exited, joined), their counts
 *                    folded into their paths when they exit, fork
 *   rt_sample.c      the samples (__libcachelint_rt_sample_v3): a log per
 *                    thread, time-stamped, bounded, folded into the
 *                    process's when the thread exits
 *   rt_contention.c  the evidence: the samples of each line replayed in
 *                    time order as a cache would see them
 *   rt_profile.c     the profile's text
 *   rt_output.c      writing it safely (regular file, FIFO, device, link)
 *   cachelint-rt.c   start-up, the environment, and the one write at exit
 *   rt_alloc.c       where heap objects come from (allocation sites)
 *
 * Every symbol here is hidden (the library is built with hidden
 * visibility; the static archive's objects still link into the user's
 * program, so internal names start with clrt_ to keep out of its way).
 * Everything that runs on the sampling path takes no lock: a thread
 * appends to its own log and publishes the count; the exit reads what is
 * published (rt_sample.c).  Everything that takes the registry lock blocks
 * signals while it holds it, so a signal handler that calls exit() never
 * waits for a lock its own thread holds.
 */
#ifndef CACHELINT_RT_INTERNAL_H
#define CACHELINT_RT_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define RT_EXPORT __attribute__((visibility("default")))

#define RT_MEMBERS 4096			/* member 0 takes what is not counted */
#define RT_PATHS_MAX 1024		/* paths per member the profile loader takes */
#ifndef RT_UNITS_MAX			/* a test builds the runtime with a smaller one */
#define RT_UNITS_MAX 16384		/* units registered (a fixed array: read unlocked) */
#endif
#define RT_RECS_MAX 4096		/* structs and variables */
#define RT_PATHS_SHOWN 8		/* path names per evidence entry */

/* The samples a thread keeps (48 bytes each: 3 MiB), and the process for finished ones. */
#define RT_THREAD_SAMPLES 65536
#define RT_FINISHED_SAMPLES (1u << 19)	/* 24 MiB */

/**
 * struct rt_rec - a struct or a variable whose members are counted
 * @name: tag, typedef name or variable name
 * @kind: "s:SIZE:FINGERPRINT" or "v:ELEMENT:COUNT" (cachelint-rt.h): two
 *	structs of one tag with different members are two records; one struct
 *	that two units see through two paths is one
 * @defined: "file:line" of its definition (the first unit's)
 * @variable: a global or static variable (`instrument=NAME`), not a struct
 * @size: the struct's size; a variable's element size
 * @elements: a variable's elements (1: a scalar)
 * @twin: another record has the same @name: the profile names it
 *	"name@file:line"
 */
struct rt_rec {
	char *name;
	char *kind;
	char *defined;
	bool variable;
	uint64_t size, elements;
	bool twin;
};

/**
 * struct rt_member - one counted member, program-wide
 * @rec: its record's name (clrt_recs[@rid].name)
 * @path: dotted member path ("usage.counter"); "" for a variable
 * @bit_offset: where the member starts, to write members in layout order
 * @bit_size: its size, to tell which member sampled bytes belong to
 * @rid: its record in clrt_recs
 */
struct rt_member {
	char *rec;
	char *path;
	uint64_t bit_offset, bit_size;
	unsigned rid;
};

#define RT_NO_COUNTER PTRDIFF_MIN

/**
 * struct rt_unit - a unit's counters
 * @n: members of the unit
 * @members: the unit's member k is program-wide member @members[k]
 * @nsegs: segments of the unit
 * @segs: what each segment counts: the number of entries, then
 *	(counter 2k + w, times) for each (cachelint-rt.h)
 * @offsets: where member k's own reads (2k) and writes (2k + 1) and
 *	segment s (2n + s) are counted, as the counter's address minus
 *	clrt_anchor's, the same in every thread; RT_NO_COUNTER where the unit
 *	never counts
 * @sites: the unit's table of sampled sites (cachelint-rt.h)
 */
struct rt_unit {
	unsigned n;
	unsigned *members;
	unsigned nsegs;
	unsigned *segs;
	ptrdiff_t *offsets;
	const unsigned *sites;
};

/**
 * struct rt_sample - one sampled access
 * @t: nanoseconds since the runtime started
 * @cpu: the thread's own CPU time then, in nanoseconds: a thread that
 *	waits for a CPU on a busy machine is still in the middle of its run
 * @base: the object's address (a struct instance, or the variable)
 * @off: the first byte accessed, from @base
 * @member: the program-wide member
 * @weight: the accesses it stands for (the sampling interval; 1 for a
 *	thread's first access at a site, which is always sampled)
 * @thread: the thread's index (struct rt_thread)
 * @size: bytes accessed
 * @rw: 1 read, 2 write, 3 both; RT_OPENS: the first of the samples
 *	the plugin takes together, one sampled run of a segment
 */
#define RT_OPENS 8
/* a segment's samples follow each other within this much CPU time (ns) */
#define RT_SEGMENT_NS 20000
struct rt_sample {
	uint64_t t, cpu;
	uintptr_t base;
	int32_t off;
	uint32_t member;
	uint32_t weight;
	uint32_t thread;
	uint16_t size;
	uint8_t rw;
};

/**
 * struct rt_log - samples, appended by one thread and read at exit
 * @v: room for @cap samples, the first @n published (release)
 * @cap: RT_THREAD_SAMPLES or RT_FINISHED_SAMPLES
 * @n: samples published
 * @scale: samples are kept one in @scale (doubled each time the log is
 *	full and halved): their weights are multiplied by it
 * @dropped: samples let go to keep the log bounded
 * @busy: the owner is changing the log (halving it): not to be read by
 *	another thread
 * @kept, @next: while @busy, how far the halving got: the first @kept
 *	samples are the ones kept, those from @next to @n not looked at yet.
 *	What an exit() from a signal handler on the owner's thread reads,
 *	the halving it interrupted standing still (rt_sample.c, log_halve())
 */
struct rt_log {
	struct rt_sample *v;
	size_t cap;
	size_t n;
	uint32_t scale;
	uint64_t dropped;
	int busy;
	size_t kept, next;
};

/**
 * struct rt_sparse - a finished thread's counts: (counter, count) pairs
 * @c: counter index (2m + w), @n: the count
 */
struct rt_sparse {
	uint32_t c;
	uint64_t n;
};

/**
 * struct rt_thread - a thread that counted
 * @next: list of every thread since the start (or since fork, in a child)
 * @index: 0 for the main thread, then 1, 2, ... in creation order
 * @tid: kernel thread id, for its name while it runs
 * @handle: its pthread_t, for pthread_join()
 * @anchor: its clrt_anchor, from which its units' counters are found while
 *	it runs
 * @done: it has exited, @counts and @name are final
 * @counts: once it has exited, its nonzero counts, @ncounts of them
 * @name: its name when it exited (or when the profile is written)
 * @routine: the function it started in, when it has a name
 * @created, @started, @exited, @joined: when (ns since start; 0: not yet,
 *	or never for @joined)
 * @log: its samples while it runs (folded into the process's at exit)
 * @in_sample: it is in __libcachelint_rt_sample_v3 now
 * @rng: xorshift state for the sampling intervals
 * @seen: sites this thread sampled already (unit << 32 | site), an open
 *	table of @seen_cap (0: free)
 * @nseen: entries in @seen
 * @last_unit, @last_site, @last_cpu: where and when its last sample was
 *	taken: a sample at the next site of the same unit, right after it, is
 *	the same sampled segment's (RT_OPENS)
 */
struct rt_thread {
	struct rt_thread *next;
	unsigned index;
	pid_t tid;
	pthread_t handle;
	char *anchor;
	bool done;
	struct rt_sparse *counts;
	size_t ncounts;
	char name[64];
	char routine[64];
	uint64_t created, started, exited, joined;
	struct rt_log log;
	int in_sample;
	uint64_t rng;
	uint64_t *seen;
	size_t seen_cap, nseen;
	unsigned last_unit, last_site;
	uint64_t last_cpu;
};

/* rt_registry.c */
extern __thread uint64_t clrt_anchor __attribute__((tls_model("initial-exec")));
extern struct rt_member clrt_members[RT_MEMBERS];
extern unsigned clrt_nmembers;
extern unsigned long clrt_dropped_members;
extern struct rt_unit clrt_units[RT_UNITS_MAX];
extern size_t clrt_nunits;
extern unsigned long clrt_units_dropped;
extern struct rt_rec clrt_recs[RT_RECS_MAX];
extern unsigned clrt_nrecs;
extern void **clrt_routines;
extern size_t clrt_nroutines;
/* At exit: the `instrument=` names no unit of the program saw, and the units past RT_UNITS_MAX. */
void clrt_names_report(void);

/* cachelint-rt.c */
extern pthread_mutex_t clrt_lock;
extern unsigned clrt_sample;		/* CACHELINT_SAMPLE */
extern unsigned clrt_line_size;		/* CACHELINT_LINE_SIZE */
extern int clrt_stopping;		/* the profile is being written: no more samples */
void clrt_init_once(void);
/*
 * clrt_lock with the caller's signals blocked (@old: its mask), so that a
 * handler on this thread never runs while the lock is held.
 */
void clrt_lock_take(sigset_t *old);
void clrt_lock_drop(const sigset_t *old);
/* Nanoseconds since the runtime started, from 1 (0 is "not yet"). */
uint64_t clrt_now(void);

/* rt_threads.c */
extern struct rt_thread *clrt_threads;
extern __thread struct rt_thread *clrt_self;
extern bool clrt_forked;
/* Called with clrt_lock held, on the thread itself. */
struct rt_thread *clrt_thread_add(unsigned index, void *(*fn)(void *));
/* Add @t's counts by program-wide counter (2m + w) to @out (@n counters). */
void clrt_thread_sum(const struct rt_thread *t, uint64_t *out, size_t n);
void clrt_thread_key_init(void);
void clrt_fork_child_threads(void);

/* rt_sample.c */
extern struct rt_log clrt_finished;
/* Move @t's samples to the process's log and free its own (clrt_lock held). */
void clrt_log_fold(struct rt_thread *t);
/* Wait (bounded) until no other thread is inside a sample. */
void clrt_samples_quiesce(void);
void clrt_log_free(struct rt_log *l);

/* rt_contention.c */
struct clrt_evidence;
/*
 * The evidence of the run: every log's samples replayed line by line.
 * @order: the threads by index, @nthreads of them; @names: their path
 * names.  NULL without memory.
 */
struct clrt_evidence *clrt_evidence_build(struct rt_thread **order, size_t nthreads,
					  char (*names)[64]);
void clrt_evidence_write(FILE *f, const struct clrt_evidence *ev, double seconds);
void clrt_evidence_free(struct clrt_evidence *ev);

/* rt_origin.c: "static", an allocation site "file:line", or "unknown" */
const char *clrt_object_origin(uintptr_t base);

/* rt_profile.c: a name as YAML, plain when it is a simple word */
void clrt_put_name(FILE *f, const char *s);
/* A record's key: its name, or "name@file:line" when two records have that name. */
void clrt_put_rec_name(FILE *f, unsigned rid);
/* Write the profile to @path (rt_output.c's rules); 0 or an errno value. */
int clrt_profile_write(const char *path);

/* rt_output.c */
/* Write with @put to @path: a regular file whole or not at all, a FIFO or device in place. */
int clrt_write_file(const char *path, int (*put)(FILE *f, void *arg), void *arg);
/* Why @path cannot be written: a message, or NULL for strerror(). */
const char *clrt_refusal(const char *path, int err);

#endif /* CACHELINT_RT_INTERNAL_H */
