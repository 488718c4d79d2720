// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diag.c - error detail, and the one printer of errors
 */
#include "diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void cl_diag_set(struct cl_diag *d, const char *file, unsigned line,
		 unsigned col, const char *fmt, ...)
{
	va_list ap;

	snprintf(d->file, sizeof(d->file), "%s", file ? file : "");
	d->line = line;
	d->col = col;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
}

const char *cl_diag_format(const struct cl_diag *d, char *buf, size_t size)
{
	if (!d->file[0])
		snprintf(buf, size, "%s", d->msg);
	else if (!d->line)
		snprintf(buf, size, "%s: %s", d->file, d->msg);
	else if (!d->col)
		snprintf(buf, size, "%s:%u: %s", d->file, d->line, d->msg);
	else
		snprintf(buf, size, "%s:%u:%u: %s", d->file, d->line, d->col, d->msg);
	return buf;
}

void cl_diag_print(const struct cl_diag *d)
{
	char buf[2048];

	if (d->file[0] && d->line && d->col)
		fprintf(stderr, "%s:%u:%u: error: %s\n", d->file, d->line, d->col, d->msg);
	else if (d->file[0] && d->line)
		fprintf(stderr, "%s:%u: error: %s\n", d->file, d->line, d->msg);
	else
		cl_error("%s", cl_diag_format(d, buf, sizeof(buf)));
}

void cl_error(const char *fmt, ...)
{
	va_list ap;

	fputs("cachelint: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
