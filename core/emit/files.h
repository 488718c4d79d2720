/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * files.h - paths and output files: paths joined, folded, made absolute
 * or relative; files written whole or not at all, the directories they
 * need, and the file of a unit below a DIR/ option (files.c)
 */
#ifndef CACHELINT_FILES_H
#define CACHELINT_FILES_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * @path relative to @root (both made absolute against the working
 * directory, ".." and "." folded), or NULL when it is not below @root.
 * The result is malloc()ed.
 */
char *cl_path_relative(const char *path, const char *root);
/*
 * Whether @path (a DW_AT_decl_file) is in a system header: below the
 * folders GCC and clang search as system folders on Debian (/usr/include,
 * /usr/local/include, the compilers' own /usr/lib/gcc/ and /usr/lib/llvm-*
 * include folders), where the plugin's in_system_header_at() and libclang's
 * clang_Location_isInSystemHeader() put them.
 */
bool cl_path_is_system(const char *path);
/* @path made absolute and folded; malloc()ed. */
char *cl_path_absolute(const char *path);
/*
 * @path joined to directory @dir unless it is absolute, "." and ".." and
 * repeated slashes folded (the text only: no symbolic link is followed);
 * malloc()ed.  @dir must be absolute.
 */
char *cl_path_join(const char *dir, const char *path);

/*
 * Write to @path atomically: the data goes to a temporary file in the same
 * directory that is renamed over @path only when @write succeeds, so a
 * failed run never leaves a partial output file.  The new file gets the
 * old one's mode (a new one 0666 less the umask and as the directory's
 * default ACL says), a symbolic link is followed and kept (a dangling one
 * names the file to create), and a path that is not a regular file
 * (/dev/null, a FIFO) or leads through /proc (/dev/stdout, /dev/fd/N) is
 * written in place, never replaced.  A FIFO that no process reads is not
 * waited for: -1 with ENXIO, as for a socket.  Returns 0 or -1 (errno).
 */
int cl_write_atomic(const char *path, int (*write)(FILE *out, void *data), void *data);
/* What cl_write_atomic()'s errno @err means: ENXIO names the reader missing. */
const char *cl_write_strerror(int err);
/*
 * Make directory @path and the directories above it, as `mkdir -p` does
 * (0777 less the umask).  Parallel builds make the same directory at
 * once: one that exists is fine.  0, or -1 with errno (ENOTDIR when
 * @path is something else).
 */
int cl_make_dirs(const char *path);
/*
 * The file a unit writes for an option that takes FILE or DIR/ (report=,
 * access-map=): @path itself, or, when @path ends in '/', @path/<source>
 * followed by @suffix, <source> the unit's path as given with every empty,
 * "." and ".." component dropped, so that units of one build (a/x.c and
 * b/x.c) never share a file and none is written outside @path.  The
 * directories are made.  malloc()ed; NULL with errno when a directory
 * cannot be made.
 */
char *cl_unit_output_path(const char *path, const char *source, const char *suffix);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_FILES_H */
