// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import.c - the import every parser fills, and the profile it becomes
 *
 * Structs and members are found through indexes (core/model/hash.h): a perf
 * report of a whole kernel names tens of thousands of members, and the
 * same member comes back once per offset inside it and once per event.
 * Counts add up (saturating); classes from several tables combine to the
 * strongest, write_hot over read_mostly over cold, since a field that any
 * fast path writes is written on a hot path.
 */
#define _GNU_SOURCE	/* vasprintf */

#include "import_internal.h"
#include "model/names.h"
#include "profile/profile_keys.h"
#include "profile/yaml_writer.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const char *const kind_names[CL_IMPORT_KIND_COUNT] = {
	[CL_IMPORT_PERF_TYPEOFF] = "perf-typeoff",
	[CL_IMPORT_PERF_ANNOTATE] = "perf-annotate-data-type",
	[CL_IMPORT_NET_CACHELINES] = "net-cachelines",
	[CL_IMPORT_PERF_C2C] = "perf-c2c",
	[CL_IMPORT_PERF_SCRIPT] = "perf-script",
	[CL_IMPORT_PERF_PROFILE] = "perf-profile",
};

static const char *const path_names[CL_IMPORT_NPATHS] = {
	[CL_IMPORT_TX] = "tx",
	[CL_IMPORT_RX] = "rx",
};

const char *cl_import_path_name(enum cl_import_path path)
{
	return path < CL_IMPORT_NPATHS ? path_names[path] : "?";
}

const char *cl_import_kind_name(enum cl_import_kind kind)
{
	return kind < CL_IMPORT_KIND_COUNT ? kind_names[kind] : "?";
}

int cl_import_kind_lookup(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(kind_names); i++)
		if (!strcmp(kind_names[i], name))
			return (int)i;
	return -1;
}

static bool contains_ci(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (; *s; s++)
		if (!strncasecmp(s, word, n))
			return true;
	return false;
}

/*
 * The value of the PMU term @key in "pmu/key=v,key2=w/": 1 for a term
 * without a value, -1 when the term is not there.
 */
static long pmu_term(const char *event, const char *key)
{
	const char *open = strchr(event, '/'), *close, *p;
	size_t n = strlen(key);

	if (!open || !(close = strchr(open + 1, '/')))
		return -1;
	for (p = open + 1; p < close; p = strchr(p, ',') ? strchr(p, ',') + 1 : close) {
		if ((size_t)(close - p) < n || strncmp(p, key, n) ||
		    (p[n] != '=' && p[n] != ',' && p[n] != '/'))
			continue;
		return p[n] == '=' ? strtol(p + n + 1, NULL, 0) : 1;
	}
	return -1;
}

/*
 * Intel: "cpu/mem-loads,ldlat=30/P", "cpu_core/mem-stores/P",
 * "mem_inst_retired.all_loads"; powerpc and generic "mem-loads",
 * "L1-dcache-loads"; AMD with load latency filtering "ibs_op/ldlat=128/";
 * Arm SPE filtered by perf mem record -t load: "arm_spe_0/load_filter=1,
 * store_filter=0/".  Plain AMD IBS ("ibs_op//") and unfiltered SPE record
 * loads and stores in one event: those files need --loads or --stores
 * (perf mem record -t load / -t store).  Intel's "mem-loads-aux", the
 * group leader that hybrid CPUs need, and "dummy" count nothing.
 */
enum cl_events cl_import_event_kind(const char *event)
{
	long load_filter = pmu_term(event, "load_filter");
	long store_filter = pmu_term(event, "store_filter");
	bool load = contains_ci(event, "load") || contains_ci(event, "ldlat");
	bool store = contains_ci(event, "store");

	if (!strncmp(event, "dummy", 5) || contains_ci(event, "mem-loads-aux"))
		return CL_EVENTS_IGNORED;
	if (load_filter >= 0 || store_filter >= 0) {
		load = load_filter > 0;
		store = store_filter > 0;
	}
	if (load != store)
		return load ? CL_EVENTS_LOADS : CL_EVENTS_STORES;
	return CL_EVENTS_UNKNOWN;
}

/*
 * perf's group description, from "# Samples: … of events '…'": "a, b"
 * (perf report --group on events recorded apart), "anon group { a, b }"
 * or "NAME { a, b }" (a group recorded with -e '{a,b}'), and the command
 * line's own spelling "{a,b}".  Events are split at commas outside the
 * PMU terms between slashes ("cpu/mem-loads,ldlat=30/P").
 */
size_t imp_split_events(struct imp_stage *st, const char *s, size_t n,
			const char **names, size_t max)
{
	const char *end = s + n, *open = memchr(s, '{', n), *start;
	size_t count = 0;
	unsigned slashes = 0;

	if (open && end > open && end[-1] == '}') {
		s = open + 1;
		end--;
	}
	for (start = s; s <= end; s++) {
		const char *a = start, *b = s;

		if (s < end && (*s != ',' || slashes % 2)) {
			slashes += *s == '/';
			continue;
		}
		while (a < b && imp_is_space(*a))
			a++;
		while (b > a && imp_is_space(b[-1]))
			b--;
		if (count == max)
			return max + 1;
		names[count++] = imp_strndup(st, a, (size_t)(b - a));
		start = s + 1;
		slashes = 0;
	}
	return count;
}

/* ------------------------------------------------------------------ */
/* Lines and small parsers                                              */
/* ------------------------------------------------------------------ */

void imp_lines_init(struct imp_lines *it, const char *buf, size_t len)
{
	it->buf = buf ? buf : "";
	it->len = buf ? len : 0;
	it->pos = 0;
	it->no = 0;
}

bool imp_lines_next(struct imp_lines *it, struct imp_line *line)
{
	const char *s, *nl;
	size_t rest;

	if (it->pos >= it->len)
		return false;
	s = it->buf + it->pos;
	rest = it->len - it->pos;
	nl = memchr(s, '\n', rest);
	line->s = s;
	line->len = nl ? (size_t)(nl - s) : rest;
	it->pos += line->len + (nl != NULL);
	if (line->len && s[line->len - 1] == '\r')
		line->len--;
	line->no = ++it->no;
	line->shift = 0;
	return true;
}

unsigned imp_col_of(const struct imp_line *l, const char *p)
{
	return (unsigned)(p - l->s) + 1 + l->shift;
}

bool imp_next_token(const char **s, const char *end, const char **tok, size_t *len)
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

bool imp_unquote(struct imp_line *l)
{
	const char *p = l->s, *end = l->s + l->len, *text = NULL;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	while (p < end && *p == '>') {
		p++;
		if (p < end && *p == ' ')
			p++;
		text = p;
		while (p < end && *p == ' ' && p + 1 < end && p[1] == '>')
			p++;
	}
	if (!text)
		return false;
	l->shift += (unsigned)(text - l->s);
	l->len -= (size_t)(text - l->s);
	l->s = text;
	return true;
}

bool imp_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

bool imp_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* C identifiers, UTF-8 ones included (cl_ident_char()). */
bool imp_is_ident(const char *s, size_t n)
{
	for (size_t i = 0, len; i < n; i += len)
		if (!(len = cl_ident_char(s + i, n - i, i == 0)))
			return false;
	return n > 0;
}

bool imp_is_path(const char *s, size_t n)
{
	size_t start = 0;

	for (size_t i = 0; i <= n; i++) {
		if (i < n && s[i] != '.')
			continue;
		if (!imp_is_ident(s + start, i - start))
			return false;
		start = i + 1;
	}
	return true;
}

bool imp_starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

/*
 * What people put where they cut perf's output short: "...", "…",
 * "<snip>", "[...]", "[ snip ]" and the like, alone on a line.
 */
bool imp_is_elision(const char *s, size_t n)
{
	static const char *const marks[] = { "...", "\xe2\x80\xa6", "snip", "cut", "trimmed" };
	const char *end = s + n;

	while (s < end && imp_is_space(*s))
		s++;
	while (end > s && imp_is_space(end[-1]))
		end--;
	if (end - s >= 2 && ((*s == '<' && end[-1] == '>') || (*s == '[' && end[-1] == ']') ||
			     (*s == '(' && end[-1] == ')'))) {
		s++;
		end--;
		while (s < end && imp_is_space(*s))
			s++;
		while (end > s && imp_is_space(end[-1]))
			end--;
	}
	for (size_t i = 0; i < ARRAY_SIZE(marks); i++) {
		size_t k = strlen(marks[i]);

		if ((size_t)(end - s) == k && !strncasecmp(s, marks[i], k))
			return true;
	}
	/*
	 * A row of dots of any length ("....."), as long as it is only dots.
	 * The line need not end in a NUL: stop at @end (strspn did not).
	 */
	if (end - s >= 3) {
		const char *p = s;

		while (p < end && *p == '.')
			p++;
		if (p == end)
			return true;
	}
	return false;
}

bool imp_parse_u64(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;

	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';

		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

bool imp_parse_hundredths(const char *s, size_t n, uint64_t *out)
{
	uint64_t whole, frac = 0;
	size_t i = 0, digits = 0;

	while (i < n && imp_is_digit(s[i]))
		i++;
	if (!imp_parse_u64(s, i, &whole) || whole > 100)
		return false;
	if (i < n) {
		if (s[i++] != '.' || i == n)
			return false;
		for (; i < n; i++, digits++) {
			if (!imp_is_digit(s[i]))
				return false;
			if (digits < 2)
				frac = frac * 10 + (uint64_t)(s[i] - '0');
		}
	}
	for (; digits < 2; digits++)
		frac *= 10;
	*out = whole * 100 + frac;
	return *out <= 10000;
}

static int hex_digit(char c)
{
	if (imp_is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool imp_parse_offset(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;

	if (n < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return imp_parse_u64(s, n, out);
	for (size_t i = 2; i < n; i++) {
		int d = hex_digit(s[i]);

		if (d < 0 || v > (UINT64_MAX >> 4))
			return false;
		v = v << 4 | (unsigned)d;
	}
	*out = v;
	return true;
}

uint64_t imp_scale(uint64_t a, uint64_t b, uint64_t c)
{
	unsigned __int128 v;

	if (!c)
		return 0;
	v = ((unsigned __int128)a * b + c / 2) / c;
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* Words that are types but never structs: "int +0 (x)" names a variable. */
static const char *const base_type_words[] = {
	"void", "char", "short", "int", "long", "signed", "unsigned", "float",
	"double", "_Bool", "bool", "__int128", "_Complex",
};

bool imp_perf_anonymous(const char *type, size_t len)
{
	while (len && imp_is_space(type[len - 1]))
		len--;
	return (len == 6 && !memcmp(type, "struct", 6)) || (len == 5 && !memcmp(type, "union", 5));
}

const char *imp_perf_struct(struct imp_stage *st, const char *type, size_t len)
{
	if (imp_perf_anonymous(type, len))
		return NULL;	/* "union" alone is no typedef name */
	if (imp_starts(type, len, "struct ") && imp_is_ident(type + 7, len - 7))
		return imp_strndup(st, type + 7, len - 7);
	if (imp_starts(type, len, "union ") && imp_is_ident(type + 6, len - 6))
		return imp_strndup(st, type + 6, len - 6);
	if (!imp_is_ident(type, len))
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(base_type_words); i++)
		if (strlen(base_type_words[i]) == len && !memcmp(type, base_type_words[i], len))
			return NULL;
	return imp_strndup(st, type, len);
}

void imp_anonymous_note(struct imp_stage *st, const char *what, const char *example)
{
	if (!st->said.anonymous)
		return;
	imp_stage_note(st, "%s: left out %zu %s%s of anonymous structs or unions (such as '%s'): "
		       "a type without a name has no name to key a profile (give it a tag or "
		       "a typedef)", st->name, st->said.anonymous, what, st->said.anonymous == 1 ? "" : "s",
		       example);
}

void imp_text_notes(struct imp_stage *st, size_t elided, size_t quoted)
{
	if (elided)
		imp_stage_note(st, "%s: skipped %zu %s marking rows cut out (such as "
			       "'...' or '<snip>'): what they stood for is not counted", st->name,
			       elided, elided == 1 ? "line" : "lines");
	if (quoted)
		imp_stage_note(st, "%s: read %zu %s quoted as in a mail ('> ')", st->name,
			       quoted, quoted == 1 ? "line" : "lines");
}

/* ------------------------------------------------------------------ */
/* Stages                                                               */
/* ------------------------------------------------------------------ */

void imp_stage_init(struct imp_stage *st, struct cl_import *imp, const char *name,
		    struct cl_diag *err)
{
	memset(st, 0, sizeof(*st));
	st->imp = imp;
	st->name = cl_arena_strdup(&imp->arena, name);
	st->err = err;
}

const char *imp_strndup(struct imp_stage *st, const char *s, size_t n)
{
	return cl_arena_strndup(&st->imp->arena, s, n);
}

const char *imp_show(struct imp_stage *st, const char *s, size_t n)
{
	char buf[57 * 4 + 4];
	const char *text = imp_strndup(st, s, n);

	return cl_arena_strdup(&st->imp->arena, cl_name_show(buf, 57, text, true));
}

static const char *vformat(struct imp_stage *st, const char *fmt, va_list ap)
{
	char *s;
	const char *copy;

	if (vasprintf(&s, fmt, ap) < 0)
		return "?";
	copy = cl_arena_strdup(&st->imp->arena, s);
	free(s);
	return copy;
}

void imp_stage_source(struct imp_stage *st, const char *fmt, ...)
{
	va_list ap;
	const char **slot = cl_vec_push(&st->said.sources, &st->said.nsources, &st->said.sources_cap);

	va_start(ap, fmt);
	*slot = vformat(st, fmt, ap);
	va_end(ap);
}

void imp_stage_note(struct imp_stage *st, const char *fmt, ...)
{
	va_list ap;
	const char **slot = cl_vec_push(&st->said.notes, &st->said.nnotes, &st->said.notes_cap);

	va_start(ap, fmt);
	*slot = vformat(st, fmt, ap);
	va_end(ap);
}

void imp_stage_warn(struct imp_stage *st, unsigned line, enum cl_events partial_kind,
		    const char *fmt, ...)
{
	va_list ap;
	const char **slot = cl_vec_push(&st->said.warnings, &st->said.nwarnings,
					&st->said.warnings_cap);
	const char *msg;

	va_start(ap, fmt);
	msg = vformat(st, fmt, ap);
	va_end(ap);
	*slot = line ? cl_arena_printf(&st->imp->arena, "%s:%u: %s", st->name, line, msg) :
		       cl_arena_printf(&st->imp->arena, "%s: %s", st->name, msg);
	st->said.loads_partial |= partial_kind == CL_EVENTS_LOADS ||
				  partial_kind == CL_EVENTS_BY_NAME;
	st->said.stores_partial |= partial_kind == CL_EVENTS_STORES ||
				   partial_kind == CL_EVENTS_BY_NAME;
}

int imp_error(struct imp_stage *st, unsigned line, unsigned col, const char *fmt, ...)
{
	char msg[sizeof(st->err->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	cl_diag_set(st->err, st->name, line, col, "%s", msg);
	return -1;
}

void imp_stage_add(struct imp_stage *st, const struct imp_row *row)
{
	*(struct imp_row *)cl_vec_push(&st->rows, &st->nrows, &st->cap) = *row;
}

/* ------------------------------------------------------------------ */
/* The import                                                           */
/* ------------------------------------------------------------------ */

void cl_import_init(struct cl_import *imp)
{
	memset(imp, 0, sizeof(*imp));
	cl_arena_init(&imp->arena);
}

static void said_free(struct cl_import_said *said)
{
	free(said->sources);
	free(said->notes);
	free(said->warnings);
}

void cl_import_free(struct cl_import *imp)
{
	for (size_t i = 0; i < imp->nstructs; i++) {
		free(imp->structs[i].members);
		cl_index_free(&imp->structs[i].index);
	}
	free(imp->structs);
	cl_index_free(&imp->index);
	said_free(&imp->said);
	cl_arena_free(&imp->arena);
	cl_import_init(imp);
}

size_t cl_import_count(const struct cl_import *imp)
{
	size_t n = 0;

	for (size_t i = 0; i < imp->nstructs; i++)
		n += imp->structs[i].nmembers;
	return n;
}

static uint64_t struct_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_import *)ctx)->structs[i].name);
}

static bool struct_eq(const void *ctx, size_t i, const void *name)
{
	return !strcmp(((const struct cl_import *)ctx)->structs[i].name, name);
}

static uint64_t member_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_import_struct *)ctx)->members[i].path);
}

static bool member_eq(const void *ctx, size_t i, const void *path)
{
	return !strcmp(((const struct cl_import_struct *)ctx)->members[i].path, path);
}

static struct cl_import_struct *import_struct(struct cl_import *imp, const char *name)
{
	size_t *slot;
	struct cl_import_struct *s;

	cl_index_reserve(&imp->index, imp->nstructs + 1, struct_hash, imp);
	slot = cl_index_slot(&imp->index, cl_hash_str(name), struct_eq, imp, name);
	if (*slot)
		return &imp->structs[*slot - 1];
	s = cl_vec_push(&imp->structs, &imp->nstructs, &imp->cap);
	s->name = name;
	*slot = imp->nstructs;
	return s;
}

static struct cl_import_member *import_member(struct cl_import_struct *s, const char *path)
{
	size_t *slot;
	struct cl_import_member *m;

	cl_index_reserve(&s->index, s->nmembers + 1, member_hash, s);
	slot = cl_index_slot(&s->index, cl_hash_str(path), member_eq, s, path);
	if (*slot)
		return &s->members[*slot - 1];
	m = cl_vec_push(&s->members, &s->nmembers, &s->cap);
	m->path = path;
	*slot = s->nmembers;
	return m;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Add what @row says of a member to what earlier rows said of it. */
static void import_row(struct cl_import *imp, const struct imp_row *row)
{
	const struct cl_import_member *r = &row->m;
	struct cl_import_member *m = import_member(import_struct(imp, row->st), r->path);

	m->reads = add_sat(m->reads, r->reads);
	m->writes = add_sat(m->writes, r->writes);
	m->has_reads |= r->has_reads;
	m->has_writes |= r->has_writes;
	/* NONE < COLD < READ_MOSTLY < WRITE_HOT: the strongest claim wins. */
	if (r->cls > m->cls)
		m->cls = r->cls;
	if (r->has_offset && (!m->has_offset || r->offset < m->offset)) {
		m->offset = r->offset;
		m->has_offset = true;
	}
	if (r->comment && !m->comment)
		m->comment = r->comment;
	/* A path that one table reads on and another writes on does both. */
	if (r->has_uses) {
		for (size_t i = 0; i < CL_IMPORT_NPATHS; i++)
			m->uses[i] |= r->uses[i];
		m->has_uses = true;
	}
	if (r->from && !m->from)
		m->from = r->from;
}

static void list_append(const char ***v, size_t *n, size_t *cap, const char **add,
			size_t nadd)
{
	for (size_t i = 0; i < nadd; i++)
		*(const char **)cl_vec_push(v, n, cap) = add[i];
}

static void said_add(struct cl_import_said *to, const struct cl_import_said *from)
{
	list_append(&to->sources, &to->nsources, &to->sources_cap, from->sources,
		    from->nsources);
	list_append(&to->notes, &to->nnotes, &to->notes_cap, from->notes, from->nnotes);
	list_append(&to->warnings, &to->nwarnings, &to->warnings_cap, from->warnings,
		    from->nwarnings);
	to->loads |= from->loads;
	to->stores |= from->stores;
	to->loads_partial |= from->loads_partial;
	to->stores_partial |= from->stores_partial;
	to->samples |= from->samples;
	to->function_level |= from->function_level;
	to->anonymous += from->anonymous;
}

int imp_stage_finish(struct imp_stage *st, int rc)
{
	struct cl_import *imp = st->imp;

	if (!rc) {
		for (size_t i = 0; i < st->nrows; i++)
			import_row(imp, &st->rows[i]);
		said_add(&imp->said, &st->said);
	}
	free(st->rows);
	said_free(&st->said);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The profile                                                          */
/* ------------------------------------------------------------------ */

static const char *class_word(enum cl_class cls)
{
	switch (cls) {
	case CL_CLASS_READ_MOSTLY:
		return "read_mostly";
	case CL_CLASS_WRITE_HOT:
		return "write_hot";
	default:
		return "cold";
	}
}

/* "write: [tx, rx]": the paths whose uses have @flag, if any. */
static bool put_path_list(struct cl_yw *w, const char *key, const struct cl_import_member *m,
			  uint32_t flag)
{
	bool any = false;

	for (size_t i = 0; i < CL_IMPORT_NPATHS; i++) {
		if (!(m->uses[i] & flag))
			continue;
		if (!any) {
			cl_yw_word(w, key);
			cl_yw_seq(w, true);
		}
		cl_yw_word(w, cl_import_path_name((enum cl_import_path)i));
		any = true;
	}
	if (any)
		cl_yw_seq_end(w);
	return any;
}

/*
 * {read: [tx, rx], write: [rx], from: "tcp_sock.rst:57"}: the paths as a
 * table gives them; a member accessed on none of them is cold.
 */
static void put_uses(struct cl_yw *w, const struct cl_import_member *m)
{
	bool read, write;

	cl_yw_map(w, true);
	read = put_path_list(w, "read", m, CL_USE_READ);
	write = put_path_list(w, "write", m, CL_USE_WRITE);
	if (!read && !write) {
		cl_yw_word(w, CL_KEY_CLASS);
		cl_yw_word(w, "cold");
	}
	if (m->from && cl_name_plain(m->from)) {
		cl_yw_key_quoted(w, CL_KEY_FROM, m->from);
	} else if (m->from) {
		/* a table's name is the user's: what does not print is written as \xNN */
		struct cl_arena a;

		cl_arena_init(&a);
		cl_yw_key_quoted(w, CL_KEY_FROM, cl_name_escape(&a, m->from));
		cl_arena_free(&a);
	}
	cl_yw_map_end(w);
}

/*
 * Whether a member gets a count of one kind: a row of that kind named it
 * (@listed), or the inputs measured that kind (@said) whole (not
 * @partial), so that a member they do not name had none.  A loads-only
 * file says nothing about writes, and a report of its top rows nothing
 * about the members it does not list: "writes: 0" would claim that none
 * were seen.  Inputs that measured neither kind (every event ignored)
 * keep both, as they always did.
 */
static bool put_count(bool listed, bool said, bool partial, bool other_said)
{
	return listed || (said && !partial) || (!said && !other_said);
}

/* {class: C, reads: N, writes: M}, leaving out a count the inputs never measured. */
static void put_counts(struct cl_yw *w, const struct cl_import *imp,
		       const struct cl_import_member *m)
{
	const struct cl_import_said *s = &imp->said;

	cl_yw_map(w, true);
	if (m->cls != CL_CLASS_NONE) {
		cl_yw_word(w, CL_KEY_CLASS);
		cl_yw_word(w, class_word(m->cls));
	}
	if (put_count(m->has_reads, s->loads, s->loads_partial, s->stores))
		cl_yw_key_u64(w, CL_KEY_READS, m->reads);
	if (put_count(m->has_writes, s->stores, s->stores_partial, s->loads))
		cl_yw_key_u64(w, CL_KEY_WRITES, m->writes);
	/* function-level counts name their functions, which findings then show */
	if (s->function_level && m->from)
		cl_yw_key_quoted(w, CL_KEY_FROM, m->from);
	cl_yw_map_end(w);
}

/* "    path: value  # comment": the emitter writes the entry, we the comment. */
static int put_member(FILE *out, const struct cl_import *imp, const struct cl_import_member *m)
{
	struct cl_yw *w = cl_yw_open_fragment();

	cl_yw_map(w, false);
	cl_yw_key(w, m->path);
	if (m->has_uses)
		put_uses(w, m);
	else if (m->reads || m->writes || m->cls == CL_CLASS_NONE)
		put_counts(w, imp, m);
	else
		cl_yw_word(w, class_word(m->cls));
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "    ", m->comment);
}

static int by_offset(const void *x, const void *y)
{
	const struct cl_import_member *a = *(const struct cl_import_member *const *)x;
	const struct cl_import_member *b = *(const struct cl_import_member *const *)y;

	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	/* Stable: first seen first. */
	return a < b ? -1 : a > b;
}

/* "  name:" and its members, indented below it. */
static int put_struct(FILE *out, const struct cl_import *imp, const struct cl_import_struct *s)
{
	const struct cl_import_member **order = cl_xmalloc((s->nmembers + 1) * sizeof(*order));
	struct cl_yw *w = cl_yw_open_fragment();
	bool sorted = true;
	int rc;

	for (size_t i = 0; i < s->nmembers; i++) {
		order[i] = &s->members[i];
		sorted &= s->members[i].has_offset;
	}
	if (sorted)
		qsort(order, s->nmembers, sizeof(*order), by_offset);
	cl_yw_map(w, false);
	cl_yw_key(w, s->name);
	cl_yw_empty(w);
	cl_yw_map_end(w);
	rc = cl_yw_close_fragment(w, out, "  ", NULL);
	for (size_t i = 0; i < s->nmembers && !rc; i++)
		rc = put_member(out, imp, order[i]);
	free(order);
	return rc;
}

int cl_import_write(FILE *out, const struct cl_import *imp, enum cl_import_kind kind)
{
	struct cl_yw *w;
	int rc;

	fprintf(out, "# Generated by `cachelint import %s` from:\n", cl_import_kind_name(kind));
	for (size_t i = 0; i < imp->said.nsources; i++)
		cl_yw_comment(out, "#   ", imp->said.sources[i]);
	if (kind == CL_IMPORT_NET_CACHELINES)
		fputs("# Each fast-path column is a path: read_mostly on it is read, read_write\n"
		      "# read and written, write_mostly written, '-' not accessed; a field on\n"
		      "# neither path is cold.  from: is the table line of each entry.\n", out);
	else if (imp->said.function_level)
		fputs("# Function-level: each count is a function's share of the cycles, in\n"
		      "# hundredths of a percent, given to every member the access map says the\n"
		      "# function reads (reads) or writes (writes), whether the time went there\n"
		      "# or not; from: names the functions.  cachelint infers the classes from\n"
		      "# their shares, and no floor of min-accesses applies (docs/importers.md).\n",
		      out);
	else if (imp->said.samples)
		fputs("# Counts are perf samples of loads (reads) and stores (writes), each\n"
		      "# standing for many accesses: cachelint infers the classes from their\n"
		      "# shares, and no floor of min-accesses applies (docs/profiles.md).\n", out);
	else
		fputs("# Counts are load (reads) and store (writes) events; cachelint infers\n"
		      "# the classes from them (docs/profiles.md, thresholds).\n", out);
	w = cl_yw_open_fragment();
	cl_yw_map(w, false);
	cl_yw_key_u64(w, CL_KEY_CACHELINT_PROFILE, 1);
	if (imp->said.samples) {
		cl_yw_word(w, CL_KEY_COUNTS);
		cl_yw_word(w, "samples");
	}
	cl_yw_word(w, CL_KEY_STRUCTS);
	cl_yw_empty(w);
	cl_yw_map_end(w);
	rc = cl_yw_close_fragment(w, out, "", NULL);
	for (size_t i = 0; i < imp->nstructs && !rc; i++)
		if (imp->structs[i].nmembers)
			rc = put_struct(out, imp, &imp->structs[i]);
	return rc || ferror(out) ? -1 : 0;
}
