/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * static_report.h - the ranking of the structs a profile's static tier
 * inferred (`cachelint report`, static_report.c)
 */
#ifndef CACHELINT_STATIC_REPORT_H
#define CACHELINT_STATIC_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "profile/access_profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How many structs of @p have entries inferred from the code (`evidence: static`). */
size_t cl_static_report_count(const struct cl_profile *p);

/*
 * The @top highest ranked of them, in the profile's order (the rank
 * `cachelint infer` gave), each member with its class and what it was
 * inferred from: as text; as the "structs" key of the report's JSON
 * object; as a section of its HTML page.
 */
void cl_static_report_text(FILE *out, const struct cl_profile *p, size_t top, const char *name);
void cl_static_report_json(FILE *out, const struct cl_profile *p, size_t top);
void cl_static_report_html(FILE *out, const struct cl_profile *p, size_t top);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_STATIC_REPORT_H */
