/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rule_text.h - the rule pages, docs/rules/<id>.md, embedded at build time
 * (cmake/EmbedRulePages.cmake): a rule's page is the one source of what it
 * means on the hardware, how it is detected and how to fix it; `explain`,
 * SARIF and the HTML report print it (rule_text.c)
 */
#ifndef CACHELINT_RULE_TEXT_H
#define CACHELINT_RULE_TEXT_H

#include "model/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cl_rule_page {
	const char *id;
	const char *text;
};
/* Generated: one per page, sorted by ID, ending with { 0 }. */
extern const struct cl_rule_page cl_rule_pages[];

struct cl_arena;

/* The whole page of @rule, NULL if it has none (test_rules fails then). */
const char *cl_rule_page(enum cl_rule rule);
/*
 * The page from its first section on ("## What the hardware does", ...):
 * what `explain` prints after the rule's line and SARIF gives as the rule's
 * help.  "" without a page.
 */
const char *cl_rule_help(enum cl_rule rule);
/*
 * The first paragraph of "## What the hardware does", on one line, without
 * Markdown's inline marks (`code`, *emphasis*, [text](link) as text): what
 * the HTML report quotes.  In @a; "" without one.
 */
const char *cl_rule_cost(enum cl_rule rule, struct cl_arena *a);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_RULE_TEXT_H */
