// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose_lines.c - the order with the fewest lines per path
 *
 * The engine (propose.c) decides what may share a line; this decides the
 * order.  A path touches every line that holds a member it accesses
 * (cl_path_lines()), and the order decides both how many lines each
 * segment starts on and which members fill one line together: the kernel's
 * 6.8 tcp_sock puts what tx and rx both use between what only one of them
 * uses, so that each path's lines are one run.
 *
 * Each segment is first split by the paths that touch its units (read or
 * written: "rx", "rx+tx"), keeping the engine's order inside each part.
 * Then a hill climb over the order of the parts: move a run of one to
 * three consecutive parts to another place while that lowers the score --
 * the lines of all paths (and classes) added up, then the most lines of
 * one path, then the size -- at no more bytes than the engine's own order.
 * Each order is laid out and counted, never estimated; neighbours share a
 * line only where the engine's join finds nothing between them whatever
 * the placement, and an order is taken only when the analysis finds it
 * clean.
 */
#include "propose_internal.h"

#include <string.h>

/* Orders tried at most: a bound on the time a struct of many parts takes. */
#define FEWEST_LINES_TRIES 20000
/* The longest run of parts moved at once (a read part and its writes). */
#define FEWEST_LINES_RUN 3

/**
 * struct score - what an order costs, compared in this order
 * @total: the lines of every path (and class), added up
 * @worst: the most lines one path touches
 * @size: bytes
 */
struct score {
	uint64_t total, worst, size;
};

static bool better(const struct score *x, const struct score *y)
{
	if (x->total != y->total)
		return x->total < y->total;
	if (x->worst != y->worst)
		return x->worst < y->worst;
	return x->size < y->size;
}

/* The score of laid-out plan @pl. */
static void score_of(const struct plan *pl, const struct cl_record *rec,
		     const struct cl_options *opt, struct cl_arena *a, struct score *sc)
{
	struct cl_path_lines *v;
	size_t np = cl_path_lines(cl_plan_model(rec, pl, a), opt, a, &v);

	*sc = (struct score){ 0, 0, pl->size };
	for (size_t i = 0; i < np; i++) {
		sc->total += v[i].lines;
		if (v[i].lines > sc->worst)
			sc->worst = v[i].lines;
	}
}

/* The plan laid out with segments @seg, @segn in @order, and its score. */
static bool try_order(const struct plan *base, size_t *const *seg, const size_t *segn,
		      const size_t *order, size_t n, const struct cl_record *rec,
		      const struct cl_options *opt, struct cl_arena *a, struct plan *out,
		      struct score *sc)
{
	struct plan pl = *base;

	pl.seg = cl_arena_alloc(a, (n + 1) * sizeof(*pl.seg));
	pl.segn = cl_arena_alloc(a, (n + 1) * sizeof(*pl.segn));
	pl.segcap = cl_arena_alloc(a, (n + 1) * sizeof(*pl.segcap));
	pl.segjoin = cl_arena_alloc(a, (n + 1) * sizeof(*pl.segjoin));
	pl.nseg = n;
	for (size_t k = 0; k < n; k++) {
		size_t s = order[k];

		/* laying out may move a segment's lead: each plan its own copy */
		pl.seg[k] = cl_arena_alloc(a, (segn[s] + 1) * sizeof(**pl.seg));
		memcpy(pl.seg[k], seg[s], segn[s] * sizeof(**pl.seg));
		pl.segn[k] = pl.segcap[k] = segn[s];
	}
	cl_plan_join_segments(&pl, rec, a);
	if (cl_plan_lay_out(&pl, rec, opt->line_size, a))
		return false;
	score_of(&pl, rec, opt, a, sc);
	*out = pl;
	return true;
}

/* @order with the run [@from, @from + @len) moved to start at @to of the rest. */
static void move_run(const size_t *order, size_t n, size_t from, size_t len, size_t to,
		     size_t *into)
{
	size_t k = 0, r = 0;

	for (size_t i = 0; i <= n; i++) {
		if (r == to)
			for (size_t j = 0; j < len; j++)
				into[k++] = order[from + j];
		if (i == n)
			break;
		if (i >= from && i < from + len)
			continue;
		into[k++] = order[i];
		r++;
	}
}

/*
 * Per top-level member t, the first leaf of a member at t or after it (and
 * at rec->nmembers, the number of leaves): the leaves are in declaration
 * order, so a unit's leaves are one run, found without looking at the
 * others (a look at every leaf per unit was quadratic: 19.8 s for 100,000
 * members).
 */
static size_t *leaf_starts(const struct cl_leaf *leaves, size_t nleaves, size_t nmembers,
			   struct cl_arena *a)
{
	size_t *start = cl_arena_alloc(a, (nmembers + 1) * sizeof(*start)), i = 0;

	for (size_t t = 0; t <= nmembers; t++) {
		while (i < nleaves && leaves[i].top < t)
			i++;
		start[t] = i;
	}
	return start;
}

/* "rx+tx": the paths (or classes) that touch unit @u, by name. */
static const char *touch_key(const struct unit *u, const struct cl_leaf *leaves,
			     const size_t *start, struct cl_arena *a)
{
	const char *names[32], *key = NULL;
	size_t n = 0;

	for (size_t i = start[u->first]; i < start[u->first + u->count]; i++) {
		const struct cl_access *acc = &leaves[i].access;
		const char *one[32];
		size_t k;

		k = cl_access_line_paths(acc, one, 32);
		for (size_t j = 0; j < k; j++) {
			size_t p = 0;

			while (p < n && strcmp(names[p], one[j]) < 0)
				p++;
			if ((p < n && !strcmp(names[p], one[j])) || n == 32)
				continue;
			memmove(names + p + 1, names + p, (n - p) * sizeof(*names));
			names[p] = one[j];
			n++;
		}
	}
	for (size_t i = 0; i < n; i++)
		key = key ? cl_arena_printf(a, "%s+%s", key, names[i]) : names[i];
	return key ? key : "";
}

/*
 * The segments of @pl split by the paths that touch their units, each part
 * in the engine's order; the parts of one segment stay together, the first
 * one led by a unit that can carry an alignment.  Returns the parts.
 */
static size_t split_segments(const struct plan *pl, const struct cl_record *rec,
			     struct cl_arena *a, size_t ***seg, size_t **segn)
{
	struct cl_leaf *leaves;
	size_t nleaves = cl_record_leaves(rec, a, &leaves, false), n = 0;
	const char **key = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(*key));
	size_t *start = leaf_starts(leaves, nleaves, rec->nmembers, a);

	*seg = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(**seg));
	*segn = cl_arena_alloc(a, (pl->nunits + 1) * sizeof(**segn));
	for (size_t i = 0; i < pl->nunits; i++)
		key[i] = touch_key(&pl->units[i], leaves, start, a);
	for (size_t s = 0; s < pl->nseg; s++) {
		size_t first = n;

		for (size_t j = 0; j < pl->segn[s]; j++) {
			size_t u = pl->seg[s][j], p = first;

			while (p < n && strcmp(key[(*seg)[p][0]], key[u]))
				p++;
			if (p == n) {
				(*seg)[n] = cl_arena_alloc(a, (pl->segn[s] + 1) * sizeof(***seg));
				(*segn)[n++] = 0;
			}
			(*seg)[p][(*segn)[p]++] = u;
		}
		/* a part of bit-fields alone cannot start a line: not first */
		for (size_t p = first; p < n; p++) {
			bool alignable = false;

			for (size_t j = 0; j < (*segn)[p]; j++)
				alignable |= !pl->units[(*seg)[p][j]].bitfield;
			if (alignable && p > first) {
				size_t *v = (*seg)[p], c = (*segn)[p];

				memmove(*seg + first + 1, *seg + first, (p - first) * sizeof(**seg));
				memmove(*segn + first + 1, *segn + first, (p - first) * sizeof(**segn));
				(*seg)[first] = v;
				(*segn)[first] = c;
			}
			if (alignable)
				break;
		}
	}
	return n;
}

/*
 * C's inheritance: a first member that is a named struct is the base others
 * cast to (tcp_sock's inet_conn, which holds sock's groups in 6.12); when
 * the engine placed it first, its part stays first and the climb moves only
 * the parts after it.  Returns how many parts stay (0 or 1).
 */
static size_t base_first(const struct plan *pl, const struct cl_record *rec,
			 size_t *const *seg, const size_t *segn, const size_t *order, size_t n)
{
	const struct cl_member *m = rec->nmembers ? &rec->members[0] : NULL;

	if (!m || !m->record || (m->flags & CL_MEMBER_ANONYMOUS) || !n || !segn[order[0]])
		return 0;
	return pl->units[seg[order[0]][0]].first == 0 ? 1 : 0;
}

/* One round of the climb: every run moved everywhere; whether it improved. */
static bool climb(const struct plan *base, size_t *const *seg, const size_t *segn,
		  size_t *order, size_t fixed, size_t n, const struct cl_record *rec,
		  const struct cl_options *opt, const struct cl_options *check, uint64_t limit,
		  struct cl_arena *a, struct plan *best, struct score *now, size_t *tries)
{
	size_t *cand = cl_arena_alloc(a, (n + 1) * sizeof(*cand));
	bool improved = false;
	struct score sc;
	struct plan pl;

	for (size_t len = 1; len <= FEWEST_LINES_RUN && fixed + len < n; len++) {
		for (size_t from = fixed; from + len <= n; from++) {
			for (size_t to = fixed; to <= n - len; to++) {
				if (to == from || *tries >= FEWEST_LINES_TRIES)
					continue;
				move_run(order, n, from, len, to, cand);
				++*tries;
				if (!try_order(base, seg, segn, cand, n, rec, opt, a, &pl, &sc) ||
				    sc.size > limit || !better(&sc, now) ||
				    cl_plan_conflicts(cl_plan_model(rec, &pl, a), check, a))
					continue;
				memcpy(order, cand, n * sizeof(*order));
				*now = sc;
				*best = pl;
				improved = true;
			}
		}
	}
	return improved;
}

void cl_plan_fewest_lines(struct plan *best, const struct cl_record *rec,
			  const struct cl_options *opt, const struct cl_options *check,
			  struct cl_arena *a)
{
	size_t **seg, *segn, tries = 0, fixed;
	size_t n = split_segments(best, rec, a, &seg, &segn);
	size_t *order = cl_arena_alloc(a, (n + 1) * sizeof(*order));
	uint64_t limit = best->size;
	struct score now, split;
	struct plan pl, base;

	for (size_t k = 0; k < n; k++)
		order[k] = k;
	if (n < 2)
		return;
	/* the engine's own order, counted the same way: the score to beat */
	score_of(best, rec, opt, a, &now);
	/* the split itself, in the engine's order, may already do better */
	if (try_order(best, seg, segn, order, n, rec, opt, a, &pl, &split) &&
	    split.size <= best->size && better(&split, &now) &&
	    !cl_plan_conflicts(cl_plan_model(rec, &pl, a), check, a)) {
		now = split;
		*best = pl;
	}
	base = *best;
	fixed = base_first(best, rec, seg, segn, order, n);
	while (climb(&base, seg, segn, order, fixed, n, rec, opt, check, limit, a, best, &now,
		     &tries))
		;
}
