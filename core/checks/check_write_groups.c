// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_write_groups.c - cachelint-write-groups: write-hot leaves of two
 * different named write groups on one cache line
 *
 * Ungrouped write-hot fields belong to no group and conflict with no writer:
 * grouping is how a user says which writers are distinct CPUs.
 */
#include "check.h"
#include "model/paths.h"

#include <string.h>

/*
 * Two written leaves conflict when a write of either makes an access of
 * the other miss (paths.h); for write groups, when they are different.
 */
static bool writers_conflict(const struct cl_check_ctx *ctx, const struct cl_leaf *a,
			     const struct cl_leaf *b)
{
	return cl_leaves_conflict(ctx->rec, a, b) || cl_leaves_conflict(ctx->rec, b, a);
}

static void report(const struct cl_check_ctx *ctx, const struct cl_leaf *a,
		   const struct cl_leaf *b, const struct cl_pair_geometry *g)
{
	struct cl_finding *f = cl_check_report(ctx, CL_RULE_WRITE_GROUPS, a, b);
	const char *id = cl_rule_info(CL_RULE_WRITE_GROUPS)->id;
	struct cl_arena *ar = ctx->out->arena;

	f->line = g->line;
	f->hits = g->line_hits;
	f->placements = g->line_placements;
	if (ctx->rec->contention) {
		cl_contention_pair_finding(ctx, f, CL_RULE_WRITE_GROUPS, &f->a, &f->b, true, g);
		return;
	}
	f->note = cl_evidence_note(ctx, cl_written_note(ctx, &f->b), a, b);
	if (a->access.cls == CL_CLASS_PATHS || b->access.cls == CL_CLASS_PATHS) {
		f->message = cl_pair_text(ctx, CL_RULE_WRITE_GROUPS, &f->a, &f->b, g);
		return;
	}
	if (g->line_placements == 1)
		f->message = cl_arena_printf(ar,
			"write-hot field '%s' (group '%s') shares %s of '%s' with write-hot field '%s' (group '%s') [%s]",
			f->a.path, a->access.group, cl_line_text(ctx, g->line, ctx->opt->line_size),
			ctx->name, f->b.path, b->access.group, id);
	else
		f->message = cl_arena_printf(ar,
			"write-hot field '%s' (group '%s') %s a cache line of '%s' with write-hot field '%s' (group '%s') %s [%s]",
			f->a.path, a->access.group,
			g->line_hits == g->line_placements ? "shares" : "may share",
			ctx->name, f->b.path, b->access.group,
			cl_placement_text(ctx, g->line_hits, g->line_placements), id);
}

void cl_check_write_groups(const struct cl_check_ctx *ctx)
{
	for (size_t i = 0; i < ctx->nwrite; i++) {
		const struct cl_leaf *a = &ctx->leaves[ctx->write[i]];
		size_t n = cl_check_near(ctx, a);

		for (size_t k = 0; k < n; k++) {
			const struct cl_leaf *b = &ctx->leaves[ctx->write[ctx->near[k]]];

			if (ctx->near[k] <= i)
				continue;
			struct cl_pair_geometry g;

			if (writers_conflict(ctx, a, b) && cl_pair_geometry(ctx, a, b, &g) &&
			    g.line_hits)
				report(ctx, a, b, &g);
		}
	}
}
