// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose.cc - the proposal as GCC fix-it hints, a note and a layout view
 *
 * The core proposes an order (core/propose.h) and rewrites the struct body
 * as whole lines (core/propose_text.h); here each changed line becomes one
 * fix-it that replaces the line's text, attached to the struct's first
 * warning, so -fdiagnostics-generate-patch prints a unified diff that
 * `patch` applies and -fdiagnostics-parseable-fixits lists them.  (A fix-it
 * range that spans a newline makes GCC drop the whole patch: none does.)
 */
#include "cachelint-plugin.h"

#include "propose_text.h"

/* Files read for rewrites, kept for the unit. */
struct source_file {
	const char *path;
	struct cl_source_text text;
	bool missing;
	struct source_file *next;
};

static struct source_file *sources;

static const struct cl_source_text *source_of(const char *path, struct cl_arena *a)
{
	struct source_file *sf;

	for (sf = sources; sf; sf = sf->next)
		if (!strcmp(sf->path, path))
			return sf->missing ? NULL : &sf->text;
	sf = (struct source_file *)cl_arena_alloc(a, sizeof(*sf));
	sf->path = cl_arena_strdup(a, path);
	sf->missing = cl_source_text_load(&sf->text, path, a) != 0;
	sf->next = sources;
	sources = sf;
	return sf->missing ? NULL : &sf->text;
}

void propose_reset(void)
{
	for (struct source_file *sf = sources; sf; sf = sf->next)
		cl_source_text_free(&sf->text);
	sources = NULL;
}

int propose_record(const struct cl_record *rec, const struct cl_options *opt,
		   struct cl_arena *a, struct plugin_proposal *out)
{
	const struct cl_source_text *src;

	memset(out, 0, sizeof(*out));
	if (cl_propose(rec, opt, a, &out->p)) {
		out->reason = out->p.reason;
		return -1;
	}
	src = rec->span.file ? source_of(rec->span.file, a) : NULL;
	if (!src) {
		out->reason = "the struct's source file cannot be read";
		return -1;
	}
	if (cl_proposal_rewrite(&out->p, src, a, &out->rw)) {
		out->reason = out->rw.reason;
		return -1;
	}
	out->src = src;
	return 0;
}

/* A location for @line:@col of the file that @near is in, or 0. */
static location_t location_in_file(location_t near, unsigned line, unsigned col)
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
	if (xl.line != (int)line || xl.column != (int)col)
		return UNKNOWN_LOCATION;
	return loc;
}

bool propose_add_fixits(rich_location *richloc, const struct plugin_proposal *pp,
			location_t near)
{
	const struct cl_rewrite *rw = &pp->rw;

	for (unsigned l = rw->first_line; l <= rw->last_line; l++) {
		const char *old = pp->src->lines[l - 1], *now = rw->lines[l - rw->first_line];
		size_t len = strlen(old);
		location_t start, finish;

		if (!strcmp(old, now))
			continue;
		start = location_in_file(near, l, 1);
		finish = len ? location_in_file(near, l, (unsigned)len) : start;
		if (!start || !finish)
			return false;
		if (len)
			richloc->add_fixit_replace(source_range::from_locations(start, finish), now);
		else
			richloc->add_fixit_insert_before(start, now);
	}
	return !richloc->seen_impossible_fixit_p();
}
