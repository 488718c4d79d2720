// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose_patch.c - proposals as a unified diff that `patch -p1` applies
 *
 * A rewrite (propose_rewrite.h) replaces whole lines and keeps their number
 * but for the padding lines that ride on an entry after a '\n', so the diff
 * is made of runs of changed lines, each with three lines of context,
 * merged where their contexts touch, as diff -u does.
 */
#include "propose_rewrite.h"
#include "model/hash.h"

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

/* The lines an entry stands for: 1, or 2 with a padding line after it. */
static unsigned entry_lines(const char *text)
{
	return 1 + (strchr(text, '\n') != NULL);
}

/* An entry as added lines, each with its '+'. */
static void put_added(FILE *out, const char *text)
{
	const char *nl = strchr(text, '\n');

	if (nl)
		fprintf(out, "+%.*s\n+%s\n", (int)(nl - text), text, nl + 1);
	else
		fprintf(out, "+%s\n", text);
}

/*
 * A line kept as it was, with a padding line added after it: context and
 * one added line, not the line removed and added again.
 */
static bool kept_with_padding(const struct cl_source_text *src, const struct cl_rewrite *rw,
			      size_t n, unsigned l)
{
	const char *now = new_line(src, rw, n, l), *nl = strchr(now, '\n');
	const char *old = src->lines[l - 1];

	return nl && strlen(old) == (size_t)(nl - now) && !strncmp(old, now, (size_t)(nl - now));
}

static void hunk(FILE *out, const struct cl_source_text *src, const struct cl_rewrite *rw,
		 size_t n, unsigned from, unsigned to, unsigned *shift)
{
	unsigned count = to - from + 1, added = 0;

	for (unsigned l = from; l <= to; l++)
		added += entry_lines(new_line(src, rw, n, l));
	fprintf(out, "@@ -%u,%u +%u,%u @@\n", from, count, *shift + from, added);
	*shift += added - count;
	for (unsigned l = from; l <= to; ) {
		unsigned end = l;

		if (!changed(src, rw, n, l) || kept_with_padding(src, rw, n, l)) {
			fprintf(out, " %s\n", src->lines[l - 1]);
			if (changed(src, rw, n, l))
				fprintf(out, "+%s\n", strchr(new_line(src, rw, n, l), '\n') + 1);
			l++;
			continue;
		}
		while (end + 1 <= to && changed(src, rw, n, end + 1) &&
		       !kept_with_padding(src, rw, n, end + 1))
			end++;
		for (unsigned k = l; k <= end; k++)
			fprintf(out, "-%s\n", src->lines[k - 1]);
		for (unsigned k = l; k <= end; k++)
			put_added(out, new_line(src, rw, n, k));
		l = end + 1;
	}
}

int cl_rewrite_diff(FILE *out, const char *path, const struct cl_source_text *src,
		    const struct cl_rewrite *rw, size_t n)
{
	unsigned last = (unsigned)src->nlines, from = 0, to = 0, shift = 0;
	bool open = false;

	for (unsigned l = 1; l <= last; l++) {
		unsigned lo, hi;

		if (!changed(src, rw, n, l))
			continue;
		/* a padding line is an insertion before line l + 1, as GCC has it */
		lo = kept_with_padding(src, rw, n, l) ? l + 1 : l;
		lo = lo > CONTEXT ? lo - CONTEXT : 1;
		hi = l + CONTEXT < last ? l + CONTEXT : last;
		if (!open) {
			/*
			 * patch(1) reads a name up to a tab, else to its first
			 * space: a name with a space ends at a tab, as GNU
			 * diff's does (with its date after the tab).
			 */
			const char *end = strchr(path, ' ') ? "\t" : "";

			fprintf(out, "--- a/%s%s\n+++ b/%s%s\n", path, end, path, end);
			from = lo;
			open = true;
		} else if (lo > to + 1) {
			hunk(out, src, rw, n, from, to, &shift);
			from = lo;
		}
		to = hi;
	}
	if (open)
		hunk(out, src, rw, n, from, to, &shift);
	return ferror(out) ? -1 : 0;
}

uint64_t cl_rewrite_source_hash(const struct cl_source_text *src, const struct cl_rewrite *rw)
{
	uint64_t h = CL_FNV_OFFSET;

	for (unsigned l = rw->first_line; l <= rw->last_line && l <= src->nlines; l++) {
		h = cl_fnv1a(h, src->lines[l - 1], strlen(src->lines[l - 1]));
		h = cl_fnv1a(h, "\n", 1);
	}
	return h;
}
