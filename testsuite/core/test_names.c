// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_names.c - names as comment text of generated C (core/model/names.h,
 * cl_name_c_comment()): over every short string of the bytes that matter,
 * the text holds no byte that can end, open or bend a comment, and says
 * which bytes the name had.
 */
#include "test_helpers.h"

#include "model/names.h"

/* The bytes that make or break a comment, and two that do not. */
static const char alphabet[] = { '*', '/', '\\', '?', '\n', 'x', 'a', ' ', '\r' };
#define NALPHA sizeof(alphabet)

/* @text with each \xNN turned back into its byte. */
static void unescape(const char *text, char *out)
{
	while (*text) {
		unsigned v;

		if (text[0] == '\\' && text[1] == 'x' && sscanf(text + 2, "%2x", &v) == 1) {
			*out++ = (char)v;
			text += 4;
		} else {
			*out++ = *text++;
		}
	}
	*out = '\0';
}

/* No '*', '/', '?' or control character; a backslash only as "\x". */
static void assert_comment_safe(const char *t)
{
	for (const char *c = t; *c; c++) {
		assert_null(strchr("*/?", *c));
		assert_true((unsigned char)*c >= 0x20 && *c != 0x7f);
		if (*c == '\\')
			assert_int_equal(c[1], 'x');
	}
}

static void test_every_short_name(void **state)
{
	struct cl_arena a;
	char name[5], back[64];

	(void)state;
	cl_arena_init(&a);
	for (unsigned len = 0; len <= 4; len++) {
		unsigned total = 1;

		for (unsigned i = 0; i < len; i++)
			total *= NALPHA;
		for (unsigned k = 0; k < total; k++) {
			const char *t;

			for (unsigned i = 0, v = k; i < len; i++, v /= NALPHA)
				name[i] = alphabet[v % NALPHA];
			name[len] = '\0';
			t = cl_name_c_comment(&a, name);
			assert_comment_safe(t);
			/* "\x" in a name stays: then the round trip is not exact */
			if (strstr(name, "\\x"))
				continue;
			unescape(t, back);
			assert_string_equal(back, name);
		}
	}
	cl_arena_free(&a);
}

static void test_examples(void **state)
{
	struct cl_arena a;

	(void)state;
	cl_arena_init(&a);
	/* plain names are themselves, UTF-8 included */
	assert_string_equal(cl_name_c_comment(&a, "usage.counter"), "usage.counter");
	assert_string_equal(cl_name_c_comment(&a, "caf\xc3\xa9"), "caf\xc3\xa9");
	assert_string_equal(cl_name_c_comment(&a, NULL), "");
	/* the payload: the comment cannot end */
	assert_string_equal(cl_name_c_comment(&a, "x */ f(); /*"), "x \\x2a\\x2f f(); \\x2f\\x2a");
	/* cl_name_escape()'s escapes pass unchanged: escaping twice changes nothing */
	assert_string_equal(cl_name_c_comment(&a, cl_name_escape(&a, "a\nb")), "a\\x0ab");
	assert_string_equal(cl_name_c_comment(&a, "?\?/"), "\\x3f\\x3f\\x2f");
	/* a bidirectional control (U+202E) and a byte that is not UTF-8 */
	assert_string_equal(cl_name_c_comment(&a, "a\xe2\x80\xae\xff"), "a\\xe2\\x80\\xae\\xff");
	cl_arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_short_name),
		cmocka_unit_test(test_examples),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
