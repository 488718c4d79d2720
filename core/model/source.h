/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * source.h - the one reader of source files
 *
 * The source files cachelint reads again (to rewrite a struct, to count a
 * column, to find a field's name on its line) are named by what a front
 * end read -- GCC's line map, libclang, a DW_AT_name in any binary -- not
 * by the user, so any path may turn up: a FIFO (which a blocking open
 * would wait on forever), /dev/zero (which never ends), a directory.
 * Every such read goes through cl_source_read().
 */
#ifndef CACHELINT_SOURCE_H
#define CACHELINT_SOURCE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Larger than any source file people write or generate; a bound on memory. */
#define CL_SOURCE_MAX_BYTES (64u << 20)

/*
 * The text of the source file @path, malloc()ed and NUL-terminated, its
 * length in *@size; or NULL with *@why saying why ("not a regular file").
 * Only a regular file is read (opened O_NONBLOCK, so a FIFO cannot block,
 * and refused after fstat), at most CL_SOURCE_MAX_BYTES and never past
 * the size it had when opened.
 */
char *cl_source_read(const char *path, size_t *size, const char **why);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_SOURCE_H */
