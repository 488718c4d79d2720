/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench_gen.h - what `cachelint bench` measures, and the C program that
 * measures it
 *
 * A plan holds the leaves of one struct (as the analysis sees them), the
 * roles that access them (one per path of the profile, or a writer per
 * write group and a reader of the read-mostly set) and the layouts to
 * compare, each as the leaves' offsets.  bench_generate() writes one C
 * program with every layout as a struct of byte arrays at the same offsets
 * (checked by _Static_assert) and one loop per role and layout; the
 * program's method (pinned threads, a start barrier, a warm-up, rounds that
 * interleave the layouts, each thread's CPU share) is the one of
 * bench/false_sharing/bench.c and run.sh.
 */
#ifndef CACHELINT_BENCH_GEN_H
#define CACHELINT_BENCH_GEN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model/arena.h"
#include "model/layout.h"

/**
 * struct bench_leaf - one analysable piece of the struct
 * @path: dotted path ("usage.counter")
 * @bit_size: size in bits
 * @bitfield: a bit-field: accessed through its storage bytes
 * @atomic: its top-level member's type is spelled with "atomic": written
 *          with a locked add, as the program would
 */
struct bench_leaf {
	const char *path;
	uint64_t bit_size;
	bool bitfield;
	bool atomic;
};

/**
 * struct bench_layout - one layout of the struct
 * @name: "original", "proposed", or the NAME of --layout NAME=FILE
 * @size: bytes per instance
 * @align: alignment of the struct in bytes
 * @bit_offset: per leaf of the plan, its offset in this layout
 * @leaf_align: per leaf, the alignment of its member (1 for bit-fields);
 *              0: the layout has no such leaf (a --layout dump may lack
 *              the members no role accesses, e.g. ones under an #ifdef)
 */
struct bench_layout {
	const char *name;
	uint64_t size;
	uint32_t align;
	uint64_t *bit_offset;
	uint32_t *leaf_align;
};

/**
 * struct bench_access - what a role does to one leaf per operation
 * @leaf: index into the plan's leaves
 * @write: a write (read-modify-write); else a read
 * @times: how often per operation (the profile's proportions, 1 to 8)
 */
struct bench_access {
	size_t leaf;
	bool write;
	unsigned times;
};

/**
 * struct bench_role - a thread's work: one path of the profile, the
 *	writer of a write group, or the reader of the read-mostly set
 * @name: the path's name, "writer", "writer(GROUP)" or "reader"
 * @acc: the accesses of one operation
 * @nacc: number of @acc
 */
struct bench_role {
	const char *name;
	struct bench_access *acc;
	size_t nacc;
};

/**
 * struct bench_plan - what one `cachelint bench` run measures
 * @record: the struct as displayed ("struct page_counter")
 * @leaves: its leaves that have a size
 * @nleaves: number of @leaves
 * @roles: the threads' work
 * @nroles: number of @roles
 * @layouts: the layouts compared; [0] is the original
 * @nlayouts: number of @layouts
 * @line_size: cache line size in bytes
 * @base_align: --base-align N: each object starts N-aligned but not
 *              2N-aligned; 0: on a line boundary
 * @threads: threads per role
 * @slots: per-thread slots: an array of @slots elements, role i on
 *         element i (bench_plan_slots()); 0: one object that all roles share
 */
struct bench_plan {
	const char *record;
	struct bench_leaf *leaves;
	size_t nleaves;
	struct bench_role *roles;
	size_t nroles;
	struct bench_layout *layouts;
	size_t nlayouts;
	unsigned line_size;
	unsigned base_align;
	unsigned threads;
	unsigned slots;
};

/*
 * The largest object bench measures, per layout (all its per-thread slots
 * together), and all layouts together: the program holds each in a static
 * array, and more than 2 GiB of them do not link without -mcmodel=medium.
 */
#define BENCH_MAX_OBJECT (64ull << 20)
#define BENCH_MAX_TOTAL (1ull << 30)
/* Whether every layout fits those bounds: 0, or -1 with the message in @err. */
int bench_plan_check(const struct bench_plan *p, char *err, size_t errlen);

/* The leaves and roles of @rec, and its layout as layouts[0]; 0, or -1 with no roles. */
int bench_plan_init(struct bench_plan *p, const struct cl_record *rec, struct cl_arena *a);
/*
 * Add @rec (the proposal's model) as a layout named @name: the leaves are
 * found by their paths.  0, or -1 with the message in @err.
 */
int bench_add_record(struct bench_plan *p, const char *name, const struct cl_record *rec,
		     struct cl_arena *a, char *err, size_t errlen);
/*
 * Add the layout of @struct_name in @file, in the dump-layout format
 * (`cachelint dwarf --dump-layout`, the plugin's dump-layout): every leaf
 * a role accesses must be there, and every leaf there with its size.  0, or -1 with "file:line:
 * message" in @err.
 */
int bench_add_dump(struct bench_plan *p, const char *name, const char *file,
		   const char *struct_name, struct cl_arena *a, char *err, size_t errlen);
/*
 * Per-thread slots: the roles become @n roles "slot0".. each doing, on its
 * own element, every access the roles had (a write where any role wrote the
 * leaf, else a read), or with no roles a write of every leaf.
 */
void bench_plan_slots(struct bench_plan *p, unsigned n, struct cl_arena *a);
/*
 * Add the original padded to @p's line: size rounded up to a multiple of
 * the line, aligned to it (cachelint-false-sharing-objects' fix), as @name.
 */
void bench_add_padded(struct bench_plan *p, const char *name, struct cl_arena *a);
/*
 * Where layout @l's object (its array, with slots) starts within its page:
 * --base-align, or 0; with slots 0 where the element's alignment is above
 * --base-align.
 */
unsigned bench_base_offset(const struct bench_plan *p, size_t l);
/*
 * A leaf over this many cache lines is touched on its first and last half
 * of them only, where it meets its neighbours: a 4 MiB member touched
 * whole made a program of 196k statements that cc -O2 did not compile in
 * 100 s.
 */
#define BENCH_MAX_ACCESS_LINES 256
/*
 * Whether leaf @k is over BENCH_MAX_ACCESS_LINES lines in some layout,
 * with the most lines it covers in *@lines.
 */
bool bench_leaf_capped(const struct bench_plan *p, size_t k, uint64_t *lines);
/* The cache lines role @role's accesses touch in layout @l (however many; a leaf capped as above counts the lines touched). */
unsigned bench_role_lines(const struct bench_plan *p, size_t l, size_t role);
/* "reads min, low; writes usage.counter" in @a */
const char *bench_role_describe(const struct bench_plan *p, size_t role, struct cl_arena *a);
/*
 * Write the program.  It takes SECONDS ROUNDS and prints "cpus N", then
 * per thread and run "run ROUND LAYOUT ROLE OPS_PER_S CPU_SHARE".
 */
void bench_generate(FILE *out, const struct bench_plan *p);

#endif /* CACHELINT_BENCH_GEN_H */
