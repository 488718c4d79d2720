// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose.c - the proposal engine: units, segments, placement, verification
 *
 * A unit is what moves: a top-level member, or a run of bit-fields (they
 * share storage and their order within the run is the ABI).  A segment is a
 * set of units that may share lines: the read-mostly units; the units read
 * (only) on one set of paths; the units written on one set of paths (a
 * write group is a path; the ungrouped write-hot units join the first), or
 * one unit that holds both (an embedded record: it moves whole, on lines of
 * its own).  Segments of one set of paths sit next to each other -- one
 * socket's rx path reads and writes its members on one CPU -- and two
 * neighbours share a line whenever the analysis finds nothing between them.
 * Unannotated units are free and fill the ends of lines.
 */
#include "propose_internal.h"
#include "profile/access_profile.h"
#include "model/kernel_groups.h"
#include "model/paths.h"

#include <inttypes.h>
#include <string.h>

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

/* "rx", "rx+tx": the names of the paths of @acc's uses that have @flags, sorted. */
static const char *path_key(const struct cl_access *acc, uint32_t flags, struct cl_arena *a)
{
	const char *names[32];
	size_t n = 0;
	const char *key = NULL;

	for (uint32_t i = 0; i < acc->nuses && n < 32; i++) {
		size_t k = n;

		if (!(acc->uses[i].flags & flags) || !acc->uses[i].path)
			continue;
		while (k > 0 && strcmp(names[k - 1], acc->uses[i].path) > 0) {
			names[k] = names[k - 1];
			k--;
		}
		names[k] = acc->uses[i].path;
		n++;
	}
	for (size_t i = 0; i < n; i++)
		key = key ? cl_arena_printf(a, "%s+%s", key, names[i]) : names[i];
	return key;
}

static bool same_key(const char *x, const char *y)
{
	return x == y || (x && y && !strcmp(x, y));
}

static void class_leaf(struct top_class *t, bool write, const char *key)
{
	if (write) {
		if (t->write && !same_key(t->group, key))
			t->groups_differ = true;
		t->write = true;
		t->group = key;
	} else if (!t->read) {
		t->read = true;
		t->group = key;
	} else if (!same_key(t->group, key)) {
		t->group = NULL;	/* read on several sets of paths: any read segment */
	}
}

static void classify_tops(const struct cl_record *rec, struct cl_arena *a,
			  struct top_class *tc)
{
	struct cl_leaf *leaves;
	size_t n = cl_record_leaves(rec, a, &leaves, false);

	for (size_t i = 0; i < n; i++) {
		struct top_class *t = &tc[leaves[i].top];
		const struct cl_access *acc = &leaves[i].access;

		if (acc->cls == CL_CLASS_READ_MOSTLY)
			class_leaf(t, false, NULL);
		else if (acc->cls == CL_CLASS_WRITE_HOT)
			class_leaf(t, true, acc->group);
		else if (acc->cls == CL_CLASS_PATHS && cl_access_writes(acc))
			class_leaf(t, true, path_key(acc, CL_USE_WRITE | CL_USE_WRITE_SOME, a));
		else if (acc->cls == CL_CLASS_PATHS && cl_access_used(acc))
			class_leaf(t, false, path_key(acc, CL_USE_READ, a));
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
	if (t->write && into->write && !same_key(t->group, into->group))
		return false;
	if (t->read && into->read && !same_key(t->group, into->group))
		into->group = NULL;
	else if (t->read || t->write)
		into->group = t->group;
	into->read |= t->read;
	into->write |= t->write;
	return !(into->read && into->write);
}

#define CXX_PLACED (CL_MEMBER_BASE | CL_MEMBER_ARTIFICIAL)

/*
 * One past the last pinned member, or past the C++ bases and vptr that
 * lead the class (the ABI places them, not the order of the body): the
 * members before it do not move.
 */
static size_t frozen_prefix(const struct cl_record *rec)
{
	size_t end = 0;

	while (end < rec->nmembers && (rec->members[end].flags & CXX_PLACED))
		end++;
	for (size_t i = end; i < rec->nmembers; i++)
		if (rec->members[i].flags & CL_MEMBER_PINNED)
			end = i + 1;
	return end;
}

/* A virtual base, or a base the ABI put after the fields: nothing moves it. */
static bool placed_after_fields(const struct cl_record *rec)
{
	size_t i = 0;

	while (i < rec->nmembers && (rec->members[i].flags & CXX_PLACED))
		i++;
	for (; i < rec->nmembers; i++)
		if (rec->members[i].flags & CXX_PLACED)
			return true;
	return false;
}

/*
 * A kernel cacheline group, __cacheline_group_begin__G through
 * __cacheline_group_end__G (and the pad the aligned variant adds), moves
 * whole: its markers are what the kernel's CACHELINE_ASSERT_GROUP_MEMBER()
 * checks are written against.  Returns how many members from @i it spans,
 * 0 when @i does not begin one.
 */
static size_t group_span(const struct cl_record *rec, size_t i)
{
	const char *begin = "__cacheline_group_begin__", *name = rec->members[i].name;
	size_t n = strlen(begin);

	if (!name || strncmp(name, begin, n))
		return 0;
	for (size_t j = i + 1; j < rec->nmembers; j++) {
		const char *m = rec->members[j].name;

		if (m && !strncmp(m, "__cacheline_group_end__", 23) && !strcmp(m + 23, name + n)) {
			if (j + 1 < rec->nmembers && rec->members[j + 1].name &&
			    !strncmp(rec->members[j + 1].name, "__cacheline_group_pad__", 23))
				j++;
			return j - i + 1;
		}
	}
	return 0;
}

/* The classes of a group: its members'; read and written ones make it mixed. */
static void merge_group_class(struct top_class *into, const struct top_class *t)
{
	if (t->write)
		class_leaf(into, true, t->group);
	else if (t->read)
		class_leaf(into, false, t->group);
}

/* The declared types of the bit-fields of members [@i, @i + @n) are known. */
static bool types_known(const struct cl_record *rec, size_t i, size_t n)
{
	if (rec->packed)
		return false;
	for (size_t k = i; k < i + n; k++)
		if (!rec->members[k].unit_size || !rec->members[k].unit_align)
			return false;
	return true;
}

/* The bit-fields from member @i on, up to the next other member. */
static size_t run_length(const struct cl_record *rec, size_t i)
{
	size_t n = 1;

	while (i + n < rec->nmembers && (rec->members[i + n].flags & CL_MEMBER_BITFIELD))
		n++;
	return n;
}

/*
 * A run of bit-fields whose members are read and written on paths that
 * conflict moves apart, one unit per member, when the types they are
 * declared with are known (their new bits are then computed, not guessed);
 * members that end up next to each other pack together again.
 */
static bool split_run(const struct cl_record *rec, const struct top_class *tc, size_t i,
		      size_t frozen)
{
	size_t n = run_length(rec, i);
	struct top_class c = tc[i];

	for (size_t k = i + 1; k < i + n; k++)
		if (!merge_class(&c, &tc[k]))
			return i >= frozen && types_known(rec, i, n);
	return false;
}

static const char *build_units(const struct cl_record *rec, struct cl_arena *a,
			       const struct top_class *tc, struct plan *pl)
{
	size_t i = 0, frozen = frozen_prefix(rec), split_end = 0;

	pl->units = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*pl->units));
	while (i < rec->nmembers) {
		const struct cl_member *m = &rec->members[i];
		struct unit *u = &pl->units[pl->nunits++];
		struct top_class c = tc[i];
		uint64_t lo = m->bit_offset, hi = m->bit_offset + m->bit_size;

		u->first = i;
		u->count = 1;
		if ((u->count = group_span(rec, i)) > 0) {
			for (size_t k = i; k < i + u->count; k++) {
				const struct cl_member *g = &rec->members[k];

				if (k > i)
					merge_group_class(&c, &tc[k]);
				hi = hi > g->bit_offset + g->bit_size ? hi : g->bit_offset + g->bit_size;
				u->align = u->align > g->align ? u->align : g->align;
			}
			u->bytes = (hi + 7) / 8 - lo / 8;
			u->align = u->align ? u->align : 1;
		} else if ((m->flags & CL_MEMBER_BITFIELD) &&
			   (i < split_end || split_run(rec, tc, i, frozen))) {
			if (i >= split_end)
				split_end = i + run_length(rec, i);
			u->count = 1;
			u->bitfield = u->exact = true;
			u->bytes = (m->bit_size + 7) / 8;
			u->align = 1;
		} else if ((u->count = 1) && (m->flags & CL_MEMBER_BITFIELD)) {
			while (i + u->count < rec->nmembers &&
			       (rec->members[i + u->count].flags & CL_MEMBER_BITFIELD)) {
				const struct cl_member *b = &rec->members[i + u->count];

				if (!merge_class(&c, &tc[i + u->count]))
					return "read-mostly and write-hot bit-fields (or two write groups) share one run of bit-fields: declare them apart first";
				hi = b->bit_offset + b->bit_size;
				u->count++;
			}
			u->bitfield = true;
			u->exact = types_known(rec, i, u->count);
			u->bytes = (hi + 7) / 8 - lo / 8;
			u->align = pow2_at_least(u->bytes);
		} else {
			u->bytes = m->bit_size / 8;
			u->align = m->align ? m->align : 1;
			u->flexible = m->flags & CL_MEMBER_FLEXIBLE;
		}
		u->kind = kind_of(&c);
		u->group = c.group;
		/*
		 * C's inheritance: a first member that is a struct no one
		 * classes is the base others cast to (tcp_sock's inet_conn):
		 * it stays first.
		 */
		u->frozen = i < frozen ||
			    (i == 0 && m->record && !(m->flags & CL_MEMBER_ANONYMOUS) &&
			     u->kind == SEG_NEUTRAL);
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

/* A segment to be: the units of one kind and key, or one mixed unit. */
struct slot {
	enum seg_kind kind;
	const char *key;
	size_t mixed;	/* the unit of a SEG_MIXED slot */
};

static size_t find_slot(const struct slot *v, size_t n, enum seg_kind kind, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].kind == kind && same_key(v[i].key, key))
			return i;
	return SIZE_MAX;
}

/* The distinct keys of read and written units, in order of first appearance. */
static size_t unit_keys(const struct plan *pl, const char **keys)
{
	size_t n = 0;

	for (size_t i = 0; i < pl->nunits; i++) {
		const struct unit *u = &pl->units[i];
		size_t k;

		if ((u->kind != SEG_READ && u->kind != SEG_WRITE) || !u->group)
			continue;
		for (k = 0; k < n && !same_key(keys[k], u->group); k++)
			;
		if (k == n)
			keys[n++] = u->group;
	}
	return n;
}

/*
 * The order of the segments: read-mostly first, the mixed units, then for
 * each set of paths its read units next to its written ones
 * (@read_first); or all of it the other way round.  Ungrouped write-hot
 * units conflict with no writer and join the first written segment.
 */
static size_t order_slots(const struct plan *pl, struct slot *v, const char **keys,
			  size_t nkeys, bool read_first)
{
	size_t n = 0;

	v[n++] = (struct slot){ SEG_READ, NULL, 0 };
	for (size_t i = 0; i < pl->nunits; i++)
		if (pl->units[i].kind == SEG_MIXED && !pl->units[i].frozen)
			v[n++] = (struct slot){ SEG_MIXED, NULL, i };
	for (size_t k = 0; k < nkeys; k++) {
		v[n++] = (struct slot){ SEG_READ, keys[k], 0 };
		v[n++] = (struct slot){ SEG_WRITE, keys[k], 0 };
	}
	v[n++] = (struct slot){ SEG_WRITE, NULL, 0 };
	if (!read_first) {
		for (size_t i = 0; i < n / 2; i++) {
			struct slot t = v[i];

			v[i] = v[n - 1 - i];
			v[n - 1 - i] = t;
		}
	}
	return n;
}

static void build_segments(struct plan *pl, struct cl_arena *a, bool read_first)
{
	const char **keys = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*keys));
	size_t nkeys = unit_keys(pl, keys);
	struct slot *v = cl_arena_alloc(a, (2 * nkeys + pl->nunits + 3) * sizeof(*v));
	size_t nslots = order_slots(pl, v, keys, nkeys, read_first), first_write = SIZE_MAX;

	pl->seg = cl_arena_alloc(a, (nslots + 1) * sizeof(*pl->seg));
	pl->segn = cl_arena_alloc(a, (nslots + 1) * sizeof(*pl->segn));
	pl->segcap = cl_arena_alloc(a, (nslots + 1) * sizeof(*pl->segcap));
	pl->segjoin = cl_arena_alloc(a, (nslots + 1) * sizeof(*pl->segjoin));
	pl->nseg = nslots;
	for (size_t i = 0; i < pl->nunits; i++) {
		struct unit *u = &pl->units[i];
		size_t s;

		if (u->frozen || u->kind == SEG_NEUTRAL)
			continue;
		if (u->kind == SEG_MIXED) {
			for (s = 0; v[s].kind != SEG_MIXED || v[s].mixed != i; s++)
				;
		} else {
			s = find_slot(v, nslots, u->kind, u->group);
		}
		add_to_segment(pl, a, s, i);
	}
	/* the ungrouped writers go to the first written segment there is */
	for (size_t s = 0; s < nslots && first_write == SIZE_MAX; s++)
		if (v[s].kind == SEG_WRITE && v[s].key && pl->segn[s])
			first_write = s;
	if (first_write != SIZE_MAX) {
		size_t anon = find_slot(v, nslots, SEG_WRITE, NULL);

		for (size_t j = 0; j < pl->segn[anon]; j++)
			add_to_segment(pl, a, first_write, pl->seg[anon][j]);
		pl->segn[anon] = 0;
	}
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
	out->pad = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*out->pad));
	out->offset = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*out->offset));
	for (size_t p = 0; p < pl->npos; p++) {
		const struct unit *u = &pl->units[pl->pos[p]];
		uint64_t delta = pl->off[pl->pos[p]] * 8 - rec->members[u->first].bit_offset / 8 * 8;

		for (size_t j = 0; j < u->count; j++, k++) {
			out->order[k] = u->first + j;
			out->align[k] = j == 0 ? pl->added[pl->pos[p]] : 0;
			out->pad[k] = j + 1 == u->count ? pl->pad[pl->pos[p]] : 0;
			out->offset[k] = u->exact && !u->frozen ? pl->bit[u->first + j] :
					 rec->members[u->first + j].bit_offset + delta;
		}
	}
	out->size = pl->size;
	out->align_rec = pl->align;
	out->new_lines = (pl->size + opt->line_size - 1) / opt->line_size;
}

/*
 * --max-growth: while @pl grows the record by more than allowed, give up one
 * separation -- a segment that starts a line of its own goes on on the line
 * before instead.  The least important goes first: the one whose loss
 * brings back the fewest findings (pairs on one line, as the analysis
 * counts them), then the one that saves the most bytes, then the later
 * one.  Returns NULL when @pl fits, or why no order does.
 */
static const char *keep_within_growth(struct plan *pl, const struct cl_record *rec,
				      const struct cl_options *opt, const struct cl_options *check,
				      struct cl_arena *a)
{
	uint64_t limit = rec->size + opt->max_growth;

	while (pl->size > limit) {
		uint64_t now = pl->size, pick_size = 0;
		size_t pick = SIZE_MAX, pick_n = 0;

		for (size_t s = 0; s < pl->nseg; s++) {
			size_t n;

			if (!pl->segn[s] || pl->segjoin[s])
				continue;
			pl->segjoin[s] = true;
			if (!cl_plan_lay_out(pl, rec, opt->line_size, a) && pl->size < now) {
				n = cl_plan_conflicts(cl_plan_model(rec, pl, a), check, a);
				if (pick == SIZE_MAX || n < pick_n ||
				    (n == pick_n && pl->size <= pick_size)) {
					pick = s;
					pick_n = n;
					pick_size = pl->size;
				}
			}
			pl->segjoin[s] = false;
		}
		if (pick == SIZE_MAX) {
			cl_plan_lay_out(pl, rec, opt->line_size, a);
			return cl_arena_printf(a, "no order of whole members stays within %" PRIu64 " bytes of growth: the closest adds %" PRIu64 " bytes (%" PRIu64 " -> %" PRIu64 ")",
					       opt->max_growth, now - rec->size, rec->size, now);
		}
		pl->segjoin[pick] = true;
		cl_plan_lay_out(pl, rec, opt->line_size, a);
	}
	return NULL;
}

/*
 * --max-growth: the same order with no alignment added, its segments on
 * the lines of an object that starts on one by free members and padding
 * (the alignment rounded page_counter's 112 bytes up to 128).  Kept when
 * it fits the bound and leaves no finding a proposal fixes.
 */
static bool lay_out_unaligned(struct plan *pl, const struct cl_record *rec,
			      const struct cl_options *opt, const struct cl_options *check,
			      struct cl_arena *a)
{
	pl->unaligned = true;
	if (!cl_plan_lay_out(pl, rec, opt->line_size, a) &&
	    pl->size <= rec->size + opt->max_growth &&
	    !cl_plan_conflicts(cl_plan_model(rec, pl, a), check, a))
		return true;
	pl->unaligned = false;
	cl_plan_lay_out(pl, rec, opt->line_size, a);
	return false;
}

#define GAVE_UP_PAIRS_SHOWN 4

/* "kept 'x' and 'y', 'x' and 'z' on one line to stay within 64 bytes of growth" */
static const char *gave_up_text(const struct cl_record *model, const struct cl_options *check,
				uint64_t max_growth, struct cl_arena *a)
{
	struct cl_findings f;
	struct cl_strbuf s = { 0 };
	size_t n = 0;

	cl_findings_init(&f, a);
	cl_analyze(model, check, &f);
	for (size_t i = 0; i < f.n; i++) {
		if (!cl_rule_proposal_fixes(f.v[i].rule) || !f.v[i].b.path)
			continue;
		if (n++ < GAVE_UP_PAIRS_SHOWN)
			cl_strbuf_printf(&s, "%s'%s' and '%s'", n > 1 ? ", " : "kept ",
					 f.v[i].a.path, f.v[i].b.path);
	}
	cl_findings_free(&f);
	if (!n)
		return NULL;
	if (n > GAVE_UP_PAIRS_SHOWN)
		cl_strbuf_printf(&s, " and %zu more pair%s", n - GAVE_UP_PAIRS_SHOWN,
				 n - GAVE_UP_PAIRS_SHOWN == 1 ? "" : "s");
	cl_strbuf_printf(&s, " on one line to stay within %" PRIu64 " bytes of growth", max_growth);
	return cl_strbuf_take(&s, a);
}

uint32_t cl_proposal_added_align(const struct cl_proposal *p)
{
	uint32_t most = 0;

	for (size_t i = 0; i < p->n; i++)
		if (p->align[i] > most)
			most = p->align[i];
	return most;
}

int cl_propose(const struct cl_record *rec, const struct cl_options *opt,
	       struct cl_arena *a, struct cl_proposal *out)
{
	struct top_class *tc = cl_arena_alloc(a, (rec->nmembers + 1) * sizeof(*tc));
	struct plan best = { 0 };
	struct cl_options check = *opt;
	uint64_t seen = cl_record_seen_align(rec);
	bool distance = seen && seen < opt->line_size, limited = false;
	size_t pl_conflicts, best_conflicts = 0;
	const char *why;

	memset(out, 0, sizeof(*out));
	out->rec = rec;
	out->n = rec->nmembers;
	out->old_lines = (rec->size + opt->line_size - 1) / opt->line_size;
	if (rec->kind == CL_UNION)
		return fail(out, "a union's members all start at offset 0: nothing to reorder");
	if (rec->packed)
		return fail(out, "a packed struct is usually a wire or hardware format: its order is not cachelint's to change");
	if (placed_after_fields(rec))
		return fail(out, "a C++ class whose virtual bases the ABI places after its fields: their place is not the body's order");
	why = cl_groups_malformed(rec, a);
	if (why)
		return fail(out, cl_arena_printf(a, "its cacheline group markers are malformed: %s; the proposal moves groups whole, by their markers", why));
	classify_tops(rec, a, tc);
	for (int read_first = 1; read_first >= 0; read_first--) {
		struct plan pl = { .distance = distance };

		why = build_units(rec, a, tc, &pl);
		if (why)
			return fail(out, why);
		build_segments(&pl, a, read_first);
		/* joins hold whatever the placement: a joined segment needs no line */
		cl_plan_join_segments(&pl, rec, a);
		why = cl_plan_lay_out(&pl, rec, opt->line_size, a);
		if (why)
			return fail(out, why);
		/*
		 * The plan that separates, then the smaller: with a flexible
		 * array last, only the order that puts its class last does
		 * (struct flex: w, then r aligned, then data[]).
		 */
		pl_conflicts = cl_plan_conflicts(cl_plan_model(rec, &pl, a), opt, a);
		if (!best.units || pl_conflicts < best_conflicts ||
		    (pl_conflicts == best_conflicts && pl.size < best.size)) {
			best = pl;
			best_conflicts = pl_conflicts;
		}
	}
	/* by distance: clean at every start offset, not only at a line's */
	if (distance) {
		out->base_align = seen;
		check.alignment = CL_ALIGN_ANY;
	}
	if (opt->max_growth_set && best.size > rec->size + opt->max_growth &&
	    !distance && lay_out_unaligned(&best, rec, opt, &check, a)) {
		out->gave_up = cl_arena_printf(a, "no alignment added, to stay within %" PRIu64 " bytes of growth: the classes are a line apart where an object starts on a line (a static, or aligned_alloc(%u, ...); malloc() gives 16)",
					       opt->max_growth, opt->line_size);
	} else if (opt->max_growth_set && best.size > rec->size + opt->max_growth) {
		uint64_t unbounded = best.size;

		why = keep_within_growth(&best, rec, opt, &check, a);
		if (why)
			return fail(out, why);
		/* a proposal that separates nothing is no proposal */
		if (cl_plan_conflicts(cl_plan_model(rec, &best, a), &check, a) >= cl_plan_conflicts(rec, &check, a))
			return fail(out, cl_arena_printf(a, "no order of whole members separates a pair within %" PRIu64 " bytes of growth per instance; without the bound the proposal adds %" PRIu64 " (%" PRIu64 " -> %" PRIu64 " bytes)",
							 opt->max_growth, unbounded - rec->size, rec->size, unbounded));
		limited = true;
	}
	/* within the bytes it has: the fewest lines per path (propose_lines.c) */
	cl_plan_fewest_lines(&best, rec, opt, &check, a);
	export_plan(rec, &best, opt, a, out);
	out->model = cl_plan_model(rec, &best, a);
	if (limited)
		out->gave_up = gave_up_text(out->model, &check, opt->max_growth, a);
	if (!out->gave_up && cl_plan_conflicts(out->model, &check, a))
		return fail(out, frozen_prefix(rec) ?
			    "the pinned fields, and those before them, already share a line across classes" :
			    "no order of whole members separates the classes (an embedded struct or a member spanning lines holds both)");
	out->npaths = cl_path_lines(rec, opt, a, &out->lines_before);
	cl_path_lines(out->model, opt, a, &out->lines_after);
	return 0;
}
