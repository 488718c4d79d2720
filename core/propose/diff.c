// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff.c - proposals as a unified diff that `patch -p1` applies
 *
 * A rewrite (propose_text.h) replaces whole lines and keeps their number,
 * so the diff is made of runs of changed lines, each with three lines of
 * context, merged where their contexts touch, as diff -u does.
 */
#include "propose_text.h"

#include <string.h>

#define CONTEXT 3

/* The text of line @l (1-based) of the file after all @n rewrites. */
static const char *new_line(const struct cl_source_text *src, const struct cl_rewrite *rw,
			    size_t n, unsigned l)
{
	for (size_t i = 0; i < n; i++)
		if (l >= rw[i].first_line && l <= rw[i].last_line)
			return rw[i].lines[l - rw[i].first_line];
	return src->lines[l - 1];
}

static bool changed(const struct cl_source_text *src, const struct cl_rewrite *rw,
		    size_t n, unsigned l)
{
	return strcmp(src->lines[l - 1], new_line(src, rw, n, l)) != 0;
}

static void hunk(FILE *out, const struct cl_source_text *src, const struct cl_rewrite *rw,
		 size_t n, unsigned from, unsigned to)
{
	unsigned count = to - from + 1;

	fprintf(out, "@@ -%u,%u +%u,%u @@\n", from, count, from, count);
	for (unsigned l = from; l <= to; ) {
		unsigned end = l;

		if (!changed(src, rw, n, l)) {
			fprintf(out, " %s\n", src->lines[l - 1]);
			l++;
			continue;
		}
		while (end + 1 <= to && changed(src, rw, n, end + 1))
			end++;
		for (unsigned k = l; k <= end; k++)
			fprintf(out, "-%s\n", src->lines[k - 1]);
		for (unsigned k = l; k <= end; k++)
			fprintf(out, "+%s\n", new_line(src, rw, n, k));
		l = end + 1;
	}
}

int cl_rewrite_diff(FILE *out, const char *path, const struct cl_source_text *src,
		    const struct cl_rewrite *rw, size_t n)
{
	unsigned last = (unsigned)src->nlines, from = 0, to = 0;
	bool open = false;

	for (unsigned l = 1; l <= last; l++) {
		unsigned lo, hi;

		if (!changed(src, rw, n, l))
			continue;
		lo = l > CONTEXT ? l - CONTEXT : 1;
		hi = l + CONTEXT < last ? l + CONTEXT : last;
		if (!open) {
			fprintf(out, "--- a/%s\n+++ b/%s\n", path, path);
			from = lo;
			open = true;
		} else if (lo > to + 1) {
			hunk(out, src, rw, n, from, to);
			from = lo;
		}
		to = hi;
	}
	if (open)
		hunk(out, src, rw, n, from, to);
	return ferror(out) ? -1 : 0;
}
