// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_import.c - `cachelint import KIND FILE… -o profile.yaml`: access
 * profiles from perf's data-type profiling and the kernel's fast-path
 * tables (the parsers are core/import/)
 *
 * The profile is written whole or not at all: it is built in memory, read
 * back with the profile loader (so what is written always loads), and only
 * then written, atomically with -o.  Any input error is exit status 2 with
 * the file, line and column; an import that finds no member at all is an
 * error too, never an empty profile.
 */
#define _GNU_SOURCE	/* open_memstream */

#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "access_map/access_map.h"
#include "profile/contention_write.h"
#include "dwarf_addr.h"
#include "import/import.h"
#include "profile_write.h"

enum {
	OPT_LOADS = CLI_OPT_FIRST_FREE,
	OPT_STORES,
	OPT_STRUCT,
	OPT_ACCESS_MAP,
	OPT_BINARY,
	OPT_VERBOSE,
	OPT_SIDE,
};

static const struct option long_options[] = {
	CLI_LONG_ARG("output", 'o'),
	CLI_LONG_ARG("loads", OPT_LOADS),
	CLI_LONG_ARG("stores", OPT_STORES),
	CLI_LONG_ARG("struct", OPT_STRUCT),
	CLI_LONG_ARG("access-map", OPT_ACCESS_MAP),
	CLI_LONG_ARG("binary", OPT_BINARY),
	CLI_LONG_FLAG("verbose", OPT_VERBOSE),
	CLI_LONG_ARG("side", OPT_SIDE),
	CLI_LONG_QUIET,
	CLI_LONG_HELP_VERSION,
	{ NULL, 0, NULL, 0 },
};

static void usage(FILE *out)
{
	fputs("Usage: cachelint import KIND [options] FILE... [-o PROFILE]\n"
	      "Turn perf data-type profiles or the kernel's fast-path tables into an access\n"
	      "profile (YAML, docs/profiles.md) for -fplugin-arg-cachelint-profile\n"
	      "and --profile.  FILE may be - for standard input.\n"
	      "\n"
	      "Kinds:\n"
	      "  perf-typeoff             perf report --stdio --sort type,typeoff (Linux 6.8+):\n"
	      "                           one section per event; load events count reads,\n"
	      "                           store events writes\n"
	      "  perf-annotate-data-type  perf annotate --stdio --data-type: Percent (the\n"
	      "                           default since perf 6.10, turned into samples of the\n"
	      "                           table's total), -n or --show-total-period; with\n"
	      "                           --group a column per event\n"
	      "  perf-c2c                 perf c2c report --stdio (Intel, AMD IBS, Arm SPE;\n"
	      "                           -N, --double-cl): each row of the Shared Cache Line\n"
	      "                           Distribution Pareto joined to a member through the\n"
	      "                           --access-map by its Source:Line, symbol, offset in\n"
	      "                           the line and access kind; writes the members' load\n"
	      "                           and store samples and each line's contention\n"
	      "                           evidence (HITMs: false and true sharing)\n"
	      "  perf-script              perf script of any event (cpu-clock, cycles), with or\n"
	      "                           without -g and -F: each sample's source line (srcline,\n"
	      "                           or its address through --binary) joined through the\n"
	      "                           --access-map to the members that line reads and\n"
	      "                           writes: their samples, per thread (per CPU in the\n"
	      "                           kernel), and which threads touched a line at once\n"
	      "  perf-profile             the kernel test robot's perf-profile.self.cycles-pp.FUNC\n"
	      "                           lines (children where there are none): each function's\n"
	      "                           share to every member the --access-map says it reads\n"
	      "                           or writes (function-level); --side for a comparison\n"
	      "  net-cachelines           Documentation/networking/net_cachelines/*.rst: each\n"
	      "                           column is a path (tx, rx): read_mostly is read on it,\n"
	      "                           read_write read and written, write_mostly written, - not\n"
	      "                           accessed (cold on both); from: names the table line\n"
	      "\n"
	      "Options:\n"
	      "  -o, --output FILE   write the profile to FILE, whole or not at all (default:\n"
	      "                      standard output)\n"
	      "  --loads FILE        (perf kinds) a FILE whose every event counts loads (reads),\n"
	      "                      whatever its name (AMD IBS, Arm SPE, perf annotate\n"
	      "                      without --group)\n"
	      "  --stores FILE       the same for stores (writes)\n"
	      "  --struct NAME       (net-cachelines) the struct the tables describe, when a\n"
	      "                      file names none\n"
	      "  --access-map FILE   (perf-c2c, perf-script, perf-profile) an access map written by\n"
	      "                      -fplugin-arg-cachelint-access-map= or cachelint lint\n"
	      "                      --access-map, or a directory of them; repeatable\n"
	      "  --binary FILE       (perf-c2c, perf-script) join by address through FILE's DWARF (the\n"
	      "                      executable, or the -dbg vmlinux): a row's code address\n"
	      "                      to its source line (the line table), then through the\n"
	      "                      access map, for rows without a Source:Line; a data\n"
	      "                      address in a static object (a global struct or array)\n"
	      "                      to its member, no map needed; repeatable\n"
	      "  --verbose           (perf-c2c, perf-script, perf-profile) list each row, sample or\n"
	      "                      function not resolved to a member, and why\n"
	      "  --side SIDE         (perf-profile) the column of a comparison: base or patched\n"
	      "  --quiet             no notes on standard error (warnings stay)\n"
	      "\n"
	      "perf report --group output is read too: a Period or Samples column gives each\n"
	      "event's own counts; percentages alone are scaled to equal shares of the one\n"
	      "event count (a note says so).  Indented lines, spaces for tabs, '#' lines\n"
	      "that lost their '#' and lines that mark rows cut out (..., <snip>) are\n"
	      "accepted, the latter with a note.  Output that is not whole (the top rows\n"
	      "of a report, perf report --percent-limit, output cut short: an event's rows\n"
	      "short of 100%, a table without its closing '};', perf report's first line\n"
	      "without its closing tip) imports what it lists with a warning, also under\n"
	      "--quiet, at the line where it stops adding up: members it does not list get\n"
	      "no count.  Output that contradicts itself (rows over 100%, a member over its\n"
	      "type) is an error.  An input of loads alone gives no writes counts (stores\n"
	      "alone no reads): they were not measured.  Counts that are perf samples (perf\n"
	      "annotate, perf report -n --group) make the profile say 'counts: samples'.\n"
	      "  --help, --version\n"
	      "\n"
	      "Example:\n"
	      "  perf mem record -- ./app\n"
	      "  perf report --stdio --sort type,typeoff > typeoff.txt\n"
	      "  cachelint import perf-typeoff typeoff.txt -o app.yaml\n"
	      "  perf c2c record -- ./app && perf c2c report --stdio > c2c.txt\n"
	      "  cachelint import perf-c2c --access-map app.map c2c.txt -o app.yaml\n"
	      "  cachelint import perf-c2c --access-map app.map --binary ./app c2c.txt -o app.yaml\n"
	      "  perf record -e cpu-clock -g -- ./app && perf script -F +srcline > app.script\n"
	      "  cachelint import perf-script --access-map app.map app.script -o app.yaml\n"
	      "  gcc -fplugin=cachelint.so -fplugin-arg-cachelint-profile=app.yaml -c app.c\n"
	      "\n"
	      "Exit status: 0 written, 2 usage or input error.\n", out);
}

/**
 * struct input - one FILE argument
 * @path: as given; "-" is standard input
 * @events: what its events count (perf kinds)
 */
struct input {
	const char *path;
	enum cl_events events;
};

/**
 * struct import_args - the parsed command line
 * @kind: KIND
 * @inputs: the files, in order
 * @ninputs: number of @inputs
 * @output: -o, or NULL for standard output
 * @struct_name: --struct
 * @quiet: --quiet
 * @maps: --access-map, @nmaps of them
 * @bins: --binary, @nbins of them
 * @verbose: --verbose
 * @side: --side (perf-profile)
 */
struct import_args {
	enum cl_import_kind kind;
	struct input *inputs;
	size_t ninputs;
	const char *output;
	const char *struct_name;
	bool quiet;
	const char **maps;
	size_t nmaps;
	const char **bins;
	size_t nbins;
	bool verbose;
	enum cl_profile_side side;
};

static void add_input(struct import_args *a, const char *path, enum cl_events events)
{
	a->inputs = cl_xrealloc(a->inputs, (a->ninputs + 1) * sizeof(*a->inputs));
	a->inputs[a->ninputs++] = (struct input){ path, events };
}

/* One option; -1 to go on, else the exit status. */
static int handle_option(struct import_args *a, int opt, char **argv)
{
	switch (opt) {
	case 'o':
		a->output = optarg;
		return -1;
	case OPT_LOADS:
	case OPT_STORES:
		add_input(a, optarg, opt == OPT_LOADS ? CL_EVENTS_LOADS : CL_EVENTS_STORES);
		return -1;
	case OPT_STRUCT:
		a->struct_name = optarg;
		return -1;
	case CLI_OPT_QUIET:
		a->quiet = true;
		return -1;
	case OPT_ACCESS_MAP:
		a->maps = cl_xrealloc(a->maps, (a->nmaps + 1) * sizeof(*a->maps));
		a->maps[a->nmaps++] = optarg;
		return -1;
	case OPT_BINARY:
		a->bins = cl_xrealloc(a->bins, (a->nbins + 1) * sizeof(*a->bins));
		a->bins[a->nbins++] = optarg;
		return -1;
	case OPT_VERBOSE:
		a->verbose = true;
		return -1;
	case OPT_SIDE:
		if (!strcmp(optarg, "base") || !strcmp(optarg, "patched")) {
			a->side = optarg[0] == 'b' ? CL_SIDE_BASE : CL_SIDE_PATCHED;
			return -1;
		}
		cl_error("import: --side is base or patched, not '%s'", optarg);
		return EXIT_USAGE;
	case CLI_OPT_HELP:
		usage(stdout);
		return EXIT_SUCCESS;
	case CLI_OPT_VERSION:
		cli_print_version("import");
		return EXIT_SUCCESS;
	default:
		cli_option_error("import", opt, argv);
		return EXIT_USAGE;
	}
}

/*
 * KIND, files and options in any order ("+": getopt stops at each
 * operand, which is taken here).  Returns -1 to go on, else the exit status.
 */
static int parse_args(int argc, char **argv, struct import_args *a)
{
	const char *kind = NULL;
	bool operands_only = false;
	int opt, rc, k;

	opterr = 0;
	optind = 1;
	while (optind < argc) {
		opt = operands_only ? -1 : getopt_long(argc, argv, "+:o:", long_options, NULL);
		if (opt != -1) {
			rc = handle_option(a, opt, argv);
			if (rc >= 0)
				return rc;
			continue;
		}
		/* After "--" everything is a file, even "-o". */
		operands_only |= optind > 1 && !strcmp(argv[optind - 1], "--");
		if (optind < argc && !kind)
			kind = argv[optind++];
		else if (optind < argc)
			add_input(a, argv[optind++], CL_EVENTS_BY_NAME);
	}
	if (!kind) {
		usage(stderr);
		return EXIT_USAGE;
	}
	k = cl_import_kind_lookup(kind);
	if (k < 0) {
		cl_error("import: unknown kind '%s' (expected perf-typeoff, "
			  "perf-annotate-data-type, perf-c2c, perf-script, perf-profile or "
			  "net-cachelines)", kind);
		return EXIT_USAGE;
	}
	a->kind = (enum cl_import_kind)k;
	return -1;
}

static int check_args(const struct import_args *a)
{
	bool perf = a->kind != CL_IMPORT_NET_CACHELINES;
	bool c2c = a->kind == CL_IMPORT_PERF_C2C;
	bool joined = c2c || a->kind == CL_IMPORT_PERF_SCRIPT || a->kind == CL_IMPORT_PERF_PROFILE;

	if (!a->ninputs) {
		cl_error("import: no input files (cachelint import --help)");
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < a->ninputs; i++) {
		if (!perf && a->inputs[i].events != CL_EVENTS_BY_NAME) {
			cl_error("import: --loads and --stores are for the perf kinds");
			return EXIT_USAGE;
		}
	}
	if (!joined && (a->nmaps || a->nbins || a->verbose)) {
		cl_error("import: --access-map, --binary and --verbose are for perf-c2c, "
			 "perf-script and perf-profile");
		return EXIT_USAGE;
	}
	if (a->kind == CL_IMPORT_PERF_PROFILE && a->nbins) {
		cl_error("import: --binary is not for perf-profile (its lines name functions, "
			 "no addresses)");
		return EXIT_USAGE;
	}
	if (a->side != CL_SIDE_ONE && a->kind != CL_IMPORT_PERF_PROFILE) {
		cl_error("import: --side is for perf-profile");
		return EXIT_USAGE;
	}
	if (joined && !c2c && !a->nmaps) {
		cl_error("import: %s needs --access-map FILE: it says which members each source "
			 "line and function reads and writes", cl_import_kind_name(a->kind));
		return EXIT_USAGE;
	}
	if (c2c && !a->nmaps && !a->nbins) {
		cl_error("import: perf-c2c needs --access-map FILE or --binary FILE: a c2c report "
			 "names source lines and addresses, the access map says which member each "
			 "line touches, a binary's DWARF which member a static object has at an "
			 "address");
		return EXIT_USAGE;
	}
	for (size_t i = 0; joined && i < a->ninputs; i++) {
		if (a->inputs[i].events != CL_EVENTS_BY_NAME) {
			cl_error("import: --loads and --stores are not for %s (%s)",
				 cl_import_kind_name(a->kind),
				 c2c ? "its rows say which are loads and stores" :
				 "the access map says which lines read and write");
			return EXIT_USAGE;
		}
	}
	if (perf && a->struct_name) {
		cl_error("import: --struct is for net-cachelines");
		return EXIT_USAGE;
	}
	return -1;
}

/* The whole of @path ("-": standard input) in a malloc'd buffer. */
static char *read_all(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? cli_input_open(path) : stdin;
	size_t cap = 1 << 16, n = 0, got;
	char *buf;

	if (!f) {
		if (errno)	/* else a FIFO's wait said why */
			cl_error("%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	buf = cl_xmalloc(cap);
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			buf = cl_xrealloc(buf, cap *= 2);
	}
	if (ferror(f)) {
		cl_error("%s: cannot read: %s", path, strerror(errno ? errno : EIO));
		free(buf);
		buf = NULL;
	}
	if (f != stdin)
		fclose(f);
	*len = n;
	return buf;
}

static int import_one(struct cl_import *imp, const struct import_args *a,
		      const struct input *in, const struct cl_access_map *map,
		      const struct cl_c2c_binaries *bin, struct cl_c2c *c2c)
{
	const char *name = strcmp(in->path, "-") ? in->path : "<stdin>";
	struct cl_diag err;
	char msg[2048];
	size_t len;
	char *buf = read_all(in->path, &len);
	int rc;

	if (!buf)
		return -1;
	switch (a->kind) {
	case CL_IMPORT_PERF_TYPEOFF:
		rc = cl_import_perf_typeoff(imp, name, buf, len, in->events, &err);
		break;
	case CL_IMPORT_PERF_ANNOTATE:
		rc = cl_import_perf_annotate(imp, name, buf, len, in->events, &err);
		break;
	case CL_IMPORT_PERF_C2C:
		rc = cl_import_perf_c2c(imp, name, buf, len, map, bin, c2c, &err);
		break;
	case CL_IMPORT_PERF_SCRIPT:
		rc = cl_import_perf_script(imp, name, buf, len, map, bin, c2c, &err);
		break;
	case CL_IMPORT_PERF_PROFILE:
		rc = cl_import_perf_profile(imp, name, buf, len, map, a->side, c2c, &err);
		break;
	default:
		rc = cl_import_net_cachelines(imp, name, buf, len, a->struct_name, &err);
		break;
	}
	free(buf);
	if (rc)
		cl_error("%s", cl_diag_format(&err, msg, sizeof(msg)));
	return rc;
}

/**
 * struct import_gen - what the profile is generated from
 * @imp: the import
 * @a: the arguments (its kind)
 * @c2c: perf-c2c's contention evidence
 */
struct import_gen {
	const struct cl_import *imp;
	const struct import_args *a;
	const struct cl_c2c *c2c;
};

static int generate(FILE *out, void *data)
{
	const struct import_gen *g = data;

	if (cl_import_write(out, g->imp, g->a->kind))
		return -1;
	if (g->a->kind != CL_IMPORT_PERF_C2C || !g->c2c->nentries)
		return 0;
	return cl_contention_write(out, &g->c2c->hdr, g->c2c->entries, g->c2c->nentries);
}

/* Generate, read back with the loader, write. */
static int emit(const struct cl_import *imp, const struct import_args *a,
		const struct cl_c2c *c2c)
{
	struct import_gen g = { imp, a, c2c };

	return cli_write_profile("import", a->output, generate, &g);
}

/* What an input lacks: the profile is incomplete, which --quiet does not hide. */
static void warnings_print(const struct cl_import *imp)
{
	for (size_t i = 0; i < imp->said.nwarnings; i++) {
		struct cl_diag d;

		cl_diag_set(&d, NULL, 0, 0, "%s", imp->said.warnings[i]);
		d.severity = CL_SEV_WARNING;
		cl_diag_print(&d);
	}
}

/* What the kind counts as resolved or not: perf-c2c's rows, perf script's samples. */
static const char *unit_word(enum cl_import_kind kind)
{
	return kind == CL_IMPORT_PERF_SCRIPT ? "samples" :
	       kind == CL_IMPORT_PERF_PROFILE ? "functions" : "rows";
}

/*
 * "cachelint: import: N of M rows not resolved to a member (REASONS)", and
 * with --verbose each row and why.
 */
static void c2c_unresolved(const struct cl_c2c *c, enum cl_import_kind kind, bool verbose)
{
	struct cl_strbuf b = { 0 };
	struct cl_arena a;

	if (!c->unresolved)
		return;
	cl_arena_init(&a);
	for (size_t k = 0; k < c->nreasons; k++)
		cl_strbuf_printf(&b, "%s%zu %s", k ? "; " : "", c->reason_rows[k], c->reason[k]);
	cl_error("import: %zu of %zu %s not resolved to a member (%s)", c->unresolved,
		 c->rows, unit_word(kind), cl_strbuf_take(&b, &a));
	cl_strbuf_free(&b);
	cl_arena_free(&a);
	for (size_t i = 0; verbose && i < c->nwhy; i++)
		cl_note("%s", c->why[i]);
}

/* The access maps of --access-map, merged. */
static int load_maps(const struct import_args *a, struct cl_access_map *m)
{
	for (size_t i = 0; i < a->nmaps; i++) {
		struct cl_diag err;
		char msg[2048];

		if (cl_access_map_load(m, a->maps[i], &err)) {
			cl_error("%s", cl_diag_format(&err, msg, sizeof(msg)));
			return -1;
		}
	}
	return 0;
}

/* The binaries of --binary, each checked now: a bad one is an error before any input. */
static int load_bins(const struct import_args *a, struct dw_addr *d)
{
	for (size_t i = 0; i < a->nbins; i++) {
		struct cl_diag err;
		char msg[2048];

		if (dw_addr_add(d, a->bins[i], &err)) {
			cl_error("%s", cl_diag_format(&err, msg, sizeof(msg)));
			return -1;
		}
	}
	return 0;
}

static int run(int argc, char **argv)
{
	struct import_args a = { 0 };
	struct cl_import imp;
	struct cl_access_map map;
	struct cl_c2c c2c = { 0 };
	struct cl_c2c_binaries bin;
	struct dw_addr *bins = NULL;
	int rc;

	rc = parse_args(argc, argv, &a);
	if (rc < 0)
		rc = check_args(&a);
	if (rc >= 0) {
		free(a.inputs);
		free(a.maps);
		free(a.bins);
		return rc;
	}
	rc = EXIT_USAGE;
	cl_import_init(&imp);
	cl_access_map_init(&map, NULL);
	if (load_maps(&a, &map))
		goto out;
	if (a.nbins) {
		bins = dw_addr_new();
		if (load_bins(&a, bins))
			goto out;
		dw_addr_binaries(bins, &bin);
	}
	for (size_t i = 0; i < a.ninputs; i++)
		if (import_one(&imp, &a, &a.inputs[i], &map, bins ? &bin : NULL, &c2c))
			goto out;
	warnings_print(&imp);
	c2c_unresolved(&c2c, a.kind, a.verbose);
	if (!cl_import_count(&imp) && imp.said.anonymous) {
		cl_error("import: no struct member in the input%s: %zu %s%s of anonymous structs "
			 "or unions, which have no name to key a profile (give them a tag or a "
			 "typedef); nothing to write", a.ninputs > 1 ? "s" : "", imp.said.anonymous,
			 a.kind == CL_IMPORT_PERF_ANNOTATE ? "table" : "row",
			 imp.said.anonymous == 1 ? " was" : "s were");
		goto out;
	}
	if (!cl_import_count(&imp) && (a.kind == CL_IMPORT_PERF_C2C ||
					a.kind == CL_IMPORT_PERF_SCRIPT ||
					a.kind == CL_IMPORT_PERF_PROFILE)) {
		cl_error("import: no %s of the input%s resolved to a member: nothing to write",
			 a.kind == CL_IMPORT_PERF_SCRIPT ? "sample" :
			 a.kind == CL_IMPORT_PERF_PROFILE ? "function" : "row",
			 a.ninputs > 1 ? "s" : "");
		goto out;
	}
	if (!cl_import_count(&imp)) {
		cl_error("import: no struct member in the input%s: nothing to write",
			  a.ninputs > 1 ? "s" : "");
		goto out;
	}
	if (emit(&imp, &a, &c2c))
		goto out;
	for (size_t i = 0; !a.quiet && i < imp.said.nnotes; i++)
		cl_note("%s", imp.said.notes[i]);
	rc = EXIT_SUCCESS;
out:
	cl_c2c_free(&c2c);
	dw_addr_free(bins);
	cl_access_map_free(&map);
	cl_import_free(&imp);
	free(a.inputs);
	free(a.maps);
	free(a.bins);
	return rc;
}

const struct cl_command cl_cmd_import = {
	"import", "access profiles from perf data-type profiles, perf c2c and kernel tables", run,
};
