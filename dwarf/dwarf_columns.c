// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_columns.c - the column of a reported field (or variable, or struct
 * tag) when DWARF has none
 *
 * gcc writes DW_AT_decl_column (a byte column, as the model wants); clang
 * 14 writes only the line.  The plugin's warning points at the field's
 * identifier, so for the findings that are printed the identifier is looked
 * up on its line in the source, when the source is there: the declarator
 * name is the whole-word occurrence of the field's name that is followed by
 * what may follow a declarator (';', ',', ':', '[', ')', '=', an attribute
 * or the end of the line).  Without the source the column stays unknown and
 * the location prints as file:line.
 *
 * The source is whatever path the DWARF names, read by core's one reader
 * of source files (core/model/source.h): only a regular file, never past its
 * size, so a unit that names a FIFO or /dev/zero cannot block or loop; an
 * empty name (a corrupted .debug_str) is not looked for.
 *
 * Each file is read once per call, not once per finding (which was
 * quadratic: 200,000 findings in a 100,000-line struct), through the
 * emitters' cache of source files and their line starts.
 */
#include "dwarf_columns.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/source_cache.h"
#include "model/kernel_groups.h"

#define LINE_MAX_BYTES 4096	/* of a line, what is looked at */

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static bool declarator_end(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return !*p || *p == '\n' || *p == '\r' || strchr(";,:[)=", *p) ||
	       (p[0] == '_' && p[1] == '_') || !strncmp(p, "/*", 2) || !strncmp(p, "//", 2);
}

/* 1-based byte column of @name on @text, 0 if it is not there. */
static unsigned find_name(const char *text, const char *name)
{
	size_t n = strlen(name);
	unsigned first = 0;

	if (!n)
		return 0;	/* strstr() would find it everywhere, forever */
	for (const char *p = text; (p = strstr(p, name)); p += n) {
		if ((p > text && ident_char(p[-1])) || ident_char(p[n]))
			continue;
		if (declarator_end(p + n))
			return (unsigned)(p - text) + 1;
		if (!first)
			first = (unsigned)(p - text) + 1;
	}
	return first;
}

/*
 * A cacheline group marker, __cacheline_group_begin__G, is a member a
 * macro makes (core/model/kernel_groups.c): the line shows __cacheline_group_begin(G) or
 * __cacheline_group_begin_aligned(G).  Its column, or 0.
 */
static unsigned find_marker(const char *text, const char *name)
{
	const char *macro = cl_groups_marker_macro(name);
	char aligned[64];
	unsigned col;

	if (!macro)
		return 0;
	snprintf(aligned, sizeof(aligned), "%s_aligned", macro);
	col = find_name(text, aligned);
	return col ? col : find_name(text, macro);
}

static void fix(struct cl_source_cache *c, struct cl_span *s, const char *name)
{
	char buf[LINE_MAX_BYTES];
	const char *text;
	size_t len;

	if (s->col || !s->file || !*s->file || !s->line || !name)
		return;
	text = cl_source_line(c, s->file, s->line, &len);
	if (!text)
		return;
	len = len < sizeof(buf) ? len : sizeof(buf) - 1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	s->col = find_name(buf, name);
	if (!s->col)
		s->col = find_marker(buf, name);
}

/* The name of @rec's member declared at @s, or @dflt. */
static const char *member_at(const struct cl_record *rec, const struct cl_span *s,
			     const char *dflt)
{
	const struct cl_member *m;

	cl_for_each_member(rec, m)
		if (m->name && m->span.line == s->line && m->span.file == s->file)
			return m->name;
	return dflt;
}

void dw_fix_columns(struct cl_findings *f)
{
	struct cl_source_cache c;

	cl_source_cache_init(&c);

	for (size_t i = 0; i < f->n; i++) {
		struct cl_finding *fd = &f->v[i];

		if (fd->a.member && fd->where.line == fd->a.member->span.line &&
		    fd->where.file == fd->a.member->span.file)
			fix(&c, &fd->where, fd->a.member->name);
		if (fd->b.member && fd->note_where.line == fd->b.member->span.line &&
		    fd->note_where.file == fd->b.member->span.file)
			fix(&c, &fd->note_where, fd->b.member->name);
		/* between objects: at the variable's name, or the struct's tag */
		if (cl_rule_info(fd->rule)->between_objects) {
			const char *name = fd->variable ? fd->variable :
					   fd->record ? fd->record->name : NULL;

			/* an array member's (__per_thread on it): at its name */
			if (!fd->variable && fd->record && fd->where.line != fd->record->span.line)
				name = member_at(fd->record, &fd->where, name);
			fix(&c, &fd->where, name);
			fix(&c, &fd->note_where, name);
		} else if (!fd->a.member && fd->record && fd->record->name &&
			   fd->where.line == fd->record->span.line &&
			   fd->where.file == fd->record->span.file) {
			/* about the struct (a budget, a profile entry): at its tag */
			fix(&c, &fd->where, fd->record->name);
			if (fd->note_where.line == fd->where.line &&
			    fd->note_where.file == fd->where.file)
				fix(&c, &fd->note_where, fd->record->name);
		}
	}
	cl_source_cache_free(&c);
}
