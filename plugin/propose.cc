// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose.cc - the proposal as GCC fix-it hints
 *
 * The core's pipeline proposes an order (core/propose/propose.h) and rewrites the
 * struct body as whole lines (core/propose/propose_rewrite.h); here each changed line
 * becomes one fix-it that replaces the line's text, attached to the
 * struct's first warning, so -fdiagnostics-generate-patch prints a unified diff that
 * `patch` applies and -fdiagnostics-parseable-fixits lists them.  (A fix-it
 * range that spans a newline makes GCC drop the whole patch: none does; a
 * padding line is inserted whole, the one newline GCC takes.)
 */
#include "cachelint-plugin.h"

#include "propose/propose_rewrite.h"

/*
 * A location for @line:@col of @file, the file that @near is in, or 0 when
 * @near is elsewhere.
 */
static location_t location_in_file(location_t near, const char *file, unsigned line,
				   unsigned col)
{
	const line_map *map;
	location_t loc;
	expanded_location xl;

	near = linemap_resolve_location(line_table, near, LRK_SPELLING_LOCATION, NULL);
	map = linemap_lookup(line_table, near);
	if (!map || !MAP_ORDINARY_P(map))
		return UNKNOWN_LOCATION;
	loc = linemap_position_for_line_and_column(line_table, linemap_check_ordinary(map),
						   line, col);
	xl = expand_location(loc);
	if (xl.line != (int)line || xl.column != (int)col || !xl.file || strcmp(xl.file, file))
		return UNKNOWN_LOCATION;
	return loc;
}

size_t propose_changed_lines(const struct cl_report_proposal *rp)
{
	const struct cl_rewrite *rw = rp->rw;
	size_t n = 0;

	for (unsigned l = rw->first_line; l <= rw->last_line; l++)
		n += strcmp(rp->src->lines[l - 1], rw->lines[l - rw->first_line]) != 0;
	return n;
}

/*
 * The fix-it for line @l: its new text replaces the old, or fills an empty
 * line.
 */
static bool line_fixit(rich_location *richloc, location_t near, const char *file,
		       unsigned l, const char *old, const char *now, size_t now_len)
{
	size_t len = strlen(old);
	location_t start, finish;

	char *text;

	if (len == now_len && !strncmp(old, now, now_len))
		return true;
	start = location_in_file(near, file, l, 1);
	finish = len ? location_in_file(near, file, l, (unsigned)len) : start;
	if (!start || !finish)
		return false;
	text = xstrndup(now, now_len);
	if (len)
		richloc->add_fixit_replace(source_range::from_locations(start, finish), text);
	else
		richloc->add_fixit_insert_before(start, text);
	free(text);
	return true;
}

/*
 * The rewrite is of the struct's body, so its lines are placed in the file
 * of the struct's own location, not the warning's: a warning on 'node.next'
 * points into the header of the embedded type, where the body's line numbers
 * name unrelated code.  An entry with a padding line after its '\n' gets a
 * second fix-it, the padding inserted as a whole line at the start of the
 * next line (GCC takes a newline in a fix-it only so).
 */
bool propose_add_fixits(rich_location *richloc, const struct cl_report_proposal *rp)
{
	const struct cl_rewrite *rw = rp->rw;
	location_t near = (location_t)rp->rec->span.cookie;
	const char *file = rp->rec->span.file;
	const char *pending = NULL;

	if (!near || !file)
		return false;

	for (unsigned l = rw->first_line; l <= rw->last_line + 1; l++) {
		const char *now = l <= rw->last_line ? rw->lines[l - rw->first_line] : NULL;
		const char *nl = now ? strchr(now, '\n') : NULL;

		if (pending) {
			location_t at = location_in_file(near, file, l, 1);
			char *line = concat(pending, "\n", NULL);

			if (at)
				richloc->add_fixit_insert_before(at, line);
			free(line);
			if (!at)
				return false;
			pending = NULL;
		}
		if (!now)
			break;
		if (!line_fixit(richloc, near, file, l, rp->src->lines[l - 1], now,
				nl ? (size_t)(nl - now) : strlen(now)))
			return false;
		if (nl)
			pending = nl + 1;
	}
	return !richloc->seen_impossible_fixit_p();
}
