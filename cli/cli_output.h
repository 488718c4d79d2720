/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli_output.h - how an analysing subcommand (lint, dwarf) reports: the
 * --format emitters, --baseline / --write-baseline, --output, and the exit
 * status under --fail-on
 */
#ifndef CACHELINT_CLI_OUTPUT_H
#define CACHELINT_CLI_OUTPUT_H

#include "cli.h"
#include "emit.h"

/**
 * struct cli_output - where and how findings go
 * @output: --output FILE (written atomically), NULL for stdout
 * @source_root: --source-root DIR, NULL for none
 * @write_baseline: --write-baseline FILE, NULL for none
 * @source: the input named in the YAML report, NULL when there are several
 * @profile: the profiles applied, NULL for none (for the profile notes)
 * @patch_out: --patch-out FILE: the proposals as a unified diff, NULL for none
 * @proposals: proposals (--propose), from cli_propose()
 * @nproposals: number of @proposals
 * @sources: source files read for the proposals' rewrites (NULL: unreadable)
 * @source_paths: their paths
 * @nsources: number of @sources
 */
struct cli_output {
	const char *output;
	const char *source_root;
	const char *write_baseline;
	const char *source;
	const struct cl_profile *profile;
	const char *patch_out;
	struct cl_report_proposal *proposals;
	size_t nproposals;
	struct cl_source_text **sources;
	const char **source_paths;
	size_t nsources, sources_cap, source_paths_cap;
};

/*
 * With --propose: a proposal for every record of @records that has a
 * cachelint-false-sharing or cachelint-write-groups finding in @f, with the
 * rewrite of its source when the source can be read (for --patch-out and
 * SARIF fixes).  Memory in @a; the array in @o is freed by cli_output_free().
 */
void cli_propose(const struct cli_common *c, struct cli_output *o, const struct cl_findings *f,
		 const struct cl_record *const *records, size_t nrecords, struct cl_arena *a);
void cli_output_free(struct cli_output *o);

/*
 * Report @f: write --write-baseline (every finding), drop the findings of
 * --baseline, print the rest in --format to --output or stdout.  Returns
 * the exit status: 2 when a file cannot be read or written (message
 * printed), 0 after --write-baseline, else cli_exit_status().
 */
int cli_report(const struct cli_common *c, const struct cli_output *o, struct cl_findings *f,
	       const struct cl_record *const *records, size_t nrecords);

#endif /* CACHELINT_CLI_OUTPUT_H */
