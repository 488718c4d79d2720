/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * infer.h - the static tier: classes inferred from what the code does to
 * each member, as the access map records it (docs/inference.md)
 *
 * With no annotation and no profile entry for a struct, the code still
 * says a great deal: `usage` is updated atomically in
 * page_counter_try_charge, `parent` is written only in page_counter_init
 * and read in every charge loop.  This reads a unit's or a build's access
 * map lines — their kind, their static sharing facts (atomic, lock,
 * locked, cold, fresh) and the threads that run their functions — and
 * writes what it infers as a profile with `evidence: static`, each entry
 * naming the sites it was inferred from.  The plugin and the lint load it
 * for the structs nothing else describes; `cachelint infer` writes it for
 * a whole build, ranked.
 */
#ifndef CACHELINT_INFER_H
#define CACHELINT_INFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "access_map/access_map.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cl_profile;

/**
 * struct cl_infer_config - how the inferred profile is written
 * @dir: file names under it are written relative to it (NULL: absolute)
 * @hot: a measured profile (perf samples, an instrumented run) whose
 *	counts rank the structs it names first, or NULL
 * @line_size: the cache line the ranking places members on (64)
 * @only: a predicate: infer only for the structs it says yes to (NULL: all)
 * @only_data: its argument
 */
struct cl_infer_config {
	const char *dir;
	const struct cl_profile *hot;
	unsigned line_size;
	bool (*only)(void *data, const char *record);
	void *only_data;
};

/**
 * struct cl_infer_result - what was written
 * @structs: structs with an entry
 * @write_shared: members inferred write-shared
 * @read_mostly: members inferred read-mostly
 */
struct cl_infer_result {
	size_t structs, write_shared, read_mostly;
};

/*
 * Whether @function is one that sets an object up or tears it down (an
 * initializer, an allocator, a setter of limits, a constructor): a write
 * there does not make a member hot.  By the words of its name
 * (page_counter_init, alloc_mem_cgroup_per_node_info, page_counter_set_max,
 * A::A, A::~A).
 */
bool cl_infer_setup_function(const char *function);

/*
 * @facts (CL_FACT_*) with CL_FACT_SETUP added when an access with them in
 * @function is setup: always in an initializer or a teardown; in an
 * allocator, a setter or a free (the weaker words) only when no lock is
 * involved, for one that locks carves a shared pool (vb_alloc); never by
 * a word of a function that works on flags or bits (set_bit).  The
 * plugin and the lint both mark their maps with it.
 */
unsigned cl_infer_setup_facts(const char *function, unsigned facts);

/*
 * Whether @function reports (a show or print function, a dump, a debug
 * file, a control file's read handler): its reads are once per request,
 * no hot path's (bdi_debug_stats_show, mem_cgroup_read_u64).
 */
bool cl_infer_report_function(const char *function);

/*
 * Infer from the lines of @m (not changed) and write the profile to @out.
 * 0, or -1 when @out fails.  A map that shows nothing to infer writes a
 * profile with no structs.
 */
int cl_infer_write(const struct cl_access_map *m, const struct cl_infer_config *cfg,
		   FILE *out, struct cl_infer_result *res);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_INFER_H */
