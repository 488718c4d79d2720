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
 * in %10d columns; later versions (6.10+) print Percent by default,
 * Samples with -n, Period with --show-total-period, and offsets in hex.
 *
 * A Percent column is each event's share of its own samples (strictly, of
 * its period) on the type; the header gives the table's sample total, over
 * all events.  One event: the percentages become samples of that total.
 * Several (--group): how the total divides among the events is not
 * printed, so each event that has samples on the type (its value on the
 * type's own row is not 0) gets an equal share of it, and a note says so.
 * The profile's thresholds are relative (a share of the hottest member's
 * accesses), so within one event the result is exact; between a load
 * event and a store event it assumes they were sampled alike.
 *
 * Text copied from a terminal, a mail or a web page has mail quoting
 * ("> ", taken off), indentation, and spaces where perf prints the tab
 * between type and name: then the name is the last word, and a bare
 * "struct"/"union" is an anonymous member.  Lines that mark rows cut out ("...", "<snip>") are
 * skipped with a note; where a cut removed a "};", a row outside the
 * member that is still open closes it (members nest by offset).
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
 * @percent: the values are percentages (hundredths) of @samples
 * @samples: the sample total of the table's header, over all events
 * @has_samples: the header gave @samples
 * @shares: events that share @samples (those with samples on the type)
 * @path: the members the current row is in; @path[0] is the type itself
 * @start: the offset of each of @path
 * @size: the size of each of @path
 * @depth: entries in @path
 * @end: byte after the last leaf that got samples, for union members
 * @typed: the type's own row was read
 * @elided: lines in it mark rows cut out: it may end unclosed
 * @last: its last line so far
 * @vals: the values of each of @path, per column
 * @sums: the values of the members read so far in each of @path
 * @nsums: how many members those are
 * @is_union: each of @path is a union: its members overlap
 * @lines: the line of each of @path
 */
struct table {
	unsigned line;
	const char *st;
	enum cl_events events[MAX_EVENTS];
	const char *names[MAX_EVENTS];
	size_t nevents;
	bool header, period, percent;
	uint64_t samples;
	bool has_samples;
	uint64_t shares;
	const char *path[MAX_DEPTH];
	uint64_t start[MAX_DEPTH], size[MAX_DEPTH];
	size_t depth;
	uint64_t end;
	bool typed, elided;
	unsigned last;
	uint64_t vals[MAX_DEPTH][MAX_EVENTS], sums[MAX_DEPTH][MAX_EVENTS];
	size_t nsums[MAX_DEPTH];
	bool is_union[MAX_DEPTH];
	unsigned lines[MAX_DEPTH];
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
 * @equal_shares: a group's percentages were divided in equal shares
 * @elided: lines skipped as marks of rows cut out
 * @quoted: lines read without their mail quoting ("> ")
 * @odd_names: leaves whose name (or an enclosing member's) is no identifier
 * @odd_example: one of them, for the note
 * @anonymous_example: the type of a table of an anonymous struct or union
 */
struct annotate {
	struct imp_stage st;
	enum cl_events events;
	struct table tab;
	bool in_table;
	size_t tables, other_types;
	bool described, equal_shares;
	size_t elided, quoted, odd_names;
	const char *odd_example, *anonymous_example;
};

static bool is_blank(const struct imp_line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (!imp_is_space(l->s[i]))
			return false;
	return true;
}

/* "(34 samples):" at the end of the line: the table's sample total. */
static bool sample_total(const char *s, const char *end, uint64_t *total)
{
	const char *open, *sp;

	while (end > s && imp_is_space(end[-1]))
		end--;
	if (end - s < 12 || memcmp(end - 10, " samples):", 10))
		return false;
	for (open = end - 10; open > s && open[-1] != '('; open--)
		;
	sp = end - 10;
	return open > s && imp_parse_u64(open, (size_t)(sp - open), total);
}

static const char *table_type(struct annotate *a)
{
	return a->tab.st ? a->tab.st : "its type";
}

/* Which counts a table cut short leaves incomplete: its columns' kinds. */
static enum cl_events table_partial(const struct annotate *a)
{
	const struct table *t = &a->tab;
	bool loads = false, stores = false;

	for (size_t i = 0; i < (t->nevents ? t->nevents : 1); i++) {
		enum cl_events k = a->events != CL_EVENTS_BY_NAME ? a->events :
				   t->nevents ? t->events[i] : CL_EVENTS_IGNORED;

		loads |= k == CL_EVENTS_LOADS;
		stores |= k == CL_EVENTS_STORES;
	}
	return loads && stores ? CL_EVENTS_BY_NAME : loads ? CL_EVENTS_LOADS :
	       stores ? CL_EVENTS_STORES : CL_EVENTS_IGNORED;
}

/*
 * perf prints a table whole: its header, the type's row, its members and
 * the "};" that closes the type.  A table without them was cut short (or
 * posted so), unless someone cut rows out on purpose ("..."; noted): the
 * members it lists keep their counts, the others get none, and a warning
 * says what is missing.
 */
static void table_end(struct annotate *a)
{
	const struct table *t = &a->tab;
	const char *what;

	if (!a->in_table)
		return;
	a->in_table = false;
	if (!t->header)
		what = "before its column header";
	else if (!t->typed)
		what = "before the row of its type";
	else if (t->depth && !t->elided)
		what = t->depth > 1 ? "inside a member whose '};' is missing" :
				      "before the '};' that closes its type";
	else
		return;
	imp_stage_warn(&a->st, t->last, table_partial(a),
		       "the table of '%s' that starts at line %u ends here, %s: the output was "
		       "cut short; its members not listed get no count", table_type(a), t->line,
		       what);
}

/* "Annotate type: 'struct page' in vmlinux (1 samples):"; @p: its start */
static int table_start(struct annotate *a, const struct imp_line *l, const char *p)
{
	static const char prefix[] = "Annotate type: '";
	const char *type = p + sizeof(prefix) - 1, *q, *end = l->s + l->len;

	/* "Annotate type:" that lost its quotes (a mail, a web page) says nothing sure. */
	q = imp_starts(p, (size_t)(end - p), prefix) ?
	    memmem(type, (size_t)(end - type), "' in ", 5) : NULL;
	if (!q)
		return imp_error(&a->st, l->no, imp_col_of(l, p),
				 "expected \"Annotate type: 'TYPE' in OBJECT (N samples):\"");
	table_end(a);
	memset(&a->tab, 0, sizeof(a->tab));
	a->tab.line = a->tab.last = l->no;
	a->tab.has_samples = sample_total(q, end, &a->tab.samples);
	a->tab.st = imp_perf_struct(&a->st, type, (size_t)(q - type));
	a->in_table = true;
	a->tables++;
	if (!a->tab.st && imp_perf_anonymous(type, (size_t)(q - type))) {
		if (!a->st.said.anonymous++)
			a->anonymous_example = imp_show(&a->st, type, (size_t)(q - type));
	} else if (!a->tab.st) {
		a->other_types++;
	}
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
		return imp_error(&a->st, l->no, imp_col_of(l, eq),
				 "event '%s' does not tell loads from stores: record them apart "
				 "(perf mem record -t load, -t store) and give the files with "
				 "--loads and --stores", imp_show(&a->st, eq, (size_t)(end - eq)));
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

	if (!imp_next_token(&s, end, &tok, &len))
		return imp_error(&a->st, l->no, 1, "expected the column header of the table");
	t->percent = len == 7 && !memcmp(tok, "Percent", 7);
	if (t->percent && !t->has_samples)
		return imp_error(&a->st, t->line, 1,
				 "a Percent column needs the table's sample total: expected "
				 "\"Annotate type: 'TYPE' in OBJECT (N samples):\" (or run perf "
				 "annotate with -n)");
	t->period = len == 6 && !memcmp(tok, "Period", 6);
	if (!t->period && !t->percent && !(len == 7 && !strncasecmp(tok, "samples", 7)))
		return imp_error(&a->st, l->no, imp_col_of(l, tok),
				 "expected a Percent, Samples or Period column, found '%s'",
				 imp_show(&a->st, tok, len));
	for (size_t i = 0; i < 3; i++)
		if (!imp_next_token(&s, end, &tok, &len) || len != strlen(rest[i]) ||
		    memcmp(tok, rest[i], len))
			return imp_error(&a->st, l->no, 0,
					 "expected the columns offset, size and field");
	if (!t->nevents && a->events == CL_EVENTS_BY_NAME)
		return imp_error(&a->st, t->line, 0,
				 "cannot tell loads from stores: perf annotate names the events "
				 "only with --group; give this file with --loads or --stores");
	t->header = true;
	for (size_t i = 0; i < (t->nevents ? t->nevents : 1); i++) {
		enum cl_events kind = a->events != CL_EVENTS_BY_NAME ? a->events : t->events[i];

		a->st.said.loads |= kind == CL_EVENTS_LOADS;
		a->st.said.stores |= kind == CL_EVENTS_STORES;
	}
	return 0;
}

static void describe_events(struct annotate *a)
{
	const struct table *t = &a->tab;
	const char *unit = t->period ? "events" :
			   t->percent ? "samples (from percentages of the tables' totals)" :
			   "samples";

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

static enum cl_events column_kind(const struct annotate *a, size_t i)
{
	return a->events != CL_EVENTS_BY_NAME ? a->events : a->tab.events[i];
}

/*
 * On the type's own row: the events with samples on the type, which share
 * the sample total of a --group table in percentages.
 */
static void count_shares(struct annotate *a, const uint64_t *v)
{
	struct table *t = &a->tab;

	t->shares = 0;
	for (size_t i = 0; i < (t->nevents ? t->nevents : 1); i++)
		t->shares += v[i] && (column_kind(a, i) == CL_EVENTS_LOADS ||
				      column_kind(a, i) == CL_EVENTS_STORES);
	if (!t->shares)
		t->shares = 1;
}

/* Column @i's value as samples or events. */
static uint64_t value(struct annotate *a, const uint64_t *v, size_t i)
{
	struct table *t = &a->tab;

	if (!t->percent)
		return v[i];
	if (t->nevents > 1 && t->shares > 1)
		a->equal_shares = true;
	return imp_scale(v[i], t->samples, 10000 * t->shares);
}

static void odd_name(struct annotate *a, const char *path)
{
	if (!a->odd_names++)
		a->odd_example = imp_show(&a->st, path, strlen(path));
}

static bool names_ok(const struct table *t, const char *name, size_t len)
{
	for (size_t i = 1; i < t->depth; i++)
		if (*t->path[i] && !imp_is_ident(t->path[i], strlen(t->path[i])))
			return false;
	return imp_is_ident(name, len);
}

/* A leaf: its samples go to its path, unless a union member before it got them. */
static void leaf(struct annotate *a, const uint64_t *v, uint64_t offset, uint64_t size,
		 const char *name, size_t len)
{
	struct table *t = &a->tab;
	struct imp_row row = { .st = t->st, .m = { .offset = offset, .has_offset = true } };
	size_t ncols = t->nevents ? t->nevents : 1;

	for (size_t i = 0; i < ncols; i++) {
		enum cl_events kind = column_kind(a, i);

		if (kind == CL_EVENTS_LOADS) {
			row.m.reads += value(a, v, i);
			row.m.has_reads = true;
		} else if (kind == CL_EVENTS_STORES) {
			row.m.writes += value(a, v, i);
			row.m.has_writes = true;
		}
	}
	if ((!row.m.reads && !row.m.writes) || offset < t->end || !t->st)
		return;
	/*
	 * The enclosing members' names count too: each must be an identifier.
	 * A dot inside one name is not a path ("_vptr.conn", GCC's name for a
	 * C++ class's vtable pointer).
	 */
	row.m.path = row_path(a, name, len);
	if (!names_ok(t, name, len)) {
		odd_name(a, row.m.path);
		return;
	}
	t->end = offset + size;
	a->st.said.samples |= !t->period;	/* samples or percentages of them */
	imp_stage_add(&a->st, &row);
}

/* "struct"/"union"/"enum" alone: the type of an anonymous member, no name. */
static bool is_tag_keyword(const char *s, size_t n)
{
	return (n == 6 && (!memcmp(s, "struct", 6))) || (n == 5 && !memcmp(s, "union", 5)) ||
	       (n == 4 && !memcmp(s, "enum", 4));
}

/*
 * The name in "TYPE<tab>NAME" or, where the tab became spaces, "TYPE NAME":
 * [*name, *name_end) of [s, end), empty for an anonymous member.  False
 * when only a name is left (no type before it) below the type's own row.
 */
static bool split_decl(const struct table *t, const char *s, const char *end,
		       const char **name, const char **name_end)
{
	const char *tab = memchr(s, '\t', (size_t)(end - s)), *p = end;

	while (p > s && imp_is_space(p[-1]))
		p--;
	*name_end = p;
	if (tab) {
		/* "TYPE\t {": the trim above went back past the tab */
		*name = tab + 1 < p ? tab + 1 : p;
		while (*name < p && imp_is_space(**name))
			(*name)++;
	} else {
		while (p > s && !imp_is_space(p[-1]))
			p--;
		*name = p;
		while (p > s && imp_is_space(p[-1]))
			p--;
		if (p == s && t->depth && !is_tag_keyword(*name, (size_t)(*name_end - *name)))
			return false;
	}
	if (is_tag_keyword(*name, (size_t)(*name_end - *name)))
		*name = *name_end;
	return true;
}

/*
 * Close the members a row lies outside of: their "};" was cut out.  The
 * type's own entry (@path[0]) stays.
 */
static void close_outside(struct table *t, uint64_t offset, uint64_t size)
{
	while (t->depth > 1 && (offset < t->start[t->depth - 1] ||
				offset + size > t->start[t->depth - 1] + t->size[t->depth - 1]))
		t->depth--;
}

/* A value for a message: "1138" samples, "48.81%". */
static const char *show_value(struct annotate *a, uint64_t v)
{
	char buf[32];
	int n = a->tab.percent ?
		snprintf(buf, sizeof(buf), "%" PRIu64 ".%02" PRIu64 "%%", v / 100, v % 100) :
		snprintf(buf, sizeof(buf), "%" PRIu64, v);

	return imp_strndup(&a->st, buf, (size_t)n);
}

/*
 * A member's samples are those on its bytes: the members of a struct add
 * up to at most the struct's (samples on padding count for the struct
 * alone), a union's members each to at most the union's.  Percentages
 * may be off by their rounding.
 */
static int member_sums(struct annotate *a, const struct imp_line *l, const uint64_t *v)
{
	struct table *t = &a->tab;
	size_t p = t->depth - 1, ncols = t->nevents ? t->nevents : 1;
	uint64_t slack;

	t->nsums[p]++;
	slack = !t->percent ? 0 : t->is_union[p] ? 1 : (t->nsums[p] + 2) / 2;
	for (size_t i = 0; i < ncols; i++) {
		uint64_t got = t->is_union[p] ? v[i] : (t->sums[p][i] += v[i]);

		if (got <= t->vals[p][i] + slack)
			continue;
		return imp_error(&a->st, l->no, 0,
				 "%s %s in column %zu, more than the %s%s at line %u (%s): this is "
				 "not the output of one perf annotate",
				 t->is_union[p] ? "this member counts" :
				 "this member and the ones before it count",
				 show_value(a, got), i + 1, p ? "member" : "type",
				 p && *t->path[p] ? imp_show(&a->st, t->path[p], strlen(t->path[p])) : "",
				 t->lines[p], show_value(a, t->vals[p][i]));
	}
	return 0;
}

/* "union\t {", "union foo\t {": a union's members overlap. */
static bool decl_is_union(const char *s, const char *name)
{
	return name - s >= 5 && !memcmp(s, "union", 5) &&
	       (name - s == 5 || imp_is_space(s[5]));
}

/* "      1       0          8          8      struct list_head*\tnext;" */
static int member_row(struct annotate *a, const struct imp_line *l)
{
	struct table *t = &a->tab;
	const char *s = l->s, *end = l->s + l->len, *tok, *last, *name, *name_end;
	size_t ncols = t->nevents ? t->nevents : 1, len;
	uint64_t v[MAX_EVENTS + 2];
	bool opens;

	for (size_t i = 0; i < ncols + 2; i++) {
		if (!imp_next_token(&s, end, &tok, &len))
			return imp_error(&a->st, l->no, 0, "expected %zu numbers before the field",
					 ncols + 2);
		if (!(i >= ncols ? imp_parse_offset(tok, len, &v[i]) :
		      t->percent ? imp_parse_hundredths(tok, len, &v[i]) :
				   imp_parse_u64(tok, len, &v[i])))
			return imp_error(&a->st, l->no, imp_col_of(l, tok), "expected a number, found '%s'",
					 imp_show(&a->st, tok, len));
	}
	while (s < end && imp_is_space(*s))
		s++;
	last = end;
	while (last > s && imp_is_space(last[-1]))
		last--;
	opens = last > s && last[-1] == '{';
	if (!opens && !(last > s && last[-1] == ';'))
		return imp_error(&a->st, l->no, imp_col_of(l, s),
				 "expected 'TYPE<tab>NAME;' or 'TYPE<tab>NAME {'");
	if (!split_decl(t, s, last - 1, &name, &name_end))
		return imp_error(&a->st, l->no, imp_col_of(l, s), "expected 'TYPE NAME;' or 'TYPE NAME {'");
	if (!t->depth) {
		count_shares(a, v);
		t->typed = true;
	} else {
		close_outside(t, v[ncols], v[ncols + 1]);
		if (member_sums(a, l, v))
			return -1;
	}
	if (opens) {
		if (t->depth == MAX_DEPTH)
			return imp_error(&a->st, l->no, 0, "members nested too deep");
		t->start[t->depth] = v[ncols];
		t->size[t->depth] = v[ncols + 1];
		memcpy(t->vals[t->depth], v, ncols * sizeof(*v));
		memset(t->sums[t->depth], 0, sizeof(t->sums[t->depth]));
		t->nsums[t->depth] = 0;
		t->is_union[t->depth] = decl_is_union(s, name);
		t->lines[t->depth] = l->no;
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
	if (imp_is_elision(s, (size_t)(end - s))) {
		a->elided++;
		t->elided = true;
		return 0;
	}
	if (!t->header) {
		if (imp_starts(s, (size_t)(end - s), "event["))
			return event_line(a, l);
		if (imp_starts(s, (size_t)(end - s), "===="))
			return 1;	/* the column header is next */
		return imp_error(&a->st, l->no, imp_col_of(l, s),
				 "expected event lines or '====' under 'Annotate type:'");
	}
	if (imp_starts(s, (size_t)(end - s), "};")) {
		if (!t->depth)
			return imp_error(&a->st, l->no, imp_col_of(l, s), "'};' closes nothing");
		t->depth--;
		return 0;
	}
	describe_events(a);
	return member_row(a, l);
}

static int annotate_line(struct annotate *a, const struct imp_line *l, bool *want_header)
{
	int rc;

	if (*want_header && imp_is_elision(l->s, l->len)) {
		a->elided++;
		a->tab.elided = true;
		return 0;
	}
	if (*want_header) {
		*want_header = false;
		return header_line(a, l);
	}
	const char *p = l->s, *end = l->s + l->len;

	while (p < end && imp_is_space(*p))
		p++;
	if (imp_starts(p, (size_t)(end - p), "Annotate type:"))
		return table_start(a, l, p);
	if (!a->in_table)
		return 0;	/* other output: --insn-stat, --type-stat */
	if (is_blank(l)) {
		table_end(a);
		return 0;
	}
	a->tab.last = l->no;
	rc = table_line(a, l);
	if (rc > 0) {
		*want_header = true;
		rc = 0;
	}
	return rc;
}

static void annotate_notes(struct annotate *a)
{
	const char *name = a->st.name;

	if (a->other_types)
		imp_stage_note(&a->st, "%s: left out %zu %s of types that are no struct or union",
			       name, a->other_types, a->other_types == 1 ? "table" : "tables");
	imp_anonymous_note(&a->st, "table", a->anonymous_example);
	if (a->odd_names)
		imp_stage_note(&a->st, "%s: left out %zu %s whose name is no C member path "
			       "(such as '%s')", name, a->odd_names,
			       a->odd_names == 1 ? "field" : "fields", a->odd_example);
	if (a->equal_shares)
		imp_stage_note(&a->st, "%s: perf annotate --group prints percentages and one "
			       "sample total for all events: each event with samples on a type got "
			       "an equal share of it (-n gives each event's own samples)", name);
	imp_text_notes(&a->st, a->elided, a->quoted);
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
	while (!rc && imp_lines_next(&it, &l)) {
		a.quoted += imp_unquote(&l);
		rc = annotate_line(&a, &l, &want_header);
	}
	if (!rc)
		table_end(&a);
	if (!rc && !a.tables)
		rc = imp_error(&a.st, 0, 0,
			       "not the output of perf annotate --stdio --data-type "
			       "(no 'Annotate type:' table)");
	if (!rc)
		annotate_notes(&a);
	return imp_stage_finish(&a.st, rc);
}
