// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_merge.c - `cachelint merge -o OUT PROFILE...`: the profiles of
 * several runs added up into the one a single run of all of them writes
 *
 * Each PROFILE is loaded (and checked) alone, folded into the sum
 * (core/profile/profile_merge.c) and freed; the sum is written
 * (core/profile/merge_write.c), read back, and only then written to OUT.  An
 * error in any file is exit status 2 with its file:line:col, and no OUT.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "profile/merge_write.h"
#include "profile/profile_merge.h"
#include "profile_write.h"

static void usage(FILE *out)
{
	fputs("Usage: cachelint merge -o OUT PROFILE...\n"
	      "Add up the access profiles of several runs (CI shards, the machines of a\n"
	      "fleet, each test binary) into one: what a single run of all of them would\n"
	      "have written.  Counts, weights, samples, accesses, instances, threads and\n"
	      "seconds add up; base-align is the least; allocation sites and the members\n"
	      "a line's paths touched are the union; paths the union, the first 8;\n"
	      "contention lines are merged by offset and the 16 heaviest kept; first and\n"
	      "last are the earliest and the latest.  Classes, groups, thresholds,\n"
	      "budgets and line-size are the last file's, as --profile a --profile b\n"
	      "layers them (docs/profiles.md, \"Several profiles\").\n"
	      "\n"
	      "  -o, --output FILE   the merged profile, written whole or not at all; - for\n"
	      "                      standard output\n"
	      "  --help, --version\n"
	      "Evidence that cannot be added up (two line sizes, two measures, counts per\n"
	      "path in one file and totals in another, perf samples and accesses, objects\n"
	      "of two sizes, a sum past 2^64-1) is an error at its file:line:col.\n"
	      "A file named twice (the same file, by any path) or an OUT that is also a\n"
	      "PROFILE is an error: its counts would be added twice.\n"
	      "Exit status: 0 written, 2 usage or input error (nothing written).\n"
	      "\nExample: cachelint merge -o all.yaml shard-*.yaml\n", out);
}

enum { OPT_OUTPUT = CLI_OPT_FIRST_FREE };

static int merge_option(void *cmd, int opt, const char *arg)
{
	const char **output = cmd;

	if (opt != 'o' && opt != OPT_OUTPUT)
		return 0;
	*output = arg;
	return 1;
}

/**
 * struct merge_out - what the merged profile is written from
 * @m: the sum
 * @files: the profiles, as named on the command line
 * @nfiles: number of @files
 */
struct merge_out {
	const struct cl_merge *m;
	const char *const *files;
	size_t nfiles;
};

static int generate(FILE *out, void *data)
{
	const struct merge_out *g = data;

	return cl_merge_write(out, g->m, g->files, g->nfiles);
}

/* A file named on the command line, as stat() found it. */
struct named_file {
	dev_t dev;
	ino_t ino;
	int arg;
};

static int named_cmp(const void *x, const void *y)
{
	const struct named_file *a = x, *b = y;

	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	if (a->ino != b->ino)
		return a->ino < b->ino ? -1 : 1;
	return a->arg - b->arg;
}

/*
 * One file named twice (two spellings of a path, a link, a glob that
 * matches the last merge's output beside the runs) would have its counts
 * added twice: a sum no run wrote.  Refused, as is an output that is one
 * of the inputs.  A file that cannot be stat()ed is left to its loading's
 * error.
 */
static int inputs_distinct(const char *output, char **files, int n)
{
	struct named_file *v = cl_xmalloc(((size_t)n + 1) * sizeof(*v));
	struct stat st;
	size_t k = 0;
	int rc = 0;

	for (int i = 0; i < n; i++)
		if (!stat(files[i], &st))
			v[k++] = (struct named_file){ st.st_dev, st.st_ino, i };
	qsort(v, k, sizeof(*v), named_cmp);
	for (size_t i = 1; i < k && !rc; i++)
		if (v[i].dev == v[i - 1].dev && v[i].ino == v[i - 1].ino) {
			cl_error("merge: %s is %s again (the same file): its counts would be added twice",
				 files[v[i].arg], files[v[i - 1].arg]);
			rc = -1;
		}
	if (!rc && strcmp(output, "-") && !stat(output, &st))
		for (size_t i = 0; i < k && !rc; i++)
			if (v[i].dev == st.st_dev && v[i].ino == st.st_ino) {
				cl_error("merge: %s is both the output and an input: the last sum would be added into the new one",
					 files[v[i].arg]);
				rc = -1;
			}
	free(v);
	return rc;
}

/* Load @path alone and add it to @m; 0, or -1 after the error. */
static int add_file(struct cl_merge *m, const char *path)
{
	struct cl_profile p;
	struct cl_diag err;
	char buf[CL_DIAG_LINE_MAX];
	int rc;

	cl_profile_init(&p);
	rc = cli_load_profile(&p, path);
	if (!rc && cl_merge_add(m, &p, path, &err)) {
		cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
		rc = -1;
	}
	cl_profile_free(&p);
	return rc;
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_LONG_ARG("output", OPT_OUTPUT),
		CLI_LONG_HELP_VERSION,
		{ NULL, 0, NULL, 0 },
	};
	const char *output = NULL;
	struct cli_common c;
	const struct cli_parser p = {
		.command = "merge", .shortopts = ":o:", .longopts = longopts,
		.common = &c, .option = merge_option, .cmd = &output, .usage = usage,
	};
	struct cl_merge m;
	int status = EXIT_USAGE;

	cli_common_init(&c);
	if (cli_parse_options(&p, argc, argv, &status))
		goto out_common;
	status = EXIT_USAGE;
	if (!output || optind >= argc) {
		cl_error("merge: %s (cachelint merge --help)",
			 !output ? "-o OUT is required" : "no PROFILE to merge");
		goto out_common;
	}
	if (inputs_distinct(output, argv + optind, argc - optind))
		goto out_common;
	cl_merge_init(&m);
	for (int i = optind; i < argc; i++)
		if (add_file(&m, argv[i]))
			goto out;
	cl_merge_finish(&m);
	{
		struct merge_out g = { &m, (const char *const *)argv + optind,
				       (size_t)(argc - optind) };

		if (!cli_write_profile("merge", output, generate, &g))
			status = EXIT_SUCCESS;
	}
out:
	cl_merge_free(&m);
out_common:
	cli_common_free(&c);
	return status;
}

const struct cl_command cl_cmd_merge = {
	"merge", "add up the access profiles of several runs into one", run,
};
