// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cli_output.c - the pipeline's results to files, baselines and exit status
 */
#include "cli_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit/baseline.h"
#include "emit/files.h"

const char cli_output_help[] =
	"Output options:\n"
	"  -o, --output FILE       write the findings to FILE (atomically), not stdout\n"
	"  --source-root DIR       paths in SARIF and GitHub output, and in --patch-out,\n"
	"                          relative to DIR\n"
	"  --write-baseline FILE   record every finding's fingerprint in FILE (exit 0);\n"
	"                          a baseline from any subcommand serves every other\n"
	"  --dump-layout[=FILE]    print every struct's layout model (stdout, or FILE,\n"
	"                          written only when the run succeeds), as the GCC\n"
	"                          plugin's dump-layout does\n";

int cli_output_option(struct cli_output *o, int opt, const char *arg)
{
	switch (opt) {
	case 'o':
	case CLI_OPT_OUTPUT:
		o->output = arg;
		return 1;
	case CLI_OPT_SOURCE_ROOT:
		o->source_root = arg;
		return 1;
	case CLI_OPT_WRITE_BASELINE:
		o->write_baseline = arg;
		return 1;
	case CLI_OPT_DUMP_LAYOUT:
		o->dump = true;
		o->dump_path = arg && *arg ? arg : NULL;
		return 1;
	default:
		return 0;
	}
}

void cli_pipeline_config(const struct cli_common *c, struct cl_profile *prof,
			 struct cl_pipeline_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->opt = c->opt;
	cfg->profile = cl_profile_has_entries(prof) ? prof : NULL;
	cfg->dedup = true;
	cfg->propose = c->propose;
	cfg->sources = true;
	cfg->whole_program = true;
}

struct write_job {
	const struct cl_pipeline *p;
	enum cl_format format;
	const struct cl_pipeline_output *o;
	const char *source_root;
};

static int write_findings(FILE *out, void *data)
{
	const struct write_job *j = data;

	return cl_pipeline_write(j->p, out, j->format, j->o);
}

static int write_patch(FILE *out, void *data)
{
	const struct write_job *j = data;

	return cl_pipeline_write_patch(j->p, out, j->source_root);
}

static int write_dump(FILE *out, void *data)
{
	return cl_pipeline_dump(data, out);
}

static int write_baseline(FILE *out, void *data)
{
	return cl_baseline_write(out, data);
}

/* Write @fn's output to @path atomically; 0, or -1 after saying why. */
static int write_file(const char *path, int (*fn)(FILE *, void *), void *data)
{
	if (cli_output_ready(path))
		return -1;
	if (!cl_write_atomic(path, fn, data))
		return 0;
	cl_error("cannot write '%s': %s", path, strerror(errno));
	return -1;
}

static int apply_baseline(const struct cli_common *c, struct cl_pipeline *p)
{
	struct cl_baseline base;
	struct cl_diag err;
	int rc = 0;

	cl_baseline_init(&base);
	if (cl_baseline_load(&base, c->baseline, &err)) {
		char buf[CL_DIAG_LINE_MAX];

		cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
		rc = -1;
	} else {
		cl_pipeline_apply_baseline(p, &base);
	}
	cl_baseline_free(&base);
	return rc;
}

/*
 * A patch that `patch -p1` applies names files below the folder it runs in:
 * one outside is an error before anything is written, not "a/../x.h".
 */
static int check_patch_paths(const struct cli_output *o, const struct cl_pipeline *p)
{
	const struct cl_report_proposal *rp = cl_pipeline_patch_outside(p, o->source_root);
	struct cl_arena a;

	if (!rp)
		return 0;
	cl_arena_init(&a);
	cl_error("--patch-out: '%s', which declares '%s', is not below %s%s%s: pass --source-root DIR with a folder that holds every file to patch",
		 rp->rec->span.file, cl_record_display(rp->rec, &a),
		 o->source_root ? "the source root '" : "the current directory",
		 o->source_root ? o->source_root : "", o->source_root ? "'" : "");
	cl_arena_free(&a);
	return -1;
}

int cli_report(const struct cli_common *c, const struct cli_output *o, struct cl_pipeline *p)
{
	struct cl_pipeline_output po = { o->source, o->source_root, false };
	struct write_job job = { p, c->format, &po, o->source_root };
	int rc;

	if (o->patch_out && check_patch_paths(o, p))
		return EXIT_USAGE;
	if (o->dump && o->dump_path && write_file(o->dump_path, write_dump, p))
		return EXIT_USAGE;
	if (o->dump && !o->dump_path && cl_pipeline_dump(p, stdout))
		return EXIT_USAGE;
	if (o->write_baseline && write_file(o->write_baseline, write_baseline, &p->findings))
		return EXIT_USAGE;
	if (c->baseline && apply_baseline(c, p))
		return EXIT_USAGE;
	if (o->output) {
		if (write_file(o->output, write_findings, &job))
			return EXIT_USAGE;
	} else {
		rc = write_findings(stdout, &job);
		if (fflush(stdout) || rc) {
			cl_error("cannot write the findings: %s", strerror(errno));
			return EXIT_USAGE;
		}
	}
	if (o->patch_out && write_file(o->patch_out, write_patch, &job))
		return EXIT_USAGE;
	return o->write_baseline ? EXIT_SUCCESS : cli_exit_status(c, &p->findings);
}

/* Some units failed: the others' findings on stdout, and no file. */
static void report_partial(const struct cli_common *c, const struct cli_output *out,
			   struct cl_pipeline *p)
{
	struct cli_output o = *out;
	const char *files[] = { o.output, o.dump ? o.dump_path : NULL, o.patch_out,
				o.write_baseline };

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (files[i])
			cli_not_written(files[i]);
	o.output = o.patch_out = o.write_baseline = NULL;
	if (o.dump_path)
		o.dump = false;
	o.dump_path = NULL;
	cli_report(c, &o, p);
}

int cli_report_units(const struct cli_common *c, const struct cli_output *o,
		     struct cl_pipeline *p, size_t failed, size_t total)
{
	if (!failed) {
		cl_pipeline_finish(p);
		return cli_report(c, o, p);
	}
	report_partial(c, o, p);
	cli_units_failed(failed, total);
	return EXIT_USAGE;
}
