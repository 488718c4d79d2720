// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * source_scan.c - a little C lexer over the text libclang parsed
 *
 * libclang's extents stop short of what the annotations need: a field's
 * extent ends before a trailing attribute macro and before the ';', and a
 * macro that expands to nothing leaves no token in the AST at all.  The
 * front end therefore reads the declaration's text itself, from the
 * buffers libclang holds (clang_getFileContents: exactly what was parsed).
 */
#include "clang_internal.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

/**
 * struct file_text - a file's text as the unit saw it
 * @text: NUL-terminated, NULL when libclang has none
 * @size: its length
 */
struct file_text {
	const char *text;
	size_t size;
};

/*
 * clang_getFileContents() looks the file up among all the unit's source
 * locations (every macro expansion has some): in a kernel unit that was
 * 88% of the lint's instructions, called once per field.  Each file's text
 * is asked for once per unit.
 */
const char *scan_contents(struct fe *fe, CXFile file, size_t *size)
{
	struct file_text *t;

	*size = 0;
	if (!file)
		return NULL;
	t = cl_map_get(&fe->texts, (uint64_t)(uintptr_t)file);
	if (!t) {
		t = cl_arena_alloc(&fe->out->arena, sizeof(*t));
		t->size = 0;
		t->text = clang_getFileContents(fe->tu, file, &t->size);
		cl_map_put(&fe->texts, (uint64_t)(uintptr_t)file, t);
	}
	*size = t->size;
	return t->text;
}

/* Skip a comment, string or character literal at @i; the index after it. */
static size_t skip_opaque(const char *t, size_t size, size_t i)
{
	if (t[i] == '/' && i + 1 < size && t[i + 1] == '/') {
		while (i < size && t[i] != '\n')
			i++;
		return i;
	}
	if (t[i] == '/' && i + 1 < size && t[i + 1] == '*') {
		for (i += 2; i + 1 < size && !(t[i] == '*' && t[i + 1] == '/'); i++)
			;
		return i + 2 < size ? i + 2 : size;
	}
	if (t[i] == '"' || t[i] == '\'') {
		char q = t[i++];

		for (; i < size && t[i] != q && t[i] != '\n'; i++)
			if (t[i] == '\\')
				i++;
		return i < size ? i + 1 : size;
	}
	return i;
}

size_t scan_to(const char *t, size_t size, size_t from, const char *stops)
{
	int depth = 0;
	size_t i = from;

	while (i < size) {
		size_t j = skip_opaque(t, size, i);

		if (j != i) {
			i = j;
			continue;
		}
		if (depth == 0 && strchr(stops, t[i]))
			return i;
		if (t[i] == '(' || t[i] == '[' || t[i] == '{')
			depth++;
		else if (t[i] == ')' || t[i] == ']' || t[i] == '}') {
			if (depth == 0)
				return size;
			depth--;
		}
		i++;
	}
	return size;
}

static size_t skip_space(const char *t, size_t size, size_t i)
{
	for (;;) {
		size_t j;

		while (i < size && (isspace((unsigned char)t[i]) ||
				    (t[i] == '\\' && i + 1 < size && t[i + 1] == '\n')))
			i++;
		if (i + 1 >= size || t[i] != '/' || (t[i + 1] != '/' && t[i + 1] != '*'))
			return i;
		j = skip_opaque(t, size, i);
		if (j == i)
			return i;
		i = j;
	}
}

static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

bool scan_token(const char *t, size_t size, size_t *pos, struct token *tok)
{
	static const char *const puncts[] = {
		"<<=", ">>=", "...", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "##", "->",
		"++", "--",
	};
	size_t i = skip_space(t, size, *pos), j = i;

	if (i >= size)
		return false;
	tok->text = t + i;
	if (is_ident(t[i]) && !isdigit((unsigned char)t[i])) {
		while (j < size && is_ident(t[j]))
			j++;
		tok->kind = 'i';
	} else if (isdigit((unsigned char)t[i]) ||
		   (t[i] == '.' && i + 1 < size && isdigit((unsigned char)t[i + 1]))) {
		while (j < size && (is_ident(t[j]) || t[j] == '.' ||
				    ((t[j] == '+' || t[j] == '-') && strchr("eEpP", t[j - 1]))))
			j++;
		tok->kind = 'n';
	} else if (t[i] == '"' || t[i] == '\'') {
		j = skip_opaque(t, size, i);
		tok->kind = 's';
	} else {
		j = i + 1;
		for (size_t k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++) {
			size_t n = strlen(puncts[k]);

			if (i + n <= size && !memcmp(t + i, puncts[k], n)) {
				j = i + n;
				break;
			}
		}
		tok->kind = 'p';
	}
	tok->len = (unsigned)(j - i);
	*pos = j;
	return true;
}

static bool tok_is(const struct token *t, const char *s)
{
	return t->len == strlen(s) && !memcmp(t->text, s, t->len);
}

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* @cp as UTF-8 at @out; returns the bytes written (at most 4). */
static size_t put_utf8(unsigned long cp, char *out)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | cp >> 12);
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18 & 0x07));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/*
 * The bytes of the body of a string literal (@s, @len, no quotes) with its
 * escapes decoded as the compiler decodes them, at @out (never longer than
 * the body: "\u00e9" is 6 characters for 2 bytes).  Returns the length,
 * a decoded NUL included: it ends the joined string, as it ends the
 * compiler's.
 */
static size_t decode_string(const char *s, size_t len, char *out)
{
	/* pairs: the character after the backslash, what it stands for */
	static const char simple[] = "\\\\\"\"''??a\ab\bf\fn\nr\rt\tv\v";
	size_t i = 0, n = 0;

	while (i < len) {
		unsigned long v = 0;
		int d, k;

		if (s[i] != '\\' || i + 1 == len) {
			out[n++] = s[i++];
			continue;
		}
		i++;
		for (k = 0; simple[k] && simple[k] != s[i]; k += 2)
			;
		if (simple[k]) {
			out[n++] = simple[k + 1];
			i++;
		} else if (s[i] >= '0' && s[i] <= '7') {
			for (k = 0; k < 3 && i < len && s[i] >= '0' && s[i] <= '7'; k++)
				v = v * 8 + (unsigned long)(s[i++] - '0');
			out[n++] = (char)v;
		} else if (s[i] == 'x') {
			for (i++; i < len && (d = hex_digit(s[i])) >= 0; i++)
				v = (v * 16 + (unsigned long)d) & 0xff;
			out[n++] = (char)v;
		} else if (s[i] == 'u' || s[i] == 'U') {
			int digits = s[i] == 'u' ? 4 : 8;

			for (i++, k = 0; k < digits && i < len && (d = hex_digit(s[i])) >= 0; k++, i++)
				v = v * 16 + (unsigned long)d;
			n += put_utf8(v > 0x10ffff ? 0xfffd : v, out + n);
		} else {
			out[n++] = s[i++];	/* unknown escape: the character */
		}
	}
	out[n] = '\0';
	return n;
}

const char *scan_string_arg(const char *text, size_t size, size_t at, struct cl_arena *a)
{
	struct token t;
	size_t pos = at, total = 0;
	char *out;
	struct token parts[16];
	unsigned n = 0;

	if (!scan_token(text, size, &pos, &t) || t.kind != 'i' ||
	    !scan_token(text, size, &pos, &t) || !tok_is(&t, "("))
		return NULL;
	while (scan_token(text, size, &pos, &t) && t.kind == 's' && t.text[0] == '"') {
		if (n == sizeof(parts) / sizeof(parts[0]))
			return NULL;
		parts[n++] = t;
		total += t.len - 2;
	}
	if (!n || !tok_is(&t, ")"))
		return NULL;
	out = cl_arena_alloc(a, total + 1);
	total = 0;
	/* "t" "x": the bodies decoded one by one, as the compiler joins them */
	for (unsigned i = 0; i < n; i++)
		total += decode_string(parts[i].text + 1, parts[i].len - 2, out + total);
	return out;
}

size_t scan_defines_record(const char *text, size_t size, size_t begin, size_t end)
{
	struct token t;
	size_t pos = begin, at = 0;
	int state = 0;	/* 1: after struct/union, 2: after its tag */

	if (end > size)
		end = size;
	while (pos < end && scan_token(text, end, &pos, &t)) {
		if (state && tok_is(&t, "{"))
			return at;
		if (t.kind == 'i' && (tok_is(&t, "struct") || tok_is(&t, "union"))) {
			state = 1;
			at = (size_t)(t.text - text);
		} else if (state == 1 && t.kind == 'i') {
			state = 2;
		} else {
			state = 0;
		}
	}
	return (size_t)-1;
}
