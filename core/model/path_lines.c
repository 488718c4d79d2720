// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * path_lines.c - which leaves a path touches, as cl_path_lines() (lines.c)
 * counts them: the notes of cachelint-path-lines list them line by line
 *
 * A path touches a leaf it reads or writes; a class name stands for its
 * members ("read_mostly": the read-mostly leaves, "write_hot": the
 * write-hot ones, whatever their group).  Read-mostly leaves are read on
 * every path, but count only for "read_mostly".
 */
#include <string.h>

#include "paths.h"

bool cl_leaf_on_path(const struct cl_leaf *l, const char *path)
{
	struct cl_use buf;
	const struct cl_use *u;
	size_t n;

	if (!strcmp(path, "read_mostly"))
		return l->access.cls == CL_CLASS_READ_MOSTLY;
	if (!strcmp(path, "write_hot"))
		return l->access.cls == CL_CLASS_WRITE_HOT;
	n = cl_access_uses(&l->access, &buf, &u);
	for (size_t i = 0; i < n; i++)
		if (u[i].path && !strcmp(u[i].path, path) &&
		    (u[i].flags & (CL_USE_READ | CL_USE_WRITE | CL_USE_WRITE_SOME)))
			return true;
	return false;
}
