/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli_output.h - how an analysing subcommand (lint, dwarf) sets up core's
 * pipeline from the common options, and reports at the end: --dump-layout,
 * --write-baseline, --baseline, --format to --output, --patch-out, and the
 * exit status under --fail-on
 */
#ifndef CACHELINT_CLI_OUTPUT_H
#define CACHELINT_CLI_OUTPUT_H

#include "cli.h"
#include "pipeline.h"

/**
 * struct cli_output - where and how findings go
 * @output: --output FILE (written atomically), NULL for stdout
 * @source_root: --source-root DIR, NULL for none
 * @write_baseline: --write-baseline FILE, NULL for none
 * @source: the input named in the YAML report, NULL when there are several
 * @patch_out: --patch-out FILE: the proposals as a unified diff, NULL for none
 * @dump: --dump-layout
 * @dump_path: --dump-layout=FILE (written atomically), NULL for stdout
 */
struct cli_output {
	const char *output;
	const char *source_root;
	const char *write_baseline;
	const char *source;
	const char *patch_out;
	bool dump;
	const char *dump_path;
};

/* Options of the output, numbered after the common ones. */
enum {
	CLI_OPT_OUTPUT = CLI_OPT_FIRST_FREE,
	CLI_OPT_SOURCE_ROOT,
	CLI_OPT_WRITE_BASELINE,
	CLI_OPT_DUMP_LAYOUT,
	CLI_OPT_OUTPUT_FIRST_FREE,	/* a subcommand's own options from here */
};

#define CLI_OUTPUT_LONG_OPTIONS							\
	CLI_LONG_ARG("output", CLI_OPT_OUTPUT),					\
	CLI_LONG_ARG("source-root", CLI_OPT_SOURCE_ROOT),			\
	CLI_LONG_ARG("write-baseline", CLI_OPT_WRITE_BASELINE),			\
	{ "dump-layout", optional_argument, NULL, CLI_OPT_DUMP_LAYOUT }

/* The --help text of the output options. */
extern const char cli_output_help[];

/*
 * Handle one getopt_long() result that is an output option ('o' is
 * --output).  Returns 1 if it was one, 0 if not.
 */
int cli_output_option(struct cli_output *o, int opt, const char *arg);

/*
 * The pipeline configuration the common options ask for, with @prof (the
 * loaded --profile files) applied; the inputs are the whole program.
 */
void cli_pipeline_config(const struct cli_common *c, struct cl_profile *prof,
			 struct cl_pipeline_config *cfg);

/*
 * Report what @p holds after cl_pipeline_finish(): --dump-layout, then
 * --write-baseline (every finding), drop the findings of --baseline, print
 * the rest in --format to --output or stdout, write --patch-out.  Returns
 * the exit status: 2 when a file cannot be read or written (message
 * printed), 0 after --write-baseline, else cli_exit_status().
 */
int cli_report(const struct cli_common *c, const struct cli_output *o, struct cl_pipeline *p);

/*
 * The end of a run over @total units (translation units, input files), of
 * which @failed could not be analysed (their errors printed already).  None:
 * cl_pipeline_finish() and cli_report().  Some: what the others gave, in
 * --format on stdout, but no output file (-o, --dump-layout=FILE,
 * --patch-out, --write-baseline: each would lack the failed units, and a
 * baseline written from it would forget their findings), no report of
 * profile structs that no input defines (a failed unit may), then
 * cli_units_failed(); the exit status is 2.
 */
int cli_report_units(const struct cli_common *c, const struct cli_output *o,
		     struct cl_pipeline *p, size_t failed, size_t total);

#endif /* CACHELINT_CLI_OUTPUT_H */
