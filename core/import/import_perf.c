// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_perf.c - perf-typeoff: `perf report --stdio --sort type,typeoff`
 *
 * perf's data-type profiling (Linux 6.8+) resolves each sampled memory
 * access to a type and an offset in it, and perf report prints one row per
 * type and offset, naming the field there:
 *
 *   # Samples: 26K of event 'cpu/mem-loads,ldlat=30/P'
 *   # Event count (approx.): 2958226
 *   #
 *   # Overhead  Data Type  Data Type Offset
 *   # ........  .........  ................
 *   #
 *       54.50%  int           int +0 (no field)
 *        9.57%  struct __foo  struct __foo +8 (m2)
 *
 * Newer perf prints the offset in hex ("+0x8") and perf's own pseudo types
 * without one ("(unknown)", "(stack operation)").  The columns are not
 * aligned when a value is wider than its header, so a row is split where
 * two or more spaces are, and the typeoff is the piece that reads "TYPE
 * +OFFSET (FIELD)".  --hierarchy prints the type on a row of its own above
 * its offsets; -n and --show-total-period add Samples and Period columns.
 *
 * Every event has a section of its own, opened by "# Samples: … of event
 * 'NAME'": the name says loads or stores (cl_import_event_kind()), unless
 * the caller says what the whole file counts.  A row's count is the events
 * it stands for: the Period column when there is one, else its share of
 * the section's event count.  Events, unlike samples, compare between a
 * load event and a store event sampled at different periods.
 *
 * --group output ("# Samples: … of events 'a, b'") has one section for all
 * events and each numeric column once per event, but one event count, the
 * sum of all of them.  A Period column gives each event's own events, a
 * Samples column (-n) its samples; with percentages alone each event's
 * column, a share of that event's own total, is scaled to an equal part of
 * the common count: loads and stores are then weighed as if each event had
 * the same total, which the relative thresholds of the profile tolerate
 * but which a note points out.
 *
 * Text that went through a mail or a web page is read too: quoted ("> "),
 * "#" lines indented, and lines where someone cut rows out ("...",
 * "<snip>") skipped; notes count both.
 */
#define _GNU_SOURCE	/* memmem */

#include "import_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/**
 * struct column - a column of the report, from its header line
 * @name: as printed ("Overhead", "Data Type Offset")
 * @len: length of @name
 */
struct column {
	const char *name;
	size_t len;
};

#define MAX_COLUMNS 16
#define MAX_EVENTS 16

/**
 * struct section - the rows of one event, or of one group of events
 * @line: the "# Samples:" line, 0 before there is one
 * @events: the events' names (one unless @group)
 * @kinds: what each counts: loads, stores, ignored or unknown
 * @nevents: number of @events, 1 before there is a "# Samples:" line
 * @group: --group output: each numeric column once per event
 * @count: its event count ("# Event count (approx.):"), for a group the
 *         sum over its events
 * @has_count: @count was given
 * @columns: the column header, once seen
 * @ncolumns: number of @columns; 0 before the header
 * @nnumeric: leading columns that hold numbers
 * @percent: index of the Overhead (or Self) column, -1 if none
 * @period: index of the Period column, -1 if none
 * @samples: index of the Samples column, -1 if none
 * @hierarchy: --hierarchy: rows of types without offsets come first
 * @equal_shares: a group's percentages were scaled to equal shares
 * @total: events imported from this section, per event
 * @no_samples: the "# Samples:" line says 0: a section without rows
 * @rows: its rows (with --hierarchy, the rows of types)
 * @last_row: the line of its last row
 * @after_rows: a line that is no row came after the last one (perf ends a
 *              section with a blank line)
 * @elided: lines marking rows cut out: its sums are short by design
 * @indent: the indentation of its first row, that of a --hierarchy type
 * @pct: the sum of the percentages of @rows, per event, in hundredths
 * @period_sum: the sum of the Period column of @rows, over its events
 * @parent: --hierarchy: the line of the type whose offsets follow, or 0
 * @parent_pct: that type's percentages
 * @child_pct: the sum of its offsets' percentages so far
 * @children: number of those
 */
struct section {
	unsigned line;
	const char *events[MAX_EVENTS];
	enum cl_events kinds[MAX_EVENTS];
	size_t nevents;
	bool group;
	uint64_t count;
	bool has_count;
	struct column columns[MAX_COLUMNS];
	size_t ncolumns, nnumeric;
	int percent, period, samples;
	bool hierarchy, equal_shares;
	uint64_t total[MAX_EVENTS];
	bool no_samples;
	size_t rows;
	unsigned last_row;
	bool after_rows, elided;
	size_t indent;
	uint64_t pct[MAX_EVENTS], period_sum;
	unsigned parent;
	uint64_t parent_pct[MAX_EVENTS], child_pct[MAX_EVENTS];
	size_t children;
};

/**
 * struct typeoff - the state of one file
 * @st: where rows go
 * @events: what the caller says the file counts
 * @sec: the current section
 * @saw_typeoff: some header had a typeoff column
 * @other_types: rows of types that are no struct (unknown, base types)
 * @other_example: one of those, for the note
 * @no_field: rows with no field name (perf could not tell which)
 * @odd_field: rows whose field is no C member path ("foo[2]")
 * @odd_example: one of those, for the note
 * @elided: lines skipped as marks of cut-out rows ("...", "<snip>")
 * @quoted: lines read without their mail quoting ("> ")
 * @anonymous_example: the type of a row of an anonymous struct or union
 * @whole: the input starts with perf report's first line, so it must end
 *         with its last ones
 * @closing: perf report's closing "# (Tip: ...)" line came after the rows
 * @lines: lines read
 */
struct typeoff {
	struct imp_stage st;
	enum cl_events events;
	struct section sec;
	bool saw_typeoff;
	size_t other_types;
	const char *other_example;
	size_t no_field, odd_field;
	const char *odd_example;
	size_t elided, quoted;
	const char *anonymous_example;
	bool whole, closing;
	unsigned lines;
};

static const char *const numeric_columns[] = {
	"Overhead", "Children", "Self", "Samples", "Period", "sys", "usr",
	"guest sys", "guest usr",
};

static bool column_is(const struct column *c, const char *name)
{
	return c->len == strlen(name) && !memcmp(c->name, name, c->len);
}

static bool column_numeric(const struct column *c)
{
	for (size_t i = 0; i < sizeof(numeric_columns) / sizeof(numeric_columns[0]); i++)
		if (column_is(c, numeric_columns[i]))
			return true;
	return false;
}

/* The next piece of [*s, end) up to two spaces in a row; false at the end. */
static bool next_piece(const char **s, const char *end, const char **piece, size_t *len)
{
	const char *p = *s, *q;

	while (p < end && imp_is_space(*p))
		p++;
	if (p == end)
		return false;
	for (q = p; q < end; q++)
		if (imp_is_space(q[0]) && (q + 1 == end || imp_is_space(q[1])))
			break;
	*piece = p;
	*len = (size_t)(q - p);
	*s = q;
	return true;
}

/* The events of a --group section, what each counts, from its description. */
static int group_events(struct typeoff *t, const struct imp_line *l, const char *desc,
			size_t len)
{
	struct section *sec = &t->sec;

	sec->group = true;
	sec->nevents = imp_split_events(&t->st, desc, len, sec->events, MAX_EVENTS);
	if (sec->nevents > MAX_EVENTS || !sec->nevents)
		return imp_error(&t->st, l->no, imp_col_of(l, desc),
				 "expected 1 to %d events in the group", MAX_EVENTS);
	return 0;
}

/* What event @e of the current section counts. */
static enum cl_events kind_of(const struct typeoff *t, size_t e)
{
	return t->sec.line ? t->sec.kinds[e] : t->events;
}

/* The file recorded what the events of the current section count. */
static void recorded(struct typeoff *t)
{
	for (size_t e = 0; e < t->sec.nevents; e++) {
		t->st.said.loads |= kind_of(t, e) == CL_EVENTS_LOADS;
		t->st.said.stores |= kind_of(t, e) == CL_EVENTS_STORES;
	}
}

/*
 * "# Samples: 26K of event 'cpu/mem-loads,ldlat=30/P'", with --group
 * "# Samples: 51K of events 'cpu/mem-loads,ldlat=30/P, cpu/mem-stores/P'".
 * @p is the '#' (the line may be indented), or "Samples" where a web page
 * took the '#' for a heading and dropped it.
 */
static int samples_line(struct typeoff *t, const struct imp_line *l, const char *p)
{
	const char *end = l->s + l->len, *q, *name;
	size_t rest = (size_t)(end - p);
	struct section *sec = &t->sec;
	bool group = memmem(p, rest, " of events '", 12) != NULL;
	const char *of = memmem(p, rest, group ? " of events '" : " of event '", group ? 12 : 11);

	q = end;
	while (q > p && q[-1] != '\'')
		q--;
	name = of ? of + (group ? 12 : 11) : NULL;
	if (!of || q <= name)
		return imp_error(&t->st, l->no, imp_col_of(l, p),
				 "expected \"# Samples: N of event 'NAME'\"");
	memset(sec, 0, sizeof(*sec));
	sec->line = l->no;
	sec->nevents = 1;
	sec->events[0] = imp_strndup(&t->st, name, (size_t)(q - 1 - name));
	if (group && group_events(t, l, name, (size_t)(q - 1 - name)))
		return -1;
	for (size_t i = 0; i < sec->nevents; i++)
		sec->kinds[i] = t->events != CL_EVENTS_BY_NAME ? t->events :
				cl_import_event_kind(sec->events[i]);
	/* "# Samples: 0  of event 'dummy:u'": the one section with no rows */
	p = (const char *)memmem(p, (size_t)(end - p), "Samples: ", 9) + 9;
	sec->no_samples = *p == '0' && (p + 1 == end || !imp_is_digit(p[1]));
	recorded(t);
	return 0;
}

/* "# Event count (approx.): 2958226" */
static int count_line(struct typeoff *t, const struct imp_line *l, const char *text)
{
	static const char prefix[] = "Event count (approx.): ";
	const char *p = text + sizeof(prefix) - 1, *end = l->s + l->len;

	while (end > p && imp_is_space(end[-1]))
		end--;
	if (!imp_parse_u64(p, (size_t)(end - p), &t->sec.count))
		return imp_error(&t->st, l->no, imp_col_of(l, p), "invalid event count '%s'",
				 imp_show(&t->st, p, (size_t)(end - p)));
	t->sec.has_count = true;
	return 0;
}

static bool mentions_typeoff(const struct column *c)
{
	return memmem(c->name, c->len, "Data Type Offset", 16) != NULL;
}

static bool mentions_type(const struct column *c)
{
	return memmem(c->name, c->len, "Data Type", 9) != NULL;
}

/*
 * "# Overhead  Samples  Data Type  Data Type Offset"; @hash is the '#' (or
 * where it was), @text the first column.
 */
static int header_line(struct typeoff *t, const struct imp_line *l, const char *hash,
		       const char *text)
{
	struct section *sec = &t->sec;
	const char *s = text, *end = l->s + l->len, *piece;
	size_t len;
	bool typeoff = false, type = false;

	/* Each event's rows come under its own "# Samples:" line, then a header. */
	if (sec->rows)
		return imp_error(&t->st, l->no, imp_col_of(l, hash),
				 "a column header after rows with no \"# Samples: N of event "
				 "'NAME'\" line between them: which event the rows below count is "
				 "missing");

	sec->ncolumns = sec->nnumeric = 0;
	sec->percent = sec->period = sec->samples = -1;
	while (next_piece(&s, end, &piece, &len)) {
		struct column *c;

		if (sec->ncolumns == MAX_COLUMNS)
			return imp_error(&t->st, l->no, imp_col_of(l, piece), "too many columns");
		c = &sec->columns[sec->ncolumns];
		c->name = piece;
		c->len = len;
		if (column_numeric(c) && sec->ncolumns == sec->nnumeric) {
			if (column_is(c, "Overhead") || (column_is(c, "Self") && sec->percent < 0))
				sec->percent = (int)sec->ncolumns;
			else if (column_is(c, "Period"))
				sec->period = (int)sec->ncolumns;
			else if (column_is(c, "Samples"))
				sec->samples = (int)sec->ncolumns;
			sec->nnumeric++;
		} else {
			typeoff |= mentions_typeoff(c);
			type |= mentions_type(c);
			sec->hierarchy |= memchr(piece, '/', len) != NULL;
		}
		sec->ncolumns++;
	}
	if (!typeoff && type)
		return imp_error(&t->st, l->no, imp_col_of(l, hash),
				 "the report has data types but no offsets in them (perf mem "
				 "report -T sorts by type alone): run perf report --stdio --sort "
				 "type,typeoff on the same perf.data");
	if (!typeoff)
		return imp_error(&t->st, l->no, imp_col_of(l, hash),
				 "the report is not sorted by data type offset: run perf report "
				 "--stdio --sort type,typeoff");
	t->saw_typeoff = true;
	return 0;
}

/* A header line names "Overhead" (or "Children"/"Self") before anything else. */
static bool is_header(const struct imp_line *l, const char *text)
{
	const char *s = text, *end = l->s + l->len, *piece;
	size_t len;
	struct column c;

	if (!next_piece(&s, end, &piece, &len))
		return false;
	c.name = piece;
	c.len = len;
	return column_is(&c, "Overhead") || column_is(&c, "Children") || column_is(&c, "Self");
}

/* The text of a '#' line: after the '#' and the spaces that follow it. */
static const char *comment_text(const struct imp_line *l, const char *hash)
{
	const char *p = hash + 1, *end = l->s + l->len;

	while (p < end && imp_is_space(*p))
		p++;
	return p;
}

/* @hash: the '#' (or where it was, see bare_header()); @text: what follows it */
static int comment_line(struct typeoff *t, const struct imp_line *l, const char *hash,
			const char *text)
{
	size_t rest = (size_t)(l->s + l->len - text);

	if (imp_starts(text, rest, "Samples: "))
		return samples_line(t, l, hash);
	if (imp_starts(text, rest, "Event count (approx.): "))
		return count_line(t, l, text);
	if (is_header(l, text))
		return header_line(t, l, hash, text);
	return 0;	/* blank "#", dots under the header, tips, other header info */
}

/*
 * perf's '#' lines posted on a web page that renders them as headings (or
 * in a mail that ate them): "Samples: 20K of event '…'", "Event count
 * (approx.): …", "Overhead  Data Type  Data Type Offset" and the dots under
 * it, "(Tip: …)".  Each reads as what it says: no row starts so.
 */
static bool bare_header(const struct typeoff *t, const char *p, const char *end)
{
	size_t n = (size_t)(end - p);
	const char *q;
	struct imp_line line = { .s = p, .len = n };

	if ((imp_starts(p, n, "Samples: ") && memmem(p, n, " of event", 9)) ||
	    imp_starts(p, n, "Event count (approx.): ") ||
	    imp_starts(p, n, "To display the perf.data header") ||
	    imp_starts(p, n, "Total Lost Samples: ") ||
	    (t->sec.rows && *p == '(' && end[-1] == ')'))
		return true;
	if (is_header(&line, p))
		return true;
	/* the dots under the column header, before any row */
	for (q = p; q < end && (*q == '.' || imp_is_space(*q)); q++)
		;
	return t->sec.ncolumns && !t->sec.rows && q == end && memmem(p, n, ".  .", 4);
}

/* "9.57%" in hundredths of a percent. */
static bool parse_percent(const char *s, size_t n, uint64_t *out)
{
	return n >= 2 && s[n - 1] == '%' && imp_parse_hundredths(s, n - 1, out);
}

/**
 * struct typeoff_cell - a typeoff as perf prints it
 * @type: "struct foo"
 * @type_len: its length
 * @offset: the offset
 * @field: "m2", "lru.next", "no field", "" (perf could not name it)
 * @field_len: its length
 * @pseudo: perf's "(unknown)" and the like, with no offset or field
 */
struct typeoff_cell {
	const char *type;
	size_t type_len;
	uint64_t offset;
	const char *field;
	size_t field_len;
	bool pseudo;
};

/* perf's own types: "(unknown)", "(stack operation)", "(stack canary)". */
static bool is_pseudo(const char *s, size_t n)
{
	return n > 2 && s[0] == '(' && s[n - 1] == ')' && !memmem(s, n, " +", 2);
}

/* "struct foo +8 (m2)", "struct foo +0x8 (m2)", "(unknown) +0 (no field)". */
static bool parse_typeoff(const char *s, size_t n, struct typeoff_cell *c)
{
	const char *open, *plus;

	memset(c, 0, sizeof(*c));
	if (n < 6 || s[n - 1] != ')')
		return false;
	for (open = s + n - 1; open > s && !(open[0] == '(' && open[-1] == ' '); open--)
		;
	if (open <= s)
		return false;
	c->field = open + 1;
	c->field_len = (size_t)(s + n - 1 - c->field);
	for (plus = open - 1; plus > s && !(plus[0] == '+' && plus[-1] == ' '); plus--)
		;
	if (plus <= s || !imp_parse_offset(plus + 1, (size_t)(open - 1 - (plus + 1)), &c->offset))
		return false;
	c->type = s;
	c->type_len = (size_t)(plus - 1 - s);
	/*
	 * "struct foo struct foo +8 (m2)": the Data Type column and the typeoff
	 * run together where a mail or a web page collapsed the spaces.
	 */
	if (c->type_len % 2 && c->type[c->type_len / 2] == ' ' &&
	    !memcmp(c->type, c->type + c->type_len / 2 + 1, c->type_len / 2)) {
		c->type += c->type_len / 2 + 1;
		c->type_len /= 2;
	}
	return c->type_len > 0;
}

/*
 * The typeoff among the pieces of a row.  A row of a pseudo type has none
 * in newer perf: it gets @c->pseudo.  False when the row has neither.
 */
static bool find_typeoff(const char *s, const char *end, struct typeoff_cell *c)
{
	struct typeoff_cell pseudo = { 0 };
	const char *piece;
	size_t len;

	const char *prev = NULL;
	size_t prev_len = 0;

	while (next_piece(&s, end, &piece, &len)) {
		if (parse_typeoff(piece, len, c))
			return true;
		/* "union  +0x8 (x)": an anonymous type's name "union " and its offset */
		if (prev && imp_perf_anonymous(prev, prev_len) && piece[-1] == ' ' &&
		    parse_typeoff(prev, (size_t)(piece + len - prev), c)) {
			c->type_len = prev_len;
			return true;
		}
		prev = piece;
		prev_len = len;
		if (is_pseudo(piece, len)) {
			pseudo.type = piece;
			pseudo.type_len = len;
			pseudo.pseudo = true;
		}
	}
	*c = pseudo;
	return c->pseudo;
}

/* One numeric cell: a percentage (in hundredths) or a count. */
static int numeric_cell(struct typeoff *t, const struct imp_line *l, const char **s,
			size_t i, uint64_t *out)
{
	const struct column *c = &t->sec.columns[i];
	const char *end = l->s + l->len, *tok;
	size_t len;
	bool ok;

	if (!imp_next_token(s, end, &tok, &len))
		return imp_error(&t->st, l->no, 0, "row ends before its %.*s column",
				 (int)c->len, c->name);
	if ((int)i == t->sec.period || (int)i == t->sec.samples)
		ok = imp_parse_u64(tok, len, out);
	else
		ok = parse_percent(tok, len, out);
	if (!ok)
		return imp_error(&t->st, l->no, imp_col_of(l, tok),
				 "expected a value for column %.*s, found '%s'", (int)c->len,
				 c->name, imp_show(&t->st, tok, len));
	return 0;
}

/* Events that count loads or stores: a group's percentages share the count among them. */
static uint64_t counting_events(const struct section *sec)
{
	uint64_t n = 0;

	for (size_t e = 0; e < sec->nevents; e++)
		n += sec->kinds[e] == CL_EVENTS_LOADS || sec->kinds[e] == CL_EVENTS_STORES;
	return n ? n : 1;
}

/* Event @e's count from the row's values @v[column][event]. */
static int event_count(struct typeoff *t, const struct imp_line *l,
		       uint64_t v[][MAX_EVENTS], size_t e, uint64_t *count)
{
	struct section *sec = &t->sec;

	if (sec->period >= 0)
		*count = v[sec->period][e];
	else if (sec->group && sec->samples >= 0)
		*count = v[sec->samples][e];
	else if (sec->has_count && sec->percent >= 0 && !sec->group)
		*count = imp_scale(v[sec->percent][e], sec->count, 10000);
	else if (sec->has_count && sec->percent >= 0) {
		*count = imp_scale(v[sec->percent][e], sec->count, 10000 * counting_events(sec));
		sec->equal_shares |= counting_events(sec) > 1;
	} else if (sec->samples >= 0)
		*count = v[sec->samples][e];
	else
		return imp_error(&t->st, l->no, 0,
				 "no '# Event count' line for this event and no Period column: "
				 "run perf report without --quiet, or with --show-total-period");
	return 0;
}

/* The events the row stands for, per event, from its numeric columns. */
static int row_counts(struct typeoff *t, const struct imp_line *l, const char **s,
		      uint64_t v[][MAX_EVENTS], uint64_t *counts)
{
	const struct section *sec = &t->sec;

	for (size_t i = 0; i < sec->nnumeric; i++)
		for (size_t e = 0; e < sec->nevents; e++)
			if (numeric_cell(t, l, s, i, &v[i][e]))
				return -1;
	for (size_t e = 0; e < sec->nevents; e++)
		if (event_count(t, l, v, e, &counts[e]))
			return -1;
	return 0;
}

static int event_check(struct typeoff *t, const struct imp_line *l)
{
	const struct section *sec = &t->sec;

	if (!sec->line && t->events == CL_EVENTS_BY_NAME)
		return imp_error(&t->st, l->no, 0,
				 "cannot tell loads from stores: no \"# Samples: ... of event "
				 "'NAME'\" line before this row; give the file with --loads or --stores");
	for (size_t e = 0; e < sec->nevents; e++)
		if (sec->kinds[e] == CL_EVENTS_UNKNOWN)
			return imp_error(&t->st, sec->line, 0,
					 "event '%s' does not tell loads from stores: record them "
					 "apart (perf mem record -t load, -t store) and give the files "
					 "with --loads and --stores",
					 imp_show(&t->st, sec->events[e], strlen(sec->events[e])));
	return 0;
}

/* Percentages printed to two decimals: how far @n of them may sum from the truth. */
static uint64_t rounding(size_t n)
{
	return (n + 1) / 2;
}

/* "99.98" for a message. */
static const char *show_pct(struct typeoff *t, uint64_t hundredths)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%" PRIu64 ".%02" PRIu64, hundredths / 100,
			 hundredths % 100);

	return imp_strndup(&t->st, buf, (size_t)n);
}

static const char *event_name(const struct section *sec, size_t e)
{
	return sec->events[e] ? sec->events[e] : "the file's event";
}

/* What event @e counts, as the partial kind of a warning about it. */
static enum cl_events partial_kind(const struct typeoff *t, size_t e)
{
	enum cl_events k = kind_of(t, e);

	return k == CL_EVENTS_LOADS || k == CL_EVENTS_STORES ? k : CL_EVENTS_IGNORED;
}

/* "writes" for a stores event: the counts that a missing row leaves out. */
static const char *count_word(const struct typeoff *t, size_t e)
{
	return kind_of(t, e) == CL_EVENTS_STORES ? "writes" : "reads";
}

/*
 * --hierarchy: the offsets under a type add up to the type's percentage.
 * Checked when the next type starts and at the end of the section: more
 * is no one report; less is offsets left out (cut short, or perf report
 * --percent-limit), whose members get no count.
 */
static int children_check(struct typeoff *t)
{
	struct section *sec = &t->sec;

	if (!sec->parent || sec->percent < 0 || sec->elided)
		return 0;
	for (size_t e = 0; e < sec->nevents; e++) {
		uint64_t want = sec->parent_pct[e], got = sec->child_pct[e];
		const char *ev = imp_show(&t->st, event_name(sec, e), strlen(event_name(sec, e)));

		if (got > want + rounding(sec->children))
			return imp_error(&t->st, sec->parent, 0,
					 "the offsets under this type add up to %s%% of event '%s', "
					 "more than the type's %s%%: this is not the output of one "
					 "perf report", show_pct(t, got), ev, show_pct(t, want));
		if (got + rounding(sec->children) < want)
			imp_stage_warn(&t->st, sec->parent, partial_kind(t, e),
				       "the offsets under this type add up to %s%% of event '%s', "
				       "not the type's %s%%: offsets are not listed (the output was "
				       "cut short, or perf report --percent-limit); its members not "
				       "listed get no %s count", show_pct(t, got), ev,
				       show_pct(t, want), count_word(t, e));
	}
	sec->parent = 0;
	return 0;
}

/*
 * A row's percentages add to its section's (or with --hierarchy, to its
 * type's) sums: more than 100% is no one report, and the checks at the end
 * of the section find rows that are missing.
 */
static int row_sums(struct typeoff *t, const struct imp_line *l, size_t indent,
		    uint64_t v[][MAX_EVENTS])
{
	struct section *sec = &t->sec;
	bool child = sec->hierarchy && sec->rows && indent > sec->indent;

	if (!sec->rows)
		sec->indent = indent;
	sec->last_row = l->no;
	sec->after_rows = false;
	if (child) {
		sec->children++;
		for (size_t e = 0; sec->percent >= 0 && e < sec->nevents; e++)
			sec->child_pct[e] += v[sec->percent][e];
		return 0;
	}
	if (children_check(t))
		return -1;
	sec->rows++;
	for (size_t e = 0; e < sec->nevents; e++) {
		if (sec->period >= 0)
			sec->period_sum += v[sec->period][e];
		if (sec->percent < 0)
			continue;
		sec->pct[e] += v[sec->percent][e];
		if (sec->pct[e] > 10000 + rounding(sec->rows))
			return imp_error(&t->st, l->no, 0,
					 "with this row the rows of event '%s' add up to %s%%, more "
					 "than 100%%: this is not the output of one perf report",
					 imp_show(&t->st, event_name(sec, e), strlen(event_name(sec, e))),
					 show_pct(t, sec->pct[e]));
		if (sec->hierarchy) {
			sec->parent = l->no;
			sec->parent_pct[e] = v[sec->percent][e];
			sec->child_pct[e] = 0;
		}
	}
	sec->children = 0;
	return 0;
}

/*
 * The Period column adds up to the section's event count, exactly: more is
 * no one report, less is rows not listed.
 */
static int period_check(struct typeoff *t)
{
	const struct section *sec = &t->sec;

	if (sec->period < 0 || !sec->has_count || sec->elided || sec->period_sum == sec->count)
		return 0;
	if (sec->period_sum > sec->count)
		return imp_error(&t->st, sec->line, 0,
				 "the Period column of this event's rows adds up to %" PRIu64 ", "
				 "more than its event count %" PRIu64 ": this is not the output of "
				 "one perf report", sec->period_sum, sec->count);
	for (size_t e = 0; e < sec->nevents; e++)
		imp_stage_warn(&t->st, sec->line, partial_kind(t, e),
			       "the Period column of the rows of event '%s' adds up to %" PRIu64
			       " of its event count %" PRIu64 ": rows are not listed (the output "
			       "was cut short after line %u, or perf report --percent-limit); "
			       "members not listed get no %s count",
			       imp_show(&t->st, event_name(sec, e), strlen(event_name(sec, e))),
			       sec->period_sum, sec->count, sec->last_row, count_word(t, e));
	return 0;
}

/*
 * The rows of an event add up to 100% (an event without samples: 0%), up
 * to the rounding of each row.  A file that ends right after a row may
 * have lost rows smaller than that rounding: its rows must add up to
 * 100.00% exactly.  Less is rows not listed: the author kept the top rows,
 * perf report --percent-limit, or a cut; the members listed keep their
 * counts and the others get none.  Rows cut out on purpose ("...") are
 * noted instead.
 */
static void percent_check(struct typeoff *t, bool eof)
{
	const struct section *sec = &t->sec;
	bool cut = eof && !sec->after_rows;

	if (sec->percent < 0 || sec->elided || (sec->period >= 0 && sec->has_count))
		return;
	for (size_t e = 0; e < sec->nevents; e++) {
		uint64_t got = sec->pct[e];

		if (!got || (got + rounding(sec->rows) >= 10000 && !(cut && got < 10000)))
			continue;
		imp_stage_warn(&t->st, sec->last_row, partial_kind(t, e),
			       "the rows of event '%s' end here and add up to %s%%, not 100%%: "
			       "%s%% of its samples are in rows not listed (perf report "
			       "--percent-limit, rows left out, or the output was cut short); "
			       "members not listed get no %s count",
			       imp_show(&t->st, event_name(sec, e), strlen(event_name(sec, e))),
			       show_pct(t, got), show_pct(t, 10000 - got), count_word(t, e));
	}
}

/* Whether the section that ends here (at a new one, or at @eof) contradicts itself. */
static int section_check(struct typeoff *t, bool eof)
{
	const struct section *sec = &t->sec;

	if (!sec->line && !sec->ncolumns)
		return 0;	/* no section yet */
	if (!sec->rows) {
		if (sec->no_samples || sec->elided)
			return 0;
		for (size_t e = 0; e < sec->nevents; e++)
			imp_stage_warn(&t->st, sec->line ? sec->line : t->lines, partial_kind(t, e),
				       "the section of event '%s' has no rows: the output was cut "
				       "short; no member gets a %s count from it",
				       imp_show(&t->st, event_name(sec, e), strlen(event_name(sec, e))),
				       count_word(t, e));
		return 0;
	}
	if (children_check(t) || period_check(t))
		return -1;
	percent_check(t, eof);
	return 0;
}

static void add_member(struct typeoff *t, const struct typeoff_cell *c, const char *st,
		       const uint64_t *counts)
{
	struct imp_row row = { .st = st, .m = { .offset = c->offset, .has_offset = true } };

	for (size_t e = 0; e < t->sec.nevents; e++) {
		if (kind_of(t, e) == CL_EVENTS_LOADS) {
			row.m.reads += counts[e];
			row.m.has_reads = true;
		} else if (kind_of(t, e) == CL_EVENTS_STORES) {
			row.m.writes += counts[e];
			row.m.has_writes = true;
		} else {
			continue;
		}
		t->sec.total[e] += counts[e];
	}
	if (!row.m.reads && !row.m.writes)
		return;
	row.m.path = imp_strndup(&t->st, c->field, c->field_len);
	imp_stage_add(&t->st, &row);
}

static void other_type(struct typeoff *t, const struct typeoff_cell *c)
{
	if (imp_perf_anonymous(c->type, c->type_len)) {
		if (!t->st.said.anonymous++)
			t->anonymous_example = imp_show(&t->st, c->type, c->type_len);
		return;
	}
	t->other_types++;
	if (!t->other_example)
		t->other_example = imp_show(&t->st, c->type, c->type_len);
}

/* A field perf could not name ("no field", ""), or one that is no member path. */
static void odd_field(struct typeoff *t, const struct typeoff_cell *c)
{
	if (!c->field_len || (c->field_len == 8 && !memcmp(c->field, "no field", 8))) {
		t->no_field++;
		return;
	}
	if (!t->odd_field++)
		t->odd_example = imp_show(&t->st, c->field, c->field_len);
}

static int data_line(struct typeoff *t, const struct imp_line *l)
{
	const char *s = l->s, *end = l->s + l->len, *st;
	struct typeoff_cell c;
	uint64_t counts[MAX_EVENTS] = { 0 };
	uint64_t v[MAX_COLUMNS][MAX_EVENTS] = { { 0 } };

	while (s < end && imp_is_space(*s))
		s++;
	if (s == end || *s == '|' || *s == '-') {
		t->sec.after_rows |= s == end;
		return 0;	/* blank, or call-graph art under a row */
	}
	if (imp_is_elision(s, (size_t)(end - s))) {
		t->elided++;
		t->sec.elided = true;
		return 0;
	}
	if (!t->sec.ncolumns)
		return imp_error(&t->st, l->no, imp_col_of(l, s),
				 "a row before any column header: not the output of perf report "
				 "--stdio --sort type,typeoff");
	if (!t->sec.nevents)
		t->sec.nevents = 1;	/* no "# Samples:" line: the caller said what it counts */
	if (event_check(t, l) || row_counts(t, l, &s, v, counts))
		return -1;
	while (s < end && imp_is_space(*s))
		s++;
	/* --hierarchy indents the text after the numbers, not the numbers */
	if (row_sums(t, l, (size_t)(s - l->s), v))
		return -1;
	recorded(t);
	if (!find_typeoff(s, end, &c)) {
		if (t->sec.hierarchy)
			return 0;	/* a type's own row above its offsets */
		return imp_error(&t->st, l->no, imp_col_of(l, s),
				 "expected 'TYPE +OFFSET (FIELD)' in this row");
	}
	st = c.pseudo ? NULL : imp_perf_struct(&t->st, c.type, c.type_len);
	if (!st) {
		other_type(t, &c);
		return 0;
	}
	if (!imp_is_path(c.field, c.field_len)) {
		odd_field(t, &c);
		return 0;
	}
	add_member(t, &c, st, counts);
	return 0;
}

/* What event @e of a section gave, for the profile's header. */
static void event_done(struct typeoff *t, size_t e)
{
	const struct section *sec = &t->sec;
	const char *what = kind_of(t, e) == CL_EVENTS_LOADS ? "reads" : "writes";
	bool samples = sec->period < 0 && sec->samples >= 0 &&
		       (sec->group || !(sec->has_count && sec->percent >= 0));
	const char *unit = samples ? "samples" : "events";
	char of[40] = "";

	if (!sec->total[e])
		return;
	t->st.said.samples |= samples;
	if (sec->has_count && sec->period < 0 && !sec->group)
		snprintf(of, sizeof(of), " of %" PRIu64, sec->count);
	if (sec->line)
		imp_stage_source(&t->st, "%s: event '%s': %s, %" PRIu64 "%s %s on struct "
				 "members", t->st.name, sec->events[e], what, sec->total[e], of,
				 unit);
	else
		imp_stage_source(&t->st, "%s: %s, %" PRIu64 "%s %s on struct members",
				 t->st.name, what, sec->total[e], of, unit);
}

static void section_done(struct typeoff *t)
{
	struct section *sec = &t->sec;

	for (size_t e = 0; e < sec->nevents; e++)
		event_done(t, e);
	if (sec->equal_shares)
		imp_stage_note(&t->st, "%s:%u: perf report --group gives one event count (%" PRIu64
			       ") for its %zu events: each event's percentages were scaled to an "
			       "equal share of it (-n or --show-total-period gives each event's "
			       "own counts)", t->st.name, sec->line, sec->count, sec->nevents);
	memset(sec->total, 0, sizeof(sec->total));
	sec->equal_shares = false;
}

static int typeoff_line(struct typeoff *t, const struct imp_line *l)
{
	const char *p = l->s, *end = l->s + l->len;

	while (p < end && imp_is_space(*p))
		p++;
	bool hashed = p < end && *p == '#';
	const char *text = hashed ? comment_text(l, p) : p;

	t->lines++;
	if (!hashed && (p == end || !bare_header(t, p, end)))
		return data_line(t, l);
	if (t->lines == 1)
		t->whole = imp_starts(text, (size_t)(end - text), "To display the perf.data header") ||
			   imp_starts(text, (size_t)(end - text), "========");	/* --header */
	if (imp_starts(text, (size_t)(end - text), "Samples: ")) {
		if (section_check(t, false))
			return -1;
		section_done(t);
	}
	t->sec.after_rows = true;
	t->closing |= t->sec.rows && imp_starts(text, (size_t)(end - text), "(");
	return comment_line(t, l, p, text);
}

/*
 * perf report ends its output with "# (Tip: ...)" between '#' lines, as it
 * starts it with "# To display the perf.data header info" (or with --header
 * "# ========"); neither without --quiet: a file with the one and not the
 * other lost its end, maybe whole sections of events, of either kind.
 */
static int typeoff_end(struct typeoff *t)
{
	if (section_check(t, true))
		return -1;
	if (t->whole && !t->closing)
		imp_stage_warn(&t->st, t->lines, CL_EVENTS_BY_NAME,
			       "the input ends here without the '# (Tip: ...)' line that ends "
			       "perf report's output, which its first line promises: the output "
			       "was cut short, and events after this line may be missing; members "
			       "not listed get no count");
	return 0;
}

static void typeoff_notes(struct typeoff *t)
{
	section_done(t);
	if (t->other_types)
		imp_stage_note(&t->st, "%s: left out %zu %s of types that are no struct or "
			       "union (such as '%s')", t->st.name, t->other_types,
			       t->other_types == 1 ? "row" : "rows", t->other_example);
	imp_anonymous_note(&t->st, "row", t->anonymous_example);
	if (t->no_field)
		imp_stage_note(&t->st, "%s: left out %zu %s without a field name", t->st.name,
			       t->no_field, t->no_field == 1 ? "row" : "rows");
	if (t->odd_field)
		imp_stage_note(&t->st, "%s: left out %zu %s whose field is no member name "
			       "(such as '%s')", t->st.name, t->odd_field,
			       t->odd_field == 1 ? "row" : "rows", t->odd_example);
	imp_text_notes(&t->st, t->elided, t->quoted);
}

int cl_import_perf_typeoff(struct cl_import *imp, const char *name, const char *buf,
			   size_t len, enum cl_events events, struct cl_diag *err)
{
	struct typeoff t = { .events = events };
	struct imp_lines it;
	struct imp_line l;
	int rc = 0;

	imp_stage_init(&t.st, imp, name, err);
	imp_lines_init(&it, buf, len);
	while (!rc && imp_lines_next(&it, &l)) {
		t.quoted += imp_unquote(&l);
		rc = typeoff_line(&t, &l);
	}
	if (!rc && t.saw_typeoff)
		rc = typeoff_end(&t);
	if (!rc && !t.saw_typeoff)
		rc = imp_error(&t.st, 0, 0,
			       "not the output of perf report --stdio --sort type,typeoff "
			       "(no 'Data Type Offset' column)");
	if (!rc)
		typeoff_notes(&t);
	return imp_stage_finish(&t.st, rc);
}
