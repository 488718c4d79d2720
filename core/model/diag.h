/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diag.h - errors and notes: the detail a failing function leaves, and the
 * one place that prints them
 *
 * Library functions return 0 or -1 and fill a struct cl_diag (file, line,
 * column, message, severity); the caller decides whether and how to print
 * it.  The command line prints through cl_diag_print(), cl_error() and
 * cl_note(), GCC-style "file:line:col: error: msg" or pahole-style
 * "cachelint: msg" ("cachelint: note: msg"); the plugin hands the text to
 * GCC's own error().
 */
#ifndef CACHELINT_DIAG_H
#define CACHELINT_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The one severity, of diagnostics and of findings. */
enum cl_severity {
	CL_SEV_ERROR,
	CL_SEV_WARNING,
	CL_SEV_NOTE,
};

/* "error", "warning" or "note", as GCC prints them. */
const char *cl_severity_name(enum cl_severity sev);

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_diag - detail of a failure, filled by the function that failed
 * @file: the file it is about, "" if none
 * @line: 1-based, 0 if none
 * @col: 1-based, 0 if none
 * @msg: what went wrong
 * @severity: CL_SEV_ERROR (what cl_diag_set() and a zeroed diag say) or
 *            CL_SEV_NOTE, CL_SEV_WARNING for what is said but fails nothing
 * @command: the subcommand that says it ("bench"), printed before the
 *           severity in the "cachelint: " form; NULL (cl_diag_set()) for none
 * @compiler: a place in a source as libclang gives it, printed as a
 *            compiler does: "file:line:col: error: msg" with the column
 *            even when it is 0, and "error: msg" in no file (the lint's
 *            errors in annotations); false (cl_diag_set()) for the others
 *
 * @file holds a path of PATH_MAX and @msg a message of a line and more;
 * CL_DIAG_LINE_MAX holds any line cl_diag_line() makes of them.
 */
struct cl_diag {
	char file[4096];
	unsigned line, col;
	char msg[1024];
	enum cl_severity severity;
	const char *command;
	bool compiler;
};

#define CL_DIAG_LINE_MAX (sizeof(((struct cl_diag *)0)->file) + \
			  sizeof(((struct cl_diag *)0)->msg) + 128)

void cl_diag_set(struct cl_diag *d, const char *file, unsigned line,
		 unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void cl_diag_vset(struct cl_diag *d, const char *file, unsigned line,
		  unsigned col, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));
/* "file:line:col: msg" (the parts that are known), for printing. */
const char *cl_diag_format(const struct cl_diag *d, char *buf, size_t size);

/*
 * The line cl_diag_print() prints, without its newline: "file:line:col:
 * error: msg" when @d has a line (as a compiler prints an error in an
 * input; "note:", "warning:" by its severity), else "cachelint: file: msg"
 * ("cachelint: note: file: msg", "cachelint: bench: note: msg" with a
 * @command).  A @size of CL_DIAG_LINE_MAX cuts nothing.
 */
const char *cl_diag_line(const struct cl_diag *d, char *buf, size_t size);
/* Print cl_diag_line() and a newline on stderr. */
void cl_diag_print(const struct cl_diag *d);
/* "cachelint: " + message + newline on stderr. */
void cl_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "cachelint: note: " + message + newline on stderr. */
void cl_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_DIAG_H */
