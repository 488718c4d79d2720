// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * emit_github.c - findings as GitHub Actions workflow commands
 *
 *   ::warning file=pc.h,line=17,col=30,title=cachelint-false-sharing::read-mostly ...
 *
 * Escaping follows the runner's rules: in the message '%', CR and LF become
 * %25, %0D and %0A; property values also escape ':' and ',' (%3A, %2C).
 * The note about the other field is the message's second line.  Paths are
 * relative to --source-root (the repository), as annotations need.
 */
#include "emit.h"
#include "source_cache.h"
#include "files.h"

#include <stdlib.h>
#include <string.h>

static void put_escaped(FILE *out, const char *s, bool property)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '%':
			fputs("%25", out);
			break;
		case '\r':
			fputs("%0D", out);
			break;
		case '\n':
			fputs("%0A", out);
			break;
		case ':':
			fputs(property ? "%3A" : ":", out);
			break;
		case ',':
			fputs(property ? "%2C" : ",", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

static const char *command(enum cl_severity sev)
{
	switch (sev) {
	case CL_SEV_ERROR:
		return "error";
	case CL_SEV_NOTE:
		return "notice";
	default:
		return "warning";
	}
}

/* The path GitHub knows the file by: relative to the source root. */
static char *display_path(const char *file, const char *root)
{
	char *rel = root ? cl_path_relative(file, root) : NULL;

	return rel ? rel : cl_xstrdup(file);
}

static void put_finding(FILE *out, struct cl_source_cache *src, const struct cl_finding *f,
			const char *root)
{
	const struct cl_span *w = &f->where;

	fprintf(out, "::%s ", command(f->severity));
	if (w->file) {
		char *path = display_path(cl_span_shown_file(w), root);

		fputs("file=", out);
		put_escaped(out, path, true);
		free(path);
		if (w->line)
			fprintf(out, ",line=%u", cl_span_shown_line(w));
		if (w->line && w->col)
			fprintf(out, ",col=%u",
				cl_source_column(src, w->file, w->line, w->col, CL_COLUMN_CODEPOINT));
		fputc(',', out);
	}
	fputs("title=", out);
	put_escaped(out, cl_rule_info(f->rule)->id, true);
	fputs("::", out);
	put_escaped(out, f->message, false);
	if (f->note) {
		const struct cl_span *n = &f->note_where;

		fputs("%0A", out);
		if (n->file) {
			char *path = display_path(cl_span_shown_file(n), root);

			put_escaped(out, path, false);
			free(path);
			fprintf(out, ":%u:%u: ", cl_span_shown_line(n),
				cl_source_column(src, n->file, n->line, n->col, CL_COLUMN_CODEPOINT));
		}
		put_escaped(out, "note: ", false);
		put_escaped(out, f->note, false);
	}
	fputc('\n', out);
}

int cl_emit_github(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info)
{
	struct cl_source_cache src;

	cl_source_cache_init(&src);
	for (size_t i = 0; i < f->n; i++)
		put_finding(out, &src, &f->v[i], info->source_root);
	cl_source_cache_free(&src);
	return ferror(out) ? -1 : 0;
}
