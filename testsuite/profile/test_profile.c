// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_profile.c - the profile loader: schema, errors, merging, scale
 *
 * Most tests load from buffers; the file and list tests write temporary
 * files.  Every error case also checks that the failed load left the
 * profile as it was (the loader parses into a temporary and merges only a
 * valid file).
 */
#define _GNU_SOURCE	/* mkdtemp */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "profile/access_profile.h"
#include "model/rules.h"

static int load(struct cl_profile *p, const char *name, const char *text,
		struct cl_diag *err)
{
	memset(err, 0, sizeof(*err));
	return cl_profile_load_buffer(p, name, text, strlen(text), err);
}

/* Fails the test with the loader's message, which says more than "-1". */
static void load_ok(struct cl_profile *p, const char *name, const char *text)
{
	struct cl_diag err;

	if (load(p, name, text, &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
}

static const struct cl_profile_member *member(const struct cl_profile *p,
					      const char *st, const char *path)
{
	const struct cl_profile_struct *s = cl_profile_find(p, st);
	size_t i;

	assert_non_null(s);
	for (i = 0; i < s->nmembers; i++) {
		if (!strcmp(s->members[i].path, path))
			return &s->members[i];
	}
	fail_msg("no member '%s' in profile struct '%s'", path, st);
	return NULL;
}

static void assert_member(const struct cl_profile *p, const char *st, const char *path,
			  enum cl_class cls, enum cl_origin origin)
{
	const struct cl_profile_member *m = member(p, st, path);

	assert_int_equal(m->access.cls, cls);
	assert_int_equal(m->access.origin, origin);
}

/* ------------------------------------------------------------------ */

static void test_init_defaults(void **state)
{
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	assert_int_equal(p.line_size, 0);
	assert_true(p.thresholds.write_hot == CL_THRESHOLD_WRITE_HOT_DEFAULT);
	assert_true(p.thresholds.read_mostly == CL_THRESHOLD_READ_MOSTLY_DEFAULT);
	assert_int_equal(p.thresholds.min_accesses, 1000);
	assert_int_equal(p.nstructs, 0);
	assert_null(cl_profile_find(&p, "page_counter"));
	cl_profile_free(&p);
	cl_profile_free(&p);	/* freeing leaves it empty, so twice is fine */
}

/*
 * A class of a template's instance, as GCC names it and the runtime writes
 * it for instrument=all on code that uses std::vector (list<int>::node).
 */
static void test_nested_template_class(void **state)
{
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "nested.yaml",
		"cachelint-profile: 1\n"
		"structs:\n"
		"  \"std::_Vector_base<item, std::allocator<item> >::_Vector_impl\":\n"
		"    _M_start: write_hot\n"
		"  \"list<int>::node<long int>::leaf\":\n"
		"    n: read_mostly\n");
	assert_member(&p, "std::_Vector_base<item, std::allocator<item> >::_Vector_impl",
		      "_M_start", CL_CLASS_WRITE_HOT, CL_ORIGIN_PROFILE);
	assert_member(&p, "list<int>::node<long int>::leaf", "n", CL_CLASS_READ_MOSTLY,
		      CL_ORIGIN_PROFILE);
	cl_profile_free(&p);
}

/* The example at the top of profile.h, verbatim. */
static const char header_example[] =
	"cachelint-profile: 1\n"
	"line-size: 64                      # optional\n"
	"thresholds: {write-hot: 0.01, read-mostly: 0.01}   # optional\n"
	"suppress:                          # optional, per struct\n"
	"  some_struct: all                 # or a rule ID, or a list of them\n"
	"structs:\n"
	"  page_counter:\n"
	"    usage: write_hot\n"
	"    parent: read_mostly\n"
	"    min: {reads: 912345, writes: 12}\n"
	"    stats: {class: write_hot, group: percpu}\n"
	"  mem_cgroup_per_node:\n"
	"    lruvec.pgdat: read_mostly       # a leaf of an embedded struct\n";

static void test_header_example(void **state)
{
	const struct cl_profile_member *m;
	struct cl_profile_struct *s;
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "example.yaml", header_example);

	assert_int_equal(p.line_size, 64);
	assert_int_equal(p.nstructs, 3);
	s = cl_profile_find(&p, "some_struct");
	assert_non_null(s);
	assert_int_equal(s->suppress, CL_RULE_MASK_ALL);
	assert_int_equal(s->nmembers, 0);

	s = cl_profile_find(&p, "page_counter");
	assert_non_null(s);
	assert_int_equal(s->nmembers, 4);
	assert_int_equal(s->suppress, 0);
	assert_int_equal(s->span.line, 7);
	assert_int_equal(s->span.col, 3);
	/* File order. */
	assert_string_equal(s->members[0].path, "usage");
	assert_string_equal(s->members[1].path, "parent");
	assert_string_equal(s->members[2].path, "min");
	assert_string_equal(s->members[3].path, "stats");

	assert_member(&p, "page_counter", "usage", CL_CLASS_WRITE_HOT, CL_ORIGIN_PROFILE);
	assert_member(&p, "page_counter", "parent", CL_CLASS_READ_MOSTLY, CL_ORIGIN_PROFILE);
	/* 12 writes are under 1% of the 912357 accesses; the reads are not. */
	assert_member(&p, "page_counter", "min", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	m = member(&p, "page_counter", "min");
	assert_true(m->access.has_counts);
	assert_int_equal(m->access.reads, 912345);
	assert_int_equal(m->access.writes, 12);
	assert_null(m->access.group);

	assert_member(&p, "page_counter", "stats", CL_CLASS_WRITE_HOT, CL_ORIGIN_PROFILE);
	m = member(&p, "page_counter", "stats");
	assert_string_equal(m->access.group, "percpu");
	assert_false(m->access.has_counts);

	m = member(&p, "page_counter", "usage");
	assert_string_equal(m->span.file, "example.yaml");
	assert_int_equal(m->span.line, 8);
	assert_int_equal(m->span.col, 5);
	assert_int_equal(m->span.end_line, 8);
	assert_int_equal(m->span.end_col, 10);	/* just past "usage" */
	assert_null(m->replaced_at);

	assert_member(&p, "mem_cgroup_per_node", "lruvec.pgdat", CL_CLASS_READ_MOSTLY,
		      CL_ORIGIN_PROFILE);
	m = member(&p, "mem_cgroup_per_node", "lruvec.pgdat");
	assert_int_equal(m->span.line, 13);
	assert_int_equal(m->span.col, 5);

	assert_null(cl_profile_find(&p, "lruvec"));
	cl_profile_free(&p);
}

static void test_infer_class(void **state)
{
	const struct cl_thresholds t = { .write_hot = 0.01, .read_mostly = 0.01 };
	const struct cl_thresholds half = { .write_hot = 0.5, .read_mostly = 0.25 };

	(void)state;
	assert_int_equal(cl_infer_class(0, 100, 100, &t), CL_CLASS_WRITE_HOT);
	/* Exactly at the threshold counts. */
	assert_int_equal(cl_infer_class(0, 1, 100, &t), CL_CLASS_WRITE_HOT);
	assert_int_equal(cl_infer_class(1, 0, 100, &t), CL_CLASS_READ_MOSTLY);
	/* Writes win over reads when both pass. */
	assert_int_equal(cl_infer_class(100, 100, 200, &t), CL_CLASS_WRITE_HOT);
	/* Below both thresholds. */
	assert_int_equal(cl_infer_class(9, 9, 1000, &t), CL_CLASS_COLD);
	assert_int_equal(cl_infer_class(0, 0, 1000, &t), CL_CLASS_COLD);
	/* Nothing was accessed at all. */
	assert_int_equal(cl_infer_class(0, 0, 0, &t), CL_CLASS_COLD);
	/* Writes below write_hot fall through to the reads test. */
	assert_int_equal(cl_infer_class(30, 40, 100, &half), CL_CLASS_READ_MOSTLY);
	assert_int_equal(cl_infer_class(20, 40, 100, &half), CL_CLASS_COLD);
	assert_int_equal(cl_infer_class(0, 50, 100, &half), CL_CLASS_WRITE_HOT);
	assert_int_equal(cl_infer_class(UINT64_MAX, 0, UINT64_MAX, &t),
			 CL_CLASS_READ_MOSTLY);
}

static void test_inference_from_counts(void **state)
{
	const struct cl_profile_member *m;
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "counts.yaml",
		"cachelint-profile: 1\n"
		"structs:\n"
		"  s:\n"
		"    w: {reads: 0, writes: 10}\n"	/* 10 >= 1% of 1000 */
		"    r: {reads: 10}\n"			/* writes default to 0 */
		"    c: {reads: 9, writes: 0}\n"	/* cold only once hot is read */
		"    none: {writes: 0}\n"
		"    given: {class: cold, reads: 0, writes: 900}\n"
		"    grouped: {group: g, reads: 1}\n"
		"    hot: {reads: 1000, writes: 0}\n"
		"  t:\n"				/* its own hottest */
		"    only: {reads: 5, writes: 1}\n"
		"    big: {reads: 18446744073709551615, writes: 18446744073709551615}\n");

	assert_member(&p, "s", "hot", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "w", CL_CLASS_WRITE_HOT, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "r", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "c", CL_CLASS_COLD, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "none", CL_CLASS_COLD, CL_ORIGIN_INFERRED);
	m = member(&p, "s", "r");
	assert_true(m->access.has_counts);
	assert_int_equal(m->access.reads, 10);
	assert_int_equal(m->access.writes, 0);

	/* A class wins over counts, and the counts are kept. */
	assert_member(&p, "s", "given", CL_CLASS_COLD, CL_ORIGIN_PROFILE);
	m = member(&p, "s", "given");
	assert_true(m->access.has_counts);
	assert_int_equal(m->access.writes, 900);

	/* A group alone means write_hot. */
	assert_member(&p, "s", "grouped", CL_CLASS_WRITE_HOT, CL_ORIGIN_PROFILE);
	assert_string_equal(member(&p, "s", "grouped")->access.group, "g");

	/* The hottest of t saturates instead of wrapping around to 0. */
	assert_member(&p, "t", "big", CL_CLASS_WRITE_HOT, CL_ORIGIN_INFERRED);
	assert_member(&p, "t", "only", CL_CLASS_COLD, CL_ORIGIN_INFERRED);
	cl_profile_free(&p);
}

/* The use of @path in member @path of struct @s, NULL when it has none. */
static const struct cl_use *use_of(struct cl_profile *p, const char *s, const char *m,
				   const char *path)
{
	const struct cl_profile_member *pm = member(p, s, m);

	for (uint32_t i = 0; i < pm->access.nuses; i++)
		if (!strcmp(pm->access.uses[i].path, path))
			return &pm->access.uses[i];
	return NULL;
}

/*
 * Counted paths (an instrumented run): a path's reads or writes are a use
 * when they reach the thresholds' fraction of the busiest path's accesses
 * to the hottest member; the set-up writes on main are not.  Listed paths
 * have no counts and stay.
 */
static void test_inference_counted_paths(void **state)
{
	const struct cl_use *u;
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "paths.yaml",
		"cachelint-profile: 1\n"
		"structs:\n"
		"  s:\n"
		"    usage: {read: {main: 1, t1: 500, t2: 500}, write: {t1: 400, t2: 400}}\n"
		"    max: {read: {t1: 200, t2: 9}, write: {main: 2}}\n"
		"    setup: {write: {main: 1}}\n"
		"    listed: {read: [t3], write: [t3]}\n");
	/* hottest: usage on t1, 900 accesses; 1% is 9 */
	u = use_of(&p, "s", "usage", "t1");
	assert_non_null(u);
	assert_int_equal(u->flags, CL_USE_READ | CL_USE_WRITE);
	assert_int_equal(u->reads, 500);
	assert_null(use_of(&p, "s", "usage", "main"));
	assert_int_equal(use_of(&p, "s", "max", "t1")->flags, CL_USE_READ);
	assert_int_equal(use_of(&p, "s", "max", "t2")->flags, CL_USE_READ);
	assert_null(use_of(&p, "s", "max", "main"));
	assert_int_equal(member(&p, "s", "max")->access.nuses, 2);
	assert_member(&p, "s", "setup", CL_CLASS_COLD, CL_ORIGIN_INFERRED);
	assert_int_equal(use_of(&p, "s", "listed", "t3")->flags, CL_USE_READ | CL_USE_WRITE);
	cl_profile_free(&p);
}

/* A file's thresholds drive inference, and the last file's win for all. */
static void test_inference_thresholds(void **state)
{
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml",
		"cachelint-profile: 1\n"
		"thresholds: {write-hot: 0.5, read-mostly: 1e-1, min-accesses: 0}\n"
		"structs:\n"
		"  s:\n"
		"    hot: {reads: 100}\n"
		"    w: {writes: 40, reads: 20}\n"	/* 40 < 50, but 20 >= 10 */
		"    c: {reads: 9}\n");
	assert_true(p.thresholds.write_hot == 0.5);
	assert_true(p.thresholds.read_mostly == 0.1);
	assert_member(&p, "s", "w", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "c", CL_CLASS_COLD, CL_ORIGIN_INFERRED);

	load_ok(&p, "b.yaml",
		"cachelint-profile: 1\n"
		"thresholds: {read-mostly: 0.05}\n"	/* write-hot stays 0.5 */
		"structs:\n"
		"  t:\n"
		"    hot: {reads: 100}\n"
		"    w: {writes: 50}\n"
		"    r: {reads: 5}\n");
	assert_true(p.thresholds.write_hot == 0.5);
	assert_true(p.thresholds.read_mostly == 0.05);
	assert_member(&p, "t", "w", CL_CLASS_WRITE_HOT, CL_ORIGIN_INFERRED);
	assert_member(&p, "t", "r", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	/*
	 * The last thresholds win for the files before too (the schema's
	 * merging rule): 9 reads of 100 are read-mostly at 5%, and s's w
	 * stays below write-hot's 0.5.
	 */
	assert_member(&p, "s", "c", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "w", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);

	/* Counted paths too: t1's 8 writes of 100 are a use at write-hot 5%. */
	load_ok(&p, "c.yaml",
		"cachelint-profile: 1\n"
		"structs:\n"
		"  u:\n"
		"    hot: {read: {t1: 100}}\n"
		"    x: {read: {t1: 20}, write: {t1: 8}}\n");
	assert_int_equal(use_of(&p, "u", "x", "t1")->flags, CL_USE_READ);
	load_ok(&p, "d.yaml", "cachelint-profile: 1\nthresholds: {write-hot: 0.05}\n");
	assert_int_equal(use_of(&p, "u", "x", "t1")->flags, CL_USE_READ | CL_USE_WRITE);
	assert_member(&p, "t", "w", CL_CLASS_WRITE_HOT, CL_ORIGIN_INFERRED);
	cl_profile_free(&p);
}

/*
 * The floor: a struct whose counted entries add up to fewer than
 * min-accesses gets no class from them; one thresholds: file later lowers
 * it for the counts loaded before it too.  Classes and uncounted paths stay.
 */
static void test_inference_floor(void **state)
{
	const struct cl_profile_member *m;
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", "cachelint-profile: 1\nstructs:\n"
		"  s:\n"
		"    hot: {reads: 800}\n"
		"    w: {writes: 99}\n"
		"    k: {class: write_hot, writes: 1}\n"
		"  t:\n"
		"    x: {read: {thread-1: 400, thread-2: 1}, write: [main]}\n"
		"    y: {write: {thread-1: 500}}\n"
		"  big:\n"
		"    hot: {reads: 901}\n"
		"    w: {writes: 99}\n");
	assert_member(&p, "s", "hot", CL_CLASS_COLD, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "w", CL_CLASS_COLD, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "k", CL_CLASS_WRITE_HOT, CL_ORIGIN_PROFILE);
	/* 901 accesses: x's counted uses go, its listed write stays */
	m = member(&p, "t", "x");
	assert_int_equal(m->access.cls, CL_CLASS_PATHS);
	assert_int_equal(m->access.nuses, 1);
	assert_string_equal(m->access.uses[0].path, "main");
	assert_member(&p, "t", "y", CL_CLASS_COLD, CL_ORIGIN_INFERRED);
	/* 1000 accesses are not fewer than 1000 */
	assert_member(&p, "big", "hot", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	assert_member(&p, "big", "w", CL_CLASS_WRITE_HOT, CL_ORIGIN_INFERRED);

	load_ok(&p, "off.yaml", "cachelint-profile: 1\nthresholds: {min-accesses: 0}\n");
	assert_int_equal(p.thresholds.min_accesses, 0);
	assert_member(&p, "s", "hot", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	assert_member(&p, "s", "w", CL_CLASS_WRITE_HOT, CL_ORIGIN_INFERRED);
	m = member(&p, "t", "x");
	assert_int_equal(m->access.nuses, 2);
	assert_member(&p, "t", "y", CL_CLASS_PATHS, CL_ORIGIN_PROFILE);
	cl_profile_free(&p);
}

static void test_suppress(void **state)
{
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "s.yaml",
		"cachelint-profile: 1\n"
		"suppress:\n"
		"  a: all\n"
		"  b: cachelint-false-sharing\n"
		"  c: [cachelint-write-groups, cachelint-adjacent-line]\n"
		"  d: []\n"
		"structs:\n"
		"  b: {x: cold}\n");
	assert_int_equal(cl_profile_find(&p, "a")->suppress, CL_RULE_MASK_ALL);
	assert_int_equal(cl_profile_find(&p, "b")->suppress, 1u << CL_RULE_FALSE_SHARING);
	assert_int_equal(cl_profile_find(&p, "c")->suppress,
			 (1u << CL_RULE_WRITE_GROUPS) | (1u << CL_RULE_ADJACENT_LINE));
	assert_int_equal(cl_profile_find(&p, "d")->suppress, 0);
	/* One struct for "b", whether named under suppress or structs. */
	assert_int_equal(p.nstructs, 4);
	assert_int_equal(cl_profile_find(&p, "b")->nmembers, 1);
	cl_profile_free(&p);
}

/* ------------------------------------------------------------------ */
/* Errors                                                               */
/* ------------------------------------------------------------------ */

/**
 * struct error_case - a profile that must fail
 * @yaml: the profile
 * @line: expected 1-based line, 0 when the error has none
 * @col: expected 1-based column, 0 when the error has none
 * @msg: a substring of the expected message
 */
struct error_case {
	const char *yaml;
	unsigned line, col;
	const char *msg;
};

#define V1 "cachelint-profile: 1\n"

/* What every error test loads first, to see that a failed load leaves it. */
static const char base_profile[] =
	V1
	"line-size: 128\n"
	"suppress: {s: cachelint-profile}\n"
	"structs:\n"
	"  s:\n"
	"    a: write_hot\n";

static void assert_base_profile(const struct cl_profile *p)
{
	const struct cl_profile_struct *s = cl_profile_find(p, "s");

	assert_int_equal(p->nstructs, 1);
	assert_non_null(s);
	assert_int_equal(s->suppress, 1u << CL_RULE_PROFILE);
	assert_int_equal(s->nmembers, 1);
	assert_string_equal(s->members[0].path, "a");
	assert_string_equal(s->members[0].span.file, "base.yaml");
	assert_int_equal(s->members[0].access.cls, CL_CLASS_WRITE_HOT);
	assert_null(s->members[0].replaced_at);
	assert_int_equal(p->line_size, 128);
	assert_true(p->thresholds.write_hot == CL_THRESHOLD_WRITE_HOT_DEFAULT);
	assert_true(p->thresholds.read_mostly == CL_THRESHOLD_READ_MOSTLY_DEFAULT);
}

static void test_error(void **state)
{
	const struct error_case *c = *state;
	struct cl_profile p;
	struct cl_diag err;

	cl_profile_init(&p);
	load_ok(&p, "base.yaml", base_profile);
	assert_int_equal(load(&p, "bad.yaml", c->yaml, &err), -1);
	assert_string_equal(err.file, "bad.yaml");
	if (err.line != c->line || err.col != c->col || !strstr(err.msg, c->msg))
		fail_msg("got %u:%u: %s\nwant %u:%u: ...%s...", err.line, err.col, err.msg,
			 c->line, c->col, c->msg);
	assert_base_profile(&p);
	cl_profile_free(&p);
}

static struct error_case syntax_error = {
	V1 "line-size: 64: 1\n", 2, 14, "mapping values are not allowed",
};
static struct error_case unclosed_flow = {
	V1 "structs: {s: {a: cold}\n", 3, 1, "did not find expected ',' or '}'",
};
static struct error_case tab_indent = {
	V1 "structs:\n  s:\n\ta: cold\n", 4, 1, "cannot start any token",
};
static struct error_case invalid_utf8 = {
	V1 "structs:\n  s\xff: {a: cold}\n", 0, 0, "invalid leading UTF-8 octet",
};
static struct error_case empty_buffer = { "", 0, 0, "empty profile" };
static struct error_case only_comments = { "# nothing\n\n# here\n", 0, 0, "empty profile" };
static struct error_case only_document_marker = { "---\n", 0, 0, "empty profile" };
static struct error_case missing_version = {
	"line-size: 64\nstructs:\n  s: {a: cold}\n", 1, 1, "missing 'cachelint-profile: 1'",
};
static struct error_case missing_version_flow = {
	"# header\n  {structs: {}}\n", 2, 3, "missing 'cachelint-profile: 1'",
};
static struct error_case version_2 = {
	"cachelint-profile: 2\n", 1, 20, "unsupported profile version 2",
};
static struct error_case version_0 = {
	"structs: {}\ncachelint-profile: 0\n", 2, 20, "unsupported profile version 0",
};
static struct error_case version_text = {
	"cachelint-profile: one\n", 1, 20, "'cachelint-profile' must be an integer, found 'one'",
};
static struct error_case version_float = {
	"cachelint-profile: 1.0\n", 1, 20, "must be an integer, found '1.0'",
};
static struct error_case unknown_top_key = {
	V1 "line-size: 64\nstruct:\n  s: {a: cold}\n", 3, 1,
	"unknown key 'struct' (expected cachelint-profile, line-size, thresholds, counts, evidence, "
	"suppress, paths, structs, objects, contention or lines)",
};
static struct error_case unknown_class = {
	V1 "structs:\n  s:\n    a: cold\n    b: hot\n", 5, 8,
	"unknown class 'hot' (expected read_mostly, write_hot or cold)",
};
static struct error_case class_none = {
	V1 "structs:\n  s:\n    a: none\n", 4, 8, "unknown class 'none'",
};
static struct error_case unknown_class_in_mapping = {
	V1 "structs:\n  s:\n    a: {class: write-hot}\n", 4, 16, "unknown class 'write-hot'",
};
static struct error_case negative_count = {
	V1 "structs:\n  s:\n    a: {reads: -5}\n", 4, 16,
	"'reads' must be an integer from 0 to 18446744073709551615, found '-5'",
};
static struct error_case text_count = {
	V1 "structs:\n  s:\n    a: {reads: 1, writes: many}\n", 4, 27,
	"'writes' must be an integer from 0 to 18446744073709551615, found 'many'",
};
static struct error_case float_count = {
	V1 "structs:\n  s:\n    a:\n      writes: 1.5\n", 5, 15, "found '1.5'",
};
static struct error_case overflow_count = {
	V1 "structs:\n  s:\n    a: {writes: 18446744073709551616}\n", 4, 17,
	"found '18446744073709551616'",
};
static struct error_case dup_top = {
	V1 "structs: {}\ncachelint-profile: 1\n", 3, 1,
	"duplicate key 'cachelint-profile' (first at line 1)",
};
static struct error_case dup_struct = {
	V1 "structs:\n  s:\n    a: cold\n  t: {}\n  s:\n    b: cold\n", 6, 3,
	"duplicate key 's' (first at line 3)",
};
static struct error_case dup_member = {
	V1 "structs:\n  s:\n    a: cold\n    b: cold\n    a: write_hot\n", 6, 5,
	"duplicate key 'a' (first at line 4)",
};
static struct error_case dup_member_flow = {
	V1 "structs: {s: {a: cold, a: cold}}\n", 2, 24, "duplicate key 'a' (first at line 2)",
};
static struct error_case dup_entry_key = {
	V1 "structs:\n  s:\n    a: {reads: 1, reads: 2}\n", 4, 19,
	"duplicate key 'reads' (first at line 4)",
};
static struct error_case dup_suppress = {
	V1 "suppress:\n  s: all\n  s: all\n", 4, 3, "duplicate key 's' (first at line 3)",
};
static struct error_case dup_threshold = {
	V1 "thresholds:\n  write-hot: 0.5\n  write-hot: 0.5\n", 4, 3,
	"duplicate key 'write-hot' (first at line 3)",
};
static struct error_case scalar_for_structs = {
	V1 "structs: 5\n", 2, 10, "'structs' must be a mapping, found a scalar",
};
static struct error_case empty_structs = {
	V1 "structs:\n", 2, 9, "'structs' must be a mapping, found a scalar",
};
static struct error_case scalar_for_struct = {
	V1 "structs:\n  s: write_hot\n", 3, 6, "'s' must be a mapping, found a scalar",
};
static struct error_case sequence_for_struct = {
	V1 "structs:\n  s: [a, b]\n", 3, 6, "'s' must be a mapping, found a sequence",
};
static struct error_case scalar_for_thresholds = {
	V1 "thresholds: 0.5\n", 2, 13, "'thresholds' must be a mapping, found a scalar",
};
static struct error_case scalar_root = {
	"cachelint-profile\n", 1, 1, "a profile must be a mapping, found a scalar",
};
static struct error_case sequence_root = {
	"- cachelint-profile: 1\n", 1, 1, "a profile must be a mapping, found a sequence",
};
static struct error_case mapping_for_line_size = {
	V1 "line-size: {a: 1}\n", 2, 12, "'line-size' must be a scalar, found a mapping",
};
static struct error_case mapping_for_class = {
	V1 "structs:\n  s:\n    a: {class: {x: 1}}\n", 4, 16,
	"'class' must be a scalar, found a mapping",
};
static struct error_case sequence_for_entry = {
	V1 "structs:\n  s:\n    a: [cold]\n", 4, 8,
	"'a' must be a class or a mapping, found a sequence",
};
static struct error_case mapping_key = {
	V1 "? {a: 1}\n: b\n", 2, 3, "keys must be scalars, found a mapping",
};
static struct error_case anchor = {
	V1 "structs:\n  s:\n    a: &x cold\n", 4, 8, "aliases are not supported",
};
static struct error_case alias = {
	V1 "structs:\n  s:\n    a: *x\n", 4, 8, "aliases are not supported",
};
static struct error_case anchor_on_mapping = {
	V1 "structs: &all\n  s: {a: cold}\n", 2, 10, "aliases are not supported",
};
static struct error_case two_documents = {
	V1 "structs: {}\n---\n" V1, 3, 1, "more than one document",
};
static struct error_case two_documents_explicit = {
	"---\n" V1 "...\n---\n" V1, 4, 1, "more than one document",
};
static struct error_case tag = {
	V1 "line-size: !!int 64\n", 2, 12, "tags are not supported",
};
static struct error_case nul_in_key = {
	V1 "structs:\n  s:\n    \"a\\0b\": cold\n", 4, 5, "NUL characters are not allowed",
};
static struct error_case path_double_dot = {
	V1 "structs:\n  s:\n    lruvec..pgdat: cold\n", 4, 5,
	"invalid member path 'lruvec..pgdat'",
};
static struct error_case path_trailing_dot = {
	V1 "structs:\n  s:\n    lruvec.: cold\n", 4, 5, "invalid member path 'lruvec.'",
};
static struct error_case path_digit = {
	V1 "structs:\n  s:\n    1st: cold\n", 4, 5, "invalid member path '1st'",
};
static struct error_case path_dash = {
	V1 "structs:\n  s:\n    ok: cold\n    nr-pages: cold\n", 5, 5,
	"invalid member path 'nr-pages'",
};
static struct error_case path_empty = {
	V1 "structs:\n  s:\n    '': cold\n", 4, 5, "invalid member path ''",
};
static struct error_case struct_keyword = {
	V1 "structs:\n  struct s:\n    a: cold\n", 3, 3, "invalid struct name 'struct s'",
};
static struct error_case struct_template_open = {
	V1 "structs:\n  \"box<int\":\n    a: cold\n", 3, 3, "invalid struct name 'box<int'",
};
static struct error_case struct_template_tail = {
	V1 "structs:\n  \"ns::box<int>x\":\n    a: cold\n", 3, 3,
	"invalid struct name 'ns::box<int>x'",
};
static struct error_case struct_template_scope = {
	V1 "structs:\n  \"ns::box<int>::\":\n    a: cold\n", 3, 3,
	"invalid struct name 'ns::box<int>::'",
};
static struct error_case line_size_not_pow2 = {
	V1 "line-size: 100\n", 2, 12, "'line-size' must be a power of two from 16 to 512",
};
static struct error_case line_size_small = {
	V1 "line-size: 8\n", 2, 12, "found '8'",
};
static struct error_case line_size_large = {
	V1 "line-size: 1024\n", 2, 12, "found '1024'",
};
static struct error_case threshold_zero = {
	V1 "thresholds: {write-hot: 0}\n", 2, 25, "'write-hot' must be a number in (0, 1]",
};
static struct error_case threshold_above_one = {
	V1 "thresholds: {read-mostly: 1.5}\n", 2, 27, "found '1.5'",
};
static struct error_case threshold_text = {
	V1 "thresholds:\n  read-mostly: nan\n", 3, 16, "found 'nan'",
};
static struct error_case threshold_unknown = {
	V1 "thresholds: {write_hot: 0.1}\n", 2, 14,
	"unknown threshold 'write_hot' (expected write-hot, read-mostly, min-accesses, min-transfers, min-samples or min-share)",
};
static struct error_case group_with_cold = {
	V1 "structs:\n  s:\n    a: {class: cold, group: g}\n", 4, 29,
	"write group of 'a' needs class write_hot, not cold",
};
static struct error_case group_empty = {
	V1 "structs:\n  s:\n    a: {group: ''}\n", 4, 16, "'group' must name a write group",
};
/* a write group is a path: its name reaches the program bench compiles */
static struct error_case group_not_path = {
	V1 "structs:\n  s:\n    a: {class: write_hot, group: 'x */ f(); /*'}\n", 4, 34,
	"write group 'x */ f(); /*' is not a path name: a path is a name of letters, digits, '_', '-' and '.'",
};
static struct error_case empty_entry = {
	V1 "structs:\n  s:\n    a: {}\n", 4, 8, "entry 'a' has no class, group, counts or paths",
};
static struct error_case unknown_entry_key = {
	V1 "structs:\n  s:\n    a: {klass: cold}\n", 4, 9,
	"unknown entry key 'klass' (expected class, group, reads, writes, read, write or from)",
};
/* The path's name outlives its YAML event (the fuzzer found it used after free). */
static struct error_case bad_path_count = {
	V1 "structs:\n  s:\n    a: {write: {tx: 5, rx: -1}}\n", 4, 28,
	"'rx' must be an integer from 0 to 18446744073709551615, found '-1'",
};
static struct error_case empty_from = {
	V1 "structs:\n  s:\n    a: {class: cold, from: \"\"}\n", 4, 28,
	"'from' must say where the entry came from",
};
static struct error_case unknown_rule = {
	V1 "suppress:\n  s: false-sharing\n", 3, 6, "unknown rule 'false-sharing'",
};
static struct error_case unknown_rule_in_list = {
	V1 "suppress:\n  s: [cachelint-profile, nope]\n", 3, 26, "unknown rule 'nope'",
};
static struct error_case mapping_for_suppress = {
	V1 "suppress:\n  s: {all: 1}\n", 3, 6,
	"suppress of 's' must be a rule ID or a list of them, found a mapping",
};
static struct error_case quoted_in_message = {
	V1 "\"bad'key\xc3\xa9\\x01\\x7f\": 1\n", 2, 1, "unknown key 'bad\\x27key\xc3\xa9\\x01\\x7f'",
};

#define ERROR_TEST(c) { "error_" #c, test_error, NULL, NULL, &(c) }

/* ------------------------------------------------------------------ */
/* Merging                                                              */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* objects: evidence per object (profile_objects.c)                     */
/* ------------------------------------------------------------------ */

/* The schema's example (docs/profiles.md), as the runtime writes it. */
static const char objects_example[] = V1
	"objects:\n"
	"  sample: 64\n"
	"  line-size: 64\n"
	"  dropped: 3\n"
	"  structs:\n"
	"    stats_state:\n"
	"      instances: 1\n"
	"      shared: 1\n"
	"      base-align: 64\n"
	"      pairs:\n"
	"        - {write: curr_items, access: curr_items, objects: 1, same-bytes: 1, same-written: 1, threads: 4, paths: [worker_libevent]}\n"
	"        - {write: curr_items, access: usage.total_items, objects: 1, threads: 4, paths: [worker_libevent]}\n"
	"    slot:\n"
	"      instances: 16\n"
	"      shared: 0\n"
	"      base-align: 8\n"
	"      between:\n"
	"        {lines: 6, per-line: 3, size: 24, same-bytes: 0, threads: 16, paths: [thread-1, thread-2]}\n"
	"  variables:\n"
	"    used_memory_thread:\n"
	"      element: 8\n"
	"      elements: 16\n"
	"      base-align: 64\n"
	"      lines: 2\n"
	"      per-line: 8\n"
	"      same-bytes: 0\n"
	"      threads: 16\n"
	"      paths: [thread-1, thread-2]\n";

static void test_objects_example(void **state)
{
	const struct cl_object_struct *os;
	const struct cl_object_variable *v;
	const struct cl_object_pair *pr;
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	assert_false(p.objects.present);
	load_ok(&p, "rt.yaml", objects_example);
	assert_true(p.objects.present);
	assert_int_equal(p.objects.sample, 64);
	assert_int_equal(p.objects.line_size, 64);
	assert_int_equal(p.objects.dropped, 3);
	/* objects: names structs without giving them classes */
	assert_null(cl_profile_find(&p, "stats_state"));

	os = cl_objects_struct(&p, "stats_state");
	assert_non_null(os);
	assert_int_equal(os->instances, 1);
	assert_int_equal(os->shared, 1);
	assert_int_equal(os->base_align, 64);
	assert_false(os->has_between);
	assert_int_equal(os->npairs, 2);
	assert_int_equal(os->span.line, 7);
	assert_int_equal(os->span.col, 5);
	assert_string_equal(os->span.file, "rt.yaml");
	pr = &os->pairs[0];
	assert_string_equal(pr->write, "curr_items");
	assert_string_equal(pr->access, "curr_items");
	assert_int_equal(pr->objects, 1);
	assert_int_equal(pr->same_bytes, 1);
	assert_int_equal(pr->same_written, 1);
	assert_int_equal(pr->threads, 4);
	assert_int_equal(pr->npaths, 1);
	assert_string_equal(pr->paths[0], "worker_libevent");
	assert_int_equal(pr->span.line, 12);
	pr = &os->pairs[1];
	assert_string_equal(pr->access, "usage.total_items");
	assert_int_equal(pr->same_bytes, 0);
	assert_int_equal(pr->same_written, 0);

	/* either direction; a pair not seen is NULL */
	assert_ptr_equal(cl_objects_pair(os, "usage.total_items", "curr_items"), &os->pairs[1]);
	assert_ptr_equal(cl_objects_pair(os, "curr_items", "usage.total_items"), &os->pairs[1]);
	assert_ptr_equal(cl_objects_pair(os, "curr_items", "curr_items"), &os->pairs[0]);
	assert_null(cl_objects_pair(os, "usage.total_items", "usage.total_items"));
	assert_null(cl_objects_pair(os, "curr_items", "total_items"));

	os = cl_objects_struct(&p, "slot");
	assert_non_null(os);
	assert_int_equal(os->npairs, 0);
	assert_true(os->has_between);
	assert_int_equal(os->base_align, 8);
	assert_int_equal(os->between.lines, 6);
	assert_int_equal(os->between.per_line, 3);
	assert_int_equal(os->between.size, 24);
	assert_int_equal(os->between.same_bytes, 0);
	assert_int_equal(os->between.threads, 16);
	assert_int_equal(os->between.npaths, 2);
	assert_string_equal(os->between.paths[1], "thread-2");
	assert_null(cl_objects_struct(&p, "used_memory_thread"));

	v = cl_objects_variable(&p, "used_memory_thread");
	assert_non_null(v);
	assert_int_equal(v->element, 8);
	assert_int_equal(v->elements, 16);
	assert_int_equal(v->base_align, 64);
	assert_int_equal(v->lines, 2);
	assert_int_equal(v->per_line, 8);
	assert_int_equal(v->same_bytes, 0);
	assert_int_equal(v->threads, 16);
	assert_int_equal(v->npaths, 2);
	assert_string_equal(v->paths[0], "thread-1");
	assert_int_equal(v->span.line, 21);
	assert_null(cl_objects_variable(&p, "slot"));
	cl_profile_free(&p);
	assert_false(p.objects.present);
}

/* A later entry replaces the earlier one whole; other entries stay. */
static void test_objects_merge(void **state)
{
	const struct cl_object_struct *os;
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", objects_example);
	load_ok(&p, "b.yaml", V1 "objects:\n  sample: 1\n  structs:\n"
		"    stats_state: {instances: 7, base-align: 16, pairs: []}\n"
		"    node: {instances: 2000, pairs: [{write: hits, access: key, paths: []}]}\n"
		"  variables:\n    used_memory_thread: {element: 64, elements: 16, lines: 0}\n");
	assert_int_equal(p.objects.sample, 1);
	assert_int_equal(p.objects.line_size, 64);
	assert_int_equal(p.objects.nstructs, 3);
	os = cl_objects_struct(&p, "stats_state");
	assert_int_equal(os->instances, 7);
	assert_int_equal(os->shared, 0);
	assert_int_equal(os->base_align, 16);
	assert_int_equal(os->npairs, 0);
	assert_string_equal(os->span.file, "b.yaml");
	assert_non_null(cl_objects_struct(&p, "slot"));
	os = cl_objects_struct(&p, "node");
	assert_int_equal(os->npairs, 1);
	assert_int_equal(os->pairs[0].npaths, 0);
	assert_int_equal(os->base_align, 0);
	assert_int_equal(p.objects.nvariables, 1);
	assert_int_equal(cl_objects_variable(&p, "used_memory_thread")->element, 64);
	assert_int_equal(cl_objects_variable(&p, "used_memory_thread")->lines, 0);
	/* a profile without objects: changes none of it */
	load_ok(&p, "c.yaml", V1 "structs: {node: {hits: write_hot}}\n");
	assert_int_equal(p.objects.nstructs, 3);
	assert_int_equal(p.objects.sample, 1);
	cl_profile_free(&p);
}

#define OBJ V1 "objects:\n"
#define OBJ_S OBJ "  structs:\n    node:\n"
static struct error_case objects_unknown_key = {
	OBJ "  samples: 64\n", 3, 3,
	"unknown objects key 'samples' (expected sample, line-size, dropped, structs or variables)",
};
static struct error_case objects_scalar = {
	V1 "objects: 1\n", 2, 10, "'objects' must be a mapping, found a scalar",
};
static struct error_case objects_sample_zero = {
	OBJ "  sample: 0\n", 3, 11, "'sample' must be an integer from 1 to",
};
static struct error_case objects_line_size = {
	OBJ "  line-size: 48\n", 3, 14, "'line-size' must be a power of two from 16 to 512",
};
static struct error_case objects_struct_key = {
	OBJ_S "      instance: 3\n", 5, 7,
	"unknown objects key of a struct 'instance' (expected instances, shared, base-align, pairs or between)",
};
static struct error_case objects_bad_count = {
	OBJ_S "      instances: -3\n", 5, 18, "'instances' must be an integer from 0 to",
};
static struct error_case objects_align_pow2 = {
	OBJ_S "      base-align: 24\n", 5, 19,
	"'base-align' must be a power of two from 1 to 4096, found '24'",
};
static struct error_case objects_align_zero = {
	OBJ_S "      base-align: 0\n", 5, 19, "'base-align' must be a power of two",
};
static struct error_case objects_align_big = {
	OBJ_S "      base-align: 8192\n", 5, 19, "'base-align' must be a power of two",
};
static struct error_case objects_pairs_mapping = {
	OBJ_S "      pairs: {write: a, access: b}\n", 5, 14,
	"'pairs' must be a list of pairs, found a mapping",
};
static struct error_case objects_pair_scalar = {
	OBJ_S "      pairs: [a]\n", 5, 15, "an item of 'pairs' must be a mapping, found a scalar",
};
static struct error_case objects_pair_no_access = {
	OBJ_S "      pairs:\n        - {write: hits, objects: 3}\n", 6, 11,
	"a pair needs 'write' and 'access'",
};
static struct error_case objects_pair_key = {
	OBJ_S "      pairs: [{write: a, access: b, same: 1}]\n", 5, 37,
	"unknown pair key 'same' (expected write, access, objects, same-bytes, same-written, threads or paths)",
};
static struct error_case objects_pair_path = {
	OBJ_S "      pairs: [{write: a.2, access: b}]\n", 5, 23,
	"invalid member path 'a.2'",
};
static struct error_case objects_pair_dup = {
	OBJ_S "      pairs:\n        - {write: a, access: b}\n        - {write: a, access: b, objects: 2}\n",
	7, 11, "duplicate pair {write: a, access: b} (first at line 6)",
};
static struct error_case objects_pair_paths = {
	OBJ_S "      pairs: [{write: a, access: b, paths: thread-1}]\n", 5, 44,
	"'paths' must be a list of paths, found a scalar",
};
static struct error_case objects_pair_path_twice = {
	OBJ_S "      pairs: [{write: a, access: b, paths: [t1, t1]}]\n", 5, 49,
	"path 't1' listed twice",
};
static struct error_case objects_between_key = {
	OBJ_S "      between: {lines: 1, stride: 3}\n", 5, 27,
	"unknown between key 'stride' (expected lines, per-line, size, same-bytes, threads or paths)",
};
static struct error_case objects_dup_struct = {
	OBJ_S "      instances: 1\n    node: {instances: 2}\n", 6, 5,
	"duplicate key 'node' (first at line 4)",
};
static struct error_case objects_bad_struct = {
	OBJ "  structs:\n    2node: {instances: 2}\n", 4, 5, "invalid struct name '2node'",
};
static struct error_case objects_bad_variable = {
	OBJ "  variables:\n    a.b: {element: 8}\n", 4, 5,
	"invalid variable name 'a.b' (expected an identifier)",
};
static struct error_case objects_variable_key = {
	OBJ "  variables:\n    v: {element: 8, stride: 8}\n", 4, 21,
	"unknown objects key of a variable 'stride' (expected element, elements, base-align, "
	"lines, per-line, same-bytes, threads or paths)",
};
static struct error_case objects_variable_align = {
	OBJ "  variables:\n    v: {base-align: 3}\n", 4, 21, "'base-align' must be a power of two",
};

/* NAME@FILE:LINE keys: one of two structs of one tag, by where it is defined. */
static void test_located_keys(void **state)
{
	struct cl_record_place pa, pb;
	struct cl_record *a, *b;
	struct cl_arena ar;
	struct cl_profile p;

	(void)state;
	cl_arena_init(&ar);
	a = cl_record_new(&ar, CL_STRUCT, "node", 0);
	a->span.file = "src/x/a.c";
	a->span.line = 3;
	b = cl_record_new(&ar, CL_STRUCT, "node", 0);
	b->span.file = "src/x/ba.c";
	b->span.line = 3;
	cl_record_place(a, &pa);
	cl_record_place(b, &pb);
	assert_int_equal(cl_struct_key_name("node@a.c:3"), 4);
	assert_int_equal(cl_struct_key_name("node"), 4);
	assert_true(cl_struct_key_matches("node", &pa));
	assert_true(cl_struct_key_matches("node@a.c:3", &pa));
	assert_true(cl_struct_key_matches("node@x/a.c:3", &pa));
	assert_true(cl_struct_key_matches("node@src/x/a.c:3", &pa));
	assert_false(cl_struct_key_matches("node@a.c:3", &pb));	/* ba.c: not a path component */
	assert_false(cl_struct_key_matches("node@a.c:4", &pa));
	assert_false(cl_struct_key_matches("nod@a.c:3", &pa));

	cl_profile_init(&p);
	load_ok(&p, "a.yaml", V1 "structs:\n  node@a.c:3: {key: cold}\n  node: {next: cold}\n"
		"objects:\n  structs:\n    node@ba.c:3: {instances: 2}\n    slot: {instances: 1}\n");
	assert_string_equal(cl_profile_find_record(&p, &pa)->name, "node@a.c:3");
	assert_string_equal(cl_profile_find_record(&p, &pb)->name, "node");
	assert_null(cl_objects_struct_record(&p, &pa));
	assert_int_equal(cl_objects_struct_record(&p, &pb)->instances, 2);
	assert_true(cl_profile_names(&p, "node"));
	assert_true(cl_profile_names(&p, "slot"));
	assert_false(cl_profile_names(&p, "nod"));
	cl_profile_free(&p);
	cl_arena_free(&ar);
}

static void test_merge(void **state)
{
	const struct cl_profile_struct *s;
	const struct cl_profile_member *m;
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "first.yaml",
		V1
		"line-size: 128\n"
		"suppress: {s: cachelint-false-sharing}\n"
		"structs:\n"
		"  s:\n"
		"    a: write_hot\n"
		"    b: read_mostly\n"
		"    c: {class: write_hot, group: g1}\n"
		"  only_first:\n"
		"    x: cold\n");
	load_ok(&p, "second.yaml",
		V1
		"suppress: {s: [cachelint-write-groups], t: all}\n"
		"structs:\n"
		"  s:\n"
		"    b: cold\n"
		"    d: read_mostly\n"
		"    c: {group: g2}\n"
		"  t:\n"
		"    y: read_mostly\n");

	assert_int_equal(p.line_size, 128);	/* the second file sets none */
	assert_int_equal(p.nstructs, 3);
	s = cl_profile_find(&p, "s");
	assert_int_equal(s->suppress,
			 (1u << CL_RULE_FALSE_SHARING) | (1u << CL_RULE_WRITE_GROUPS));
	assert_int_equal(cl_profile_find(&p, "t")->suppress, CL_RULE_MASK_ALL);

	/* Replaced entries keep their place; new ones are appended. */
	assert_int_equal(s->nmembers, 4);
	assert_string_equal(s->members[0].path, "a");
	assert_string_equal(s->members[1].path, "b");
	assert_string_equal(s->members[2].path, "c");
	assert_string_equal(s->members[3].path, "d");

	m = member(&p, "s", "a");
	assert_int_equal(m->access.cls, CL_CLASS_WRITE_HOT);
	assert_null(m->replaced_at);
	assert_string_equal(m->span.file, "first.yaml");

	m = member(&p, "s", "b");
	assert_int_equal(m->access.cls, CL_CLASS_COLD);
	assert_non_null(m->replaced_at);
	assert_string_equal(m->span.file, "second.yaml");
	assert_int_equal(m->span.line, 5);
	/* Where the entry it replaced was, for the notes on findings. */
	assert_string_equal(m->replaced_at->file, "first.yaml");
	assert_int_equal(m->replaced_at->line, 7);
	assert_int_equal(m->replaced_at->col, 5);

	m = member(&p, "s", "c");
	assert_string_equal(m->access.group, "g2");
	assert_non_null(m->replaced_at);

	m = member(&p, "s", "d");
	assert_null(m->replaced_at);
	assert_string_equal(m->span.file, "second.yaml");

	assert_member(&p, "only_first", "x", CL_CLASS_COLD, CL_ORIGIN_PROFILE);
	assert_member(&p, "t", "y", CL_CLASS_READ_MOSTLY, CL_ORIGIN_PROFILE);

	load_ok(&p, "third.yaml", V1 "line-size: 32\n");
	assert_int_equal(p.line_size, 32);
	cl_profile_free(&p);
}

/* A class inferred in one file replaces a class given in another. */
static void test_merge_counts_replace_class(void **state)
{
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", V1 "structs: {s: {a: read_mostly, b: cold}}\n");
	load_ok(&p, "b.yaml", V1 "thresholds: {min-accesses: 0}\n"
		"structs: {s: {a: {writes: 10}, b: {reads: 1}}}\n");
	assert_member(&p, "s", "a", CL_CLASS_WRITE_HOT, CL_ORIGIN_INFERRED);
	/* b's hottest is a's 10 accesses from b.yaml, not anything in a.yaml. */
	assert_member(&p, "s", "b", CL_CLASS_READ_MOSTLY, CL_ORIGIN_INFERRED);
	assert_non_null(member(&p, "s", "b")->replaced_at);
	cl_profile_free(&p);
}

/* Enough structs to grow the struct index several times. */
static void test_many_structs(void **state)
{
	size_t size = 1 << 20, len = 0, i;
	char *buf = malloc(size);
	struct cl_profile p;
	char name[32];

	(void)state;
	len += snprintf(buf + len, size - len, V1 "structs:\n");
	for (i = 0; i < 5000; i++)
		len += snprintf(buf + len, size - len, "  s%zu: {m: cold}\n", i);
	assert_true(len < size);
	cl_profile_init(&p);
	load_ok(&p, "many.yaml", buf);
	assert_int_equal(p.nstructs, 5000);
	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "s%zu", i);
		assert_non_null(cl_profile_find(&p, name));
		assert_string_equal(cl_profile_find(&p, name)->name, name);
	}
	assert_null(cl_profile_find(&p, "s5000"));
	free(buf);
	cl_profile_free(&p);
}

/* ------------------------------------------------------------------ */
/* Scale                                                                */
/* ------------------------------------------------------------------ */

#define BIG_MEMBERS 100000

/* Appends to a malloc'd string that grows by doubling. */
static void append(char **buf, size_t *len, size_t *cap, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(*buf + *len, *cap - *len, fmt, ap);
		va_end(ap);
		if ((size_t)n < *cap - *len)
			break;
		*cap *= 2;
		*buf = realloc(*buf, *cap);
		assert_non_null(*buf);
	}
	*len += (size_t)n;
}

/*
 * m0 is the hottest with 1000000 reads, so 1% is 10000: m1, m4, ... are
 * read-mostly, m2, m5, ... cold, m3, m6, ... write-hot.
 */
static char *big_profile(void)
{
	size_t len = 0, cap = 4096, i;
	char *buf = malloc(cap);

	buf[0] = '\0';
	append(&buf, &len, &cap, V1 "structs:\n  big:\n    m0: {reads: 1000000}\n");
	for (i = 1; i < BIG_MEMBERS; i++) {
		if (i % 3 == 0)
			append(&buf, &len, &cap, "    m%zu: {writes: 20000}\n", i);
		else if (i % 3 == 1)
			append(&buf, &len, &cap, "    m%zu: {reads: 20000, writes: 3}\n", i);
		else
			append(&buf, &len, &cap, "    m%zu: {reads: 5, writes: 5}\n", i);
	}
	return buf;
}

static enum cl_class big_class(size_t i)
{
	static const enum cl_class by_rest[] = {
		CL_CLASS_WRITE_HOT, CL_CLASS_READ_MOSTLY, CL_CLASS_COLD,
	};

	return i ? by_rest[i % 3] : CL_CLASS_READ_MOSTLY;
}

static void test_large_struct(void **state)
{
	const struct cl_profile_struct *s;
	size_t len = 0, cap = 4096, i;
	char *buf = big_profile();
	struct cl_profile p;
	char path[32];

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "big.yaml", buf);
	s = cl_profile_find(&p, "big");
	assert_non_null(s);
	assert_int_equal(s->nmembers, BIG_MEMBERS);
	for (i = 0; i < BIG_MEMBERS; i++) {
		snprintf(path, sizeof(path), "m%zu", i);
		assert_string_equal(s->members[i].path, path);
		assert_int_equal(s->members[i].access.cls, big_class(i));
		assert_int_equal(s->members[i].access.origin, CL_ORIGIN_INFERRED);
		assert_int_equal(s->members[i].span.line, i + 4);
	}

	/* Replace every even member and add a few: the merge is hashed too. */
	free(buf);
	buf = malloc(cap);
	buf[0] = '\0';
	append(&buf, &len, &cap, V1 "structs:\n  big:\n");
	for (i = 0; i < BIG_MEMBERS + 10; i += 2)
		append(&buf, &len, &cap, "    m%zu: cold\n", i);
	load_ok(&p, "big2.yaml", buf);
	s = cl_profile_find(&p, "big");
	assert_int_equal(s->nmembers, BIG_MEMBERS + 5);
	for (i = 0; i < BIG_MEMBERS; i++) {
		assert_int_equal(s->members[i].replaced_at != NULL, i % 2 == 0);
		assert_int_equal(s->members[i].access.cls,
				 i % 2 ? big_class(i) : CL_CLASS_COLD);
	}
	assert_string_equal(s->members[BIG_MEMBERS].path, "m100000");
	assert_null(s->members[BIG_MEMBERS].replaced_at);

	/* A duplicate at the very end is still found, and changes nothing. */
	append(&buf, &len, &cap, "    m4: write_hot\n");
	assert_int_equal(cl_profile_load_buffer(&p, "big3.yaml", buf, len,
						&(struct cl_diag){ 0 }), -1);
	assert_int_equal(cl_profile_find(&p, "big")->members[4].access.cls, CL_CLASS_COLD);
	free(buf);
	cl_profile_free(&p);
}

/* ------------------------------------------------------------------ */
/* Files and lists                                                      */
/* ------------------------------------------------------------------ */

/**
 * struct tmpdir - a scratch directory for the file tests
 * @path: the directory (malloc'd)
 * @files: paths of the files written into it, to remove them
 * @n: number of @files
 */
struct tmpdir {
	char *path;
	char files[8][256];
	int n;
};

static int tmpdir_setup(void **state)
{
	struct tmpdir *d = calloc(1, sizeof(*d));
	const char *base = getenv("TMPDIR");
	char tmpl[200];

	if (!d)
		return -1;
	snprintf(tmpl, sizeof(tmpl), "%s/clprofXXXXXX", base ? base : "/tmp");
	if (!mkdtemp(tmpl)) {
		free(d);
		return -1;
	}
	d->path = strdup(tmpl);
	*state = d;
	return 0;
}

static int tmpdir_teardown(void **state)
{
	struct tmpdir *d = *state;
	int i;

	for (i = 0; i < d->n; i++)
		unlink(d->files[i]);
	rmdir(d->path);
	free(d->path);
	free(d);
	return 0;
}

static const char *write_file(struct tmpdir *d, const char *name, const char *text)
{
	char *path = d->files[d->n++];
	FILE *f;

	snprintf(path, sizeof(d->files[0]), "%s/%s", d->path, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void test_file_load(void **state)
{
	struct tmpdir *d = *state;
	const char *path = write_file(d, "example.yaml", header_example);
	const struct cl_profile_member *m;
	struct cl_profile p;
	struct cl_diag err;

	cl_profile_init(&p);
	assert_int_equal(cl_profile_load(&p, path, &err), 0);
	m = member(&p, "page_counter", "min");
	assert_int_equal(m->access.cls, CL_CLASS_READ_MOSTLY);
	assert_string_equal(m->span.file, path);
	assert_int_equal(m->span.line, 10);

	path = write_file(d, "bad.yaml", V1 "structs:\n  s:\n    a: {reads: x}\n");
	assert_int_equal(cl_profile_load(&p, path, &err), -1);
	assert_string_equal(err.file, path);
	assert_int_equal(err.line, 4);
	assert_int_equal(err.col, 16);
	assert_null(cl_profile_find(&p, "s"));
	cl_profile_free(&p);
}

static void test_file_empty(void **state)
{
	struct tmpdir *d = *state;
	const char *path = write_file(d, "empty.yaml", "");
	struct cl_profile p;
	struct cl_diag err;

	cl_profile_init(&p);
	assert_int_equal(cl_profile_load(&p, path, &err), -1);
	assert_string_equal(err.file, path);
	assert_int_equal(err.line, 0);
	assert_int_equal(err.col, 0);
	assert_non_null(strstr(err.msg, "empty profile"));
	cl_profile_free(&p);
}

static void test_file_missing(void **state)
{
	struct tmpdir *d = *state;
	struct cl_profile p;
	struct cl_diag err;
	char path[128];

	snprintf(path, sizeof(path), "%s/absent.yaml", d->path);
	cl_profile_init(&p);
	assert_int_equal(cl_profile_load(&p, path, &err), -1);
	assert_string_equal(err.file, path);
	assert_int_equal(err.line, 0);
	assert_int_equal(err.col, 0);
	assert_non_null(strstr(err.msg, strerror(ENOENT)));

	/* A directory opens, but is no profile. */
	assert_int_equal(cl_profile_load(&p, d->path, &err), -1);
	assert_string_equal(err.file, d->path);
	assert_non_null(strstr(err.msg, strerror(EISDIR)));
	cl_profile_free(&p);
}

static void test_load_list(void **state)
{
	struct tmpdir *d = *state;
	const char *a = write_file(d, "a.yaml", V1 "structs: {s: {x: cold, y: cold}}\n");
	const char *b = write_file(d, "b.yaml", V1 "structs: {s: {y: write_hot}}\n");
	struct cl_profile p;
	struct cl_diag err;
	char list[512];

	snprintf(list, sizeof(list), "%s:%s", a, b);
	cl_profile_init(&p);
	assert_int_equal(cl_profile_load_list(&p, list, &err), 0);
	assert_member(&p, "s", "x", CL_CLASS_COLD, CL_ORIGIN_PROFILE);
	assert_member(&p, "s", "y", CL_CLASS_WRITE_HOT, CL_ORIGIN_PROFILE);
	assert_non_null(member(&p, "s", "y")->replaced_at);
	cl_profile_free(&p);

	/* Later files win: the other order. */
	snprintf(list, sizeof(list), "%s:%s", b, a);
	cl_profile_init(&p);
	assert_int_equal(cl_profile_load_list(&p, list, &err), 0);
	assert_member(&p, "s", "y", CL_CLASS_COLD, CL_ORIGIN_PROFILE);
	cl_profile_free(&p);
}

static void test_load_list_missing(void **state)
{
	struct tmpdir *d = *state;
	const char *a = write_file(d, "a.yaml", V1 "structs: {s: {x: cold}}\n");
	struct cl_profile p;
	struct cl_diag err;
	char list[512], missing[128];

	snprintf(missing, sizeof(missing), "%s/missing.yaml", d->path);
	snprintf(list, sizeof(list), "%s:%s:%s", a, missing, a);
	cl_profile_init(&p);
	assert_int_equal(cl_profile_load_list(&p, list, &err), -1);
	assert_string_equal(err.file, missing);
	assert_non_null(strstr(err.msg, strerror(ENOENT)));
	cl_profile_free(&p);
}

/*
 * An instrumented run writes a path per thread: an entry takes 1,024
 * (libcachelint-rt writes no more), and one more is an error at it.
 */
static void test_entry_paths_limit(void **state)
{
	size_t size = 32 * 1100 + 128, len;
	char *text = malloc(size);
	struct cl_profile p;
	struct cl_diag err;
	const struct cl_profile_member *m;

	(void)state;
	for (unsigned n = 1024; n <= 1025; n++) {
		len = (size_t)snprintf(text, size, "cachelint-profile: 1\nstructs:\n  s:\n    a: {write: {");
		for (unsigned i = 1; i <= n; i++)
			len += (size_t)snprintf(text + len, size - len, "%sthread-%u: 1",
						i > 1 ? ", " : "", i);
		snprintf(text + len, size - len, "}}\n");
		cl_profile_init(&p);
		if (n == 1024) {
			load_ok(&p, "many.yaml", text);
			m = &cl_profile_find(&p, "s")->members[0];
			assert_int_equal(m->access.nuses, 1024);
			assert_string_equal(m->access.uses[1023].path, "thread-1024");
		} else {
			assert_int_equal(load(&p, "many.yaml", text, &err), -1);
			assert_string_equal(err.msg, "more than 1024 paths in one entry");
			assert_int_equal(err.line, 4);
		}
		cl_profile_free(&p);
	}
	free(text);
}

static void test_load_list_empty_path(void **state)
{
	static const char *const lists[] = { "", ":", "a.yaml::b.yaml", "a.yaml:", ":a.yaml" };
	struct cl_profile p;
	struct cl_diag err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		cl_profile_init(&p);
		assert_int_equal(cl_profile_load_list(&p, lists[i], &err), -1);
		assert_non_null(strstr(err.msg, "empty file name in profile list"));
		/* Refused before anything is opened. */
		assert_int_equal(p.nstructs, 0);
		cl_profile_free(&p);
	}
}

#define FILE_TEST(f) cmocka_unit_test_setup_teardown(f, tmpdir_setup, tmpdir_teardown)

/* lines: budgets merge per struct and path, a later file's replacing. */
static void test_budgets_merge(void **state)
{
	struct cl_profile p;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", "cachelint-profile: 1\nlines:\n  conn: {tx: 6, rx: 6}\n");
	load_ok(&p, "b.yaml", "cachelint-profile: 1\nlines:\n  conn: {tx: 7}\n  sk@x.c:3: {read_mostly: 1}\n");
	assert_int_equal(p.nbudgets, 3);
	assert_string_equal(p.budgets[0].record, "conn");
	assert_string_equal(p.budgets[0].path, "tx");
	assert_int_equal(p.budgets[0].max, 7);
	assert_string_equal(p.budgets[0].span.file, "b.yaml");
	assert_int_equal(p.budgets[0].span.line, 3);
	assert_int_equal(p.budgets[0].span.col, 10);
	assert_string_equal(p.budgets[1].path, "rx");
	assert_int_equal(p.budgets[1].max, 6);
	assert_string_equal(p.budgets[2].record, "sk@x.c:3");
	assert_true(cl_profile_names(&p, "sk"));
	assert_true(cl_profile_has_entries(&p));
	cl_profile_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_defaults),
		cmocka_unit_test(test_nested_template_class),
		cmocka_unit_test(test_header_example),
		cmocka_unit_test(test_infer_class),
		cmocka_unit_test(test_inference_from_counts),
		cmocka_unit_test(test_inference_thresholds),
		cmocka_unit_test(test_inference_counted_paths),
		cmocka_unit_test(test_inference_floor),
		cmocka_unit_test(test_suppress),
		ERROR_TEST(syntax_error),
		ERROR_TEST(bad_path_count),
		ERROR_TEST(empty_from),
		ERROR_TEST(unclosed_flow),
		ERROR_TEST(tab_indent),
		ERROR_TEST(invalid_utf8),
		ERROR_TEST(empty_buffer),
		ERROR_TEST(only_comments),
		ERROR_TEST(only_document_marker),
		ERROR_TEST(missing_version),
		ERROR_TEST(missing_version_flow),
		ERROR_TEST(version_2),
		ERROR_TEST(version_0),
		ERROR_TEST(version_text),
		ERROR_TEST(version_float),
		ERROR_TEST(unknown_top_key),
		ERROR_TEST(unknown_class),
		ERROR_TEST(class_none),
		ERROR_TEST(unknown_class_in_mapping),
		ERROR_TEST(negative_count),
		ERROR_TEST(text_count),
		ERROR_TEST(float_count),
		ERROR_TEST(overflow_count),
		ERROR_TEST(dup_top),
		ERROR_TEST(dup_struct),
		ERROR_TEST(dup_member),
		ERROR_TEST(dup_member_flow),
		ERROR_TEST(dup_entry_key),
		ERROR_TEST(dup_suppress),
		ERROR_TEST(dup_threshold),
		ERROR_TEST(scalar_for_structs),
		ERROR_TEST(empty_structs),
		ERROR_TEST(scalar_for_struct),
		ERROR_TEST(sequence_for_struct),
		ERROR_TEST(scalar_for_thresholds),
		ERROR_TEST(scalar_root),
		ERROR_TEST(sequence_root),
		ERROR_TEST(mapping_for_line_size),
		ERROR_TEST(mapping_for_class),
		ERROR_TEST(sequence_for_entry),
		ERROR_TEST(mapping_key),
		ERROR_TEST(anchor),
		ERROR_TEST(alias),
		ERROR_TEST(anchor_on_mapping),
		ERROR_TEST(two_documents),
		ERROR_TEST(two_documents_explicit),
		ERROR_TEST(tag),
		ERROR_TEST(nul_in_key),
		ERROR_TEST(path_double_dot),
		ERROR_TEST(path_trailing_dot),
		ERROR_TEST(path_digit),
		ERROR_TEST(path_dash),
		ERROR_TEST(path_empty),
		ERROR_TEST(struct_keyword),
		ERROR_TEST(struct_template_open),
		ERROR_TEST(struct_template_tail),
		ERROR_TEST(struct_template_scope),
		ERROR_TEST(line_size_not_pow2),
		ERROR_TEST(line_size_small),
		ERROR_TEST(line_size_large),
		ERROR_TEST(threshold_zero),
		ERROR_TEST(threshold_above_one),
		ERROR_TEST(threshold_text),
		ERROR_TEST(threshold_unknown),
		ERROR_TEST(group_with_cold),
		ERROR_TEST(group_empty),
		ERROR_TEST(group_not_path),
		ERROR_TEST(empty_entry),
		ERROR_TEST(unknown_entry_key),
		ERROR_TEST(unknown_rule),
		ERROR_TEST(unknown_rule_in_list),
		ERROR_TEST(mapping_for_suppress),
		ERROR_TEST(quoted_in_message),
		cmocka_unit_test(test_objects_example),
		cmocka_unit_test(test_objects_merge),
		cmocka_unit_test(test_located_keys),
		ERROR_TEST(objects_unknown_key),
		ERROR_TEST(objects_scalar),
		ERROR_TEST(objects_sample_zero),
		ERROR_TEST(objects_line_size),
		ERROR_TEST(objects_struct_key),
		ERROR_TEST(objects_bad_count),
		ERROR_TEST(objects_align_pow2),
		ERROR_TEST(objects_align_zero),
		ERROR_TEST(objects_align_big),
		ERROR_TEST(objects_pairs_mapping),
		ERROR_TEST(objects_pair_scalar),
		ERROR_TEST(objects_pair_no_access),
		ERROR_TEST(objects_pair_key),
		ERROR_TEST(objects_pair_path),
		ERROR_TEST(objects_pair_dup),
		ERROR_TEST(objects_pair_paths),
		ERROR_TEST(objects_pair_path_twice),
		ERROR_TEST(objects_between_key),
		ERROR_TEST(objects_dup_struct),
		ERROR_TEST(objects_bad_struct),
		ERROR_TEST(objects_bad_variable),
		ERROR_TEST(objects_variable_key),
		ERROR_TEST(objects_variable_align),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_merge_counts_replace_class),
		cmocka_unit_test(test_many_structs),
		cmocka_unit_test(test_large_struct),
		FILE_TEST(test_file_load),
		FILE_TEST(test_file_empty),
		FILE_TEST(test_file_missing),
		FILE_TEST(test_load_list),
		FILE_TEST(test_load_list_missing),
		cmocka_unit_test(test_load_list_empty_path),
		cmocka_unit_test(test_entry_paths_limit),
		cmocka_unit_test(test_budgets_merge),
	};

	return cmocka_run_group_tests_name("profile", tests, NULL, NULL);
}
