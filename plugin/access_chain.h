/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * access_chain.h - what the walk's two halves share: a reference followed
 * back to its object (access_chain.cc), and the statements and functions
 * that make the references (access_walk.cc)
 */
#ifndef CACHELINT_ACCESS_CHAIN_H
#define CACHELINT_ACCESS_CHAIN_H

#include "access_walk.h"

#define CHAIN_MAX 64
#define POINTER_HOPS 8

/**
 * struct step - one step from an object to the bytes an access touches
 * @ref: a component of a reference (COMPONENT_REF, ARRAY_REF, ...), or
 *	NULL_TREE for a reinterpretation of the bytes:
 * @raw_bits: ... at this many bits from where the previous step ended
 * @raw_size: ... as this many bits (0 when not known)
 * @raw_type: ... as an object of this type (NULL_TREE: not known)
 * @raw_own: the reinterpretation is the statement's own, at @raw_bits from
 *	the pointer chain.ptr (so the bytes' address is ptr + raw_bits / 8)
 */
struct step {
	tree ref;
	int64_t raw_bits;
	uint64_t raw_size;
	tree raw_type;
	bool raw_own;
};

/**
 * struct access_frame - a reference, followed back to its object
 * @s: the steps, the outermost first
 * @n: how many
 * @own: s[own..n) are the statement's own; s[0..own) were followed through
 *	the pointer @ptr, an operand of the statement
 * @ptr: that pointer (the MEM_REF's, or the address an atomic is given)
 * @core: the variable the steps start from, or NULL_TREE
 * @origin: the type at the start: @core's, or what the pointer the walk
 *	could not follow further points to
 * @parm: the steps start at what this PARM_DECL points to (summaries)
 * @at: the frame this copy stands for: the steps from s[at] on
 * @stmt: the statement
 * @ref: the reference as the statement has it (NULL_TREE for an address)
 * @is_pointer: @ref is an address (@ptr), not a reference
 * @moved: the pointer the walk could not follow further was moved by an
 *	offset only the run knows (`p + i`): what it points to is @origin's
 *	type only where the access says so
 * @self: the object is the running thread's own: what `current` points to
 *	(a compiler temporary get_current() returned), or a __thread variable
 * @percpu: the pointer the walk could not follow further points into a
 *	per-CPU area (this_cpu_ptr(), per_cpu_ptr())
 * @fresh: that pointer is what an allocator the function called returned
 */
struct access_frame {
	struct step s[CHAIN_MAX];
	int n, own;
	tree ptr, core, origin, parm;
	int at;
	gimple *stmt;
	tree ref;
	bool is_pointer, moved, self, percpu, fresh;
};

/**
 * struct param_use - what a function does with what a pointer parameter
 *	points to
 * @param: the parameter's position
 * @bits: where the access starts, in bits from what the parameter points to
 * @size: its bits (0: whatever the argument names, as a lock takes it)
 * @type: the type the access reads or writes (NULL_TREE: not known)
 * @kinds: ACC_READ, ACC_WRITE or both
 * @facts: CL_FACT_* of the access (atomic, a lock, inside a lock region)
 * @member: the function's own walk finds the access as a member of the
 *	record the parameter points to (it counts it itself)
 * @once: it runs once per call that returns
 * @escape: not an access: the address leaves the function here
 * @loc: where
 * @fn: the function it is in
 */
struct param_use {
	unsigned param;
	int64_t bits;
	uint64_t size;
	tree type;
	unsigned kinds, facts;
	bool member, once, escape;
	location_t loc;
	tree fn;
};

/**
 * struct hit_ctx - what every hit of one access shares
 * @frame: the chain and the frame
 * @kinds: read, write
 * @facts: CL_FACT_* (the access map's static sharing facts)
 * @via_facts: a reached access's own, in the function that makes it
 * @loc: where the access is (the member's name)
 * @escape: an address leaving, not an access: tell escape() instead
 * @where: where it leaves
 * @use: a reached access: where it is made
 * @once: the reached access runs once per call
 */
struct hit_ctx {
	const struct access_frame *frame;
	unsigned kinds, facts, via_facts;
	location_t loc;
	bool escape;
	tree kept;
	location_t where;
	const struct param_use *use;
	bool once;
};

/* access_chain.cc */
void chain_setup(struct cl_arena *arena, const struct access_sink *const *sinks, unsigned n);
void chain_teardown(void);
/* The unit's arena, for the walk's strings. */
struct cl_arena *chain_arena(void);
/* Before the walk of function @fn: its local pointers' one assignment each. */
void chain_begin_function(function *fn);
/* The statement walked, where the sinks put their code. */
void chain_at(gimple_stmt_iterator *gsi);
/* A local pointer variable of the current function, whose address is not taken. */
bool chain_local_pointer(tree t);
/* Whether the walk follows local pointer @t to its one assignment. */
bool chain_local_followed(tree t);
/*
 * The one statement of the function walked that sets @v, a compiler
 * temporary or a local variable in no memory: NULL when not one.
 */
gimple *chain_one_def(tree v);
/* An asm that addresses the running CPU's per-CPU area (`%%gs:`): CL_FACT_PERCPU. */
bool chain_asm_percpu(const gasm *as);
/* @c: @ref (or, @is_pointer, the object the address @ref names) followed back. */
void chain_init(struct access_frame *c, gimple *stmt, tree ref, bool is_pointer);
/* A reinterpretation of the bytes as a step of @c. */
void chain_push_raw(struct access_frame *c, int64_t bits, uint64_t size, tree type, bool own);
/* The type of what the steps before position @p name. */
tree chain_type_at(const struct access_frame *c, int p);
uint64_t chain_type_bits(tree type);
/* Bits from where step @s applies to where it ends; false if not constant. */
bool chain_step_bits(const struct step *s, int64_t *bits);
/* The bits the access makes, as @c's last step names them. */
uint64_t chain_access_size(const struct access_frame *c);
location_t chain_location(const struct access_frame *c, int from);
/* The members of the record at position @p that @c touches, to the sinks. */
void chain_frame_tell(struct hit_ctx *x, struct access_frame *c, int p, tree rtype,
		      const char *rec);
/* Every frame of @c from position @from on. */
void chain_tell(struct hit_ctx *x, struct access_frame *c, int from);
/* Whether @c has a frame: a record the access is a member of, or the whole of. */
bool chain_has_frame(const struct access_frame *c, int from);
/* An access of @kinds to @c's variable, for the sinks that want it. */
void chain_tell_variable(struct access_frame *c, unsigned kinds);
/* Whether a sink wants variable @t's accesses. */
bool chain_wants_variable(tree t);

#endif /* CACHELINT_ACCESS_CHAIN_H */
