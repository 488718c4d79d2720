// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench_print.c - `cachelint bench`'s numbers: the median of each role's
 * rounds, the ratios to the original layout, the A/A spread, and the
 * table as text, Markdown or JSON
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_cmd.h"
#include "emit/emit_common.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(const double *v, unsigned n)
{
	double *s = cl_xmalloc(n * sizeof(*s)), m;

	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}



void bench_table_make(const struct bench_plan *p, const struct bench_result *res,
		       unsigned rounds, struct bench_table *t)
{
	t->med = cl_xmalloc((p->nlayouts * p->nroles + 1) * sizeof(*t->med));
	for (size_t l = 0; l < p->nlayouts; l++)
		for (size_t r = 0; r < p->nroles; r++)
			t->med[l * p->nroles + r] = median(ops_at(p, res, rounds, l, r, 0), rounds);
	t->aa_spread = 0;
	for (size_t r = 0; r < p->nroles; r++) {
		double o = t->med[r], a = t->med[AA * p->nroles + r];
		double d = o > 0 ? fabs(a / o - 1) : 0;

		if (d > t->aa_spread)
			t->aa_spread = d;
	}
}

static double ratio(const struct bench_plan *p, const struct bench_table *t, size_t l, size_t r)
{
	double o = t->med[r];

	return o > 0 ? t->med[l * p->nroles + r] / o : 0;
}

/* The order layouts are shown in: the original, the others, the A/A copy last. */
static size_t shown(const struct bench_plan *p, size_t i)
{
	if (!i)
		return 0;
	return i + 1 < p->nlayouts ? i + 1 : AA;
}

static const char *layout_label(const struct bench_plan *p, size_t l)
{
	return l == AA ? "original (A/A)" : p->layouts[l].name;
}

/* ---- output --------------------------------------------------------- */

static const char *placement(const struct bench_plan *p, struct cl_arena *a)
{
	const char *what = p->slots ? "the array" : "each object";

	if (!p->base_align)
		return cl_arena_printf(a, "%s on a %u-byte line boundary", what, p->line_size);
	return cl_arena_printf(a, "%s %u-aligned, not %u-aligned (--base-align %u)%s", what,
			       p->base_align, 2 * p->base_align, p->base_align,
			       p->slots ? ", an element aligned beyond that on its alignment" : "");
}

/* ", per-thread slots: an array of 4 elements, one thread on each" */
static const char *mode_text(const struct bench_plan *p, struct cl_arena *a)
{
	if (!p->slots)
		return "";
	return cl_arena_printf(a, ", per-thread slots: an array of %u elements, one thread on each",
			       p->slots);
}

/* With slots: the most elements of layout @l that one line holds bytes of. */
static unsigned slot_per_line(const struct bench_plan *p, size_t l)
{
	uint64_t size = p->layouts[l].size, base = bench_base_offset(p, l);
	uint64_t lines = (base + p->slots * size) / p->line_size + 1;
	unsigned *n = calloc(lines + 1, sizeof(*n)), most = 0;

	for (unsigned e = 0; n && size && e < p->slots; e++) {
		uint64_t first = (base + e * size) / p->line_size;
		uint64_t last = (base + (e + 1) * size - 1) / p->line_size;

		for (uint64_t ln = first; ln <= last; ln++)
			if (++n[ln] > most)
				most = n[ln];
	}
	free(n);
	return most;
}

/* With slots: per layout, bytes per element and for the whole array. */
static void print_slot_bytes(const struct bench_plan *p)
{
	if (!p->slots)
		return;
	for (size_t i = 0, l; i < p->nlayouts && (l = shown(p, i), 1); i++)
		if (l != AA)
			printf("%s: %llu bytes per element, %llu for the %u elements, up to %u element%s on one %u-byte line\n",
			       p->layouts[l].name, (unsigned long long)p->layouts[l].size,
			       (unsigned long long)(p->layouts[l].size * p->slots), p->slots,
			       slot_per_line(p, l), slot_per_line(p, l) == 1 ? "" : "s",
			       p->line_size);
}

void bench_print_text(const struct bench_plan *p, const struct bench_cmd *b,
		       const struct bench_result *res, const struct bench_table *t,
		       struct cl_arena *a, const uint64_t *hitm)
{
	printf("cachelint bench: %s%s, %u round%s of %g s per layout, interleaved, after a warm-up; %s\n",
	       p->record, mode_text(p, a), b->rounds, b->rounds == 1 ? "" : "s", b->seconds,
	       placement(p, a));
	for (size_t r = 0; r < p->nroles; r++)
		printf("role %s: %s\n", p->roles[r].name, bench_role_describe(p, r, a));
	print_slot_bytes(p);
	printf("\n%-20s %7s  %-16s %5s %16s %12s", "layout", "bytes", "role", "lines", "ops/s",
	       "vs original");
	printf(hitm ? " %10s\n" : "\n", "HITM");
	for (size_t i = 0, l; i < p->nlayouts && (l = shown(p, i), 1); i++) {
		for (size_t r = 0; r < p->nroles; r++) {
			printf("%-20s %7llu  %-16s %5u %16.0f %11.2fx", layout_label(p, l),
			       (unsigned long long)p->layouts[l].size, p->roles[r].name,
			       bench_role_lines(p, l, r), t->med[l * p->nroles + r], ratio(p, t, l, r));
			if (hitm && !r)
				printf(" %10llu", (unsigned long long)hitm[l]);
			putchar('\n');
		}
	}
	if (hitm)
		printf("\nHITM: perf c2c record of one round of each layout alone (the layout's, "
		       "all roles)\n");
	printf("\nA/A spread: %.1f%% (the largest |A/A - 1| over the roles): differences smaller than that are noise\n",
	       100 * t->aa_spread);
	printf("threads on their CPU less than 90%% of a run: %u of %u\n", res->short_runs, res->runs);
	/* as run.sh: false sharing needs both threads on their CPUs at once */
	if (res->short_runs * 3 > res->runs)
		printf("the machine was busy: the ratios understate false sharing; run it again on a quiet machine\n");
}

void bench_print_markdown(const struct bench_plan *p, const struct bench_cmd *b,
			   const struct bench_result *res, const struct bench_table *t,
			   struct cl_arena *a, const uint64_t *hitm)
{
	printf("| layout | bytes | role | lines | ops/s | vs original |%s\n", hitm ? " HITM |" : "");
	printf("|:--|--:|:--|--:|--:|--:|%s\n", hitm ? "--:|" : "");
	for (size_t i = 0, l; i < p->nlayouts && (l = shown(p, i), 1); i++) {
		for (size_t r = 0; r < p->nroles; r++) {
			printf("| %s | %llu | %s | %u | %.0f | %.2fx |", layout_label(p, l),
			       (unsigned long long)p->layouts[l].size, p->roles[r].name,
			       bench_role_lines(p, l, r), t->med[l * p->nroles + r], ratio(p, t, l, r));
			if (hitm)
				printf(r ? " |" : " %llu |", (unsigned long long)hitm[l]);
			putchar('\n');
		}
	}
	if (p->slots)
		putchar('\n');
	print_slot_bytes(p);
	printf("\n`cachelint bench` on %s%s: median of %u interleaved rounds of %g s, %u thread%s per role on %d CPU%s, %s; A/A spread %.1f%%; %u of %u thread runs on their CPU less than 90%% of the time.\n",
	       p->record, mode_text(p, a), b->rounds, b->seconds, p->threads,
	       p->threads == 1 ? "" : "s", res->cpus,
	       res->cpus == 1 ? "" : "s", placement(p, a), 100 * t->aa_spread, res->short_runs,
	       res->runs);
}

static void json_roles(const struct bench_plan *p, const struct bench_table *t, size_t l)
{
	for (size_t r = 0; r < p->nroles; r++) {
		printf("%s{\"role\": ", r ? ", " : "");
		cl_put_quoted(stdout, p->roles[r].name);
		printf(", \"ops_per_s\": %.0f, \"ratio\": %.4f, \"lines\": %u}",
		       t->med[l * p->nroles + r], ratio(p, t, l, r), bench_role_lines(p, l, r));
	}
}

void bench_print_json(const struct bench_plan *p, const struct bench_cmd *b,
		       const struct bench_result *res, const struct bench_table *t,
		       const char *perf_note, const uint64_t *hitm)
{
	printf("{\"struct\": ");
	cl_put_quoted(stdout, p->record);
	printf(", \"mode\": \"%s\", \"elements\": %u", p->slots ? "per-thread-slots" : "object",
	       p->slots ? p->slots : 1);
	printf(", \"seconds\": %g, \"rounds\": %u, \"threads_per_role\": %u, \"cpus\": %d, ",
	       b->seconds, b->rounds, p->threads, res->cpus);
	printf("\"line_size\": %u, \"base_align\": %u,\n \"layouts\": [", p->line_size,
	       p->base_align);
	for (size_t l = 0, k = 0; l < p->nlayouts; l++) {
		if (l == AA)
			continue;
		printf("%s\n  {\"name\": ", k++ ? "," : "");
		cl_put_quoted(stdout, p->layouts[l].name);
		printf(", \"bytes\": %llu, \"total_bytes\": %llu, ",
		       (unsigned long long)p->layouts[l].size,
		       (unsigned long long)(p->layouts[l].size * (p->slots ? p->slots : 1)));
		if (p->slots)
			printf("\"elements_per_line\": %u, ", slot_per_line(p, l));
		if (hitm)
			printf("\"hitm\": %llu, ", (unsigned long long)hitm[l]);
		printf("\"roles\": [");
		json_roles(p, t, l);
		printf("]}");
	}
	printf("],\n \"aa\": {\"spread\": %.4f, \"roles\": [", t->aa_spread);
	json_roles(p, t, AA);
	printf("]},\n \"disturbance\": {\"runs\": %u, \"off_cpu_runs\": %u}", res->runs,
	       res->short_runs);
	if (perf_note) {
		printf(",\n \"perf\": ");
		cl_put_quoted(stdout, perf_note);
	}
	printf("}\n");
}
