/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_run.h - what `cachelint dwarf` and `cachelint layout` share: the
 * DWARF front end over the input files, feeding core's pipeline, with
 * progress on a terminal
 */
#ifndef CACHELINT_DWARF_RUN_H
#define CACHELINT_DWARF_RUN_H

#include <stdio.h>

#include "cli.h"
#include "dwarf_frontend.h"
#include "pipeline.h"

/**
 * struct cli_dwarf_run - one run of the DWARF front end for a subcommand
 * @c: the common options
 * @profile: the loaded --profile files
 * @pipe: profiles, analysis, proposals and output (core)
 * @errors: errors printed: inputs that failed, and errors in annotations
 * @stats: the front end's counts at the end
 * @fe: the front end, which owns the records
 * @jobs: threads reading units ahead (-j); 0 or 1: none
 * @reference: --reader libdwarf
 * @system_too: analyse the structs of system headers as well (a layout
 *              asked for by name, a dump of every layout)
 */
struct cli_dwarf_run {
	struct cli_common *c;
	struct cl_profile profile;
	struct cl_pipeline pipe;
	size_t errors;
	struct dw_stats stats;
	struct dw_frontend *fe;
	unsigned jobs;
	bool reference;
	bool system_too;
};

/* Load the profiles and set up the pipeline; 0, or -1 after printing the error. */
int cli_dwarf_run_init(struct cli_dwarf_run *r, struct cli_common *c);
void cli_dwarf_run_free(struct cli_dwarf_run *r);
/*
 * Read @files (printing an error naming each one that fails), converting
 * every record with @all, only records named @only when it is not NULL,
 * spelling types for layout views when @types; then give the reported
 * fields the columns that DWARF lacks (dwarf_columns.h), for every
 * subcommand alike.  Returns the number of inputs that could not be
 * analysed: that failed, or whose annotations have errors (the units read
 * before the error are analysed and reported).
 */
size_t cli_dwarf_run_files(struct cli_dwarf_run *r, char *const *files, int nfiles,
			   bool all, const char *only, bool types);

#endif /* CACHELINT_DWARF_RUN_H */
