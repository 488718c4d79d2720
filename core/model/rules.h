/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rules.h - the stable rule IDs, one per check
 *
 * The ID is in every message ("[cachelint-false-sharing]"), is the SARIF
 * ruleId and is what suppressions name.  Never renumber or rename.  The
 * rules themselves are the rows of rules.def.
 */
#ifndef CACHELINT_RULES_H
#define CACHELINT_RULES_H

#include <stdbool.h>

#include "diag.h"	/* enum cl_severity */

#ifdef __cplusplus
extern "C" {
#endif

/* CL_RULE_FALSE_SHARING, ...: one per row of rules.def, in its order */
enum cl_rule {
#define CL_RULE(name, ...) CL_RULE_##name,
#define CL_CHECK_RULE(name, check, ...) CL_RULE_##name,
#include "rules.def"
#undef CL_CHECK_RULE
#undef CL_RULE
	CL_RULE_COUNT
};

/* What a check runs on (cl_rule_info.runs): */
enum cl_check_runs {
	CL_RUNS_ON_LEAVES = 1,		/* the leaves of an annotated record */
	CL_RUNS_ON_RECORD = 2,		/* every record, as a whole */
	CL_RUNS_ON_VARIABLE = 4,	/* every variable (ctx->var) */
};

/* Where the two members of a pair finding meet (cl_rule_info.meet): */
enum cl_meet {
	CL_MEET_NONE,		/* not a pair: one member, a struct, a variable */
	CL_MEET_LINE,		/* on one cache line */
	CL_MEET_BLOCK,		/* in the two lines of one 2-line block */
};

/**
 * struct cl_rule_info - one row of the rules table (rules.def): what a rule
 * is, for messages, SARIF and `explain`, how it is found, and every
 * property of its findings that the emitters, the proposal and the front
 * ends need, so that none of them names a rule
 * @id: the stable kebab-case ID
 * @severity: default severity of its findings
 * @summary: one line (the rule's page, docs/rules/<id>.md, says the rest:
 *           cl_rule_help(), emit/rule_text.h)
 * @runs: what the check that finds it runs on (enum cl_check_runs); 0 for
 *        the rules no check finds (a CL_RULE row of rules.def).  Which
 *        check it is, checks/ knows (cl_check_of(), check.h): the table is
 *        data that every floor reads and that calls nothing
 * @meet: its findings are a pair of members (a, b) that meet on a line or
 *        in a block: the views mark both ends and the reports give the line
 *        (or block) index under the key cl_rule_meet_key()
 * @view_mark: for a pair, the words the layout view writes after a member
 *             before the members at the other ends ("!! false sharing with")
 * @proposal_fixes: a proposed reordering removes its findings (the
 *                  proposal engine checks its result against these rules,
 *                  and records with such a finding get a proposal)
 * @remains: no layout removes its misses: a proposal names the fields of
 *           its findings as what remains
 * @at_macro_use: its findings are at members a macro makes (the kernel's
 *                group markers): a compiler reports them where the macro is
 *                used, not in the macro's definition
 * @between_objects: its findings are between the objects of a type or the
 *                   elements of a variable, reported at the type's or the
 *                   variable's name, not at a member
 */
struct cl_rule_info {
	const char *id;
	enum cl_severity severity;
	const char *summary;
	unsigned runs;
	enum cl_meet meet;
	const char *view_mark;
	int proposal_fixes;
	bool remains;
	bool at_macro_use;
	bool between_objects;
};

const struct cl_rule_info *cl_rule_info(enum cl_rule rule);
/* Whether a proposed reordering can remove a finding of @rule. */
int cl_rule_proposal_fixes(enum cl_rule rule);
/* "cache-line" or "block": the key of a pair finding's line in reports. */
const char *cl_rule_meet_key(enum cl_rule rule);
/* The rule with this ID, or -1. */
int cl_rule_lookup(const char *id);

/* Mask for a suppression: a rule ID or "all"; 0 when unknown. */
unsigned cl_rule_mask(const char *id);

#define CL_RULE_MASK_ALL ((1u << CL_RULE_COUNT) - 1)

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_RULES_H */
