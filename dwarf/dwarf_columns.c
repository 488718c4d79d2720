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
 * The source is whatever path the DWARF names: only a regular file is
 * read, and never past its size, so a unit that names a FIFO or /dev/zero
 * cannot block or loop; an empty name (a corrupted .debug_str) is not
 * looked for.
 */
#include "dwarf_columns.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LINE_MAX_BYTES 4096

/*
 * @path opened for reading if it is a regular file.  O_NONBLOCK: opening a
 * FIFO without a writer would otherwise wait for one.
 */
static FILE *open_regular(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)) {
		close(fd);
		return NULL;
	}
	f = fdopen(fd, "r");
	if (!f)
		close(fd);
	return f;
}

/* The text of line @line of @path, in @buf; NULL if it cannot be read. */
static const char *read_line(const char *path, unsigned line, char *buf, size_t size)
{
	FILE *f = open_regular(path);
	unsigned n = 1;
	const char *r = NULL;

	if (!f)
		return NULL;
	while (fgets(buf, (int)size, f)) {
		size_t len = strlen(buf);

		if (n == line) {
			r = buf;
			break;
		}
		if (len && buf[len - 1] == '\n')
			n++;
	}
	fclose(f);
	return r;
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

static void fix(struct cl_span *s, const struct cl_member *m)
{
	char buf[LINE_MAX_BYTES];
	const char *text;

	if (s->col || !s->file || !s->line || !m || !m->name)
		return;
	text = read_line(s->file, s->line, buf, sizeof(buf));
	if (text)
		s->col = find_name(text, m->name);
}

void dw_fix_columns(struct cl_findings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		struct cl_finding *fd = &f->v[i];

		if (fd->a.member && fd->where.line == fd->a.member->span.line &&
		    fd->where.file == fd->a.member->span.file)
			fix(&fd->where, fd->a.member);
		if (fd->b.member && fd->note_where.line == fd->b.member->span.line &&
		    fd->note_where.file == fd->b.member->span.file)
			fix(&fd->note_where, fd->b.member);
	}
}
