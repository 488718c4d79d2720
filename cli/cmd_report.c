// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_report.c - `cachelint report [options] PROFILE...`: the most
 * contended cache lines of a profile's contention evidence, as perf c2c
 * report lists its shared lines (core/emit/contention_report.c), and the
 * ranking of the structs a static profile holds (core/emit/static_report.c)
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit/contention_report.h"
#include "emit/files.h"
#include "emit/report.h"

enum {
	OPT_TOP = CLI_OPT_FIRST_FREE,
	OPT_OUTPUT,
	OPT_FORMAT,
};

/*
 * The formats of the report: its own --format, not the common one, so
 * that a wrong name is told the names report takes (the common list has
 * sarif, github and yaml, for findings).
 */
static int report_format(const char *arg, enum cl_format *out)
{
	enum cl_format f;

	if (!cl_format_parse(arg, &f) &&
	    (f == CL_FORMAT_TEXT || f == CL_FORMAT_JSON || f == CL_FORMAT_HTML)) {
		*out = f;
		return 1;
	}
	cl_error("report: invalid --format '%s': expected text, json or html", arg);
	return -1;
}

static void usage(FILE *out)
{
	fputs("Usage: cachelint report [options] PROFILE...\n"
	      "Print the most contended cache lines of the profiles' contention evidence\n"
	      "(an instrumented run's, or perf c2c's through 'cachelint import perf-c2c'),\n"
	      "heaviest first: the struct or variable and where its objects come from,\n"
	      "the line's place in the object, its transfers (false and true sharing),\n"
	      "the samples they rest on, who touched the line (reads, writes, which\n"
	      "members or elements), and the finding 'cachelint lint' gives from it.\n"
	      "A profile that 'cachelint infer' wrote (evidence: static) shows its structs\n"
	      "in the rank infer gave them, each member with its class and the accesses\n"
	      "it was inferred from.\n"
	      "Several profiles load in order, as --profile a --profile b does.\n"
	      "\n"
	      "  --top N                 the N heaviest lines, the N highest ranked structs\n"
	      "                          (default 20)\n"
	      "  -o, --output FILE       write there, whole or not at all\n"
	      "  --format text|json|html the report's form (default text)\n"
	      "  --help, --version\n"
	      "\nExample: cachelint report cachelint-profile.yaml\n"
	      "         cachelint report --format html -o contention.html run.yaml\n", out);
}

struct report_cmd {
	struct cli_common c;
	size_t top;
	const char *output;
	struct cl_profile p;
	const char *name;
};

static int report_option(void *cmd, int opt, const char *arg)
{
	struct report_cmd *r = cmd;
	char *end;
	unsigned long v;

	switch (opt) {
	case OPT_TOP:
		errno = 0;
		v = strtoul(arg, &end, 10);
		if (!*arg || *end || errno || !v || v > 1000000) {
			cl_error("report: --top must be a number from 1 to 1000000, not '%s'", arg);
			return -1;
		}
		r->top = v;
		return 1;
	case 'o':
	case OPT_OUTPUT:
		r->output = arg;
		return 1;
	case OPT_FORMAT:
		return report_format(arg, &r->c.format);
	default:
		return 0;
	}
}

static int put(FILE *out, void *data)
{
	struct report_cmd *r = data;

	return cl_contention_report(out, &r->p, r->c.format, r->top, r->name);
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_LONG_HELP_VERSION,
		CLI_LONG_ARG("format", OPT_FORMAT),
		CLI_LONG_ARG("top", OPT_TOP),
		CLI_LONG_ARG("output", OPT_OUTPUT),
		{ NULL, 0, NULL, 0 },
	};
	struct report_cmd r = { .top = 20 };
	const struct cli_parser parser = {
		.command = "report", .shortopts = ":o:", .longopts = longopts,
		.common = &r.c, .option = report_option, .cmd = &r, .usage = usage,
	};
	int status = EXIT_SUCCESS;

	cli_common_init(&r.c);
	cl_profile_init(&r.p);
	if (cli_parse_options(&parser, argc, argv, &status))
		goto out;
	if (optind >= argc) {
		usage(stderr);
		status = EXIT_USAGE;
		goto out;
	}
	r.name = argv[optind];
	/* the operands are read as --profile files are (FIFOs included) */
	for (int i = optind; i < argc; i++)
		cli_common_option(&r.c, CLI_OPT_PROFILE, argv[i]);
	if (cli_load_profiles(&r.c, &r.p)) {
		status = EXIT_USAGE;
		goto out;
	}
	if (r.output ? cl_write_atomic(r.output, put, &r) : put(stdout, &r)) {
		cl_error("report: cannot write %s: %s", r.output ? r.output : "standard output",
			 strerror(errno ? errno : EIO));
		status = EXIT_USAGE;
	}
out:
	cl_profile_free(&r.p);
	cli_common_free(&r.c);
	return status;
}

const struct cl_command cl_cmd_report = {
	"report", "the most contended cache lines of a profile, the ranking of a static one", run,
};
