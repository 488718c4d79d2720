/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * findings.h - what the checks and the profile report: one finding per
 * rule, record and pair of leaves, with its message and note
 */
#ifndef CACHELINT_FINDINGS_H
#define CACHELINT_FINDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "layout.h"
#include "rules.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_finding - one reported problem
 * @rule: which check
 * @severity: error, warning or note
 * @record: the record it is in
 * @record_name: display name of @record ("struct page_counter"); for a
 *               finding about a variable, the variable's name
 * @variable: the variable a finding about one is reported at, else NULL
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
	const char *variable;
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

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_FINDINGS_H */
