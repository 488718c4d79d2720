/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * access_map.h - the access map a front end writes for a unit: every
 * member access it sees, one per line (docs/access-map.md)
 *
 *	# cachelint-access-map 1
 *	/src/pc.c \t 12 \t 9 \t charge \t page_counter \t usage.counter \t 0 \t 8 \t rmw
 *
 * The GCC plugin (access-map=) and the lint (--access-map) fill one with
 * what they see; this writes it: sorted, each line once, fields escaped.
 */
#ifndef CACHELINT_ACCESS_MAP_H
#define CACHELINT_ACCESS_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CL_ACCESS_MAP_HEADER "# cachelint-access-map 1"
#define CL_ACCESS_MAP_SUFFIX ".cachelint.map"

enum cl_access_kind {
	CL_ACCESS_READ = 1,
	CL_ACCESS_WRITE = 2,
	CL_ACCESS_RMW = 3,	/* an atomic read-modify-write, a lock, an asm "+m" */
};

/**
 * struct cl_access_line - one access site and member
 * @file: the source file, absolute (cl_access_map_file())
 * @line: 1-based
 * @column: 1-based, 0 when not known
 * @function: the function containing the access, "-" at file scope
 * @record: the struct as profiles key it
 * @member: the dotted path of the leaf from @record
 * @offset: bytes from @record's start to the first byte accessed
 * @size: bytes accessed (a bit-field: the bytes its bits occupy)
 * @kind: read, write or both
 */
struct cl_access_line {
	const char *file;
	unsigned line, column;
	const char *function;
	const char *record;
	const char *member;
	uint64_t offset, size;
	enum cl_access_kind kind;
};

/**
 * struct cl_access_map - the lines of one unit
 * @arena: their strings
 * @v: the lines
 * @n: how many
 * @cap: allocated
 * @dir: the compiler's working directory, which relative files are joined to
 */
struct cl_access_map {
	struct cl_arena arena;
	struct cl_access_line *v;
	size_t n, cap;
	char *dir;
};

void cl_access_map_init(struct cl_access_map *m, const char *dir);
void cl_access_map_free(struct cl_access_map *m);
/* Add @l (its strings copied); @l->file is made absolute against m->dir. */
void cl_access_map_add(struct cl_access_map *m, const struct cl_access_line *l);
/*
 * @bits at @bit_size in a record, as the map's offset and size: the bytes
 * that hold them.
 */
void cl_access_map_bytes(uint64_t bits, uint64_t bit_size, uint64_t *offset, uint64_t *size);
/*
 * What a pthread_mutex_*, pthread_spin_*, pthread_rwlock_* or
 * pthread_cond_* call named @fn does to what its argument @arg points to:
 * a lock, trylock or unlock changes the lock word (CL_ACCESS_RMW), init and
 * destroy write it, a get reads it, a cond wait unlocks and locks its
 * mutex (the second argument); 0 for anything else.  The plugin's walk and
 * the lint's share it.
 */
unsigned cl_access_lock_kinds(const char *fn, unsigned arg);
/*
 * What a C++ standard library lock call does to what its argument @arg
 * points to, @fn its qualified name without template arguments: a
 * std::mutex's (or recursive_, timed_, shared_ or shared_timed_mutex's)
 * lock, try_lock or unlock, shared or not, on the object (@arg 0), and a
 * std::lock_guard, unique_lock, shared_lock or scoped_lock made on a mutex
 * (its constructor's arguments after the object), std::lock and
 * std::try_lock on theirs, change the lock word (CL_ACCESS_RMW); a guard
 * given the tag std::defer_lock_t or std::adopt_lock_t (@tag, the type's
 * qualified name, or NULL) does not touch it.  0 for anything else.
 */
unsigned cl_access_cxx_lock_kinds(const char *fn, unsigned arg, const char *tag);
/* Write the map: the header, then the lines sorted, each once.  0 or -1. */
int cl_access_map_write(FILE *out, struct cl_access_map *m);
/*
 * The file to write for unit @source: @path itself, or, when @path ends
 * in '/', @path/<source>.cachelint.map, <source> the unit's path as given
 * with a leading '/' and each "../" dropped, so that units of one build
 * never share a file; the directories are made (malloc()ed; NULL with
 * errno when a directory cannot be made).
 */
char *cl_access_map_unit_path(const char *path, const char *source);
/* Write @m to @file whole or not at all.  0, or -1 with errno. */
int cl_access_map_save(struct cl_access_map *m, const char *file);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_ACCESS_MAP_H */
