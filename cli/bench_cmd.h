/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench_cmd.h - what `cachelint bench`'s files share: the options
 * (cmd_bench.c parses them and runs the plan), the counts the program
 * printed and their medians (bench_print.c, which prints them as text,
 * Markdown or JSON), and perf c2c's HITMs per layout (bench_perf.c)
 */
#ifndef CACHELINT_BENCH_CMD_H
#define CACHELINT_BENCH_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench_gen.h"
#include "bench_run.h"
#include "cli.h"

enum bench_format { BENCH_TEXT, BENCH_JSON, BENCH_MARKDOWN };
/**
 * struct bench_cmd - the options of one run
 * @c: the common options (profiles, line size)
 * @threads: --threads
 * @rounds: --rounds
 * @seconds: --seconds
 * @layouts: --layout NAME=FILE arguments
 * @nlayouts: number of @layouts
 * @base_align: --base-align, 0 when not given
 * @format: --format
 * @perf: --perf
 * @source: --source
 * @per_thread: --per-thread
 * @threads_given: --threads was given (per-thread slots: the elements)
 */
struct bench_cmd {
	struct cli_common c;
	unsigned threads, rounds;
	double seconds;
	const char **layouts;
	size_t nlayouts;
	unsigned base_align;
	enum bench_format format;
	bool perf, source, per_thread, threads_given;
};
/**
 * struct bench_result - what the program printed
 * @ops: [layout][role][round], ops/s summed over the role's threads
 * @cpus: CPUs the threads were pinned to
 * @runs: thread runs
 * @short_runs: thread runs on their CPU less than 90% of the time
 */
struct bench_result {
	double *ops;
	int cpus;
	unsigned runs, short_runs;
};
static inline double *ops_at(const struct bench_plan *p, const struct bench_result *res, unsigned rounds,
		      size_t l, size_t r, unsigned round)
{
	return &res->ops[(l * p->nroles + r) * rounds + round];
}
/**
 * struct bench_table - the medians and what is derived from them
 * @med: [layout][role] median ops/s
 * @aa_spread: the largest |A/A / original - 1| over the roles
 */
struct bench_table {
	double *med;
	double aa_spread;
};
/* Layout 1 is the A/A copy of the original (layout 0). */
#define AA 1

void bench_table_make(const struct bench_plan *p, const struct bench_result *res,
		       unsigned rounds, struct bench_table *t);
void bench_print_text(const struct bench_plan *p, const struct bench_cmd *b,
		       const struct bench_result *res, const struct bench_table *t,
		       struct cl_arena *a, const uint64_t *hitm);
void bench_print_markdown(const struct bench_plan *p, const struct bench_cmd *b,
			   const struct bench_result *res, const struct bench_table *t,
			   struct cl_arena *a, const uint64_t *hitm);
void bench_print_json(const struct bench_plan *p, const struct bench_cmd *b,
		       const struct bench_result *res, const struct bench_table *t,
		       const char *perf_note, const uint64_t *hitm);
uint64_t *bench_perf_hitms(const struct bench_plan *p, const struct bench_cmd *b,
			    const char *bin, struct cl_arena *a, const char **why);
const char *bench_perf_probe(struct cl_arena *a);

#endif /* CACHELINT_BENCH_CMD_H */
