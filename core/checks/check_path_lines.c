// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_path_lines.c - cachelint-path-lines: a path touches more cache
 * lines than the profile's budget for it (lines:)
 *
 * Each line a fast path touches is a miss when it is cold; tuned layouts
 * (the kernel's tcp_sock, net_device) keep a path's members on as few
 * lines as possible, and decay as members are added.  A budget locks a
 * tuned layout: the finding names the lines and the members on them, so
 * the one that pushed the path over is easy to find.  A budget naming a
 * path that no member is touched on is a cachelint-profile finding: a
 * typo would otherwise pass for a layout within budget.
 */
#include "check.h"

#include <inttypes.h>
#include <string.h>

#include "model/lines.h"
#include "model/paths.h"

/*
 * "cache line 0 (bytes 0-63): 'a', 'b'; cache line 2 (...): 'c'": the
 * lines of @path's members with the struct on a line, as the view draws it.
 */
static const char *lines_text(const struct cl_check_ctx *ctx, const char *path)
{
	struct cl_arena *a = ctx->out->arena;
	unsigned size = ctx->opt->line_size;
	struct cl_strbuf s = { 0 };
	uint64_t shown = UINT64_MAX;

	for (uint64_t line = 0; line * size < ctx->rec->size; line++) {
		for (size_t j = 0; j < ctx->nleaves; j++) {
			struct cl_leaf l = ctx->leaves[j];

			if (!l.bit_size || !cl_leaf_on_path(&l, path) ||
			    l.bit_offset / 8 / size > line ||
			    (l.bit_offset + l.bit_size - 1) / 8 / size < line)
				continue;
			if (shown != line)
				cl_strbuf_printf(&s, "%s%s:", s.s ? "; " : "",
						 cl_line_text(ctx, line, size));
			cl_strbuf_printf(&s, "%s '%s'", shown == line ? "," : "",
					 cl_leaf_path(&l, a));
			shown = line;
		}
	}
	return s.s ? cl_strbuf_take(&s, a) : "";
}

static void report_unknown(const struct cl_check_ctx *ctx, const struct cl_budget *b)
{
	struct cl_finding *f;

	if (ctx->rec->suppress & (1u << CL_RULE_PROFILE))
		return;
	f = cl_findings_add(ctx->out, CL_RULE_PROFILE, ctx->rec);
	f->record_name = ctx->name;
	f->a.path = b->path;
	f->where = ctx->rec->span;
	f->message = cl_arena_printf(ctx->out->arena,
		"the budget of lines for '%s' at %s names no path or class that a member of '%s' is touched on [%s]",
		b->path, cl_span_where(&b->span, ctx->out->arena), ctx->name,
		cl_rule_info(CL_RULE_PROFILE)->id);
}

static void check_budget(const struct cl_check_ctx *ctx, const struct cl_budget *b,
			 const struct cl_path_lines *counts, size_t ncounts)
{
	uint64_t n = cl_path_lines_of(counts, ncounts, b->path);
	bool cls = !strcmp(b->path, "read_mostly") || !strcmp(b->path, "write_hot");
	struct cl_finding *f;

	if (!n) {
		report_unknown(ctx, b);
		return;
	}
	if (n <= b->max)
		return;
	f = cl_findings_add(ctx->out, CL_RULE_PATH_LINES, ctx->rec);
	f->record_name = ctx->name;
	f->a.path = b->path;
	f->where = ctx->rec->span;
	f->note_where = ctx->rec->span;
	f->message = cl_arena_printf(ctx->out->arena,
		"%s '%s' of '%s' touches %" PRIu64 " cache lines, more than its budget of %" PRIu64 " [%s]",
		cls ? "class" : "path", b->path, ctx->name, n, b->max,
		cl_rule_info(CL_RULE_PATH_LINES)->id);
	f->note = cl_arena_printf(ctx->out->arena, "budget at %s; %s",
				  cl_span_where(&b->span, ctx->out->arena),
				  lines_text(ctx, b->path));
}

void cl_check_path_lines(const struct cl_check_ctx *ctx)
{
	struct cl_path_lines *counts;
	size_t n;

	if (!ctx->rec->nbudgets)
		return;
	n = cl_path_lines(ctx->rec, ctx->opt, ctx->out->arena, &counts);
	for (size_t i = 0; i < ctx->rec->nbudgets; i++)
		check_budget(ctx, &ctx->rec->budgets[i], counts, n);
}
