// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_dwarf.c - libFuzzer target: mutated ELF/DWARF files through the
 * DWARF front end, the analysis, the dump, the layout view and the proposal
 *
 * Each input is written to a memfd and read by path, exactly as
 * `cachelint dwarf` reads a file, twice: as `cachelint layout` reads it
 * (types spelled, libdwarf alone) and as `cachelint dwarf -j 2 --dump-layout`
 * does (structural keys read from the sections in place, for linked
 * files, by two threads ahead of the walk).  Errors are fine; crashes, sanitizer reports and leaks are not.
 * Built and run by run.sh (clang -fsanitize=fuzzer,address,undefined).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dwarf_frontend.h"
#include "propose/propose.h"
#include "emit/view.h"

static FILE *sink;

struct run {
	struct cl_options opt;
	struct cl_findings findings;
};

static void on_record(void *data, struct cl_record *rec)
{
	struct run *r = data;
	struct cl_view_options vo = { .opt = &r->opt, .findings = &r->findings };
	struct cl_proposal p;
	struct cl_arena a;

	cl_record_dump(sink, rec);
	cl_analyze(rec, &r->opt, &r->findings);
	cl_view(sink, rec, &vo);
	cl_arena_init(&a);
	if (!cl_propose(rec, &r->opt, &a, &p)) {
		vo.proposal = &p;
		cl_view(sink, rec, &vo);
	}
	cl_arena_free(&a);
}

static void on_error(void *data, const struct cl_diag *d)
{
	(void)data;
	(void)d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One pass of the front end over the file at @path. */
static void read_once(const char *path, bool types)
{
	struct cl_arena arena;
	struct run r;
	struct dw_config cfg = {
		.all = true,
		.types = types,
		.record = on_record,
		.error = on_error,
		.data = &r,
		.track_allocations = true,
		/* the units of a linked file prepared by threads (dwarf_ahead.c) */
		.jobs = types ? 1 : 2,
	};
	struct dw_frontend *fe;
	struct cl_diag err;

	cl_arena_init(&arena);
	cl_options_init(&r.opt);
	cl_findings_init(&r.findings, &arena);
	fe = dw_frontend_new(&cfg);
	memset(&err, 0, sizeof(err));
	dw_frontend_read(fe, path, &err);
	dw_frontend_free(fe);
	cl_findings_free(&r.findings);
	cl_arena_free(&arena);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd;

	if (!sink)
		sink = fopen("/dev/null", "w");
	fd = memfd_create("fuzz", 0);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	read_once(path, true);
	read_once(path, false);
	close(fd);
	return 0;
}
