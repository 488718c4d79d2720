// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_import.c - libFuzzer target for the importers (core/import/)
 *
 * Every input goes through every parser, by event name and with --loads
 * (perf-profile: a comparison's base side), so the fixtures of
 * testsuite/import/Inputs seed all of them; perf-script and perf-profile
 * join through a map of one line.
 * Besides memory errors and undefined behaviour, these are bugs:
 *   - a failed parse without a message, or one that changed the import;
 *   - an import with members whose profile the loader refuses: what
 *     `cachelint import` writes must always load.
 */
#define _GNU_SOURCE	/* open_memstream */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "access_map/access_map.h"
#include "profile/access_profile.h"
#include "import/import.h"

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "fuzz_import: %s:%d: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			abort();					\
		}							\
	} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * perf-script and perf-profile through a map of one line, which samples at
 * pc.c:35 or in function charge join to (--loads: a comparison's base side).
 */
/*
 * The access map the joined importers read: the import keeps its names,
 * as the command keeps its map until the profile is written.
 */
static struct cl_access_map map;

static int parse_joined(struct cl_import *imp, int kind, const char *text, size_t size,
			enum cl_events ev, struct cl_diag *err)
{
	struct cl_access_line l = { .file = "/src/pc.c", .line = 35, .column = 3,
				    .function = "charge", .record = "page_counter",
				    .member = "usage.counter", .offset = 0, .size = 8,
				    .kind = CL_ACCESS_RMW };
	struct cl_c2c unres = { 0 };
	int rc;

	cl_access_map_add(&map, &l);
	if (kind == CL_IMPORT_PERF_SCRIPT)
		rc = cl_import_perf_script(imp, "fuzz.txt", text, size, &map, NULL, &unres, err);
	else
		rc = cl_import_perf_profile(imp, "fuzz.txt", text, size, &map,
					    ev == CL_EVENTS_LOADS ? CL_SIDE_BASE : CL_SIDE_ONE,
					    &unres, err);
	cl_c2c_free(&unres);
	return rc;
}

static int parse(struct cl_import *imp, int kind, const char *text, size_t size,
		 enum cl_events ev, struct cl_diag *err)
{
	switch (kind) {
	case CL_IMPORT_PERF_TYPEOFF:
		return cl_import_perf_typeoff(imp, "fuzz.txt", text, size, ev, err);
	case CL_IMPORT_PERF_ANNOTATE:
		return cl_import_perf_annotate(imp, "fuzz.txt", text, size, ev, err);
	case CL_IMPORT_PERF_SCRIPT:
	case CL_IMPORT_PERF_PROFILE:
		return parse_joined(imp, kind, text, size, ev, err);
	default:
		return cl_import_net_cachelines(imp, "fuzz.txt", text, size,
						ev == CL_EVENTS_LOADS ? "given" : NULL, err);
	}
}

/* What the import writes loads as a profile, with every member. */
static void check_written(const struct cl_import *imp, int kind)
{
	char *out = NULL;
	size_t len = 0, members = 0;
	FILE *f = open_memstream(&out, &len);
	struct cl_profile p;
	struct cl_diag err;

	CHECK(f);
	CHECK(cl_import_write(f, imp, (enum cl_import_kind)kind) == 0);
	fclose(f);
	cl_profile_init(&p);
	if (cl_profile_load_buffer(&p, "written.yaml", out, len, &err)) {
		fprintf(stderr, "%u:%u: %s\n%s", err.line, err.col, err.msg, out);
		CHECK(!"the written profile loads");
	}
	for (size_t i = 0; i < p.nstructs; i++)
		members += p.structs[i].nmembers;
	CHECK(members == cl_import_count(imp));
	cl_profile_free(&p);
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum cl_events events[] = { CL_EVENTS_BY_NAME, CL_EVENTS_LOADS };
	const char *text = (const char *)data;

	for (int kind = 0; kind < CL_IMPORT_KIND_COUNT; kind++) {
		for (size_t e = 0; e < 2; e++) {
			struct cl_import imp;
			struct cl_diag err;

			cl_import_init(&imp);
			cl_access_map_init(&map, NULL);
			memset(&err, 0, sizeof(err));
			if (parse(&imp, kind, text, size, events[e], &err)) {
				CHECK(err.msg[0]);
				CHECK(cl_import_count(&imp) == 0 && imp.said.nsources == 0 &&
				      imp.said.nnotes == 0);
			} else if (cl_import_count(&imp)) {
				check_written(&imp, kind);
			}
			cl_import_free(&imp);
			cl_access_map_free(&map);
		}
	}
	return 0;
}
