// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cli.c - options and exit status shared by the subcommands
 */
#define _GNU_SOURCE
#include "cli.h"

#include <sched.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cl_version.h"

const char cli_common_help[] =
	"Common options:\n"
	"  --profile FILE          access profile (YAML); may be repeated, merged in order\n"
	"  --line-size N           cache line size, a power of two from 16 to 512 (64)\n"
	"  --alignment line|any    where a struct may start (line)\n"
	"  --adjacent              also report pairs in adjacent lines of a 128-byte block\n"
	"  --cacheline-groups on|off  classes from the kernel's cacheline group markers\n"
	"                          (__cacheline_group_begin/end) (on)\n"
	"  --format FMT            text, json, sarif, github, yaml or html (text)\n"
	"  --propose               also propose a field order without the findings\n"
	"  --max-growth BYTES      a proposal adds at most BYTES per instance: it keeps\n"
	"                          the least important pairs on one line to stay inside\n"
	"  --baseline FILE         do not report findings recorded in FILE\n"
	"  --fail-on LEVEL         error, warning or none: exit 1 on findings at or\n"
	"                          above LEVEL (warning)\n"
	"  --quiet                 no progress on stderr\n"
	"  --help, --version\n"
	"Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage or input error.\n"
	"When units (translation units, input files) cannot be analysed, what the others\n"
	"give is reported on stdout, no output file is written, and the run ends with\n"
	"'cachelint: N of M units could not be analysed' and exit status 2.\n";

void cli_print_version(const char *command)
{
	printf("cachelint%s%s %s\n", command ? " " : "", command ? command : "", CL_VERSION);
}

void cli_common_init(struct cli_common *c)
{
	memset(c, 0, sizeof(*c));
	cl_options_init(&c->opt);
	c->format = CL_FORMAT_TEXT;
	c->fail_on = CL_SEV_WARNING;
}

void cli_common_free(struct cli_common *c)
{
	free(c->profiles);
	c->profiles = NULL;
	c->nprofiles = 0;
}

static int parse_format(const char *arg, enum cl_format *out)
{
	if (!cl_format_parse(arg, out))
		return 0;
	cl_error("invalid --format '%s': expected %s", arg, cl_format_names());
	return -1;
}

static int parse_fail_on(const char *arg, int *out)
{
	if (!strcmp(arg, "error"))
		*out = CL_SEV_ERROR;
	else if (!strcmp(arg, "warning"))
		*out = CL_SEV_WARNING;
	else if (!strcmp(arg, "none"))
		*out = -1;	/* below CL_SEV_ERROR (0): nothing fails */
	else {
		cl_error("invalid --fail-on '%s': expected error, warning or none", arg);
		return -1;
	}
	return 0;
}

static int set_option(struct cli_common *c, const char *key, const char *arg)
{
	struct cl_diag err;

	if (cl_options_set(&c->opt, key, arg, &err)) {
		cl_error("--%s: %s", key, err.msg);
		return -1;
	}
	return 1;
}

int cli_common_option(struct cli_common *c, int opt, const char *arg)
{
	switch (opt) {
	case CLI_OPT_PROFILE:
		c->profiles = cl_xrealloc(c->profiles, (c->nprofiles + 1) * sizeof(*c->profiles));
		c->profiles[c->nprofiles++] = arg;
		return 1;
	case CLI_OPT_LINE_SIZE:
		return set_option(c, "line-size", arg);
	case CLI_OPT_ALIGNMENT:
		return set_option(c, "alignment", arg);
	case CLI_OPT_ADJACENT:
		return set_option(c, "adjacent", NULL);
	case CLI_OPT_CACHELINE_GROUPS:
		return set_option(c, "cacheline-groups", arg);
	case CLI_OPT_MAX_GROWTH:
		return set_option(c, "max-growth", arg);
	case CLI_OPT_FORMAT:
		return parse_format(arg, &c->format) ? -1 : 1;
	case CLI_OPT_PROPOSE:
		c->propose = true;
		return 1;
	case CLI_OPT_BASELINE:
		c->baseline = arg;
		return 1;
	case CLI_OPT_FAIL_ON:
		return parse_fail_on(arg, &c->fail_on) ? -1 : 1;
	case CLI_OPT_QUIET:
		c->quiet = true;
		return 1;
	default:
		return 0;
	}
}

int cli_load_profile(struct cl_profile *p, const char *path)
{
	struct cl_diag err;
	char buf[CL_DIAG_LINE_MAX];
	char *text;
	size_t len;
	int rc;

	/* a FIFO is read once, through the descriptor that waited for its writer */
	if (cli_input_is_fifo(path)) {
		if (cli_input_read(path, &text, &len))
			return -1;
		rc = cl_profile_load_buffer(p, path, text, len, &err);
		free(text);
	} else {
		rc = cl_profile_load(p, path, &err);
	}
	if (rc)
		cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
	return rc;
}

int cli_load_profiles(struct cli_common *c, struct cl_profile *p)
{
	for (size_t i = 0; i < c->nprofiles; i++)
		if (cli_load_profile(p, c->profiles[i]))
			return -1;
	cl_options_profile_line_size(&c->opt, p->line_size);
	return 0;
}

int cli_exit_status(const struct cli_common *c, const struct cl_findings *f)
{
	for (size_t i = 0; i < f->n; i++)
		if ((int)f->v[i].severity <= c->fail_on)
			return EXIT_FINDINGS;
	return EXIT_SUCCESS;
}

bool cli_progress_wanted(const struct cli_common *c)
{
	return !c->quiet && isatty(STDERR_FILENO);
}

void cli_option_error(const char *command, int opt, char **argv)
{
	const char *arg = argv[optind - 1];

	if (opt == ':')
		cl_error("%s: option '%s' needs a value (cachelint %s --help)", command, arg, command);
	else
		cl_error("%s: unknown option '%s' (cachelint %s --help)", command, arg, command);
}

int cli_parse_options(const struct cli_parser *p, int argc, char **argv, int *status)
{
	int opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, p->shortopts, p->longopts, NULL)) != -1) {
		int rc = cli_common_option(p->common, opt, optarg);

		if (!rc)
			rc = p->option(p->cmd, opt, optarg);
		if (rc < 0)
			return *status = EXIT_USAGE, -1;
		if (rc > 0)
			continue;
		switch (opt) {
		case CLI_OPT_HELP:
			p->usage(stdout);
			return *status = EXIT_SUCCESS, -1;
		case CLI_OPT_VERSION:
			cli_print_version(p->command);
			return *status = EXIT_SUCCESS, -1;
		default:
			cli_option_error(p->command, opt, argv);
			return *status = EXIT_USAGE, -1;
		}
	}
	return 0;
}

int cli_parse_jobs(const char *command, const char *arg, unsigned *out)
{
	char *end;
	unsigned long v = strtoul(arg, &end, 10);

	if (!*arg || *end || v < 1 || v > CLI_JOBS_MAX) {
		cl_error("%s: invalid --jobs '%s': expected a number from 1 to %d", command, arg,
			 CLI_JOBS_MAX);
		return -1;
	}
	*out = (unsigned)v;
	return 0;
}

unsigned cli_jobs_default(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	n = CPU_COUNT(&set);
	return n < 1 ? 1 : n > CLI_JOBS_MAX ? CLI_JOBS_MAX : (unsigned)n;
}

void cli_units_failed(size_t failed, size_t total)
{
	cl_error("%zu of %zu units could not be analysed", failed, total);
}

void cli_not_written(const char *path)
{
	cl_error("%s: not written: a unit could not be analysed", path);
}

void cli_struct_first(char **args, int n)
{
	struct stat st;
	char *t;

	if (n != 2 || stat(args[0], &st) || S_ISDIR(st.st_mode) || !stat(args[1], &st))
		return;
	t = args[0];
	args[0] = args[1];
	args[1] = t;
}

const char *cli_struct_tag(const char *arg)
{
	if (!strncmp(arg, "struct ", 7))
		return arg + 7;
	if (!strncmp(arg, "union ", 6))
		return arg + 6;
	return arg;
}
