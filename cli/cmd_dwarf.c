// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_dwarf.c - `cachelint dwarf [options] FILE…`: the false-sharing checks
 * on the struct layouts in the DWARF of built objects, libraries and
 * executables, with no rebuild
 *
 * Classes come from clang's btf_decl_tag annotations (annotations/cachelint.h
 * writes them) and from profiles; gcc 12 drops btf_decl_tag, so binaries
 * built by gcc need a profile.  Each distinct layout is analysed once
 * however many compile units repeat it.  With --propose, each struct with
 * false sharing gets the proposal engine's order (there is no source text
 * to patch: the order, the alignments, the sizes before and after).
 */
#include "cli.h"
#include "cli_output.h"

#include <stdlib.h>
#include <string.h>

#include "dwarf_run.h"

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: cachelint dwarf [options] FILE...\n"
		"Check the struct layouts in the DWARF debug information of ELF objects,\n"
		"shared libraries and executables (built with -g) for read-mostly and\n"
		"write-hot fields on one cache line.  Classes come from clang's\n"
		"btf_decl_tag annotations (annotations/cachelint.h) and from --profile.\n"
		"\n"
		"  -j, --jobs N            N threads read the units of a linked file (the CPUs\n"
		"                          available); the output is the same for every N\n"
		"  --reader auto|libdwarf  auto: read linked files in place, recognising the\n"
		"                          structs earlier units had; libdwarf: every DIE\n"
		"                          through libdwarf, the reference the fast path is\n"
		"                          checked against (slow; the same output)\n"
		"\n"
		"%s%s"
		"With --propose, each struct with false sharing gets a note with the proposed\n"
		"order, the alignments added and the size and cache lines before and after\n"
		"(--format yaml: a proposal entry); 'cachelint layout --propose' draws it.\n"
		"On a terminal, stderr shows the units done out of all, and the structs seen.\n"
		"\nExample: cachelint dwarf -j 2 --profile memcg.yaml vmlinux\n",
		cli_output_help, cli_common_help);
}

struct dwarf_cmd {
	struct cli_common c;
	struct cli_output o;
	unsigned jobs;
	bool reference;
};

enum { OPT_JOBS = CLI_OPT_OUTPUT_FIRST_FREE, OPT_READER };

static int parse_reader(const char *arg, bool *reference)
{
	if (strcmp(arg, "auto") && strcmp(arg, "libdwarf")) {
		cl_error("dwarf: invalid --reader '%s': expected auto or libdwarf", arg);
		return -1;
	}
	*reference = !strcmp(arg, "libdwarf");
	return 0;
}

_Static_assert(CLI_JOBS_MAX <= DW_JOBS_MAX, "the front end takes every -j the command does");

static int dwarf_option(void *cmd, int opt, const char *arg)
{
	struct dwarf_cmd *d = cmd;

	switch (opt) {
	case 'j':
	case OPT_JOBS:
		return cli_parse_jobs("dwarf", arg, &d->jobs) ? -1 : 1;
	case OPT_READER:
		return parse_reader(arg, &d->reference) ? -1 : 1;
	default:
		return cli_output_option(&d->o, opt, arg);
	}
}

static int parse(struct dwarf_cmd *d, int argc, char **argv, int *status)
{
	static const struct option longopts[] = {
		CLI_COMMON_LONG_OPTIONS,
		CLI_OUTPUT_LONG_OPTIONS,
		CLI_LONG_ARG("jobs", OPT_JOBS),
		CLI_LONG_ARG("reader", OPT_READER),
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_parser p = {
		.command = "dwarf", .shortopts = ":o:j:", .longopts = longopts,
		.common = &d->c, .option = dwarf_option, .cmd = d, .usage = usage,
	};

	if (cli_parse_options(&p, argc, argv, status))
		return -1;
	if (optind >= argc) {
		usage(stderr);
		return *status = EXIT_USAGE, -1;
	}
	return 0;
}

static int run(int argc, char **argv)
{
	struct dwarf_cmd d = { 0 };
	struct cli_dwarf_run r;
	size_t failed;
	int status = EXIT_USAGE;

	cli_common_init(&d.c);
	if (parse(&d, argc, argv, &status))
		goto out_common;
	if (cli_dwarf_run_init(&r, &d.c))
		goto out;
	r.jobs = d.jobs ? d.jobs : cli_jobs_default();
	r.reference = d.reference;
	failed = cli_dwarf_run_files(&r, argv + optind, argc - optind, d.o.dump, NULL, false);
	d.o.source = argc - optind == 1 ? argv[optind] : NULL;
	status = cli_report_units(&d.c, &d.o, &r.pipe, failed, (size_t)(argc - optind));
out:
	cli_dwarf_run_free(&r);
out_common:
	cli_common_free(&d.c);
	return status;
}

const struct cl_command cl_cmd_dwarf = {
	"dwarf", "check struct layouts in the DWARF of objects and binaries", run,
};
