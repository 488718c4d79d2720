/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * analysis.h - which annotated members share a cache line
 *
 * cl_analyze() takes one record of the model and reports, once per pair:
 *   - a read-mostly leaf and a write-hot leaf on one line
 *     (cachelint-false-sharing),
 *   - write-hot leaves of two different named write groups on one line
 *     (cachelint-write-groups),
 *   - with `adjacent`, a read-mostly and a write-hot leaf in the two lines
 *     of one 2 x line-size block, which the L2 adjacent-line prefetcher
 *     pulls together (cachelint-adjacent-line, severity note).
 *
 * Placement: with alignment=line the record starts on a line boundary (as
 * pahole draws it).  With alignment=any every start offset that the
 * record's alignment allows is tried; a pair that shares a line at every
 * start "shares", one that shares at some "may share".
 */
#ifndef CACHELINT_ANALYSIS_H
#define CACHELINT_ANALYSIS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "layout.h"
#include "options.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_finding - one reported problem
 * @rule: which check
 * @severity: error, warning or note
 * @record: the record it is in
 * @record_name: display name of @record ("struct page_counter")
 * @a: the leaf where it is reported (the read-mostly one for false sharing);
 *     for profile findings only @a.path may be set
 * @b: the other leaf, zeroed when there is none
 * @where: the primary location
 * @note_where: location of the note about @b
 * @line: index of the (first) shared line, or the 2-line block for adjacent
 * @hits: placements (start offsets) at which the pair conflicts
 * @placements: placements tried (1 for alignment=line)
 * @message: the diagnostic text ending in "[rule-id]"
 * @note: the text of the attached note, or NULL
 */
struct cl_finding {
	enum cl_rule rule;
	enum cl_severity severity;
	const struct cl_record *record;
	const char *record_name;
	struct cl_leaf a, b;
	struct cl_span where, note_where;
	uint64_t line;
	unsigned hits, placements;
	const char *message;
	const char *note;
};

/**
 * struct cl_findings - a growable list of findings; strings live in @arena
 */
struct cl_findings {
	struct cl_finding *v;
	size_t n, cap;
	struct cl_arena *arena;
};

void cl_findings_init(struct cl_findings *f, struct cl_arena *a);
void cl_findings_free(struct cl_findings *f);
struct cl_finding *cl_findings_add(struct cl_findings *f, enum cl_rule rule,
				   const struct cl_record *rec);

/*
 * Analyse @rec under @opt, appending findings (in a stable order: by the
 * reported leaf, then the other leaf, in declaration order) to @out.
 * Suppressed rules of @rec are not reported.  Returns the number added.
 */
size_t cl_analyze(const struct cl_record *rec, const struct cl_options *opt,
		  struct cl_findings *out);

/*
 * Geometry shared by the checks and the proposal engine: in how many of the
 * record's placements two byte ranges [lo, hi] fall on one unit of @unit
 * bytes (a line, or a 2-line block).  *first gets the unit index at the
 * first placement where they do.
 */
unsigned cl_placements(const struct cl_record *rec, const struct cl_options *opt);
unsigned cl_count_shared(const struct cl_record *rec, const struct cl_options *opt,
			 unsigned unit, uint64_t alo, uint64_t ahi,
			 uint64_t blo, uint64_t bhi, uint64_t *first);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_ANALYSIS_H */
