// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_objects_index.c - the indexes of the objects: section
 * (core/profile/profile_objects.c): structs and variables by name, pairs
 * by their two members, the names of a paths: list.  Each finds what a
 * walk of the array found (duplicates refused, the first of two stated,
 * the order of the file kept), on entries enough that the tables grow and
 * rehash.  Times are bench/large_struct's business.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "profile/access_profile.h"

#define V1 "cachelint-profile: 1\n"
/* Entries enough for several rehashes of each table. */
#define MANY 3000

/* A growing text, freed by the caller. */
struct text {
	char *s;
	size_t len, cap;
};

static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->len + (size_t)n + 1 > t->cap) {
		t->cap = (t->len + (size_t)n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		assert_non_null(t->s);
	}
	va_start(ap, fmt);
	vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

static int load(struct cl_profile *p, const char *name, const struct text *t,
		struct cl_diag *err)
{
	memset(err, 0, sizeof(*err));
	return cl_profile_load_buffer(p, name, t->s, t->len, err);
}

static void load_ok(struct cl_profile *p, const char *name, const struct text *t)
{
	struct cl_diag err;

	if (load(p, name, t, &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
}

/* MANY structs and variables, s<i> and v<i>, in reverse order of name. */
static void many_entries(struct text *t, unsigned instances)
{
	put(t, V1 "objects:\n  structs:\n");
	for (unsigned i = MANY; i-- > 0;)
		put(t, "    s%u: {instances: %u, pairs: [{write: a, access: b}]}\n", i,
		    instances + i);
	put(t, "  variables:\n");
	for (unsigned i = MANY; i-- > 0;)
		put(t, "    v%u: {element: 8, elements: %u}\n", i, i + 1);
}

static void test_structs_by_name(void **state)
{
	struct text a = { 0 }, b = { 0 };
	struct cl_profile p;
	char name[32];

	(void)state;
	cl_profile_init(&p);
	many_entries(&a, 10);
	load_ok(&p, "a.yaml", &a);
	assert_int_equal(p.objects.nstructs, MANY);
	assert_int_equal(p.objects.nvariables, MANY);
	for (unsigned i = 0; i < MANY; i++) {
		snprintf(name, sizeof(name), "s%u", i);
		assert_int_equal(cl_objects_struct(&p, name)->instances, 10 + i);
		/* the order of the file */
		assert_string_equal(p.objects.structs[MANY - 1 - i].name, name);
		snprintf(name, sizeof(name), "v%u", i);
		assert_int_equal(cl_objects_variable(&p, name)->elements, i + 1);
		assert_string_equal(p.objects.variables[MANY - 1 - i].name, name);
	}
	assert_null(cl_objects_struct(&p, "s3000"));
	assert_null(cl_objects_struct(&p, "v1"));
	assert_null(cl_objects_variable(&p, "s1"));
	assert_true(cl_profile_names(&p, "s2999"));
	assert_false(cl_profile_names(&p, "s30000"));
	/* a second file replaces each entry whole, where it was: no duplicate */
	many_entries(&b, 500);
	load_ok(&p, "b.yaml", &b);
	assert_int_equal(p.objects.nstructs, MANY);
	assert_int_equal(p.objects.nvariables, MANY);
	assert_int_equal(cl_objects_struct(&p, "s7")->instances, 507);
	assert_string_equal(cl_objects_struct(&p, "s7")->span.file, "b.yaml");
	assert_string_equal(p.objects.structs[0].name, "s2999");
	free(a.s);
	free(b.s);
	cl_profile_free(&p);
}

/* A struct keyed by its place is found for its name too. */
static void test_located(void **state)
{
	struct text t = { 0 };
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	put(&t, V1 "objects:\n  structs:\n    conn@src/a.c:12: {instances: 3}\n"
		"    conn: {instances: 4}\n");
	load_ok(&p, "a.yaml", &t);
	assert_int_equal(cl_objects_struct(&p, "conn")->instances, 4);
	assert_int_equal(cl_objects_struct(&p, "conn@src/a.c:12")->instances, 3);
	assert_true(cl_objects_names(&p.objects, "conn"));
	free(t.s);
	t = (struct text){ 0 };
	cl_profile_free(&p);
	cl_profile_init(&p);
	put(&t, V1 "objects:\n  structs:\n    node@b.c:3: {instances: 3}\n");
	load_ok(&p, "a.yaml", &t);
	assert_null(cl_objects_struct(&p, "node"));
	assert_true(cl_objects_names(&p.objects, "node"));
	assert_true(cl_profile_names(&p, "node"));
	assert_false(cl_objects_names(&p.objects, "nod"));
	free(t.s);
	cl_profile_free(&p);
}

/* MANY pairs of one struct: {write: m<i>, access: m<i+1>}, then some other way round. */
static void many_pairs(struct text *t, unsigned dup)
{
	put(t, V1 "objects:\n  structs:\n    big:\n      pairs:\n");
	for (unsigned i = 0; i < MANY; i++)
		put(t, "        - {write: m%u, access: m%u, objects: %u}\n", i, i + 1, i);
	for (unsigned i = 0; i < MANY; i += 100)
		put(t, "        - {write: m%u, access: m%u, objects: %u}\n", i + 1, i, 100000 + i);
	if (dup)
		put(t, "        - {write: m%u, access: m%u}\n", dup, dup + 1);
}

static void test_pairs(void **state)
{
	const struct cl_object_struct *os;
	const struct cl_object_pair *pr;
	struct text t = { 0 };
	struct cl_profile p;
	char w[32], a[32];

	(void)state;
	cl_profile_init(&p);
	many_pairs(&t, 0);
	load_ok(&p, "a.yaml", &t);
	os = cl_objects_struct(&p, "big");
	assert_int_equal(os->npairs, MANY + MANY / 100);
	for (unsigned i = 0; i < MANY; i++) {
		/* the order of the file */
		assert_int_equal(os->pairs[i].objects, i);
		snprintf(w, sizeof(w), "m%u", i);
		snprintf(a, sizeof(a), "m%u", i + 1);
		pr = cl_objects_pair(os, w, a);
		assert_ptr_equal(pr, &os->pairs[i]);
		/* the other way round: the pair that says so, else this one */
		pr = cl_objects_pair(os, a, w);
		if (i % 100)
			assert_ptr_equal(pr, &os->pairs[i]);
		else
			assert_int_equal(pr->objects, 100000 + i);
		snprintf(a, sizeof(a), "m%u", i + 2);
		assert_null(cl_objects_pair(os, w, a));
	}
	assert_null(cl_objects_pair(os, "m1", "m1"));
	free(t.s);
	cl_profile_free(&p);
}

static void test_pair_twice(void **state)
{
	struct text t = { 0 };
	struct cl_profile p;
	struct cl_diag err;

	(void)state;
	cl_profile_init(&p);
	many_pairs(&t, 1234);
	assert_int_equal(load(&p, "a.yaml", &t, &err), -1);
	assert_string_equal(err.msg, "duplicate pair {write: m1234, access: m1235} (first at line 1240)");
	assert_int_equal(err.line, 6 + MANY + MANY / 100);
	free(t.s);
	cl_profile_free(&p);
}

/* A paths: list of MANY names; one listed twice is refused where it is. */
static void test_paths(void **state)
{
	const struct cl_object_pair *pr;
	struct text t = { 0 };
	struct cl_profile p;
	struct cl_diag err;
	char name[32];

	(void)state;
	cl_profile_init(&p);
	put(&t, V1 "objects:\n  structs:\n    big:\n      pairs:\n"
		"        - write: a\n          access: b\n          paths:\n");
	for (unsigned i = 0; i < MANY; i++)
		put(&t, "            - t%u\n", i);
	load_ok(&p, "a.yaml", &t);
	pr = cl_objects_pair(cl_objects_struct(&p, "big"), "a", "b");
	assert_int_equal(pr->npaths, MANY);
	for (unsigned i = 0; i < MANY; i++) {
		snprintf(name, sizeof(name), "t%u", i);
		assert_string_equal(pr->paths[i], name);
	}
	cl_profile_free(&p);
	cl_profile_init(&p);
	put(&t, "            - t17\n");
	assert_int_equal(load(&p, "a.yaml", &t, &err), -1);
	assert_string_equal(err.msg, "path 't17' listed twice");
	assert_int_equal(err.line, 9 + MANY);
	free(t.s);
	cl_profile_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_structs_by_name),
		cmocka_unit_test(test_located),
		cmocka_unit_test(test_pairs),
		cmocka_unit_test(test_pair_twice),
		cmocka_unit_test(test_paths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
