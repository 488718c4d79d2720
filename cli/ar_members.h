/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ar_members.h - the objects of an ar archive (a static library), for
 * front ends that read files by path
 *
 * libdwarf opens a file, not a member of an archive, so each member is
 * copied to a file of its own in a scratch directory, named
 * "ARCHIVE(MEMBER)" so that an error about it names both.
 */
#ifndef CACHELINT_AR_MEMBERS_H
#define CACHELINT_AR_MEMBERS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/diag.h"

/**
 * struct ar_members - an archive's members, copied out
 * @dir: the scratch directory (removed by ar_members_free()), or NULL
 * @paths: the copies, in the archive's order
 * @n: number of @paths
 * @cap: allocated @paths
 */
struct ar_members {
	char *dir;
	char **paths;
	size_t n, cap;
};

/*
 * Copy every member of the GNU or BSD ar archive @path (not the symbol
 * tables, not the long-name table) into a new scratch directory under
 * $TMPDIR.  0, or -1 with @err naming the archive (and the byte offset of
 * a bad header): a thin archive, a truncated one, a member without a name.
 * @m is freed on error.
 */
int ar_members_extract(struct ar_members *m, const char *path, struct cl_diag *err);
/* Remove the copies and the scratch directory. */
void ar_members_free(struct ar_members *m);

#endif /* CACHELINT_AR_MEMBERS_H */
