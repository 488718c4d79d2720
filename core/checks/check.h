/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h - what the analysis hands each check, and the helpers the checks
 * share (check_common.c) (internal to core/)
 *
 * One check per file (check_<name>.c), one rule per check, one row in
 * rules.def, which declares the check here.  A check sees what its row's
 * .runs says -- the leaves of one record, a record, or a variable -- and
 * adds its findings in a stable order.
 */
#ifndef CACHELINT_CHECK_H
#define CACHELINT_CHECK_H

#include "profile/access_profile.h"
#include "analysis.h"

/**
 * struct cl_near_index - a list of leaves by where they sit, to find the
 * ones near a given leaf without looking at all of them
 * @n: leaves in the list
 * @v: the leaves sorted by first byte: position in the list, first and
 *     last byte, and the largest last byte of v[0..k]
 *
 * Two leaves two lines or more apart meet on no line or block at any start
 * offset, so a check only needs the leaves in that window: a struct of
 * 100,000 annotated members is checked in n log n, not n squared.
 */
struct cl_near_index {
	size_t n;
	struct cl_near_entry {
		size_t pos;
		uint64_t lo, hi, maxhi;
	} *v;
};

/**
 * struct cl_check_ctx - one record (or variable) being analysed
 * @rec: the record; NULL for a variable
 * @var: the variable (CL_RUNS_ON_VARIABLE); NULL for a record
 * @prof: the profile, for a variable's evidence per object
 * @name: its display name (CL_RUNS_ON_LEAVES)
 * @opt: the assumptions
 * @leaves: its leaves in declaration order (only with CL_RUNS_ON_LEAVES:
 *          @leaves to @near are NULL and 0 for the other checks)
 * @nleaves: number of @leaves
 * @read: indices of the read-mostly leaves, in declaration order
 * @nread: number of @read
 * @write: indices of the write-hot leaves, in declaration order
 * @nwrite: number of @write
 * @write_near: @write by position (cl_check_near())
 * @near: room for the positions cl_check_near() returns
 * @out: where findings go
 *
 * Checks walk @read and @write rather than all leaves: a struct with
 * thousands of leaves (embedded records, arrays of them) usually has few
 * annotated ones.
 */
struct cl_check_ctx {
	const struct cl_record *rec;
	const struct cl_variable *var;
	const struct cl_profile *prof;
	const char *name;
	const struct cl_options *opt;
	const struct cl_leaf *leaves;
	size_t nleaves;
	const size_t *read, *write;
	size_t nread, nwrite;
	struct cl_near_index write_near;
	size_t *near;
	struct cl_findings *out;
};

/* Each row's check, void cl_check_<name>(const struct cl_check_ctx *ctx). */
typedef void cl_check_fn(const struct cl_check_ctx *ctx);
#define CL_RULE(name, ...)
#define CL_CHECK_RULE(name, check, ...) cl_check_fn check;
#include "model/rules.def"
#undef CL_CHECK_RULE
#undef CL_RULE

/*
 * The check that finds @rule, NULL for a rule no check finds (a CL_RULE
 * row): the checks' own table, made from rules.def (analysis.c), so the
 * rules table below stays data that calls nothing.
 */
cl_check_fn *cl_check_of(enum cl_rule rule);

/* Helpers shared by the checks (check_common.c). */

/*
 * Fill @ctx's leaves, read and write lists and near index from ctx->rec:
 * the driver calls it before the checks that run on leaves.
 */
void cl_check_ctx_leaves(struct cl_check_ctx *ctx);

/*
 * The write-hot leaves that can share a line or a 2-line block with @l:
 * their positions in ctx->write, ascending (declaration order), in
 * ctx->near.  Returns how many.
 */
size_t cl_check_near(const struct cl_check_ctx *ctx, const struct cl_leaf *l);

/**
 * struct cl_pair_geometry - where two leaves meet, over all placements
 * @line_hits: placements with both on one line
 * @line_placements: placements tried at line granularity
 * @line: index of the first shared line
 * @block_hits: placements with both in one 2-line block but different lines
 * @block_placements: placements tried at block granularity
 * @block: index of that block
 */
struct cl_pair_geometry {
	unsigned line_hits, line_placements;
	uint64_t line;
	unsigned block_hits, block_placements;
	uint64_t block;
};

/*
 * The geometry of leaves @a and @b.  Returns false when the pair is not for
 * this record to report: a zero-size leaf, overlapping storage (union
 * members), or a pair that a named embedded record owns and reports itself.
 */
bool cl_pair_geometry(const struct cl_check_ctx *ctx, const struct cl_leaf *a,
		      const struct cl_leaf *b, struct cl_pair_geometry *g);

/* Add a finding of @rule about leaves @a (reported) and @b. */
struct cl_finding *cl_check_report(const struct cl_check_ctx *ctx, enum cl_rule rule,
				   const struct cl_leaf *a, const struct cl_leaf *b);

/* "shares cache line 0 (bytes 0-63)" style fragments, in the findings arena */
const char *cl_line_text(const struct cl_check_ctx *ctx, uint64_t line, unsigned unit);
const char *cl_placement_text(const struct cl_check_ctx *ctx, unsigned hits,
			      unsigned placements);
const char *cl_written_note(const struct cl_check_ctx *ctx, const struct cl_leaf *l);
/*
 * @note, followed by the evidence per object for the pair @a, @b when the
 * record has some (cl_evidence_text()): which objects and threads carry it.
 */
const char *cl_evidence_note(const struct cl_check_ctx *ctx, const char *note,
			     const struct cl_leaf *a, const struct cl_leaf *b);
/*
 * The message of a pair one of whose leaves is classed by paths: "field
 * 'sk_rcvbuf' (read on rx) shares cache line 2 (bytes 128-191) of 'struct
 * sock' with field 'sk_wmem_queued' (written on tx) [cachelint-false-sharing]"
 */
const char *cl_pair_text(const struct cl_check_ctx *ctx, enum cl_rule rule,
			 const struct cl_leaf *a, const struct cl_leaf *b,
			 const struct cl_pair_geometry *g);

/*
 * A pair that contention evidence judged (@ctx->rec->contention): the
 * message and note of @f say what it cost, "field 'nkey' shares cache line
 * 0 (bytes 0-63) of 'struct item' with field 'refs', which another thread
 * writes at the same time: ~12,300 transfers/s of false sharing [...]".
 * @w is the written leaf; @both: @a is written by another thread too.
 */
void cl_contention_pair_finding(const struct cl_check_ctx *ctx, struct cl_finding *f,
				enum cl_rule rule, const struct cl_leaf *a,
				const struct cl_leaf *w, bool both,
				const struct cl_pair_geometry *g);

#endif /* CACHELINT_CHECK_H */
