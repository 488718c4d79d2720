/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contention.h - contention evidence: what a line of an object cost
 *
 * The `contention:` section of a profile (docs/profiles.md, "Contention
 * evidence"): per struct or variable, the cache-line transfers its objects'
 * lines caused while two threads used them at once, split into false
 * sharing (disjoint bytes: separate lines would save them) and true sharing
 * (the same bytes).  libcachelint-rt estimates them from a run's samples;
 * `cachelint import perf-c2c` writes perf's HITM counts in the same form.
 * Findings from it rest on its weight (cl_contention_heavy()) and print it.
 *
 * Loaded by contention_read.c into the profile's arena; a later file's
 * entry for a struct or variable replaces the earlier one whole, each entry
 * keeping the header of the file it came from.  Written by
 * contention_write.c; what the checks ask of it (heavy, a pair, a shared
 * member) and the words findings cite it in are profile_evidence.c's.
 */
#ifndef CACHELINT_CONTENTION_H
#define CACHELINT_CONTENTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/arena.h"
#include "model/hash.h"
#include "model/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the weights count. */
enum cl_measure {
	CL_MEASURE_TRANSFERS,	/* cache-line transfers, estimated (libcachelint-rt) */
	CL_MEASURE_HITM,	/* perf c2c's HITM and store samples */
};

/* How many path names an entry lists, as the runtime writes them. */
#define CL_CONTENTION_PATHS_SHOWN 8

/**
 * struct cl_contention_who - the threads behind a weight
 * @threads: how many took part (perf-c2c: CPUs)
 * @paths: some of their path names (a thread routine, thread-N, a function)
 * @npaths: number of @paths
 */
struct cl_contention_who {
	uint64_t threads;
	const char **paths;
	uint32_t npaths;
};

/**
 * struct cl_contention_pair - false sharing inside one object: @write
 * written by one thread while another touched @access, disjoint bytes of
 * one line
 * @write, @access: leaf member paths
 * @weight: the transfers (or HITMs) it caused
 * @samples: the samples that weight rests on
 * @who: the threads
 * @span: where the pair is in the profile
 */
struct cl_contention_pair {
	const char *write, *access;
	uint64_t weight, samples;
	struct cl_contention_who who;
	struct cl_span span;
};

/**
 * struct cl_contention_shared - true sharing: the same bytes of a member
 * (a struct) or of an element (a variable), written by @writers threads
 * @member: the leaf path (a struct), NULL for a variable
 * @element: the element (a variable)
 * @weight, @samples, @who, @span: as for a pair
 * @writers: threads that wrote those bytes
 */
struct cl_contention_shared {
	const char *member;
	uint64_t element;
	uint64_t weight, samples, writers;
	struct cl_contention_who who;
	struct cl_span span;
};

/**
 * struct cl_contention_between - lines that held two or more objects (or
 * elements), one written by one thread while another thread touched another
 * @present: the entry has a between: key
 * @lines: how many such lines
 * @per_line: most objects (elements) seen on one of them
 * @size: the object (element) size
 * @weight_false: transfers between different objects' bytes
 * @weight_true: on those lines, transfers on the same bytes (a handoff, a
 *	reader of totals): shown beside, never subtracted
 * @samples, @who, @span: as for a pair
 * @writers: of @who's threads, those that wrote in those transfers; the
 *	rest only read (0: not said, a profile from before the key)
 * @in: the struct whose objects hold these at their end: every object
 *	lay in an allocation that starts with one of @in's, at or past byte
 *	@in_offset (its size) -- records at computed offsets in a byte ring
 *	(a bipbuf's data[]); NULL: not so, or not said
 */
struct cl_contention_between {
	bool present;
	uint64_t lines, per_line, size, weight_false, weight_true, samples;
	uint64_t writers;
	const char *in;
	uint64_t in_offset;
	struct cl_contention_who who;
	struct cl_span span;
};

/**
 * struct cl_contention_touch - what one path did on one line
 * @path: a path name (a thread routine, thread-N, main; perf-c2c: a function)
 * @threads: threads on that path that touched it
 * @reads, @writes: accesses, estimated (perf-c2c: samples)
 * @read, @write: what it read and wrote: member paths (a struct), element
 *	indices in decimal (a variable)
 * @nread, @nwrite: their numbers
 */
struct cl_contention_touch {
	const char *path;
	uint64_t threads, reads, writes;
	const char **read, **write;
	uint32_t nread, nwrite;
};

/**
 * struct cl_contention_line - one line of the objects, summed over them
 * @offset: where it starts, in bytes from the object's start (negative: it
 *	begins before the object, as for objects not aligned to the line)
 * @objects: the objects (elements) it was a line of
 * @weight_false, @weight_true, @samples: as above
 * @first, @last: seconds from the start of the run
 * @touch: who touched it, @ntouch of them
 * @span: where the line is in the profile
 */
struct cl_contention_line {
	int64_t offset;
	uint64_t objects, weight_false, weight_true, samples;
	double first, last;
	struct cl_contention_touch *touch;
	uint32_t ntouch;
	struct cl_span span;
};

struct cl_contention_header;

/**
 * struct cl_contention_entry - the evidence for one struct or variable
 * @name: the struct key (as under structs:) or the variable name
 * @variable: a variable (contention: variables:)
 * @instances: objects seen (a struct)
 * @element, @elements: element size and number (a variable)
 * @base_align: least alignment of an object's address seen; 0: not said
 * @alloc: allocation sites ("file:line", "static", "unknown"), @nalloc
 * @accesses: accesses to the objects' lines, estimated
 * @weight_false, @weight_true, @samples: over all their lines
 * @pairs, @npairs: false sharing inside one object, by member pair
 * @shared, @nshared: true sharing, by member or element
 * @between: lines shared by objects
 * @lines, @nlines: the most contended lines
 * @cpu_seconds: the CPU time its threads spent while they used the
 *	objects' lines, summed: weights are per second of it when it is
 *	given (libcachelint-rt); 0: not said, weights are per second of the
 *	run (seconds:) as before
 * @core_seconds: the longest of those threads' CPU times: how long they
 *	take each on a core of its own, the projection's second
 * @observed: transfers the run itself showed, as its threads were
 *	scheduled on the machine that ran it (the weights are estimated for a
 *	core per thread)
 * @unjudged: lines of the objects two threads used, one writing, with too
 *	little overlap in the run to judge them
 * @hdr: the file's header (source, measure, seconds, sample)
 * @span: where the entry's key is
 */
struct cl_contention_entry {
	const char *name;
	bool variable;
	uint64_t instances, element, elements, base_align;
	const char **alloc;
	uint32_t nalloc;
	uint64_t accesses, weight_false, weight_true, samples;
	struct cl_contention_pair *pairs;
	size_t npairs;
	struct cl_contention_shared *shared;
	size_t nshared;
	struct cl_contention_between between;
	struct cl_contention_line *lines;
	size_t nlines;
	double cpu_seconds, core_seconds;
	uint64_t observed, unjudged;
	const struct cl_contention_header *hdr;
	struct cl_span span;
};

/**
 * struct cl_contention_header - what one file's section says of itself
 * @source: "libcachelint-rt" or "perf-c2c"
 * @measure: what the weights count
 * @line_size: the line size the evidence was taken at; 0: not said
 * @seconds: how long the run took; 0: not known
 * @sample: about one access in @sample recorded; 0: not said
 * @samples, @dropped, @threads: of the whole run
 * @top: the weight (false + true) of the file's most contended line
 * @span: where the contention: key is
 */
struct cl_contention_header {
	const char *source;
	enum cl_measure measure;
	uint64_t line_size;
	double seconds;
	uint64_t sample, samples, dropped, threads;
	uint64_t units_dropped;
	uint64_t top;
	struct cl_span span;
};

/**
 * struct cl_contention - every entry loaded, structs and variables
 * @present: some file had a contention: key
 * @run: some file's section is libcachelint-rt's: an instrumented run
 *	judged every object it sampled, so a struct it has no entry for
 *	showed no contention on its objects' lines (or on those of the
 *	objects it is embedded in, which have the entries)
 * @entries: the entries; a later file's replaces an earlier one's
 * @n: number of @entries
 * @cap: allocated @entries
 * @index: @entries by (variable, name)
 * @located: indices in @entries of the structs keyed NAME@FILE:LINE
 * @nlocated: number of @located
 * @located_cap: allocated @located
 */
struct cl_contention {
	bool present, run;
	struct cl_contention_entry *entries;
	size_t n, cap;
	struct cl_index index;
	size_t *located;
	size_t nlocated, located_cap;
};

/**
 * struct cl_contention_floor - how heavy evidence must be to count
 * @min_transfers: transfers per second of the run (the whole count when
 *	the run's length is not known; not applied to HITM counts); for an
 *	entry with its threads' CPU time, per second of that, and only when
 *	a profile sets it (@transfers_set): such evidence is judged against
 *	the run's own most contended line, not an absolute rate
 * @min_samples: samples it rests on
 * @min_share: percent of the file's most contended line
 * @transfers_set: a profile set @min_transfers
 */
struct cl_contention_floor {
	uint64_t min_transfers, min_samples;
	double min_share;
	bool transfers_set;
};

#define CL_CONTENTION_MIN_TRANSFERS_DEFAULT 10000
/*
 * Per operation: an entry with its threads' CPU time counts a weight only
 * where at least one access of its lines in ten thousand moved one.  The
 * run's tests find 1% to 99% (page_counter's max/usage 0.08% in its worst
 * run of seven beside busy loops); a writer's scan of reader slots once a
 * millisecond, beside the readers' millions of accesses, 0.002 to 0.003%.
 */
#define CL_CONTENTION_MIN_PER_ACCESS 0.0001
#define CL_CONTENTION_MIN_SAMPLES_DEFAULT 8
#define CL_CONTENTION_MIN_SHARE_DEFAULT 1.0

void cl_contention_init(struct cl_contention *c);
void cl_contention_free(struct cl_contention *c);
/* Add @from's entries to @to, a later entry replacing an earlier one whole. */
void cl_contention_layer(struct cl_contention *to, const struct cl_contention *from);
/* The entry of struct key @name (exactly) or of variable @name, or NULL. */
const struct cl_contention_entry *cl_contention_find(const struct cl_contention *c,
						     const char *name, bool variable);

struct cl_record_place;
/* The struct entry for @at: keyed by its place if any, else by its name. */
const struct cl_contention_entry *cl_contention_record(const struct cl_contention *c,
						       const struct cl_record_place *at);

/* Whether @weight resting on @samples, of entry @e, passes @floor. */
bool cl_contention_heavy(const struct cl_contention_entry *e, uint64_t weight,
			 uint64_t samples, const struct cl_contention_floor *floor);
/* The pair of members @a and @b in either role, @a written preferred; NULL if none. */
const struct cl_contention_pair *cl_contention_pair(const struct cl_contention_entry *e,
						    const char *a, const char *b);
/* The true-sharing entry of member @path, or NULL. */
const struct cl_contention_shared *cl_contention_shared_member(const struct cl_contention_entry *e,
							       const char *path);

/*
 * A weight in words, for a finding: "~12,300 transfers per CPU-second"
 * (an entry with its threads' CPU time), "~12,300 transfers/s" (a run of
 * known length), "~45,000 transfers", "1,234 HITM samples".
 */
/*
 * The same for the sum of two weights (false and true sharing of a line),
 * which can be past 2^64-1: written in full, not capped.
 */
const char *cl_contention_weights_text(const struct cl_contention_entry *e, uint64_t w1,
				       uint64_t w2, struct cl_arena *a);
const char *cl_contention_weight_text(const struct cl_contention_entry *e, uint64_t weight,
				      struct cl_arena *a);
/*
 * Where @weight (of entry @e) comes from: "420 samples; libcachelint-rt,
 * 1 access in 1024 sampled; each thread on its own core: ~4,100,000
 * transfers/s (observed: ~350,000/s); rt.yaml:12:11".
 */
const char *cl_contention_source_text(const struct cl_contention_entry *e, uint64_t weight,
				      uint64_t samples, const struct cl_span *span,
				      struct cl_arena *a);
/*
 * @weight as a rate with each thread on its own core, and as the run
 * observed it: "each thread on its own core: ~4,100,000 transfers/s
 * (observed: ~350,000/s)"; NULL where the entry has no CPU time.
 */
const char *cl_contention_rates_text(const struct cl_contention_entry *e, double weight,
				     struct cl_arena *a);
/* "threads thread-1 and thread-2", "16 threads (thread-1, ...)", or NULL. */
const char *cl_contention_who_text(const struct cl_contention_who *w, struct cl_arena *a);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_CONTENTION_H */
