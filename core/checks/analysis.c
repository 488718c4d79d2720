// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * analysis.c - the driver: runs the checks of the rules table over a
 * record, its leaves, or a variable
 *
 * It knows no rule.  What the checks share is in check_common.c, which
 * they call and which calls nothing here.
 */
#include "analysis.h"
#include "check.h"

/* The check of each rule, from the same rows as the rules table. */
static cl_check_fn *const checks[CL_RULE_COUNT] = {
#define CL_RULE(name, ...)
#define CL_CHECK_RULE(name, fn, ...) [CL_RULE_##name] = fn,
#include "model/rules.def"
#undef CL_CHECK_RULE
#undef CL_RULE
};

cl_check_fn *cl_check_of(enum cl_rule rule)
{
	return checks[rule];
}

/*
 * Run the checks of the rules table that run on @runs (enum cl_check_runs),
 * in the table's order, except the rules @suppress masks.
 */
static void run_checks(const struct cl_check_ctx *ctx, unsigned runs, unsigned suppress)
{
	for (int r = 0; r < CL_RULE_COUNT; r++) {
		const struct cl_rule_info *info = cl_rule_info((enum cl_rule)r);

		if ((info->runs & runs) && !(suppress & (1u << r)))
			checks[r](ctx);
	}
}

size_t cl_analyze(const struct cl_record *rec, const struct cl_options *opt,
		  struct cl_findings *out)
{
	struct cl_check_ctx ctx = { .rec = rec, .opt = opt, .out = out };
	size_t before = out->n;

	run_checks(&ctx, CL_RUNS_ON_RECORD, rec->suppress);
	if (!cl_record_is_annotated(rec))
		return out->n - before;
	cl_check_ctx_leaves(&ctx);
	run_checks(&ctx, CL_RUNS_ON_LEAVES, rec->suppress);
	return out->n - before;
}

void cl_check_variable(const struct cl_variable *v, const struct cl_profile *prof,
		       const struct cl_options *opt, struct cl_findings *out)
{
	struct cl_check_ctx ctx = { .var = v, .prof = prof, .opt = opt, .out = out };

	run_checks(&ctx, CL_RUNS_ON_VARIABLE, 0);
}
