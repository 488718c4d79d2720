/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rules.h - the stable rule IDs, one per check
 *
 * The ID is in every message ("[cachelint-false-sharing]"), is the SARIF
 * ruleId and is what suppressions name.  Never renumber or rename.
 */
#ifndef CACHELINT_RULES_H
#define CACHELINT_RULES_H

#ifdef __cplusplus
extern "C" {
#endif

enum cl_rule {
	CL_RULE_FALSE_SHARING,
	CL_RULE_WRITE_GROUPS,
	CL_RULE_ADJACENT_LINE,
	CL_RULE_ANNOTATION_MISMATCH,
	CL_RULE_PROFILE,
	CL_RULE_TRUE_SHARING,
	CL_RULE_GROUP_MARKERS,
	CL_RULE_FALSE_SHARING_OBJECTS,
	CL_RULE_PATH_LINES,
	CL_RULE_COUNT
};

enum cl_severity {
	CL_SEV_ERROR,
	CL_SEV_WARNING,
	CL_SEV_NOTE,
};

struct cl_check_ctx;

/**
 * struct cl_rule_info - one row of the rules table: what a rule is, for
 * messages, SARIF and `explain`, and how it is found
 * @id: the stable kebab-case ID
 * @severity: default severity of its findings
 * @summary: one line
 * @help: what it means on the hardware, how it is detected, how to fix it
 * @check: the check that finds it in a record's leaves (check_*.c), NULL
 *         for the rules the profile reports when it is applied
 * @proposal_fixes: a proposed reordering removes its findings (the
 *                  proposal engine checks its result against these rules,
 *                  and records with such a finding get a proposal)
 *
 * A new check is one file, one row here and its test.
 */
struct cl_rule_info {
	const char *id;
	enum cl_severity severity;
	const char *summary;
	const char *help;
	void (*check)(const struct cl_check_ctx *ctx);
	int proposal_fixes;
};

const struct cl_rule_info *cl_rule_info(enum cl_rule rule);
/* Whether a proposed reordering can remove a finding of @rule. */
int cl_rule_proposal_fixes(enum cl_rule rule);
/* The rule with this ID, or -1. */
int cl_rule_lookup(const char *id);
/* Mask for a suppression: a rule ID or "all"; 0 when unknown. */
unsigned cl_rule_mask(const char *id);
const char *cl_severity_name(enum cl_severity sev);

#define CL_RULE_MASK_ALL ((1u << CL_RULE_COUNT) - 1)

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_RULES_H */
