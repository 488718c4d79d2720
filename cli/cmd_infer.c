// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_infer.c - `cachelint infer [--access-map FILE|DIR]... [--profile
 * HOT]... -o PROFILE`: the static tier over a whole build
 *
 * A build's access maps (a kernel built with KCFLAGS='-fplugin=...
 * -fplugin-arg-cachelint-access-map=DIR/') are read into one map and
 * handed to core/infer, which writes the classes the code implies as a
 * profile with `evidence: static`, the structs with the most evidence
 * first; the profile is read back before it is written, whole or not at
 * all.  What one unit cannot see, the build does: a lruvec's flags set in
 * vmscan.c, read beside lruvec_stats_percpu in memcontrol.c.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "access_map/access_map.h"
#include "import/import.h"
#include "infer/infer.h"
#include "profile_write.h"

static void usage(FILE *out)
{
	fputs("Usage: cachelint infer --access-map FILE|DIR... [--profile HOT]... -o PROFILE\n"
	      "Infer from a build's access maps what no annotation says: a member updated\n"
	      "atomically, under a lock or by two threads is write-hot; one read on hot\n"
	      "paths and written only while setting up (initializers, allocators,\n"
	      "setters, constructors, __init code) is read-mostly.  The profile says\n"
	      "from which accesses, struct by struct, the most evidence first; the\n"
	      "plugin, `cachelint lint` and `cachelint dwarf` take it with --profile\n"
	      "(docs/inference.md).\n"
	      "\n"
	      "  --access-map FILE|DIR  an access map, or every *.cachelint.map below DIR\n"
	      "                         (-fplugin-arg-cachelint-access-map=, cachelint lint\n"
	      "                         --access-map); repeatable\n"
	      "  --profile HOT          a measured profile (perf, an instrumented run): the\n"
	      "                         structs it counts come first; repeatable\n"
	      "  --line-size N          the cache line the ranking places members on (64)\n"
	      "  -o, --output FILE      the profile, written whole or not at all; - for\n"
	      "                         standard output\n"
	      "  --quiet                no summary on stderr\n"
	      "  --help, --version\n"
	      "Exit status: 0 written, 2 usage or input error (nothing written).\n"
	      "\nExample: cachelint infer --access-map maps/ -o inferred.yaml\n", out);
}

enum { OPT_OUTPUT = CLI_OPT_FIRST_FREE, OPT_ACCESS_MAP };

/**
 * struct infer_cmd - the command line
 * @maps: the --access-map arguments
 * @nmaps: how many
 * @output: -o
 */
struct infer_cmd {
	const char **maps;
	size_t nmaps;
	const char *output;
};

static int infer_option(void *cmd, int opt, const char *arg)
{
	struct infer_cmd *ic = cmd;

	if (opt == 'o' || opt == OPT_OUTPUT) {
		ic->output = arg;
		return 1;
	}
	if (opt == OPT_ACCESS_MAP) {
		ic->maps = cl_xrealloc(ic->maps, (ic->nmaps + 1) * sizeof(*ic->maps));
		ic->maps[ic->nmaps++] = arg;
		return 1;
	}
	return 0;
}

/**
 * struct infer_out - what the profile is written from
 * @map: every line of every map
 * @cfg: how
 * @res: what was written
 */
struct infer_out {
	const struct cl_access_map *map;
	struct cl_infer_config cfg;
	struct cl_infer_result res;
};

static int generate(FILE *out, void *data)
{
	struct infer_out *g = data;

	return cl_infer_write(g->map, &g->cfg, out, &g->res);
}

static int load_maps(struct cl_access_map *m, const struct infer_cmd *ic)
{
	struct cl_diag err;
	char buf[CL_DIAG_LINE_MAX];

	for (size_t i = 0; i < ic->nmaps; i++)
		if (cl_access_map_load(m, ic->maps[i], &err)) {
			cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
			return -1;
		}
	return 0;
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_LONG_ARG("output", OPT_OUTPUT),
		CLI_LONG_ARG("access-map", OPT_ACCESS_MAP),
		CLI_LONG_PROFILE,
		CLI_LONG_LINE_SIZE,
		CLI_LONG_QUIET,
		CLI_LONG_HELP_VERSION,
		{ NULL, 0, NULL, 0 },
	};
	struct infer_cmd ic = { 0 };
	struct cli_common c;
	const struct cli_parser p = {
		.command = "infer", .shortopts = ":o:", .longopts = longopts,
		.common = &c, .option = infer_option, .cmd = &ic, .usage = usage,
	};
	struct cl_access_map m;
	struct cl_profile hot;
	char cwd[4096];
	int status = EXIT_USAGE;
	struct infer_out g = { 0 };

	cli_common_init(&c);
	cl_access_map_init(&m, NULL);
	cl_profile_init(&hot);
	if (cli_parse_options(&p, argc, argv, &status))
		goto out;
	status = EXIT_USAGE;
	if (!ic.output || !ic.nmaps || optind < argc) {
		cl_error("infer: %s (cachelint infer --help)",
			 !ic.output ? "-o PROFILE is required" :
			 !ic.nmaps ? "no --access-map to infer from" : "unexpected argument");
		goto out;
	}
	if (load_maps(&m, &ic) || cli_load_profiles(&c, &hot))
		goto out;
	if (!m.n) {
		cl_error("infer: the access maps hold no access (%s%s)", ic.maps[0],
			 ic.nmaps > 1 ? ", ..." : "");
		goto out;
	}
	g.map = &m;
	g.cfg.dir = getcwd(cwd, sizeof(cwd));
	g.cfg.hot = c.nprofiles ? &hot : NULL;
	g.cfg.line_size = c.opt.line_size;
	if (cli_write_profile("infer", ic.output, generate, &g))
		goto out;
	if (!c.quiet)
		fprintf(stderr, "cachelint: infer: %zu accesses: %zu structs, %zu write-shared and "
			"%zu read-mostly members\n", m.n, g.res.structs, g.res.write_shared,
			g.res.read_mostly);
	status = EXIT_SUCCESS;
out:
	cl_profile_free(&hot);
	cl_access_map_free(&m);
	free(ic.maps);
	cli_common_free(&c);
	return status;
}

const struct cl_command cl_cmd_infer = {
	"infer", "infer classes from a build's access maps, as a profile", run,
};
