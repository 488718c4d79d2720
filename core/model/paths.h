/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * paths.h - who reads and who writes: the access model behind every check
 *
 * A member is read and written on named paths: a kernel fast path ("tx",
 * "rx"), a thread or thread role, a write group, any name a profile or an
 * annotation gives.  A path is serialized (one CPU at a time on one object:
 * one socket's receive path, one thread) or concurrent (many CPUs at once
 * on one object: memcg charging).  The classes are special cases:
 *
 *   read_mostly         read on every path ("*"), concurrently
 *   write_hot           written on a concurrent path that no one named
 *   write group "g"     written on the serialized path "g"
 *
 * The kernel's cacheline groups say less: a `_write_txrx` member is
 * accessed on tx and rx and written on at least one of them, which one
 * unknown (CL_USE_WRITE_SOME).
 *
 * The rule (cl_paths_conflict()).  Members W and V on one line conflict
 * when a write of W on path P makes an access of V on path Q miss that
 * would not miss with the two on separate lines:
 *
 *   - P and Q run on different CPUs: P != Q, or P == Q and concurrent.
 *     An unnamed path may be any named one, so it crosses only itself and
 *     "*";
 *   - V's own line does not already move between Q and another path
 *     (V written on R and accessed on S, R and S on different CPUs, Q one
 *     of them): then Q misses on V anyway;
 *   - Q does not read W (without writing it) on a serialized path: then
 *     each run of Q fetches W's line anyway, and V comes along.
 *
 * A pair is a finding when this holds for every way the unknown writers
 * can be resolved: cachelint reports what is certain.
 */
#ifndef CACHELINT_PATHS_H
#define CACHELINT_PATHS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The path every path is: what read_mostly reads on. */
#define CL_PATH_EVERY "*"

/*
 * The uses @acc stands for: its own for CL_CLASS_PATHS, else those of its
 * class; none for cold and unannotated members.  @buf holds the one use of
 * a class.  Returns how many, *@out pointing at them.
 */
size_t cl_access_uses(const struct cl_access *acc, struct cl_use *buf,
		      const struct cl_use **out);
/* Written on some path, or on at least one of some (CL_USE_WRITE_SOME). */
bool cl_access_writes(const struct cl_access *acc);
/* Read or written on some path. */
bool cl_access_used(const struct cl_access *acc);

/*
 * Whether a write of @w's member makes an access of @v's member miss, on
 * one line, that separate lines would avoid, whatever the unknown writers
 * are (see above).
 */
bool cl_paths_conflict(const struct cl_access *w, const struct cl_access *v);

/*
 * The uses in words: "read on rx", "read on tx, rx; written on rx",
 * "accessed on tx, rx and written on at least one of them".
 */
const char *cl_access_describe(const struct cl_access *acc, struct cl_arena *a);

/*
 * Source annotations that name paths (annotations/cachelint.h):
 *
 *   __read_on("tx,rx")         read, not written, on each path listed
 *   __written_on("rx")         written (and read) on each path listed
 *   __written_on_some("tx,rx") accessed on each path listed and written on
 *                              at least one of them (a kernel _write_txrx)
 *
 * Each path is as cl_path_parse() reads it: "name:concurrent" says many CPUs
 * run it at once on one object (else one CPU at a time).
 * The plugin spells them cachelint_read_on("…") and so on; libclang and
 * DWARF see annotate/btf_decl_tag("cachelint:read_on:…").
 */
enum cl_paths_annotation {
	CL_READ_ON,
	CL_WRITTEN_ON,
	CL_WRITTEN_ON_SOME,
};

/* The annotation a word names ("read_on", …), or -1. */
int cl_paths_annotation_kind(const char *word, size_t len);

/* "read_on" for CL_READ_ON, … */
const char *cl_paths_annotation_name(enum cl_paths_annotation kind);

/*
 * Adds the paths @list names to @acc (CL_CLASS_PATHS from the source; a
 * path named twice gets both uses).  Returns NULL, or the error to report
 * at field @field ("cachelint: …") and leaves @acc alone: a list that is not
 * path names, or a field that also has a class annotation.
 */
const char *cl_paths_annotation_add(struct cl_access *acc, enum cl_paths_annotation kind,
				    const char *list, const char *field, struct cl_arena *a);

/*
 * One path, as a profile's read:/write: and paths: and an annotation's list
 * name it: a name of letters, digits, '_', '-' and '.', then ":concurrent"
 * when many CPUs run it at once on one object.  Returns the length of the
 * name in [s, s + len), or 0 when that is no path; *@concurrent says
 * whether the suffix was there.
 */
size_t cl_path_parse(const char *s, size_t len, bool *concurrent);

/*
 * A function's name @sym as a path name, in @a: a C++ symbol's parameter
 * list ("ns::count(stats*) const", perf's demangled form) left out, then
 * each character a path does not take made '_' ("ns::count" is
 * "ns__count", "budget@plt" "budget_plt"), as the runtime names a thread's
 * routine.  NULL for an empty name.
 */
const char *cl_path_name_of(const char *sym, struct cl_arena *a);

/* What cl_path_parse() takes, for messages. */
#define CL_PATH_NAME_GRAMMAR "a path is a name of letters, digits, '_', '-' and '.'"
#define CL_PATH_GRAMMAR CL_PATH_NAME_GRAMMAR ", optionally followed by ':concurrent'"

/*
 * Whether two accesses say the same (class, group, uses), in whatever
 * order they list the paths; a path written is read too.
 */
bool cl_access_same(const struct cl_access *x, const struct cl_access *y);
/* The same, apart from which paths run concurrently. */
bool cl_access_same_uses(const struct cl_access *x, const struct cl_access *y);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_PATHS_H */
