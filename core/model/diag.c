// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diag.c - error detail, and the one printer of errors and notes
 */
#include "diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *cl_severity_name(enum cl_severity sev)
{
	switch (sev) {
	case CL_SEV_ERROR:
		return "error";
	case CL_SEV_NOTE:
		return "note";
	default:
		return "warning";
	}
}

void cl_diag_vset(struct cl_diag *d, const char *file, unsigned line,
		  unsigned col, const char *fmt, va_list ap)
{
	snprintf(d->file, sizeof(d->file), "%s", file ? file : "");
	d->line = line;
	d->col = col;
	d->severity = CL_SEV_ERROR;
	d->command = NULL;
	d->compiler = false;
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
}

void cl_diag_set(struct cl_diag *d, const char *file, unsigned line,
		 unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	cl_diag_vset(d, file, line, col, fmt, ap);
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

const char *cl_diag_line(const struct cl_diag *d, char *buf, size_t size)
{
	const char *sev = cl_severity_name(d->severity);
	char text[CL_DIAG_LINE_MAX];

	if (d->compiler && d->file[0])
		snprintf(buf, size, "%s:%u:%u: %s: %s", d->file, d->line, d->col, sev, d->msg);
	else if (d->compiler)
		snprintf(buf, size, "%s: %s", sev, d->msg);
	else if (d->file[0] && d->line && d->col)
		snprintf(buf, size, "%s:%u:%u: %s: %s", d->file, d->line, d->col, sev, d->msg);
	else if (d->file[0] && d->line)
		snprintf(buf, size, "%s:%u: %s: %s", d->file, d->line, sev, d->msg);
	else
		snprintf(buf, size, "cachelint: %s%s%s%s%s", d->command ? d->command : "",
			 d->command ? ": " : "", d->severity == CL_SEV_ERROR ? "" : sev,
			 d->severity == CL_SEV_ERROR ? "" : ": ",
			 cl_diag_format(d, text, sizeof(text)));
	return buf;
}

void cl_diag_print(const struct cl_diag *d)
{
	char buf[CL_DIAG_LINE_MAX];

	fprintf(stderr, "%s\n", cl_diag_line(d, buf, sizeof(buf)));
}

static void vsay(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void cl_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("cachelint: ", fmt, ap);
	va_end(ap);
}

void cl_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay("cachelint: note: ", fmt, ap);
	va_end(ap);
}
