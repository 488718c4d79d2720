// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_bench.c - `cachelint bench [options] STRUCT FILE`: numbers for a
 * layout change, measured on the user's own struct
 *
 * STRUCT is read from FILE's DWARF as `cachelint layout` reads it, its
 * classes or paths applied from annotations and --profile, and proposed as
 * `cachelint layout --propose` proposes.  cli/bench_gen.c writes a C
 * program with each layout (original, an A/A copy of it, the proposal,
 * each --layout NAME=FILE) as byte arrays at the same offsets and one
 * thread per role; it is compiled with the system compiler in a private
 * temporary directory, run, and its counts printed as medians and ratios
 * against the original.  The method is bench/false_sharing's.
 */
#define _GNU_SOURCE	/* sched_getaffinity, CPU_COUNT */
#include "cli.h"

#include <errno.h>
#include <linux/perf_event.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_gen.h"
#include "bench_run.h"
#include "bench_cmd.h"
#include "dwarf_run.h"
#include "propose/propose.h"
#include "emit/report.h"

enum {
	OPT_THREADS = CLI_OPT_FIRST_FREE,
	OPT_SECONDS,
	OPT_ROUNDS,
	OPT_LAYOUT,
	OPT_BASE_ALIGN,
	OPT_BENCH_FORMAT,
	OPT_PERF,
	OPT_SOURCE,
	OPT_PER_THREAD,
};


static void usage(FILE *out)
{
	fputs("Usage: cachelint bench [options] STRUCT FILE\n"
	      "Measure STRUCT (a tag, 'struct tag', or a typedef name) from the DWARF of\n"
	      "FILE (anything 'cachelint dwarf' reads, built with -g) as it is, as\n"
	      "proposed, and as each --layout gives it: a C program with each layout as\n"
	      "byte arrays at the same offsets and alignment runs one thread per role,\n"
	      "each doing its accesses in the profile's proportions.  Roles: one per\n"
	      "path of a profile with paths (an instrumented run's threads), else one\n"
	      "writer per write group and one reader of the read-mostly members.\n"
	      "Threads are pinned to the CPUs allowed; after a warm-up the layouts run\n"
	      "interleaved for --rounds rounds, with an A/A control (the original\n"
	      "against a copy of itself) and a check of the threads' CPU share (another\n"
	      "job on the machine).  Prints ops/s per role and layout (median of the\n"
	      "rounds), the ratio against the original, bytes per instance, cache lines\n"
	      "per role, and the A/A spread: smaller differences are noise.  The program\n"
	      "is compiled with $CC (else cc or gcc) in a private temporary directory,\n"
	      "removed at the end.\n"
	      "\n"
	      "  --profile FILE          access profile (YAML); may be repeated, merged in order\n"
	      "  --line-size N           cache line size, a power of two from 16 to 512 (64)\n"
	      "  --threads N             threads per role (1); with --per-thread, the\n"
	      "                          elements, one thread each (2)\n"
	      "  --seconds S             seconds per layout and round (1)\n"
	      "  --rounds N              rounds (3)\n"
	      "  --layout NAME=FILE      also measure the layout of STRUCT in FILE, in the\n"
	      "                          dump-layout format ('cachelint dwarf --dump-layout');\n"
	      "                          may be repeated\n"
	      "  --base-align N          place each object at an address N-aligned but not\n"
	      "                          2N-aligned, as malloc gives it (e.g. 16); default:\n"
	      "                          on a cache line boundary\n"
	      "  --format FMT            text, json or markdown (a table for a commit\n"
	      "                          message) (text)\n"
	      "  --perf                  also record 'perf c2c record' of one round of each\n"
	      "                          layout alone and print its HITMs beside ops/s;\n"
	      "                          where perf c2c cannot record (no perf, no PEBS,\n"
	      "                          IBS or SPE), a note says why and the plain\n"
	      "                          numbers follow\n"
	      "  --per-thread            per-thread slots: measure an array of --threads\n"
	      "                          elements (2 when not given), one thread on each\n"
	      "                          writing its own element; also when STRUCT is\n"
	      "                          __per_thread or a profile has a between: entry for\n"
	      "                          it.  Layouts: the original, packed as an array or\n"
	      "                          calloc() gives it, against the element padded and\n"
	      "                          aligned to the line (cachelint-false-sharing-objects'\n"
	      "                          fix), with bytes per element and for the array\n"
	      "  --source                print the generated C program and stop\n"
	      "  --help, --version\n"
	      "STRUCT FILE is the order of 'cachelint layout' too; FILE STRUCT, the order\n"
	      "of earlier versions, is read as well when FILE exists and STRUCT is no path.\n"
	      "Exit status: 0 measured, 2 usage or input error (unknown struct, bad\n"
	      "--layout file, no C compiler, the program failed).\n"
	      "\nExample: cachelint bench --seconds 0.5 --profile memcg.yaml page_counter pc.o\n"
	      "         cachelint bench --format markdown --layout v511=v511.dump page_counter pc.o\n",
	      out);
}


static int parse_uint(const char *opt, const char *arg, unsigned lo, unsigned hi, unsigned *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (errno || end == arg || *end || v < lo || v > hi || arg[0] == '-') {
		cl_error("bench: invalid --%s '%s': expected a number from %u to %u", opt, arg, lo,
			 hi);
		return -1;
	}
	*out = (unsigned)v;
	return 0;
}

/* NAME=FILE, NAME a word that is not one of the layouts bench makes */
static int layout_arg_check(const char *arg)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : 0;

	if (!eq || !n || !eq[1]) {
		cl_error("bench: invalid --layout '%s': expected NAME=FILE", arg);
		return -1;
	}
	/* the names of the layouts bench makes itself, the A/A copy's included */
	if (strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") != n ||
	    (n == 8 && !strncmp(arg, "original", n)) || (n == 8 && !strncmp(arg, "proposed", n)) ||
	    (n == 11 && !strncmp(arg, "original-aa", n))) {
		cl_error("bench: invalid --layout name '%.*s': letters, digits, '_', '.', '-', and not 'original', 'original-aa' or 'proposed' (the layouts bench makes)",
			 (int)n, arg);
		return -1;
	}
	return 0;
}

static int parse_value(struct bench_cmd *b, int opt, const char *arg)
{
	char *end;

	switch (opt) {
	case OPT_THREADS:
		b->threads_given = true;
		return parse_uint("threads", arg, 1, 64, &b->threads);
	case OPT_ROUNDS:
		return parse_uint("rounds", arg, 1, 1000, &b->rounds);
	case OPT_SECONDS:
		errno = 0;
		b->seconds = strtod(arg, &end);
		if (errno || end == arg || *end || !(b->seconds >= 0.01 && b->seconds <= 3600)) {
			cl_error("bench: invalid --seconds '%s': expected seconds from 0.01 to 3600", arg);
			return -1;
		}
		return 0;
	case OPT_BASE_ALIGN:
		if (parse_uint("base-align", arg, 1, 2048, &b->base_align))
			return -1;
		if (b->base_align & (b->base_align - 1)) {
			cl_error("bench: invalid --base-align '%s': expected a power of two", arg);
			return -1;
		}
		return 0;
	case OPT_BENCH_FORMAT:
		if (!strcmp(arg, "text"))
			b->format = BENCH_TEXT;
		else if (!strcmp(arg, "json"))
			b->format = BENCH_JSON;
		else if (!strcmp(arg, "markdown"))
			b->format = BENCH_MARKDOWN;
		else {
			cl_error("bench: invalid --format '%s': expected text, json or markdown", arg);
			return -1;
		}
		return 0;
	case OPT_LAYOUT:
		if (layout_arg_check(arg))
			return -1;
		b->layouts = cl_xrealloc(b->layouts, (b->nlayouts + 1) * sizeof(*b->layouts));
		b->layouts[b->nlayouts++] = arg;
		return 0;
	}
	return 1;
}

static int bench_option(void *cmd, int opt, const char *arg)
{
	struct bench_cmd *b = cmd;
	int rc = parse_value(b, opt, arg);

	if (rc <= 0)
		return rc < 0 ? -1 : 1;
	switch (opt) {
	case OPT_PERF:
		b->perf = true;
		return 1;
	case OPT_SOURCE:
		b->source = true;
		return 1;
	case OPT_PER_THREAD:
		b->per_thread = true;
		return 1;
	default:
		return 0;
	}
}

static int parse(struct bench_cmd *b, int argc, char **argv, int *status)
{
	static const struct option longopts[] = {
		CLI_LONG_PROFILE,
		CLI_LONG_LINE_SIZE,
		CLI_LONG_ARG("threads", OPT_THREADS),
		CLI_LONG_ARG("seconds", OPT_SECONDS),
		CLI_LONG_ARG("rounds", OPT_ROUNDS),
		CLI_LONG_ARG("layout", OPT_LAYOUT),
		CLI_LONG_ARG("base-align", OPT_BASE_ALIGN),
		CLI_LONG_ARG("format", OPT_BENCH_FORMAT),
		CLI_LONG_FLAG("perf", OPT_PERF),
		CLI_LONG_FLAG("source", OPT_SOURCE),
		CLI_LONG_FLAG("per-thread", OPT_PER_THREAD),
		CLI_LONG_HELP_VERSION,
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_parser p = {
		.command = "bench", .shortopts = ":", .longopts = longopts,
		.common = &b->c, .option = bench_option, .cmd = b, .usage = usage,
	};

	if (cli_parse_options(&p, argc, argv, status))
		return -1;
	if (argc - optind != 2) {
		usage(stderr);
		return *status = EXIT_USAGE, -1;
	}
	return 0;
}

/* ---- the counts ----------------------------------------------------- */



static int run_program(const struct bench_plan *p, const struct bench_cmd *b,
		       const char *bin, struct bench_result *res)
{
	struct bench_output out = { 0 };
	char secs[32], rounds[16];
	char *argv[] = { (char *)bin, secs, rounds, NULL };

	snprintf(secs, sizeof(secs), "%g", b->seconds);
	snprintf(rounds, sizeof(rounds), "%u", b->rounds);
	if (bench_execute(argv, &out)) {
		free(out.text);
		return -1;
	}
	res->ops = calloc(p->nlayouts * p->nroles * b->rounds + 1, sizeof(*res->ops));
	for (const char *line = out.text ? out.text : ""; *line;) {
		unsigned round, l, r;
		double ops, share;

		if (sscanf(line, "cpus %d", &res->cpus) != 1 &&
		    sscanf(line, "run %u %u %u %lf %lf", &round, &l, &r, &ops, &share) == 5 &&
		    round < b->rounds && l < p->nlayouts && r < p->nroles) {
			*ops_at(p, res, b->rounds, l, r, round) += ops;
			res->runs++;
			res->short_runs += share < 0.9;
		}
		line += strcspn(line, "\n");
		line += *line == '\n';
	}
	free(out.text);
	return 0;
}

/* ---- the run -------------------------------------------------------- */

static int add_layout_arg(struct bench_plan *p, const char *arg, const char *struct_name,
			  struct cl_arena *a)
{
	const char *eq = strchr(arg, '=');
	char *name = cl_arena_strndup(a, arg, (size_t)(eq - arg));
	char err[1024];

	for (size_t l = 0; l < p->nlayouts; l++) {
		if (!strcmp(p->layouts[l].name, name)) {
			cl_error("bench: --layout '%s' is given twice", name);
			return -1;
		}
	}
	if (bench_add_dump(p, name, eq + 1, struct_name, a, err, sizeof(err))) {
		cl_error("bench: %s", err);
		return -1;
	}
	return 0;
}

/* The A/A copy: the original again, as a layout of its own (AA). */
static void add_aa(struct bench_plan *p)
{
	p->layouts = cl_xrealloc(p->layouts, (p->nlayouts + 1) * sizeof(*p->layouts));
	p->layouts[p->nlayouts] = p->layouts[0];
	p->layouts[p->nlayouts++].name = "original-aa";
}

/* "cachelint: bench: note: ...", through the one printer. */
static void bench_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void bench_note(const char *fmt, ...)
{
	struct cl_diag d;
	va_list ap;

	va_start(ap, fmt);
	cl_diag_vset(&d, NULL, 0, 0, fmt, ap);
	va_end(ap);
	d.severity = CL_SEV_NOTE;
	d.command = "bench";
	cl_diag_print(&d);
}

static void add_proposal(struct bench_plan *p, struct cli_dwarf_run *r, const struct cl_record *rec,
			 struct cl_arena *a)
{
	const struct cl_report_proposal *rp = cl_pipeline_proposal(&r->pipe, rec);
	char err[256];

	if (!rp)
		bench_note("nothing to propose for %s: no cache line holds fields of two classes or write groups",
			   p->record);
	else if (!rp->p)
		bench_note("no proposal for %s: %s", p->record, rp->reason);
	else if (bench_add_record(p, "proposed", rp->p->model, a, err, sizeof(err)))
		bench_note("%s", err);
}

static void note_cpus(const struct bench_plan *p)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return;
	n = CPU_COUNT(&set);
	if ((size_t)n < p->nroles * p->threads)
		bench_note("%zu threads on %d CPU%s: threads share CPUs, so the ratios understate false sharing",
			   p->nroles * p->threads, n, n == 1 ? "" : "s");
}

static int measure(struct bench_plan *p, const struct bench_cmd *b, struct cl_arena *a)
{
	struct bench_result res = { 0 };
	struct bench_table t = { 0 };
	const char *perf_note = NULL, *src, *bin;
	uint64_t *hitm = NULL;
	FILE *f;
	int rc = -1;

	if (bench_tmp_create())
		return -1;
	src = cl_arena_printf(a, "%s/bench.c", bench_tmp_dir());
	bin = cl_arena_printf(a, "%s/bench", bench_tmp_dir());
	f = fopen(src, "w");
	if (!f) {
		cl_error("bench: %s: %s", src, strerror(errno));
		goto out;
	}
	bench_generate(f, p);
	if (fclose(f)) {
		cl_error("bench: %s: %s", src, strerror(errno));
		goto out;
	}
	if (bench_compile(src, bin))
		goto out;
	note_cpus(p);
	if (run_program(p, b, bin, &res))
		goto out;
	if (b->perf) {
		perf_note = bench_perf_probe(a);
		if (!perf_note)
			hitm = bench_perf_hitms(p, b, bin, a, &perf_note);
		if (bench_interrupted())
			goto out;
	}
	bench_table_make(p, &res, b->rounds, &t);
	if (perf_note && b->format != BENCH_JSON)
		bench_note("%s", perf_note);
	if (b->format == BENCH_JSON)
		bench_print_json(p, b, &res, &t, perf_note, hitm);
	else if (b->format == BENCH_MARKDOWN)
		bench_print_markdown(p, b, &res, &t, a, hitm);
	else
		bench_print_text(p, b, &res, &t, a, hitm);
	rc = 0;
out:
	free(hitm);
	free(res.ops);
	free(t.med);
	bench_tmp_remove();
	return rc;
}

/*
 * Per-thread slots (issue 23's arrays of per-thread elements): --threads
 * elements, one thread each on its own; the original packed against the
 * element padded to the line.  The members accessed are those of the
 * classes or paths, all without any.
 */
static int plan_make_slots(struct bench_plan *p, struct bench_cmd *b,
			   const struct cl_record *rec, const char *name, struct cl_arena *a)
{
	unsigned n = b->threads_given ? b->threads : 2;

	if (n < 2) {
		cl_error("bench: per-thread slots need two threads or more: --threads %u", n);
		return -1;
	}
	bench_plan_init(p, rec, a);	/* no roles: every member is written */
	if (!p->nleaves) {
		cl_error("bench: %s has no member with a size: nothing to measure", p->record);
		return -1;
	}
	bench_plan_slots(p, n, a);
	p->threads = 1;
	add_aa(p);
	bench_add_padded(p, "proposed", a);
	for (size_t i = 0; i < b->nlayouts; i++)
		if (add_layout_arg(p, b->layouts[i], name, a))
			return -1;
	return 0;
}

static int plan_make(struct bench_plan *p, struct bench_cmd *b, struct cli_dwarf_run *r,
		     const char *name, struct cl_arena *a)
{
	const struct cl_record *rec = r->pipe.records[0];

	if (r->pipe.nrecords > 1)
		bench_note("%s has %zu layouts in the input; measuring the first",
			   name, r->pipe.nrecords);
	p->line_size = b->c.opt.line_size;
	p->base_align = b->base_align;
	p->threads = b->threads;
	if (b->per_thread || rec->per_thread || (rec->objects && rec->objects->has_between))
		return plan_make_slots(p, b, rec, name, a);
	if (bench_plan_init(p, rec, a)) {
		cl_error("bench: %s has no member with an access class or path: nothing to measure (annotate it or give --profile)",
			 p->record);
		return -1;
	}
	add_aa(p);
	add_proposal(p, r, rec, a);
	for (size_t i = 0; i < b->nlayouts; i++)
		if (add_layout_arg(p, b->layouts[i], name, a))
			return -1;
	return 0;
}

/* Objects bench cannot hold, and members too long to touch whole, said before any work. */
static int plan_check(const struct bench_plan *p)
{
	char err[512];

	if (bench_plan_check(p, err, sizeof(err))) {
		cl_error("bench: %s", err);
		return -1;
	}
	for (size_t k = 0; k < p->nleaves; k++) {
		uint64_t lines;

		if (bench_leaf_capped(p, k, &lines))
			bench_note("'%s' covers %llu cache lines: each access touches its first and last %d, where it meets its neighbours (a member touched whole makes a program too large to compile)",
				   p->leaves[k].path, (unsigned long long)lines,
				   BENCH_MAX_ACCESS_LINES / 2);
	}
	return 0;
}

static void plan_free(struct bench_plan *p)
{
	for (size_t i = 0; i < p->nroles; i++)
		free(p->roles[i].acc);
	free(p->roles);
	free(p->layouts);
}

static int run(int argc, char **argv)
{
	struct bench_cmd b = { .threads = 1, .rounds = 3, .seconds = 1.0 };
	struct bench_plan p = { 0 };
	struct cl_arena a;
	struct cli_dwarf_run r;
	const char *name;
	int status = EXIT_USAGE;

	cli_common_init(&b.c);
	cl_arena_init(&a);
	if (parse(&b, argc, argv, &status))
		goto out_common;
	b.c.propose = true;
	if (cli_dwarf_run_init(&r, &b.c))
		goto out;
	cli_struct_first(argv + optind, 2);
	name = cli_struct_tag(argv[optind]);
	cli_dwarf_run_files(&r, argv + optind + 1, 1, false, name, true);
	if (r.errors) {
		cl_error("bench: %zu error%s", r.errors, r.errors == 1 ? "" : "s");
		goto out;
	}
	if (!r.pipe.nrecords) {
		cl_error("bench: no struct or union '%s' is defined in %s", name, argv[optind + 1]);
		goto out;
	}
	if (plan_make(&p, &b, &r, name, &a) || plan_check(&p))
		goto out;
	if (b.source) {
		bench_generate(stdout, &p);
		status = EXIT_SUCCESS;
	} else {
		status = measure(&p, &b, &a) ? EXIT_USAGE : EXIT_SUCCESS;
	}
out:
	cli_dwarf_run_free(&r);
out_common:
	plan_free(&p);
	cl_arena_free(&a);
	cli_common_free(&b.c);
	free(b.layouts);
	return status;
}

const struct cl_command cl_cmd_bench = {
	"bench", "measure a struct's layouts (original, proposed, given) per role", run,
};
