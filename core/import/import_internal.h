/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_internal.h - what the importers share (internal to core/)
 *
 * Every parser walks its input line by line, collects rows in a stage, and
 * commits the stage into the import only once the whole file was read
 * without error: that is how a bad file changes nothing.
 */
#ifndef CACHELINT_IMPORT_INTERNAL_H
#define CACHELINT_IMPORT_INTERNAL_H

#include "import.h"

/**
 * struct imp_line - one line of the input, without its line ending
 * @s: first character (not NUL-terminated)
 * @len: length
 * @no: 1-based line number
 * @shift: characters before @s on the line (mail quoting taken off), for
 *         columns
 */
struct imp_line {
	const char *s;
	size_t len;
	unsigned no;
	unsigned shift;
};

/**
 * struct imp_lines - an iterator over the lines of a buffer
 * @buf: the input
 * @len: its length
 * @pos: where the next line starts
 * @no: number of the last line returned
 */
struct imp_lines {
	const char *buf;
	size_t len, pos;
	unsigned no;
};

void imp_lines_init(struct imp_lines *it, const char *buf, size_t len);
/* The next line ("\n", "\r\n" and a last line without either), or false. */
bool imp_lines_next(struct imp_lines *it, struct imp_line *line);

/**
 * struct imp_row - one fact about one member, before it is committed
 * @st: struct name
 * @m: what the input says of the member; its @comment is for the profile,
 *     its @from the input's file and line
 */
struct imp_row {
	const char *st;
	struct cl_import_member m;
};

/**
 * struct imp_stage - what one file says, until it has all been read
 * @imp: the import it goes to; strings go to its arena right away
 * @name: the file, for errors and notes
 * @err: where an error is described
 * @rows: the facts
 * @nrows: number of @rows
 * @cap: allocated @rows
 * @said: the rest of what it says, added to the import's when committed
 */
struct imp_stage {
	struct cl_import *imp;
	const char *name;
	struct cl_diag *err;
	struct imp_row *rows;
	size_t nrows, cap;
	struct cl_import_said said;
};

void imp_stage_init(struct imp_stage *st, struct cl_import *imp, const char *name,
		    struct cl_diag *err);
/* Commits when @rc is 0, drops otherwise; frees the stage; returns @rc. */
int imp_stage_finish(struct imp_stage *st, int rc);
void imp_stage_add(struct imp_stage *st, const struct imp_row *row);
void imp_stage_source(struct imp_stage *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void imp_stage_note(struct imp_stage *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * What the file lacks, at @line ("FILE:LINE: msg"), the import going on
 * without it; @partial_kind (CL_EVENTS_LOADS, _STORES, or CL_EVENTS_BY_NAME
 * for both) says which counts are then incomplete, CL_EVENTS_IGNORED none.
 */
void imp_stage_warn(struct imp_stage *st, unsigned line, enum cl_events partial_kind,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Fail at @line, column @col (1-based; 0 for the whole line).  Returns -1. */
int imp_error(struct imp_stage *st, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* A copy of [s, s + n) in the import's arena. */
const char *imp_strndup(struct imp_stage *st, const char *s, size_t n);
/* [s, s + n) for a message: at most 57 characters, escaped as cl_name_show() does. */
const char *imp_show(struct imp_stage *st, const char *s, size_t n);

bool imp_is_space(char c);
bool imp_is_digit(char c);
/* [s, s + n) is a C identifier / identifiers joined by '.'. */
bool imp_is_ident(const char *s, size_t n);
bool imp_is_path(const char *s, size_t n);
/* Whether [s, s + n) starts with the NUL-terminated @prefix. */
bool imp_starts(const char *s, size_t n, const char *prefix);
/* The 1-based column of @p, a character of @l, on the input's line. */
unsigned imp_col_of(const struct imp_line *l, const char *p);
/*
 * The next run of non-blanks of [*s, end): in @tok, @len, and *@s moved
 * past it; false when only blanks are left.
 */
bool imp_next_token(const char **s, const char *end, const char **tok, size_t *len);
/*
 * Take mail quoting off @l: "> ", ">> ", "> > " (after any indentation).
 * Returns whether there was any; columns still count from the line's start.
 */
bool imp_unquote(struct imp_line *l);
/* A line that stands for lines cut out: "...", "<snip>", "[...]". */
bool imp_is_elision(const char *s, size_t n);
/*
 * The events of a perf group description ("a, b", "anon group { a, b }",
 * "{a,b}") into @names (at most @max; returns the count, @max + 1 when
 * there are more).
 */
size_t imp_split_events(struct imp_stage *st, const char *s, size_t n,
			const char **names, size_t max);
/* Decimal digits only, no overflow. */
bool imp_parse_u64(const char *s, size_t n, uint64_t *out);
/* A percentage as perf prints it ("9.57", "100.00") in hundredths, at most 100%. */
bool imp_parse_hundredths(const char *s, size_t n, uint64_t *out);
/* "0x1f" (hex) or "31" (decimal), as perf prints offsets and sizes. */
bool imp_parse_offset(const char *s, size_t n, uint64_t *out);
/* a * b / c, rounded to nearest, saturated at UINT64_MAX. */
uint64_t imp_scale(uint64_t a, uint64_t b, uint64_t c);

/*
 * The struct a perf type name is about: "struct foo" and "union foo" give
 * "foo", a typedef name ("atomic_t") gives itself; base types, pointers and
 * perf's own "(unknown)", "(stack operation)" give NULL.  @len of the name.
 */
const char *imp_perf_struct(struct imp_stage *st, const char *type, size_t len);
/* perf's name of an anonymous struct or union: "union " (or "union"). */
bool imp_perf_anonymous(const char *type, size_t len);
/* The note on rows or tables of anonymous types, when there were any. */
void imp_anonymous_note(struct imp_stage *st, const char *what, const char *example);
/* The notes on lines skipped as cut-out rows and lines read without mail quoting. */
void imp_text_notes(struct imp_stage *st, size_t elided, size_t quoted);

#endif /* CACHELINT_IMPORT_INTERNAL_H */
