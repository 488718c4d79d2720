/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * propose.h - a field order without the findings, at the least cost
 *
 * The engine reorders the top-level members of a record (embedded records
 * and bit-field runs move whole) into segments that start on a line: the
 * read-mostly members, then the write-hot members of each write group,
 * with unannotated members filling the ends of lines.  Each segment after
 * the first gets an alignment of one line on its first member -- alignment
 * is added only at class boundaries.  Inside a class the declaration order
 * is kept; explicitly aligned members keep their alignment; a flexible
 * array stays last.  The result is checked by analysing it again, never
 * assumed.
 */
#ifndef CACHELINT_PROPOSE_H
#define CACHELINT_PROPOSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "checks/analysis.h"
#include "model/layout.h"
#include "model/lines.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_proposal - a new order of a record's top-level members
 * @rec: the record
 * @reason: why there is no proposal (NULL when there is one)
 * @n: number of members (rec->nmembers)
 * @order: @n member indices in their new order
 * @align: per position in @order, the alignment added to that member (0: none)
 * @pad: per position in @order, bytes of padding added after that member
 *       (0: none)
 * @base_align: the objects were seen only this aligned (a profile's
 *              objects: entry, below the line size): the classes are kept
 *              a line apart by distance (@pad), not by alignment; 0: not so
 * @offset: per position in @order, the new bit offset
 * @size: new size in bytes
 * @align_rec: new alignment of the record
 * @old_lines: lines the record spans now (size / line size, rounded up)
 * @new_lines: lines it spans with the proposal
 * @model: the proposed layout as a record of the model (members in the new
 *         order at their new offsets), which the analysis found clean
 *         unless @gave_up says otherwise
 * @gave_up: with --max-growth, what the proposal gave up to stay within it
 *           ("kept 'x' and 'y' on one line to stay within 64 bytes of
 *           growth"), NULL when it gave up nothing
 * @lines_before: per path (and class), the lines it touches in @rec
 *                (cl_path_lines()), sorted by path
 * @lines_after: the same paths in the same order, in @model
 * @npaths: number of @lines_before and @lines_after
 */
struct cl_proposal {
	const struct cl_record *rec;
	const char *reason;
	size_t n;
	size_t *order;
	uint32_t *align;
	uint32_t *pad;
	uint64_t *offset;
	uint64_t size;
	uint32_t align_rec;
	uint64_t old_lines, new_lines;
	uint64_t base_align;
	struct cl_record *model;
	const char *gave_up;
	struct cl_path_lines *lines_before, *lines_after;
	size_t npaths;
};

/*
 * Propose an order for @rec under @opt.  Returns 0 with a proposal, or -1
 * with @out->reason saying why none is safe (a read-mostly and a write-hot
 * bit-field in one storage unit, a packed record, …).  Memory is from @a.
 */
int cl_propose(const struct cl_record *rec, const struct cl_options *opt,
	       struct cl_arena *a, struct cl_proposal *out);
/*
 * The largest alignment @p adds to a member (aligned(64) on a class
 * boundary), 0 when it adds none.  Objects of the proposed layout need
 * storage aligned that much: a static or aligned_alloc(), not malloc().
 */
uint32_t cl_proposal_added_align(const struct cl_proposal *p);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_PROPOSE_H */
