// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_adjacent_line.c - cachelint-adjacent-line: a read-mostly and a
 * write-hot leaf in the two lines of one block of twice the line size,
 * which the L2 adjacent-line prefetcher fetches together
 *
 * Pairs that share a line are cachelint-false-sharing's, not this check's.
 * With paths, the pairs are the ones cachelint-false-sharing would report on
 * one line (paths.h): a field only read and a field written on paths that
 * cost it misses.
 */
#include "check.h"
#include "model/paths.h"

static void report(const struct cl_check_ctx *ctx, const struct cl_leaf *rm,
		   const struct cl_leaf *wh, const struct cl_pair_geometry *g)
{
	struct cl_finding *f = cl_check_report(ctx, CL_RULE_ADJACENT_LINE, rm, wh);
	const char *id = cl_rule_info(CL_RULE_ADJACENT_LINE)->id;
	struct cl_arena *a = ctx->out->arena;
	unsigned block = 2 * ctx->opt->line_size;

	f->line = g->block;
	f->hits = g->block_hits;
	f->placements = g->block_placements;
	if (rm->access.cls == CL_CLASS_PATHS || wh->access.cls == CL_CLASS_PATHS) {
		const char *where = g->block_placements == 1 ?
			cl_arena_printf(a, "in %u-byte %s", block, cl_line_text(ctx, g->block, block)) :
			cl_arena_printf(a, "in one %u-byte block %s", block,
					cl_placement_text(ctx, g->block_hits, g->block_placements));

		f->message = cl_arena_printf(a,
			"field '%s' (%s) of '%s' %s in the cache line adjacent to field '%s' (%s) %s [%s]",
			f->a.path, cl_access_describe(&rm->access, a), ctx->name,
			g->block_hits == g->block_placements ? "is" : "may be", f->b.path,
			cl_access_describe(&wh->access, a), where, id);
		f->note = cl_evidence_note(ctx, cl_written_note(ctx, &f->b), rm, wh);
		return;
	}
	if (g->block_placements == 1)
		f->message = cl_arena_printf(a,
			"read-mostly field '%s' of '%s' is in the cache line adjacent to write-hot field '%s' in %u-byte %s [%s]",
			f->a.path, ctx->name, f->b.path, block,
			cl_line_text(ctx, g->block, block), id);
	else
		f->message = cl_arena_printf(a,
			"read-mostly field '%s' of '%s' %s in the cache line adjacent to write-hot field '%s' in one %u-byte block %s [%s]",
			f->a.path, ctx->name,
			g->block_hits == g->block_placements ? "is" : "may be",
			f->b.path, block,
			cl_placement_text(ctx, g->block_hits, g->block_placements), id);
	f->note = cl_evidence_note(ctx, cl_written_note(ctx, &f->b), rm, wh);
}

void cl_check_adjacent_line(const struct cl_check_ctx *ctx)
{
	if (!ctx->opt->adjacent)
		return;
	for (size_t i = 0; i < ctx->nread; i++) {
		const struct cl_leaf *rm = &ctx->leaves[ctx->read[i]];
		size_t n;

		n = cl_check_near(ctx, rm);
		for (size_t k = 0; k < n; k++) {
			const struct cl_leaf *wh = &ctx->leaves[ctx->write[ctx->near[k]]];
			struct cl_pair_geometry g;

			if (cl_leaves_conflict(ctx->rec, wh, rm) &&
			    cl_pair_geometry(ctx, rm, wh, &g) && !g.line_hits && g.block_hits)
				report(ctx, rm, wh, &g);
		}
	}
}
