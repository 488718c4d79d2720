// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_profile_large.c - a 100 MB profile loads, in memory that follows
 * the entries it keeps and not the text around them, in one pass
 *
 * The profile is generated at test time into $TMPDIR (or /tmp) and removed
 * afterwards: 100 MiB of what a generated profile of a whole kernel looks
 * like, many structs of a few dozen counted members plus one struct of a
 * quarter million members, long names, comments.  The test checks that it
 * loads, that every struct and member is there with the right class and
 * line, and prints the numbers (size, entries, peak memory, time) for the
 * record.  It asserts no time.  Outside sanitizer builds it asserts that
 * the peak memory of the load stays under three times the file size: the
 * entries take about 2.3 times here (96 bytes a member and its path), and
 * a document tree of the file, or a copy of it next to the entries, would
 * not fit.
 */
#define _GNU_SOURCE	/* mkdtemp */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "profile/access_profile.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif

#define TARGET_BYTES (100ull << 20)
#define BIG_MEMBERS 250000
#define MEMBERS_PER_STRUCT 48

/**
 * struct large - what was generated, to check the load against
 * @path: the file
 * @dir: its directory
 * @bytes: file size
 * @structs: structs written
 * @members: member entries written
 * @lines: lines written
 * @last_line: line of the last member entry
 */
struct large {
	char path[512], dir[480];
	uint64_t bytes, structs, members, lines, last_line;
};

/*
 * Member @i of a small struct: every fourth one written often, the others
 * read often or hardly at all; the hottest member of each struct is m0.
 */
static void put_member(FILE *f, struct large *g, uint64_t s, unsigned i)
{
	unsigned long long reads = 1000000 - i * 1000ull, writes = 3;

	if (i % 4 == 1)
		writes = 50000 + s % 1000;
	else if (i % 4 == 3)
		reads = 7;
	fprintf(f, "    field_%u_of_struct_%llu.inner_%u: {reads: %llu, writes: %llu}\n", i,
		(unsigned long long)s, i % 7, reads, writes);
	g->members++;
	g->last_line = ++g->lines;
}

static enum cl_class small_class(unsigned i)
{
	if (i % 4 == 1)
		return CL_CLASS_WRITE_HOT;
	return i % 4 == 3 ? CL_CLASS_COLD : CL_CLASS_READ_MOSTLY;
}

static void generate(struct large *g)
{
	FILE *f = fopen(g->path, "w");
	uint64_t s;

	assert_non_null(f);
	fputs("# Generated for test_profile_large.c: a profile of a whole program.\n"
	      "cachelint-profile: 1\nline-size: 64\n"
	      "thresholds: {write-hot: 0.01, read-mostly: 0.01}\nstructs:\n", f);
	g->lines = 5;
	/* One struct with a quarter million members first. */
	fputs("  huge_struct:\n", f);
	g->lines++;
	g->structs++;
	for (unsigned i = 0; i < BIG_MEMBERS; i++) {
		fprintf(f, "    m%u: %s\n", i, i % 2 ? "write_hot" : "read_mostly");
		g->members++;
		g->lines++;
	}
	for (s = 0; (uint64_t)ftell(f) < TARGET_BYTES; s++) {
		fprintf(f, "  kernel_struct_number_%llu:   # struct %llu\n",
			(unsigned long long)s, (unsigned long long)s);
		g->lines++;
		g->structs++;
		for (unsigned i = 0; i < MEMBERS_PER_STRUCT; i++)
			put_member(f, g, s, i);
	}
	g->bytes = (uint64_t)ftell(f);
	assert_int_equal(fclose(f), 0);
}

static long peak_rss_kb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void check(const struct cl_profile *p, const struct large *g)
{
	const struct cl_profile_struct *s = cl_profile_find(p, "huge_struct");
	char name[64], path[96];
	uint64_t last = g->structs - 2, members = 0;

	assert_int_equal(p->nstructs, g->structs);
	assert_int_equal(p->line_size, 64);
	assert_non_null(s);
	assert_int_equal(s->nmembers, BIG_MEMBERS);
	assert_string_equal(s->members[BIG_MEMBERS - 1].path, "m249999");
	assert_int_equal(s->members[BIG_MEMBERS - 1].access.cls, CL_CLASS_WRITE_HOT);
	for (size_t i = 0; i < p->nstructs; i++)
		members += p->structs[i].nmembers;
	assert_int_equal(members, g->members);
	/* The last struct, member by member: classes inferred from counts. */
	snprintf(name, sizeof(name), "kernel_struct_number_%llu", (unsigned long long)last);
	s = cl_profile_find(p, name);
	assert_non_null(s);
	assert_int_equal(s->nmembers, MEMBERS_PER_STRUCT);
	for (unsigned i = 0; i < MEMBERS_PER_STRUCT; i++) {
		snprintf(path, sizeof(path), "field_%u_of_struct_%llu.inner_%u", i,
			 (unsigned long long)last, i % 7);
		assert_string_equal(s->members[i].path, path);
		assert_int_equal(s->members[i].access.cls, small_class(i));
		assert_int_equal(s->members[i].access.origin, CL_ORIGIN_INFERRED);
	}
	assert_int_equal(s->members[MEMBERS_PER_STRUCT - 1].span.line, g->last_line);
	assert_null(cl_profile_find(p, "kernel_struct_number_x"));
}

static void test_100mb(void **state)
{
	struct large *g = *state;
	struct cl_profile p;
	struct cl_diag err;
	long before, after;
	double t0, t1;

	generate(g);
	before = peak_rss_kb();
	cl_profile_init(&p);
	t0 = now();
	if (cl_profile_load(&p, g->path, &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
	t1 = now();
	after = peak_rss_kb();
	check(&p, g);
	print_message("profile of %llu bytes, %llu lines: %llu structs, %llu members; "
		      "load %.2f s, peak RSS %ld -> %ld KiB (+%.2f x the file)\n",
		      (unsigned long long)g->bytes, (unsigned long long)g->lines,
		      (unsigned long long)g->structs, (unsigned long long)g->members, t1 - t0,
		      before, after, (double)(after - before) * 1024 / (double)g->bytes);
#ifndef UNDER_SANITIZER
	assert_true((uint64_t)(after - before) * 1024 < 3 * g->bytes);
#endif
	cl_profile_free(&p);
}

static int setup(void **state)
{
	struct large *g = calloc(1, sizeof(*g));
	const char *tmp = getenv("TMPDIR");

	if (!g)
		return -1;
	snprintf(g->dir, sizeof(g->dir), "%s/cl-large-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(g->dir)) {
		free(g);
		return -1;
	}
	snprintf(g->path, sizeof(g->path), "%s/large.yaml", g->dir);
	*state = g;
	return 0;
}

static int teardown(void **state)
{
	struct large *g = *state;

	unlink(g->path);
	rmdir(g->dir);
	free(g);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_100mb, setup, teardown),
	};

	return cmocka_run_group_tests_name("profile_large", tests, NULL, NULL);
}
