// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rule_text.c - what a rule's page (docs/rules/<id>.md, embedded) says:
 * the whole page, its help and the cost it names
 */
#include "rule_text.h"

#include <string.h>

#include "model/arena.h"

const char *cl_rule_page(enum cl_rule rule)
{
	for (const struct cl_rule_page *p = cl_rule_pages; p->id; p++)
		if (!strcmp(p->id, cl_rule_info(rule)->id))
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
