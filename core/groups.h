/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * groups.h - classes from the kernel's __cacheline_group_begin/end markers
 * (groups.c says what the group names mean)
 */
#ifndef CACHELINT_GROUPS_H
#define CACHELINT_GROUPS_H

#include <stdbool.h>

#include "findings.h"
#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Whether @name is a group's begin marker, __cacheline_group_begin__G. */
bool cl_groups_begin_marker(const char *name);
/* Whether @rec holds cacheline group markers. */
bool cl_groups_present(const struct cl_record *rec);
/*
 * Give the members inside each read/write group of @rec the paths the
 * group's name says, unless the source or a profile classes them already;
 * where those disagree with the group, a cachelint-annotation-mismatch
 * finding goes to @out (none with @out NULL).
 */
void cl_groups_apply(struct cl_record *rec, struct cl_arena *a, struct cl_findings *out);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_GROUPS_H */
