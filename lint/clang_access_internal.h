/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clang_access_internal.h - what the lint's access walk shares between its
 * two files: a reference followed to its object and the members it touches
 * (clang_access.c), and the expressions, statements, calls and functions
 * that make references (clang_access_walk.c)
 */
#ifndef CACHELINT_CLANG_ACCESS_INTERNAL_H
#define CACHELINT_CLANG_ACCESS_INTERNAL_H

#include <stdbool.h>

#include "clang_access.h"
#include "model/hash.h"

struct macro_def;

#define LCHAIN_MAX 64
#define REACH_DEPTH 4

enum { ACC_R = 1, ACC_W = 2 };
/* what the value of an expression is used for */
enum ctx { CTX_READ, CTX_WRITE, CTX_SPLIT, CTX_RMW, CTX_DISCARD };
enum step_kind { STEP_FIELD, STEP_INDEX, STEP_RAW };

/**
 * struct lstep - one step from an object to the bytes an access touches
 * @kind: a member, an array element, a reinterpretation of the bytes
 * @field: STEP_FIELD: the member
 * @at: the expression the step came from (a member's name, for locations)
 * @followed: the step is inside an address (`&p->m`), not the access's own
 * @known: STEP_INDEX, STEP_RAW: @bits is known
 * @bits: the displacement in bits
 * @size: STEP_RAW: bits accessed (0 when not known)
 * @type: the type after the step (STEP_RAW: not known when @has_type is false)
 */
struct lstep {
	enum step_kind kind;
	CXCursor field, at;
	bool followed, known, has_type;
	long long bits;
	unsigned long long size;
	CXType type;
};

/**
 * struct lchain - an access followed back to its object
 * @s: the steps, the outermost first
 * @n: how many
 * @origin: the type where the steps start (a variable's, or a pointer's pointee)
 * @origin_var: the steps start at a variable (its whole copies are not seen)
 * @parm: while summarizing: the steps start at what parameter @parm_index points to
 * @parm_index: -1 when not
 * @where: the access's own expression (its `*`, its last member), for its location
 * @stmt: the statement, where the access has no member and no expression of its own
 * @is_pointer: the access is through an address (an atomic's, a lock's)
 * @broken: the object could not be told
 * @self: the object is the running thread's own (the plugin's
 *	access_frame.self): what get_current() returns, a thread-local variable
 * @percpu: the pointer the walk does not follow points into a per-CPU area
 *	(acc_percpu(), the plugin's access_frame.percpu)
 * @fresh: that pointer is what an allocator the function called returned
 *	(acc_fresh(), the plugin's access_frame.fresh)
 */
struct lchain {
	struct lstep s[LCHAIN_MAX];
	int n;
	CXType origin;
	bool origin_var;
	int parm_index;
	CXCursor where, stmt;
	bool is_pointer, broken, self, percpu, fresh;
};

/**
 * struct use - what a function does through a pointer parameter
 * @param: its position
 * @bits, @size: where the access is from what the parameter points to, and its bits
 * @type, @has_type: the type it reads or writes
 * @kinds: read, write
 * @facts: its CL_FACT_* in the function (its own, its lock region's, the function's)
 * @member: the function's own walk sees it as a member of the pointee's record
 * @once: it runs once per call
 * @at: where, in the function
 * @fn: the function's name
 * @roles: the threads that run the function (struct summary)
 */
struct use {
	int param;
	long long bits;
	unsigned long long size;
	CXType type;
	bool has_type;
	unsigned kinds, facts;
	bool member, once;
	CXCursor at;
	const char *fn, *roles;
};

/**
 * struct pass - a pointer parameter handed to another function
 * @param: its position
 * @callee: the function, its summary's index
 * @arg: the argument's position there
 * @bits: the displacement on the way
 * @once: the call runs once per call
 * @member: what is handed on is a member of the record the parameter
 *	points to: the function counts what the callee does with it
 */
struct pass {
	int param;
	size_t callee;
	int arg;
	long long bits;
	bool once, member;
};

/**
 * struct ldef - a local variable of a function and what sets it
 * @var: its declaration
 * @def: its initializer, the right side of its one `=`, or the asm that
 *	writes it
 * @n: how many set it (more than one, or its address taken: not followed)
 * @asms: asm statements that name it, not yet asked whether they write it
 *	(summary.lasms): an asm's operands cost tokens, read only for a
 *	variable percpu_expr() follows
 */
struct ldef {
	CXCursor var, def;
	unsigned n, asms;
};

/**
 * struct lasm - an asm statement that names a local variable (struct ldef)
 * @ldef: the variable's entry
 * @stmt: the asm
 */
struct lasm {
	size_t ldef;
	CXCursor stmt;
};

/**
 * struct summary - a function of the unit and what it does with its pointers
 * @fn: its definition
 * @name: as the map names it
 * @uses, @nuses, @cap_uses: the accesses through its parameters
 * @passes, @npasses, @cap_passes: the parameters it hands on
 * @reached: it is emitted (the walk visits it)
 * @local: a call to it runs this body (not interposable)
 * @params: pointer parameters, so it is summarized
 * @cold: a declaration of it is cold, or in an __init or __exit section
 *	(CL_FACT_COLD on all it does)
 * @under_lock: every call of it is under a lock, or in a function that is
 *	(CL_FACT_LOCKED on all it does, as the plugin's under_lock_find())
 * @setup_only: only setup code calls it, or functions that only it calls
 *	(CL_FACT_SETUP on all it does, as the plugin's callers_only_find())
 * @cold_only: only cold code calls it: unlikely branches, cold functions,
 *	functions that only cold code calls (CL_FACT_COLD on all it does, as
 *	the plugin's callers_only_find())
 * @roles: the threads that run it, by their start routines (access_map.h),
 *	NULL when none does
 * @started: while roles are found: calls that start it (a call in a loop counts twice)
 * @role_name: the role it gives as a start routine, as its lines name it
 * @loop_lo, @loop_hi: the first and the last line of its loops, 0 for none
 *	(CL_FACT_START in a start routine outside them)
 * @seen: while roles are found: the start routine whose role it got last
 * @asms, @nasms, @cap_asms: its asm statements, in the source's order,
 *	read the first time the walk meets one
 * @asm_facts: for each, what its template says: CL_FACT_ATOMIC when it
 *	locks ("lock", "xchg"), CL_FACT_PERCPU when it addresses the running
 *	CPU's per-CPU area (`%%gs:`)
 * @ldefs, @nldefs, @cap_ldefs: its local variables, each with the one
 *	expression or asm that sets it, read the first time percpu_expr()
 *	asks (ldefs_read)
 * @lasms, @nlasms, @cap_lasms: the asm statements that name them
 * @expects: whether its body calls __builtin_expect() (unlikely(),
 *	likely()): 0 not asked yet, 1 no, 2 yes; where not, no branch of it
 *	is cold and acc_children_cold() need not look
 */
struct summary {
	CXCursor fn;
	const char *name;
	struct use *uses;
	size_t nuses, cap_uses;
	struct pass *passes;
	size_t npasses, cap_passes;
	bool reached, local, params, cold, under_lock, setup_only, cold_only;
	const char *roles;
	const char *role;
	const char *role_name;
	unsigned started;
	unsigned loop_lo, loop_hi;
	size_t seen;
	CXCursor *asms;
	unsigned *asm_facts;
	size_t nasms, cap_asms;
	struct ldef *ldefs;
	size_t nldefs, cap_ldefs;
	struct lasm *lasms;
	size_t nlasms, cap_lasms;
	bool ldefs_read;
	unsigned char expects;
};

/**
 * struct aw - the walk of one unit
 * @tu: the unit
 * @map: where the lines go
 * @arena: names and paths
 * @fn_name: the function being walked
 * @pic: the unit is -fPIC/-fpic (public functions may be interposed)
 * @sums: every function definition, by clang_hashCursor() in @index
 * @nsums, @cap: how many
 * @index: @sums by cursor
 * @cur: while summarizing, the function's summary (uses instead of lines)
 * @once: while summarizing, whether the code walked runs once per call
 * @exited: while summarizing, a return was seen (what follows is not once)
 * @walked: the function walked or summarized
 * @locks: locks taken and not yet released by the statements so far of the
 *	function walked (or summarized): its accesses are CL_FACT_LOCKED
 *	while it is not 0, as the plugin counts them
 * @cold: the code walked is in unlikely branches (acc_cond_cold()), as
 *	deep: its accesses are CL_FACT_COLD
 * @fn_facts: what the function walked (or summarized) is: CL_FACT_COLD
 * @fn_roles: the threads that run the function walked (struct summary)
 * @kinds: the kinds of the access being told
 * @facts: its CL_FACT_*, with the function's and the region's
 * @use: a reached access's use (its second line), or NULL
 * @macros, @nmacros, @cap_macros: the unit's macro definitions, read the
 *	first time an asm statement that a macro wrote needs them
 * @macro_index: @macros by name
 * @macros_read: they were read
 * @search: the search for an asm in macros going on (macro_def.seen)
 * @frame: the record of the frame being told (its lines' record)
 * @recs: the records the lines name, each once, for their embeds
 * @rec_types, @nrec_types, @rec_types_cap: each one's type, the first
 *	line's (as @recs.v)
 */
struct aw {
	CXTranslationUnit tu;
	struct cl_access_map *map;
	struct cl_arena arena;
	const char *fn_name;
	bool pic;
	struct summary *sums;
	size_t nsums, cap;
	struct cl_index index;
	struct summary *cur;
	bool once, exited;
	struct summary *walked;
	unsigned locks, fn_facts, cold;
	const char *fn_roles;
	unsigned kinds, facts;
	const struct use *use;
	struct macro_def *macros;
	size_t nmacros, cap_macros;
	struct cl_index macro_index;
	bool macros_read;
	unsigned search;
	CXType frame;
	struct cl_strset recs;
	CXType *rec_types;
	size_t nrec_types, rec_types_cap;
};

/**
 * struct kids - a cursor's children
 * @v: them
 * @n: how many
 * @cap: allocated
 */
struct kids {
	CXCursor *v;
	size_t n, cap;
};

struct kids acc_children(CXCursor c);
CXCursor acc_only_child(CXCursor c);
enum CXCursorKind acc_kind(CXCursor c);
CXType acc_canon(CXType t);
/* The definition of the record type @t (_Atomic aside), or a null cursor. */
CXCursor acc_record_of(CXType t);
CXType acc_ctype(CXCursor c);
bool acc_is_pointer(CXType t);
bool acc_is_array(CXType t);
bool acc_is_atomic(CXType t);
unsigned long long acc_type_bits(CXType t);
bool acc_same_type(CXType a, CXType b);
bool acc_constant(CXCursor e, long long *v);
bool acc_implicit(CXCursor c);
CXCursor acc_peel_parens(CXCursor c);
/*
 * Parentheses and implicit conversions around @e, and with @what casts
 * (ACC_PEEL_CASTS: their operand) or statement expressions
 * (ACC_PEEL_STMT_EXPR: `({ ...; value; })`'s value, its last statement).
 */
#define ACC_PEEL_CASTS		1u
#define ACC_PEEL_STMT_EXPR	2u
CXCursor acc_peel(CXCursor e, unsigned what);
bool acc_lvalue_kind(CXCursor c);
/* Append a step of @k at @at (a full chain is marked broken). */
void acc_push(struct lchain *c, enum step_kind k, CXCursor at, bool followed);
void acc_push_raw(struct lchain *c, long long bits, unsigned long long size, CXType type,
		     bool has_type);
CXType acc_type_at(const struct lchain *c, int p, bool *known);
void acc_chain_init(struct lchain *c);
bool acc_step_bits(const struct lchain *c, int i, long long *bits);
CXCursor acc_location(const struct lchain *c, int from);
/* Whether @c has a frame the walk tells (for summaries: the function counts it). */
bool acc_has_frame(struct aw *w, const struct lchain *c);
void acc_frames(struct aw *w, struct lchain *c, int from, int to);
/* @facts with the walk's context: the lock region's, the function's. */
unsigned acc_context_facts(const struct aw *w, unsigned facts);
/* The records that the records of the lines hold, to the map's embeds (once, at the end). */
void acc_embeds(struct aw *w);
/* Tell the access of @kinds through @c, whose own CL_FACT_* are @facts. */
void acc_tell(struct aw *w, struct lchain *c, unsigned kinds, unsigned facts);

/*
 * clang_access_walk.c: the walk, and the lvalue chains it builds, which
 * visit what their steps compute (an index, a pointer's value): the two
 * recurse, so they are one file, on top of the helpers above
 * (clang_access.c), which call nothing back.
 */
void acc_pointer(struct aw *w, CXCursor e, struct lchain *c);
void acc_lvalue(struct aw *w, CXCursor e, struct lchain *c, bool followed);
void acc_access(struct aw *w, CXCursor e, enum ctx ctx, unsigned facts);
void acc_access_through(struct aw *w, CXCursor stmt, CXCursor e, unsigned kinds, bool whole,
			unsigned facts);
void acc_visit(struct aw *w, CXCursor c, enum ctx ctx);
/* The first token of @c's extent, in w's arena ("__atomic_load_n", a macro's name). */
char *acc_first_token(struct aw *w, CXCursor c);
/* A call: atomics, locks, a unit function's summary reached through its arguments. */
void acc_call(struct aw *w, CXCursor e);
/* @c is spelled @a (or @b, when not NULL). */
bool acc_spelled(CXCursor c, const char *a, const char *b);
/* @c is declared in namespace std. */
bool acc_in_std(CXCursor c);
/* The summary of function @fn of the unit, made on first use; NULL for another unit's. */
struct summary *acc_summary_of(struct aw *w, CXCursor fn);

/* clang_access_asm.c: an asm statement's operands, as reads and writes. */
void acc_walk_asm(struct aw *w, CXCursor stmt);
/* What asm @stmt's template says of its memory operands: CL_FACT_ATOMIC, CL_FACT_PERCPU. */
unsigned acc_asm_facts(struct aw *w, CXCursor stmt);
/*
 * Which way condition @c is not expected to go, by __builtin_expect()
 * (unlikely(), likely()), through `!`, `&&` and `||`: its true branch
 * (@then_cold), its false one (@else_cold), as the plugin's
 * unlikely_blocks() marks GCC's blocks.
 */
void acc_cond_cold(struct aw *w, CXCursor c, bool *then_cold, bool *else_cold);
/* The operator token after @left in binary operator @e, in @buf ("" inside a macro's body). */
const char *acc_binary_op(struct aw *w, CXCursor e, CXCursor left, char *buf, size_t n);
/*
 * Which children @ks of @c (an if, a ?:, a while, a for, a binary
 * operator) an unlikely branch runs, by acc_cond_cold(): @cold[i] for the
 * i-th (children past ACC_KIDS_COLD are not); whether any is.
 */
#define ACC_KIDS_COLD 8
bool acc_children_cold(struct aw *w, CXCursor c, const struct kids *ks, bool cold[ACC_KIDS_COLD]);
/* Visit @c, in an unlikely branch if @cold, and not once per call if @sometimes. */
void acc_visit_cold(struct aw *w, CXCursor c, enum ctx ctx, bool cold, bool sometimes);
/* How many outputs asm @stmt has, its first children (0 when its operands cannot be read). */
size_t acc_asm_outputs(struct aw *w, CXCursor stmt);
/* A variable's initializer (NULL cursor: none). */
CXCursor acc_var_init(CXCursor d);
/* Pointer value @e points into a per-CPU area (this_cpu_ptr(), per_cpu_ptr()): CL_FACT_PERCPU. */
bool acc_percpu(struct aw *w, CXCursor e);
/* Pointer value @e is what an allocator this function called returned: CL_FACT_FRESH. */
bool acc_fresh(struct aw *w, CXCursor e);

/*
 * clang_access_threads.c: each function's roles (the threads that run
 * it), and the functions that run only under their callers' locks.
 */
void acc_roles(struct aw *w);
void acc_under_lock(struct aw *w, CXCursor top);

#endif /* CACHELINT_CLANG_ACCESS_INTERNAL_H */
