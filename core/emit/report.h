/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.h - machine-readable output of findings
 */
#ifndef CACHELINT_REPORT_H
#define CACHELINT_REPORT_H

#include <stdio.h>

#include "analysis.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cl_proposal;
struct cl_rewrite;

/**
 * struct cl_report_proposal - a record's proposal, for the report
 * @rec: the record
 * @p: the proposal, NULL when there is none
 * @reason: why no patch is offered, NULL when one is
 * @rw: the rewritten body, when there is one
 * @src: the lines of the file @rw rewrites
 * @remains: the fields of the record that are truly shared (several
 *           writers: cachelint-true-sharing), whose own traffic no layout
 *           removes, "'usage'"; NULL when there is none
 * @key: where the record is defined, as the front end gave it to
 *       cl_pipeline_add() (NULL when it gave none): what names it in a twin
 * @twinned: a twin (struct cl_twin) took its patch away
 * @unshown: the rewrite a front end could not show as fix-its (too many
 *           changed lines, a file with no columns), @rw being NULL and
 *           @reason saying why: the layout is sound, so the report still
 *           gives it as the edit `cachelint patch` writes
 */
struct cl_report_proposal {
	const struct cl_record *rec;
	const char *key;
	bool twinned;
	const struct cl_proposal *p;
	const char *reason;
	const struct cl_rewrite *rw;
	const struct cl_source_text *src;
	const char *remains;
	const struct cl_rewrite *unshown;
};

/*
 * The note every front end prints with a struct's first finding:
 * "proposed reordering of 'struct page_counter': 'usage' aligned to a new
 * line; 112 -> 128 bytes, 2 -> 2 cache lines", or "no patch is offered for
 * 'struct x': <why>".
 */
const char *cl_proposal_summary(const struct cl_report_proposal *rp, const char *record_name,
				struct cl_arena *a);

/*
 * "order: parent, min, usage; 'usage' aligned to 64 bytes; 40 -> 128 bytes,
 * 1 -> 2 cache lines": a proposal without a rewrite, in words.
 */
const char *cl_proposal_order(const struct cl_proposal *p, struct cl_arena *a);

/*
 * For a struct with the kernel's cacheline groups: the lines of its assert
 * function that keep the proposed layout checked by the kernel's own build
 * ("\tCACHELINE_ASSERT_GROUP_MEMBER(struct tcp_sock, tcp_sock_read_tx,
 * max_window);\n" for each member of each group, then the group's
 * "\tCACHELINE_ASSERT_GROUP_SIZE(struct tcp_sock, tcp_sock_read_tx, 40);\n":
 * the bytes from the end of its begin marker to its end marker, as the
 * kernel's macro measures them), or NULL.  cl_record_group_asserts() gives
 * the same for @rec as it is laid out.
 */
const char *cl_proposal_group_asserts(const struct cl_proposal *p, struct cl_arena *a);
const char *cl_record_group_asserts(const struct cl_record *rec, struct cl_arena *a);

/**
 * struct cl_report_info - what a report says about the run
 * @tool_version: cachelint's version
 * @source: the input (translation unit, binary), or NULL
 * @opt: the assumptions of the analysis
 * @records: records analysed, in order
 * @nrecords: number of @records
 * @proposals: proposals for records with findings
 * @nproposals: number of @proposals
 */
struct cl_report_info {
	const char *tool_version;
	const char *source;
	const struct cl_options *opt;
	const struct cl_record *const *records;
	size_t nrecords;
	const struct cl_report_proposal *proposals;
	size_t nproposals;
};

/*
 * Write the findings as YAML (schema "cachelint-report: 1"): one entry per
 * record that has findings, in the order the records were analysed.
 */
int cl_report_yaml(FILE *out, const struct cl_report_info *info,
		   const struct cl_findings *f);

/* What a unit's report=DIR/ file ends with. */
#define CL_REPORT_SUFFIX ".cachelint.yaml"

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_REPORT_H */
