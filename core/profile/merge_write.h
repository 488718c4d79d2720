/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge_write.h - write the sum of several profiles (profile_merge.h) as a
 * profile
 */
#ifndef CACHELINT_MERGE_WRITE_H
#define CACHELINT_MERGE_WRITE_H

#include <stddef.h>
#include <stdio.h>

#include "profile_merge.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Write @m (after cl_merge_finish()) as a profile, with a header comment
 * naming the @nfiles @files it is the sum of.  What cl_profile_load()
 * reads back is the sum.  0, or -1 when the emitter or @out failed.
 */
int cl_merge_write(FILE *out, const struct cl_merge *m, const char *const *files,
		   size_t nfiles);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_MERGE_WRITE_H */
