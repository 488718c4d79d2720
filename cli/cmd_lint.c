// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_lint.c - `cachelint lint`: the false-sharing check as a lint step,
 * with libclang instead of a compiler plugin
 *
 *   cachelint lint [options] FILE… [-- compiler flags]
 *   cachelint lint [options] -p BUILD_DIR [FILE…]
 *
 * Each translation unit is parsed (in parallel with -j), its records are
 * converted to the core model, and the results are merged in input order,
 * so the output is the same for every -j.  A struct defined in a header
 * that many units include is analysed and reported once: records are
 * deduplicated by where they are defined and by their layout.  The text
 * output is the GCC plugin's, line for line; --format json, sarif, github
 * and yaml serve CI.
 */
#include "cli.h"

#include "infer/infer.h"
#include "cli_output.h"
#include "compdb.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cl_version.h"
#include "infer/infer.h"

enum {
	OPT_BUILD_DIR = CLI_OPT_OUTPUT_FIRST_FREE,
	OPT_JOBS,
	OPT_PATCH_OUT,
	OPT_ACCESS_MAP,
	OPT_NO_INFER,
};

static const char usage_text[] =
	"Usage: cachelint lint [options] FILE... [-- compiler flags]\n"
	"       cachelint lint [options] -p BUILD_DIR [FILE...]\n"
	"Check the structs of C sources for false sharing with libclang: read-mostly\n"
	"and write-hot fields (annotations, macro names, profiles) on one cache line.\n"
	"Example: cachelint lint src/pc.c -- -Iinclude\n"
	"         cachelint lint -p build --format sarif -o cachelint.sarif\n"
	"\n"
	"Options:\n"
	"  -p, --build-dir DIR     translation units of DIR/compile_commands.json (only\n"
	"                          the FILEs given, if any)\n"
	"  -j, --jobs N            parse N translation units in parallel (the CPUs\n"
	"                          available); the output is the same for every N\n"
	"  --patch-out FILE        with --propose: write the proposed reorderings as a\n"
	"                          unified diff that `patch -p1` applies from the\n"
	"                          source root (or the working directory); each edits\n"
	"                          the file that declares the struct, which must be\n"
	"                          below that folder (a header outside it is an error:\n"
	"                          pass --source-root with a folder above it)\n"
	"  --access-map FILE       write every member access the units' functions make\n"
	"                          (file, line, column, function, struct, member,\n"
	"                          offset, size, read or write) to FILE; FILE ending\n"
	"                          in '/' is a directory: one DIR/<source>.cachelint.map\n"
	"                          per unit\n"
	"  --no-infer              no static tier: a struct that no annotation and no\n"
	"                          profile entry describes is not judged (by default\n"
	"                          its classes are inferred from what the units' code\n"
	"                          does to it: docs/inference.md)\n"
	"With --propose, each struct's first finding gets a note with its proposed\n"
	"reordering (or why none is offered), JSON a \"proposals\" list, SARIF \"fixes\".\n"
	"Structs cast to each other's pointer types (twins) get no patch.\n";

/**
 * struct lint_run - one `cachelint lint`
 * @common: the common options
 * @out: output options
 * @build_dir: -p
 * @jobs: -j
 * @files: FILE arguments
 * @nfiles: number of @files
 * @flags: compiler flags after --
 * @nflags: number of @flags
 * @access_map: --access-map FILE or DIR/
 * @no_infer: --no-infer
 */
struct lint_run {
	struct cli_common common;
	struct cli_output out;
	const char *build_dir;
	unsigned jobs;
	char **files;
	size_t nfiles;
	char **flags;
	size_t nflags;
	const char *access_map;
	bool no_infer;
};

/* The units, parsed by the workers, merged by the main thread in order. */
struct work {
	const struct lint_jobs *jobs;
	const struct lint_fe_options *fe;
	struct lint_tu *results;
	bool *done;
	size_t next;
	pthread_mutex_t lock;
	pthread_cond_t cond;
};

static void *worker(void *data)
{
	struct work *w = data;
	CXIndex idx = clang_createIndex(0, 0);

	for (;;) {
		size_t i;

		pthread_mutex_lock(&w->lock);
		i = w->next++;
		pthread_mutex_unlock(&w->lock);
		if (i >= w->jobs->n)
			break;
		lint_parse(idx, &w->jobs->v[i], w->fe, &w->results[i]);
		pthread_mutex_lock(&w->lock);
		w->done[i] = true;
		pthread_cond_broadcast(&w->cond);
		pthread_mutex_unlock(&w->lock);
	}
	clang_disposeIndex(idx);
	return NULL;
}

static void wait_for(struct work *w, size_t i)
{
	pthread_mutex_lock(&w->lock);
	while (!w->done[i])
		pthread_cond_wait(&w->cond, &w->lock);
	pthread_mutex_unlock(&w->lock);
}

/**
 * struct merge - the units' results, merged in input order
 * @pipe: core's pipeline: profiles, dedup, analysis, proposals
 * @seen_notes: the front end's notes printed (a header's, once for every unit)
 * @failed: units that could not be analysed
 * @structs: records met (progress)
 * @map_path: --access-map
 * @map: with --access-map FILE, the units' accesses, merged
 * @map_failed: an access map could not be written
 * @seen: named records the units define, described or not
 * @variables: variables with evidence (__per_thread, objects:)
 * @infer_map: for the static tier, every unit's accesses
 * @inferred: the records nothing describes, for the static tier
 * @ninferred: how many
 * @inferred_cap: allocated
 */
struct merge {
	struct cl_pipeline pipe;
	struct cl_strset seen_notes;
	size_t failed;
	size_t structs;
	const char *map_path;
	struct cl_access_map map;
	bool map_failed;
	size_t seen, variables;
	struct cl_access_map infer_map;
	struct lint_record *inferred;
	size_t ninferred, inferred_cap;
};

/* A unit's accesses, for the static tier over every unit. */
static void merge_infer(struct merge *m, const struct lint_tu *tu)
{
	if (!tu->access)
		return;
	for (size_t i = 0; i < tu->access->n; i++)
		cl_access_map_add(&m->infer_map, &tu->access->v[i]);
	for (size_t i = 0; i < tu->access->nembeds; i++)
		cl_access_map_embed(&m->infer_map, &tu->access->embeds[i]);
}

/*
 * A unit's access map: its own file below DIR/, or its lines into the
 * one FILE, written at the end.  A unit that failed has none.
 */
static void merge_access(struct merge *m, const struct lint_job *job, struct lint_tu *tu)
{
	char *file;

	if (!m->map_path || !tu->access)
		return;
	if (m->map_path[strlen(m->map_path) - 1] != '/') {
		for (size_t i = 0; i < tu->access->n; i++)
			cl_access_map_add(&m->map, &tu->access->v[i]);
		for (size_t i = 0; i < tu->access->nembeds; i++)
			cl_access_map_embed(&m->map, &tu->access->embeds[i]);
		return;
	}
	file = cl_access_map_unit_path(m->map_path, job->file);
	if (!file) {
		cl_error("cannot make access map directory '%s': %s", m->map_path, strerror(errno));
		m->map_failed = true;
	} else if (cl_access_map_save(tu->access, file)) {
		cl_error("cannot write access map '%s': %s", file, strerror(errno));
		m->map_failed = true;
	}
	free(file);
}

static void merge_unit(struct merge *m, const struct lint_job *job, struct lint_tu *tu)
{
	if (tu->errors) {
		fputs(tu->errors, stderr);
		m->failed++;
		return;
	}
	merge_access(m, job, tu);
	merge_infer(m, tu);
	m->seen += tu->seen;
	/* a header's note, once for all the units that include it */
	for (char *line = tu->notes, *end; line && *line; line = end + 1) {
		end = strchr(line, '\n');
		*end = '\0';
		if (!cl_strset_add(&m->seen_notes, line))
			fprintf(stderr, "%s\n", line);
	}
	for (size_t i = 0; i < tu->nsystem_names; i++)
		cl_pipeline_add_system(&m->pipe, tu->system_names[i]);
	for (size_t i = 0; i < tu->nrecords; i++) {
		if (tu->records[i].var) {
			m->variables++;
			cl_pipeline_add_variable(&m->pipe, tu->records[i].var);
			continue;
		}
		m->structs++;
		if (tu->records[i].inferred)
			*(struct lint_record *)cl_vec_push(&m->inferred, &m->ninferred,
							   &m->inferred_cap) = tu->records[i];
		else
			cl_pipeline_add(&m->pipe, tu->records[i].rec, tu->records[i].key);
	}
	/* a twin takes the patch of a proposal made for an earlier unit too */
	for (size_t i = 0; i < tu->ntwins; i++)
		cl_pipeline_twin(&m->pipe, &tu->twins[i]);
}

static bool inferred_named(void *data, const char *record)
{
	return cl_strset_has(data, record);
}

/*
 * The static tier, once every unit is in: what all their code does to the
 * records nothing describes, as a profile of their classes loaded into
 * @prof (no worker reads it any more), and the records it describes to
 * the pipeline.  Their findings come after the others'.
 */
static int infer_records(struct merge *m, struct cl_profile *prof)
{
	struct cl_infer_config cfg = { 0 };
	struct cl_infer_result res;
	struct cl_strset names;
	struct cl_diag err;
	char *text = NULL, buf[CL_DIAG_LINE_MAX], cwd[4096];
	size_t len = 0;
	FILE *f;
	int rc = 0;

	if (!m->ninferred || !m->infer_map.n)
		return 0;
	cl_strset_init(&names);
	for (size_t i = 0; i < m->ninferred; i++)
		cl_strset_add(&names, m->inferred[i].rec->name);
	cfg.dir = getcwd(cwd, sizeof(cwd));
	cfg.line_size = m->pipe.cfg.opt.line_size;
	cfg.only = inferred_named;
	cfg.only_data = &names;
	f = open_memstream(&text, &len);
	if (!f || cl_infer_write(&m->infer_map, &cfg, f, &res) | fclose(f)) {
		cl_error("lint: cannot infer: %s", strerror(errno));
		rc = -1;
	} else if (res.structs &&
		   cl_profile_load_buffer(prof, "<inferred from the code>", text, len, &err)) {
		cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
		rc = -1;
	} else if (res.structs) {
		m->pipe.cfg.profile = prof;
		for (size_t i = 0; i < m->ninferred; i++)
			if (cl_profile_find(prof, m->inferred[i].rec->name))
				cl_pipeline_add(&m->pipe, m->inferred[i].rec, m->inferred[i].key);
	}
	free(text);
	cl_strset_free(&names);
	return rc;
}

/* A run that judged nothing says so, in one line: silence would say all is well. */
static void judged_nothing(const struct lint_run *r, const struct merge *m)
{
	if (r->common.quiet || m->pipe.nrecords || m->variables || !m->seen)
		return;
	fprintf(stderr, "cachelint: lint: %zu struct%s seen, none with evidence (no annotation, "
		"no profile entry%s)\n", m->seen, m->seen == 1 ? "" : "s",
		r->no_infer ? "; --no-infer" : ", nothing the code implies");
}

static void progress(const struct lint_run *r, size_t done, size_t total, size_t structs)
{
	if (!cli_progress_wanted(&r->common))
		return;
	fprintf(stderr, "\rcachelint: lint: %zu/%zu files, %zu structs", done, total, structs);
	if (done == total)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

/*
 * Parse every unit and merge the results in order.  The units' arenas hold
 * the models that the findings point into: *results is freed by the caller
 * after the output.
 */
static void run_units(struct lint_run *r, const struct lint_jobs *jobs, struct cl_profile *prof,
		      struct merge *m, struct lint_tu **results)
{
	struct lint_fe_options fe = { r->out.dump, prof, !r->common.opt.no_cacheline_groups,
				      r->access_map != NULL, r->common.propose, !r->no_infer };
	struct work w = { jobs, &fe, NULL, NULL, 0, PTHREAD_MUTEX_INITIALIZER,
			  PTHREAD_COND_INITIALIZER };
	unsigned nthreads = r->jobs < jobs->n ? r->jobs : (unsigned)jobs->n;
	pthread_t threads[CLI_JOBS_MAX];
	unsigned started = 0;

	w.results = cl_xmalloc(jobs->n * sizeof(*w.results));
	w.done = cl_xmalloc(jobs->n * sizeof(*w.done));
	memset(w.done, 0, jobs->n * sizeof(*w.done));
	for (unsigned t = 0; t < nthreads; t++) {
		if (pthread_create(&threads[t], NULL, worker, &w))
			break;
		started++;
	}
	if (!started)
		worker(&w);	/* no threads to be had: do it here */
	for (size_t i = 0; i < jobs->n; i++) {
		wait_for(&w, i);
		merge_unit(m, &jobs->v[i], &w.results[i]);
		free(w.results[i].records);
		w.results[i].records = NULL;
		progress(r, i + 1, jobs->n, m->structs);
	}
	for (unsigned t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	free(w.done);
	*results = w.results;
}

static void usage(FILE *out)
{
	fputs(usage_text, out);
	fputs(cli_output_help, out);
	fputs(cli_common_help, out);
}

static int lint_option(struct lint_run *r, int opt, const char *arg)
{
	switch (opt) {
	case 'p':
	case OPT_BUILD_DIR:
		r->build_dir = arg;
		return 0;
	case 'j':
	case OPT_JOBS:
		return cli_parse_jobs("lint", arg, &r->jobs);
	case OPT_PATCH_OUT:
		r->out.patch_out = arg;
		return 0;
	case OPT_ACCESS_MAP:
		r->access_map = arg;
		return 0;
	case OPT_NO_INFER:
		r->no_infer = true;
		return 0;
	default:
		return -1;
	}
}

/*
 * Options, FILEs, then after "--" the compiler flags (never parsed as ours).
 * Returns -1 to exit 2, 1 for --help/--version (done), 0 to run.
 */
static int parse_args(struct lint_run *r, int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_COMMON_LONG_OPTIONS,
		CLI_LONG_ARG("build-dir", OPT_BUILD_DIR),
		CLI_OUTPUT_LONG_OPTIONS,
		CLI_LONG_ARG("jobs", OPT_JOBS),
		CLI_LONG_ARG("patch-out", OPT_PATCH_OUT),
		CLI_LONG_ARG("access-map", OPT_ACCESS_MAP),
		CLI_LONG_FLAG("no-infer", OPT_NO_INFER),
		{ NULL, 0, NULL, 0 },
	};
	int nopts = argc, opt, rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			nopts = i;
			r->flags = argv + i + 1;
			r->nflags = (size_t)(argc - i - 1);
			break;
		}
	}
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(nopts, argv, ":p:j:o:", longopts, NULL)) != -1) {
		if (opt == CLI_OPT_HELP) {
			usage(stdout);
			return 1;
		}
		if (opt == CLI_OPT_VERSION) {
			cli_print_version("lint");
			return 1;
		}
		if (opt == '?' || opt == ':') {
			cl_error(opt == ':' ? "option '%s' needs a value (cachelint lint --help)" :
					       "unknown option '%s' (cachelint lint --help)",
				  argv[optind - 1]);
			return -1;
		}
		rc = cli_common_option(&r->common, opt, optarg);
		if (rc < 0)
			return -1;
		if (rc == 0 && !cli_output_option(&r->out, opt, optarg) &&
		    lint_option(r, opt, optarg))
			return -1;
	}
	r->files = argv + optind;
	r->nfiles = (size_t)(nopts - optind);
	if (r->access_map && !*r->access_map) {
		cl_error("--access-map needs a file or a directory (DIR/)");
		return -1;
	}
	if (r->out.patch_out && !r->common.propose) {
		cl_error("--patch-out writes the proposals: it needs --propose");
		return -1;
	}
	if (!r->build_dir && !r->nfiles) {
		cl_error("no input files (cachelint lint FILE... [-- flags], or -p BUILD_DIR)");
		return -1;
	}
	if (r->build_dir && r->nflags) {
		cl_error("compiler flags after '--' do not go with -p: the compile database has them");
		return -1;
	}
	return 0;
}

static int lint(struct lint_run *r)
{
	struct cl_pipeline_config cfg;
	struct lint_jobs jobs;
	struct cl_profile prof;
	struct merge m;
	struct lint_tu *results = NULL;
	int rc = EXIT_USAGE;

	lint_jobs_init(&jobs);
	cl_profile_init(&prof);
	memset(&m, 0, sizeof(m));
	cl_strset_init(&m.seen_notes);
	m.map_path = r->access_map;
	cl_access_map_init(&m.map, NULL);
	cl_access_map_init(&m.infer_map, NULL);
	if (cli_load_profiles(&r->common, &prof))
		goto out_profile;
	cli_pipeline_config(&r->common, &prof, &cfg);
	cl_pipeline_init(&m.pipe, &cfg);
	if (r->build_dir) {
		struct cl_diag err;

		if (lint_jobs_from_compdb(&jobs, r->build_dir, r->files, r->nfiles, &err)) {
			cl_diag_print(&err);
			goto out;
		}
	} else {
		lint_jobs_from_files(&jobs, r->files, r->nfiles, r->flags, r->nflags);
	}
	run_units(r, &jobs, &prof, &m, &results);
	if (infer_records(&m, &prof))
		goto out;
	judged_nothing(r, &m);
	lint_flags_note();
	lint_flags_fini();
	r->out.source = jobs.n == 1 ? jobs.v[0].file : NULL;
	rc = cli_report_units(&r->common, &r->out, &m.pipe, m.failed, jobs.n);
	if (m.map_path && m.map_path[strlen(m.map_path) - 1] != '/' &&
	    cl_access_map_save(&m.map, m.map_path)) {
		cl_error("cannot write access map '%s': %s", m.map_path, strerror(errno));
		m.map_failed = true;
	}
	if (m.map_failed)
		rc = EXIT_USAGE;
out:
	cl_pipeline_free(&m.pipe);
out_profile:
	for (size_t i = 0; results && i < jobs.n; i++)
		lint_tu_free(&results[i]);
	free(results);
	cl_strset_free(&m.seen_notes);
	cl_access_map_free(&m.map);
	cl_access_map_free(&m.infer_map);
	free(m.inferred);
	cl_profile_free(&prof);
	lint_jobs_free(&jobs);
	return rc;
}

static int run(int argc, char **argv)
{
	struct lint_run r;
	int rc;

	memset(&r, 0, sizeof(r));
	cli_common_init(&r.common);
	r.jobs = cli_jobs_default();
	rc = parse_args(&r, argc, argv);
	if (rc == 0)
		rc = lint(&r);
	else
		rc = rc > 0 ? EXIT_SUCCESS : EXIT_USAGE;
	cli_common_free(&r.common);
	return rc;
}

const struct cl_command cl_cmd_lint = {
	"lint", "check C sources with libclang (files or a compile database)", run,
};
