// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose_speed.c - how long the proposal engine takes on a 500-member
 * struct (the target is well under 50 ms), measured against the analysis
 * of the same struct in the same run.
 *
 *   build/bench/propose_speed [MEMBERS] [ROUNDS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <inttypes.h>

#include "checks/analysis.h"
#include "propose/propose.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Members of 1 to 16 bytes, a third read-mostly, a third write-hot (in
 * four groups and ungrouped), a third unannotated, in random order. */
static struct cl_record *make(struct cl_arena *a, size_t n, unsigned seed)
{
	static const char *const groups[] = { NULL, "a", "b", "c", "d" };
	struct cl_record *rec = cl_record_new(a, CL_STRUCT, "big", n);
	uint64_t off = 0;

	for (size_t i = 0; i < n; i++) {
		struct cl_member *m = &rec->members[i];
		uint64_t size = 1u << (rand_r(&seed) % 5);

		m->name = cl_arena_printf(a, "m%zu", i);
		m->align = (uint32_t)(size > 8 ? 8 : size);
		off = (off + m->align - 1) / m->align * m->align;
		m->bit_offset = off * 8;
		m->bit_size = size * 8;
		off += size;
		switch (rand_r(&seed) % 3) {
		case 0:
			m->access.cls = CL_CLASS_READ_MOSTLY;
			break;
		case 1:
			m->access.cls = CL_CLASS_WRITE_HOT;
			m->access.group = groups[rand_r(&seed) % 5];
			break;
		default:
			break;
		}
	}
	rec->size = (off + 7) / 8 * 8;
	rec->align = 8;
	return rec;
}

static int compare(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 500;
	int rounds = argc > 2 ? atoi(argv[2]) : 21;
	double *tp = calloc(rounds, sizeof(*tp)), *ta = calloc(rounds, sizeof(*ta));
	struct cl_options opt;
	size_t findings = 0;
	uint64_t before = 0, after = 0;

	cl_options_init(&opt);
	for (int r = 0; r < rounds; r++) {
		struct cl_arena a;
		struct cl_findings f;
		struct cl_proposal p;
		struct cl_record *rec;
		double t0, t1, t2;

		cl_arena_init(&a);
		cl_findings_init(&f, &a);
		rec = make(&a, n, (unsigned)r + 1);
		t0 = now();
		cl_analyze(rec, &opt, &f);
		t1 = now();
		if (cl_propose(rec, &opt, &a, &p)) {
			fprintf(stderr, "propose_speed: no proposal: %s\n", p.reason);
			return 1;
		}
		t2 = now();
		ta[r] = t1 - t0;
		tp[r] = t2 - t1;
		findings = f.n;
		before = rec->size;
		after = p.size;
		cl_findings_free(&f);
		cl_arena_free(&a);
	}
	qsort(tp, rounds, sizeof(*tp), compare);
	qsort(ta, rounds, sizeof(*ta), compare);
	printf("struct of %zu members (%zu findings, %" PRIu64 " -> %" PRIu64 " bytes), median of %d:\n",
	       n, findings, before, after, rounds);
	printf("  analysis  %8.3f ms\n", ta[rounds / 2] * 1e3);
	printf("  proposal  %8.3f ms  (%.2fx the analysis, %.3f of the 50 ms budget)\n",
	       tp[rounds / 2] * 1e3, tp[rounds / 2] / ta[rounds / 2], tp[rounds / 2] / 0.050);
	free(tp);
	free(ta);
	return 0;
}
