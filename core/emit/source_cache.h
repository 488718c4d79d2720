/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * source_cache.h - source files read once and kept, with their line
 * starts: a line's text, and a byte column as people and tools count it
 * (source_cache.c)
 *
 * The model's columns are byte columns (what GCC's expand_location and
 * libclang give).  GCC prints display columns (a tab advances to the next
 * multiple of 8, a wide character takes two); SARIF and GitHub count
 * characters.  Converting needs the source line, so the emitters read it.
 */
#ifndef CACHELINT_SOURCE_CACHE_H
#define CACHELINT_SOURCE_CACHE_H

#include <stdbool.h>
#include <stdio.h>

#include "model/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

enum cl_column_kind {
	CL_COLUMN_DISPLAY,	/* GCC: tabs to the next multiple of 8, wide = 2 */
	CL_COLUMN_CODEPOINT,	/* SARIF unicodeCodePoints, GitHub */
};

#define CL_SOURCE_CACHE_FILES 8

struct cl_source_file {
	char *path;
	char *data;		/* NULL when the file cannot be read */
	size_t size;
	size_t *lines;		/* byte offset of each line start */
	size_t nlines;
};

/**
 * struct cl_source_cache - source files read, with line starts
 * @files: the files
 * @nfiles: how many @files hold
 * @cap: allocated @files
 * @limit: files kept, replaced round-robin past it; 0: every file read,
 *	until cl_source_cache_free() (a compiler's unit reaches across a
 *	hundred headers, and reading one again costs what reading it did)
 * @next: the slot to replace next
 * @index: @files by path
 */
struct cl_source_cache {
	struct cl_source_file *files;
	size_t nfiles, cap;
	unsigned limit;
	unsigned next;
	struct cl_index index;
};

/* A cache of the last CL_SOURCE_CACHE_FILES files read. */
void cl_source_cache_init(struct cl_source_cache *c);
/* A cache of every file read, for what one unit's diagnostics or map reach. */
void cl_source_cache_init_all(struct cl_source_cache *c);
void cl_source_cache_free(struct cl_source_cache *c);
/*
 * Byte column @col (1-based) of @line in @file as a column of @kind; @col
 * itself when the file or line cannot be read.
 */
unsigned cl_source_column(struct cl_source_cache *c, const char *file, unsigned line,
			  unsigned col, enum cl_column_kind kind);

/*
 * Line @line (1-based) of @file: its first byte, *@len its bytes without
 * the newline; NULL when the file or line cannot be read.  Valid until
 * @c reads another file into the slot (CL_SOURCE_CACHE_FILES files later,
 * never for a cache of every file).
 * Also the DWARF reader's, to find a field's column clang does not write.
 */
const char *cl_source_line(struct cl_source_cache *c, const char *file, unsigned line,
			   size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_SOURCE_CACHE_H */
