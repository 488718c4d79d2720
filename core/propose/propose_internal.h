/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * propose_internal.h - the proposal engine's plan, shared by its phases
 *
 * propose.c builds units and segments, lays them out and checks the result;
 * propose_lines.c searches the order of the segments for the fewest lines
 * per path.  Nothing outside the engine includes this.
 */
#ifndef CACHELINT_PROPOSE_INTERNAL_H
#define CACHELINT_PROPOSE_INTERNAL_H

#include "propose.h"

enum seg_kind {
	SEG_NEUTRAL,
	SEG_READ,
	SEG_WRITE,
	SEG_MIXED,
};

/**
 * struct unit - members that move together
 * @first: index of the first member
 * @count: number of members (> 1 only for bit-field runs)
 * @bytes: bytes it occupies
 * @align: alignment it needs
 * @kind: which segment it belongs to
 * @group: the paths of the unit: the write group or the paths that write
 *         a SEG_WRITE unit (NULL: ungrouped write-hot), the paths that read
 *         a SEG_READ unit (NULL: read-mostly, read on every path)
 * @bitfield: a bit-field run: cannot be given an alignment
 * @exact: a bit-field run whose declared types are known: laid out bit by
 *         bit as the compiler does, after whatever bits come before it
 * @flexible: a flexible array member: always last
 * @frozen: at or before the last pinned member: stays where it is
 * @placed: already laid out
 */
struct unit {
	size_t first, count;
	uint64_t bytes;
	uint32_t align;
	enum seg_kind kind;
	const char *group;
	bool bitfield, exact, flexible, frozen, placed;
};

/**
 * struct plan - one candidate layout
 * @units: all units
 * @nunits: number of @units
 * @seg: per segment, its unit indices in order
 * @segn: per segment, the number of units
 * @segcap: per segment, the room in @seg
 * @segjoin: per segment, it goes on on the line of the one before (the
 *           analysis found nothing between them) instead of a new line
 * @nseg: number of segments
 * @pos: units in their new order
 * @npos: number of @pos
 * @off: per unit, its new byte offset
 * @added: per unit, the alignment added to its first member (0: none)
 * @size: the resulting size
 * @align: the resulting record alignment
 * @rec: the record
 * @bit: per member, its new bit offset when its unit is @exact
 * @bitend: where the bits of the last unit placed end, when it was an
 *          @exact bit-field run (a run that follows packs into its bytes)
 * @after_bits: @bitend is valid
 * @pad: per unit, bytes of padding laid after it (by distance, below)
 * @distance: keep segments a line apart by padding, not by alignment:
 *            the objects live where a line alignment does not hold
 * @unaligned: start segments on the lines of an object that starts on a
 *             line, by filling and padding up to the boundary, adding no
 *             alignment (which rounds the size up to a line): --max-growth
 *             0 on page_counter
 */
struct plan {
	struct unit *units;
	size_t nunits;
	size_t **seg;
	size_t *segn, *segcap;
	bool *segjoin;
	size_t nseg;
	size_t *pos;
	size_t npos;
	uint64_t *off;
	uint32_t *added;
	uint64_t size;
	uint32_t align;
	const struct cl_record *rec;
	uint64_t *bit;
	uint64_t bitend;
	bool after_bits;
	uint32_t *pad;
	bool distance, unaligned;
};

/* Let neighbouring segments share lines where nothing conflicts (propose.c). */
void cl_plan_join_segments(struct plan *pl, const struct cl_record *rec, struct cl_arena *a);
/* Lay the segments out in order: NULL, or why it cannot be done. */
const char *cl_plan_lay_out(struct plan *pl, const struct cl_record *rec, unsigned line,
			    struct cl_arena *a);
/* The laid-out plan as a record of the model. */
struct cl_record *cl_plan_model(const struct cl_record *rec, const struct plan *pl,
				struct cl_arena *a);
/* How many findings a proposal must leave none of @rec has under @opt. */
size_t cl_plan_conflicts(const struct cl_record *rec, const struct cl_options *opt,
			 struct cl_arena *a);

/*
 * Reorder the segments of @best (laid out, clean under @check) so that the
 * paths touch fewer lines in all, at no more bytes; keeps @best when no
 * order does better (propose_lines.c).
 */
void cl_plan_fewest_lines(struct plan *best, const struct cl_record *rec,
			  const struct cl_options *opt, const struct cl_options *check,
			  struct cl_arena *a);

#endif /* CACHELINT_PROPOSE_INTERNAL_H */
