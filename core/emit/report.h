/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.h - the report: findings and proposals as YAML (report_yaml.c),
 * and a record's proposal as every output carries it
 */
#ifndef CACHELINT_REPORT_H
#define CACHELINT_REPORT_H

#include <stdio.h>

#include "checks/analysis.h"

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
