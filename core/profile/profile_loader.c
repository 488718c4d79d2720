// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_loader.c - the profile loader's reading tools (profile_loader.h):
 * libyaml's events one at a time, errors at file:line:col, scalars and
 * numbers, mappings with their duplicate keys refused, tables of fixed keys
 *
 * Every part of a profile is read with these: the top level and the
 * structs (profile_schema.c), objects: (profile_objects.c), contention:
 * (contention_read.c), lines: (profile_budgets.c).  None of them calls
 * back into the files that use it.
 */
#define _POSIX_C_SOURCE 200809L

#include "access_profile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

#include "model/names.h"
#include "model/paths.h"
#include "profile_loader.h"
#include "model/rules.h"

/**
 * struct keyset - the keys seen so far in one YAML mapping
 * @index: @keys by name
 * @keys: where each key is in @pool, and the 1-based line of its first
 *        occurrence
 * @n: number of @keys
 * @cap: allocated @keys
 * @pool: the keys, NUL-terminated; @keys hold offsets because it moves
 * @pool_len: bytes used in @pool
 * @pool_cap: bytes allocated for @pool
 *
 * There is one per open mapping with fixed keys or suppressions, and it
 * dies with the mapping.  Struct and member keys, which can run to
 * millions, are checked through the indexes that hold them anyway.
 */
struct keyset {
	struct cl_index index;
	struct { size_t off; unsigned line; } *keys;
	size_t n, cap;
	char *pool;
	size_t pool_len, pool_cap;
};

static bool keyset_eq(const void *ctx, size_t i, const void *key)
{
	const struct keyset *ks = ctx;

	return !strcmp(ks->pool + ks->keys[i].off, key);
}

static uint64_t keyset_hash(const void *ctx, size_t i)
{
	const struct keyset *ks = ctx;

	return cl_hash_str(ks->pool + ks->keys[i].off);
}

/* Record @key, seen at @line: 0 when it is new, else the line of the first. */
static unsigned keyset_add(struct keyset *ks, const char *key, unsigned line)
{
	size_t len = strlen(key) + 1;
	size_t *slot = cl_index_add(&ks->index, ks->n, cl_hash_str(key), keyset_eq,
				    keyset_hash, ks, key);

	if (*slot)
		return ks->keys[*slot - 1].line;
	ks->pool = cl_vec_grow(ks->pool, &ks->pool_cap, ks->pool_len + len, 1);
	memcpy(ks->pool + ks->pool_len, key, len);
	cl_vec_push(&ks->keys, &ks->n, &ks->cap)->off = ks->pool_len;
	ks->keys[ks->n - 1].line = line;
	ks->pool_len += len;
	*slot = ks->n;
	return 0;
}

static void keyset_free(struct keyset *ks)
{
	cl_index_free(&ks->index);
	free(ks->keys);
	free(ks->pool);
}

/* ------------------------------------------------------------------ */
/* The loader                                                           */
/* ------------------------------------------------------------------ */


/*
 * @s for a message, quoted with ': valid UTF-8 as itself, control
 * characters, DEL, bytes that are not UTF-8 and ' itself as \xNN.
 */
const char *ld_show(char buf[SHOW_MAX], const char *s)
{
	return cl_name_show(buf, SHOW_CHARS, s, true);
}

/* ------------------------------------------------------------------ */
/* Keys longer than libyaml's limit                                     */

/*
 * libyaml gives up on a simple key ("key: value") when more than 1024
 * characters lie between the start of the key and its ':'.  It then reads
 * the key as a plain scalar: the schema sees a scalar where it expects a
 * mapping, or libyaml itself fails a few tokens later.  Either way the
 * error is on the key's line, so that line is read again and looked at.
 */
#define SIMPLE_KEY_MAX 1024

/* Line @line (1-based) of a file input, or NULL (a pipe cannot be read again). */
static char *file_line(FILE *f, unsigned line, size_t *len)
{
	char *text = NULL;
	size_t cap = 0;
	ssize_t n = -1;

	if (fseek(f, 0, SEEK_SET))
		return NULL;
	clearerr(f);
	for (unsigned i = 0; i < line; i++) {
		n = getline(&text, &cap, f);
		if (n < 0) {
			free(text);
			return NULL;
		}
	}
	*len = (size_t)n;
	return text;
}

/* Line @line of the input, malloc()ed, or NULL when it cannot be read again. */
static char *input_line(const struct loader *ld, unsigned line, size_t *len)
{
	const char *s = ld->buf, *end = ld->buf + ld->buflen, *nl;
	char *text;

	if (ld->file)
		return file_line(ld->file, line, len);
	if (!s || !line)
		return NULL;
	for (unsigned i = 1; i < line; i++) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (!nl)
			return NULL;
		s = nl + 1;
	}
	nl = memchr(s, '\n', (size_t)(end - s));
	*len = (size_t)((nl ? nl : end) - s);
	text = cl_xmalloc(*len + 1);
	memcpy(text, s, *len);
	text[*len] = '\0';
	return text;
}

/* Past the quoted scalar that starts at @s[i], or @n when it does not end. */
static size_t skip_quoted(const char *s, size_t i, size_t n)
{
	char q = s[i++];

	for (; i < n; i++) {
		if (q == '"' && s[i] == '\\')
			i++;
		else if (s[i] == q && q == '\'' && i + 1 < n && s[i + 1] == '\'')
			i++;
		else if (s[i] == q)
			return i + 1;
	}
	return n;
}

static bool blank_at(const char *s, size_t i, size_t n)
{
	return i >= n || s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n';
}

/* Characters (UTF-8 code points, as libyaml counts) in [s, s + n). */
static size_t utf8_chars(const char *s, size_t n)
{
	size_t c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xc0) != 0x80;
	return c;
}

/*
 * The first key on the line [s, s + n) with more than SIMPLE_KEY_MAX
 * characters before its ':': its 1-based column and its length in
 * characters.  Keys start after the indentation, after '{', '[', ',' and
 * after the indicators "? " and "- ".
 */
static bool long_key(const char *s, size_t n, unsigned *col, size_t *chars)
{
	size_t i = 0, start = 0;
	bool in_key = false;

	while (i < n) {
		char c = s[i];

		if (!in_key) {
			if (c == ' ' || c == '\t' || c == '{' || c == '[' || c == ',' ||
			    ((c == '?' || c == '-') && blank_at(s, i + 1, n))) {
				i++;
				continue;
			}
			if (c == '#' || c == '\r' || c == '\n')
				return false;
			in_key = true;
			start = i;
		}
		if ((c == '"' || c == '\'') && i == start) {
			i = skip_quoted(s, i, n);
			continue;
		}
		if (c == ':' && (blank_at(s, i + 1, n) || s[i + 1] == ',' || s[i + 1] == '}' ||
				 (i > start && (s[i - 1] == '"' || s[i - 1] == '\'')))) {
			size_t before = utf8_chars(s + start, i - start);

			if (before > SIMPLE_KEY_MAX) {
				size_t end = i;

				while (end > start && (s[end - 1] == ' ' || s[end - 1] == '\t'))
					end--;
				*col = (unsigned)utf8_chars(s, start) + 1;
				*chars = utf8_chars(s + start, end - start);
				return true;
			}
			in_key = false;
		} else if (c == ',' || c == '}' || c == ']') {
			in_key = false;
		} else if (c == '#' && i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t')) {
			return false;
		}
		i++;
	}
	return false;
}

/*
 * When line @line holds a key too long for libyaml, say that instead of
 * what it led to.
 */
static bool long_key_explain(struct loader *ld, unsigned line)
{
	size_t len = 0, chars = 0;
	char *text = input_line(ld, line, &len);
	unsigned col = 0;
	bool yes = text && long_key(text, len, &col, &chars);

	if (yes)
		cl_diag_set(ld->err, ld->name, line, col,
			    "a key of %zu characters: libyaml reads at most %d characters from the start of a key to its ':' (write a longer key as an explicit key, '? KEY' on one line and ': VALUE' on the next)",
			    chars, SIMPLE_KEY_MAX);
	free(text);
	return yes;
}

static int ld_vreport(struct loader *ld, unsigned line, unsigned col,
		      const char *fmt, va_list ap)
{
	char msg[sizeof(ld->err->msg)];

	if (line && long_key_explain(ld, line))
		return -1;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	cl_diag_set(ld->err, ld->name, line, col, "%s", msg);
	return -1;
}

/* Fail at @at; NULL for errors about the whole file. */
__attribute__((format(printf, 3, 4)))
int ld_err_at(struct loader *ld, const struct cl_span *at, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ld_vreport(ld, at ? at->line : 0, at ? at->col : 0, fmt, ap);
	va_end(ap);
	return -1;
}

/* Fail at the current event. */
__attribute__((format(printf, 2, 3)))
int ld_err_here(struct loader *ld, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ld_vreport(ld, ld->ev.start_mark.line + 1, ld->ev.start_mark.column + 1, fmt, ap);
	va_end(ap);
	return -1;
}

/* Where the current event is; libyaml's marks are 0-based. */
struct cl_span ld_here(const struct loader *ld)
{
	struct cl_span s = {
		.file = ld->name,
		.line = ld->ev.start_mark.line + 1,
		.col = ld->ev.start_mark.column + 1,
		.end_line = ld->ev.end_mark.line + 1,
		.end_col = ld->ev.end_mark.column + 1,
	};

	return s;
}

static int yaml_failed(struct loader *ld)
{
	const yaml_parser_t *yp = &ld->parser;
	const char *problem = yp->problem ? yp->problem : "syntax error";

	switch (yp->error) {
	case YAML_MEMORY_ERROR:
		return ld_err_at(ld, NULL, "out of memory");
	case YAML_READER_ERROR:
		/* libyaml says only "input error" when read() fails. */
		if (ld->file && ferror(ld->file))
			return ld_err_at(ld, NULL, "cannot read profile: %s", strerror(errno));
		return ld_err_at(ld, NULL, "%s at byte %zu", problem, yp->problem_offset);
	default:
		if (long_key_explain(ld, (unsigned)yp->problem_mark.line + 1) ||
		    (yp->context && yp->context_mark.line != yp->problem_mark.line &&
		     long_key_explain(ld, (unsigned)yp->context_mark.line + 1)))
			return -1;
		cl_diag_set(ld->err, ld->name, yp->problem_mark.line + 1,
			    yp->problem_mark.column + 1, "%s%s%s", problem,
			    yp->context ? " " : "", yp->context ? yp->context : "");
		return -1;
	}
}

const char *ld_node_kind(yaml_event_type_t type)
{
	switch (type) {
	case YAML_SCALAR_EVENT:
		return "a scalar";
	case YAML_SEQUENCE_START_EVENT:
		return "a sequence";
	case YAML_MAPPING_START_EVENT:
		return "a mapping";
	default:
		return "nothing";
	}
}

/*
 * Reject what the schema has no use for before any parser sees it.  Tags
 * would change what a scalar means; NUL bytes (from "\0" escapes) would
 * make two different keys compare equal as C strings.
 */
static int event_check(struct loader *ld)
{
	const yaml_event_t *ev = &ld->ev;
	const yaml_char_t *anchor = NULL, *tag = NULL;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return ld_err_here(ld, "aliases are not supported in profiles");
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		tag = ev->data.scalar.tag;
		if (strlen((const char *)ev->data.scalar.value) != ev->data.scalar.length)
			return ld_err_here(ld, "NUL characters are not allowed in profiles");
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor;
		tag = ev->data.sequence_start.tag;
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor;
		tag = ev->data.mapping_start.tag;
		break;
	default:
		break;
	}
	if (anchor)
		return ld_err_here(ld, "anchors and aliases are not supported in profiles");
	if (tag)
		return ld_err_here(ld, "tags are not supported in profiles");
	return 0;
}

int ld_next(struct loader *ld)
{
	if (ld->have_ev)
		yaml_event_delete(&ld->ev);
	ld->have_ev = false;
	if (!yaml_parser_parse(&ld->parser, &ld->ev))
		return yaml_failed(ld);
	ld->have_ev = true;
	return event_check(ld);
}

const char *ld_scalar_text(const struct loader *ld)
{
	return (const char *)ld->ev.data.scalar.value;
}

/* The current event as the scalar value of @key, or NULL after an error. */
const char *ld_scalar_value(struct loader *ld, const char *key)
{
	char kb[SHOW_MAX];

	if (ld->ev.type == YAML_SCALAR_EVENT)
		return ld_scalar_text(ld);
	ld_err_here(ld, "'%s' must be a scalar, found %s", ld_show(kb, key),
		 ld_node_kind(ld->ev.type));
	return NULL;
}

/* Decimal digits only: a profile has no use for signs, hex or octal. */
bool ld_parse_u64(const char *s, uint64_t *out)
{
	uint64_t v = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		unsigned d = (unsigned char)*s - '0';

		if (d > 9 || v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

bool ld_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static double scale10(double v, long e)
{
	double p = 1;
	long n = e < 0 ? -e : e;

	/* Exact up to 1e22, and thresholds never get near that. */
	for (; n; n--)
		p *= 10;
	return e < 0 ? v / p : v * p;
}

/* "e-3": clamped, since only fractions in (0, 1] are wanted anyway. */
static bool parse_exponent(const char *s, long *out)
{
	long sign = 1, e = 0;

	if (*s == '+' || *s == '-')
		sign = *s++ == '-' ? -1 : 1;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (!ld_is_digit(*s))
			return false;
		if (e < 1000)
			e = e * 10 + (*s - '0');
	}
	*out = sign * e;
	return true;
}

/*
 * "0.01", "1", ".5", "5e-3".  Not strtod(): it follows LC_NUMERIC, so a
 * front end that calls setlocale() would read "0.01" as 0.  The digits
 * become an exact integer and one division, as precise as strtod() here.
 */
bool ld_parse_decimal(const char *s, double *out)
{
	uint64_t mant = 0;
	long exp10 = 0, e;
	bool dot = false, digits = false;

	for (; ld_is_digit(*s) || (*s == '.' && !dot); s++) {
		if (*s == '.') {
			dot = true;
			continue;
		}
		digits = true;
		if (mant <= (UINT64_MAX - 9) / 10) {
			mant = mant * 10 + (unsigned)(*s - '0');
			exp10 -= dot;
		} else {
			exp10 += !dot;	/* digits past 19 only scale */
		}
	}
	if (!digits)
		return false;
	if (*s == 'e' || *s == 'E') {
		if (!parse_exponent(s + 1, &e))
			return false;
		exp10 += e;
	} else if (*s) {
		return false;
	}
	*out = scale10((double)mant, exp10);
	return true;
}

int ld_count_value(struct loader *ld, const char *key, uint64_t *out)
{
	char kb[SHOW_MAX], vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	if (!s)
		return -1;
	if (!ld_parse_u64(s, out))
		return ld_err_here(ld, "'%s' must be an integer from 0 to %llu, found '%s'",
				ld_show(kb, key), (unsigned long long)UINT64_MAX, ld_show(vb, s));
	return 0;
}

int ld_path_value(struct loader *ld, const char *key, const char **out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	if (!s)
		return -1;
	if (!ld_valid_path(s))
		return ld_err_here(ld, "invalid member path '%s' (expected identifiers joined by '.')",
				   ld_show(vb, s));
	*out = cl_arena_strdup(&ld->p->arena, s);
	return 0;
}

int ld_text_check(struct loader *ld, const char *key, const char *s)
{
	char vb[SHOW_MAX];

	if (cl_name_plain(s))
		return 0;
	return ld_err_here(ld, "'%s' holds a character that does not print (a control character, DEL or a byte that is not UTF-8): '%s'",
			   key, ld_show(vb, s));
}

/* A power of two from @lo to @hi, the value of @key. */
static int power_of_two_value(struct loader *ld, const char *key, uint64_t lo, uint64_t hi,
			      uint64_t *out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	uint64_t v;

	if (!s)
		return -1;
	if (!ld_parse_u64(s, &v) || v < lo || v > hi || (v & (v - 1)))
		return ld_err_here(ld, "'%s' must be a power of two from %llu to %llu, found '%s'",
				   key, (unsigned long long)lo, (unsigned long long)hi,
				   ld_show(vb, s));
	*out = v;
	return 0;
}

int ld_align_value(struct loader *ld, const char *key, uint64_t *out)
{
	return power_of_two_value(ld, key, 1, LD_BASE_ALIGN_MAX, out);
}

int ld_line_size_value(struct loader *ld, const char *key, uint64_t *out)
{
	return power_of_two_value(ld, key, CL_LINE_SIZE_MIN, CL_LINE_SIZE_MAX, out);
}

int ld_sample_value(struct loader *ld, const char *key, uint64_t *out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	if (!s)
		return -1;
	if (!ld_parse_u64(s, out) || !*out)
		return ld_err_here(ld, "'%s' must be an integer from 1 to %llu, found '%s'", key,
				   (unsigned long long)UINT64_MAX, ld_show(vb, s));
	return 0;
}

static size_t ident_char(const char *s, bool first)
{
	return cl_ident_char(s, strnlen(s, 4), first);
}

/* Past a C identifier at @s, or NULL when none starts there. */
static const char *skip_ident(const char *s)
{
	size_t len = ident_char(s, true);

	if (!len)
		return NULL;
	do
		s += len;
	while ((len = ident_char(s, false)));
	return s;
}

/* "lruvec.pgdat": identifiers joined by dots. */
bool ld_valid_path(const char *s)
{
	for (;;) {
		s = skip_ident(s);
		if (!s)
			return false;
		if (!*s)
			return true;
		if (*s++ != '.')
			return false;
	}
}

/* ------------------------------------------------------------------ */
/* Mappings                                                             */
/* ------------------------------------------------------------------ */

int ld_dup_error(struct loader *ld, const struct cl_span *at, const char *key,
		     unsigned first)
{
	char kb[SHOW_MAX];

	return ld_err_at(ld, at, "duplicate key '%s' (first at line %u)", ld_show(kb, key), first);
}

/* One key of a mapping: the current event is the key. */
static int mapping_key(struct loader *ld, struct keyset *ks, key_fn fn, void *arg)
{
	struct cl_span at = ld_here(ld);
	unsigned first = 0;
	char *key;
	int rc;

	if (ld->ev.type != YAML_SCALAR_EVENT)
		return ld_err_here(ld, "keys must be scalars, found %s", ld_node_kind(ld->ev.type));
	/* The key's text dies with its event, before the value is read. */
	key = cl_xstrdup(ld_scalar_text(ld));
	if (ks)
		first = keyset_add(ks, key, at.line);
	rc = first ? ld_dup_error(ld, &at, key, first) : fn(ld, &at, key, arg);
	free(key);
	return rc;
}

/*
 * The current event must start a mapping (the value of @key, or the whole
 * profile when @key is NULL); calls @fn for each key.  Duplicate keys are
 * found with @ks, or by @fn itself when @ks is NULL.
 */
int ld_mapping_walk(struct loader *ld, const char *key, key_fn fn, void *arg,
			struct keyset *ks)
{
	char kb[SHOW_MAX];

	if (ld->ev.type != YAML_MAPPING_START_EVENT) {
		if (!key)
			return ld_err_here(ld, "a profile must be a mapping, found %s",
					ld_node_kind(ld->ev.type));
		return ld_err_here(ld, "'%s' must be a mapping, found %s", ld_show(kb, key),
				ld_node_kind(ld->ev.type));
	}
	for (;;) {
		if (ld_next(ld))
			return -1;
		if (ld->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		if (mapping_key(ld, ks, fn, arg))
			return -1;
	}
}

int ld_parse_mapping(struct loader *ld, const char *key, key_fn fn, void *arg)
{
	struct keyset ks = { 0 };
	int rc = ld_mapping_walk(ld, key, fn, arg, &ks);

	keyset_free(&ks);
	return rc;
}

int ld_parse_list(struct loader *ld, const char *key, const char *what,
		  int (*item)(struct loader *ld, void *arg), void *arg)
{
	if (ld->ev.type != YAML_SEQUENCE_START_EVENT)
		return ld_err_here(ld, "'%s' must be %s, found %s", key, what,
				   ld_node_kind(ld->ev.type));
	for (;;) {
		if (ld_next(ld))
			return -1;
		if (ld->ev.type == YAML_SEQUENCE_END_EVENT)
			return 0;
		if (item(ld, arg))
			return -1;
	}
}

/* What ld_parse_keys() hands each key: the table and its parsers' argument. */
struct keys_walk {
	const struct key_table *t;
	void *arg;
};

/* "a, b or c": the keys of @t, for an error. */
static const char *keys_expected(const struct key_table *t, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < t->n && len < size; i++)
		len += snprintf(buf + len, size - len, "%s%s",
				!i ? "" : i + 1 < t->n ? ", " : " or ", t->keys[i].key);
	return buf;
}

static int keys_key(struct loader *ld, const struct cl_span *at, const char *key, void *arg)
{
	const struct keys_walk *w = arg;
	char kb[SHOW_MAX], eb[256];

	for (size_t i = 0; i < w->t->n; i++) {
		if (!strcmp(w->t->keys[i].key, key))
			return ld_next(ld) ? -1 : w->t->keys[i].parse(ld, key, w->arg);
	}
	return ld_err_at(ld, at, "unknown %s '%s' (expected %s)", w->t->what, ld_show(kb, key),
			 keys_expected(w->t, eb, sizeof(eb)));
}

int ld_parse_keys(struct loader *ld, const char *key, const struct key_table *t, void *arg)
{
	struct keys_walk w = { t, arg };

	return ld_parse_mapping(ld, key, keys_key, &w);
}

/* The contention: and objects: sections both list member pairs so. */
int ld_parse_pair(struct loader *ld, const struct key_table *t, void *pair,
		  const char *const *write, const char *const *access)
{
	struct cl_span at = ld_here(ld);

	if (ld->ev.type != YAML_MAPPING_START_EVENT)
		return ld_err_here(ld, "an item of 'pairs' must be a mapping, found %s",
				   ld_node_kind(ld->ev.type));
	if (ld_parse_keys(ld, "pairs", t, pair))
		return -1;
	if (!*write || !*access)
		return ld_err_at(ld, &at, "a pair needs 'write' and 'access' (the two members)");
	return 0;
}

/* ------------------------------------------------------------------ */
/* Names every section reads                                            */
/* ------------------------------------------------------------------ */

/*
 * Path @name as cl_path_parse() reads it, as annotations do: "tx,rx" is two
 * paths of an annotation's list but a mistake as one path of a profile.
 */
int ld_path_name(struct loader *ld, const char *name, size_t *len, bool *concurrent)
{
	char nb[SHOW_MAX];

	*len = cl_path_parse(name, strlen(name), concurrent);
	if (*len)
		return 0;
	return ld_err_here(ld, "'%s' is not a path: %s%s", ld_show(nb, name), CL_PATH_GRAMMAR,
			strchr(name, ',') ? " (several paths are a list: [tx, rx])" : "");
}

/* Front ends look structs up by tag or typedef name; nothing else can match. */
int ld_check_struct_name(struct loader *ld, const struct cl_span *at,
			     const char *name)
{
	char nb[SHOW_MAX];
	size_t n = cl_struct_key_name(name), flen;
	unsigned line;

	if (name[n] && (!ld_key_place(name + n + 1, &flen, &line) || !n))
		return ld_err_at(ld, at, "invalid struct key '%s' (expected NAME@FILE:LINE, a struct defined at a line of a file)",
				 ld_show(nb, name));
	if (cl_record_name_valid(name, n))
		return 0;
	return ld_err_at(ld, at, "invalid struct name '%s' (expected a tag or typedef name, or a C++ class as ns::box<int>)",
		      ld_show(nb, name));
}

int ld_check_variable_name(struct loader *ld, const struct cl_span *at, const char *name)
{
	char nb[SHOW_MAX];

	if (ld_valid_path(name) && !strchr(name, '.'))
		return 0;
	return ld_err_at(ld, at, "invalid variable name '%s' (expected an identifier)",
			 ld_show(nb, name));
}
