/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * layout.h - the one layout model that every front end fills
 *
 * The GCC plugin (GCC trees), the lint (libclang record layout) and the
 * DWARF checker (libdwarf) each convert what they read into these records at
 * their boundary.  Analysis, proposal and emitters only ever see this model
 * and never know who filled it, so the same struct gives the same findings
 * whichever front end read it.
 *
 * Offsets and sizes are in bits so that bit-fields need no special case;
 * alignment is in bytes.  A member whose type is a struct or union (not an
 * array of them) points at the model of that record, which is how embedded
 * structs are analysed by their leaves ("lruvec.pgdat").
 */
#ifndef CACHELINT_LAYOUT_H
#define CACHELINT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * enum cl_class - how a member is accessed on hot paths
 * @CL_CLASS_NONE: not annotated; neutral, may sit anywhere
 * @CL_CLASS_COLD: explicitly neither hot read nor hot write (profiles)
 * @CL_CLASS_READ_MOSTLY: read by many CPUs on hot paths, rarely written
 * @CL_CLASS_WRITE_HOT: written on hot paths
 * @CL_CLASS_PATHS: read and written on the named paths in cl_access.uses
 *                  (core/model/paths.h)
 */
enum cl_class {
	CL_CLASS_NONE = 0,
	CL_CLASS_COLD,
	CL_CLASS_READ_MOSTLY,
	CL_CLASS_WRITE_HOT,
	CL_CLASS_PATHS,
};

/**
 * enum cl_origin - where a member's class came from
 * @CL_ORIGIN_NONE: nowhere (class is CL_CLASS_NONE)
 * @CL_ORIGIN_SOURCE: an annotation in the source (attribute, btf tag, macro)
 * @CL_ORIGIN_PROFILE: a class named in a profile
 * @CL_ORIGIN_INFERRED: inferred from read/write counts in a profile
 * @CL_ORIGIN_GROUP: the kernel's __cacheline_group_begin/end markers
 */
enum cl_origin {
	CL_ORIGIN_NONE = 0,
	CL_ORIGIN_SOURCE,
	CL_ORIGIN_PROFILE,
	CL_ORIGIN_INFERRED,
	CL_ORIGIN_GROUP,
};

/* cl_use.flags */
#define CL_USE_READ		(1u << 0) /* read on the path */
#define CL_USE_WRITE		(1u << 1) /* written on the path */
#define CL_USE_WRITE_SOME	(1u << 2) /* written on at least one of the paths
					     that carry this flag, which is not known */
#define CL_USE_CONCURRENT	(1u << 3) /* many CPUs run the path at once on one
					     object (else one CPU at a time) */

/**
 * struct cl_use - how one named path accesses a member
 * @path: the path's name ("tx", "rx", "thread 3", a write group's name)
 * @flags: CL_USE_*
 * @reads: reads counted on the path (a profile's counts), 0 when unknown
 * @writes: writes counted on the path, 0 when unknown
 */
struct cl_use {
	const char *path;
	uint32_t flags;
	uint64_t reads, writes;
};

/**
 * struct cl_span - a place in a source file
 * @file: path as the front end knows it, or NULL when unknown
 * @line: 1-based line, 0 when unknown
 * @col: 1-based column, 0 when unknown
 * @end_line: last line of the declaration, 0 when the front end cannot tell
 * @end_col: column after the declaration's last character, 0 when unknown
 * @cookie: the front end's own handle for the place (plugin: location_t,
 *          32 bits); meaningless to everything but the front end that set it
 * @shown_line, @shown_file: the place a #line directive gives the text at
 *          @file:@line (the presumed location), which is where diagnostics
 *          and reports say it is, as GCC says; NULL when it is @file:@line
 *          itself.  @file and the lines stay where the text is read (display
 *          columns, proposals).  The GCC plugin and DWARF know only the
 *          presumed place, and give it as @file:@line.
 *
 * 40 bytes: a generated profile holds millions of spans.
 */
struct cl_span {
	const char *file;
	unsigned line, col;
	unsigned end_line, end_col;
	uint32_t cookie;
	unsigned shown_line;
	const char *shown_file;
};

/* The file and line a span is printed at: its presumed place (#line). */
const char *cl_span_shown_file(const struct cl_span *s);
unsigned cl_span_shown_line(const struct cl_span *s);
/* "file:line:col" of the span as printed, "?" for a missing file; in @a. */
const char *cl_span_where(const struct cl_span *s, struct cl_arena *a);

/**
 * struct cl_access - the access annotation of one member
 * @cls: the class
 * @origin: where @cls came from
 * @group: write group of a write-hot member; NULL for the ungrouped ones.
 *         Members of one group are written together by one CPU and may
 *         share a line with each other.
 * @reads: read count from a profile (valid when @has_counts)
 * @writes: write count from a profile (valid when @has_counts)
 * @has_counts: @reads and @writes are known
 * @uses: with CL_CLASS_PATHS, the paths that read and write the member
 * @nuses: number of @uses
 * @source: with CL_ORIGIN_GROUP, the group's name; else NULL
 */
struct cl_access {
	enum cl_class cls;
	enum cl_origin origin;
	const char *group;
	uint64_t reads, writes;
	bool has_counts;
	const struct cl_use *uses;
	uint32_t nuses;
	const char *source;
};

enum cl_record_kind {
	CL_STRUCT,
	CL_UNION,
	CL_CLASS,
};

/* cl_member.flags */
#define CL_MEMBER_BITFIELD	(1u << 0) /* a bit-field, even a full-width one */
#define CL_MEMBER_FLEXIBLE	(1u << 1) /* flexible array member: size 0, last */
#define CL_MEMBER_ANONYMOUS	(1u << 2) /* anonymous struct/union member */
#define CL_MEMBER_USER_ALIGN	(1u << 3) /* explicit aligned() on the member */
#define CL_MEMBER_BASE		(1u << 4) /* C++ base class subobject */
#define CL_MEMBER_ARTIFICIAL	(1u << 5) /* compiler-made (C++ vptr) */
#define CL_MEMBER_FROM_MACRO	(1u << 6) /* declared by a macro expansion */
#define CL_MEMBER_PINNED	(1u << 7) /* its offset is an interface: never moved */
#define CL_MEMBER_PER_THREAD	(1u << 8) /* an array whose elements each belong to one thread */

struct cl_record;
struct cl_object_struct;
struct cl_contention_entry;
struct cl_contention_floor;

/**
 * struct cl_member - one direct member of a record
 * @name: identifier, NULL for anonymous struct/union members and C++ bases
 * @type: type spelling for layout views, NULL when the front end has none
 * @bit_offset: from the start of the enclosing record
 * @bit_size: 0 for flexible arrays and empty records
 * @align: required alignment in bytes; 0 for bit-fields
 * @flags: CL_MEMBER_*
 * @unit_size: a bit-field's declared type: its size in bytes (the storage
 *             unit a bit-field may not cross), 0 when unknown
 * @unit_align: the declared type's alignment in bytes, 0 when unknown
 * @elem_size: with CL_MEMBER_PER_THREAD (__per_thread on an array member,
 *             a table of per-thread slots in a shared object), bytes per
 *             element; else 0
 * @record: the embedded struct/union when the member's type is one
 * @span: the declaration; @span.line/@span.col point at the identifier
 * @access: class and write group
 */
struct cl_member {
	const char *name;
	const char *type;
	uint64_t bit_offset;
	uint64_t bit_size;
	uint32_t align;
	uint32_t flags;
	uint32_t unit_size, unit_align;
	uint64_t elem_size;
	struct cl_record *record;
	struct cl_span span;
	struct cl_access access;
};

/**
 * struct cl_path_access - a class given to a leaf of an embedded record in
 * the context of this record only ("lruvec.pgdat: read_mostly" in the
 * profile of mem_cgroup_per_node does not annotate struct lruvec itself)
 * @path: dotted path from this record ("lruvec.pgdat")
 * @access: the class
 * @span: where it was said (profile file:line:col)
 */
struct cl_path_access {
	const char *path;
	struct cl_access access;
	struct cl_span span;
};

/**
 * struct cl_budget - the most cache lines one path of a struct may touch
 * (a profile's top-level lines: key)
 * @record: the struct key as the profile gives it
 * @path: a path name, or "read_mostly" / "write_hot" for the members of
 *        that class
 * @max: lines
 * @span: where the profile says it
 *
 * A tuned layout decays as members are added; a budget makes a path that
 * grows past its lines a finding (cachelint-path-lines), and
 * `cachelint layout --write-budget` writes one from a layout as it is.
 */
struct cl_budget {
	const char *record;
	const char *path;
	uint64_t max;
	struct cl_span span;
};

/**
 * struct cl_record - a laid-out struct, union or class
 * @kind: struct, union or class
 * @name: tag, or the typedef name of an anonymous record; NULL if none
 * @typedef_name: @name is a typedef name (shown without the keyword)
 * @size: bytes
 * @align: bytes
 * @packed: the record is packed
 * @members: direct members in declaration order
 * @nmembers: number of @members
 * @paths: path-specific classes of embedded leaves (from profiles)
 * @npaths: number of @paths
 * @span: where the record is defined
 * @suppress: mask of rules (1u << enum cl_rule) suppressed for this record
 * @per_thread: each object of the type belongs to one thread (__per_thread
 *              on the type): two objects on one line are false sharing
 * @objects: what the runtime saw of single objects of this record (a
 *           profile's objects: entry, access_profile.h), NULL when nothing:
 *           then a pair of leaves on one line is judged by their classes
 *           alone; with it, only a pair the runtime saw on one line of one
 *           object (cl_leaves_conflict())
 * @contention: what the cache lines of its objects cost at run time (a
 *              profile's contention: entry, contention.h), NULL when
 *              nothing; with it, only pairs heavy enough conflict, and
 *              @objects is not used
 * @contention_floor: how heavy evidence must be (the profile's thresholds)
 * @run_judged: the profile has an instrumented run's contention evidence,
 *              which has an entry for every object it saw shared: with
 *              none for this record, its counts alone make no true sharing
 *              (check_true_sharing.c)
 * @conflicts: with @contention, the pairs of leaf paths heavy enough to
 *             conflict, (written, accessed) at [2k] and [2k + 1]: the
 *             evidence's judgement, which cl_leaves_conflict() returns
 * @nconflicts: number of pairs in @conflicts
 * @budgets: the most lines each of some paths may touch (a profile's
 *           lines: entry), checked by cachelint-path-lines
 * @nbudgets: number of @budgets
 */
struct cl_record {
	enum cl_record_kind kind;
	const char *name;
	bool typedef_name;
	uint64_t size;
	uint32_t align;
	bool packed;
	struct cl_member *members;
	size_t nmembers;
	struct cl_path_access *paths;
	size_t npaths;
	struct cl_span span;
	uint32_t suppress;
	bool per_thread;
	const struct cl_object_struct *objects;
	const struct cl_contention_entry *contention;
	const struct cl_contention_floor *contention_floor;
	bool run_judged;
	const char *const *conflicts;
	size_t nconflicts;
	const struct cl_budget *budgets;
	size_t nbudgets;
};

/**
 * struct cl_variable - a variable whose elements may each belong to one
 * thread: the model of what lies between objects, where struct cl_record
 * models what lies inside one
 * @name: its identifier
 * @span: its declaration; @span.line/@span.col point at the identifier
 * @elem_size: bytes per element, which is the array's stride
 * @nelems: number of elements (1 for a variable that is not an array)
 * @align: the variable's alignment in bytes as declared (its type's, or an
 *         aligned() on it): where its first element may start.  A compiler
 *         may align a large array further on its own (GCC on x86-64 aligns
 *         one of 64 bytes or more to 64 when optimising); nothing promises it.
 * @elem_align: the element type's alignment in bytes
 * @elem: the element's record when the element is a struct or union, else
 *        NULL
 * @per_thread: __per_thread on the variable: each element belongs to one
 *              thread
 */
struct cl_variable {
	const char *name;
	struct cl_span span;
	uint64_t elem_size;
	uint64_t nelems;
	uint32_t align, elem_align;
	const struct cl_record *elem;
	bool per_thread;
};

#define cl_for_each_member(rec, m)						\
	for ((m) = (rec)->members; (m) < (rec)->members + (rec)->nmembers; (m)++)

/**
 * struct cl_scope - one instance of a named record inside the analysed one
 * @rec: the record (the analysed record itself at depth 0)
 * @offset: bit offset of this instance inside the analysed record
 * @depth: 0 for the analysed record, +1 per level of embedding
 * @parent: the enclosing instance, NULL at depth 0
 *
 * A named embedded record reports the pairs among its own leaves in its own
 * analysis; scopes tell the analysis of an enclosing record which pairs
 * those are.  Anonymous members open no scope: they are part of their record.
 */
struct cl_scope {
	const struct cl_record *rec;
	uint64_t offset;
	unsigned depth;
	const struct cl_scope *parent;
};

/**
 * struct cl_path_node - a named member on the way from the analysed record
 * down to a leaf; leaves share their parents' nodes, and the dotted path is
 * only spelled out for the leaves that end up in a finding
 * @name: the member's name
 * @parent: the node above, NULL below the analysed record itself
 */
struct cl_path_node {
	const char *name;
	const struct cl_path_node *parent;
};

/**
 * struct cl_leaf - an analysable piece of a record: a member that is not an
 * embedded record, or an embedded record whose class was given as a whole
 * @path: dotted path from the analysed record (anonymous members add
 *        nothing); NULL until cl_leaf_path() spells it out
 * @prefix: the named members above the leaf
 * @member: the member in its own record
 * @bit_offset: from the start of the analysed record
 * @bit_size: size in bits
 * @access: effective class in the analysed record
 * @top: index of the top-level member that holds the leaf
 * @scope: the innermost named record instance that holds the leaf
 * @decided: the scope whose annotation or profile gave the class: @scope
 *           itself, or an enclosing one that classed the leaf by its path
 */
struct cl_leaf {
	const char *path;
	const struct cl_path_node *prefix;
	const struct cl_member *member;
	uint64_t bit_offset;
	uint64_t bit_size;
	struct cl_access access;
	size_t top;
	const struct cl_scope *scope;
	const struct cl_scope *decided;
};

/* Building records: front ends allocate from their arena and fill fields. */
struct cl_record *cl_record_new(struct cl_arena *a, enum cl_record_kind kind,
				const char *name, size_t nmembers);
void cl_record_add_path(struct cl_record *rec, struct cl_arena *a,
			const char *path, const struct cl_access *acc,
			const struct cl_span *span);
const struct cl_path_access *cl_record_find_path(const struct cl_record *rec,
						 const char *path);

/* "struct page_counter", "union u", "foo_t", "struct <anonymous>" */
const char *cl_record_display(const struct cl_record *rec, struct cl_arena *a);
/* "parent", "<anonymous union>", "<base foo>" */
const char *cl_member_display(const struct cl_member *m, struct cl_arena *a);

/*
 * The leaves of @rec in declaration order, with their effective classes.
 * Zero-size leaves (flexible arrays, empty records) are included; the
 * analysis skips them.  The array is allocated in @a.  With @paths false
 * the leaves' paths are left for cl_leaf_path(), which the analysis calls
 * only for the leaves it reports.
 */
size_t cl_record_leaves(const struct cl_record *rec, struct cl_arena *a,
			struct cl_leaf **out, bool paths);
/* The leaf's dotted path, spelled out in @a on first use. */
const char *cl_leaf_path(struct cl_leaf *leaf, struct cl_arena *a);

/**
 * struct cl_path_ref - one dotted path of a caller's array, and where it is
 * @path: the path (not copied)
 * @index: its element in the caller's array
 */
struct cl_path_ref {
	const char *path;
	size_t index;
};

/**
 * struct cl_path_order - the paths of an array sorted, so that a path and
 *	the paths below it ("a.b" and "a.b.c") are found without a scan of
 *	the array per lookup, which made drawing a record quadratic
 * @v: the paths by strcmp(), equal paths by index
 * @n: number of @v
 * @cap: allocated @v
 *
 * cl_path_order_add() every path, cl_path_order_sort(), then look up.
 */
struct cl_path_order {
	struct cl_path_ref *v;
	size_t n, cap;
};

void cl_path_order_add(struct cl_path_order *po, const char *path, size_t index);
void cl_path_order_sort(struct cl_path_order *po);
void cl_path_order_free(struct cl_path_order *po);
/*
 * The run of @po->v equal to @path (@below false) or below it, starting
 * with "@path." (@below true): returns its first position, *@end the one
 * after its last (equal when there is none).
 */
size_t cl_path_order_find(const struct cl_path_order *po, const char *path, bool below,
			  size_t *end);

/*
 * Call @fn on every record that @rec embeds, at any depth, each once,
 * embedded ones before those that hold them (post-order); not on @rec.
 */
void cl_record_for_each_embedded(struct cl_record *rec,
				 void (*fn)(struct cl_record *r, void *data), void *data);

/*
 * How deep records nest (a member's record's member's record ...) before
 * every walk over them stops: conversion in each front end, the question
 * whether a record is worth converting, and core's walks, so that all of
 * them see the same record.  Records cannot contain themselves; the bound
 * guards corrupt input and the stack.
 */
#define CL_NESTING_MAX 64

/* Any member or leaf annotated, or path classes given: worth analysing. */
bool cl_record_is_annotated(const struct cl_record *rec);

/*
 * A hash of the layout (names, offsets, sizes, classes, nested records):
 * equal records from different compile units hash equal, so front ends that
 * see a type many times analyse it once.
 */
uint64_t cl_record_fingerprint(const struct cl_record *rec);

/*
 * The stable text form of dump-layout: one header line per record and one
 * line per member, nested records indented below their member.  It is what
 * the differential tests between front ends compare byte for byte.
 */
void cl_record_dump(FILE *out, const struct cl_record *rec);

const char *cl_class_name(enum cl_class cls);	/* "read_mostly", … */
int cl_class_parse(const char *s, enum cl_class *cls);	/* 0 or -1 */

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_LAYOUT_H */
