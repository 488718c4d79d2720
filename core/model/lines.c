// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lines.c - the lines each path touches in a layout (lines.h)
 *
 * Each used leaf gives one byte range per path that accesses it; the ranges
 * of a path, sorted by start, are swept once to count the distinct lines
 * they cover and the bytes they hold (anonymous unions overlap: bytes are
 * counted once).
 */
#include "lines.h"
#include "paths.h"

#include <stdlib.h>
#include <string.h>

/**
 * struct range - the bytes of one leaf that one path accesses
 * @path: index into the path names
 * @lo: first byte from the record's start
 * @hi: last byte
 */
struct range {
	size_t path;
	uint64_t lo, hi;
};

static int range_cmp(const void *x, const void *y)
{
	const struct range *a = x, *b = y;

	if (a->path != b->path)
		return a->path < b->path ? -1 : 1;
	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The index of @name in @names, added when new. */
static size_t path_index(const char **names, size_t *n, const char *name)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(names[i], name))
			return i;
	names[*n] = name;
	return (*n)++;
}

size_t cl_access_line_paths(const struct cl_access *acc, const char **out, size_t max)
{
	size_t n = 0;

	/* a write group is the serialized path that writes it (paths.h) */
	if (acc->cls == CL_CLASS_WRITE_HOT && acc->group) {
		out[n++] = acc->group;
		return n;
	}
	if (acc->cls == CL_CLASS_READ_MOSTLY || acc->cls == CL_CLASS_WRITE_HOT) {
		out[n++] = cl_class_name(acc->cls);
		return n;
	}
	if (acc->cls != CL_CLASS_PATHS)
		return 0;
	for (uint32_t i = 0; i < acc->nuses && n < max; i++)
		if (acc->uses[i].path &&
		    (acc->uses[i].flags & (CL_USE_READ | CL_USE_WRITE | CL_USE_WRITE_SOME)))
			out[n++] = acc->uses[i].path;
	return n;
}

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

/* The ranges of every used leaf of @rec; *@names gets the paths. */
static size_t collect(const struct cl_record *rec, struct cl_arena *a, struct range **out,
		      const char ***names, size_t *nnames)
{
	struct cl_leaf *leaves;
	size_t nleaves = cl_record_leaves(rec, a, &leaves, false), n = 0, cap = 0;
	const char *here[64];
	struct range *v = NULL;

	*names = NULL;
	*nnames = 0;
	for (size_t i = 0; i < nleaves; i++) {
		const struct cl_leaf *l = &leaves[i];
		size_t k = l->bit_size ? cl_access_line_paths(&l->access, here, 64) : 0;

		for (size_t j = 0; j < k; j++) {
			if (n == cap) {
				struct range *w = cl_arena_alloc(a, (cap = cap ? 2 * cap : 64) * sizeof(*w));
				const char **nw = cl_arena_alloc(a, cap * sizeof(*nw));

				if (n)
					memcpy(w, v, n * sizeof(*w));
				if (*nnames)
					memcpy(nw, *names, *nnames * sizeof(*nw));
				v = w;
				*names = nw;
			}
			v[n].path = path_index(*names, nnames, here[j]);
			v[n].lo = l->bit_offset / 8;
			v[n].hi = (l->bit_offset + l->bit_size - 1) / 8;
			n++;
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), range_cmp);
	*out = v;
	return n;
}

/* Lines and bytes of the ranges [@v, @v + @n) of one path, the record at @start. */
static void sweep(const struct range *v, size_t n, uint64_t start, unsigned line,
		  uint64_t *lines, uint64_t *bytes)
{
	uint64_t next_line = 0, next_byte = 0;

	*lines = *bytes = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t first = (start + v[i].lo) / line, last = (start + v[i].hi) / line;
		uint64_t lo = v[i].lo > next_byte ? v[i].lo : next_byte;

		if (first < next_line)
			first = next_line;
		if (last >= first) {
			*lines += last - first + 1;
			next_line = last + 1;
		}
		if (v[i].hi >= lo) {
			*bytes += v[i].hi - lo + 1;
			next_byte = v[i].hi + 1;
		}
	}
}

static int lines_cmp(const void *x, const void *y)
{
	return strcmp(((const struct cl_path_lines *)x)->path,
		      ((const struct cl_path_lines *)y)->path);
}

size_t cl_path_lines(const struct cl_record *rec, const struct cl_options *opt,
		     struct cl_arena *a, struct cl_path_lines **out)
{
	struct range *v;
	const char **names;
	size_t nnames, n = collect(rec, a, &v, &names, &nnames);
	uint64_t step = rec->align ? rec->align : 1;
	unsigned line = opt->line_size;
	struct cl_path_lines *r = cl_arena_alloc(a, (nnames + 1) * sizeof(*r));

	for (size_t i = 0, p = 0; p < nnames; p++) {
		size_t j = i;

		while (j < n && v[j].path == p)
			j++;
		r[p].path = names[p];
		/* anywhere the record's alignment allows: the worst start */
		for (uint64_t s = 0; s < line; s += step) {
			uint64_t lines, bytes;

			sweep(v + i, j - i, s, line, &lines, &bytes);
			if (lines > r[p].lines)
				r[p].lines = lines;
			r[p].bytes = bytes;
			if (opt->alignment == CL_ALIGN_LINE)
				break;
		}
		r[p].least = (r[p].bytes + line - 1) / line;
		i = j;
	}
	qsort(r, nnames, sizeof(*r), lines_cmp);
	*out = r;
	return nnames;
}

uint64_t cl_path_lines_of(const struct cl_path_lines *v, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].path, path))
			return v[i].lines;
	return 0;
}
