/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * propose_rewrite.h - a proposal as an edit of the struct's source text
 */
#ifndef CACHELINT_PROPOSE_REWRITE_H
#define CACHELINT_PROPOSE_REWRITE_H

#include "propose.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_source_text - the lines of one source file
 * @lines: without their newlines; line N is lines[N - 1]
 * @nlines: number of @lines
 * @unreadable: why the file could not be read, NULL when it was
 */
struct cl_source_text {
	const char **lines;
	size_t nlines;
	const char *unreadable;
};

/**
 * struct cl_rewrite - the struct body as the proposal writes it
 * @first_line: first line replaced (1-based)
 * @last_line: last line replaced; the body keeps its number of lines
 * @lines: the new text of lines @first_line..@last_line; an entry may hold
 *         a '\n' and a line inserted after it (the padding after a field
 *         whose comment ends its line), never more than one
 * @reason: why there is no rewrite, when there is none
 */
struct cl_rewrite {
	unsigned first_line, last_line;
	const char **lines;
	const char *reason;
};

/*
 * Rewrite the body of @p->rec (whose members' spans point into @src) in the
 * proposed order, with the added alignments.  Returns 0, or -1 with
 * @out->reason: declarations sharing a line, preprocessor lines in the body,
 * fields made by macros, declarations that are not fields.
 */
int cl_proposal_rewrite(const struct cl_proposal *p, const struct cl_source_text *src,
			struct cl_arena *a, struct cl_rewrite *out);

/*
 * FNV-1a of lines @rw->first_line..@rw->last_line of @src, each with its
 * '\n': what a report's edit records of the text it replaces.
 */
uint64_t cl_rewrite_source_hash(const struct cl_source_text *src, const struct cl_rewrite *rw);

/*
 * The @n rewrites of one file (@src, at @path relative to where `patch -p1`
 * runs) as a unified diff: "--- a/PATH", "+++ b/PATH", hunks with three
 * lines of context.  Writes nothing when no line changes.
 */
int cl_rewrite_diff(FILE *out, const char *path, const struct cl_source_text *src,
		    const struct cl_rewrite *rw, size_t n);

/* Read a file's lines into @src (strings in @a); 0, or -1 with errno. */
/*
 * The lines of the source file @path (read by cl_source_read()): 0, or -1
 * with *@why saying why it cannot be read.
 */
int cl_source_text_load(struct cl_source_text *src, const char *path, struct cl_arena *a,
			const char **why);
void cl_source_text_free(struct cl_source_text *src);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_PROPOSE_REWRITE_H */
