// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_perf_annotate.c - perf-annotate-data-type: the per-field tables of
 * `perf annotate --stdio --data-type`
 *
 * perf prints, for each type that samples resolved to, its members as a C
 * declaration with the samples (or with --show-total-period, the events) of
 * each event on the bytes of every member:
 *
 *   Annotate type: 'struct __foo' in /usr/bin/tugtest (3 samples):
 *    event[0] = cpu/mem-loads,ldlat=30/P
 *    event[1] = cpu/mem-stores/P
 *   ============================================================================
 *                    Samples     offset       size  field
 *         2       1          0         24  struct __foo	 {
 *         1       0          0          8      uint64_t	m1;
 *         ...
 *                                              };
 *
 * The "event[N]" lines and a column per event come with --group; without
 * it every table has one column and nothing says which event it counts,
 * so the caller must say (--loads, --stores).  Linux 6.8 printed "samples"
 * in %10d columns; later versions print Percent by default (refused: a
 * share of one event's total cannot be compared with another event's),
 * Samples with -n, Period with --show-total-period, and offsets in hex.
 *
 * Each leaf (a member without members) becomes a path from the type, its
 * anonymous structs and unions adding nothing ("lru.next").  The members
 * of a union overlap and perf counts the same samples for each; as perf
 * report does when it names a field, the first one with samples gets them.
 */
#define _GNU_SOURCE	/* memmem */

#include "import_internal.h"

#include <inttypes.h>
#include <string.h>
#include <strings.h>

#define MAX_EVENTS 16
#define MAX_DEPTH 64

/**
 * struct table - one "Annotate type:" table
 * @line: its first line
 * @st: the struct it is about, NULL for a type that is no struct
 * @events: the event of each value column
 * @names: their names, for the header
 * @nevents: number of @events (0 without --group: one column)
 * @header: the column header was read: rows follow
 * @period: the values are events (Period), not samples
 * @path: the members the current row is in; @path[0] is the type itself
 * @depth: entries in @path
 * @end: byte after the last leaf that got samples, for union members
 */
struct table {
	unsigned line;
	const char *st;
	enum cl_events events[MAX_EVENTS];
	const char *names[MAX_EVENTS];
	size_t nevents;
	bool header, period;
	const char *path[MAX_DEPTH];
	size_t depth;
	uint64_t end;
};

/**
 * struct annotate - the state of one file
 * @st: where rows go
 * @events: what the caller says the file counts
 * @tab: the current table
 * @in_table: between a table's first line and the blank line after it
 * @tables: tables seen
 * @other_types: tables of types that are no struct
 * @described: the event columns went into the header comment
 */
struct annotate {
	struct imp_stage st;
	enum cl_events events;
	struct table tab;
	bool in_table;
	size_t tables, other_types;
	bool described;
};

static unsigned col_of(const struct imp_line *l, const char *p)
{
	return (unsigned)(p - l->s) + 1;
}

static bool next_token(const char **s, const char *end, const char **tok, size_t *len)
{
	const char *p = *s, *q;

	while (p < end && imp_is_space(*p))
		p++;
	if (p == end)
		return false;
	for (q = p; q < end && !imp_is_space(*q); q++)
		;
	*tok = p;
	*len = (size_t)(q - p);
	*s = q;
	return true;
}

static bool is_blank(const struct imp_line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (!imp_is_space(l->s[i]))
			return false;
	return true;
}

/* "Annotate type: 'struct page' in vmlinux (1 samples):" */
static int table_start(struct annotate *a, const struct imp_line *l)
{
	static const char prefix[] = "Annotate type: '";
	const char *type = l->s + sizeof(prefix) - 1, *q;
	size_t rest = l->len - (sizeof(prefix) - 1);

	q = memmem(type, rest, "' in ", 5);
	if (!q)
		return imp_error(&a->st, l->no, 1,
				 "expected \"Annotate type: 'TYPE' in OBJECT (N samples):\"");
	memset(&a->tab, 0, sizeof(a->tab));
	a->tab.line = l->no;
	a->tab.st = imp_perf_struct(&a->st, type, (size_t)(q - type));
	a->in_table = true;
	a->tables++;
	if (!a->tab.st)
		a->other_types++;
	return 0;
}

/* " event[1] = cpu/mem-stores/P" */
static int event_line(struct annotate *a, const struct imp_line *l)
{
	struct table *t = &a->tab;
	const char *eq = memmem(l->s, l->len, " = ", 3), *end = l->s + l->len;
	enum cl_events kind;

	if (!eq || t->header)
		return imp_error(&a->st, l->no, 1, "unexpected event line in a table");
	if (t->nevents == MAX_EVENTS)
		return imp_error(&a->st, l->no, 1, "more than %d events", MAX_EVENTS);
	eq += 3;
	t->names[t->nevents] = imp_strndup(&a->st, eq, (size_t)(end - eq));
	kind = a->events != CL_EVENTS_BY_NAME ? a->events :
	       cl_import_event_kind(t->names[t->nevents]);
	if (kind == CL_EVENTS_UNKNOWN)
		return imp_error(&a->st, l->no, col_of(l, eq),
				 "event '%s' counts neither loads nor stores: give this file with "
				 "--loads or --stores", imp_show(&a->st, eq, (size_t)(end - eq)));
	t->events[t->nevents++] = kind;
	return 0;
}

/* "                   Samples     offset       size  field" */
static int header_line(struct annotate *a, const struct imp_line *l)
{
	struct table *t = &a->tab;
	const char *s = l->s, *end = l->s + l->len, *tok;
	static const char *const rest[] = { "offset", "size", "field" };
	size_t len;

	if (!next_token(&s, end, &tok, &len))
		return imp_error(&a->st, l->no, 1, "expected the column header of the table");
	if (len == 7 && !memcmp(tok, "Percent", 7))
		return imp_error(&a->st, l->no, col_of(l, tok),
				 "percentages of different events cannot be compared: run perf "
				 "annotate with --show-nr-samples (-n) or --show-total-period");
	t->period = len == 6 && !memcmp(tok, "Period", 6);
	if (!t->period && !(len == 7 && !strncasecmp(tok, "samples", 7)))
		return imp_error(&a->st, l->no, col_of(l, tok),
				 "expected a Samples or Period column, found '%s'",
				 imp_show(&a->st, tok, len));
	for (size_t i = 0; i < 3; i++)
		if (!next_token(&s, end, &tok, &len) || len != strlen(rest[i]) ||
		    memcmp(tok, rest[i], len))
			return imp_error(&a->st, l->no, 0,
					 "expected the columns offset, size and field");
	if (!t->nevents && a->events == CL_EVENTS_BY_NAME)
		return imp_error(&a->st, t->line, 0,
				 "cannot tell loads from stores: perf annotate names the events "
				 "only with --group; give this file with --loads or --stores");
	t->header = true;
	return 0;
}

static void describe_events(struct annotate *a)
{
	const struct table *t = &a->tab;
	const char *unit = t->period ? "events" : "samples";

	if (a->described)
		return;
	a->described = true;
	if (!t->nevents) {
		imp_stage_source(&a->st, "%s: %s, counted in %s", a->st.name,
				 a->events == CL_EVENTS_LOADS ? "loads: reads" : "stores: writes", unit);
		return;
	}
	for (size_t i = 0; i < t->nevents; i++)
		if (t->events[i] == CL_EVENTS_LOADS || t->events[i] == CL_EVENTS_STORES)
			imp_stage_source(&a->st, "%s: event '%s': %s, counted in %s", a->st.name,
					 t->names[i],
					 t->events[i] == CL_EVENTS_LOADS ? "reads" : "writes", unit);
}

/* The row's path: its enclosing named members, then @name. */
static const char *row_path(struct annotate *a, const char *name, size_t len)
{
	const struct table *t = &a->tab;
	size_t total = len + 1, at = 0;
	char *path;

	for (size_t i = 1; i < t->depth; i++)
		if (*t->path[i])
			total += strlen(t->path[i]) + 1;
	path = cl_arena_alloc(&a->st.imp->arena, total);
	for (size_t i = 1; i < t->depth; i++) {
		size_t n = strlen(t->path[i]);

		if (!n)
			continue;
		memcpy(path + at, t->path[i], n);
		at += n;
		path[at++] = '.';
	}
	memcpy(path + at, name, len);
	path[at + len] = '\0';
	return path;
}

/* A leaf: its samples go to its path, unless a union member before it got them. */
static void leaf(struct annotate *a, const uint64_t *v, uint64_t offset, uint64_t size,
		 const char *name, size_t len)
{
	struct table *t = &a->tab;
	struct imp_row row = { .st = t->st, .offset = offset, .has_offset = true };
	size_t ncols = t->nevents ? t->nevents : 1;

	for (size_t i = 0; i < ncols; i++) {
		enum cl_events kind = a->events != CL_EVENTS_BY_NAME ? a->events : t->events[i];

		if (kind == CL_EVENTS_LOADS)
			row.reads += v[i];
		else if (kind == CL_EVENTS_STORES)
			row.writes += v[i];
	}
	if ((!row.reads && !row.writes) || offset < t->end || !t->st)
		return;
	/* The enclosing members' names count too: each must be an identifier. */
	row.path = row_path(a, name, len);
	if (!imp_is_path(row.path, strlen(row.path)))
		return;
	t->end = offset + size;
	imp_stage_add(&a->st, &row);
}

/* "      1       0          8          8      struct list_head*\tnext;" */
static int member_row(struct annotate *a, const struct imp_line *l)
{
	struct table *t = &a->tab;
	const char *s = l->s, *end = l->s + l->len, *tok, *tab, *name, *name_end;
	size_t ncols = t->nevents ? t->nevents : 1, len;
	uint64_t v[MAX_EVENTS + 2];
	bool opens;

	for (size_t i = 0; i < ncols + 2; i++) {
		if (!next_token(&s, end, &tok, &len))
			return imp_error(&a->st, l->no, 0, "expected %zu numbers before the field",
					 ncols + 2);
		if (!(i < ncols ? imp_parse_u64(tok, len, &v[i]) :
				  imp_parse_offset(tok, len, &v[i])))
			return imp_error(&a->st, l->no, col_of(l, tok), "expected a number, found '%s'",
					 imp_show(&a->st, tok, len));
	}
	while (s < end && *s == ' ')
		s++;
	tab = memchr(s, '\t', (size_t)(end - s));
	if (!tab)
		return imp_error(&a->st, l->no, col_of(l, s),
				 "expected 'TYPE<tab>NAME;' or 'TYPE<tab>NAME {'");
	name = tab + 1;
	name_end = end;
	while (name_end > name && imp_is_space(name_end[-1]))
		name_end--;
	opens = name_end > name && name_end[-1] == '{';
	if (!opens && !(name_end > name && name_end[-1] == ';'))
		return imp_error(&a->st, l->no, col_of(l, name),
				 "expected the field to end in ';' or '{'");
	name_end--;
	while (name < name_end && imp_is_space(*name))
		name++;
	while (name_end > name && imp_is_space(name_end[-1]))
		name_end--;
	if (opens) {
		if (t->depth == MAX_DEPTH)
			return imp_error(&a->st, l->no, 0, "members nested too deep");
		t->path[t->depth++] = imp_strndup(&a->st, name, (size_t)(name_end - name));
		return 0;
	}
	if (!t->depth)
		return 0;	/* a type without members: nothing to say about fields */
	leaf(a, v, v[ncols], v[ncols + 1], name, (size_t)(name_end - name));
	return 0;
}

static int table_line(struct annotate *a, const struct imp_line *l)
{
	struct table *t = &a->tab;
	const char *s = l->s, *end = l->s + l->len;

	while (s < end && imp_is_space(*s))
		s++;
	if (!t->header) {
		if (imp_starts(s, (size_t)(end - s), "event["))
			return event_line(a, l);
		if (imp_starts(s, (size_t)(end - s), "===="))
			return 1;	/* the column header is next */
		return imp_error(&a->st, l->no, col_of(l, s),
				 "expected event lines or '====' under 'Annotate type:'");
	}
	if (imp_starts(s, (size_t)(end - s), "};")) {
		if (!t->depth)
			return imp_error(&a->st, l->no, col_of(l, s), "'};' closes nothing");
		t->depth--;
		return 0;
	}
	describe_events(a);
	return member_row(a, l);
}

static int annotate_line(struct annotate *a, const struct imp_line *l, bool *want_header)
{
	int rc;

	if (*want_header) {
		*want_header = false;
		return header_line(a, l);
	}
	if (imp_starts(l->s, l->len, "Annotate type: '"))
		return table_start(a, l);
	if (!a->in_table)
		return 0;	/* other output: --insn-stat, --type-stat */
	if (is_blank(l)) {
		a->in_table = false;
		return 0;
	}
	rc = table_line(a, l);
	if (rc > 0) {
		*want_header = true;
		rc = 0;
	}
	return rc;
}

int cl_import_perf_annotate(struct cl_import *imp, const char *name, const char *buf,
			    size_t len, enum cl_events events, struct cl_diag *err)
{
	struct annotate a = { .events = events };
	struct imp_lines it;
	struct imp_line l;
	bool want_header = false;
	int rc = 0;

	imp_stage_init(&a.st, imp, name, err);
	imp_lines_init(&it, buf, len);
	while (!rc && imp_lines_next(&it, &l))
		rc = annotate_line(&a, &l, &want_header);
	if (!rc && want_header)
		rc = imp_error(&a.st, it.no, 0, "the input ends before the column header");
	if (!rc && !a.tables)
		rc = imp_error(&a.st, 0, 0,
			       "not the output of perf annotate --stdio --data-type "
			       "(no 'Annotate type:' table)");
	if (!rc && a.other_types)
		imp_stage_note(&a.st, "%s: left out %zu %s of types that are no struct or union",
			       name, a.other_types, a.other_types == 1 ? "table" : "tables");
	return imp_stage_finish(&a.st, rc);
}
