/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * emit.h - findings in the formats people and tools read: GCC-style text,
 * JSON, SARIF 2.1.0, GitHub workflow commands and an HTML picture of the
 * layouts (YAML is report.h)
 *
 * The command-line front ends (lint, dwarf) print through these, so the same
 * finding reads the same whichever front end found it; the text form is
 * byte-for-byte what the GCC plugin prints.
 */
#ifndef CACHELINT_EMIT_H
#define CACHELINT_EMIT_H

#include <stdbool.h>
#include <stdio.h>

#include "checks/analysis.h"
#include "model/arena.h"

struct cl_profile;

#ifdef __cplusplus
extern "C" {
#endif

struct cl_report_proposal;
struct cl_source_cache;

/**
 * struct cl_emit_info - what the emitters need besides the findings
 * @tool_version: cachelint's version
 * @opt: the assumptions of the analysis
 * @source_root: directory that artifact URIs are made relative to (SARIF),
 *               NULL for paths as they are
 * @records: records analysed, in order (for counts and proposals)
 * @nrecords: number of @records
 * @profile: the profiles applied to the records, NULL for none: findings
 *           that rest on an inferred or replaced profile entry get the
 *           plugin's notes about it (cl_profile_finding_notes())
 * @proposals: proposals for records with findings (--propose), each
 *             carried by its record's first conflict finding
 * @nproposals: number of @proposals
 * @source: the input, for the HTML page's title, or NULL
 * @every_record: HTML draws every record, not only those with findings
 *                (`cachelint layout`)
 * @src: the source files read so far, for a caller that prints findings in
 *       parts (`cachelint diff`, a struct at a time): each file is then
 *       read once, not once per part; NULL: the emitter reads its own
 */
struct cl_emit_info {
	const char *tool_version;
	const struct cl_options *opt;
	const char *source_root;
	const struct cl_record *const *records;
	size_t nrecords;
	const struct cl_profile *profile;
	const struct cl_report_proposal *proposals;
	size_t nproposals;
	const char *source;
	bool every_record;
	struct cl_source_cache *src;
};

/*
 * GCC-style "file:line:col: warning: message" lines, each followed by its
 * note, columns counted as GCC prints them (tabs to the next multiple of 8).
 */
int cl_emit_text(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info);
int cl_emit_json(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info);
int cl_emit_sarif(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info);
int cl_emit_github(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info);
/*
 * One self-contained HTML page (inline CSS and SVG, no script): per record
 * with findings (@info->every_record: per record) its cache lines as rows,
 * its leaves as boxes at their offsets, holes and padding, an arc per
 * conflicting pair linked to the finding, and the proposed layout beside
 * it (the pipeline's proposal, else one made here).  See emit_html.c.
 */
int cl_emit_html(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info);
/* @s as HTML text: & < > " ' escaped. */
void cl_put_html(FILE *out, const char *s);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_EMIT_H */
