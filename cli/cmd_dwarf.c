// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_dwarf.c - `cachelint dwarf [options] FILE…`: the false-sharing checks
 * on the struct layouts in the DWARF of built objects, libraries and
 * executables, with no rebuild
 *
 * Classes come from clang's btf_decl_tag annotations (annotations/cachelint.h
 * writes them) and from profiles; gcc 12 drops btf_decl_tag, so binaries
 * built by gcc need a profile.  Each distinct layout is analysed once
 * however many compile units repeat it.  With --propose, each struct with
 * false sharing gets the proposal engine's order (there is no source text
 * to patch: the order, the alignments, the sizes before and after).
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cl_version.h"
#include "dwarf_columns.h"
#include "dwarf_run.h"
#include "emit.h"
#include "propose.h"
#include "report.h"

enum {
	OPT_DUMP_LAYOUT = CLI_OPT_FIRST_FREE,
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: cachelint dwarf [options] FILE...\n"
		"Check the struct layouts in the DWARF debug information of ELF objects,\n"
		"shared libraries and executables (built with -g) for read-mostly and\n"
		"write-hot fields on one cache line.  Classes come from clang's\n"
		"btf_decl_tag annotations (annotations/cachelint.h) and from --profile.\n"
		"\n"
		"  --dump-layout[=FILE]    print the model of every distinct struct (stdout,\n"
		"                          or FILE, written only when the run succeeds)\n"
		"%s"
		"With --propose, each struct with false sharing gets a note with the proposed\n"
		"order, the alignments added and the size and cache lines before and after\n"
		"(--format yaml: a proposal entry); 'cachelint layout --propose' draws it.\n"
		"\nExample: cachelint dwarf --profile memcg.yaml vmlinux\n",
		cli_common_help);
}

struct dwarf_cmd {
	struct cli_common c;
	const char *dump_path;
	bool dump;
};

static int parse(struct dwarf_cmd *d, int argc, char **argv, int *status)
{
	static const struct option longopts[] = {
		CLI_COMMON_LONG_OPTIONS,
		{ "dump-layout", optional_argument, NULL, OPT_DUMP_LAYOUT },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		int rc = cli_common_option(&d->c, opt, optarg);

		if (rc < 0)
			return *status = EXIT_USAGE, -1;
		if (rc > 0)
			continue;
		switch (opt) {
		case OPT_DUMP_LAYOUT:
			d->dump = true;
			d->dump_path = optarg && *optarg ? optarg : NULL;
			break;
		case CLI_OPT_HELP:
			usage(stdout);
			return *status = EXIT_SUCCESS, -1;
		case CLI_OPT_VERSION:
			cli_print_version("dwarf");
			return *status = EXIT_SUCCESS, -1;
		default:
			cl_error("dwarf: unknown option '%s' (cachelint dwarf --help)",
				  argv[optind - 1]);
			return *status = EXIT_USAGE, -1;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return *status = EXIT_USAGE, -1;
	}
	return 0;
}

static int write_dump(FILE *out, void *data)
{
	const struct dw_run *r = data;

	for (size_t i = 0; i < r->nrecords; i++)
		cl_record_dump(out, r->records[i]);
	return ferror(out) ? -1 : 0;
}

/**
 * struct proposals - the proposals of a run (--propose)
 * @v: one per record with a conflict finding, in record order
 * @n: number of @v
 * @cap: allocated @v
 * @arena: the proposals and their text
 */
struct proposals {
	struct cl_report_proposal *v;
	size_t n, cap;
	struct cl_arena arena;
};

/*
 * A proposal for every record that a new order can help.  DWARF holds no
 * source text, so none comes with a patch: the reason says so and carries
 * the proposal's summary, which every format prints.
 */
static void propose_all(const struct dw_run *r, struct proposals *ps)
{
	struct cl_arena *a = &ps->arena;

	for (size_t i = 0; i < r->nrecords; i++) {
		const struct cl_record *rec = r->records[i];
		struct cl_proposal *p;
		struct cl_report_proposal *rp;

		if (!dw_run_has_conflict(r, rec))
			continue;
		p = cl_arena_alloc(a, sizeof(*p));
		rp = cl_vec_push(&ps->v, &ps->n, &ps->cap);
		rp->rec = rec;
		if (cl_propose(rec, &r->c->opt, a, p)) {
			rp->reason = p->reason;
			continue;
		}
		rp->p = p;
		rp->reason = cl_arena_printf(a,
			"read from DWARF, which holds no source text to patch; proposed %s",
			dw_proposal_summary(p, a));
	}
}

static int emit(const struct dw_run *r, const char *source, const struct proposals *ps)
{
	struct cl_emit_info info = {
		.tool_version = CL_VERSION,
		.opt = &r->c->opt,
		.records = (const struct cl_record *const *)r->records,
		.nrecords = r->nrecords,
		.proposals = ps->v,
		.nproposals = ps->n,
		/* the plugin's notes on inferred and replaced profile entries */
		.profile = r->profile.nstructs ? &r->profile : NULL,
	};
	struct cl_report_info rinfo = {
		.tool_version = CL_VERSION,
		.source = source,
		.opt = &r->c->opt,
		.records = (const struct cl_record *const *)r->records,
		.nrecords = r->nrecords,
		.proposals = ps->v,
		.nproposals = ps->n,
	};

	switch (r->c->format) {
	case CLI_FORMAT_JSON:
		return cl_emit_json(stdout, &r->findings, &info);
	case CLI_FORMAT_SARIF:
		return cl_emit_sarif(stdout, &r->findings, &info);
	case CLI_FORMAT_GITHUB:
		return cl_emit_github(stdout, &r->findings, &info);
	case CLI_FORMAT_YAML:
		return cl_report_yaml(stdout, &rinfo, &r->findings);
	default:
		return cl_emit_text(stdout, &r->findings, &info);
	}
}

static int apply_baseline(struct dw_run *r)
{
	struct cl_baseline b;
	struct cl_diag err;
	char buf[2048];
	int rc = 0;

	cl_baseline_init(&b);
	if (cl_baseline_load(&b, r->c->baseline, &err)) {
		cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
		rc = -1;
	} else {
		cl_baseline_filter(&b, &r->findings);
	}
	cl_baseline_free(&b);
	return rc;
}

static int run(int argc, char **argv)
{
	struct dwarf_cmd d = { 0 };
	struct dw_run r;
	struct proposals ps = { 0 };
	int status = EXIT_USAGE;

	cli_common_init(&d.c);
	if (parse(&d, argc, argv, &status))
		goto out_common;
	if (dw_run_init(&r, &d.c))
		goto out;
	r.analyse = true;
	r.all = d.dump;
	dw_run_files(&r, argv + optind, argc - optind, NULL, false);
	if (r.errors) {
		cl_error("dwarf: %zu error%s; nothing reported", r.errors, r.errors == 1 ? "" : "s");
		goto out;
	}
	dw_run_undefined_profile_structs(&r);
	/* the dump is written only when every input was read */
	if (d.dump_path && cl_write_atomic(d.dump_path, write_dump, &r)) {
		cl_error("cannot write '%s': %s", d.dump_path, strerror(errno));
		goto out;
	}
	if (d.dump && !d.dump_path)
		write_dump(stdout, &r);
	if (d.c.baseline && apply_baseline(&r))
		goto out;
	dw_fix_columns(&r.findings);
	cl_arena_init(&ps.arena);
	if (d.c.propose)
		propose_all(&r, &ps);
	if (emit(&r, argc - optind == 1 ? argv[optind] : NULL, &ps)) {
		cl_error("cannot write the findings: %s", strerror(errno));
		goto out;
	}
	status = cli_exit_status(&d.c, &r.findings);
out:
	free(ps.v);
	cl_arena_free(&ps.arena);
	dw_run_free(&r);
out_common:
	cli_common_free(&d.c);
	return status;
}

const struct cl_command cl_cmd_dwarf = {
	"dwarf", "check struct layouts in the DWARF of objects and binaries", run,
};
