// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_run.c - the DWARF front end driven for a subcommand: records into
 * the pipeline, errors and progress on stderr
 */
#include "dwarf_run.h"

#include <stdlib.h>
#include <string.h>

#include "cli_output.h"
#include "dwarf_columns.h"
#include "emit/files.h"

int cli_dwarf_run_init(struct cli_dwarf_run *r, struct cli_common *c)
{
	struct cl_pipeline_config cfg;
	int rc;

	memset(r, 0, sizeof(*r));
	r->c = c;
	cl_profile_init(&r->profile);
	rc = cli_load_profiles(c, &r->profile);
	cli_pipeline_config(c, &r->profile, &cfg);
	cfg.sources = false;
	cfg.no_source = "read from DWARF, which holds no source text to patch";
	cl_pipeline_init(&r->pipe, &cfg);
	return rc;
}

void cli_dwarf_run_free(struct cli_dwarf_run *r)
{
	cl_pipeline_free(&r->pipe);
	dw_frontend_free(r->fe);
	cl_profile_free(&r->profile);
}

/*
 * libc's structs are the plugin's and the lint's to skip, and so here:
 * an instrumented run's entries for struct msghdr are not findings.
 */
static void on_record(void *data, struct cl_record *rec)
{
	struct cli_dwarf_run *r = data;

	if (!r->system_too && cl_path_is_system(rec->span.file)) {
		cl_pipeline_add_system(&r->pipe, rec->name);
		return;
	}
	cl_pipeline_add(&r->pipe, rec, NULL);
}

static void on_variable(void *data, const struct cl_variable *v)
{
	struct cli_dwarf_run *r = data;

	cl_pipeline_add_variable(&r->pipe, v);
}

static void on_error(void *data, const struct cl_diag *d)
{
	struct cli_dwarf_run *r = data;

	cl_diag_print(d);
	r->errors++;
}

/* "file:line:col: note: msg" (the diag is a note), as the lint prints its notes */
static void on_note(void *data, const struct cl_diag *d)
{
	(void)data;
	cl_diag_print(d);
}

/*
 * units done / total (where the total can be counted in place), structs
 * seen: those converted and those recognised by their structural key
 */
static void on_progress(void *data, const char *file, const struct dw_stats *st)
{
	(void)data;
	fprintf(stderr, "\rcachelint: %s: ", file);
	if (st->units_total >= st->units)
		fprintf(stderr, "%zu/%zu units", st->units, st->units_total);
	else
		fprintf(stderr, "%zu units", st->units);
	fprintf(stderr, ", %zu structs seen (%zu converted, %zu recognised), %zu distinct layouts",
		st->record_dies + st->recognised, st->record_dies, st->recognised, st->records);
}

size_t cli_dwarf_run_files(struct cli_dwarf_run *r, char *const *files, int nfiles,
			   bool all, const char *only, bool types)
{
	struct dw_config cfg = {
		.profile = cl_profile_has_entries(&r->profile) ? &r->profile : NULL,
		.no_groups = r->c->opt.no_cacheline_groups,
		.all = all,
		.types = types,
		.only = only,
		.record = on_record,
		.variable = on_variable,
		.error = on_error,
		.note = on_note,
		.progress = cli_progress_wanted(r->c) ? on_progress : NULL,
		.data = r,
		.jobs = r->jobs,
		.reference = r->reference,
	};
	struct dw_frontend *fe;

	r->system_too = all || only || r->pipe.cfg.dump;
	fe = dw_frontend_new(&cfg);
	size_t failed = 0;

	for (int i = 0; i < nfiles; i++) {
		size_t no_lines = dw_frontend_stats(fe)->split_no_lines;
		size_t errors = r->errors;
		struct cl_diag err;
		char buf[CL_DIAG_LINE_MAX];

		memset(&err, 0, sizeof(err));
		if (dw_frontend_read(fe, files[i], &err)) {
			if (cfg.progress)
				fputc('\n', stderr);
			cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
			r->errors++;
		} else if (dw_frontend_stats(fe)->split_no_lines > no_lines) {
			/* once per file, rather than an empty position per finding */
			if (cfg.progress)
				fputc('\n', stderr);
			cl_note("%s: a split-DWARF .dwo without .debug_line.dwo: the files its declarations name are listed in its skeleton object's line table, so what it reports has no file:line (GCC's .dwo files carry the list)",
				 files[i]);
		}
		/* a file with an error, its own or in its annotations, failed */
		failed += r->errors > errors;
	}
	if (cfg.progress)
		fputc('\n', stderr);
	r->stats = *dw_frontend_stats(fe);
	/* clang writes no DW_AT_decl_column: the columns, as the plugin prints them */
	dw_fix_columns(&r->pipe.findings);
	/* the records live in the front end's arena until the run is freed */
	r->fe = fe;
	return failed;
}
