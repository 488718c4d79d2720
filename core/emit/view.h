/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * view.h - a record as pahole draws it, plus what cachelint knows: each
 * member's access class and a mark on every member of a conflicting pair;
 * the record as it is, or as a proposal lays it out
 *
 * One renderer for every front end: the plugin's `view` argument, `cachelint
 * layout` (with --propose) and the proposal's before/after view.  Member
 * types are the front end's spelling in cl_member.type ("long unsigned
 * int", "struct inner *"); "?" where a front end has none.
 */
#ifndef CACHELINT_VIEW_H
#define CACHELINT_VIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "checks/analysis.h"
#include "model/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cl_proposal;
struct cl_report_proposal;

/**
 * struct cl_view_options - how to draw
 * @opt: line size (cacheline boundaries) and the analysis' assumptions
 * @hex: offsets and sizes in hexadecimal (pahole --hex)
 * @findings: the findings of the record to mark (cl_analyze()), or NULL to
 *            analyse the record here; not used with @proposal
 * @proposal: draw the layout @proposal makes (its model, with the
 *            alignments it adds), analysed here; NULL for the record as it is
 */
struct cl_view_options {
	const struct cl_options *opt;
	bool hex;
	const struct cl_findings *findings;
	const struct cl_proposal *proposal;
};

/*
 * Draw @rec: members with offset and size, holes, cacheline boundaries, the
 * size summary, each member's class (a comment: write_hot), and on every
 * member of a false-sharing, write-group or adjacent-line pair
 * "!! false sharing with <other>" (or the rule's words).  On a struct
 * without bit-fields or _Atomic members this is byte for byte what pahole
 * 1.24 prints, plus the class and mark comments.
 */
void cl_view(FILE *out, const struct cl_record *rec, const struct cl_view_options *vo);

/*
 * What goes below @rec's view: the layout its proposal @rp makes, drawn
 * with @vo (its @findings and @proposal aside) under a header that gives the
 * order, the alignments added and the sizes before and after, then the
 * kernel's assert lines that keep it so; or why there is no proposal (@rp
 * NULL: no finding that a proposal fixes).  The one drawing of a proposal,
 * for the plugin's view= and `cachelint layout --propose`.
 */
void cl_view_proposal(FILE *out, const struct cl_record *rec,
		      const struct cl_report_proposal *rp, const struct cl_view_options *vo,
		      struct cl_arena *a);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_VIEW_H */
