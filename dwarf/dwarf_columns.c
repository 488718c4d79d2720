// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_columns.c - the column of a reported field when DWARF has none
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
 * of source files (core/source.h): only a regular file, never past its
 * size, so a unit that names a FIFO or /dev/zero cannot block or loop; an
 * empty name (a corrupted .debug_str) is not looked for.
 *
 * Each file is read once per call, not once per finding (which was
 * quadratic: 200,000 findings in a 100,000-line struct), and its lines are
 * cut as fgets() into a LINE_MAX_BYTES buffer cut them: a longer line is
 * several pieces of one line, and a piece counts a line only if it ends in
 * a newline before any NUL byte.
 */
#include "dwarf_columns.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

#define LINE_MAX_BYTES 4096
#define SOURCES 8	/* files kept: the findings of a record are in one or two */

/**
 * struct source - one source file read whole, with where its lines start
 * @path: as the DWARF names it
 * @data: its bytes and a NUL, NULL when it cannot be read
 * @starts: per line (1-based line N at @starts[N - 1]), its first piece
 * @nstarts: number of @starts
 */
struct source {
	char *path;
	char *data;
	size_t *starts;
	size_t nstarts;
};

/**
 * struct sources - the files read during one dw_fix_columns()
 * @v: the files, replaced round-robin
 * @next: the slot to replace next
 */
struct sources {
	struct source v[SOURCES];
	unsigned next;
};

static void source_free(struct source *src)
{
	free(src->path);
	free(src->data);
	free(src->starts);
	memset(src, 0, sizeof(*src));
}

/* The pieces fgets() would read, and the first piece of each line. */
static void source_read(struct source *src, const char *path)
{
	size_t size, cap = 0, start = 0;
	const char *why;

	src->path = cl_xstrdup(path);
	src->data = cl_source_read(path, &size, &why);
	if (!src->data)
		return;
	*cl_vec_push(&src->starts, &src->nstarts, &cap) = 0;
	while (start < size) {
		size_t len = 0, text;

		while (start + len < size && len < LINE_MAX_BYTES - 1 &&
		       src->data[start + len++] != '\n')
			;
		text = strnlen(src->data + start, len);	/* what strlen() sees */
		start += len;
		if (text && src->data[start - len + text - 1] == '\n')
			*cl_vec_push(&src->starts, &src->nstarts, &cap) = start;
	}
	if (src->starts[src->nstarts - 1] == size)
		src->nstarts--;	/* nothing after the last newline */
}

static const struct source *source_get(struct sources *c, const char *path)
{
	struct source *src;

	for (unsigned i = 0; i < SOURCES; i++)
		if (c->v[i].path && !strcmp(c->v[i].path, path))
			return &c->v[i];
	src = &c->v[c->next];
	c->next = (c->next + 1) % SOURCES;
	source_free(src);
	source_read(src, path);
	return src;
}

/*
 * The text of line @line of @path, in @buf as fgets() into it would have
 * read it; NULL if it cannot be read.
 */
static const char *read_line(struct sources *c, const char *path, unsigned line, char *buf,
			     size_t size)
{
	const struct source *src = source_get(c, path);
	const char *p;
	size_t len = 0;

	if (!src->data || !line || line > src->nstarts)
		return NULL;
	p = src->data + src->starts[line - 1];
	while (len < size - 1 && p[len] && p[len] != '\n')
		len++;
	if (len < size - 1 && p[len] == '\n')
		len++;
	memcpy(buf, p, len);
	buf[len] = '\0';
	return buf;
}

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
 * The name a member is spelled with: a cacheline group marker,
 * __cacheline_group_begin__G, is made by the macro __cacheline_group_begin(G)
 * (core/groups.c), which is what the line shows.
 */
static const char *spelled_name(const char *name)
{
	static const char *const macros[] = { "__cacheline_group_begin", "__cacheline_group_end" };

	for (size_t i = 0; i < sizeof(macros) / sizeof(macros[0]); i++) {
		size_t n = strlen(macros[i]);

		if (!strncmp(name, macros[i], n) && !strncmp(name + n, "__", 2))
			return macros[i];
	}
	return name;
}

static void fix(struct sources *c, struct cl_span *s, const struct cl_member *m)
{
	char buf[LINE_MAX_BYTES];
	const char *text;

	if (s->col || !s->file || !*s->file || !s->line || !m || !m->name)
		return;
	text = read_line(c, s->file, s->line, buf, sizeof(buf));
	if (text)
		s->col = find_name(text, spelled_name(m->name));
}

void dw_fix_columns(struct cl_findings *f)
{
	struct sources c = { 0 };

	for (size_t i = 0; i < f->n; i++) {
		struct cl_finding *fd = &f->v[i];

		if (fd->a.member && fd->where.line == fd->a.member->span.line &&
		    fd->where.file == fd->a.member->span.file)
			fix(&c, &fd->where, fd->a.member);
		if (fd->b.member && fd->note_where.line == fd->b.member->span.line &&
		    fd->note_where.file == fd->b.member->span.file)
			fix(&c, &fd->note_where, fd->b.member);
	}
	for (unsigned i = 0; i < SOURCES; i++)
		source_free(&c.v[i]);
}
