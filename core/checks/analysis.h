/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * analysis.h - which annotated members share a cache line
 *
 * cl_analyze() takes one record of the model and runs on it the checks of
 * the rules table (rules.def, one file check_<name>.c each), e.g.:
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

#include "model/diag.h"
#include "model/findings.h"
#include "model/layout.h"
#include "model/options.h"
#include "model/rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Analyse @rec under @opt, appending findings (in a stable order: by the
 * reported leaf, then the other leaf, in declaration order) to @out.
 * Suppressed rules of @rec are not reported.  Returns the number added.
 */
size_t cl_analyze(const struct cl_record *rec, const struct cl_options *opt,
		  struct cl_findings *out);

/*
 * Analyse variable @v (__per_thread on it, or evidence per object in
 * @prof's objects: variables: entry): the checks of the rules table that
 * run on variables (cachelint-false-sharing-objects) append their findings
 * to @out.
 */
struct cl_profile;
void cl_check_variable(const struct cl_variable *v, const struct cl_profile *prof,
		       const struct cl_options *opt, struct cl_findings *out);

/*
 * Geometry shared by the checks and the proposal engine: in how many of the
 * record's placements two byte ranges [lo, hi] fall on one unit of @unit
 * bytes (a line, or a 2-line block).  *first gets the unit index at the
 * first placement where they do.  In check_common.c.
 */
unsigned cl_count_shared(const struct cl_record *rec, const struct cl_options *opt,
			 unsigned unit, uint64_t alo, uint64_t ahi,
			 uint64_t blo, uint64_t bhi, uint64_t *first);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_ANALYSIS_H */
