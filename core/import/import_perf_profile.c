// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_perf_profile.c - the kernel test robot's perf-profile lines
 * joined to the members their functions touch (docs/importers.md,
 * "perf-profile"; docs/kernel.md)
 *
 * Every robot report publishes where the cycles went, before and after
 * the commit it bisected:
 *
 *	      0.82 ±  4%      +0.5        1.30 ±  3%  perf-profile.self.cycles-pp.page_counter_try_charge
 *
 * (base, its stddev, the change, patched, its stddev), or one report's
 * column alone.  A function's self share is the time spent in its own code,
 * the helpers inlined into it included; the access map lists the members
 * that code reads and writes (the function column), and each gets the
 * whole share: the profile is function-level, and says so.
 */
#include <stdlib.h>
#include <string.h>

#include "import_c2c.h"

#define PP_PREFIX "perf-profile."

enum pp_kind { PP_SELF, PP_CHILDREN, PP_CALLTRACE, PP_OTHER };

/**
 * struct pp_line - one function's line of the report
 * @no: its input line
 * @kind: self or children
 * @func: the function
 * @share: its share of the cycles, hundredths of a percent
 */
struct pp_line {
	unsigned no;
	enum pp_kind kind;
	const char *func;
	uint64_t share;
};

/* "perf-profile.self.cycles-pp.FUNC": the kind, and FUNC in @func. */
static enum pp_kind metric_kind(const char *s, size_t n, const char **func, size_t *flen)
{
	static const struct { const char *word; enum pp_kind kind; } kinds[] = {
		{ "self.", PP_SELF }, { "children.", PP_CHILDREN }, { "calltrace.", PP_CALLTRACE },
	};
	const char *p = s + strlen(PP_PREFIX), *end = s + n, *dot;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		size_t k = strlen(kinds[i].word);

		if ((size_t)(end - p) <= k || strncmp(p, kinds[i].word, k))
			continue;
		/* the event ("cycles-pp") ends at the next dot */
		dot = memchr(p + k, '.', (size_t)(end - p - (ptrdiff_t)k));
		if (!dot || dot + 1 == end)
			return PP_OTHER;
		*func = dot + 1;
		*flen = (size_t)(end - dot - 1);
		return kinds[i].kind;
	}
	return PP_OTHER;
}

static bool is_stddev_mark(const char *s, size_t n)
{
	return n >= 2 && (unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xb1;
}

/*
 * The values of a line before its metric: "0.82 ± 4% +0.5 1.30 ± 3%" is
 * base 0.82, patched 1.30 (the stddevs and the change left out); "3.45" one
 * report's.  After it: "metric: 3.45" or JSON's "metric": [3.45].  Returns
 * how many (at most 2), -1 at a value that is no percentage.
 */
static int line_values(const char *s, const char *metric, const char *mend, const char *end,
		       uint64_t v[2], const char **bad)
{
	const char *tok, *p = s;
	size_t len;
	int n = 0;
	bool skip = false;

	while (p < metric && imp_next_token(&p, metric, &tok, &len)) {
		if (is_stddev_mark(tok, len)) {
			skip = len == 2;	/* "± 4%" or "±4%" */
			continue;
		}
		if (skip || tok[0] == '+' || tok[0] == '-') {
			skip = false;
			continue;
		}
		if (n == 2 || !imp_parse_hundredths(tok, len, &v[n])) {
			*bad = tok;
			return -1;
		}
		n++;
	}
	if (n)
		return n;
	for (p = mend; p < end; p++) {
		if (!imp_is_digit(*p))
			continue;
		for (tok = p; p < end && (imp_is_digit(*p) || *p == '.'); p++)
			;
		if (!imp_parse_hundredths(tok, (size_t)(p - tok), &v[0])) {
			*bad = tok;
			return -1;
		}
		return 1;
	}
	return 0;
}

/**
 * struct pp_report - the lines read
 * @v, @n, @cap: the self and children lines
 * @calltrace: calltrace lines (not read: a call chain's share)
 * @other: other perf-profile lines
 */
struct pp_report {
	struct pp_line *v;
	size_t n, cap;
	size_t calltrace, other;
};

/* A C function's name, or a GCC clone's ("charge.isra.0", "f.cold"). */
static bool is_function(const char *s, size_t n)
{
	size_t base = 0;

	/* @s is not NUL-terminated at @n: a line of the report, in its buffer */
	while (base < n && s[base] != '.')
		base++;
	if (!imp_is_ident(s, base))
		return false;
	for (size_t i = base; i < n; i++)
		if (s[i] != '.' && s[i] != '_' && !imp_is_digit(s[i]) &&
		    !((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z'))
			return false;
	return true;
}

static int pp_line_read(struct imp_stage *st, const struct imp_line *l, enum cl_profile_side side,
			struct pp_report *r)
{
	const char *end = l->s + l->len, *m = NULL, *mend, *func = NULL, *bad = NULL;
	size_t flen = 0;
	uint64_t v[2];
	enum pp_kind kind;
	int n;

	for (const char *p = l->s; p + strlen(PP_PREFIX) <= end && !m; p++)
		if (!strncmp(p, PP_PREFIX, strlen(PP_PREFIX)) &&
		    (p == l->s || !imp_is_path(p - 1, 1)))
			m = p;
	if (!m)
		return 0;
	for (mend = m; mend < end && !imp_is_space(*mend) && *mend != '"' && *mend != ':'; mend++)
		;
	kind = metric_kind(m, (size_t)(mend - m), &func, &flen);
	if (kind == PP_CALLTRACE || kind == PP_OTHER) {
		r->calltrace += kind == PP_CALLTRACE;
		r->other += kind == PP_OTHER;
		return 0;
	}
	n = line_values(l->s, m, mend, end, v, &bad);
	if (n < 0) {
		/* the word up to a blank or the line's end: a line is no string */
		const char *e = bad;

		while (e < end && *e != ' ' && *e != '\t')
			e++;
		return imp_error(st, l->no, imp_col_of(l, bad), "'%s' is no percentage of the "
				 "cycles (a perf-profile value is 0.00 to 100.00)",
				 imp_show(st, bad, (size_t)(e - bad)));
	}
	if (!n)
		return imp_error(st, l->no, imp_col_of(l, m), "a perf-profile line without its "
				 "value");
	if (n == 2 && side == CL_SIDE_ONE)
		return imp_error(st, l->no, 1, "a comparison's line (a base and a patched "
				 "column): say which with --side base or --side patched");
	if (n == 1 && side != CL_SIDE_ONE)
		return imp_error(st, l->no, 1, "one report's line (a single column): --side is for "
				 "a comparison's base and patched columns");
	if (!is_function(func, flen))
		return imp_error(st, l->no, imp_col_of(l, func), "'%s' is no function name",
				 imp_show(st, func, flen));
	struct pp_line *pl = cl_vec_push(&r->v, &r->n, &r->cap);

	pl->no = l->no;
	pl->kind = kind;
	pl->func = imp_strndup(st, func, flen);
	pl->share = n == 2 && side == CL_SIDE_PATCHED ? v[1] : v[0];
	return 0;
}

static int pp_parse(struct imp_stage *st, const char *buf, size_t len, enum cl_profile_side side,
		    struct pp_report *r)
{
	struct imp_lines it;
	struct imp_line l;
	size_t quoted = 0;

	memset(r, 0, sizeof(*r));
	imp_lines_init(&it, buf, len);
	while (imp_lines_next(&it, &l)) {
		quoted += imp_unquote(&l);
		if (pp_line_read(st, &l, side, r))
			return -1;
	}
	if (!r->n)
		return imp_error(st, 0, 0, "no perf-profile.self.* or perf-profile.children.* line: "
				 "not a kernel test robot report's perf-profile section%s",
				 r->calltrace ? " (its calltrace lines are call chains, not "
						"functions' own shares)" : "");
	imp_text_notes(st, 0, quoted);
	return 0;
}

/* GCC's clones ("f.constprop.0", "f.part.0", "f.isra.0", "f.cold") are f's lines. */
static size_t plain_len(const char *func)
{
	return strcspn(func, ".");
}

/**
 * struct pp_member - the functions' shares of one member
 * @al: its first map line (record, member, offset)
 * @reads, @writes: the shares of the functions that read (write) it
 * @from: "function-level: f 3.45%, g 1.20%"
 */
struct pp_member {
	const struct cl_access_line *al;
	uint64_t reads, writes;
	const char *from;
};

static struct pp_member *member_of(struct pp_member **v, size_t *n, size_t *cap,
				   const struct cl_access_line *al)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*v)[i].al->member, al->member) &&
		    !strcmp((*v)[i].al->record, al->record))
			return &(*v)[i];
	struct pp_member *m = cl_vec_push(v, n, cap);

	m->al = al;
	return m;
}

/*
 * An inlined helper's access is in the map as its own type's member
 * (atomic_long_t's counter) and as the caller's (page_counter's
 * usage.counter) on one line: the function touched the latter.  @fn: the
 * function's lines.
 */
static bool inner_of_outer(const struct cl_access_line *const *fn, size_t n,
			   const struct cl_access_line *al)
{
	size_t ml = strlen(al->member);

	for (size_t i = 0; i < n; i++) {
		const struct cl_access_line *o = fn[i];
		size_t ol = strlen(o->member);

		if (o->line == al->line && o->size == al->size && ol > ml + 1 &&
		    o->member[ol - ml - 1] == '.' && !strcmp(o->member + ol - ml, al->member) &&
		    !strcmp(o->file, al->file))
			return true;
	}
	return false;
}

/* Each member function @pl's lines touch gets its share, once per kind. */
static bool pp_join_one(struct imp_stage *st, const struct cl_access_map *map,
			const struct pp_line *pl, struct pp_member **v, size_t *n, size_t *cap)
{
	size_t fl = plain_len(pl->func), nfn = 0, fcap = 0, nk = 0, kcap = 0;
	const struct cl_access_line **fn = NULL;
	unsigned *kinds = NULL;

	for (size_t i = 0; i < map->n; i++)
		if (strlen(map->v[i].function) == fl && !strncmp(map->v[i].function, pl->func, fl))
			*(const struct cl_access_line **)cl_vec_push(&fn, &nfn, &fcap) = &map->v[i];
	for (size_t i = 0; i < nfn; i++) {
		struct pp_member *m;

		if (inner_of_outer(fn, nfn, fn[i]))
			continue;
		m = member_of(v, n, cap, fn[i]);
		while (nk < *n)
			*(unsigned *)cl_vec_push(&kinds, &nk, &kcap) = 0;
		kinds[m - *v] |= fn[i]->kind;
	}
	for (size_t i = 0; i < nk; i++) {
		struct pp_member *m = &(*v)[i];

		if (!kinds[i])
			continue;
		if (kinds[i] & CL_ACCESS_READ)
			m->reads += pl->share;
		if (kinds[i] & CL_ACCESS_WRITE)
			m->writes += pl->share;
		m->from = cl_arena_printf(&st->imp->arena, "%s%s %s %llu.%02llu%%",
					  m->from ? m->from : "function-level:", m->from ? "," : "",
					  pl->func, (unsigned long long)pl->share / 100,
					  (unsigned long long)pl->share % 100);
	}
	free(kinds);
	free(fn);
	return nfn > 0;
}

static void pp_unresolved(struct imp_stage *st, const struct pp_line *pl, struct cl_c2c *u,
			  const char *why)
{
	size_t k;

	u->unresolved++;
	for (k = 0; k < u->nreasons && strcmp(u->reason[k], why); k++)
		;
	if (k == u->nreasons && k < CL_C2C_REASONS)
		u->reason[u->nreasons++] = why;
	if (k < CL_C2C_REASONS)
		u->reason_rows[k]++;
	*(const char **)cl_vec_push(&u->why, &u->nwhy, &u->why_cap) =
		cl_arena_printf(&st->imp->arena, "%s:%u: %s: %s", st->name, pl->no, pl->func, why);
}

static void pp_join(struct imp_stage *st, const struct pp_report *r,
		    const struct cl_access_map *map, enum cl_profile_side side, struct cl_c2c *u)
{
	struct pp_member *v = NULL;
	size_t n = 0, cap = 0, self = 0, used = 0;
	enum pp_kind kind;

	for (size_t i = 0; i < r->n; i++)
		self += r->v[i].kind == PP_SELF;
	kind = self ? PP_SELF : PP_CHILDREN;
	for (size_t i = 0; i < r->n; i++) {
		const struct pp_line *pl = &r->v[i];

		if (pl->kind != kind || !pl->share)
			continue;
		used++;
		if (!pp_join_one(st, map, pl, &v, &n, &cap))
			pp_unresolved(st, pl, u, map->n ? "no line of the access map is in that "
				      "function (build its unit with "
				      "-fplugin-arg-cachelint-access-map=DIR/)" :
				      "the access maps given have no line");
	}
	u->rows += used;
	for (size_t i = 0; i < n; i++) {
		struct imp_row row = { 0 };

		row.st = v[i].al->record;
		row.m.path = v[i].al->member;
		row.m.reads = v[i].reads;
		row.m.writes = v[i].writes;
		row.m.has_reads = row.m.has_writes = true;
		row.m.offset = v[i].al->offset;
		row.m.has_offset = true;
		row.m.cls = CL_CLASS_NONE;
		row.m.from = v[i].from;
		imp_stage_add(st, &row);
	}
	free(v);
	if (self && self < r->n)
		imp_stage_note(st, "%s: read the %zu perf-profile.self lines; left out %zu "
			       "children lines (a function's share with its callees')", st->name,
			       self, r->n - self);
	if (!self)
		imp_stage_note(st, "%s: no perf-profile.self line: read the children lines, each "
			       "a function's share with its callees'", st->name);
	st->said.loads = st->said.stores = true;
	st->said.samples = true;
	st->said.function_level = true;
	imp_stage_source(st, "%s (kernel test robot perf-profile%s: %zu %s lines with a share%s)",
			 st->name, side == CL_SIDE_BASE ? ", base side" :
			 side == CL_SIDE_PATCHED ? ", patched side" : "", used,
			 self ? "self" : "children",
			 r->calltrace ? "; calltrace lines left out" : "");
}

int cl_import_perf_profile(struct cl_import *imp, const char *name, const char *buf, size_t len,
			   const struct cl_access_map *map, enum cl_profile_side side,
			   struct cl_c2c *unres, struct cl_diag *err)
{
	struct imp_stage st;
	struct pp_report r;
	int rc;

	imp_stage_init(&st, imp, name, err);
	rc = pp_parse(&st, buf, len, side, &r);
	if (!rc)
		pp_join(&st, &r, map, side, unres);
	free(r.v);
	return imp_stage_finish(&st, rc);
}
