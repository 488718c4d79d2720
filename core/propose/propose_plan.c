// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose_plan.c - what a plan is made of, for both ways of ordering it:
 * laying its segments out as GCC would (bit-fields as the psABIs place
 * them, alignment, padding at line boundaries), the record the layout
 * gives, the findings left on it, and joining neighbour segments that may
 * share a line
 *
 * propose.c orders the segments by class and group, propose_lines.c by
 * fewest lines per path; both lay out, model and count with these, which
 * call neither.
 */
#include "propose_internal.h"
#include "profile/access_profile.h"
#include "model/kernel_groups.h"
#include "model/paths.h"

#include <inttypes.h>
#include <string.h>

/* Leaves compared when two segments may be joined (segment_accesses()). */
#define JOIN_ACCESSES_MAX 64

static uint64_t align_up(uint64_t x, uint64_t a)
{
	return a > 1 ? (x + a - 1) / a * a : x;
}

/*
 * The bits of @exact unit @u laid out from bit @bit as GCC lays out
 * bit-fields (the x86-64 and AArch64 psABIs; not packed): a member that
 * would span more units of its type's alignment than its type has moves to
 * the next such unit.  Sets the members' bits in @out when given; returns
 * where the last ends.
 */
static uint64_t lay_bits(const struct plan *pl, const struct unit *u, uint64_t bit,
			 uint64_t *out)
{
	for (size_t j = 0; j < u->count; j++) {
		const struct cl_member *m = &pl->rec->members[u->first + j];
		uint64_t ua = (uint64_t)m->unit_align * 8, us = (uint64_t)m->unit_size * 8;

		if (m->bit_size && (bit % ua + m->bit_size + ua - 1) / ua > us / ua)
			bit = align_up(bit, ua);
		if (out)
			out[u->first + j] = bit;
		bit += m->bit_size;
	}
	return bit;
}

/* The bit a bit-field run placed at byte @cur starts from. */
static uint64_t bits_from(const struct plan *pl, uint64_t cur)
{
	return pl->after_bits ? pl->bitend : cur * 8;
}

/* Lay unit @i at the next offset its alignment (and @extra) allows. */
static void place(struct plan *pl, size_t i, uint64_t *cur, uint32_t extra)
{
	struct unit *u = &pl->units[i];
	uint32_t align = u->align > extra ? u->align : extra;

	if (u->exact && !u->frozen) {
		uint64_t end = lay_bits(pl, u, bits_from(pl, *cur), pl->bit);

		pl->off[i] = pl->bit[u->first] / 8;
		pl->added[i] = 0;
		*cur = (end + 7) / 8;
		pl->bitend = end;
		pl->after_bits = true;
		u->placed = true;
		pl->pos[pl->npos++] = i;
		return;
	}
	pl->off[i] = align_up(*cur, align);
	/* a frozen run stays where it is, and what follows packs after it */
	pl->after_bits = u->exact;
	if (u->exact) {
		const struct cl_member *last = &pl->rec->members[u->first + u->count - 1];

		pl->bitend = last->bit_offset + last->bit_size;
	}
	pl->added[i] = extra > u->align ? extra : 0;
	*cur = pl->off[i] + u->bytes;
	if (align > pl->align)
		pl->align = align;
	u->placed = true;
	pl->pos[pl->npos++] = i;
}

/* Fill [*cur, limit) with unannotated units that fit, in declaration order. */
static void fill(struct plan *pl, uint64_t *cur, uint64_t limit)
{
	for (size_t i = 0; i < pl->nunits && *cur < limit; i++) {
		struct unit *u = &pl->units[i];

		if (u->placed || u->kind != SEG_NEUTRAL || u->flexible || u->frozen)
			continue;
		if (u->exact ? (lay_bits(pl, u, bits_from(pl, *cur), NULL) + 7) / 8 <= limit :
			       align_up(*cur, u->align) + u->bytes <= limit)
			place(pl, i, cur, 0);
	}
}

/*
 * A segment that starts on a line needs an alignment on its first unit, and
 * bit-fields cannot carry one: lead with its first other unit.
 */
static const char *lead_with_alignable(struct plan *pl, size_t s)
{
	size_t *v = pl->seg[s], k;

	for (k = 0; k < pl->segn[s] && pl->units[v[k]].bitfield; k++)
		;
	if (k == pl->segn[s])
		return "a class made only of bit-fields cannot be aligned to a line: add a member to it or move it into a struct of its own";
	if (k) {
		size_t lead = v[k];

		memmove(v + 1, v, k * sizeof(*v));
		v[0] = lead;
	}
	return NULL;
}

/*
 * A line apart whatever the start: the next segment begins line - 1 bytes
 * or more after the last byte laid so far, so that no line holds a byte of
 * both.  Free units fill the gap first; padding after the last unit laid
 * makes up the rest (a char array the rewrite adds to its line).
 */
static void pad_line(struct plan *pl, uint64_t *cur, unsigned line)
{
	uint64_t want = *cur + line - 1;

	fill(pl, cur, want);
	if (*cur < want && pl->npos) {
		pl->pad[pl->pos[pl->npos - 1]] = (uint32_t)(want - *cur);
		*cur = want;
		pl->after_bits = false;
	}
}

/* Free units up to @boundary, then padding after the last unit laid for the rest. */
static void pad_to(struct plan *pl, uint64_t *cur, uint64_t boundary)
{
	fill(pl, cur, boundary);
	if (*cur < boundary && pl->npos) {
		pl->pad[pl->pos[pl->npos - 1]] += (uint32_t)(boundary - *cur);
		*cur = boundary;
		pl->after_bits = false;
	}
}

const char *cl_plan_lay_out(struct plan *pl, const struct cl_record *rec, unsigned line,
			    struct cl_arena *a)
{
	uint64_t cur = 0;
	size_t flex = SIZE_MAX;
	bool annotated_prefix = false;
	const char *why;

	pl->pos = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*pl->pos));
	pl->off = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*pl->off));
	pl->added = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*pl->added));
	pl->pad = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*pl->pad));
	memset(pl->pad, 0, (pl->nunits + 1) * sizeof(*pl->pad));
	pl->npos = 0;
	pl->align = rec->align ? rec->align : 1;
	pl->rec = rec;
	pl->bit = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*pl->bit));
	pl->after_bits = false;
	for (size_t i = 0; i < pl->nunits; i++)
		pl->units[i].placed = false;
	/*
	 * Pinned members, and all before them, keep their offsets; a class
	 * among them makes the next segment start on a line of its own.
	 */
	for (size_t i = 0; i < pl->nunits && pl->units[i].frozen; i++) {
		struct unit *u = &pl->units[i];

		cur = rec->members[u->first].bit_offset / 8;
		place(pl, i, &cur, 0);
		annotated_prefix |= u->kind != SEG_NEUTRAL;
	}
	for (size_t s = 0, k = annotated_prefix; s < pl->nseg; s++) {
		bool new_line;

		if (!pl->segn[s])
			continue;
		new_line = k++ && !pl->segjoin[s];
		if (new_line) {
			why = lead_with_alignable(pl, s);
			if (why)
				return why;
			if (pl->distance)
				pad_line(pl, &cur, line);
			else if (pl->unaligned)
				pad_to(pl, &cur, align_up(cur, line));
			else
				fill(pl, &cur, align_up(cur, line));
		}
		for (size_t j = 0; j < pl->segn[s]; j++) {
			size_t u = pl->seg[s][j];

			if (pl->units[u].flexible) {
				flex = u;
				continue;
			}
			place(pl, u, &cur, j == 0 && new_line && !pl->distance && !pl->unaligned ?
				  line : 0);
		}
	}
	fill(pl, &cur, UINT64_MAX);
	for (size_t i = 0; i < pl->nunits; i++)
		if (!pl->units[i].placed && pl->units[i].flexible)
			flex = i;
	if (flex != SIZE_MAX)
		place(pl, flex, &cur, 0);
	pl->size = align_up(cur, pl->align);
	return NULL;
}

/* The proposed layout as a record of the model, members in the new order. */
struct cl_record *cl_plan_model(const struct cl_record *rec, const struct plan *pl,
				struct cl_arena *a)
{
	struct cl_record *m = cl_record_new(a, rec->kind, rec->name, rec->nmembers);
	size_t k = 0;

	m->typedef_name = rec->typedef_name;
	m->size = pl->size;
	m->align = pl->align;
	m->packed = rec->packed;
	m->paths = rec->paths;
	m->npaths = rec->npaths;
	m->span = rec->span;
	m->suppress = rec->suppress;
	m->objects = rec->objects;
	m->contention = rec->contention;
	m->contention_floor = rec->contention_floor;
	m->conflicts = rec->conflicts;
	m->nconflicts = rec->nconflicts;
	for (size_t p = 0; p < pl->npos; p++) {
		const struct unit *u = &pl->units[pl->pos[p]];
		uint64_t delta = pl->off[pl->pos[p]] * 8 - rec->members[u->first].bit_offset / 8 * 8;

		for (size_t j = 0; j < u->count; j++, k++) {
			m->members[k] = rec->members[u->first + j];
			m->members[k].bit_offset = u->exact && !u->frozen ? pl->bit[u->first + j] :
					       m->members[k].bit_offset + delta;
			if (j == 0 && pl->added[pl->pos[p]]) {
				m->members[k].align = pl->added[pl->pos[p]];
				m->members[k].flags |= CL_MEMBER_USER_ALIGN;
			}
		}
	}
	return m;
}

/* Findings of the rules a proposal must leave none of. */
size_t cl_plan_conflicts(const struct cl_record *rec, const struct cl_options *opt,
			 struct cl_arena *a)
{
	struct cl_findings f;
	size_t n = 0;

	cl_findings_init(&f, a);
	cl_analyze(rec, opt, &f);
	for (size_t i = 0; i < f.n; i++)
		n += cl_rule_proposal_fixes(f.v[i].rule);
	cl_findings_free(&f);
	return n;
}
/*
 * The used leaves of segment @s, one per distinct access; false when too
 * many.  With evidence per object (@rec->objects) a leaf is judged by its
 * path too, so every used leaf counts.  The leaves of top-level member t
 * are leaves[start[t]] .. leaves[start[t + 1] - 1].
 */
static bool segment_accesses(const struct cl_record *rec, const struct plan *pl, size_t s,
			     const struct cl_leaf *leaves, const size_t *start,
			     const struct cl_leaf **out, size_t *n)
{
	for (size_t j = 0; j < pl->segn[s]; j++) {
		const struct unit *u = &pl->units[pl->seg[s][j]];

		for (size_t i = start[u->first]; i < start[u->first + u->count]; i++) {
			const struct cl_access *acc = &leaves[i].access;
			size_t k;

			if (!cl_access_used(acc))
				continue;
			for (k = 0; k < *n && (cl_record_has_evidence(rec) || !cl_access_same(&out[k]->access, acc));
			     k++)
				;
			if (k < *n)
				continue;
			if (*n == JOIN_ACCESSES_MAX)
				return false;
			out[(*n)++] = &leaves[i];
		}
	}
	return true;
}

/*
 * Whether two sets of leaves can share lines whatever the geometry: no
 * write of one costs an access of the other a miss (paths.h), which with
 * evidence per object the runtime saw on one object.
 */
static bool compatible(const struct cl_record *rec, const struct cl_leaf **x, size_t nx,
		       const struct cl_leaf **y, size_t ny)
{
	for (size_t i = 0; i < nx; i++)
		for (size_t j = 0; j < ny; j++)
			if (cl_leaves_conflict(rec, x[i], y[j]) ||
			    cl_leaves_conflict(rec, y[j], x[i]))
				return false;
	return true;
}

/*
 * Let a segment go on on the line of the ones before it, back to the last
 * that started a line, when nothing in it conflicts with anything in them
 * whatever the placement (the read and the written members of one
 * serialized path): fewer lines, and no alignment where none is needed.
 */
void cl_plan_join_segments(struct plan *pl, const struct cl_record *rec, struct cl_arena *a)
{
	struct cl_leaf *leaves;
	size_t nleaves = cl_record_leaves(rec, a, &leaves, cl_record_has_evidence(rec));
	size_t *start = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*start));
	const struct cl_leaf **run = cl_arena_alloc(a, JOIN_ACCESSES_MAX * sizeof(*run));
	const struct cl_leaf **next = cl_arena_alloc(a, JOIN_ACCESSES_MAX * sizeof(*next));
	size_t nrun = 0;
	bool started = false;

	/* leaves come in declaration order: each top member's are a run */
	for (size_t t = 0, i = 0; t <= rec->nmembers; t++) {
		while (i < nleaves && leaves[i].top < t)
			i++;
		start[t] = i;
	}
	for (size_t s = 0; s < pl->nseg; s++) {
		size_t nnext = 0;
		bool ok;

		if (!pl->segn[s])
			continue;
		ok = segment_accesses(rec, pl, s, leaves, start, next, &nnext);
		if (started && ok && nrun + nnext <= JOIN_ACCESSES_MAX &&
		    compatible(rec, run, nrun, next, nnext) && pl->units[pl->seg[s][0]].kind != SEG_MIXED) {
			pl->segjoin[s] = true;
			memcpy(run + nrun, next, nnext * sizeof(*next));
			nrun += nnext;
			continue;
		}
		started = ok;
		nrun = ok ? nnext : 0;
		memcpy(run, next, nrun * sizeof(*next));
	}
}
