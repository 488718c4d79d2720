// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_paths.c - the access-path rule (core/model/paths.h): every outcome the
 * paths issue requires, then the same through cl_analyze() on a record.
 */
#include "test_helpers.h"

#include "model/paths.h"

/* An access built from "PATH:rw" words: r read, w written, s written on at
 * least one of the paths marked s, c concurrent.  "tx:r rx:rs" */
static struct cl_access uses(struct cl_arena *a, const char *spec)
{
	struct cl_access acc = { .cls = CL_CLASS_PATHS, .origin = CL_ORIGIN_PROFILE };
	struct cl_use *u = cl_arena_alloc(a, 8 * sizeof(*u));
	char buf[256], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", spec);
	for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char *colon = strchr(w, ':');

		*colon = '\0';
		u[acc.nuses].path = cl_arena_strdup(a, w);
		for (char *f = colon + 1; *f; f++)
			u[acc.nuses].flags |= *f == 'r' ? CL_USE_READ : *f == 'w' ? CL_USE_WRITE :
					      *f == 's' ? CL_USE_WRITE_SOME : CL_USE_CONCURRENT;
		acc.nuses++;
	}
	acc.uses = u;
	return acc;
}

static struct cl_access cls(enum cl_class c, const char *group)
{
	struct cl_access acc = { .cls = c, .origin = CL_ORIGIN_SOURCE, .group = group };

	return acc;
}

/* A pair on one line is a finding when either write costs the other a miss. */
static bool finding(struct cl_access x, struct cl_access y)
{
	return cl_paths_conflict(&x, &y) || cl_paths_conflict(&y, &x);
}

static void test_required_outcomes(void **state)
{
	struct cl_arena a;

	(void)state;
	cl_arena_init(&a);
	/* written on a concurrent path / read on the same concurrent path */
	assert_true(finding(uses(&a, "charge:rwc"), uses(&a, "charge:rc")));
	/* written by threads 1-4 / read by threads 1-4 */
	assert_true(finding(uses(&a, "t1:rw t2:rw t3:rw t4:rw"), uses(&a, "t1:r t2:r t3:r t4:r")));
	/* written on tx / read on rx only */
	assert_true(finding(uses(&a, "tx:rw"), uses(&a, "rx:r")));
	/* written on rx / read on rx only: one socket's rx runs on one CPU */
	assert_false(finding(uses(&a, "rx:rw"), uses(&a, "rx:r")));
	/* written on rx / read on tx and rx */
	assert_true(finding(uses(&a, "rx:rw"), uses(&a, "tx:r rx:r")));
	/* written on tx / written on rx */
	assert_true(finding(uses(&a, "tx:rw"), uses(&a, "rx:rw")));
	/* written on tx / accessed on tx and rx and written on at least one */
	assert_false(finding(uses(&a, "tx:rw"), uses(&a, "tx:rs rx:rs")));
	/* accessed on tx and rx and written on at least one / read on rx only */
	assert_false(finding(uses(&a, "tx:rs rx:rs"), uses(&a, "rx:r")));
	cl_arena_free(&a);
}

static void test_classes_as_today(void **state)
{
	struct cl_access rm = cls(CL_CLASS_READ_MOSTLY, NULL), wh = cls(CL_CLASS_WRITE_HOT, NULL);
	struct cl_access g = cls(CL_CLASS_WRITE_HOT, "rx"), h = cls(CL_CLASS_WRITE_HOT, "tx");
	struct cl_access cold = cls(CL_CLASS_COLD, NULL), none = cls(CL_CLASS_NONE, NULL);

	(void)state;
	assert_true(finding(rm, wh));		/* false sharing */
	assert_true(finding(rm, g));		/* a group's write costs the readers too */
	assert_true(finding(g, h));		/* two write groups */
	assert_false(finding(g, g));		/* one group: one CPU */
	assert_false(finding(wh, wh));		/* ungrouped writers conflict with no writer */
	assert_false(finding(wh, g));
	assert_false(finding(rm, rm));
	assert_false(finding(rm, cold));
	assert_false(finding(wh, none));
	assert_false(cl_access_writes(&rm));
	assert_true(cl_access_writes(&g));
}

static void test_unknown_writer_resolved_by_a_table(void **state)
{
	struct cl_arena a;

	(void)state;
	cl_arena_init(&a);
	/*
	 * snd_una as net_cachelines says: read on tx, written on rx.  Next to
	 * a member written on tx: tx reads snd_una on each run anyway, and
	 * rx's access to it already crosses to tx.
	 */
	assert_false(finding(uses(&a, "tx:rw"), uses(&a, "tx:r rx:rw")));
	/* ... but written on both, its line bounces between two writers */
	assert_true(finding(uses(&a, "tx:rw"), uses(&a, "tx:rw rx:rw")));
	/* An unnamed concurrent writer may be any path: nothing certain. */
	assert_false(finding(cls(CL_CLASS_WRITE_HOT, NULL), uses(&a, "rx:r")));
	/* Every path reads a read-mostly member, concurrently. */
	assert_true(finding(cls(CL_CLASS_READ_MOSTLY, NULL), uses(&a, "rx:rw")));
	cl_arena_free(&a);
}

static void test_words(void **state)
{
	struct cl_arena a;
	struct cl_access acc;

	(void)state;
	cl_arena_init(&a);
	acc = uses(&a, "tx:r rx:rw");
	assert_string_equal(cl_access_describe(&acc, &a), "read on tx; written on rx");
	acc = uses(&a, "tx:rs rx:rs");
	assert_string_equal(cl_access_describe(&acc, &a), "written on at least one of tx, rx");
	acc = cls(CL_CLASS_WRITE_HOT, "rx");
	assert_string_equal(cl_access_describe(&acc, &a), "written on hot paths (write group 'rx')");
	cl_arena_free(&a);
}

/* Source annotations: the same uses a profile's read:/write: give. */
static void test_annotations(void **state)
{
	struct cl_arena a;
	struct cl_access acc, want;

	(void)state;
	cl_arena_init(&a);
	memset(&acc, 0, sizeof(acc));
	assert_null(cl_paths_annotation_add(&acc, CL_READ_ON, "tx", "snd_una", &a));
	assert_null(cl_paths_annotation_add(&acc, CL_WRITTEN_ON, " rx ", "snd_una", &a));
	assert_int_equal(acc.cls, CL_CLASS_PATHS);
	assert_int_equal(acc.origin, CL_ORIGIN_SOURCE);
	want = uses(&a, "tx:r rx:rw");
	assert_true(cl_access_same(&acc, &want));

	/* a path named twice gets both uses; ":concurrent" marks it */
	memset(&acc, 0, sizeof(acc));
	assert_null(cl_paths_annotation_add(&acc, CL_READ_ON, "charge:concurrent,rx", "f", &a));
	assert_null(cl_paths_annotation_add(&acc, CL_WRITTEN_ON, "charge", "f", &a));
	want = uses(&a, "charge:rwc rx:r");
	assert_true(cl_access_same(&acc, &want));

	/* written on at least one of tx and rx; of one path: written on it */
	memset(&acc, 0, sizeof(acc));
	assert_null(cl_paths_annotation_add(&acc, CL_WRITTEN_ON_SOME, "tx,rx", "f", &a));
	want = uses(&a, "tx:rs rx:rs");
	assert_true(cl_access_same(&acc, &want));
	memset(&acc, 0, sizeof(acc));
	assert_null(cl_paths_annotation_add(&acc, CL_WRITTEN_ON_SOME, "tx", "f", &a));
	want = uses(&a, "tx:rw");
	assert_true(cl_access_same(&acc, &want));

	/* not path names: an error, and the access is left alone */
	static const char *const bad[] = { "", ",", "tx,", ",tx", "tx,,rx", "tx rx", "t*x",
					   "tx:serial", "tx:concurrentx", "*" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		memset(&acc, 0, sizeof(acc));
		assert_non_null(cl_paths_annotation_add(&acc, CL_READ_ON, bad[i], "f", &a));
		assert_int_equal(acc.cls, CL_CLASS_NONE);
		assert_int_equal(acc.nuses, 0);
	}
	acc = cls(CL_CLASS_READ_MOSTLY, NULL);
	assert_string_equal(cl_paths_annotation_add(&acc, CL_READ_ON, "rx", "x", &a),
			    "cachelint: field 'x' is annotated both read-mostly and with paths");
	assert_int_equal(cl_paths_annotation_kind("written_on", 10), CL_WRITTEN_ON);
	assert_int_equal(cl_paths_annotation_kind("written_on_somex", 16), -1);
	cl_arena_free(&a);
}

/* Through the analysis: the findings, their rules and their words. */
/* One grammar for a path, as profiles and annotations name it. */
static void test_path_grammar(void **state)
{
	static const struct {
		const char *s;
		size_t len;
		bool concurrent;
	} cases[] = {
		{ "tx", 2, false },
		{ "thread-1", 8, false },
		{ "sk.rx_2", 7, false },
		{ "charge:concurrent", 6, true },
		{ "tx,rx", 0, false },
		{ "tx:serialized", 0, false },
		{ ":concurrent", 0, true },
		{ "thread 1", 0, false },
		{ "*", 0, false },
		{ "", 0, false },
		{ "tx:concurrentx", 0, false },
	};
	bool concurrent;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(cl_path_parse(cases[i].s, strlen(cases[i].s), &concurrent),
				 cases[i].len);
		if (cases[i].len)
			assert_int_equal(concurrent, cases[i].concurrent);
	}
}

/*
 * A function's name as a path (perf c2c's symbols): the parameter list
 * left out, every character a path does not take made '_'; what comes out
 * is a path.
 */
static void test_path_name_of(void **state)
{
	static const struct {
		const char *sym, *path;
	} cases[] = {
		{ "count", "count" },
		{ "ns::count", "ns__count" },
		{ "ns::count(stats*)", "ns__count" },
		{ "ns::box<int>::get() const", "ns__box_int___get" },
		{ "budget@plt", "budget_plt" },
		{ "(anonymous namespace)::f(int)", "_anonymous_namespace___f" },
		{ "f(g(int))", "f" },
		{ "odd)", "odd_" },
		{ "()", "__" },
	};
	struct cl_arena a;
	bool concurrent;

	(void)state;
	cl_arena_init(&a);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *p = cl_path_name_of(cases[i].sym, &a);

		assert_string_equal(p, cases[i].path);
		assert_int_equal(cl_path_parse(p, strlen(p), &concurrent), strlen(p));
	}
	assert_null(cl_path_name_of("", &a));
	cl_arena_free(&a);
}

/*
 * Accesses are the same whatever order they list paths in, and a write
 * implies the read (an annotation spells it, a profile does not).
 */
static void test_access_same(void **state)
{
	struct cl_arena a;
	struct cl_access x, y;

	(void)state;
	cl_arena_init(&a);
	x = uses(&a, "tx:r rx:r");
	y = uses(&a, "rx:r tx:r");
	assert_true(cl_access_same(&x, &y));
	x = uses(&a, "tx:rw");
	y = uses(&a, "tx:w");
	assert_true(cl_access_same(&x, &y));
	x = uses(&a, "tx:r");
	y = uses(&a, "tx:rc");
	assert_false(cl_access_same(&x, &y));
	assert_true(cl_access_same_uses(&x, &y));
	y = uses(&a, "tx:rw");
	assert_false(cl_access_same_uses(&x, &y));
	y = uses(&a, "rx:r");
	assert_false(cl_access_same(&x, &y));
	cl_arena_free(&a);
}

static void test_analysis(void **state)
{
	struct cl_arena a;
	struct cl_record *rec;
	struct cl_findings f;
	struct cl_options opt;

	(void)state;
	cl_arena_init(&a);
	cl_options_init(&opt);
	rec = new_record(&a, "sock", 64, 8, 4);
	set_member(rec, 0, "rcvbuf", 0, 8, CL_CLASS_NONE)->access = uses(&a, "rx:r");
	set_member(rec, 1, "rx_head", 8, 8, CL_CLASS_NONE)->access = uses(&a, "rx:rw");
	set_member(rec, 2, "wmem", 16, 8, CL_CLASS_NONE)->access = uses(&a, "tx:rw");
	set_member(rec, 3, "tsq", 24, 8, CL_CLASS_NONE)->access = uses(&a, "tx:rs rx:rs");
	cl_findings_init(&f, &a);
	cl_analyze(rec, &opt, &f);
	/* rcvbuf/rx_head: same serialized path; tsq: both touch it anyway */
	assert_int_equal(f.n, 2);
	assert_int_equal(f.v[0].rule, CL_RULE_FALSE_SHARING);
	assert_string_equal(f.v[0].message,
		"field 'rcvbuf' (read on rx) shares cache line 0 (bytes 0-63) of 'struct sock' with field 'wmem' (written on tx) [cachelint-false-sharing]");
	assert_string_equal(f.v[0].note, "'wmem' is written on tx");
	assert_int_equal(f.v[1].rule, CL_RULE_WRITE_GROUPS);
	assert_string_equal(f.v[1].message,
		"field 'rx_head' (written on rx) shares cache line 0 (bytes 0-63) of 'struct sock' with field 'wmem' (written on tx) [cachelint-write-groups]");
	cl_findings_free(&f);
	cl_arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_required_outcomes),
		cmocka_unit_test(test_classes_as_today),
		cmocka_unit_test(test_unknown_writer_resolved_by_a_table),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_annotations),
		cmocka_unit_test(test_path_grammar),
		cmocka_unit_test(test_path_name_of),
		cmocka_unit_test(test_access_same),
		cmocka_unit_test(test_analysis),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
