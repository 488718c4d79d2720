/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_run.h - what `cachelint dwarf` and `cachelint layout` share: the
 * DWARF front end over the input files, with profiles, analysis and
 * progress
 */
#ifndef CACHELINT_DWARF_RUN_H
#define CACHELINT_DWARF_RUN_H

#include <stdio.h>

#include "cli.h"
#include "dwarf_frontend.h"

/**
 * struct dw_run - one run of the DWARF front end for a subcommand
 * @c: the common options
 * @profile: the loaded --profile files
 * @arena: findings' text
 * @findings: profile findings and, with @analyse, the analysis' findings,
 *            record by record in the order the records were met
 * @records: the distinct records, in order
 * @nrecords: number of @records
 * @cap: allocated @records
 * @analyse: run cl_analyze() on every record
 * @all: every distinct layout, also those no annotation or profile reaches
 * @errors: inputs that failed, plus errors in annotations
 * @stats: the front end's counts at the end
 * @fe: the front end, which owns the records
 */
struct dw_run {
	struct cli_common *c;
	struct cl_profile profile;
	struct cl_arena arena;
	struct cl_findings findings;
	struct cl_record **records;
	size_t nrecords, cap;
	bool analyse;
	bool all;
	size_t errors;
	struct dw_stats stats;
	struct dw_frontend *fe;
};

/* Load the profiles; 0, or -1 after printing the error. */
int dw_run_init(struct dw_run *r, struct cli_common *c);
void dw_run_free(struct dw_run *r);
/*
 * Read @files (printing an error naming each one that fails), converting
 * only records named @only when it is not NULL, spelling types for layout
 * views when @types.  Returns the number of failed inputs.
 */
size_t dw_run_files(struct dw_run *r, char *const *files, int nfiles, const char *only,
		       bool types);
/* cachelint-profile findings for profile structs that no input defined. */
void dw_run_undefined_profile_structs(struct dw_run *r);

struct cl_proposal;

/* Whether @rec has a finding that a proposal can remove (classes on a line). */
bool dw_run_has_conflict(const struct dw_run *r, const struct cl_record *rec);
/*
 * "order: parent, min, usage; 'usage' aligned to 64 bytes; 40 -> 128 bytes,
 * 1 -> 2 cache lines"
 */
const char *dw_proposal_summary(const struct cl_proposal *p, struct cl_arena *a);

#endif /* CACHELINT_DWARF_RUN_H */
