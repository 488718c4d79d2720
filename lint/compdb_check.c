// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * compdb_check.c - where a compile_commands.json that libclang rejects is
 * wrong
 *
 * libclang's reader says only "not a valid database" (and prints a line of
 * its own without a position).  When it fails, the file is read again here
 * as JSON and against the specification's shape: an array of objects, each
 * with "directory" and "file" strings and a "command" string or an
 * "arguments" array of strings ("output", a string, is optional; other keys
 * are ignored).  The first thing that is wrong is reported at its line and
 * column (1-based; columns count characters, as the profile loader's do).
 */
#include "compdb_check.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/arena.h"

#define DEPTH_MAX 256

/**
 * struct jreader - a JSON text being checked
 * @s: the text
 * @n: its length
 * @i: the current byte
 * @path: the file, for errors
 * @err: the first error; @failed once it is set
 * @failed: an error has been reported
 */
struct jreader {
	const char *s;
	size_t n, i;
	const char *path;
	struct cl_diag *err;
	bool failed;
};

/* The 1-based line and character column of byte @at. */
static void position(const struct jreader *r, size_t at, unsigned *line, unsigned *col)
{
	unsigned l = 1, c = 1;
	size_t i = r->n >= 3 && !memcmp(r->s, "\xef\xbb\xbf", 3) ? 3 : 0;

	for (; i < at && i < r->n; i++) {
		unsigned char ch = (unsigned char)r->s[i];

		if (ch == '\n') {
			l++;
			c = 1;
		} else if ((ch & 0xc0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

__attribute__((format(printf, 3, 4)))
static bool fail_at(struct jreader *r, size_t at, const char *fmt, ...)
{
	unsigned line, col;
	char msg[sizeof(r->err->msg)];
	va_list ap;

	if (r->failed)
		return false;
	r->failed = true;
	position(r, at, &line, &col);
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	cl_diag_set(r->err, r->path, line, col, "%s", msg);
	return false;
}

/* What is at the current byte, for "found ..." */
static const char *found(const struct jreader *r, char buf[16])
{
	unsigned char c;

	if (r->i >= r->n)
		return "the end of the file";
	c = (unsigned char)r->s[r->i];
	if (c >= 0x21 && c < 0x7f)
		snprintf(buf, 16, "'%c'", c);
	else
		snprintf(buf, 16, "byte 0x%02x", c);
	return buf;
}

static void skip_space(struct jreader *r)
{
	while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\n' ||
			       r->s[r->i] == '\r'))
		r->i++;
}

static bool expect(struct jreader *r, const char *what)
{
	char b[16];

	return fail_at(r, r->i, "expected %s, found %s", what, found(r, b));
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A string at the current '"'. */
static bool read_string(struct jreader *r)
{
	size_t start = r->i++;

	while (r->i < r->n) {
		unsigned char c = (unsigned char)r->s[r->i];

		if (c == '"') {
			r->i++;
			return true;
		}
		if (c < 0x20)
			return fail_at(r, r->i, "a control character (byte 0x%02x) in a string: write it as \\u%04x",
				       c, c);
		if (c == '\\') {
			char e = r->i + 1 < r->n ? r->s[r->i + 1] : 0;

			if (e == 'u') {
				for (size_t k = 2; k < 6; k++)
					if (r->i + k >= r->n || !is_hex(r->s[r->i + k]))
						return fail_at(r, r->i, "\\u must be followed by four hexadecimal digits");
				r->i += 6;
				continue;
			}
			if (!e || !strchr("\"\\/bfnrt", e))
				return fail_at(r, r->i, "invalid escape in a string (expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
			r->i += 2;
			continue;
		}
		r->i++;
	}
	return fail_at(r, start, "a string that does not end");
}

static bool read_digits(struct jreader *r)
{
	size_t start = r->i;

	while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9')
		r->i++;
	return r->i > start;
}

static bool read_number(struct jreader *r)
{
	size_t start = r->i;

	if (r->s[r->i] == '-')
		r->i++;
	if (r->i < r->n && r->s[r->i] == '0')
		r->i++;
	else if (!read_digits(r))
		return fail_at(r, start, "invalid number");
	if (r->i < r->n && r->s[r->i] == '.') {
		r->i++;
		if (!read_digits(r))
			return fail_at(r, start, "invalid number");
	}
	if (r->i < r->n && (r->s[r->i] == 'e' || r->s[r->i] == 'E')) {
		r->i++;
		if (r->i < r->n && (r->s[r->i] == '+' || r->s[r->i] == '-'))
			r->i++;
		if (!read_digits(r))
			return fail_at(r, start, "invalid number");
	}
	return true;
}

static bool read_word(struct jreader *r)
{
	static const char *const words[] = { "true", "false", "null" };

	for (size_t k = 0; k < 3; k++) {
		size_t n = strlen(words[k]);

		if (r->n - r->i >= n && !memcmp(r->s + r->i, words[k], n)) {
			r->i += n;
			return true;
		}
	}
	return expect(r, "a value (a string, number, object, array, true, false or null)");
}

static bool read_value(struct jreader *r, unsigned depth);

/* A member's key and its ':', at the key's opening quote. */
static bool read_key(struct jreader *r)
{
	if (r->i >= r->n || r->s[r->i] != '"')
		return expect(r, "a key (a string in double quotes)");
	if (!read_string(r))
		return false;
	skip_space(r);
	if (r->i >= r->n || r->s[r->i] != ':')
		return expect(r, "':' after the key");
	r->i++;
	skip_space(r);
	return true;
}

/*
 * After an item of an object or an array: a ',' and room for the next item
 * (1), or @close, consumed (0); else the error, naming @item ("entry",
 * "member of an object"), a ',' before @close included (JSON allows none),
 * and -1.
 */
static int after_item(struct jreader *r, char close, const char *item)
{
	char what[96];

	skip_space(r);
	if (r->i < r->n && r->s[r->i] == ',') {
		size_t comma = r->i++;

		skip_space(r);
		if (r->i < r->n && r->s[r->i] == close)
			return fail_at(r, comma, "a ',' after the last %s (JSON allows none)", item) - 1;
		return 1;
	}
	if (r->i < r->n && r->s[r->i] == close) {
		r->i++;
		return 0;
	}
	snprintf(what, sizeof(what), "',' or '%c' after %s %s", close,
		 strchr("aeiou", item[0]) ? "an" : "a", item);
	return expect(r, what) - 1;
}

/* An object or array at the current '{' or '['; @close is '}' or ']'. */
static bool read_container(struct jreader *r, unsigned depth)
{
	bool object = r->s[r->i] == '{';
	char close = object ? '}' : ']';

	if (depth > DEPTH_MAX)
		return fail_at(r, r->i, "nested more than %d deep", DEPTH_MAX);
	r->i++;
	skip_space(r);
	if (r->i < r->n && r->s[r->i] == close) {
		r->i++;
		return true;
	}
	for (;;) {
		if (object && !read_key(r))
			return false;
		if (!read_value(r, depth + 1))
			return false;
		switch (after_item(r, close, object ? "member of an object" : "element of an array")) {
		case -1:
			return false;
		case 0:
			return true;
		}
	}
}

static bool read_value(struct jreader *r, unsigned depth)
{
	char c;

	if (r->i >= r->n)
		return expect(r, "a value");
	c = r->s[r->i];
	if (c == '{' || c == '[')
		return read_container(r, depth);
	if (c == '"')
		return read_string(r);
	if (c == '-' || (c >= '0' && c <= '9'))
		return read_number(r);
	return read_word(r);
}

/* ------------------------------------------------------------------ */
/* the shape of a compile database                                      */

/* Whether the key at @at (its opening quote) is @name, escapes aside. */
static bool key_is(const struct jreader *r, size_t at, const char *name)
{
	size_t n = strlen(name);

	return at + n + 2 <= r->n && r->s[at] == '"' && !memcmp(r->s + at + 1, name, n) &&
	       r->s[at + n + 1] == '"';
}

/* An "arguments" value: an array of strings. */
static bool check_arguments(struct jreader *r)
{
	if (r->s[r->i] != '[')
		return fail_at(r, r->i, "\"arguments\" must be an array of strings");
	r->i++;
	skip_space(r);
	if (r->i < r->n && r->s[r->i] == ']') {
		r->i++;
		return true;
	}
	for (;;) {
		if (r->i >= r->n || r->s[r->i] != '"')
			return r->i < r->n && strchr("{[-0123456789tfn", r->s[r->i]) ?
			       fail_at(r, r->i, "\"arguments\" must be an array of strings") :
			       expect(r, "a string");
		if (!read_string(r))
			return false;
		switch (after_item(r, ']', "element of an array")) {
		case -1:
			return false;
		case 0:
			return true;
		}
	}
}

/* One entry at its '{' (the @nth, 1-based). */
static bool check_entry(struct jreader *r, size_t nth)
{
	static const char *const strings[] = { "directory", "file", "command", "output" };
	size_t open = r->i;
	bool have[4] = { false, false, false, false }, arguments = false;
	int more = 1;

	if (r->s[r->i] != '{')
		return r->i < r->n && strchr("[\"-0123456789tfn", r->s[r->i]) ?
		       fail_at(r, r->i, "entry %zu must be an object {\"directory\", \"file\", \"command\" or \"arguments\"}", nth) :
		       expect(r, "an entry (an object)");
	r->i++;
	skip_space(r);
	if (r->i < r->n && r->s[r->i] == '}') {
		r->i++;
		more = 0;
	}
	while (more) {
		size_t key = r->i;
		int k = -1;

		if (!read_key(r))
			return false;
		for (int s = 0; s < 4; s++)
			if (key_is(r, key, strings[s]))
				k = s;
		if (k >= 0) {
			if (r->i >= r->n || r->s[r->i] != '"')
				return r->i >= r->n ? expect(r, "a value") :
				       fail_at(r, r->i, "\"%s\" must be a string", strings[k]);
			if (!read_string(r))
				return false;
			have[k] = true;
		} else if (key_is(r, key, "arguments")) {
			if (r->i >= r->n)
				return expect(r, "a value");
			if (!check_arguments(r))
				return false;
			arguments = true;
		} else if (!read_value(r, 2)) {
			return false;
		}
		if ((more = after_item(r, '}', "member of an object")) < 0)
			return false;
	}
	if (!have[0])
		return fail_at(r, open, "entry %zu has no \"directory\"", nth);
	if (!have[1])
		return fail_at(r, open, "entry %zu has no \"file\"", nth);
	if (!have[2] && !arguments)
		return fail_at(r, open, "entry %zu has neither \"command\" nor \"arguments\"", nth);
	return true;
}

static bool check_database(struct jreader *r)
{
	size_t nth = 0;

	/* a byte order mark, which some editors write and libclang skips */
	if (r->n >= 3 && !memcmp(r->s, "\xef\xbb\xbf", 3))
		r->i = 3;
	skip_space(r);
	if (r->i >= r->n)
		return fail_at(r, 0, "empty file: expected a JSON array of entries");
	if (r->s[r->i] != '[') {
		if (strchr("{\"-0123456789tfn", r->s[r->i]))
			return fail_at(r, r->i, "expected a JSON array of entries ('['), found %s",
				       r->s[r->i] == '{' ? "an object" : "a value");
		return expect(r, "a JSON array of entries ('[')");
	}
	r->i++;
	skip_space(r);
	if (r->i < r->n && r->s[r->i] == ']') {
		r->i++;
	} else {
		for (int more = 1; more;) {
			if (r->i >= r->n)
				return expect(r, "an entry or ']'");
			if (!check_entry(r, ++nth))
				return false;
			if ((more = after_item(r, ']', "entry")) < 0)
				return false;
		}
	}
	skip_space(r);
	if (r->i < r->n)
		return fail_at(r, r->i, "text after the end of the array");
	return true;
}

int compdb_check(const char *path, struct cl_diag *err)
{
	struct jreader r = { .path = path, .err = err };
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;
	int rc;

	if (!f) {
		cl_diag_set(err, path, 0, 0, "%s", strerror(errno));
		return -1;
	}
	for (;;) {
		size_t got;

		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = cl_xrealloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (!got)
			break;
	}
	rc = ferror(f) ? -1 : 0;
	fclose(f);
	if (rc) {
		cl_diag_set(err, path, 0, 0, "cannot read: %s", strerror(EIO));
		free(buf);
		return -1;
	}
	r.s = buf ? buf : "";
	r.n = n;
	check_database(&r);
	free(buf);
	return r.failed ? -1 : 0;
}
