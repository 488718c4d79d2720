/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * access_walk.h - which struct members a statement reads and writes
 *
 * The analysis that `instrument` counts and `access-map` writes, one walk
 * for both (access_walk.cc: statements, summaries, reach; access_chain.cc:
 * a reference followed to its object and the members it touches).  It runs on lowered GIMPLE before SSA, before
 * inlining and optimization, so that what it finds is what the source
 * does.  For each statement it reports every member an access touches as
 * a struct access_hit to the sinks that asked for them: the counting code
 * (instrument.cc) and the map (access_map.cc).
 */
#ifndef CACHELINT_ACCESS_WALK_H
#define CACHELINT_ACCESS_WALK_H

#include "cachelint-plugin.h"

#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"

enum { ACC_READ = 1, ACC_WRITE = 2 };

struct access_frame;

/**
 * struct access_hit - one member that one access touches
 * @rtype: the record (a main variant)
 * @rec: its name as the profile keys it
 * @path: the member's dotted path from @rtype
 * @bits: the member's first bit in @rtype
 * @bit_size: its size in bits (0 for a flexible array)
 * @at_bits: the first bit the access touches, from @rtype's start
 * @at_size: how many bits it touches; 0 when that is not known (an element
 *	at an index only the run knows): then the whole member
 * @kinds: ACC_READ, ACC_WRITE or both (an atomic read-modify-write)
 * @facts: CL_FACT_* (access_map.h): an atomic, a lock, inside a lock
 *	region, volatile, in cold code: at @loc, in @fn
 * @via_facts: those of a reached access in @via_fn
 * @loc: where the access is: the member's name in the source, or the
 *	call that reaches it (below)
 * @fn: the function whose code makes the access
 * @reached: the access is made by @via_fn at @via_loc, a unit-local
 *	function the member's address was passed to; @loc and @fn are the
 *	call's
 * @once: the access runs exactly once per call that returns (only a
 *	reached access can be other: one under a condition or in a loop of
 *	the function reached), so counting it at the call is exact
 * @frame: how the object's address is built, for sampling
 *	(access_frame_addresses)
 */
struct access_hit {
	tree rtype;
	const char *rec;
	const char *path;
	uint64_t bits, bit_size;
	uint64_t at_bits, at_size;
	unsigned kinds, facts, via_facts;
	location_t loc;
	tree fn;
	bool reached, once;
	location_t via_loc;
	tree via_fn;
	const struct access_frame *frame;
};

/**
 * struct access_sink - who is told about what the walk finds
 * @hit: a member access (@gsi: the statement, where counting code goes)
 * @variable: an access to variable @var or an element of it, a variable
 *	@wants_variable said yes to
 * @escape: the address of @rec.@path (of record @rtype) leaves at @loc: passed to a function
 *	the walk cannot follow, stored in memory or returned, or (@kept) kept
 *	in @kept, a local pointer assigned in more than one place (a `?:`, a
 *	loop), which the walk does not follow; @via: in that function, the
 *	member's address having been passed to it (reach), or NULL_TREE in
 *	the function walked
 * @wants_variable: whether accesses to @var are wanted (instrument=NAME)
 * @data: the sink's own
 */
struct access_sink {
	void (*hit)(void *data, gimple_stmt_iterator *gsi, const struct access_hit *h);
	void (*variable)(void *data, gimple_stmt_iterator *gsi, tree var,
			 const struct access_frame *f, unsigned kinds);
	void (*escape)(void *data, tree rtype, const char *rec, const char *path, location_t loc,
		       tree via, tree kept);
	bool (*wants_variable)(void *data, tree var);
	void *data;
};

/* Before the unit's typedefs are seen (plugin_init), with the unit's @arena. */
void access_walk_init(struct cl_arena *arena);
/* A typedef that names an anonymous record (`typedef struct {…} t;`). */
void access_walk_typedef(tree decl);
/* @type's name (a tag, the typedef of an anonymous one, or its variable's), NULL if none. */
const char *access_record_name(tree type);
/* Whether @type is a record that a system header (libc) defines. */
bool access_system_record(tree type);
/* Bits of FIELD_DECL @f from its record's start (read from the INTEGER_CSTs). */
uint64_t access_field_bits(tree f);
/* A type's size in bytes, 0 when it has none. */
uint64_t access_type_bytes(tree type);
/*
 * What tells two structs of one name apart (the runtime's "s:SIZE:HASH"):
 * a hash of the members' names, offsets and sizes, at any depth.
 */
unsigned access_record_fingerprint(tree type);
/* An atomic builtin, which returns and does not end a segment. */
bool access_call_is_atomic(const gcall *call);
/*
 * The threads that run function @fn, by their start routines (the access
 * map's roles: "reader,writer+", a '+' after one started more than once
 * or in a loop), NULL when the unit starts none or none reaches @fn.
 * Valid between access_walk_start() and access_walk_finish().
 */
const char *access_walk_roles(tree fn);
/**
 * struct access_start - a start routine of the unit's threads, the role it
 * gives, and the first and last line of its statements that run again
 * (0, 0: none)
 */
struct access_start {
	tree fn;
	const char *role;
	unsigned lo, hi;
};
/*
 * The unit's start routines (roles_find()), for the access map's
 * CL_FACT_START.  Valid between access_walk_start() and access_walk_finish().
 */
const vec<access_start> &access_walk_starts(void);

/*
 * For a unit: @arena for the strings; @sinks (at most two) are told in
 * order.  Summarizes every function of the unit first: call it before any
 * function gets code of the sinks'.  access_walk_finish() frees it all.
 */
void access_walk_start(struct cl_arena *arena, const struct access_sink *const *sinks,
		       unsigned nsinks);
void access_walk_finish(void);
struct cgraph_node;
/*
 * Walk function @node: once before its first statement, which makes it
 * cfun (the caller pops it); NULL when it has no body to walk...
 */
function *access_walk_begin(cgraph_node *node);
/*
 * ...then each statement of @fn, telling the sinks; after each, @walked
 * with the statement, and after each basic block @block_end (either NULL).
 */
void access_walk_body(function *fn, void (*walked)(gimple *stmt), void (*block_end)(void));
/*
 * For sampling the hit's object: the address of the object (a struct
 * instance or the variable) and of the bytes touched, as trees built
 * before the statement, and the bytes' size in *@size; false when the
 * object has no address to take (a local in a register) or the chain is
 * not one this can build.  Only the counting code calls this: it builds
 * trees and makes variables addressable.
 */
bool access_frame_addresses(const struct access_frame *f, tree *base, tree *addr,
			    uint64_t *size);

#endif /* CACHELINT_ACCESS_WALK_H */
