/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contention_report.h - the most contended lines of a profile
 * (`cachelint report`, contention_report.c)
 */
#ifndef CACHELINT_CONTENTION_REPORT_H
#define CACHELINT_CONTENTION_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "profile/access_profile.h"
#include "formats.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The @top most contended lines of @p's contention: evidence, heaviest
 * first, as text, JSON or a self-contained HTML page (@format), each with
 * its object, who touched it, false and true sharing and the finding it
 * gives.  @name: what the report is of (the profile's file).  0, or -1
 * when @out failed.
 */
int cl_contention_report(FILE *out, const struct cl_profile *p, enum cl_format format,
			 size_t top, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_CONTENTION_REPORT_H */
