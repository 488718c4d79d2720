// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * path_lines.c - how many cache lines each path of a record touches: what
 * a budget (a profile's lines:) bounds and `layout --write-budget` writes
 *
 * A path touches the lines that hold a leaf it reads or writes; a class
 * name stands for its members ("read_mostly": the read-mostly leaves,
 * "write_hot": the write-hot ones, whatever their group).  Read-mostly
 * leaves are read on every path, but count only for "read_mostly": a
 * budget of "tx" is about the members someone said tx touches.  Lines are
 * counted with the record starting on a line, as pahole draws it.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
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

size_t cl_leaves_path_lines(const struct cl_leaf *leaves, size_t n, const char *path,
			    unsigned line, uint64_t *lines)
{
	size_t k = 0;

	/* leaves come in declaration order, which is not always offset order */
	for (size_t i = 0; i < n; i++) {
		const struct cl_leaf *l = &leaves[i];
		uint64_t first, last;

		if (!l->bit_size || !cl_leaf_on_path(l, path))
			continue;
		first = l->bit_offset / 8 / line;
		last = (l->bit_offset + l->bit_size - 1) / 8 / line;
		for (uint64_t x = first; x <= last; x++) {
			size_t j = 0;

			while (j < k && lines[j] < x)
				j++;
			if (j < k && lines[j] == x)
				continue;
			memmove(lines + j + 1, lines + j, (k - j) * sizeof(*lines));
			lines[j] = x;
			k++;
		}
	}
	return k;
}

/* Whether @name is among the first @n of @v. */
static bool listed(const char **v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], name))
			return true;
	return false;
}

static size_t add_name(const char **v, size_t n, const char *name)
{
	if (!name || !strcmp(name, CL_PATH_EVERY) || listed(v, n, name))
		return n;
	v[n] = name;
	return n + 1;
}

size_t cl_leaves_path_names(const struct cl_leaf *leaves, size_t n, struct cl_arena *a,
			    const char ***out)
{
	size_t cap = 2, k = 0;
	const char **v;

	for (size_t i = 0; i < n; i++)
		cap += leaves[i].access.cls == CL_CLASS_PATHS ? leaves[i].access.nuses : 1;
	v = cl_arena_alloc(a, cap * sizeof(*v));
	for (size_t i = 0; i < n; i++) {
		const struct cl_access *acc = &leaves[i].access;

		if (acc->cls == CL_CLASS_READ_MOSTLY)
			k = add_name(v, k, "read_mostly");
		else if (acc->cls == CL_CLASS_WRITE_HOT)
			k = add_name(v, k, "write_hot");
		else if (acc->cls == CL_CLASS_PATHS)
			for (uint32_t j = 0; j < acc->nuses; j++)
				k = add_name(v, k, acc->uses[j].path);
	}
	*out = v;
	return k;
}
