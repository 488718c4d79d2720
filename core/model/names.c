// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * names.c - names as they may be printed
 */
#include "names.h"

#include <stdio.h>
#include <string.h>

size_t cl_utf8_decode(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t c, min;
	size_t len;

	if (!n)
		return 0;
	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2, c = p[0] & 0x1f, min = 0x80;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3, c = p[0] & 0x0f, min = 0x800;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4, c = p[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/*
 * The bidirectional controls (U+061C, U+200E-F, U+202A-E, U+2066-9) and
 * the line and paragraph separators print nothing and reorder or break
 * what follows: a name holding U+202E reads backwards in a terminal or a
 * review (CVE-2021-42574, "Trojan Source").
 */
static bool invisible_control(uint32_t cp)
{
	return cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

bool cl_name_printable(uint32_t cp)
{
	return cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp <= 0x9f) && !invisible_control(cp);
}

size_t cl_ident_char(const char *s, size_t n, bool first)
{
	char c = n ? *s : 0;
	uint32_t cp;
	size_t len;

	if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (!first && c >= '0' && c <= '9'))
		return 1;
	if (!((unsigned char)c & 0x80))
		return 0;
	len = cl_utf8_decode(s, n, &cp);
	return len && cl_name_printable(cp) ? len : 0;
}

/* An identifier, or several joined by "::": its length, 0 if none. */
static size_t qualified_length(const char *s, size_t n)
{
	size_t i = 0;

	for (;;) {
		size_t start = i, len;

		while ((len = cl_ident_char(s + i, n - i, i == start)))
			i += len;
		if (i == start)
			return 0;
		if (i + 2 < n && s[i] == ':' && s[i + 1] == ':')
			i += 2;
		else
			return i;
	}
}

/* A template's arguments, balanced '<...>' of printable text: their length, 0 if none. */
static size_t template_args_length(const char *s, size_t n)
{
	size_t i = 0;
	int depth = 0;

	while (i < n) {
		uint32_t cp;
		size_t len = cl_utf8_decode(s + i, n - i, &cp);

		if (!len || !cl_name_printable(cp))
			return 0;
		depth += s[i] == '<';
		if (s[i] == '>' && --depth < 0)
			return 0;
		i += len;
		if (!depth)
			return i;
	}
	return 0;
}

bool cl_record_name_valid(const char *s, size_t n)
{
	size_t i = 0, len;

	for (;;) {
		len = qualified_length(s + i, n - i);
		if (!len)
			return false;
		i += len;
		if (i == n)
			return true;
		if (s[i] != '<')
			return false;
		len = template_args_length(s + i, n - i);
		if (!len)
			return false;
		i += len;
		if (i == n)
			return true;
		/* a class of a template's instance: list<int>::node */
		if (i + 2 >= n || s[i] != ':' || s[i + 1] != ':')
			return false;
		i += 2;
	}
}

size_t cl_record_name_length(const char *s)
{
	size_t i;
	int depth = 0;

	for (i = 0; s[i]; i++) {
		if (s[i] == '<')
			depth++;
		else if (s[i] == '>' && depth)
			depth--;
		else if (s[i] == ':' && !depth && s[i + 1] == ':')
			i++;
		else if (s[i] == ':' && !depth)
			break;
	}
	return i;
}

/* The bytes at @s that print as themselves (a character), or 0. */
static size_t plain_char(const char *s, size_t n)
{
	uint32_t cp;
	size_t len = cl_utf8_decode(s, n, &cp);

	return len && cl_name_printable(cp) ? len : 0;
}

bool cl_name_plain(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	for (size_t i = 0; i < n;) {
		size_t len = plain_char(s + i, n - i);

		if (!len)
			return false;
		i += len;
	}
	return true;
}

/*
 * Whether the byte at @s (of @n) must not appear as itself inside a C
 * comment: '*', '/', '?', and a backslash unless an 'x' follows it (the
 * escapes of cl_name_escape(), which splice nothing, stay as they are).
 */
static bool comment_unsafe(const char *s, size_t n)
{
	return *s == '*' || *s == '/' || *s == '?' || (*s == '\\' && (n < 2 || s[1] != 'x'));
}

/*
 * @s with every byte that is not part of a printable character, and with
 * @c_comment every comment_unsafe() one, as \xNN; @s itself when there is
 * none.
 */
static const char *escape(struct cl_arena *a, const char *s, bool c_comment)
{
	size_t n = s ? strlen(s) : 0, k = 0, i;
	char *out;

	for (i = 0; i < n;) {
		size_t len = plain_char(s + i, n - i);

		if (!len || (c_comment && comment_unsafe(s + i, n - i)))
			break;
		i += len;
	}
	if (i == n)
		return s ? s : "";
	out = cl_arena_alloc(a, n * 4 + 1);
	for (i = 0; i < n;) {
		size_t len = plain_char(s + i, n - i);

		if (len && !(c_comment && comment_unsafe(s + i, n - i))) {
			memcpy(out + k, s + i, len);
			k += len;
			i += len;
		} else {
			k += (size_t)sprintf(out + k, "\\x%02x", (unsigned char)s[i++]);
		}
	}
	out[k] = '\0';
	return out;
}

const char *cl_name_escape(struct cl_arena *a, const char *s)
{
	return cl_name_plain(s) ? s : escape(a, s, false);
}

const char *cl_name_c_comment(struct cl_arena *a, const char *s)
{
	return escape(a, s, true);
}

const char *cl_name_show(char *buf, size_t max, const char *s, bool quote)
{
	size_t n = s ? strlen(s) : 0, k = 0, chars = 0, i = 0;

	while (i < n && chars < max) {
		size_t len = plain_char(s + i, n - i);

		if (len && !(quote && s[i] == '\'')) {
			memcpy(buf + k, s + i, len);
			k += len;
			i += len;
		} else {
			k += (size_t)sprintf(buf + k, "\\x%02x", (unsigned char)s[i++]);
		}
		chars++;
	}
	if (i < n) {
		memcpy(buf + k, "...", 3);
		k += 3;
	}
	buf[k] = '\0';
	return buf;
}
