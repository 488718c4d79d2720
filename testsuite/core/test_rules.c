// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_rules.c - the rules table (core/model/rules.def) has, in every
 * row, the columns the code outside the checks reads instead of naming a
 * rule, and a check is one file check_<name>.c and one row
 *
 * A row that lacks one of them compiles (designated initializers leave it
 * 0), and the emitters would print a NULL or draw nothing: this is where
 * it fails instead.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <dirent.h>

#include "checks/check.h"
#include "emit/rule_text.h"

#define ALL_RUNS (CL_RUNS_ON_LEAVES | CL_RUNS_ON_RECORD | CL_RUNS_ON_VARIABLE)

/* The stable IDs at their numbers (SARIF ruleIndex, suppression bits). */
static void test_stable_ids(void **state)
{
	static const char *const stable[] = {
		"cachelint-false-sharing", "cachelint-write-groups", "cachelint-adjacent-line",
		"cachelint-annotation-mismatch", "cachelint-profile", "cachelint-true-sharing",
		"cachelint-group-markers", "cachelint-false-sharing-objects",
		"cachelint-path-lines",
	};
	size_t n = sizeof(stable) / sizeof(stable[0]);

	(void)state;
	assert_true(CL_RULE_COUNT >= n);
	assert_true(CL_RULE_COUNT <= 32);	/* bits of a suppression mask */
	for (size_t i = 0; i < n; i++)
		assert_string_equal(cl_rule_info((enum cl_rule)i)->id, stable[i]);
	assert_int_equal(CL_RULE_FALSE_SHARING, 0);
	assert_int_equal(CL_RULE_PATH_LINES, 8);
}

static void check_id(const char *id, int r)
{
	assert_non_null(id);
	assert_int_equal(strncmp(id, "cachelint-", 10), 0);
	assert_true(strlen(id) > 10 && id[strlen(id) - 1] != '-');
	for (const char *c = id; *c; c++)
		assert_true((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-');
	assert_int_equal(cl_rule_lookup(id), r);	/* and so unique */
}

/* What `explain`, SARIF and the HTML report print of every rule. */
static void test_text(void **state)
{
	(void)state;
	for (int r = 0; r < CL_RULE_COUNT; r++) {
		const struct cl_rule_info *ri = cl_rule_info((enum cl_rule)r);

		check_id(ri->id, r);
		assert_true(ri->severity == CL_SEV_ERROR || ri->severity == CL_SEV_WARNING ||
			    ri->severity == CL_SEV_NOTE);
		assert_non_null(ri->summary);
		assert_true(ri->summary[0] && !strchr(ri->summary, '\n'));
		/* its page (docs/rules/ID.md, embedded) is what explain and SARIF print */
		assert_non_null(cl_rule_page((enum cl_rule)r));
		assert_int_equal(strncmp(cl_rule_page((enum cl_rule)r), "# ", 2), 0);
		assert_int_equal(strncmp(cl_rule_page((enum cl_rule)r) + 2, ri->id,
					 strlen(ri->id)), 0);
		assert_int_equal(strncmp(cl_rule_help((enum cl_rule)r),
					 "## What the hardware does\n", 26), 0);
		assert_non_null(strstr(cl_rule_help((enum cl_rule)r), "\n## How to fix it\n"));
	}
}

/* A check runs on something; a rule with .runs has a check to run. */
static void test_checks(void **state)
{
	(void)state;
	for (int r = 0; r < CL_RULE_COUNT; r++) {
		const struct cl_rule_info *ri = cl_rule_info((enum cl_rule)r);

		assert_int_equal(cl_check_of((enum cl_rule)r) != NULL, ri->runs != 0);
		assert_int_equal(ri->runs & ~(unsigned)ALL_RUNS, 0);
	}
}

/*
 * A pair (view marks, HTML arcs, the report's line key) needs its words in
 * the view and comes from the leaves; a proposal only fixes pairs (it
 * separates the two members); the other columns are not about pairs.
 */
static void test_pairs(void **state)
{
	(void)state;
	for (int r = 0; r < CL_RULE_COUNT; r++) {
		const struct cl_rule_info *ri = cl_rule_info((enum cl_rule)r);

		assert_true(ri->meet == CL_MEET_NONE || ri->meet == CL_MEET_LINE ||
			    ri->meet == CL_MEET_BLOCK);
		assert_int_equal(ri->view_mark != NULL, ri->meet != CL_MEET_NONE);
		if (ri->meet) {
			assert_true(ri->runs & CL_RUNS_ON_LEAVES);
			assert_false(ri->between_objects || ri->remains || ri->at_macro_use);
		}
		if (ri->proposal_fixes)
			assert_int_not_equal(ri->meet, CL_MEET_NONE);
		if (ri->between_objects)
			assert_true(ri->runs & (CL_RUNS_ON_RECORD | CL_RUNS_ON_VARIABLE));
		assert_string_equal(cl_rule_meet_key((enum cl_rule)r),
				    ri->meet == CL_MEET_BLOCK ? "block" : "cache-line");
	}
}

/* "check_false_sharing_objects.c" -> "cachelint-false-sharing-objects" */
static void rule_of_file(const char *file, char *id, size_t size)
{
	size_t n = strlen(file) - strlen("check_") - strlen(".c");

	assert_true(n + 11 <= size);
	memcpy(id, "cachelint-", 10);
	for (size_t i = 0; i < n; i++)
		id[10 + i] = file[6 + i] == '_' ? '-' : file[6 + i];
	id[10 + n] = '\0';
}

/*
 * Every core/checks/check_<name>.c but check_common.c is the check of the
 * rule cachelint-<name>, and every rule with a check has its file: CMake
 * compiles the files it finds, so a file without a row would be dead code.
 */
static void test_one_file_per_check(void **state)
{
	DIR *d = opendir(CHECKS_DIR);
	bool has_file[CL_RULE_COUNT] = { false };
	struct dirent *e;
	size_t files = 0;

	(void)state;
	assert_non_null(d);
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char id[128];
		int r;

		if (strncmp(e->d_name, "check_", 6) || len < 9 ||
		    strcmp(e->d_name + len - 2, ".c") || !strcmp(e->d_name, "check_common.c"))
			continue;
		rule_of_file(e->d_name, id, sizeof(id));
		r = cl_rule_lookup(id);
		if (r < 0)
			fail_msg("%s has no row in rules.def (%s)", e->d_name, id);
		assert_non_null(cl_check_of((enum cl_rule)r));
		has_file[r] = true;
		files++;
	}
	closedir(d);
	assert_true(files > 0);
	for (int r = 0; r < CL_RULE_COUNT; r++)
		if (cl_check_of((enum cl_rule)r) && !has_file[r])
			fail_msg("%s has a check but no check_*.c", cl_rule_info((enum cl_rule)r)->id);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stable_ids),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_checks),
		cmocka_unit_test(test_pairs),
		cmocka_unit_test(test_one_file_per_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
