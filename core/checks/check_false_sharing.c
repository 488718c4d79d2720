// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_false_sharing.c - cachelint-false-sharing: a read-mostly leaf and a
 * write-hot leaf on one cache line
 */
#include "check.h"
#include "model/paths.h"

static void report(const struct cl_check_ctx *ctx, const struct cl_leaf *rm,
		   const struct cl_leaf *wh, const struct cl_pair_geometry *g)
{
	struct cl_finding *f = cl_check_report(ctx, CL_RULE_FALSE_SHARING, rm, wh);
	const char *id = cl_rule_info(CL_RULE_FALSE_SHARING)->id;
	struct cl_arena *a = ctx->out->arena;

	f->line = g->line;
	f->hits = g->line_hits;
	f->placements = g->line_placements;
	if (ctx->rec->contention) {
		cl_contention_pair_finding(ctx, f, CL_RULE_FALSE_SHARING, &f->a, &f->b, false, g);
		return;
	}
	f->note = cl_evidence_note(ctx, cl_written_note(ctx, &f->b), rm, wh);
	if (rm->access.cls == CL_CLASS_PATHS || wh->access.cls == CL_CLASS_PATHS) {
		f->message = cl_pair_text(ctx, CL_RULE_FALSE_SHARING, &f->a, &f->b, g);
		return;
	}
	if (g->line_placements == 1)
		f->message = cl_arena_printf(a,
			"read-mostly field '%s' shares %s of '%s' with write-hot field '%s' [%s]",
			f->a.path, cl_line_text(ctx, g->line, ctx->opt->line_size),
			ctx->name, f->b.path, id);
	else
		f->message = cl_arena_printf(a,
			"read-mostly field '%s' %s a cache line of '%s' with write-hot field '%s' %s [%s]",
			f->a.path, g->line_hits == g->line_placements ? "shares" : "may share",
			ctx->name, f->b.path,
			cl_placement_text(ctx, g->line_hits, g->line_placements), id);
}

void cl_check_false_sharing(const struct cl_check_ctx *ctx)
{
	for (size_t i = 0; i < ctx->nread; i++) {
		const struct cl_leaf *rm = &ctx->leaves[ctx->read[i]];

		size_t n = cl_check_near(ctx, rm);

		for (size_t k = 0; k < n; k++) {
			const struct cl_leaf *wh = &ctx->leaves[ctx->write[ctx->near[k]]];
			struct cl_pair_geometry g;

			if (cl_leaves_conflict(ctx->rec, wh, rm) &&
			    cl_pair_geometry(ctx, rm, wh, &g) && g.line_hits)
				report(ctx, rm, wh, &g);
		}
	}
}
