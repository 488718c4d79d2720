// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_layout.c - `cachelint layout [options] STRUCT FILE…`: one struct as
 * pahole draws it, from the DWARF of built files, with each member's
 * access class and a mark on every member of a conflicting pair; with
 * --propose, the layout the proposal engine makes of it below; with
 * --format html, every layout of it drawn as a picture (core/emit/emit_html.c);
 * with --write-budget, the lines each of its paths touches now, as a
 * profile's lines: key that keeps them so (core/model/lines.h)
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf_run.h"
#include "emit/files.h"
#include "model/lines.h"
#include "propose/propose.h"
#include "emit/proposal_text.h"
#include "emit/report.h"
#include "emit/view.h"
#include "profile/profile_keys.h"
#include "profile/yaml_writer.h"

enum {
	OPT_HEX = CLI_OPT_FIRST_FREE,
	OPT_WRITE_BUDGET,
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: cachelint layout [options] STRUCT FILE...\n"
		"Draw STRUCT (a tag, 'struct tag', or a typedef name) as pahole does, from\n"
		"the DWARF of ELF objects, libraries or executables built with -g: members\n"
		"with offset and size, holes, cacheline boundaries, the size summary, each\n"
		"member's access class, and '!! false sharing with ...' on every member of\n"
		"a conflicting pair.  Classes come from btf_decl_tag annotations (clang)\n"
		"and --profile.  A struct with several layouts (different compile units)\n"
		"is drawn once per layout.  With --propose, a struct with false sharing\n"
		"is drawn a second time as the proposal lays it out (DWARF holds no\n"
		"source text to patch: the plugin and 'cachelint lint' write the patch).\n"
		"With --format html, one self-contained HTML page instead: every layout of\n"
		"STRUCT as rows of cache lines with its members as boxes, conflicts as\n"
		"arcs, and the proposed layout beside a struct with false sharing.\n"
		"STRUCT FILE... is the order of 'cachelint bench' too; with one FILE, FILE\n"
		"STRUCT is read as well when FILE exists and STRUCT is no path.\n"
		"\n"
		"  --hex                   offsets and sizes in hexadecimal\n"
		"  --write-budget FILE     write the cache lines each path (or class) of STRUCT\n"
		"                          touches now as a profile's lines: key (the most over\n"
		"                          its layouts), so that a tuned layout stays tuned: a\n"
		"                          later layout over budget is a cachelint-path-lines\n"
		"                          warning.  For the kernel's cacheline groups the file\n"
		"                          and the view also give the CACHELINE_ASSERT_GROUP_SIZE()\n"
		"                          and _MEMBER() lines of the layout as it is.\n"
		"%s"
		"(--format: text or html.)\n"
		"\nExample: cachelint layout --propose --profile memcg.yaml page_counter mm/page_counter.o\n"
		"         cachelint layout --format html page_counter pc.o > page_counter.html\n"
		"         cachelint layout --profile tcp.yaml --write-budget budget.yaml tcp_sock vmlinux\n",
		cli_common_help);
}

struct layout_cmd {
	struct cli_common c;
	bool hex;
	const char *budget;
};

static int layout_option(void *cmd, int opt, const char *arg)
{
	struct layout_cmd *l = cmd;

	switch (opt) {
	case OPT_HEX:
		l->hex = true;
		return 1;
	case OPT_WRITE_BUDGET:
		if (!*arg) {
			cl_error("layout: --write-budget needs a file name");
			return -1;
		}
		l->budget = arg;
		return 1;
	default:
		return 0;
	}
}

static int parse(struct layout_cmd *l, int argc, char **argv, int *status)
{
	static const struct option longopts[] = {
		CLI_COMMON_LONG_OPTIONS,
		CLI_LONG_FLAG("hex", OPT_HEX),
		CLI_LONG_ARG("write-budget", OPT_WRITE_BUDGET),
		{ NULL, 0, NULL, 0 },
	};
	const struct cli_parser p = {
		.command = "layout", .shortopts = ":", .longopts = longopts,
		.common = &l->c, .option = layout_option, .cmd = l, .usage = usage,
	};

	if (cli_parse_options(&p, argc, argv, status))
		return -1;
	if (l->c.format != CL_FORMAT_TEXT && l->c.format != CL_FORMAT_HTML) {
		cl_error("layout: the view is text or html; the other formats apply to 'cachelint dwarf'");
		return *status = EXIT_USAGE, -1;
	}
	if (l->c.format == CL_FORMAT_HTML && l->budget) {
		cl_error("layout: --write-budget goes with the text view, not with --format html");
		return *status = EXIT_USAGE, -1;
	}
	if (l->c.format == CL_FORMAT_HTML && l->hex) {
		cl_error("layout: --hex applies to the text view, not to --format html");
		return *status = EXIT_USAGE, -1;
	}
	if (argc - optind < 2) {
		usage(stderr);
		return *status = EXIT_USAGE, -1;
	}
	return 0;
}

static void draw(const struct layout_cmd *l, struct cli_dwarf_run *r)
{
	struct cl_view_options vo = { .opt = &l->c.opt, .hex = l->hex,
				      .findings = &r->pipe.findings };
	size_t n = r->pipe.nrecords;

	for (size_t i = 0; i < n; i++) {
		const struct cl_record *rec = r->pipe.records[i];

		if (i)
			fputc('\n', stdout);
		if (n > 1)
			printf("/* layout %zu of %zu, %s:%u */\n", i + 1, n,
			       rec->span.file ? cl_span_shown_file(&rec->span) : "?",
			       cl_span_shown_line(&rec->span));
		cl_view(stdout, rec, &vo);
		if (l->c.propose) {
			struct cl_arena a;

			cl_arena_init(&a);
			fputc('\n', stdout);
			cl_view_proposal(stdout, rec, cl_pipeline_proposal(&r->pipe, rec), &vo, &a);
			cl_arena_free(&a);
		}
	}
}

/**
 * struct budget - what --write-budget writes
 * @l: the command
 * @r: the run, whose records are the layouts of the struct
 * @key: the struct's name as a profile keys it
 * @source: the files it was read from, for the header
 * @a: memory for the counts
 */
struct budget {
	const struct layout_cmd *l;
	const struct cli_dwarf_run *r;
	const char *key;
	const char *source;
	struct cl_arena a;
};

/* The most lines @path touches over the layouts. */
static uint64_t most_lines(struct budget *b, const char *path)
{
	uint64_t most = 0;

	for (size_t i = 0; i < b->r->pipe.nrecords; i++) {
		struct cl_path_lines *v;
		size_t n = cl_path_lines(b->r->pipe.records[i], &b->l->c.opt, &b->a, &v);
		uint64_t lines = cl_path_lines_of(v, n, path);

		most = lines > most ? lines : most;
	}
	return most;
}

/* Each path of any layout once, in the order cl_path_lines() gives them. */
static size_t budget_paths(struct budget *b, const char ***out)
{
	size_t total = 0, k = 0;
	const char **v;

	for (size_t i = 0; i < b->r->pipe.nrecords; i++) {
		struct cl_path_lines *pl;

		total += cl_path_lines(b->r->pipe.records[i], &b->l->c.opt, &b->a, &pl);
	}
	v = cl_arena_alloc(&b->a, (total + 1) * sizeof(*v));
	for (size_t i = 0; i < b->r->pipe.nrecords; i++) {
		struct cl_path_lines *pl;
		size_t n = cl_path_lines(b->r->pipe.records[i], &b->l->c.opt, &b->a, &pl);

		for (size_t j = 0; j < n; j++) {
			size_t x = 0;

			while (x < k && strcmp(v[x], pl[j].path))
				x++;
			if (x == k)
				v[k++] = pl[j].path;
		}
	}
	*out = v;
	return k;
}

/* "# \tCACHELINE_ASSERT..." lines of every layout with groups, as comments. */
static void put_asserts(FILE *out, struct budget *b)
{
	for (size_t i = 0; i < b->r->pipe.nrecords; i++) {
		const char *asserts = cl_record_group_asserts(b->r->pipe.records[i], &b->a);

		if (!asserts)
			continue;
		fprintf(out, "# the assert function of the layout %zu of %zu, as it is:\n",
			i + 1, b->r->pipe.nrecords);
		for (const char *s = asserts; *s;) {
			const char *nl = strchr(s, '\n');
			size_t len = nl ? (size_t)(nl - s) : strlen(s);

			fprintf(out, "#%.*s\n", (int)len, s);
			s += len + (nl != NULL);
		}
	}
}

/*
 * lines: {"conn": {"rx": 1, "tx": 3}} as a block, written by libyaml's
 * emitter; the comments before it are ours (it writes none), the file
 * names in them made printable.
 */
static int write_budget(FILE *out, void *data)
{
	struct budget *b = data;
	const char **paths;
	size_t n = budget_paths(b, &paths);
	struct cl_yw *w = cl_yw_open_fragment();

	cl_yw_map(w, false);
	cl_yw_key_u64(w, CL_KEY_CACHELINT_PROFILE, 1);
	cl_yw_map_end(w);
	if (cl_yw_close_fragment(w, out, "", NULL))
		return -1;
	cl_yw_comment(out, "# ", cl_arena_printf(&b->a, "The cache lines each path of '%s' touches in %s (the most over its",
						    b->key, b->source));
	fprintf(out, "# %zu layout%s), written by `cachelint layout --write-budget`: with this\n"
		"# profile, a layout whose path touches more is a cachelint-path-lines warning.\n",
		b->r->pipe.nrecords, b->r->pipe.nrecords == 1 ? "" : "s");
	put_asserts(out, b);
	if (!n)
		fputs("# No member of it is annotated, so no path touches a line.\n", out);
	w = cl_yw_open_fragment();
	cl_yw_map(w, false);
	cl_yw_word(w, CL_KEY_LINES);
	cl_yw_map(w, false);
	if (n) {
		cl_yw_quoted(w, b->key);
		cl_yw_map(w, false);
		for (size_t i = 0; i < n; i++) {
			cl_yw_quoted(w, paths[i]);
			cl_yw_u64(w, most_lines(b, paths[i]));
		}
		cl_yw_map_end(w);
	}
	cl_yw_map_end(w);
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "", NULL) || ferror(out) ? -1 : 0;
}

static int budget_out(const struct layout_cmd *l, const struct cli_dwarf_run *r, const char *key,
		      const char *source)
{
	struct budget b = { .l = l, .r = r, .key = key, .source = source };
	int rc = 0;

	cl_arena_init(&b.a);
	for (size_t i = 0; i < r->pipe.nrecords; i++) {
		const char *asserts = cl_record_group_asserts(r->pipe.records[i], &b.a);

		if (asserts)
			printf("\n/* cachelint: %s's assert function, as it is:\n%s */\n",
			       cl_record_display(r->pipe.records[i], &b.a), asserts);
	}
	if (cli_output_ready(l->budget)) {
		rc = -1;
	} else if (cl_write_atomic(l->budget, write_budget, &b)) {
		cl_error("layout: cannot write '%s': %s", l->budget, strerror(errno));
		rc = -1;
	}
	cl_arena_free(&b.a);
	return rc;
}

static int run(int argc, char **argv)
{
	struct layout_cmd l = { 0 };
	struct cli_dwarf_run r;
	const char *name;
	size_t failed;
	int status = EXIT_USAGE;

	cli_common_init(&l.c);
	if (parse(&l, argc, argv, &status))
		goto out_common;
	if (cli_dwarf_run_init(&r, &l.c))
		goto out;
	cli_struct_first(argv + optind, argc - optind);
	name = cli_struct_tag(argv[optind]);
	failed = cli_dwarf_run_files(&r, argv + optind + 1, argc - optind - 1, false, name, true);
	if (!r.pipe.nrecords && !failed) {
		cl_error("layout: no struct or union '%s' is defined in %s%s", name,
			  argv[optind + 1], argc - optind > 2 ? " or the other files" : "");
		goto out;
	}
	if (!r.pipe.nrecords) {
		/* it may be in a file that failed: nothing to draw */
	} else if (l.c.format == CL_FORMAT_HTML) {
		struct cl_pipeline_output o = { argc - optind == 2 ? argv[optind + 1] : NULL, NULL,
						true };

		if (cl_pipeline_write(&r.pipe, stdout, CL_FORMAT_HTML, &o) || fflush(stdout)) {
			cl_error("layout: cannot write the page: %s", strerror(errno));
			status = EXIT_USAGE;
			goto out;
		}
	} else {
		draw(&l, &r);
		if (l.budget && failed)
			cli_not_written(l.budget);
		else if (l.budget && budget_out(&l, &r, r.pipe.records[0]->name ?
							r.pipe.records[0]->name : name,
						argc - optind == 2 ? argv[optind + 1] : "the files given")) {
			status = EXIT_USAGE;
			goto out;
		}
	}
	if (failed) {
		/* what the other files gave is drawn; the run is not whole */
		cli_units_failed(failed, (size_t)(argc - optind - 1));
		goto out;
	}
	status = cli_exit_status(&l.c, &r.pipe.findings);
out:
	cli_dwarf_run_free(&r);
out_common:
	cli_common_free(&l.c);
	return status;
}

const struct cl_command cl_cmd_layout = {
	"layout", "draw a struct as pahole does, with classes and conflicts", run,
};
