/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli.h - the cachelint command: subcommands and their common options
 *
 * Every subcommand is a struct cl_command in its own file (cmd_*.c),
 * listed once in main.c.  Options shared by the subcommands are parsed by
 * cli_common_option() so that --line-size means the same everywhere, with
 * the same errors as the plugin's arguments (core's cl_options_set()).
 *
 * Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage or
 * input error (the message on stderr names the file, and the line and
 * column where there is one).
 */
#ifndef CACHELINT_CLI_H
#define CACHELINT_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "profile/access_profile.h"
#include "checks/analysis.h"
#include "pipeline.h"

#define EXIT_FINDINGS 1
#define EXIT_USAGE 2

/* The most threads -j gives lint and dwarf. */
#define CLI_JOBS_MAX 64

/**
 * struct cl_command - one subcommand
 * @name: as typed ("lint")
 * @summary: one line for `cachelint --help`
 * @run: runs it with argv[0] == @name; returns the exit status
 */
struct cl_command {
	const char *name;
	const char *summary;
	int (*run)(int argc, char **argv);
};

/**
 * struct cli_common - options every analysing subcommand accepts
 * @opt: line size, alignment, adjacent
 * @profiles: --profile files, in order
 * @nprofiles: number of @profiles
 * @format: --format
 * @propose: --propose
 * @baseline: --baseline FILE
 * @fail_on: findings at or above this severity make the exit status 1;
 *           -1 for "none" (severities count down from CL_SEV_ERROR = 0)
 * @quiet: --quiet: no progress
 */
struct cli_common {
	struct cl_options opt;
	const char **profiles;
	size_t nprofiles;
	enum cl_format format;
	bool propose;
	const char *baseline;
	int fail_on;
	bool quiet;
};

/* Long options >= 0x100 so they never collide with short ones. */
enum {
	CLI_OPT_PROFILE = 0x100,
	CLI_OPT_LINE_SIZE,
	CLI_OPT_ALIGNMENT,
	CLI_OPT_ADJACENT,
	CLI_OPT_CACHELINE_GROUPS,
	CLI_OPT_MAX_GROWTH,
	CLI_OPT_FORMAT,
	CLI_OPT_PROPOSE,
	CLI_OPT_BASELINE,
	CLI_OPT_FAIL_ON,
	CLI_OPT_QUIET,
	CLI_OPT_HELP,
	CLI_OPT_VERSION,
	CLI_OPT_FIRST_FREE,	/* subcommands number their own options from here */
};

/* A row of a getopt_long() table: an option that takes a value, one that does not. */
#define CLI_LONG_ARG(name, opt)		{ name, required_argument, NULL, opt }
#define CLI_LONG_FLAG(name, opt)	{ name, no_argument, NULL, opt }

/*
 * Each common option's struct option, once: a subcommand that takes only
 * some of them lists those (diff, import, bench); the others take
 * CLI_COMMON_LONG_OPTIONS, all of them.
 */
#define CLI_LONG_PROFILE	CLI_LONG_ARG("profile", CLI_OPT_PROFILE)
#define CLI_LONG_LINE_SIZE	CLI_LONG_ARG("line-size", CLI_OPT_LINE_SIZE)
#define CLI_LONG_ALIGNMENT	CLI_LONG_ARG("alignment", CLI_OPT_ALIGNMENT)
#define CLI_LONG_ADJACENT	CLI_LONG_FLAG("adjacent", CLI_OPT_ADJACENT)
#define CLI_LONG_CACHELINE_GROUPS CLI_LONG_ARG("cacheline-groups", CLI_OPT_CACHELINE_GROUPS)
#define CLI_LONG_MAX_GROWTH	CLI_LONG_ARG("max-growth", CLI_OPT_MAX_GROWTH)
#define CLI_LONG_FORMAT		CLI_LONG_ARG("format", CLI_OPT_FORMAT)
#define CLI_LONG_PROPOSE	CLI_LONG_FLAG("propose", CLI_OPT_PROPOSE)
#define CLI_LONG_BASELINE	CLI_LONG_ARG("baseline", CLI_OPT_BASELINE)
#define CLI_LONG_FAIL_ON	CLI_LONG_ARG("fail-on", CLI_OPT_FAIL_ON)
#define CLI_LONG_QUIET		CLI_LONG_FLAG("quiet", CLI_OPT_QUIET)
/* --help and --version, which every subcommand takes */
#define CLI_LONG_HELP_VERSION						\
	CLI_LONG_FLAG("help", CLI_OPT_HELP), CLI_LONG_FLAG("version", CLI_OPT_VERSION)

/* How a struct is laid out and classed: --profile to --cacheline-groups. */
#define CLI_LAYOUT_LONG_OPTIONS						\
	CLI_LONG_PROFILE, CLI_LONG_LINE_SIZE, CLI_LONG_ALIGNMENT, CLI_LONG_ADJACENT, \
	CLI_LONG_CACHELINE_GROUPS

#define CLI_COMMON_LONG_OPTIONS						\
	CLI_LAYOUT_LONG_OPTIONS, CLI_LONG_MAX_GROWTH, CLI_LONG_FORMAT,	\
	CLI_LONG_PROPOSE, CLI_LONG_BASELINE, CLI_LONG_FAIL_ON, CLI_LONG_QUIET, \
	CLI_LONG_HELP_VERSION

/* The --help text of the common options, for the subcommands' own help. */
extern const char cli_common_help[];

void cli_common_init(struct cli_common *c);
void cli_common_free(struct cli_common *c);
/*
 * Handle one getopt_long() result that is a common option.  Returns 1 if it
 * was one (handled), 0 if not, -1 after printing an error (exit 2).
 */
int cli_common_option(struct cli_common *c, int opt, const char *arg);
/*
 * Load the --profile files into @p (after cl_profile_init()), applying the
 * profiles' line-size unless --line-size was given.  0, or -1 after printing
 * the error.
 */
int cli_load_profiles(struct cli_common *c, struct cl_profile *p);
/* Load one profile file (a FIFO too) into @p; 0, or -1 after printing the error. */
int cli_load_profile(struct cl_profile *p, const char *path);
/* The exit status for these findings under --fail-on. */
int cli_exit_status(const struct cli_common *c, const struct cl_findings *f);

void cli_print_version(const char *command);
/*
 * The error for what getopt_long() returned as @opt ('?' or ':', with an
 * optstring that starts with ':'), at argv[optind - 1]: an unknown option,
 * or one whose value is missing.
 */
void cli_option_error(const char *command, int opt, char **argv);
/*
 * A subcommand's own options, as cli_common_option(): 1 if @opt was one
 * (handled), 0 if not, -1 after printing an error (exit 2).
 */
typedef int (*cli_option_fn)(void *cmd, int opt, const char *arg);

/**
 * struct cli_parser - how a subcommand reads its options
 * @command: its name, for --version and errors
 * @shortopts: getopt_long()'s, starting with ':'
 * @longopts: the common ones (CLI_COMMON_LONG_OPTIONS, or some of them)
 *            and its own
 * @common: receives the common options
 * @option: handles its own, with @cmd
 * @cmd: the subcommand's state
 * @usage: prints its --help
 */
struct cli_parser {
	const char *command;
	const char *shortopts;
	const struct option *longopts;
	struct cli_common *common;
	cli_option_fn option;
	void *cmd;
	void (*usage)(FILE *out);
};

/*
 * Read the options of @argv (operands are left from optind on): the common
 * ones, then @p's own, --help and --version.  0 to go on, or -1 with the
 * exit status in @status (0 after --help or --version, 2 after an error).
 */
int cli_parse_options(const struct cli_parser *p, int argc, char **argv, int *status);
/* Progress on stderr when it is a terminal and not --quiet. */
bool cli_progress_wanted(const struct cli_common *c);
/*
 * -j N of @command (lint, dwarf): 1 to CLI_JOBS_MAX.  0, or -1 after the
 * error.
 */
int cli_parse_jobs(const char *command, const char *arg, unsigned *out);
/*
 * -j when it is not given: the CPUs this process may run on (taskset,
 * cgroup cpusets), at most CLI_JOBS_MAX; 1 if unknown.  The output is the
 * same for any -j, so the default only decides how fast.
 */
unsigned cli_jobs_default(void);
/*
 * The last line of a run in which @failed of @total units (translation
 * units, input files) could not be analysed, after their errors and what
 * the others gave: "cachelint: N of M units could not be analysed".  The
 * run exits 2.
 */
void cli_units_failed(size_t failed, size_t total);
/* Why the output file @path of such a run is not written. */
void cli_not_written(const char *path);
/*
 * FIFOs (cli_fifo.c): a FIFO whose other end no process has open is
 * waited for at most CACHELINT_FIFO_TIMEOUT seconds (30), then an error.
 * cli_input_open() opens an input (a FIFO once a writer came, anything
 * else with fopen()); NULL with errno set, or 0 when the message was
 * printed.  cli_input_read() reads it whole (NUL-terminated, malloc'ed);
 * 0 or -1 with the message printed.  cli_output_ready() returns 0 when
 * @path is no FIFO or a reader came, else -1 with the message printed.
 */
FILE *cli_input_open(const char *path);
int cli_input_read(const char *path, char **text, size_t *len);
bool cli_input_is_fifo(const char *path);
int cli_output_ready(const char *path);
/*
 * `layout` and `bench` take STRUCT FILE... (pahole's -C STRUCT FILE).  The
 * other order, FILE STRUCT (bench's before), is read too where it cannot
 * be ambiguous: two arguments, the first a file and the second no path at
 * all.  Then the two @args are swapped, so that args[0] is the struct.
 */
void cli_struct_first(char **args, int n);
/* The tag of "struct NAME" or "union NAME", NAME; any other @arg as it is. */
const char *cli_struct_tag(const char *arg);

extern const struct cl_command cl_cmd_explain;
extern const struct cl_command cl_cmd_report;
extern const struct cl_command cl_cmd_patch;
extern const struct cl_command cl_cmd_lint;
extern const struct cl_command cl_cmd_dwarf;
extern const struct cl_command cl_cmd_layout;
extern const struct cl_command cl_cmd_import;
extern const struct cl_command cl_cmd_bench;
extern const struct cl_command cl_cmd_diff;
extern const struct cl_command cl_cmd_merge;
extern const struct cl_command cl_cmd_infer;

#endif /* CACHELINT_CLI_H */
