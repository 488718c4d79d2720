// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_c2c.c - read `perf c2c report --stdio` (perf 4.x to 6.x)
 *
 * The sections it reads:
 *
 *   Trace Event Information               "Total records : N" and the HITM
 *                                         totals, which the tables must not
 *                                         exceed
 *   Shared Data Cache Line Table          a row per cache line: its HITM and
 *                                         store totals
 *   Shared Cache Line Distribution Pareto per cache line a header of totals
 *                                         and rows of percentages of them
 *
 * Columns are found by their header, never by their number: the line of
 * dots under the column names ("# .....  .......") gives each column's
 * place, the names above it say what it is.  So Intel's, AMD's and Arm
 * SPE's headers, the "Snoop Peer" column of perf 5.19 to 6.1, -N/-NN node
 * columns (the last column, free text), -c pid,tid,iaddr (a row per
 * thread, folded back into its code address's row) and --double-cl
 * ("Double-Cacheline": lines of 128 bytes) read alike.  Posted forms: mail
 * quoting is taken off, TABs are expanded to 8 columns, a report may come
 * twice in one file (x86 and Arm in one mail).  Rows whose percentages add
 * up to more than their line's total, a line's totals that differ from the
 * table's, tables above the trace's totals: errors.  Rows short of 100%
 * (cut out): a warning.
 */
#include <stdlib.h>
#include <string.h>

#include "model/hash.h"
#include "import_c2c.h"

#define MAX_COLS 48
#define MAX_PCT 8

enum col {
	COL_OTHER,
	COL_PCT_HITM,	/* a percentage of the line's HITMs (Rmt or Lcl) */
	COL_PCT_PEER,	/* of its peer snoops */
	COL_PCT_STORE,	/* of its stores (L1 Hit, L1 Miss, N/A) */
	COL_OFFSET,
	COL_IADDR,
	COL_RECS,
	COL_CPUS,
	COL_SYMBOL,
	COL_OBJECT,
	COL_SRCLINE,
	COL_ADDRESS,	/* the table's cache line address */
	COL_TBL_HITM,	/* the table's "Load Hitm" Total */
	COL_TBL_PEER,	/* the table's "Load Peer" Total */
	COL_PID,	/* -c pid: "    4566" */
	COL_TID,	/* -c tid: "   4567:fs", the tid and the thread's comm */
};

/**
 * struct cols - a table's columns, from its header
 * @start, @end: each column's place on the line (the dots)
 * @kind: what each is
 * @n: number of columns
 * @double_cl: the header said Double-Cacheline
 */
struct cols {
	size_t start[MAX_COLS], end[MAX_COLS];
	enum col kind[MAX_COLS];
	size_t n;
	bool double_cl;
};

enum section { SEC_NONE, SEC_TRACE, SEC_TABLE, SEC_PARETO, SEC_OTHER };

/**
 * struct parse - the walk's state
 * @st: the stage (errors, warnings)
 * @r: the report filled
 * @sec: the section the walk is in
 * @hdr: the last two '#' lines before the dots
 * @cols: the current table's columns, valid if @have_cols
 * @tot: the current Pareto line's totals, one per percentage column
 * @ntot: number of @tot
 * @sum: the percentages of the current line's rows so far, per column
 * @cl_rows: rows of the current line
 * @tbl_hitm: the table's HITM (or peer) total per cache line address
 * @tbl_addr: those addresses
 * @tbl_at: their indices + 1 by address + 1 (a Pareto line finds its row in one look)
 * @ntbl: number in the table of this report
 * @tbl_cap: allocated
 * @trace_hitm: HITMs of the Trace Event Information (local + remote), if @has_trace
 * @tbl_sum: HITMs over the table's rows
 * @tbl_no: the line of the table's first row
 * @pareto_lines: lines of this report's Pareto
 * @has_trace_recs: a Trace Event Information gave "Total records" (in @r's @records)
 * @rows_recs: the records of the rows so far, which that total bounds
 */
struct parse {
	struct imp_stage *st;
	struct c2c_report *r;
	enum section sec;
	char *hdr[2];
	struct cols cols;
	bool have_cols;
	uint64_t tot[MAX_PCT];
	size_t ntot;
	uint64_t sum[MAX_PCT];
	size_t cl_rows;
	unsigned cl_no;
	uint64_t *tbl_hitm, *tbl_addr;
	struct cl_map tbl_at;
	size_t ntbl, tbl_cap;
	uint64_t trace_hitm, tbl_sum;
	bool has_trace, has_trace_hitm, tbl_peer;
	unsigned tbl_no;
	size_t pareto_lines;
	bool any_table, any_pareto;
	unsigned pareto_no;
	struct cl_index folds;
	bool has_trace_recs;
	uint64_t rows_recs;
};

/* The line with quoting off and TABs expanded, NUL-terminated, malloc()ed. */
static char *expand(struct imp_line *l)
{
	size_t n = 0, cap = l->len * 8 + 1;
	char *s = cl_xmalloc(cap);

	for (size_t i = 0; i < l->len; i++) {
		if (l->s[i] == '\t') {
			do
				s[n++] = ' ';
			while (n % 8);
		} else if (l->s[i] != '\r') {
			s[n++] = l->s[i];
		}
	}
	while (n && s[n - 1] == ' ')
		n--;
	s[n] = '\0';
	return s;
}

static const char *skip_blank(const char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

static bool all_of(const char *s, char c)
{
	s = skip_blank(s);
	if (*s != c)
		return false;
	while (*s == c)
		s++;
	return !*skip_blank(s);
}

/* "#  ....  ......": the line of dots under a header. */
static bool is_dots(const char *s)
{
	s = skip_blank(s);
	if (*s++ != '#')
		return false;
	s = skip_blank(s);
	if (*s != '.')
		return false;
	for (; *s; s++)
		if (*s != '.' && *s != ' ')
			return false;
	return true;
}

static bool heading_is(const char *s, const char *title)
{
	size_t n = strlen(title);

	s = skip_blank(s);
	return !strncmp(s, title, n) && !*skip_blank(s + n);
}

/* Text of @s in [a, b), blanks trimmed, into @out (size @size). */
static void text_at(const char *s, size_t a, size_t b, char *out, size_t size)
{
	size_t len = strlen(s), o = 0;

	if (a > len)
		a = len;
	if (b > len)
		b = len;
	while (a < b && s[a] == ' ')
		a++;
	while (b > a && s[b - 1] == ' ')
		b--;
	for (; a < b && o + 1 < size; a++)
		out[o++] = s[a];
	out[o] = '\0';
}

/* The group of header line @g (dashed, "----- HITM -----") above [a, b). */
static void group_at(const char *g, size_t a, size_t b, char *out, size_t size)
{
	size_t len = strlen(g), s, e, o = 0;

	out[0] = '\0';
	if (!g || a >= len)
		return;
	/* A group is a run of text with at most one blank between words. */
	for (s = a; s < b && s < len && g[s] == ' '; s++)
		;
	if (s >= b || s >= len)
		return;
	while (s > 0 && !(g[s - 1] == ' ' && (s < 2 || g[s - 2] == ' ')))
		s--;
	for (e = s; e < len && !(g[e] == ' ' && (e + 1 >= len || g[e + 1] == ' ')); e++)
		;
	/*
	 * The dashes that fill the group out go, a hyphen inside a word stays:
	 * --double-cl's group is "------- Double-Cacheline -------".
	 */
	for (size_t i = s; i < e && o + 1 < size; i++)
		if (g[i] != '-' || (i > s && i + 1 < e && g[i - 1] != '-' && g[i - 1] != ' ' &&
				    g[i + 1] != '-' && g[i + 1] != ' '))
			out[o++] = g[i];
	out[o] = '\0';
}

static bool has(const char *s, const char *w)
{
	return strstr(s, w) != NULL;
}

static enum col classify(const char *group, const char *name)
{
	if (has(group, "Store") && (!strcmp(name, "L1 Hit") || !strcmp(name, "L1 Miss") ||
				    !strcmp(name, "N/A") || !strcmp(name, "L1Hit") ||
				    !strcmp(name, "L1Miss")))
		return COL_PCT_STORE;
	if (has(group, "HITM") && (has(name, "Rmt") || has(name, "Lcl")))
		return COL_PCT_HITM;
	if (has(group, "Peer") && (has(name, "Rmt") || has(name, "Lcl")))
		return COL_PCT_PEER;
	if ((!strcmp(name, "Peer") && has(group, "Snoop")) ||
	    (!strcmp(name, "Snoop") && has(group, "Peer")))
		return COL_PCT_PEER;
	if (!strcmp(name, "Offset"))
		return COL_OFFSET;
	if (!strcmp(name, "Code address"))
		return COL_IADDR;
	if (!strcmp(name, "records"))
		return COL_RECS;
	if (!strcmp(name, "cnt") && has(group, "cpu"))
		return COL_CPUS;
	if (!strcmp(name, "Symbol"))
		return COL_SYMBOL;
	if (!strcmp(name, "Object"))
		return COL_OBJECT;
	if (!strcmp(name, "Source:Line"))
		return COL_SRCLINE;
	if (!strcmp(name, "Address") && has(group, "Cacheline"))
		return COL_ADDRESS;
	if (!strcmp(name, "Total") && has(group, "Load Hitm"))
		return COL_TBL_HITM;
	if (!strcmp(name, "Total") && has(group, "Load Peer"))
		return COL_TBL_PEER;
	if (!strcmp(name, "Pid"))
		return COL_PID;
	if (!strcmp(name, "Tid"))
		return COL_TID;
	return COL_OTHER;
}

/* The header above the dots line @dots: each column's place and kind. */
static int read_cols(struct parse *p, const char *dots, unsigned no)
{
	struct cols *c = &p->cols;
	const char *names = p->hdr[1], *groups = p->hdr[0];
	size_t i = 0, len = strlen(dots);

	memset(c, 0, sizeof(*c));
	if (!names)
		return imp_error(p->st, no, 0, "a line of dots with no column names above it");
	while (i < len) {
		char name[64], group[96];

		if (dots[i] != '.') {
			i++;
			continue;
		}
		if (c->n == MAX_COLS)
			return imp_error(p->st, no, 0, "more than %d columns", MAX_COLS);
		c->start[c->n] = i;
		while (i < len && dots[i] == '.')
			i++;
		c->end[c->n] = i;
		text_at(names, c->n ? c->end[c->n - 1] : 0, i, name, sizeof(name));
		group_at(groups ? groups : "", c->start[c->n], i, group, sizeof(group));
		c->kind[c->n] = classify(group, name);
		if (has(group, "Double-Cacheline"))
			c->double_cl = true;
		c->n++;
	}
	p->have_cols = true;
	return 0;
}

/* The value of column @k of row @s, right-aligned numbers and left-aligned text alike. */
static void cell(const struct cols *c, size_t k, const char *s, char *out, size_t size)
{
	bool text = c->kind[k] == COL_SYMBOL || c->kind[k] == COL_OBJECT ||
		    c->kind[k] == COL_SRCLINE;
	size_t a = text ? c->start[k] : k ? c->end[k - 1] : 0;
	size_t b = text ? (k + 1 < c->n ? c->start[k + 1] : strlen(s)) : c->end[k];

	if (text && k + 1 < c->n && c->kind[k + 1] != COL_SYMBOL &&
	    c->kind[k + 1] != COL_OBJECT && c->kind[k + 1] != COL_SRCLINE)
		b = c->start[k + 1];
	text_at(s, a, b, out, size);
}

static size_t find_col(const struct cols *c, enum col kind)
{
	for (size_t k = 0; k < c->n; k++)
		if (c->kind[k] == kind)
			return k;
	return c->n;
}

static bool parse_hex(const char *s, uint64_t *v)
{
	return !strncmp(s, "0x", 2) && s[2] && imp_parse_offset(s, strlen(s), v);
}

static bool parse_pct(const char *s, uint64_t *v)
{
	size_t n = strlen(s);

	return n > 1 && s[n - 1] == '%' && imp_parse_hundredths(s, n - 1, v);
}

/* "Key : value" of the Trace Event Information. */
static void trace_line(struct parse *p, const char *s)
{
	const char *colon = strchr(s, ':');
	char key[64];
	uint64_t v;

	if (!colon)
		return;
	text_at(s, 0, (size_t)(colon - s), key, sizeof(key));
	colon = skip_blank(colon + 1);
	if (!imp_parse_u64(colon, strlen(colon), &v))
		return;
	if (!strcmp(key, "Total records")) {
		p->r->records += v;
		p->has_trace_recs = true;
	}
	if (!strcmp(key, "Load Local HITM") || !strcmp(key, "Load Remote HITM")) {
		p->trace_hitm += v;
		p->has_trace_hitm = true;
	}
}

static int table_row(struct parse *p, const char *s, unsigned no)
{
	size_t ka = find_col(&p->cols, COL_ADDRESS), kh = find_col(&p->cols, COL_TBL_HITM);
	char v[64];
	uint64_t addr, hitm;

	bool peer = kh == p->cols.n;

	if (peer)
		kh = find_col(&p->cols, COL_TBL_PEER);
	if (ka == p->cols.n || kh == p->cols.n)
		return 0;
	cell(&p->cols, ka, s, v, sizeof(v));
	if (!parse_hex(v, &addr))
		return imp_error(p->st, no, 0, "expected a cache line address under 'Address', "
				 "found '%s'", v);
	cell(&p->cols, kh, s, v, sizeof(v));
	if (!imp_parse_u64(v, strlen(v), &hitm))
		return imp_error(p->st, no, 0, "expected a count under 'Total', found '%s'", v);
	if (p->ntbl == p->tbl_cap) {
		p->tbl_cap = p->tbl_cap ? 2 * p->tbl_cap : 16;
		p->tbl_addr = cl_xrealloc(p->tbl_addr, p->tbl_cap * sizeof(*p->tbl_addr));
		p->tbl_hitm = cl_xrealloc(p->tbl_hitm, p->tbl_cap * sizeof(*p->tbl_hitm));
	}
	if (!p->ntbl)
		p->tbl_no = no;
	p->tbl_addr[p->ntbl] = addr;
	p->tbl_hitm[p->ntbl++] = hitm;
	if (addr + 1)
		cl_map_put(&p->tbl_at, addr + 1, (void *)(uintptr_t)p->ntbl);
	p->tbl_peer = peer;
	if (peer)
		return 0;
	p->tbl_sum += hitm;
	if (p->has_trace_hitm && p->tbl_sum > p->trace_hitm)
		return imp_error(p->st, no, 0, "the table's cache lines have %llu HITMs so far, "
				 "more than the %llu of the Trace Event Information: the report "
				 "contradicts itself", (unsigned long long)p->tbl_sum,
				 (unsigned long long)p->trace_hitm);
	return 0;
}

/* Percentage columns of the Pareto, in order: what the line header's counts are. */
static size_t pct_cols(const struct cols *c, size_t *idx)
{
	size_t n = 0;

	for (size_t k = 0; k < c->n; k++)
		if (c->kind[k] == COL_PCT_HITM || c->kind[k] == COL_PCT_PEER ||
		    c->kind[k] == COL_PCT_STORE)
			idx[n++] = k;
	return n;
}

/* The rows of the line just ended: each column 100% (or cut short: a warning). */
static int line_end(struct parse *p)
{
	size_t idx[MAX_COLS], n;

	if (!p->ntot)
		return 0;
	n = pct_cols(&p->cols, idx);
	for (size_t i = 0; i < n && i < p->ntot; i++) {
		uint64_t slack = p->cl_rows + 1;

		if (p->tot[i] && p->sum[i] + slack < 10000) {
			imp_stage_warn(p->st, p->cl_no, CL_EVENTS_BY_NAME,
				       "the rows of cache line 0x%llx add up to %llu.%02llu%% "
				       "of a column: rows were cut out; the import goes on with "
				       "those listed",
				       (unsigned long long)p->r->lines[p->r->nlines - 1].addr,
				       (unsigned long long)(p->sum[i] / 100),
				       (unsigned long long)(p->sum[i] % 100));
			break;
		}
	}
	p->ntot = 0;
	return 0;
}

/*
 * Whether column @k counts the weight: the HITM columns, or where there are
 * none (Arm SPE, perf c2c report -d peer) the peer snoops.
 */
static bool weight_col(const struct parse *p, size_t k)
{
	return p->cols.kind[k] == (p->r->peer ? COL_PCT_PEER : COL_PCT_HITM);
}

/* "  0  0  252  0  2024  470  0  0x55c8971f0080": a Pareto line's totals. */
static int pareto_line(struct parse *p, const char *s, unsigned no)
{
	const char *end = s + strlen(s), *tok;
	size_t len, ntok = 0, idx[MAX_COLS], npct = pct_cols(&p->cols, idx);
	uint64_t v[MAX_PCT + 2];
	struct c2c_line *l;
	uintptr_t at;

	while (imp_next_token(&s, end, &tok, &len)) {
		if (ntok == MAX_PCT + 2)
			return imp_error(p->st, no, 0, "too many counts on a cache line's header");
		if (!(ntok ? imp_parse_u64(tok, len, &v[ntok]) ||
			     (!strncmp(tok, "0x", 2) && imp_parse_offset(tok, len, &v[ntok]))
			   : imp_parse_u64(tok, len, &v[ntok])))
			return imp_error(p->st, no, 0, "expected a cache line's number, counts and "
					 "address, found '%s'", imp_show(p->st, tok, len));
		ntok++;
	}
	if (ntok != npct + 2)
		return imp_error(p->st, no, 0, "a cache line's header has %zu counts, the column "
				 "header %zu percentage columns", ntok < 2 ? 0 : ntok - 2, npct);
	p->r->peer = find_col(&p->cols, COL_PCT_HITM) == p->cols.n;
	l = cl_vec_push(&p->r->lines, &p->r->nlines, &p->r->lines_cap);
	l->no = no;
	l->addr = v[ntok - 1];
	memcpy(p->tot, v + 1, npct * sizeof(*v));
	memset(p->sum, 0, sizeof(p->sum));
	p->ntot = npct;
	p->cl_rows = 0;
	p->cl_no = no;
	p->pareto_lines++;
	at = l->addr + 1 ? (uintptr_t)cl_map_get(&p->tbl_at, l->addr + 1) : 0;
	if (at && p->tbl_peer == p->r->peer) {
		size_t i = at - 1;
		uint64_t hitm = 0;

		for (size_t k = 0; k < npct; k++)
			if (weight_col(p, idx[k]))
				hitm += p->tot[k];
		if (hitm != p->tbl_hitm[i])
			return imp_error(p->st, no, 0, "cache line 0x%llx has %llu HITMs here and "
					 "%llu in the Shared Data Cache Line Table: the report "
					 "contradicts itself", (unsigned long long)l->addr,
					 (unsigned long long)hitm,
					 (unsigned long long)p->tbl_hitm[i]);
	}
	return 0;
}

/*
 * "[.] name" or "[k] name": the function; NULL for an address.  "name+0x1c"
 * (perf's symbol with its offset) gives the offset in @row.
 */
static const char *symbol(struct parse *p, const char *v, struct c2c_row *row)
{
	const char *plus;

	row->kernel = !strncmp(v, "[k]", 3);
	if (v[0] == '[' && v[1] && v[2] == ']')
		v = skip_blank(v + 3);
	if (!*v || !strncmp(v, "0x", 2))
		return NULL;
	plus = strstr(v, "+0x");
	if (plus && plus > v && imp_parse_offset(plus + 1, strlen(plus + 1), &row->symoff)) {
		row->has_symoff = true;
		return cl_arena_strndup(&p->st->imp->arena, v, (size_t)(plus - v));
	}
	return cl_arena_strdup(&p->st->imp->arena, v);
}

static int row_counts(struct parse *p, struct c2c_row *row, const char *s, unsigned no)
{
	size_t idx[MAX_COLS], n = pct_cols(&p->cols, idx);
	char v[128];

	for (size_t i = 0; i < n; i++) {
		uint64_t pct, cnt;

		cell(&p->cols, idx[i], s, v, sizeof(v));
		if (!parse_pct(v, &pct))
			return imp_error(p->st, no, (unsigned)p->cols.start[idx[i]] + 1,
					 "expected a percentage, found '%s'", v);
		p->sum[i] += pct;
		if (p->sum[i] > 10000 + p->cl_rows + 1)
			return imp_error(p->st, no, (unsigned)p->cols.start[idx[i]] + 1,
					 "the rows of cache line 0x%llx add up to more than 100%% "
					 "of a column: the report contradicts itself",
					 (unsigned long long)p->r->lines[p->r->nlines - 1].addr);
		if (pct && !p->tot[i])
			return imp_error(p->st, no, (unsigned)p->cols.start[idx[i]] + 1,
					 "%s of a total of 0: the report contradicts itself", v);
		cnt = imp_scale(pct, p->tot[i], 10000);
		if (p->cols.kind[idx[i]] == COL_PCT_STORE)
			row->stores += cnt;
		else if (weight_col(p, idx[i]))
			row->hitm += cnt;
	}
	return 0;
}

/* "4567:fs" (sort_thread's "%7d:%-*.*s", the comm cut to the column): the tid. */
static bool parse_tid(const char *s, uint64_t *tid)
{
	const char *colon = strchr(s, ':');

	return colon && imp_parse_u64(s, (size_t)(colon - s), tid);
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void add_tid(struct c2c_row *r, uint64_t tid)
{
	for (size_t i = 0; i < r->ntids; i++)
		if (r->tids[i] == tid)
			return;
	r->tids = cl_xrealloc(r->tids, (r->ntids + 1) * sizeof(*r->tids));
	r->tids[r->ntids++] = tid;
}

/*
 * With tid among the coalesce keys perf prints a row per thread of each
 * code address (its cl_sort "offset,pid,tid,iaddr"); added up they are the
 * row the default -c iaddr prints.  Kept apart, the join would split and
 * round each pair of rows' HITMs on its own (pairs of a few samples lost to
 * it) and take one thread's "cpu cnt" for the threads: they are folded
 * into the code address's row, its threads kept as the distinct tids.
 * Another pid is another address space: its rows stay apart.
 */
static uint64_t fold_str(uint64_t h, const char *s)
{
	return s ? cl_fnv1a(h, s, strlen(s) + 1) : cl_fnv1a(h, "", 0);
}

/* What a row is printed by, its thread aside: its line, offset, code, process. */
static uint64_t fold_key_hash(const struct c2c_row *r)
{
	uint64_t v[8] = { r->cl, r->offset, r->has_iaddr ? r->iaddr + 1 : 0,
			  r->has_symoff ? r->symoff + 1 : 0, r->has_pid ? r->pid + 1 : 0,
			  r->kernel, r->cut, 0 };
	uint64_t h = cl_fnv1a(CL_FNV_OFFSET, v, sizeof(v));

	return fold_str(fold_str(fold_str(h, r->sym), r->obj), r->src);
}

static bool fold_key_eq(const void *ctx, size_t i, const void *key)
{
	const struct c2c_row *r = &((const struct c2c_report *)ctx)->rows[i], *row = key;

	return r->cl == row->cl && r->offset == row->offset && r->has_iaddr == row->has_iaddr &&
	       (!r->has_iaddr || r->iaddr == row->iaddr) && r->has_symoff == row->has_symoff &&
	       (!r->has_symoff || r->symoff == row->symoff) && r->kernel == row->kernel &&
	       r->cut == row->cut && r->has_pid == row->has_pid && r->pid == row->pid &&
	       same_str(r->sym, row->sym) && same_str(r->obj, row->obj) &&
	       same_str(r->src, row->src);
}

static uint64_t fold_rehash(const void *ctx, size_t i)
{
	return fold_key_hash(&((const struct c2c_report *)ctx)->rows[i]);
}

/*
 * With tid among the coalesce keys perf prints a row per thread of each
 * code address (its cl_sort "offset,pid,tid,iaddr"); added up they are the
 * row the default -c iaddr prints.  Kept apart, the join would split and
 * round each pair of rows' HITMs on its own (pairs of a few samples lost to
 * it) and take one thread's "cpu cnt" for the threads: they are folded
 * into the code address's row, its threads kept as the distinct tids.
 * Another pid is another address space: its rows stay apart.  The rows are
 * found through an index on what they are printed by, so a line of many
 * threads' rows costs one look each.  Returns false when @row is the first
 * of its kind: the caller appends it as row number r->nrows.
 */
static bool fold_thread(struct parse *p, const struct c2c_row *row, uint64_t tid)
{
	size_t *slot = cl_index_add(&p->folds, p->r->nrows, fold_key_hash(row), fold_key_eq,
				    fold_rehash, p->r, row);
	struct c2c_row *r;

	if (!*slot) {
		*slot = p->r->nrows + 1;
		return false;
	}
	r = &p->r->rows[*slot - 1];
	r->hitm += row->hitm;
	r->stores += row->stores;
	r->recs += row->recs;
	/* One thread's CPUs each: the union is not printed, the most is its floor. */
	if (row->cpus > r->cpus)
		r->cpus = row->cpus;
	add_tid(r, tid);
	return true;
}

/*
 * A row's records: its loads and stores.  perf 4.x's Pareto has no "Total
 * records" column: what the row shows of its loads, its HITMs (or peer
 * snoops), stands for them, so that its loads (records less stores) are
 * never negative.  The rows' records add up to at most the Trace Event
 * Information's "Total records": every count the join writes is a sum of
 * rows, so none can pass the report's total.
 */
static int row_records(struct parse *p, struct c2c_row *row, unsigned no)
{
	if (find_col(&p->cols, COL_RECS) == p->cols.n)
		row->recs = row->hitm + row->stores;
	if (row->stores > row->recs)
		return imp_error(p->st, no, 0, "%llu store samples in a row of %llu records: the "
				 "report contradicts itself", (unsigned long long)row->stores,
				 (unsigned long long)row->recs);
	p->rows_recs += row->recs;
	if (p->has_trace_recs && p->rows_recs > p->r->records)
		return imp_error(p->st, no, 0, "the rows have %llu records so far, more than the "
				 "%llu 'Total records' of the Trace Event Information: the report "
				 "contradicts itself", (unsigned long long)p->rows_recs,
				 (unsigned long long)p->r->records);
	return 0;
}

static int pareto_row(struct parse *p, const char *s, unsigned no)
{
	const struct cols *c = &p->cols;
	struct c2c_row row = { .no = no, .cl = p->r->nlines - 1 };
	uint64_t tid = 0;
	bool has_tid = false;
	char v[512];

	p->cl_rows++;
	if (row_counts(p, &row, s, no))
		return -1;
	for (size_t k = 0; k < c->n; k++) {
		if (c->kind[k] == COL_OTHER || c->kind[k] <= COL_PCT_STORE)
			continue;
		if (c->kind[k] != COL_SRCLINE && c->kind[k] != COL_OBJECT &&
		    c->kind[k] != COL_SYMBOL && strlen(s) < c->end[k])
			return imp_error(p->st, no, 0, "the row stops before its '%s' column: a "
					 "row cut short", c->kind[k] == COL_OFFSET ? "Offset" :
					 c->kind[k] == COL_IADDR ? "Code address" :
					 c->kind[k] == COL_RECS ? "records" :
					 c->kind[k] == COL_PID ? "Pid" :
					 c->kind[k] == COL_TID ? "Tid" : "cpu cnt");
		cell(c, k, s, v, sizeof(v));
		switch (c->kind[k]) {
		case COL_OFFSET:
			/* Past the line's size: a 128-byte report whose header was not read as one. */
			if (!parse_hex(v, &row.offset) || row.offset >= p->r->line_size)
				return imp_error(p->st, no, (unsigned)c->start[k] + 1,
						 "expected an offset within the cache line (%llu bytes; "
						 "128 where the table says Double-Cacheline), found '%s'",
						 (unsigned long long)p->r->line_size, v);
			break;
		case COL_IADDR:
			row.has_iaddr = parse_hex(v, &row.iaddr);
			break;
		case COL_RECS:
		case COL_CPUS:
			if (!imp_parse_u64(v, strlen(v), c->kind[k] == COL_RECS ? &row.recs : &row.cpus))
				return imp_error(p->st, no, (unsigned)c->start[k] + 1,
						 "expected a count, found '%s'", v);
			break;
		case COL_PID:
			if (!imp_parse_u64(v, strlen(v), &row.pid))
				return imp_error(p->st, no, (unsigned)c->start[k] + 1,
						 "expected a pid, found '%s'", v);
			row.has_pid = true;
			break;
		case COL_TID:
			if (!parse_tid(v, &tid))
				return imp_error(p->st, no, (unsigned)c->start[k] + 1,
						 "expected a thread, 'tid:comm', found '%s'", v);
			has_tid = true;
			break;
		case COL_SYMBOL:
			row.sym = symbol(p, v, &row);
			break;
		case COL_OBJECT:
			row.obj = *v ? cl_arena_strdup(&p->st->imp->arena, v) : NULL;
			break;
		case COL_SRCLINE:
			row.cut = strlen(s) <= c->start[k];
			row.src = row.cut ? NULL : cl_arena_strdup(&p->st->imp->arena, v);
			break;
		default:
			break;
		}
	}
	if (find_col(c, COL_SRCLINE) == c->n)
		row.cut = true;
	if (row_records(p, &row, no))
		return -1;
	if (row.cpus > p->r->cpus)
		p->r->cpus = row.cpus;
	if (has_tid) {
		p->r->has_tid = true;
		if (fold_thread(p, &row, tid))
			return 0;
		add_tid(&row, tid);
	}
	*(struct c2c_row *)cl_vec_push(&p->r->rows, &p->r->nrows, &p->r->rows_cap) = row;
	return 0;
}

static enum section heading(const char *s)
{
	if (heading_is(s, "Trace Event Information"))
		return SEC_TRACE;
	if (heading_is(s, "Shared Data Cache Line Table"))
		return SEC_TABLE;
	if (heading_is(s, "Shared Cache Line Distribution Pareto"))
		return SEC_PARETO;
	if (heading_is(s, "Global Shared Cache Line Event Information") ||
	    heading_is(s, "c2c details"))
		return SEC_OTHER;
	return SEC_NONE;
}

static void set_hdr(struct parse *p, const char *s)
{
	free(p->hdr[0]);
	p->hdr[0] = p->hdr[1];
	p->hdr[1] = cl_xstrdup(s);
}

static void clear_hdr(struct parse *p)
{
	free(p->hdr[0]);
	free(p->hdr[1]);
	p->hdr[0] = p->hdr[1] = NULL;
}

static int enter(struct parse *p, enum section sec, unsigned no)
{
	if (line_end(p))
		return -1;
	if (sec == SEC_TABLE) {
		p->ntbl = 0;
		cl_map_free(&p->tbl_at);
		cl_map_init(&p->tbl_at);
		p->tbl_sum = 0;
		p->any_table = true;
	}
	if (sec == SEC_PARETO) {
		p->any_pareto = true;
		p->pareto_lines = 0;
		p->pareto_no = no;
	}
	p->sec = sec;
	p->have_cols = false;
	clear_hdr(p);
	return 0;
}

/* One line of a table section (Table or Pareto). */
static int table_line(struct parse *p, const char *s, unsigned no)
{
	const char *t = skip_blank(s);

	if (*t == '#') {
		if (is_dots(s)) {
			if (read_cols(p, s, no))
				return -1;
			if (p->cols.double_cl)
				p->r->line_size = 128;
			return 0;
		}
		if (!p->have_cols && *skip_blank(t + 1))
			set_hdr(p, s);
		return 0;
	}
	if (!*t || all_of(s, '-') || all_of(s, '='))
		return p->sec == SEC_PARETO && !*t ? line_end(p) : 0;
	if (imp_is_elision(t, strlen(t))) {
		imp_stage_note(p->st, "%s:%u: rows cut out ('%s') were skipped", p->st->name, no,
			       imp_show(p->st, t, strlen(t)));
		return 0;
	}
	if (!imp_is_digit(*t)) {
		/* Prose after the table (a mail's text between two reports): it ended. */
		if (line_end(p))
			return -1;
		p->sec = SEC_NONE;
		return 0;
	}
	if (!p->have_cols)
		return imp_error(p->st, no, 0, "a row before its table's column header");
	if (p->sec == SEC_TABLE)
		return table_row(p, s, no);
	if (strchr(t, '%'))
		return p->r->nlines ? pareto_row(p, s, no)
				    : imp_error(p->st, no, 0, "a row before its cache line's header");
	if (line_end(p))
		return -1;
	return pareto_line(p, s, no);
}

static int walk(struct parse *p, const char *buf, size_t len)
{
	struct imp_lines it;
	struct imp_line l;
	int rc = 0;

	imp_lines_init(&it, buf, len);
	while (!rc && imp_lines_next(&it, &l)) {
		char *s;
		enum section sec;

		imp_unquote(&l);
		s = expand(&l);
		sec = heading(s);
		if (sec != SEC_NONE)
			rc = enter(p, sec, l.no);
		else if (p->sec == SEC_TRACE)
			trace_line(p, s);
		else if (p->sec == SEC_TABLE || p->sec == SEC_PARETO)
			rc = table_line(p, s, l.no);
		free(s);
	}
	if (!rc)
		rc = line_end(p);
	return rc;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The threads of the whole report: a thread on several code addresses counts once. */
static uint64_t distinct_tids(const struct c2c_report *r)
{
	size_t n = 0, k = 0;
	uint64_t *v, d = 0;

	for (size_t i = 0; i < r->nrows; i++)
		n += r->rows[i].ntids;
	v = cl_xmalloc((n ? n : 1) * sizeof(*v));
	for (size_t i = 0; i < r->nrows; i++)
		for (size_t t = 0; t < r->rows[i].ntids; t++)
			v[k++] = r->rows[i].tids[t];
	qsort(v, n, sizeof(*v), cmp_u64);
	for (size_t i = 0; i < n; i++)
		if (!i || v[i] != v[i - 1])
			d++;
	free(v);
	return d;
}

int c2c_parse(struct imp_stage *st, const char *buf, size_t len, struct c2c_report *r)
{
	struct parse p = { .st = st, .r = r };
	int rc;

	memset(r, 0, sizeof(*r));
	r->line_size = 64;
	rc = walk(&p, buf, len);
	if (!rc && !p.any_table && !p.any_pareto)
		rc = imp_error(st, 0, 0, "not a perf c2c report: no 'Shared Data Cache Line "
			       "Table' and no 'Shared Cache Line Distribution Pareto' (perf c2c "
			       "report --stdio prints both)");
	else if (!rc && !p.any_pareto)
		rc = imp_error(st, 0, 0, "no 'Shared Cache Line Distribution Pareto' section: "
			       "the report lists cache lines but no rows to join to members "
			       "(perf c2c report --stdio prints it unless --stats; was the output "
			       "cut short?)");
	else if (!rc && !r->nrows)
		rc = imp_error(st, p.pareto_no, 0, "the Pareto section has no rows");
	if (!rc && p.ntbl > p.pareto_lines)
		imp_stage_warn(st, p.tbl_no, CL_EVENTS_BY_NAME, "the table lists %zu cache "
			       "lines, the Pareto %zu: the rest were cut out; the import goes on "
			       "with those listed", p.ntbl, p.pareto_lines);
	if (!rc && !r->records)
		for (size_t i = 0; i < r->nrows; i++)
			r->records += r->rows[i].recs;
	if (!rc && r->has_tid)
		r->threads = distinct_tids(r);
	clear_hdr(&p);
	cl_index_free(&p.folds);
	cl_map_free(&p.tbl_at);
	free(p.tbl_addr);
	free(p.tbl_hitm);
	return rc;
}

void c2c_report_free(struct c2c_report *r)
{
	for (size_t i = 0; i < r->nrows; i++)
		free(r->rows[i].tids);
	free(r->lines);
	free(r->rows);
	memset(r, 0, sizeof(*r));
}
