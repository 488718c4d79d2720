// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rules.c - the rules table, built from the rows of rules.def, and looking
 * rules up
 *
 * The table is data on the ground floor: every folder reads it, and it
 * calls nothing.  Which check finds a rule is the checks' own table
 * (checks/analysis.c), what a rule's page says is emit's (rule_text.c).
 */
#include "rules.h"

#include <string.h>

/* suppressions are masks of 1u << rule */
_Static_assert(CL_RULE_COUNT <= 32, "more rules than bits in a suppression mask");

static const struct cl_rule_info rules[CL_RULE_COUNT] = {
#define CL_RULE(name, ...) [CL_RULE_##name] = { __VA_ARGS__ },
#define CL_CHECK_RULE(name, fn, ...) [CL_RULE_##name] = { __VA_ARGS__ },
#include "rules.def"
#undef CL_CHECK_RULE
#undef CL_RULE
};

const struct cl_rule_info *cl_rule_info(enum cl_rule rule)
{
	return &rules[rule];
}

int cl_rule_proposal_fixes(enum cl_rule rule)
{
	return rules[rule].proposal_fixes;
}

const char *cl_rule_meet_key(enum cl_rule rule)
{
	return rules[rule].meet == CL_MEET_BLOCK ? "block" : "cache-line";
}

int cl_rule_lookup(const char *id)
{
	for (int i = 0; i < CL_RULE_COUNT; i++)
		if (!strcmp(rules[i].id, id))
			return i;
	return -1;
}

unsigned cl_rule_mask(const char *id)
{
	int rule;

	if (!strcmp(id, "all"))
		return CL_RULE_MASK_ALL;
	rule = cl_rule_lookup(id);
	return rule < 0 ? 0 : 1u << rule;
}
