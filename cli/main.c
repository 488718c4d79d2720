// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * main.c - `cachelint SUBCOMMAND …`: dispatch to the subcommands
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* One line per subcommand; each lives in its own cmd_*.c. */
static const struct cl_command *const commands[] = {
	&cl_cmd_explain,
	&cl_cmd_lint,
	&cl_cmd_dwarf,
	&cl_cmd_layout,
	&cl_cmd_import,
	&cl_cmd_bench,
	&cl_cmd_diff,
	&cl_cmd_merge,
	&cl_cmd_infer,
	&cl_cmd_report,
	&cl_cmd_patch,
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *out)
{
	fputs("Usage: cachelint SUBCOMMAND [options] …\n"
	      "Find false sharing in C struct layouts: read-mostly and write-hot fields\n"
	      "on one cache line.\n\nSubcommands:\n", out);
	for (size_t i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
	fputs("\n`cachelint SUBCOMMAND --help` describes each.\n", out);
}

/*
 * Whatever a subcommand printed must have reached standard output: a
 * view, a table or a help text lost to a full disk or /dev/full is an
 * error (exit 2), whichever subcommand wrote it.  A subcommand that
 * already failed has said why.
 */
static int stdout_check(const char *command, int rc)
{
	int err = fflush(stdout) ? errno : 0;

	if (!err && !ferror(stdout))
		return rc;
	if (rc != EXIT_USAGE)
		cl_error("%s%scannot write to standard output: %s", command ? command : "",
			 command ? ": " : "", strerror(err ? err : EIO));
	return EXIT_USAGE;
}

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return EXIT_SUCCESS;
	}
	if (!strcmp(argv[1], "--version")) {
		cli_print_version(NULL);
		return EXIT_SUCCESS;
	}
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (!strcmp(argv[1], commands[i]->name))
			return commands[i]->run(argc - 1, argv + 1);
	cl_error("unknown subcommand '%s' (cachelint --help lists them)", argv[1]);
	return EXIT_USAGE;
}

int main(int argc, char **argv)
{
	const char *command = NULL;

	for (size_t i = 0; argc > 1 && i < NCOMMANDS; i++)
		if (!strcmp(argv[1], commands[i]->name))
			command = commands[i]->name;
	return stdout_check(command, dispatch(argc, argv));
}
