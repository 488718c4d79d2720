/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kernel_groups.h - classes from the kernel's __cacheline_group_begin/end markers
 * (groups.c says what the group names mean)
 */
#ifndef CACHELINT_KERNEL_GROUPS_H
#define CACHELINT_KERNEL_GROUPS_H

#include <stdbool.h>

#include "findings.h"
#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Whether @name is a group's marker, __cacheline_group_begin__G or
 * __cacheline_group_end__G: a record with either is worth reading (an end
 * with no begin is a finding of its own).
 */
bool cl_groups_marker(const char *name);
/*
 * The macro that makes marker @name, as the source spells it:
 * "__cacheline_group_begin" or "__cacheline_group_end" (each also has an
 * "_aligned" form); NULL for a member that is no marker.
 */
const char *cl_groups_marker_macro(const char *name);
/* Whether @rec holds cacheline group markers, anonymous members looked through. */
bool cl_groups_present(const struct cl_record *rec);
/*
 * Give the members inside each read/write group of @rec the paths the
 * group's name says, unless the source or a profile classes them already;
 * where those disagree with the group, a cachelint-annotation-mismatch
 * finding goes to @out, and a cachelint-group-markers finding for each
 * malformed marker (none with @out NULL).
 */
void cl_groups_apply(struct cl_record *rec, struct cl_arena *a, struct cl_findings *out);
/*
 * The first malformed shape of @rec's group markers in words ("group 'x'
 * never ends"), or NULL when they are well formed: a proposal, which moves
 * groups whole by their markers, is not made across them.  The warnings
 * are cl_groups_apply()'s.
 */
const char *cl_groups_malformed(const struct cl_record *rec, struct cl_arena *a);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_KERNEL_GROUPS_H */
