/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * baseline.h - fingerprints of findings, and baselines: the fingerprints
 * of accepted findings, which a run drops (baseline.c)
 */
#ifndef CACHELINT_BASELINE_H
#define CACHELINT_BASELINE_H

#include <stdbool.h>
#include <stdio.h>

#include "model/arena.h"
#include "model/diag.h"
#include "model/findings.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A fingerprint of the finding that survives unrelated edits (no line
 * numbers): rule, record name and the two leaf paths, hashed to 16 hex
 * digits in @buf.  SARIF partialFingerprints and baselines use it.
 */
const char *cl_finding_fingerprint(const struct cl_finding *f, char buf[17]);

/**
 * struct cl_baseline_entry - one line of a baseline
 * @fp: the fingerprint
 * @what: the rest of the line ("cachelint-false-sharing 'struct s' 'a'
 *        'b'"), for people and for `cachelint diff`, which lists a finding
 *        gone by it; "" when the line has nothing after the fingerprint
 */
struct cl_baseline_entry {
	char fp[17];
	const char *what;
};

/**
 * struct cl_baseline - fingerprints of accepted findings
 * @v: the entries, sorted by fingerprint
 * @n: number of @v
 * @cap: allocated @v
 * @arena: the entries' @what
 *
 * A baseline file is text: "# cachelint-baseline 1" on the first line, then
 * one finding per line, its fingerprint first (the rest of the line, rule
 * and struct and fields, is for people).  Lines starting with '#' and empty
 * lines are comments.
 */
struct cl_baseline {
	struct cl_baseline_entry *v;
	size_t n, cap;
	struct cl_arena arena;
};

void cl_baseline_init(struct cl_baseline *b);
void cl_baseline_free(struct cl_baseline *b);
/* Read a baseline file.  0, or -1 with @err naming the file, line and column. */
int cl_baseline_load(struct cl_baseline *b, const char *path, struct cl_diag *err);
bool cl_baseline_contains(const struct cl_baseline *b, const struct cl_finding *f);
/* Drop the findings that @b contains from @f, keeping the order.  Returns how many. */
size_t cl_baseline_filter(const struct cl_baseline *b, struct cl_findings *f);
/* Write the fingerprints of @f as a baseline file (each fingerprint once). */
int cl_baseline_write(FILE *out, const struct cl_findings *f);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_BASELINE_H */
