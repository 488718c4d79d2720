/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * emit_common.h - what the emitters share: the proposal a finding carries,
 * strings quoted for JSON and YAML, paths as URIs, a leaf's class in words
 * (emit_common.c)
 */
#ifndef CACHELINT_EMIT_COMMON_H
#define CACHELINT_EMIT_COMMON_H

#include <stdio.h>

#include "emit.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The proposal that finding @i carries: the first cachelint-false-sharing
 * or cachelint-write-groups finding of a record that has one.  NULL else.
 */
const struct cl_report_proposal *cl_emit_proposal(const struct cl_emit_info *info,
						  const struct cl_findings *f, size_t i);

/* Print @s as a double-quoted YAML/JSON-compatible string. */
void cl_put_quoted(FILE *out, const char *s);
/* Print @s percent-encoded as a URI path (RFC 3986: unreserved and '/'). */
void cl_put_uri_path(FILE *out, const char *s);
/* The class of a leaf in words for JSON ("read_mostly"). */
const char *cl_leaf_class(const struct cl_leaf *l);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_EMIT_COMMON_H */
