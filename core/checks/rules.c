// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rules.c - the rules table, built from the rows of rules.def, and looking
 * rules up
 */
#include "rules.h"
#include "check.h"

#include <string.h>

#include "arena.h"

/* suppressions are masks of 1u << rule */
_Static_assert(CL_RULE_COUNT <= 32, "more rules than bits in a suppression mask");

static const struct cl_rule_info rules[CL_RULE_COUNT] = {
#define CL_RULE(name, ...) [CL_RULE_##name] = { __VA_ARGS__ },
#define CL_CHECK_RULE(name, fn, ...) [CL_RULE_##name] = { .check = fn, __VA_ARGS__ },
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

const char *cl_rule_page(enum cl_rule rule)
{
	for (const struct cl_rule_page *p = cl_rule_pages; p->id; p++)
		if (!strcmp(p->id, rules[rule].id))
			return p->text;
	return NULL;
}

const char *cl_rule_help(enum cl_rule rule)
{
	const char *page = cl_rule_page(rule), *s;

	if (!page)
		return "";
	s = strstr(page, "\n## ");
	return s ? s + 1 : "";
}

/* [text](link) at @s: the end of the text in *@text_end and of it all. */
static const char *md_link(const char *s, const char **text_end)
{
	const char *close = strstr(s, "](");
	const char *nl = strchr(s, '\n');
	const char *end;

	if (!close || (nl && close > nl))
		return NULL;
	end = strchr(close + 2, ')');
	if (!end || (nl && end > nl))
		return NULL;
	*text_end = close;
	return end + 1;
}

const char *cl_rule_cost(enum cl_rule rule, struct cl_arena *a)
{
	static const char head[] = "\n## What the hardware does\n";
	const char *page = cl_rule_page(rule), *s, *end, *link_end = NULL;
	char *out, *o;

	s = page ? strstr(page, head) : NULL;
	if (!s)
		return "";
	for (s += sizeof(head) - 1; *s == '\n'; s++)
		;
	end = strstr(s, "\n\n");
	if (!end)
		end = s + strlen(s);
	out = o = cl_arena_alloc(a, (size_t)(end - s) + 1);
	for (; s < end; s++) {
		const char *after;

		if (*s == '`' || *s == '*')
			continue;
		if (*s == '[' && (after = md_link(s + 1, &link_end)) && after <= end) {
			memcpy(o, s + 1, (size_t)(link_end - s - 1));
			o += link_end - s - 1;
			s = after - 1;
			continue;
		}
		*o++ = *s == '\n' ? ' ' : *s;
	}
	*o = 0;
	return out;
}
