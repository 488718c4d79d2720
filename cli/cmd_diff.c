// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_diff.c - `cachelint diff [options] BASE HEAD`: what a change did to
 * the struct layouts, between two builds (or baselines)
 *
 * A reviewer's question is "what did this change do to the layout?": each
 * side is read as `cachelint dwarf` reads it (diff_side.c), the structs are
 * compared (diff_compare.c) and the changes printed (diff_emit.c).  The
 * exit status gates CI: 1 when HEAD is worse than BASE (--fail-on).
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "emit/files.h"

static void usage(FILE *out)
{
	fputs("Usage: cachelint diff [options] BASE HEAD\n"
	      "Compare the struct layouts of two builds: what a change did to them.  BASE and\n"
	      "HEAD are builds (ELF objects, ar archives, executables, shared libraries, a\n"
	      "vmlinux, with DWARF), read as 'cachelint dwarf' reads them, or baseline files\n"
	      "written by --write-baseline (findings only, no layouts).  Per struct whose\n"
	      "layout changed: its size and cache lines before and after, the lines each\n"
	      "path touches, the findings new in HEAD and gone from BASE (budgets newly\n"
	      "exceeded among them), and the members that moved onto a line beside a member\n"
	      "they now conflict with.  Structs in one side only are listed.\n"
	      "\n"
	      "  --profile FILE          access profile (YAML) for both sides; may be repeated,\n"
	      "                          merged in order\n"
	      "  --line-size N           cache line size, a power of two from 16 to 512 (64)\n"
	      "  --alignment line|any    where a struct may start (line)\n"
	      "  --adjacent              also report pairs in adjacent lines of a 128-byte block\n"
	      "  --cacheline-groups on|off  classes from the kernel's cacheline group markers (on)\n"
	      "  --format FMT            text, json, sarif, markdown or github (text); sarif and\n"
	      "                          github give what makes HEAD worse\n"
	      "  --fail-on WHAT          new: exit 1 on any new finding; worse: when a struct\n"
	      "                          is worse, weighed as below (the default); any: on\n"
	      "                          any change listed\n"
	      "  -o, --output FILE       write to FILE (atomically), not stdout\n"
	      "  --source-root DIR       paths in SARIF, GitHub and markdown output relative\n"
	      "                          to DIR\n"
	      "  -j, --jobs N            threads reading the units of a linked file (the CPUs\n"
	      "                          available); the output is the same for every N\n"
	      "  --quiet                 no progress on stderr\n"
	      "  --help, --version\n"
	      "Each struct is weighed on its findings of warning severity first (fewer is\n"
	      "better, whatever it costs in lines on a path, and the cost is printed; a\n"
	      "budget newly exceeded is a finding), then on the lines its paths touch, then\n"
	      "on the cache lines it spans; HEAD is worse than BASE when one struct is.\n"
	      "Exit status: 0 HEAD is not worse (under --fail-on), 1 it is, 2 usage or input\n"
	      "error (a side that cannot be read whole is one).\n"
	      "\nExample: cachelint diff --format markdown base/app head/app\n", out);
}

enum fail_on { FAIL_NEW, FAIL_WORSE, FAIL_ANY };

struct diff_cmd {
	struct cli_common c;
	enum diff_format format;
	enum fail_on fail_on;
	const char *output;
	const char *source_root;
	unsigned jobs;
};

enum {
	OPT_FORMAT = CLI_OPT_FIRST_FREE,
	OPT_FAIL_ON,
	OPT_OUTPUT,
	OPT_SOURCE_ROOT,
	OPT_JOBS,
};

static int parse_fail_on(const char *arg, enum fail_on *out)
{
	static const char *const names[] = { "new", "worse", "any" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(arg, names[i])) {
			*out = (enum fail_on)i;
			return 0;
		}
	}
	cl_error("diff: invalid --fail-on '%s': expected new, worse or any", arg);
	return -1;
}

static int diff_option(void *cmd, int opt, const char *arg)
{
	struct diff_cmd *d = cmd;

	switch (opt) {
	case OPT_FORMAT:
		if (!diff_format_parse(arg, &d->format))
			return 1;
		cl_error("diff: invalid --format '%s': expected text, json, sarif, markdown or github",
			 arg);
		return -1;
	case OPT_FAIL_ON:
		return parse_fail_on(arg, &d->fail_on) ? -1 : 1;
	case 'o':
	case OPT_OUTPUT:
		d->output = arg;
		return 1;
	case OPT_SOURCE_ROOT:
		d->source_root = arg;
		return 1;
	case 'j':
	case OPT_JOBS:
		return cli_parse_jobs("diff", arg, &d->jobs) ? -1 : 1;
	default:
		return 0;
	}
}

static int parse(struct diff_cmd *d, int argc, char **argv, int *status)
{
	static const struct option longopts[] = {
		CLI_LAYOUT_LONG_OPTIONS,
		CLI_LONG_QUIET,
		CLI_LONG_HELP_VERSION,
		CLI_LONG_ARG("format", OPT_FORMAT),
		CLI_LONG_ARG("fail-on", OPT_FAIL_ON),
		CLI_LONG_ARG("output", OPT_OUTPUT),
		CLI_LONG_ARG("source-root", OPT_SOURCE_ROOT),
		CLI_LONG_ARG("jobs", OPT_JOBS),
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_parser p = {
		.command = "diff", .shortopts = ":o:j:", .longopts = longopts,
		.common = &d->c, .option = diff_option, .cmd = d, .usage = usage,
	};

	if (cli_parse_options(&p, argc, argv, status))
		return -1;
	if (argc - optind != 2) {
		cl_error("diff: expected BASE and HEAD, %s (cachelint diff --help)",
			 argc - optind < 2 ? "missing one" : "more given");
		return *status = EXIT_USAGE, -1;
	}
	return 0;
}

static int write_result(FILE *out, void *data)
{
	const struct diff_cmd *d = ((void **)data)[0];
	const struct diff_result *r = ((void **)data)[1];

	return diff_write(out, r, d->format, d->source_root);
}

static int report(const struct diff_cmd *d, const struct diff_result *r)
{
	void *job[2] = { (void *)d, (void *)r };
	bool fail;

	if (d->output) {
		if (cli_output_ready(d->output))
			return EXIT_USAGE;
		if (cl_write_atomic(d->output, write_result, job)) {
			cl_error("cannot write '%s': %s", d->output, strerror(errno));
			return EXIT_USAGE;
		}
	} else if (write_result(stdout, job) || fflush(stdout)) {
		cl_error("diff: cannot write to standard output: %s", strerror(errno));
		return EXIT_USAGE;
	}
	fail = d->fail_on == FAIL_NEW ? r->new_warnings > 0 :
	       d->fail_on == FAIL_WORSE ? diff_worse(r) : diff_any(r);
	return fail ? EXIT_FINDINGS : EXIT_SUCCESS;
}

static int run(int argc, char **argv)
{
	struct diff_cmd d = { .format = DIFF_TEXT, .fail_on = FAIL_WORSE };
	struct diff_side base = { 0 }, head = { 0 };
	struct diff_result r;
	int status = EXIT_USAGE;
	unsigned jobs;

	cli_common_init(&d.c);
	if (parse(&d, argc, argv, &status))
		goto out_common;
	jobs = d.jobs ? d.jobs : cli_jobs_default();
	base.file = argv[optind];
	head.file = argv[optind + 1];
	if (diff_side_load(&base, &d.c, jobs) || diff_side_load(&head, &d.c, jobs))
		goto out;
	/* the options as the sides' profiles left them (their line-size) */
	diff_compare(&r, &base, &head, &d.c.opt);
	status = report(&d, &r);
	diff_result_free(&r);
out:
	diff_side_free(&head);
	diff_side_free(&base);
out_common:
	cli_common_free(&d.c);
	return status;
}

const struct cl_command cl_cmd_diff = {
	"diff", "compare the struct layouts of two builds (or baselines)", run,
};
