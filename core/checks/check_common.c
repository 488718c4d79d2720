// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_common.c - what the checks share: line geometry, the leaves of the
 * record being checked, and the text and shape of a finding
 *
 * The checks (check_*.c) call only this and the model; the driver
 * (analysis.c) sets the context up with cl_check_ctx_leaves() and runs the
 * checks through the rules table.  Nothing here calls back up.
 */
#include "profile/access_profile.h"
#include "check.h"
#include "member_kind.h"
#include "model/paths.h"

#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/*
 * Start offsets to try, modulo @unit: just 0 when the record is assumed
 * line-aligned (or its alignment is at least @unit), else every multiple of
 * its alignment below @unit.
 */
static unsigned placements(const struct cl_record *rec, const struct cl_options *opt,
			   unsigned unit)
{
	unsigned align = rec->align ? rec->align : 1;

	if (opt->alignment == CL_ALIGN_LINE || align >= unit)
		return 1;
	return unit / align;
}

unsigned cl_count_shared(const struct cl_record *rec, const struct cl_options *opt,
			 unsigned unit, uint64_t alo, uint64_t ahi,
			 uint64_t blo, uint64_t bhi, uint64_t *first)
{
	unsigned n = placements(rec, opt, unit), hits = 0;
	uint64_t step = n > 1 ? rec->align : 0;

	for (unsigned i = 0; i < n; i++) {
		uint64_t s = i * step;
		uint64_t a0 = (s + alo) / unit, a1 = (s + ahi) / unit;
		uint64_t b0 = (s + blo) / unit, b1 = (s + bhi) / unit;

		if (a0 <= b1 && b0 <= a1) {
			if (!hits && first)
				*first = a0 > b0 ? a0 : b0;
			hits++;
		}
	}
	return hits;
}

/*
 * Bits a leaf occupies for the analysis.  A flexible array has no size, but
 * its first elements sit right where it starts, in the struct's last line:
 * count its first byte.  Empty records and zero-length arrays occupy nothing.
 */
static uint64_t leaf_extent(const struct cl_leaf *l)
{
	if (!l->bit_size && (l->member->flags & CL_MEMBER_FLEXIBLE))
		return 8;
	return l->bit_size;
}

/* Byte range [lo, hi] of a leaf, counted from @base bits into the record. */
static void leaf_bytes(const struct cl_leaf *l, uint64_t base, uint64_t *lo, uint64_t *hi)
{
	*lo = (l->bit_offset - base) / 8;
	*hi = (l->bit_offset - base + leaf_extent(l) - 1) / 8;
}

static void geometry(const struct cl_record *rec, const struct cl_options *opt,
		     const struct cl_leaf *a, const struct cl_leaf *b, uint64_t base,
		     struct cl_pair_geometry *g)
{
	unsigned line = opt->line_size, block = 2 * opt->line_size;
	uint64_t alo, ahi, blo, bhi;

	memset(g, 0, sizeof(*g));
	leaf_bytes(a, base, &alo, &ahi);
	leaf_bytes(b, base, &blo, &bhi);
	g->line_placements = placements(rec, opt, line);
	g->block_placements = placements(rec, opt, block);
	/* Two lines or more apart, they meet at no start offset. */
	if ((blo > ahi && blo - ahi >= block) || (alo > bhi && alo - bhi >= block))
		return;
	g->line_hits = cl_count_shared(rec, opt, line, alo, ahi, blo, bhi, &g->line);
	if (!opt->adjacent)
		return;
	/* Sharing a line implies sharing its block: count only the others. */
	g->block_hits = cl_count_shared(rec, opt, block, alo, ahi, blo, bhi, &g->block) -
			g->line_hits * (g->block_placements / g->line_placements);
}

/* The innermost record instance that holds both leaves. */
static const struct cl_scope *common_scope(const struct cl_scope *x,
					   const struct cl_scope *y)
{
	while (x->depth > y->depth)
		x = x->parent;
	while (y->depth > x->depth)
		y = y->parent;
	while (x != y) {
		x = x->parent;
		y = y->parent;
	}
	return x;
}

bool cl_pair_geometry(const struct cl_check_ctx *ctx, const struct cl_leaf *a,
		      const struct cl_leaf *b, struct cl_pair_geometry *g)
{
	const struct cl_scope *own_scope;

	memset(g, 0, sizeof(*g));
	if (!leaf_extent(a) || !leaf_extent(b))
		return false;
	/* Union members overlap: the same storage, not false sharing. */
	if (a->bit_offset < b->bit_offset + leaf_extent(b) &&
	    b->bit_offset < a->bit_offset + leaf_extent(a))
		return false;
	/*
	 * A pair inside one named embedded record instance, both classed by
	 * that record (or records inside it), is reported when that record is
	 * analysed by itself; here it is only news if the embedding puts the
	 * two on one line when the record by itself does not.
	 */
	own_scope = common_scope(a->scope, b->scope);
	if (own_scope->depth && a->decided->depth >= own_scope->depth &&
	    b->decided->depth >= own_scope->depth) {
		struct cl_pair_geometry own;

		geometry(own_scope->rec, ctx->opt, a, b, own_scope->offset, &own);
		if (own.line_hits)
			return false;
		geometry(ctx->rec, ctx->opt, a, b, 0, g);
		if (own.block_hits)
			g->block_hits = 0;
		return true;
	}
	geometry(ctx->rec, ctx->opt, a, b, 0, g);
	return true;
}

static int by_lo(const void *x, const void *y)
{
	const struct cl_near_entry *a = x, *b = y;

	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

static void near_index_build(struct cl_near_index *x, const struct cl_leaf *leaves,
			     const size_t *list, size_t n, struct cl_arena *a)
{
	x->n = n;
	x->v = cl_arena_alloc(a, (n + 1) * sizeof(*x->v));
	for (size_t i = 0; i < n; i++) {
		const struct cl_leaf *l = &leaves[list[i]];
		uint64_t ext = leaf_extent(l) ? leaf_extent(l) : 1;

		x->v[i].pos = i;
		x->v[i].lo = l->bit_offset / 8;
		x->v[i].hi = (l->bit_offset + ext - 1) / 8;
	}
	qsort(x->v, n, sizeof(*x->v), by_lo);
	for (size_t k = 0; k < n; k++)
		x->v[k].maxhi = k && x->v[k - 1].maxhi > x->v[k].hi ? x->v[k - 1].maxhi : x->v[k].hi;
}

static int by_value(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	return a < b ? -1 : a > b;
}

size_t cl_check_near(const struct cl_check_ctx *ctx, const struct cl_leaf *l)
{
	const struct cl_near_index *x = &ctx->write_near;
	uint64_t block = 2 * (uint64_t)ctx->opt->line_size;
	uint64_t ext = leaf_extent(l) ? leaf_extent(l) : 1;
	uint64_t alo = l->bit_offset / 8, ahi = (l->bit_offset + ext - 1) / 8;
	size_t lo = 0, hi = x->n, n = 0;

	/* the first entry that starts two lines or more after @l ends */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (x->v[mid].lo < ahi + block)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* back over the entries that start before it, while any can reach @l */
	for (size_t k = lo; k-- > 0 && x->v[k].maxhi + block > alo;)
		if (x->v[k].hi + block > alo)
			ctx->near[n++] = x->v[k].pos;
	qsort(ctx->near, n, sizeof(*ctx->near), by_value);
	return n;
}

struct cl_finding *cl_check_report(const struct cl_check_ctx *ctx, enum cl_rule rule,
				   const struct cl_leaf *a, const struct cl_leaf *b)
{
	struct cl_finding *f = cl_findings_add(ctx->out, rule, ctx->rec);

	f->record_name = ctx->name;
	f->a = *a;
	cl_leaf_path(&f->a, ctx->out->arena);
	f->where = a->member->span;
	if (b) {
		f->b = *b;
		cl_leaf_path(&f->b, ctx->out->arena);
		f->note_where = b->member->span;
	}
	return f;
}

const char *cl_line_text(const struct cl_check_ctx *ctx, uint64_t line, unsigned unit)
{
	return cl_arena_printf(ctx->out->arena, "%s %" PRIu64 " (bytes %" PRIu64 "-%" PRIu64 ")",
			       unit == ctx->opt->line_size ? "cache line" : "block",
			       line, line * unit, line * unit + unit - 1);
}

const char *cl_placement_text(const struct cl_check_ctx *ctx, unsigned hits,
			      unsigned placements)
{
	if (hits == placements)
		return cl_arena_printf(ctx->out->arena,
				       "at every start offset its alignment (%" PRIu32 ") allows",
				       ctx->rec->align);
	return cl_arena_printf(ctx->out->arena,
			       "at %u of %u start offsets its alignment (%" PRIu32 ") allows",
			       hits, placements, ctx->rec->align);
}

const char *cl_written_note(const struct cl_check_ctx *ctx, const struct cl_leaf *l)
{
	assert(l->path);
	if (l->access.cls == CL_CLASS_PATHS)
		return cl_arena_printf(ctx->out->arena, "'%s' is %s", l->path,
				       cl_access_describe(&l->access, ctx->out->arena));
	if (l->access.group)
		return cl_arena_printf(ctx->out->arena,
				       "'%s' is written on hot paths (write group '%s')",
				       l->path, l->access.group);
	return cl_arena_printf(ctx->out->arena, "'%s' is written on hot paths", l->path);
}

const char *cl_evidence_note(const struct cl_check_ctx *ctx, const char *note,
			     const struct cl_leaf *a, const struct cl_leaf *b)
{
	/* @b is the written one (false sharing, adjacent lines): its write first */
	const struct cl_object_pair *pr = cl_evidence_pair(ctx->rec, b, a);
	const char *text;

	if (!pr)
		return note;
	text = cl_evidence_text(ctx->rec->objects, pr, false, ctx->out->arena);
	return note ? cl_arena_printf(ctx->out->arena, "%s; %s", note, text) : text;
}

const char *cl_pair_text(const struct cl_check_ctx *ctx, enum cl_rule rule,
			 const struct cl_leaf *a, const struct cl_leaf *b,
			 const struct cl_pair_geometry *g)
{
	struct cl_arena *ar = ctx->out->arena;
	const char *where;

	if (g->line_placements == 1)
		where = cl_arena_printf(ar, "shares %s of '%s'",
					cl_line_text(ctx, g->line, ctx->opt->line_size), ctx->name);
	else
		where = cl_arena_printf(ar, "%s a cache line of '%s' %s",
					g->line_hits == g->line_placements ? "shares" : "may share",
					ctx->name,
					cl_placement_text(ctx, g->line_hits, g->line_placements));
	return cl_arena_printf(ar, "field '%s' (%s) %s with field '%s' (%s) [%s]", a->path,
			       cl_access_describe(&a->access, ar), where, b->path,
			       cl_access_describe(&b->access, ar), cl_rule_info(rule)->id);
}

/* The "shares cache line 0 (bytes 0-63) of 'struct s'" part of a pair's message. */
static const char *pair_where(const struct cl_check_ctx *ctx, const struct cl_pair_geometry *g)
{
	struct cl_arena *ar = ctx->out->arena;

	if (g->line_placements == 1)
		return cl_arena_printf(ar, "shares %s of '%s'",
				       cl_line_text(ctx, g->line, ctx->opt->line_size), ctx->name);
	return cl_arena_printf(ar, "%s a cache line of '%s' %s",
			       g->line_hits == g->line_placements ? "shares" : "may share",
			       ctx->name, cl_placement_text(ctx, g->line_hits, g->line_placements));
}

/* The heavier of the pair's two evidence entries (@a written, or @b). */
static const struct cl_contention_pair *heavier(const struct cl_contention_entry *e,
						const char *a, const char *b)
{
	const struct cl_contention_pair *x = cl_contention_pair(e, a, b);
	const struct cl_contention_pair *y = cl_contention_pair(e, b, a);

	if (!x || (y && y->weight > x->weight))
		return y;
	return x;
}

void cl_contention_pair_finding(const struct cl_check_ctx *ctx, struct cl_finding *f,
				enum cl_rule rule, const struct cl_leaf *a,
				const struct cl_leaf *w, bool both,
				const struct cl_pair_geometry *g)
{
	const struct cl_contention_entry *e = ctx->rec->contention;
	const struct cl_contention_pair *pr = heavier(e, w->path, a->path);
	struct cl_arena *ar = ctx->out->arena;
	const char *who = cl_contention_who_text(&pr->who, ar);
	/* what the written one is says what to do about it (member_kind.h) */
	const char *fix = cl_kind_pair_fix(cl_member_kind(strcmp(pr->write, w->path) ? a : w),
					   pr->write, ar);

	f->message = cl_arena_printf(ar,
		"field '%s' %s with field '%s', %s at the same time: %s of false sharing [%s]",
		a->path, pair_where(ctx, g), w->path,
		both ? "each written by a different thread" : "which another thread writes",
		cl_contention_weight_text(e, pr->weight, ar), cl_rule_info(rule)->id);
	f->note = cl_arena_printf(ar, "'%s' is written by one thread while another %s '%s'%s%s; %s%s%s",
				  pr->write, both ? "writes" : "reads", pr->access,
				  who ? ", " : "", who ? who : "", fix ? fix : "", fix ? "; " : "",
				  cl_contention_source_text(e, pr->weight, pr->samples, &pr->span, ar));
}

void cl_check_ctx_leaves(struct cl_check_ctx *ctx)
{
	struct cl_arena *a = ctx->out->arena;
	struct cl_leaf *leaves;
	size_t *read, *write;

	/* evidence per object names leaves by their paths */
	ctx->nleaves = cl_record_leaves(ctx->rec, a, &leaves, cl_record_has_evidence(ctx->rec));
	ctx->leaves = leaves;
	read = cl_arena_alloc(a, (ctx->nleaves + 1) * sizeof(*read));
	write = cl_arena_alloc(a, (ctx->nleaves + 1) * sizeof(*write));
	for (size_t i = 0; i < ctx->nleaves; i++) {
		/* the ones that only read, and the ones that write (paths.h) */
		if (cl_access_writes(&leaves[i].access))
			write[ctx->nwrite++] = i;
		else if (cl_access_used(&leaves[i].access))
			read[ctx->nread++] = i;
	}
	ctx->read = read;
	ctx->write = write;
	near_index_build(&ctx->write_near, leaves, write, ctx->nwrite, a);
	ctx->near = cl_arena_alloc(a, (ctx->nwrite + 1) * sizeof(*ctx->near));
	ctx->name = cl_record_display(ctx->rec, a);
}
