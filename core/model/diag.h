/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diag.h - errors: the detail a failing function leaves, and the one place
 * that prints them
 *
 * Library functions return 0 or -1 and fill a struct cl_diag (file, line,
 * column, message); the caller decides whether and how to print it.  The
 * command line prints through cl_diag_print() and cl_error(), GCC-style
 * "file:line:col: error: msg" or pahole-style "cachelint: msg"; the plugin
 * hands the text to GCC's own error().
 */
#ifndef CACHELINT_DIAG_H
#define CACHELINT_DIAG_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_diag - detail of a failure, filled by the function that failed
 * @file: the file it is about, "" if none
 * @line: 1-based, 0 if none
 * @col: 1-based, 0 if none
 * @msg: what went wrong
 */
struct cl_diag {
	char file[1024];
	unsigned line, col;
	char msg[512];
};

void cl_diag_set(struct cl_diag *d, const char *file, unsigned line,
		 unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* "file:line:col: msg" (the parts that are known), for printing. */
const char *cl_diag_format(const struct cl_diag *d, char *buf, size_t size);

/*
 * Print @d on stderr: "file:line:col: error: msg" when it has a line (as a
 * compiler prints an error in an input), else "cachelint: file: msg".
 */
void cl_diag_print(const struct cl_diag *d);
/* "cachelint: " + message + newline on stderr. */
void cl_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_DIAG_H */
