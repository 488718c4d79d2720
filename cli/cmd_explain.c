// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_explain.c - `cachelint explain RULE-ID`: what a rule means on the
 * hardware, how it is detected and how to fix it: its page in docs/rules/,
 * embedded at build time (the SARIF rule help)
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit/rule_text.h"

static void usage(FILE *out)
{
	fputs("Usage: cachelint explain RULE-ID\n"
	      "       cachelint explain --list\n"
	      "Print what a rule means on the hardware, how cachelint detects it and how\n"
	      "to fix it.  Example: cachelint explain cachelint-false-sharing\n", out);
}

/* One column of IDs as wide as the longest, so that the summaries line up. */
static void list_rules(void)
{
	int width = 0;

	for (int r = 0; r < CL_RULE_COUNT; r++) {
		int n = (int)strlen(cl_rule_info((enum cl_rule)r)->id);

		width = n > width ? n : width;
	}
	for (int r = 0; r < CL_RULE_COUNT; r++) {
		const struct cl_rule_info *info = cl_rule_info((enum cl_rule)r);

		printf("%-*s %-7s %s\n", width, info->id, cl_severity_name(info->severity),
		       info->summary);
	}
}

static int run(int argc, char **argv)
{
	const struct cl_rule_info *info;
	int rule;

	if (argc == 2 && !strcmp(argv[1], "--help")) {
		usage(stdout);
		return EXIT_SUCCESS;
	}
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		cli_print_version("explain");
		return EXIT_SUCCESS;
	}
	if (argc == 2 && !strcmp(argv[1], "--list")) {
		list_rules();
		return EXIT_SUCCESS;
	}
	if (argc != 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	rule = cl_rule_lookup(argv[1]);
	if (rule < 0) {
		cl_error("unknown rule '%s' (cachelint explain --list shows them)", argv[1]);
		return EXIT_USAGE;
	}
	info = cl_rule_info((enum cl_rule)rule);
	/*
	 * A page is larger than stdio's buffer: a failed write is seen here,
	 * while errno still says why (main's check at exit would only see
	 * the error flag).
	 */
	if (printf("%s (%s): %s\n\n%s", info->id, cl_severity_name(info->severity),
		   info->summary, cl_rule_help((enum cl_rule)rule)) < 0) {
		cl_error("explain: cannot write to standard output: %s", strerror(errno));
		return EXIT_USAGE;
	}
	return EXIT_SUCCESS;
}

const struct cl_command cl_cmd_explain = {
	"explain", "what a rule means, how it is detected, how to fix it", run,
};
