/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * access_map.h - the access map a front end writes for a unit: every
 * member access it sees, one per line (docs/access-map.md)
 *
 *	# cachelint-access-map 2
 *	/src/pc.c \t 12 \t 9 \t charge \t page_counter \t usage.counter \t 0 \t 8 \t rmw \t atomic
 *
 * The GCC plugin (access-map=) and the lint (--access-map) fill one with
 * what they see; access_map_write.c writes it: sorted, each line once,
 * fields escaped.  access_map_read.c reads maps back, for the importers
 * and `cachelint infer`.
 */
#ifndef CACHELINT_ACCESS_MAP_H
#define CACHELINT_ACCESS_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/arena.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cl_diag;

#define CL_ACCESS_MAP_HEADER "# cachelint-access-map 2"
/* The first version, without the facts field, which readers still take. */
#define CL_ACCESS_MAP_HEADER_V1 "# cachelint-access-map 1"
#define CL_ACCESS_MAP_SUFFIX ".cachelint.map"

enum cl_access_kind {
	CL_ACCESS_READ = 1,
	CL_ACCESS_WRITE = 2,
	CL_ACCESS_RMW = 3,	/* an atomic read-modify-write, a lock, an asm "+m" */
};

/*
 * cl_access_line.facts: what the front end saw of the access beyond its
 * kind, the static sharing facts the inference reads (docs/access-map.md)
 */
#define CL_FACT_ATOMIC	(1u << 0)	/* an atomic builtin, or a locked asm operand */
#define CL_FACT_LOCK	(1u << 1)	/* a lock operation on the member */
#define CL_FACT_LOCKED	(1u << 2)	/* inside a lock region of its function */
#define CL_FACT_ONCE	(1u << 3)	/* volatile: READ_ONCE, WRITE_ONCE */
#define CL_FACT_COLD	(1u << 4)	/* in __init, __exit or __cold code */
#define CL_FACT_FRESH	(1u << 5)	/* on an object this function allocated: not yet published */
#define CL_FACT_SETUP	(1u << 6)	/* in setup code, or reached from it (cl_infer_setup_function) */
#define CL_FACT_SELF	(1u << 7)	/* on the running thread's own object: current, __thread */
#define CL_FACT_START	(1u << 8)	/* in a start routine, outside its loops: once per thread */
#define CL_FACT_PERCPU	(1u << 9)	/* on a per-CPU object: this_cpu_*(), this_cpu_ptr(), per_cpu_ptr() */

/* A fact's name in the map ("atomic"), NULL past the last. */
const char *cl_access_fact_name(unsigned bit);
/*
 * Parse field 10 of a map line (@s: "atomic,locked,role=worker+", or "-")
 * into @facts and @roles ("worker+", comma-separated, in @a); 0, or -1
 * with the unknown token in @bad.
 */
struct cl_arena;
int cl_access_facts_parse(const char *s, unsigned *facts, const char **roles,
			  struct cl_arena *a, const char **bad);

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
 * @facts: CL_FACT_* bits
 * @roles: the threads that run @function, by their start routines, sorted
 *	and comma-separated, a '+' after one started more than once or in a
 *	loop ("reader,writer+"); NULL when the unit starts no thread
 */
struct cl_access_line {
	const char *file;
	unsigned line, column;
	const char *function;
	const char *record;
	const char *member;
	uint64_t offset, size;
	enum cl_access_kind kind;
	unsigned facts;
	const char *roles;
};

/**
 * struct cl_access_embed - a record that holds another as a member, not
 * through a pointer: what the inner record's accesses say of its members
 * holds for the outer record's copy (a lruvec's flags, set in vmscan.c
 * through a `struct lruvec *`, are mem_cgroup_per_node's lruvec.flags).
 * Written as `# embed` lines (docs/access-map.md).
 * @outer: the record that holds it, as profiles key it
 * @path: the member's dotted path from @outer
 * @offset: its bytes from @outer's start
 * @inner: the record it is
 */
struct cl_access_embed {
	const char *outer, *path;
	uint64_t offset;
	const char *inner;
};

#define CL_ACCESS_EMBED_TAG "# embed"

/**
 * struct cl_access_map - the lines of one unit
 * @arena: their strings
 * @v: the lines
 * @n: how many
 * @cap: allocated
 * @dir: the compiler's working directory, which relative files are joined to
 * @embeds: the records held in others, among those of the lines
 * @nembeds: how many
 * @embeds_cap: allocated
 */
struct cl_access_map {
	struct cl_arena arena;
	struct cl_access_line *v;
	size_t n, cap;
	char *dir;
	struct cl_access_embed *embeds;
	size_t nembeds, embeds_cap;
	/* the last file name added, as given and as stored (cl_access_map_add()) */
	const char *file_given, *file_stored;
};

void cl_access_map_init(struct cl_access_map *m, const char *dir);
void cl_access_map_free(struct cl_access_map *m);
/* Add @l (its strings copied); @l->file is made absolute against m->dir. */
void cl_access_map_add(struct cl_access_map *m, const struct cl_access_line *l);
/* Add @e (its strings copied). */
void cl_access_map_embed(struct cl_access_map *m, const struct cl_access_embed *e);
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
 * Whether a call to @fn takes a lock (1), releases one (-1) or neither (0):
 * the pthread, C11 and kernel (spin_lock*, raw_spin_lock*, mutex_lock*,
 * read_lock*, write_lock*, down_read/down_write) families.  The front ends
 * mark the accesses between the two CL_FACT_LOCKED.
 */
int cl_access_lock_step(const char *fn);
/*
 * Whether a call to @fn starts a thread, and which argument is its start
 * routine (pthread_create: 2, thrd_create: 1); -1 for any other function.
 */
int cl_access_thread_start_arg(const char *fn);
/*
 * Whether a call to @fn returns a new object nobody else holds yet: an
 * allocator, by a word of its name that ends in "alloc" (malloc, calloc,
 * kzalloc, kmalloc_node, kmem_cache_alloc, alloc_pages; not dealloc), or
 * C++'s operator new.  What the caller does through that pointer is
 * CL_FACT_FRESH.
 */
bool cl_access_allocator(const char *fn);
/* Whether the roles @list ("reader,writer+") name @name, started once or more. */
bool cl_role_listed(const char *list, const char *name);
/* @list with @role ("b+") added in name order ("a,b+,c"), in @a. */
const char *cl_role_join(struct cl_arena *a, const char *list, const char *role);
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
/**
 * struct cl_access_start - a thread's start routine, for CL_FACT_START
 * @function: its name, as the map's lines give it
 * @role: the role it gives (a lambda's `main::lambda@84`: C++ names two
 *	lambdas of one function alike)
 * @lo, @hi: the first and the last line of its code that runs again (its
 *	loops); 0 and 0 where it has none
 */
struct cl_access_start {
	const char *function, *role;
	unsigned lo, hi;
};

/*
 * Mark CL_FACT_START the lines of @m in the @n start routines @s outside
 * their loops' lines: what each thread does once, before its loop or
 * after it.  Both front ends call it with what they see of the loops, so
 * the rule is one.  @s is sorted in place.
 */
void cl_access_map_mark_starts(struct cl_access_map *m, struct cl_access_start *s, size_t n);
/* Write the map: the header, then the lines sorted, each once.  0 or -1. */
int cl_access_map_write(FILE *out, struct cl_access_map *m);
/*
 * The file to write for unit @source: @path itself, or, when @path ends
 * in '/', @path/<source>.cachelint.map as cl_unit_output_path() names it
 * (the unit's path as given, its "", "." and ".." components dropped), so
 * that units of one build never share a file; the directories are made
 * (malloc()ed; NULL with errno when a directory cannot be made).
 */
char *cl_access_map_unit_path(const char *path, const char *source);
/* Write @m to @file whole or not at all.  0, or -1 with errno. */
int cl_access_map_save(struct cl_access_map *m, const char *file);
/* Add the access map @path (a file, or a directory of *.cachelint.map) to @m. */
int cl_access_map_load(struct cl_access_map *m, const char *path, struct cl_diag *err);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_ACCESS_MAP_H */
