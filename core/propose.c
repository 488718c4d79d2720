// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose.c - the proposal engine: units, segments, placement, verification
 *
 * A unit is what moves: a top-level member, or a run of bit-fields (they
 * share storage and their order within the run is the ABI).  A segment is a
 * set of units that may share lines: the read-mostly units, the write-hot
 * units of one write group (the ungrouped ones join the first), or one unit
 * that holds both classes (an embedded record: it moves whole, on lines of
 * its own).  Unannotated units are free and fill the ends of lines.
 */
#include "propose.h"

#include <string.h>

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
 * @group: write group of a SEG_WRITE unit (NULL: ungrouped)
 * @bitfield: a bit-field run: cannot be given an alignment
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
	bool bitfield, flexible, frozen, placed;
};

/**
 * struct plan - one candidate layout
 * @units: all units
 * @nunits: number of @units
 * @seg: per segment, its unit indices in order
 * @segn: per segment, the number of units
 * @segcap: per segment, the room in @seg
 * @nseg: number of segments
 * @pos: units in their new order
 * @npos: number of @pos
 * @off: per unit, its new byte offset
 * @added: per unit, the alignment added to its first member (0: none)
 * @size: the resulting size
 * @align: the resulting record alignment
 */
struct plan {
	struct unit *units;
	size_t nunits;
	size_t **seg;
	size_t *segn, *segcap;
	size_t nseg;
	size_t *pos;
	size_t npos;
	uint64_t *off;
	uint32_t *added;
	uint64_t size;
	uint32_t align;
};

static uint64_t align_up(uint64_t x, uint64_t a)
{
	return a > 1 ? (x + a - 1) / a * a : x;
}

static uint32_t pow2_at_least(uint64_t n)
{
	uint32_t p = 1;

	while (p < n && p < 8)
		p <<= 1;
	return p;
}

/* Which classes each top-level member holds, from the record's leaves. */
struct top_class {
	bool read, write, groups_differ;
	const char *group;
};

static void classify_tops(const struct cl_record *rec, struct cl_arena *a,
			  struct top_class *tc)
{
	struct cl_leaf *leaves;
	size_t n = cl_record_leaves(rec, a, &leaves, false);

	for (size_t i = 0; i < n; i++) {
		struct top_class *t = &tc[leaves[i].top];
		const struct cl_access *acc = &leaves[i].access;

		if (acc->cls == CL_CLASS_READ_MOSTLY) {
			t->read = true;
		} else if (acc->cls == CL_CLASS_WRITE_HOT) {
			if (t->write && (!t->group != !acc->group ||
					 (t->group && strcmp(t->group, acc->group))))
				t->groups_differ = true;
			t->write = true;
			t->group = acc->group;
		}
	}
}

static enum seg_kind kind_of(const struct top_class *t)
{
	if ((t->read && t->write) || t->groups_differ)
		return SEG_MIXED;
	if (t->read)
		return SEG_READ;
	return t->write ? SEG_WRITE : SEG_NEUTRAL;
}

/* Merge the classes of a bit-field run into one; false if they conflict. */
static bool merge_class(struct top_class *into, const struct top_class *t)
{
	if (t->write && into->write && (!t->group != !into->group ||
					(t->group && strcmp(t->group, into->group))))
		return false;
	into->read |= t->read;
	into->write |= t->write;
	if (t->write)
		into->group = t->group;
	return !(into->read && into->write);
}

/* One past the last pinned member: the members before it do not move. */
static size_t frozen_prefix(const struct cl_record *rec)
{
	size_t end = 0;

	for (size_t i = 0; i < rec->nmembers; i++)
		if (rec->members[i].flags & CL_MEMBER_PINNED)
			end = i + 1;
	return end;
}

static const char *build_units(const struct cl_record *rec, struct cl_arena *a,
			       const struct top_class *tc, struct plan *pl)
{
	size_t i = 0, frozen = frozen_prefix(rec);

	pl->units = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*pl->units));
	while (i < rec->nmembers) {
		const struct cl_member *m = &rec->members[i];
		struct unit *u = &pl->units[pl->nunits++];
		struct top_class c = tc[i];
		uint64_t lo = m->bit_offset, hi = m->bit_offset + m->bit_size;

		u->first = i;
		u->count = 1;
		if (m->flags & CL_MEMBER_BITFIELD) {
			while (i + u->count < rec->nmembers &&
			       (rec->members[i + u->count].flags & CL_MEMBER_BITFIELD)) {
				const struct cl_member *b = &rec->members[i + u->count];

				if (!merge_class(&c, &tc[i + u->count]))
					return "read-mostly and write-hot bit-fields (or two write groups) share one run of bit-fields: declare them apart first";
				hi = b->bit_offset + b->bit_size;
				u->count++;
			}
			u->bitfield = true;
			u->bytes = (hi + 7) / 8 - lo / 8;
			u->align = pow2_at_least(u->bytes);
		} else {
			u->bytes = m->bit_size / 8;
			u->align = m->align ? m->align : 1;
			u->flexible = m->flags & CL_MEMBER_FLEXIBLE;
		}
		u->kind = kind_of(&c);
		u->group = c.group;
		u->frozen = i < frozen;
		i += u->count;
	}
	return NULL;
}

/* Room doubles, so a segment of n units costs n, not n squared. */
static void add_to_segment(struct plan *pl, struct cl_arena *a, size_t seg, size_t unit)
{
	if (pl->segn[seg] == pl->segcap[seg]) {
		size_t cap = pl->segcap[seg] ? 2 * pl->segcap[seg] : 8;
		size_t *v = cl_arena_alloc(a, cap * sizeof(*v));

		if (pl->segn[seg])
			memcpy(v, pl->seg[seg], pl->segn[seg] * sizeof(*v));
		pl->seg[seg] = v;
		pl->segcap[seg] = cap;
	}
	pl->seg[seg][pl->segn[seg]++] = unit;
}

static bool same_group(const char *x, const char *y)
{
	return x == y || (x && y && !strcmp(x, y));
}

/*
 * Segments in the order read, mixed…, write groups… (@read_first), or
 * write groups…, mixed…, read.  Ungrouped write-hot units conflict with no
 * writer and join the first write segment.
 */
static void build_segments(struct plan *pl, struct cl_arena *a, bool read_first)
{
	size_t nwrite = 0, first_write;
	const char **groups = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*groups));
	size_t read_seg, mixed_seg;

	pl->seg = cl_arena_alloc(a, (pl->nunits + 2) * sizeof(*pl->seg));
	pl->segn = cl_arena_alloc(a, (pl->nunits + 2) * sizeof(*pl->segn));
	pl->segcap = cl_arena_alloc(a, (pl->nunits + 2) * sizeof(*pl->segcap));
	/* The write groups, in order of first appearance. */
	for (size_t i = 0; i < pl->nunits; i++) {
		struct unit *u = &pl->units[i];
		size_t g;

		if (u->kind != SEG_WRITE || !u->group)
			continue;
		for (g = 0; g < nwrite && !same_group(groups[g], u->group); g++)
			;
		if (g == nwrite)
			groups[nwrite++] = u->group;
	}
	if (!nwrite) {
		for (size_t i = 0; i < pl->nunits; i++)
			if (pl->units[i].kind == SEG_WRITE)
				nwrite = 1;
		groups[0] = NULL;
	}
	read_seg = read_first ? 0 : SIZE_MAX;
	first_write = read_first ? 1 : 0;
	mixed_seg = first_write;
	pl->nseg = 1 + nwrite;
	for (size_t i = 0; i < pl->nunits; i++) {
		struct unit *u = &pl->units[i];
		size_t g;

		if (u->frozen)
			continue;
		switch (u->kind) {
		case SEG_READ:
			add_to_segment(pl, a, read_first ? read_seg : pl->nseg - 1, i);
			break;
		case SEG_WRITE:
			for (g = 0; g < nwrite && !same_group(groups[g], u->group); g++)
				;
			if (g == nwrite)
				g = 0;
			add_to_segment(pl, a, first_write + g, i);
			break;
		default:
			break;
		}
	}
	/* Each mixed unit is a segment of its own, between the classes. */
	for (size_t i = 0; i < pl->nunits; i++) {
		if (pl->units[i].kind != SEG_MIXED || pl->units[i].frozen)
			continue;
		memmove(pl->seg + mixed_seg + 1, pl->seg + mixed_seg,
			(pl->nseg - mixed_seg) * sizeof(*pl->seg));
		memmove(pl->segn + mixed_seg + 1, pl->segn + mixed_seg,
			(pl->nseg - mixed_seg) * sizeof(*pl->segn));
		memmove(pl->segcap + mixed_seg + 1, pl->segcap + mixed_seg,
			(pl->nseg - mixed_seg) * sizeof(*pl->segcap));
		pl->seg[mixed_seg] = NULL;
		pl->segn[mixed_seg] = pl->segcap[mixed_seg] = 0;
		add_to_segment(pl, a, mixed_seg, i);
		pl->nseg++;
		mixed_seg++;
	}
}

/* Lay unit @i at the next offset its alignment (and @extra) allows. */
static void place(struct plan *pl, size_t i, uint64_t *cur, uint32_t extra)
{
	struct unit *u = &pl->units[i];
	uint32_t align = u->align > extra ? u->align : extra;

	pl->off[i] = align_up(*cur, align);
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
		if (align_up(*cur, u->align) + u->bytes <= limit)
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

static const char *lay_out(struct plan *pl, const struct cl_record *rec, unsigned line,
			   struct cl_arena *a)
{
	uint64_t cur = 0;
	size_t flex = SIZE_MAX;
	bool annotated_prefix = false;
	const char *why;

	pl->pos = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*pl->pos));
	pl->off = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*pl->off));
	pl->added = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*pl->added));
	pl->npos = 0;
	pl->align = rec->align ? rec->align : 1;
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
		if (!pl->segn[s])
			continue;
		if (k++) {
			why = lead_with_alignable(pl, s);
			if (why)
				return why;
			fill(pl, &cur, align_up(cur, line));
		}
		for (size_t j = 0; j < pl->segn[s]; j++) {
			size_t u = pl->seg[s][j];

			if (pl->units[u].flexible) {
				flex = u;
				continue;
			}
			place(pl, u, &cur, j == 0 && k > 1 ? line : 0);
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
static struct cl_record *build_model(const struct cl_record *rec, const struct plan *pl,
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
	for (size_t p = 0; p < pl->npos; p++) {
		const struct unit *u = &pl->units[pl->pos[p]];
		uint64_t delta = pl->off[pl->pos[p]] * 8 - rec->members[u->first].bit_offset / 8 * 8;

		for (size_t j = 0; j < u->count; j++, k++) {
			m->members[k] = rec->members[u->first + j];
			m->members[k].bit_offset += delta;
			if (j == 0 && pl->added[pl->pos[p]]) {
				m->members[k].align = pl->added[pl->pos[p]];
				m->members[k].flags |= CL_MEMBER_USER_ALIGN;
			}
		}
	}
	return m;
}

/* Findings of the rules a proposal must leave none of. */
static size_t conflicts(const struct cl_record *rec, const struct cl_options *opt,
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

static int fail(struct cl_proposal *out, const char *why)
{
	out->reason = why;
	return -1;
}

static void export_plan(const struct cl_record *rec, const struct plan *pl,
			const struct cl_options *opt, struct cl_arena *a,
			struct cl_proposal *out)
{
	size_t k = 0;

	out->order = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*out->order));
	out->align = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*out->align));
	out->offset = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*out->offset));
	for (size_t p = 0; p < pl->npos; p++) {
		const struct unit *u = &pl->units[pl->pos[p]];
		uint64_t delta = pl->off[pl->pos[p]] * 8 - rec->members[u->first].bit_offset / 8 * 8;

		for (size_t j = 0; j < u->count; j++, k++) {
			out->order[k] = u->first + j;
			out->align[k] = j == 0 ? pl->added[pl->pos[p]] : 0;
			out->offset[k] = rec->members[u->first + j].bit_offset + delta;
		}
	}
	out->size = pl->size;
	out->align_rec = pl->align;
	out->new_lines = (pl->size + opt->line_size - 1) / opt->line_size;
}

int cl_propose(const struct cl_record *rec, const struct cl_options *opt,
	       struct cl_arena *a, struct cl_proposal *out)
{
	struct top_class *tc = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*tc));
	struct plan best = { 0 };
	const char *why;

	memset(out, 0, sizeof(*out));
	out->rec = rec;
	out->n = rec->nmembers;
	out->old_lines = (rec->size + opt->line_size - 1) / opt->line_size;
	if (rec->kind == CL_UNION)
		return fail(out, "a union's members all start at offset 0: nothing to reorder");
	if (rec->packed)
		return fail(out, "a packed struct is usually a wire or hardware format: its order is not cachelint's to change");
	classify_tops(rec, a, tc);
	for (int read_first = 1; read_first >= 0; read_first--) {
		struct plan pl = { 0 };

		why = build_units(rec, a, tc, &pl);
		if (why)
			return fail(out, why);
		build_segments(&pl, a, read_first);
		why = lay_out(&pl, rec, opt->line_size, a);
		if (why)
			return fail(out, why);
		if (!best.units || pl.size < best.size)
			best = pl;
	}
	export_plan(rec, &best, opt, a, out);
	out->model = build_model(rec, &best, a);
	if (conflicts(out->model, opt, a))
		return fail(out, frozen_prefix(rec) ?
			    "the pinned fields, and those before them, already share a line across classes" :
			    "no order of whole members separates the classes (an embedded struct or a member spanning lines holds both)");
	return 0;
}
