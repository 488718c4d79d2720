/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lines.h - how many cache lines each path touches in a layout
 *
 * The metric the kernel's 6.8 reorganization of tcp_sock was after: each
 * fast path should touch as few lines as it can.  A path touches a line
 * when the line holds a byte of a leaf that the path reads or writes.  The
 * classes count as paths of their own ("read_mostly", "write_hot"), so a
 * struct annotated with the two classes gets a count per class; a write
 * group counts under its own name, the serialized path that writes it.
 */
#ifndef CACHELINT_LINES_H
#define CACHELINT_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "layout.h"
#include "options.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_path_lines - the lines one path touches in one layout
 * @path: the path ("tx", "rx", a thread) or the class ("read_mostly",
 *        "write_hot")
 * @lines: distinct lines that hold a byte of a leaf the path reads or
 *         writes; with CL_ALIGN_ANY, the most over every start the record's
 *         alignment allows
 * @bytes: bytes of those leaves (each counted once)
 * @least: the fewest lines @bytes could fit in (@bytes / line size, up)
 */
struct cl_path_lines {
	const char *path;
	uint64_t lines;
	uint64_t bytes;
	uint64_t least;
};

/*
 * The lines each path touches in @rec under @opt (line size, alignment),
 * sorted by path name, in @a; returns how many paths (0: no leaf is used).
 */
size_t cl_path_lines(const struct cl_record *rec, const struct cl_options *opt,
		     struct cl_arena *a, struct cl_path_lines **out);

/*
 * The names a leaf with access @acc is counted under: its paths (read or
 * written), its write group, or its class; at most @max in @out.  Returns
 * how many (0: unused).
 */
size_t cl_access_line_paths(const struct cl_access *acc, const char **out, size_t max);

/*
 * Whether leaf @l is touched on @path: a path name, or a class
 * ("read_mostly", "write_hot", whatever its group) standing for its
 * members.  Read-mostly leaves are read on every path, but count only for
 * "read_mostly".  The notes of cachelint-path-lines list a path's leaves
 * line by line with it.
 */
bool cl_leaf_on_path(const struct cl_leaf *l, const char *path);

/* The lines of @path in @v (from cl_path_lines()), 0 when it is not there. */
uint64_t cl_path_lines_of(const struct cl_path_lines *v, size_t n, const char *path);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_LINES_H */
