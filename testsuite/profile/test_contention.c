// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_contention.c - the contention: section: what loads, the floor, a
 * later file's entry replacing an earlier one, and the writer's output
 * loading back to the same entries
 */
#define _GNU_SOURCE	/* open_memstream */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "profile/access_profile.h"
#include "emit/contention_report.h"
#include "profile/contention_write.h"

static const char example[] =
	"cachelint-profile: 1\n"
	"contention:\n"
	"  source: libcachelint-rt\n"
	"  line-size: 64\n"
	"  seconds: 2.5\n"
	"  sample: 1024\n"
	"  samples: 5000\n"
	"  threads: 4\n"
	"  structs:\n"
	"    ring:\n"
	"      instances: 1\n"
	"      base-align: 64\n"
	"      alloc: [ring.c:12]\n"
	"      accesses: 90000000\n"
	"      false-sharing: 800000\n"
	"      true-sharing: 200000\n"
	"      samples: 4000\n"
	"      pairs:\n"
	"        - {write: tail, access: head, false-sharing: 800000, samples: 3000, threads: 2, paths: [consumer, producer]}\n"
	"        - {write: head, access: tail, false-sharing: 20000, samples: 7}\n"
	"      shared:\n"
	"        - {member: head, true-sharing: 200000, samples: 900, writers: 1, threads: 2}\n"
	"      lines:\n"
	"        - offset: 0\n"
	"          objects: 1\n"
	"          false-sharing: 800000\n"
	"          true-sharing: 200000\n"
	"          samples: 4000\n"
	"          first: 0.001\n"
	"          last: 2.4\n"
	"          touch:\n"
	"            - {path: producer, threads: 1, reads: 10, writes: 5000, read: [tail], write: [head]}\n"
	"            - {path: consumer, threads: 1, reads: 900000, writes: 5000, read: [head], write: [tail]}\n"
	"  variables:\n"
	"    slots:\n"
	"      element: 8\n"
	"      elements: 16\n"
	"      alloc: [static]\n"
	"      false-sharing: 50000\n"
	"      samples: 600\n"
	"      between: {lines: 2, per-line: 8, false-sharing: 50000, true-sharing: 0, samples: 600, threads: 16}\n"
	"      shared:\n"
	"        - {element: 3, true-sharing: 0, samples: 2, writers: 1}\n";

static void load_ok(struct cl_profile *p, const char *name, const char *text)
{
	struct cl_diag err = { 0 };

	if (cl_profile_load_buffer(p, name, text, strlen(text), &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
}

static void test_loads(void **state)
{
	struct cl_profile p;
	const struct cl_contention_entry *ring, *slots;
	const struct cl_contention_pair *pr;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", example);
	ring = cl_contention_find(&p.contention, "ring", false);
	slots = cl_contention_find(&p.contention, "slots", true);
	assert_non_null(ring);
	assert_non_null(slots);
	assert_null(cl_contention_find(&p.contention, "ring", true));
	assert_int_equal(ring->hdr->measure, CL_MEASURE_TRANSFERS);
	assert_true(ring->hdr->seconds == 2.5);
	/* the most contended line: false + true of ring's only line */
	assert_int_equal(ring->hdr->top, 1000000);
	assert_int_equal(ring->npairs, 2);
	pr = cl_contention_pair(ring, "head", "tail");
	assert_non_null(pr);
	assert_string_equal(pr->write, "head");
	pr = cl_contention_pair(ring, "head", "nkey");
	assert_null(pr);
	assert_non_null(cl_contention_shared_member(ring, "head"));
	assert_int_equal(ring->lines[0].ntouch, 2);
	assert_string_equal(ring->lines[0].touch[1].write[0], "tail");
	assert_int_equal(slots->between.per_line, 8);
	assert_int_equal(slots->shared[0].element, 3);
	cl_profile_free(&p);
}

/*
 * The floor: 800000 over 2.5 s passes 10,000/s; the second pair rests on
 * 7 samples, under 8; 20000/2.5 = 8,000/s is under 10,000/s anyway, and a
 * line of 1% of the top (10,000) passes the share but not the rate.
 */
static void test_floor(void **state)
{
	struct cl_profile p;
	const struct cl_contention_entry *ring;
	struct cl_contention_floor f = { 10000, 8, 1.0, false };

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", example);
	ring = cl_contention_find(&p.contention, "ring", false);
	assert_true(cl_contention_heavy(ring, 800000, 3000, &f));
	assert_false(cl_contention_heavy(ring, 800000, 7, &f));
	assert_false(cl_contention_heavy(ring, 20000, 3000, &f));
	f.min_transfers = 0;
	assert_true(cl_contention_heavy(ring, 10000, 8, &f));
	assert_false(cl_contention_heavy(ring, 9999, 8, &f));
	assert_false(cl_contention_heavy(ring, 0, 8, &f));
	cl_profile_free(&p);
}

/* A later file's entry replaces the earlier one whole, keeping its header. */
static void test_replace(void **state)
{
	struct cl_profile p;
	const struct cl_contention_entry *ring;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", example);
	load_ok(&p, "b.yaml",
		"cachelint-profile: 1\ncontention:\n  source: perf-c2c\n  structs:\n"
		"    ring: {false-sharing: 12, samples: 12}\n");
	ring = cl_contention_find(&p.contention, "ring", false);
	assert_non_null(ring);
	assert_int_equal(ring->weight_false, 12);
	assert_int_equal(ring->npairs, 0);
	assert_int_equal(ring->hdr->measure, CL_MEASURE_HITM);
	assert_non_null(cl_contention_find(&p.contention, "slots", true));
	assert_int_equal(p.contention.n, 2);
	cl_profile_free(&p);
}

static void entries_equal(const struct cl_contention_entry *a, const struct cl_contention_entry *b)
{
	assert_string_equal(a->name, b->name);
	assert_int_equal(a->instances, b->instances);
	assert_int_equal(a->weight_false, b->weight_false);
	assert_int_equal(a->weight_true, b->weight_true);
	assert_int_equal(a->samples, b->samples);
	assert_int_equal(a->npairs, b->npairs);
	assert_int_equal(a->nshared, b->nshared);
	assert_int_equal(a->nlines, b->nlines);
	assert_int_equal(a->nalloc, b->nalloc);
	for (size_t i = 0; i < a->npairs; i++) {
		assert_string_equal(a->pairs[i].write, b->pairs[i].write);
		assert_int_equal(a->pairs[i].weight, b->pairs[i].weight);
		assert_int_equal(a->pairs[i].who.npaths, b->pairs[i].who.npaths);
	}
	for (size_t i = 0; i < a->nlines; i++) {
		assert_int_equal(a->lines[i].offset, b->lines[i].offset);
		assert_true(a->lines[i].last == b->lines[i].last);
		assert_int_equal(a->lines[i].ntouch, b->lines[i].ntouch);
	}
	assert_int_equal(a->between.present, b->between.present);
	assert_int_equal(a->between.weight_false, b->between.weight_false);
}

/* What cl_contention_write() writes loads back to the same entries. */
static void test_round_trip(void **state)
{
	struct cl_profile p, q;
	const struct cl_contention_entry *e;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	cl_profile_init(&p);
	cl_profile_init(&q);
	load_ok(&p, "a.yaml", example);
	e = cl_contention_find(&p.contention, "ring", false);
	fputs("cachelint-profile: 1\n", f);
	assert_int_equal(cl_contention_write(f, e->hdr, p.contention.entries, p.contention.n), 0);
	fclose(f);
	load_ok(&q, "written.yaml", buf);
	for (size_t i = 0; i < p.contention.n; i++) {
		const struct cl_contention_entry *a = &p.contention.entries[i];

		entries_equal(a, cl_contention_find(&q.contention, a->name, a->variable));
	}
	assert_true(cl_contention_find(&q.contention, "ring", false)->hdr->seconds == 2.5);
	free(buf);
	cl_profile_free(&p);
	cl_profile_free(&q);
}

/*
 * What the loader refuses (a site with a newline or an escape) can still
 * be in a profile built in memory: the report escapes it, so no line of
 * its own ("::error ...", a workflow command in a CI log) and no escape
 * reaches the terminal.
 */
static void test_report_escapes(void **state)
{
	struct cl_profile p;
	struct cl_contention_entry *ring;
	const char *site = "x.c\n::error file=pwn.c,line=1::INJECTED\n\x1b[2J:1";
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	cl_profile_init(&p);
	load_ok(&p, "a.yaml", example);
	ring = (struct cl_contention_entry *)cl_contention_find(&p.contention, "ring", false);
	ring->alloc[0] = site;
	f = open_memstream(&buf, &len);
	assert_int_equal(cl_contention_report(f, &p, CL_FORMAT_TEXT, 20, "a.yaml"), 0);
	fclose(f);
	assert_non_null(strstr(buf, "(x.c\\x0a::error file=pwn.c,line=1::INJECTED\\x0a\\x1b[2J:1)"));
	assert_null(strstr(buf, "\n::error"));
	assert_null(strchr(buf, '\x1b'));
	free(buf);
	cl_profile_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loads),
		cmocka_unit_test(test_floor),
		cmocka_unit_test(test_replace),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_report_escapes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
