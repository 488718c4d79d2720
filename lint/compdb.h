/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compdb.h - translation units from a compile database
 * (BUILD_DIR/compile_commands.json, read with libclang's own reader)
 */
#ifndef CACHELINT_COMPDB_H
#define CACHELINT_COMPDB_H

#include "clang_frontend.h"

/**
 * struct lint_jobs - the units to parse, in order
 * @v: the jobs; their strings live in @arena
 * @n: number of @v
 * @cap: allocated @v
 * @arena: owns everything
 */
struct lint_jobs {
	struct lint_job *v;
	size_t n, cap;
	struct cl_arena arena;
};

void lint_jobs_init(struct lint_jobs *j);
void lint_jobs_free(struct lint_jobs *j);
/* One job per FILE, all with the same flags. */
void lint_jobs_from_files(struct lint_jobs *j, char **files, size_t nfiles, char **flags,
			  size_t nflags);
/*
 * The entries of BUILD_DIR/compile_commands.json, or only those for
 * @files when @nfiles is not 0.  0, or -1 with @err.
 */
int lint_jobs_from_compdb(struct lint_jobs *j, const char *dir, char **files, size_t nfiles,
			  struct cl_diag *err);

#endif /* CACHELINT_COMPDB_H */
