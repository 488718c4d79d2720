// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_walk.cc - which struct members each statement reads and writes:
 * the analysis behind `instrument` (instrument.cc counts what it finds)
 * and `access-map` (access_map.cc writes it down)
 *
 * It runs on every function of the unit as lowered GIMPLE with a CFG,
 * before SSA, before inlining and before any optimization, so that what it
 * finds is what the source does: a member kept in a register is still read
 * each time the source reads it.  Nothing here changes a statement, builds
 * a tree or allocates in GCC's collected heap (offsets are read from the
 * INTEGER_CSTs, as convert.cc does): with access-map alone the object code
 * stays what it is without the plugin.
 *
 * Each statement's references — the operands of loads and stores, an
 * asm's memory operands (as its constraints read them), the addresses
 * given to atomic builtins and to pthread mutex, spin and rwlock calls —
 * are followed back to their objects by access_chain.cc, which tells the
 * sinks which members they touch.
 *
 * Reach.  The address of a member passed to a function of the unit that
 * binds locally (static, inline, or one the linker cannot interpose) is
 * followed into it: each such function is summarized once, before any code
 * is added, by what it does with each pointer parameter — loads and stores
 * through it, atomic builtins and pthread locks on it, asm memory operands,
 * and the parameter or a member's address of it passed on to another
 * summarized function (followed to ACCESS_REACH_DEPTH calls) — and the
 * call counts those accesses as accesses of the member the argument names,
 * at the call.  This rather
 * than counting after early inlining: that pass runs in SSA after the
 * early optimizations have removed loads, does not inline at -O0, and
 * inlines by a heuristic, so the counts would no longer be what the source
 * does.  A summarized access counts once per call, which is exact only for
 * an access that runs once per call: one in a block that every path from
 * the function's entry to its return goes through, outside any loop.  An
 * access under a condition or in a loop of the function reached is in the
 * map but not counted, and `instrument-notes` says so where it is.
 *
 * An address the walk cannot follow (passed to another function, stored
 * in memory, returned) is an escape: the sinks are told where.
 */
#include "access_chain.h"

#include "access_map/access_map.h"
#include "infer/infer.h"

#include "tree-pass.h"
#include "cgraph.h"
#include "ssa.h"
#include "stmt.h"
#include "varasm.h"
#include "cfganal.h"
#include "tree-cfg.h"
#include "graphds.h"

#define ACCESS_REACH_DEPTH 4
/* Functions of more blocks are not looked into: a summary costs blocks squared. */
#define SUMMARY_BLOCKS_MAX 256

/**
 * struct param_pass - a pointer parameter handed to another function
 * @param: the parameter's position
 * @callee: the function (summarized, or NULL_TREE: not followed)
 * @arg: the argument's position there
 * @bits: the displacement added on the way, in bits
 * @once: the call runs once per call that returns
 * @member: what is handed on is a member of the record the parameter points
 *	to (`&p->in`): the function's own walk counts what the callee does
 *	with it, as a member of that record
 * @loc: where the call is
 */
struct param_pass {
	unsigned param;
	tree callee;
	unsigned arg;
	int64_t bits;
	bool once, member;
	location_t loc;
};

/**
 * struct fn_summary - what a function does with its pointer parameters
 * @uses: the accesses through them, and the places they escape
 * @passes: the parameters given to other functions
 */
struct fn_summary {
	vec<param_use> uses;
	vec<param_pass> passes;
};

typedef int_hash<unsigned int, 0xffffffffu, 0xfffffffeu> uid_hash;

/**
 * struct walk_state - the unit's walk
 * @summaries: DECL_UID of a summarized function -> its summary
 * @summary: while a function is summarized, its summary (the walk then
 *	records uses of its parameters instead of telling the sinks)
 * @once: while summarizing, whether the statement's block runs once per call
 * @locks: locks taken and not yet released, in the function's statements
 *	in order so far: its accesses are CL_FACT_LOCKED while it is not 0
 * @fn_facts: what the whole function is (CL_FACT_COLD: __init, __exit, cold;
 *	CL_FACT_LOCKED: every call of it is under a lock, under_lock_find())
 * @roles: DECL_UID of a function -> the threads that run it (access_map.h)
 * @starts: the functions the unit starts threads on, with their loops' lines
 * @under_lock: DECL_UID of the functions that run only under a lock
 * @setup_only: DECL_UID of the functions that only setup code calls
 * @cold_only: DECL_UID of the functions that only cold code calls (an
 *	unlikely branch, a cold function, or a function that only it calls)
 * @unlikely: DECL_UID of a function -> the blocks of it that unlikely
 *	branches run (unlikely_blocks(), NULL for none): read once, for the
 *	cold-only fixpoint and again by the walk
 * @cold: those of the function walked
 * @bb_cold: the block walked is one: its accesses are CL_FACT_COLD
 */
struct walk_state {
	hash_map<uid_hash, fn_summary *> *summaries;
	fn_summary *summary;
	bool once;
	unsigned locks;
	unsigned fn_facts;
	hash_map<uid_hash, const char *> *roles;
	vec<access_start> starts;
	hash_set<uid_hash> *under_lock;
	hash_set<uid_hash> *setup_only;
	hash_set<uid_hash> *cold_only;
	hash_map<uid_hash, sbitmap> *unlikely;
	sbitmap cold;
	bool bb_cold;
};

static struct walk_state ws;

/* ------------------------------------------------------------------ */
/* Summaries: what a function does with its pointer parameters          */
/* ------------------------------------------------------------------ */

static fn_summary *summary_of(tree fndecl)
{
	fn_summary **s;

	if (!fndecl || !ws.summaries)
		return NULL;
	s = ws.summaries->get(DECL_UID(fndecl));
	return s ? *s : NULL;
}

static int param_index(tree parm)
{
	int i = 0;

	for (tree p = DECL_ARGUMENTS(current_function_decl); p; p = DECL_CHAIN(p), i++)
		if (p == parm)
			return i;
	return -1;
}

/*
 * While summarizing: an access of @kinds through @c (a chain that starts at
 * a parameter's pointee) is a use of that parameter.
 */
static void summary_use(const struct access_frame *c, unsigned kinds, unsigned facts,
			location_t loc, bool escape)
{
	struct param_use u;
	int64_t off = 0, b;
	int i = param_index(c->parm);

	if (i < 0)
		return;
	for (int k = 0; k < c->n; k++) {
		if (!chain_step_bits(&c->s[k], &b))
			return;	/* at an index only the run knows: not followed */
		off += b;
	}
	u.param = (unsigned)i;
	u.bits = off;
	u.size = escape ? 0 : chain_access_size(c);
	u.type = escape ? NULL_TREE : chain_type_at(c, c->n);
	u.kinds = kinds;
	u.facts = facts;
	u.member = !escape && chain_has_frame(c, 0);
	u.once = ws.once;
	u.escape = escape;
	u.loc = loc != UNKNOWN_LOCATION ? loc : DECL_SOURCE_LOCATION(current_function_decl);
	u.fn = current_function_decl;
	ws.summary->uses.safe_push(u);
}

static bool binds_here(tree fndecl);

/*
 * Whether the steps of @c from the parameter to the address handed on are
 * a displacement a pass can carry: members (`&p->in`, C++'s `&this->_M_base`
 * of std::atomic<bool>, `&this->_M_mutex` of std::mutex), or one constant
 * offset (`(char *)p + 8`).
 */
static bool pass_steps(const struct access_frame *c)
{
	for (int k = 0; k < c->n; k++) {
		if (!c->s[k].ref ? c->n > 1 : TREE_CODE(c->s[k].ref) != COMPONENT_REF)
			return false;
	}
	return true;
}

/* While summarizing: @arg (of call @call, position @j) hands a parameter on. */
static bool summary_pass(gcall *call, unsigned j, tree arg)
{
	struct access_frame c;
	struct param_pass p;
	tree callee = gimple_call_fndecl(call);
	int64_t off = 0, b;
	int i;

	chain_init(&c, call, arg, true);
	if (!c.parm || (i = param_index(c.parm)) < 0)
		return false;
	for (int k = 0; k < c.n; k++) {
		if (!chain_step_bits(&c.s[k], &b))
			return false;
		off += b;
	}
	if (!callee || !binds_here(callee) || !pass_steps(&c))
		return false;
	p.param = (unsigned)i;
	p.callee = callee;
	p.arg = j;
	p.bits = off;
	p.once = ws.once;
	p.member = chain_has_frame(&c, 0);
	p.loc = gimple_location(call);
	ws.summary->passes.safe_push(p);
	return true;
}

/*
 * Whether a call to @fndecl runs the body this unit has: a function of
 * the unit that binds locally (static, inline, or not interposable).
 */
static bool binds_here(tree fndecl)
{
	cgraph_node *node = cgraph_node::get(fndecl);

	if (!node || !node->has_gimple_body_p() || DECL_STRUCT_FUNCTION(fndecl) == NULL)
		return false;
	return !TREE_PUBLIC(fndecl) || DECL_DECLARED_INLINE_P(fndecl) || DECL_COMDAT(fndecl) ||
	       decl_binds_to_current_def_p(fndecl);
}

/*
 * The blocks that run exactly once per call that returns: on every path
 * from the entry to the exit, and in no cycle.  Returned as a bitmap of
 * block indices (sbitmap), NULL when the function is too large.
 */
static sbitmap blocks_once(function *fn)
{
	unsigned nb = (unsigned)last_basic_block_for_fn(fn);
	basic_block entry = ENTRY_BLOCK_PTR_FOR_FN(fn), exit = EXIT_BLOCK_PTR_FOR_FN(fn);
	auto_vec<basic_block> stack;
	sbitmap once, seen;
	basic_block bb;

	if (n_basic_blocks_for_fn(fn) > SUMMARY_BLOCKS_MAX)
		return NULL;
	once = sbitmap_alloc(nb);
	seen = sbitmap_alloc(nb);
	bitmap_clear(once);
	FOR_EACH_BB_FN(bb, fn) {
		bool cycle = false, reaches_exit = false;
		edge_iterator ei;
		edge e;

		/* in a cycle: bb is reachable from its successors */
		bitmap_clear(seen);
		FOR_EACH_EDGE(e, ei, bb->succs)
			stack.safe_push(e->dest);
		while (!stack.is_empty() && !cycle) {
			basic_block b = stack.pop();

			if (b == bb) {
				cycle = true;
			} else if (b->index >= NUM_FIXED_BLOCKS && !bitmap_bit_p(seen, b->index)) {
				bitmap_set_bit(seen, b->index);
				FOR_EACH_EDGE(e, ei, b->succs)
					stack.safe_push(e->dest);
			}
		}
		stack.truncate(0);
		if (cycle)
			continue;
		/* on every path: without bb, the exit cannot be reached */
		bitmap_clear(seen);
		bitmap_set_bit(seen, bb->index);
		stack.safe_push(entry);
		while (!stack.is_empty() && !reaches_exit) {
			basic_block b = stack.pop();

			FOR_EACH_EDGE(e, ei, b->succs) {
				if (e->dest == exit) {
					reaches_exit = true;
					break;
				}
				if (e->dest->index >= NUM_FIXED_BLOCKS &&
				    !bitmap_bit_p(seen, e->dest->index)) {
					bitmap_set_bit(seen, e->dest->index);
					stack.safe_push(e->dest);
				}
			}
		}
		stack.truncate(0);
		if (!reaches_exit)
			bitmap_set_bit(once, bb->index);
	}
	sbitmap_free(seen);
	/* a function that never returns: nothing is once per returning call */
	if (EDGE_COUNT(exit->preds) == 0)
		bitmap_clear(once);
	return once;
}

/* ------------------------------------------------------------------ */
/* Statements                                                           */
/* ------------------------------------------------------------------ */

/*
 * An access of @kinds by @ref (or, @is_pointer, through the address @ref):
 * each member it touches to the sinks, or, while summarizing, a use of the
 * parameter it goes through.  @whole: the access takes the member the
 * address names as a whole (a lock): `lock`, not the leaves of its union.
 */
/* The facts of an access in the function walked: its own, its region's, its function's. */
static unsigned context_facts(unsigned facts)
{
	return facts | (ws.locks ? CL_FACT_LOCKED : 0) | ws.fn_facts | (ws.bb_cold ? CL_FACT_COLD : 0);
}

static void access_ref(gimple *stmt, tree ref, unsigned kinds, bool is_pointer, bool whole,
		       unsigned facts)
{
	struct access_frame c;
	struct hit_ctx x = { };

	chain_init(&c, stmt, ref, is_pointer);
	if (c.n >= CHAIN_MAX)
		return;
	if (c.self)
		facts |= CL_FACT_SELF;
	if (c.percpu)
		facts |= CL_FACT_PERCPU;
	if (c.fresh)
		facts |= CL_FACT_FRESH;
	if (whole) {
		tree pointee = chain_type_at(&c, c.n);

		chain_push_raw(&c, 0, chain_type_bits(pointee), pointee, true);
	}
	if (ws.summary) {
		if (c.parm)
			summary_use(&c, kinds, context_facts(facts), chain_location(&c, 0), false);
		return;
	}
	x.kinds = kinds;
	x.facts = context_facts(facts);
	chain_tell(&x, &c, 0);
	/* an element of an instrumented variable, or the variable */
	if (c.core && VAR_P(c.core))
		chain_tell_variable(&c, kinds);
}

/* The address @val leaves the function at @stmt (or is @kept in a local pointer not followed). */
static void escape_ref(gimple *stmt, tree val, tree kept = NULL_TREE)
{
	struct access_frame c;
	struct hit_ctx x = { };

	if (!val || !POINTER_TYPE_P(TREE_TYPE(val)))
		return;
	chain_init(&c, stmt, val, true);
	if (c.n >= CHAIN_MAX)
		return;
	if (ws.summary) {
		if (c.parm)
			summary_use(&c, 0, 0, gimple_location(stmt), true);
		return;
	}
	x.escape = true;
	x.kept = kept;
	x.where = gimple_location(stmt);
	if (x.where == UNKNOWN_LOCATION)
		x.where = DECL_SOURCE_LOCATION(current_function_decl);
	chain_tell(&x, &c, 0);
}

static bool is_memory(tree t)
{
	if (!t || TREE_CODE(t) == SSA_NAME || CONSTANT_CLASS_P(t) ||
	    TREE_CODE(t) == ADDR_EXPR || TREE_CODE(t) == CONSTRUCTOR)
		return false;
	if (handled_component_p(t) || TREE_CODE(t) == MEM_REF || TREE_CODE(t) == TARGET_MEM_REF)
		return true;
	/* a whole variable: a record's members, or an instrumented variable's */
	if (!VAR_P(t) && TREE_CODE(t) != PARM_DECL && TREE_CODE(t) != RESULT_DECL)
		return false;
	return RECORD_OR_UNION_TYPE_P(TREE_TYPE(t)) || chain_wants_variable(t);
}

/* __atomic_load*: a read; __atomic_store*: a write; the others both. */
static unsigned atomic_kinds(tree fndecl)
{
	const char *name;

	if (!fndecl || !fndecl_built_in_p(fndecl, BUILT_IN_NORMAL) || !DECL_NAME(fndecl))
		return 0;
	name = IDENTIFIER_POINTER(DECL_NAME(fndecl));
	if (!strncmp(name, "__atomic_load", 13))
		return ACC_READ;
	if (!strncmp(name, "__atomic_store", 14))
		return ACC_WRITE;
	if (!strncmp(name, "__atomic_", 9) || !strncmp(name, "__sync_", 7))
		return ACC_READ | ACC_WRITE;
	return 0;
}

bool access_call_is_atomic(const gcall *call)
{
	return atomic_kinds(gimple_call_fndecl(call)) != 0;
}

/*
 * What core's lock table says of a callee's name, remembered per name:
 * every call of a unit asks, a few hundred names over thousands of calls
 * (GCC's identifiers are unique and live as long as the unit, so the
 * pointer is the key).  @known: bit 0 @step, bit 1 + i @kinds[i].
 */
#define LOCK_MEMO_SLOTS 1024
#define LOCK_MEMO_ARGS 4

static struct lock_memo {
	const char *name;
	int step;
	unsigned kinds[LOCK_MEMO_ARGS];
	unsigned known;
} lock_memo[LOCK_MEMO_SLOTS];

static struct lock_memo *lock_memo_of(const char *name)
{
	struct lock_memo *m = &lock_memo[((uintptr_t)name >> 3) % LOCK_MEMO_SLOTS];

	if (m->name != name) {
		m->name = name;
		m->known = 0;
	}
	return m;
}

static int name_lock_step(const char *name)
{
	struct lock_memo *m = lock_memo_of(name);

	if (!(m->known & 1)) {
		m->step = cl_access_lock_step(name);
		m->known |= 1;
	}
	return m->step;
}

/* A pthread lock call's effect on what argument @i points to (core's one table). */
static unsigned lock_kinds(tree fndecl, unsigned i)
{
	struct lock_memo *m;

	if (!fndecl || !DECL_NAME(fndecl))
		return 0;
	if (i >= LOCK_MEMO_ARGS)
		return cl_access_lock_kinds(IDENTIFIER_POINTER(DECL_NAME(fndecl)), i);
	m = lock_memo_of(IDENTIFIER_POINTER(DECL_NAME(fndecl)));
	if (!(m->known & (2u << i))) {
		m->kinds[i] = cl_access_lock_kinds(m->name, i);
		m->known |= 2u << i;
	}
	return m->kinds[i];
}

/*
 * A call's callee as the C++ lock table names it, qualified and without
 * template arguments ("std::lock_guard::lock_guard"), in @buf; NULL for
 * one that is not the standard library's.  Its mutexes and guards reach
 * the lock word through a pointer stored in the guard (_M_device), which
 * no summary follows, so they are known by name, as pthread's are.
 */
static const char *cxx_lock_name(tree fndecl, char *buf, size_t n)
{
	const char *s;
	size_t k = 0;
	int depth = 0;

	if (!lang_GNU_CXX() || !fndecl || !DECL_NAME(fndecl) ||
	    !in_system_header_at(DECL_SOURCE_LOCATION(fndecl)))
		return NULL;
	s = lang_hooks.decl_printable_name(fndecl, 1);
	if (strncmp(s, "std::", 5))
		return NULL;
	for (; *s && k + 1 < n; s++) {
		if (*s == '<')
			depth++;
		else if (*s == '>')
			depth--;
		else if (!depth)
			buf[k++] = *s;
	}
	buf[k] = 0;
	return *s ? NULL : buf;
}

/* The type of a lock tag argument of @call ("std::defer_lock_t"), in @buf, or NULL. */
static const char *cxx_lock_tag(gcall *call, char *buf, size_t n)
{
	for (unsigned i = 0; i < gimple_call_num_args(call); i++) {
		tree t = TYPE_MAIN_VARIANT(TREE_TYPE(gimple_call_arg(call, i)));
		const char *name;
		size_t len;

		if (TREE_CODE(t) != RECORD_TYPE || !TYPE_NAME(t) ||
		    TREE_CODE(TYPE_NAME(t)) != TYPE_DECL)
			continue;
		name = lang_hooks.decl_printable_name(TYPE_NAME(t), 2);
		len = strlen(name);
		if (!strncmp(name, "std::", 5) && len > 7 && !strcmp(name + len - 7, "_lock_t")) {
			snprintf(buf, n, "%s", name);
			return buf;
		}
	}
	return NULL;
}

static void reach_call(gcall *call, unsigned j, tree arg, tree callee);

/* Whether argument @j of a call to @fndecl is a pointer parameter it was summarized for. */
static bool reachable(tree fndecl, unsigned j)
{
	tree p = fndecl ? DECL_ARGUMENTS(fndecl) : NULL_TREE;

	if (!summary_of(fndecl))
		return false;
	for (; p && j; p = DECL_CHAIN(p), j--)
		;
	return p && POINTER_TYPE_P(TREE_TYPE(p));
}

/* A volatile access (READ_ONCE, WRITE_ONCE): CL_FACT_ONCE. */
static unsigned ref_facts(tree ref)
{
	return TREE_THIS_VOLATILE(ref) || TYPE_VOLATILE(TREE_TYPE(ref)) ? CL_FACT_ONCE : 0;
}

/* A call that takes or releases a lock: the statements after it are in its region or not. */
static void lock_step(tree fndecl)
{
	int step = fndecl && DECL_NAME(fndecl) ?
		   name_lock_step(IDENTIFIER_POINTER(DECL_NAME(fndecl))) : 0;

	if (step > 0)
		ws.locks++;
	else if (step < 0 && ws.locks)
		ws.locks--;
}

static void walk_call(gcall *call)
{
	tree fndecl = gimple_call_fndecl(call), lhs = gimple_call_lhs(call);
	unsigned kinds = atomic_kinds(fndecl), n = gimple_call_num_args(call);
	char cxx_buf[256], tag_buf[64];
	const char *cxx = cxx_lock_name(fndecl, cxx_buf, sizeof(cxx_buf));
	const char *tag = cxx ? cxx_lock_tag(call, tag_buf, sizeof(tag_buf)) : NULL;

	/*
	 * The object is the first argument, or the second where the first
	 * is the size: the generic __atomic_load/store/exchange/
	 * compare_exchange of an object no _N form fits (24 bytes).
	 */
	for (unsigned i = 0; kinds && i < 2 && i < n; i++) {
		tree arg = gimple_call_arg(call, i);

		if (POINTER_TYPE_P(TREE_TYPE(arg))) {
			access_ref(call, arg, kinds, true, false, CL_FACT_ATOMIC);
			return;
		}
		if (TREE_CODE(arg) != INTEGER_CST)
			break;
	}
	for (unsigned i = 0; !gimple_call_internal_p(call) && i < n; i++) {
		tree arg = gimple_call_arg(call, i);
		unsigned lk = cxx ? cl_access_cxx_lock_kinds(cxx, i, tag) : lock_kinds(fndecl, i);

		if (!POINTER_TYPE_P(TREE_TYPE(arg)))
			continue;
		if (lk)
			access_ref(call, arg, lk, true, true, CL_FACT_LOCK);
		else if (ws.summary ? !summary_pass(call, i, arg) : !reachable(fndecl, i))
			escape_ref(call, arg);
		else if (!ws.summary)
			reach_call(call, i, arg, fndecl);
	}
	/* records passed and returned by value */
	for (unsigned i = 0; i < n; i++)
		if (is_memory(gimple_call_arg(call, i)))
			access_ref(call, gimple_call_arg(call, i), ACC_READ, false, false,
				   ref_facts(gimple_call_arg(call, i)));
	if (is_memory(lhs))
		access_ref(call, lhs, ACC_WRITE, false, false, ref_facts(lhs));
	lock_step(fndecl);
}

/*
 * An asm that is an atomic instruction: a `lock` prefix (the kernel's
 * LOCK_PREFIX), or xchg, which locks without one.
 */
static bool asm_atomic(gasm *as)
{
	const char *t = gimple_asm_string(as);

	return t && (strstr(t, "lock") || strstr(t, "xchg"));
}

/*
 * An asm's memory operands, each as the asm's own constraint says: an
 * output is written (and read, where the asm reads it too: the input GCC
 * made of a "+m" names the same object), an input that must be in memory
 * ("m", "o", "V", a target's memory constraints: whatever
 * parse_input_constraint() says allows memory and no register) is read.
 * An input that may be a register is a value the code loaded before the
 * asm, and that load is counted where it is.
 */
static void walk_asm(gasm *as)
{
	unsigned nout = gimple_asm_noutputs(as), nin = gimple_asm_ninputs(as);
	unsigned facts = (asm_atomic(as) ? CL_FACT_ATOMIC : 0) |
			 (chain_asm_percpu(as) ? CL_FACT_PERCPU : 0);
	auto_vec<const char *> constraints;
	auto_vec<bool> read_too;

	for (unsigned i = 0; i < nout; i++) {
		tree op = gimple_asm_output_op(as, i);

		constraints.safe_push(TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op))));
		read_too.safe_push(false);
	}
	for (unsigned i = 0; i < nin; i++) {
		tree op = gimple_asm_input_op(as, i), val = TREE_VALUE(op);
		const char *con = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));
		bool mem = false, reg = false, same = false;

		if (!parse_input_constraint(&con, (int)i, (int)nin, (int)nout, 0,
					    constraints.address(), &mem, &reg) ||
		    !mem || reg || !is_memory(val))
			continue;
		for (unsigned o = 0; o < nout && !same; o++)
			if (operand_equal_p(TREE_VALUE(gimple_asm_output_op(as, o)), val, 0)) {
				read_too[o] = true;
				same = true;
			}
		/*
		 * A locked instruction reads and writes its memory operand, whatever
		 * the constraint says (the kernel's set_bit() gives its word as an
		 * input "m" and a "memory" clobber).
		 */
		if (!same)
			access_ref(as, val, facts & CL_FACT_ATOMIC ? ACC_READ | ACC_WRITE : ACC_READ,
				   false, false, facts | ref_facts(val));
	}
	for (unsigned i = 0; i < nout; i++) {
		tree val = TREE_VALUE(gimple_asm_output_op(as, i));
		const char *con = constraints[i];
		bool mem = false, reg = false, inout = false;

		if (!parse_output_constraint(&con, (int)i, (int)nin, (int)nout, &mem, &reg, &inout) ||
		    !is_memory(val))
			continue;
		access_ref(as, val, ACC_WRITE | (read_too[i] || inout ? ACC_READ : 0), false, false,
			   facts | ref_facts(val));
	}
}

static void walk_stmt(gimple_stmt_iterator *gsi)
{
	gimple *stmt = gsi_stmt(*gsi);

	chain_at(gsi);
	if (gimple_clobber_p(stmt))
		return;
	if (gcall *call = dyn_cast<gcall *>(stmt)) {
		walk_call(call);
		return;
	}
	if (gasm *as = dyn_cast<gasm *>(stmt)) {
		walk_asm(as);
		return;
	}
	if (greturn *ret = dyn_cast<greturn *>(stmt)) {
		escape_ref(stmt, gimple_return_retval(ret));
		return;
	}
	if (!is_gimple_assign(stmt))
		return;
	/* a pointer stored anywhere but in a local variable */
	if (gimple_assign_single_p(stmt) && TREE_CODE(gimple_assign_lhs(stmt)) != SSA_NAME &&
	    !chain_local_pointer(gimple_assign_lhs(stmt)))
		escape_ref(stmt, gimple_assign_rhs1(stmt));
	/*
	 * ... or in a local pointer assigned in more than one place (`p = c ?
	 * &s->a : &s->b`, a cursor moved in a loop): the accesses through it
	 * could touch either, and are not counted; instrument-notes says so.
	 */
	else if (gimple_assign_single_p(stmt) && chain_local_pointer(gimple_assign_lhs(stmt)) &&
		 !chain_local_followed(gimple_assign_lhs(stmt)))
		escape_ref(stmt, gimple_assign_rhs1(stmt), gimple_assign_lhs(stmt));
	if (gimple_assign_single_p(stmt) && is_memory(gimple_assign_rhs1(stmt)))
		access_ref(stmt, gimple_assign_rhs1(stmt), ACC_READ, false, false,
			   ref_facts(gimple_assign_rhs1(stmt)));
	if (is_memory(gimple_assign_lhs(stmt)))
		access_ref(stmt, gimple_assign_lhs(stmt), ACC_WRITE, false, false,
			   ref_facts(gimple_assign_lhs(stmt)));
}

/* ------------------------------------------------------------------ */
/* Reach: a call that hands a member's address to a summarized function */
/* ------------------------------------------------------------------ */

/*
 * The uses of parameter @j of @callee, displaced by @bits, into @out; the
 * parameter handed on further is followed @depth more calls.  @once: the
 * path so far runs once per call; @member: a function on it counts the
 * uses as members of its parameter's record.
 */
static void summary_expand(tree callee, unsigned j, int64_t bits, bool once, bool member,
			   unsigned depth, vec<param_use> *out)
{
	fn_summary *s = summary_of(callee);

	if (!s) {
		/* summarized nothing (no pointer parameter as such): not followed */
		param_use v = { };

		v.param = j;
		v.escape = true;
		v.loc = DECL_SOURCE_LOCATION(callee);
		v.fn = callee;
		out->safe_push(v);
		return;
	}
	for (const param_use &u : s->uses) {
		param_use v = u;

		if (u.param != j)
			continue;
		v.bits += bits;
		v.once = once && u.once;
		v.member = member || u.member;
		out->safe_push(v);
	}
	for (const param_pass &p : s->passes) {
		if (p.param != j)
			continue;
		if (depth)
			summary_expand(p.callee, p.arg, bits + p.bits, once && p.once,
				       member || p.member, depth - 1, out);
		else {
			param_use v = { };

			v.param = j;
			v.escape = true;
			v.loc = p.loc;
			v.fn = callee;
			out->safe_push(v);
		}
	}
}

/*
 * Argument @j of @call, the address @arg, goes to @callee, a summarized
 * function: each access that the callee makes through it is an access of
 * the member @arg names, at the call.  One the callee finds as a member of
 * the record its parameter points to is counted there already; here it
 * counts for the records around that one.
 */
static void reach_call(gcall *call, unsigned j, tree arg, tree callee)
{
	auto_vec<param_use> uses;
	struct access_frame c;

	summary_expand(callee, j, 0, true, false, ACCESS_REACH_DEPTH, &uses);
	for (const param_use &u : uses) {
		struct hit_ctx x = { };
		int base;

		chain_init(&c, call, arg, true);
		if (c.n >= CHAIN_MAX)
			return;
		base = c.n;
		if (u.escape) {
			x.escape = true;
			x.where = u.loc;
			x.use = &u;
			chain_tell(&x, &c, 0);
			continue;
		}
		chain_push_raw(&c, u.bits, u.size ? u.size : chain_type_bits(chain_type_at(&c, c.n)), u.type, true);
		x.kinds = u.kinds;
		x.facts = context_facts(u.facts);
		x.via_facts = u.facts;
		x.use = &u;
		x.once = u.once;
		/* the record the parameter points to, and inside: the callee's */
		if (u.member)
			c.n = base + 1;
		for (int p = 0; p <= (u.member ? base - 1 : c.n); p++) {
			tree type = chain_type_at(&c, p);
			const char *rec = access_record_name(type);

			if (rec && (!u.member || p < base))
				chain_frame_tell(&x, &c, p, TYPE_MAIN_VARIANT(type), rec);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Functions                                                            */
/* ------------------------------------------------------------------ */

/*
 * The edge a condition on what __builtin_expect() returned does not expect
 * (the kernel's unlikely(), likely() the other way), NULL when @bb ends in
 * no such condition.  A statement expression's value is in a variable
 * (`if (WARN_ON(x))`, whose last statement is an unlikely()).
 */
static edge unexpected_edge(basic_block bb)
{
	gimple *last = last_stmt(bb), *def;
	gcond *cond = last ? dyn_cast<gcond *>(last) : NULL;
	enum tree_code code;
	tree lhs, rhs;
	edge t, f;
	bool expected;

	/* a condition whose two ways lead to one block has one edge: nothing unlikely */
	if (!cond || EDGE_COUNT(bb->succs) != 2)
		return NULL;
	code = gimple_cond_code(cond);
	lhs = gimple_cond_lhs(cond);
	rhs = gimple_cond_rhs(cond);
	if ((code != NE_EXPR && code != EQ_EXPR) || TREE_CODE(rhs) != INTEGER_CST ||
	    !(def = chain_one_def(lhs)))
		return NULL;
	if ((!gimple_call_builtin_p(def, BUILT_IN_EXPECT) &&
	     !gimple_call_internal_p(def, IFN_BUILTIN_EXPECT)) ||
	    gimple_call_num_args(def) < 2 || TREE_CODE(gimple_call_arg(def, 1)) != INTEGER_CST)
		return NULL;
	/* x != C is expected true when the expected value is not C */
	expected = tree_int_cst_equal(gimple_call_arg(def, 1), rhs) == (code == EQ_EXPR);
	extract_true_false_edges_from_block(bb, &t, &f);
	return expected ? f : t;
}

/*
 * The blocks an unlikely branch runs: every block that the destination of
 * an unexpected edge dominates, where that edge is the destination's only
 * way in (the lint's branch of an `if`, a `?:`, a `while` or a `for`).
 * NULL when there are none.  Dominators are computed here and freed again
 * when nothing had them: the walk changes nothing of the function.
 */
static sbitmap unlikely_blocks(function *fn)
{
	auto_vec<basic_block> dests;
	basic_block bb;
	sbitmap cold;
	bool had = dom_info_available_p(CDI_DOMINATORS);

	FOR_EACH_BB_FN(bb, fn) {
		edge e = unexpected_edge(bb);

		if (e && single_pred_p(e->dest) && e->dest != EXIT_BLOCK_PTR_FOR_FN(fn))
			dests.safe_push(e->dest);
	}
	if (dests.is_empty())
		return NULL;
	if (!had)
		calculate_dominance_info(CDI_DOMINATORS);
	cold = sbitmap_alloc(last_basic_block_for_fn(fn));
	bitmap_clear(cold);
	for (basic_block d : dests) {
		if (bitmap_bit_p(cold, d->index))
			continue;	/* inside a region already marked */
		auto_vec<basic_block> region = get_all_dominated_blocks(CDI_DOMINATORS, d);

		for (basic_block b : region)
			bitmap_set_bit(cold, b->index);
	}
	if (!had)
		free_dominance_info(CDI_DOMINATORS);
	return cold;
}

/*
 * The blocks of @decl, the function cfun is, that unlikely branches run,
 * read once per function (walk_state.unlikely).  Its locals' assignments
 * (chain_begin_function()) must be read: a statement expression's value
 * is one.
 */
static sbitmap unlikely_of(tree decl)
{
	bool existed;
	sbitmap &slot = ws.unlikely->get_or_insert(DECL_UID(decl), &existed);

	if (!existed)
		slot = unlikely_blocks(cfun);
	return slot;
}

/* Whether block @bb of the function walked is in an unlikely branch. */
static bool block_cold(basic_block bb)
{
	return ws.cold && (unsigned)bb->index < SBITMAP_SIZE(ws.cold) &&
	       bitmap_bit_p(ws.cold, bb->index);
}

/* A function that a declaration makes cold or puts in an .init or .exit section. */
static bool cold_decl(tree decl)
{
	const char *sec = DECL_SECTION_NAME(decl);

	return lookup_attribute("cold", DECL_ATTRIBUTES(decl)) ||
	       (sec && (!strncmp(sec, ".init", 5) || !strncmp(sec, ".exit", 5)));
}

/*
 * Before a function's statements: no lock held yet, and what the whole
 * function is: __init and __exit code (the kernel's sections), or cold;
 * which of its blocks unlikely branches run.
 */
static void function_facts(tree decl)
{
	ws.locks = 0;
	ws.fn_facts = 0;
	ws.cold = cfun ? unlikely_of(decl) : NULL;
	ws.bb_cold = false;
	if (cold_decl(decl))
		ws.fn_facts |= CL_FACT_COLD;
	if (ws.under_lock && ws.under_lock->contains(DECL_UID(decl)))
		ws.fn_facts |= CL_FACT_LOCKED;
	if (ws.setup_only && ws.setup_only->contains(DECL_UID(decl)))
		ws.fn_facts |= CL_FACT_SETUP;
	if (ws.cold_only && ws.cold_only->contains(DECL_UID(decl)))
		ws.fn_facts |= CL_FACT_COLD;
}

/**
 * struct unit_call - a call statement of a function of the unit
 * @node: the function that makes it
 * @fn: its body
 * @bb: the block the call is in
 * @call: the call
 */
struct unit_call {
	cgraph_node *node;
	function *fn;
	basic_block bb;
	gcall *call;
};

/*
 * Every call statement of the unit's functions that have a CFG, function
 * by function and each in the order of its blocks and statements: what
 * roles_find() and under_lock_find() read.
 */
static void unit_calls(vec<unit_call> *out)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		function *fn = DECL_STRUCT_FUNCTION(node->decl);
		basic_block bb;

		if (!fn || !fn->cfg)
			continue;
		FOR_EACH_BB_FN(bb, fn)
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
			     gsi_next(&gsi))
				if (gcall *call = dyn_cast<gcall *>(gsi_stmt(gsi))) {
					unit_call c = { node, fn, bb, call };

					out->safe_push(c);
				}
	}
}

/* ------------------------------------------------------------------ */
/* Functions that run only under their callers' locks                   */
/* ------------------------------------------------------------------ */

/*
 * A function of the unit that nothing outside it can call: not public,
 * its address never taken (an ops table, a callback).
 */
static bool called_here_only(tree decl)
{
	cgraph_node *n = cgraph_node::get(decl);

	return !TREE_PUBLIC(decl) && n && !n->address_taken && DECL_STRUCT_FUNCTION(decl);
}

/**
 * struct held_call - a call of a function of the unit
 * @caller: the function that makes it
 * @callee: the function called
 * @locked: a lock is held there, in the caller's statements in order
 * @setup: the caller is setup code (held_setup()): no lock needed
 * @strong: the caller is setup code whatever it locks (held_setup())
 * @cold: the call is in an unlikely branch, or the caller is cold
 */
struct held_call {
	tree caller, callee;
	bool locked, setup, strong, cold;
};

/*
 * Setup code: a call from it needs no lock (mempool_init_node() fills the
 * pool).  @locked: asked for code that takes locks, where an allocator's
 * or a free's name says nothing (vb_alloc() carves a shared pool).
 */
static bool held_setup(tree decl, bool locked)
{
	const char *name = lang_GNU_CXX() ? lang_hooks.decl_printable_name(decl, 1) :
			   DECL_NAME(decl) ? IDENTIFIER_POINTER(DECL_NAME(decl)) : "-";

	return (cl_infer_setup_facts(name, locked ? CL_FACT_LOCK : 0) & CL_FACT_SETUP) ||
	       cold_decl(decl);
}

/* The blocks of @fn that unlikely branches run, before its walk (NULL: none). */
static sbitmap unlikely_blocks_of(function *fn)
{
	sbitmap cold;

	push_cfun(fn);
	chain_begin_function(fn);
	cold = unlikely_of(fn->decl);
	pop_cfun();
	return cold;
}

static int held_order(const void *x, const void *y)
{
	const struct held_call *a = (const struct held_call *)x;
	const struct held_call *b = (const struct held_call *)y;

	if (DECL_UID(a->callee) != DECL_UID(b->callee))
		return DECL_UID(a->callee) < DECL_UID(b->callee) ? -1 : 1;
	return 0;
}

/*
 * The functions that only callers of a kind call, or functions that only
 * those call, into @found: the calls are sorted by callee, and @kind says
 * which are of the kind (held_call's strong or cold); a least fixpoint, so
 * a cycle of calls that no such caller enters is not.
 */
static void callers_only_find(const vec<held_call> &calls, bool held_call::*kind,
			      hash_set<uid_hash> *found)
{
	bool changed = true;

	while (changed) {
		changed = false;
		for (unsigned i = 0; i < calls.length();) {
			tree callee = calls[i].callee;
			bool all = true;
			unsigned j;

			for (j = i; j < calls.length() && calls[j].callee == callee; j++)
				all &= calls[j].*kind || found->contains(DECL_UID(calls[j].caller));
			if (all && !found->add(DECL_UID(callee)))
				changed = true;
			i = j;
		}
	}
}

/*
 * The functions every call of which is under a lock, or in setup code, or
 * in a function that is under a lock (dma_pool_free() calls
 * pool_find_page() with the pool's lock held; mempool's add_element() is
 * called under pool->lock, and by mempool_init_node() while it fills the
 * pool nobody sees yet): what they do, they do under it.  One call at
 * least must hold a lock: a helper that only setup code calls is setup's
 * (callers_only_find()).  Lock regions as walk_call() counts them; a least
 * fixpoint, so a cycle of calls with no lock is not.
 */
static void under_lock_find(const vec<unit_call> &unit)
{
	auto_vec<held_call> calls;
	cgraph_node *caller = NULL;
	unsigned locks = 0;
	bool setup = false, strong = false, cold = false;
	bool changed = true;
	sbitmap blocks = NULL;

	for (const unit_call &u : unit) {
		tree f = gimple_call_fndecl(u.call);
		int step;

		/* each function's lock regions counted from its first statement */
		if (u.node != caller) {
			caller = u.node;
			locks = 0;
			setup = held_setup(caller->decl, false);
			strong = held_setup(caller->decl, true);
			cold = cold_decl(caller->decl);
			blocks = unlikely_blocks_of(u.fn);
		}
		if (!f)
			continue;
		if (called_here_only(f)) {
			held_call c = { caller->decl, f, locks > 0, setup, strong,
					cold || (blocks && (unsigned)u.bb->index < SBITMAP_SIZE(blocks) &&
						 bitmap_bit_p(blocks, u.bb->index)) };

			calls.safe_push(c);
		}
		step = DECL_NAME(f) ? name_lock_step(IDENTIFIER_POINTER(DECL_NAME(f))) : 0;
		if (step > 0)
			locks++;
		else if (step < 0 && locks)
			locks--;
	}
	calls.qsort(held_order);
	while (changed) {
		changed = false;
		for (unsigned i = 0; i < calls.length();) {
			tree callee = calls[i].callee;
			bool all = true, some = false;
			unsigned j;

			for (j = i; j < calls.length() && calls[j].callee == callee; j++) {
				bool held = calls[j].locked ||
					    ws.under_lock->contains(DECL_UID(calls[j].caller));

				all &= held || calls[j].setup;
				some |= held;
			}
			if (all && some && !ws.under_lock->add(DECL_UID(callee)))
				changed = true;
			i = j;
		}
	}
	/*
	 * Setup: bdi_unregister() is the one caller of bdi_remove_from_list(),
	 * which unlinks the bdi under bdi_lock; the callers' names must say
	 * setup whatever they lock.  Cold: __rmqueue() calls
	 * __rmqueue_fallback() only where unlikely(!page) holds.
	 */
	callers_only_find(calls, &held_call::strong, ws.setup_only);
	callers_only_find(calls, &held_call::cold, ws.cold_only);
}

/* ------------------------------------------------------------------ */
/* Threads: who runs each function                                      */
/* ------------------------------------------------------------------ */

/*
 * The blocks of @fn that can run again without leaving it: those in a
 * cycle of its blocks (a loop, or one a goto makes), by its strongly
 * connected components, in one pass over the edges.  Free with
 * sbitmap_free().
 */
static sbitmap cycle_blocks(function *fn)
{
	struct graph *g = new_graph(last_basic_block_for_fn(fn));
	sbitmap in = sbitmap_alloc(last_basic_block_for_fn(fn));
	auto_vec<int> size;
	basic_block bb;
	edge_iterator ei;
	edge e;

	bitmap_clear(in);
	FOR_EACH_BB_FN(bb, fn)
		FOR_EACH_EDGE(e, ei, bb->succs)
			if (e->dest->index >= NUM_FIXED_BLOCKS)
				add_edge(g, bb->index, e->dest->index);
	size.safe_grow_cleared(graphds_scc(g, NULL));
	FOR_EACH_BB_FN(bb, fn)
		size[g->vertices[bb->index].component]++;
	FOR_EACH_BB_FN(bb, fn) {
		bool again = size[g->vertices[bb->index].component] > 1;

		FOR_EACH_EDGE(e, ei, bb->succs)
			again |= e->dest == bb;
		if (again)
			bitmap_set_bit(in, bb->index);
	}
	free_graph(g);
	return in;
}

/* Whether @fn is a lambda's call operator: GCC prints its class as <lambda(…)>. */
static bool lambda_operator(tree fn)
{
	return lang_GNU_CXX() && TREE_CODE(fn) == FUNCTION_DECL &&
	       strstr(lang_hooks.decl_printable_name(fn, 1), "<lambda");
}

/*
 * A start routine's name as a role.  A lambda's call operator is
 * ENCLOSING::lambda@LINE: the function the lambda is written in, named
 * so in turn, and the line of the lambda (two lambdas of one function
 * that take the same parameters have one name otherwise, in the map
 * too); `lambda@LINE` at namespace scope.
 */
static const char *role_text(tree fn)
{
	tree cls = DECL_CONTEXT(fn), outer = cls && TYPE_P(cls) ? TYPE_CONTEXT(cls) : NULL_TREE;
	int line = LOCATION_LINE(DECL_SOURCE_LOCATION(fn));

	if (!lambda_operator(fn))
		return lang_GNU_CXX() ? lang_hooks.decl_printable_name(fn, 1) :
					IDENTIFIER_POINTER(DECL_NAME(fn));
	if (!outer || TREE_CODE(outer) != FUNCTION_DECL)
		return cl_arena_printf(chain_arena(), "lambda@%d", line);
	return cl_arena_printf(chain_arena(), "%s::lambda@%d", role_text(outer), line);
}

/* A start routine's name as a role: ',' and '+' have their meaning in the map. */
static const char *role_name(tree fn)
{
	char *r = cl_arena_strdup(chain_arena(), role_text(fn));

	for (char *p = r; *p; p++)
		if (*p == ',' || *p == '+')
			*p = ';';
	return r;
}

/* The function @e, an argument, names directly (`f`, `&f`, cast), or NULL_TREE. */
static tree function_named(tree e)
{
	STRIP_NOPS(e);
	if (TREE_CODE(e) != ADDR_EXPR || TREE_CODE(TREE_OPERAND(e, 0)) != FUNCTION_DECL)
		return NULL_TREE;
	return TREE_OPERAND(e, 0);
}

/* Whether @fn constructs a std::thread or a std::jthread. */
static bool thread_constructor(tree fn)
{
	tree cls = DECL_CONTEXT(fn), type_decl, ns;
	const char *name;

	if (!lang_GNU_CXX() || !DECL_CXX_CONSTRUCTOR_P(fn) || !cls ||
	    TREE_CODE(cls) != RECORD_TYPE || !(type_decl = TYPE_NAME(cls)) ||
	    TREE_CODE(type_decl) != TYPE_DECL || !DECL_NAME(type_decl))
		return false;
	name = IDENTIFIER_POINTER(DECL_NAME(type_decl));
	if (strcmp(name, "thread") && strcmp(name, "jthread"))
		return false;
	ns = DECL_CONTEXT(type_decl);
	return ns && TREE_CODE(ns) == NAMESPACE_DECL && DECL_NAME(ns) &&
	       !strcmp(IDENTIFIER_POINTER(DECL_NAME(ns)), "std");
}

/*
 * The function that the statements of @fn store into @var (@field of it
 * when not NULL), if it is one and always the same: the temporary that
 * holds `&f`, or a member function pointer's __pfn, for a constructor
 * that takes it by reference.
 */
static tree function_stored(function *fn, tree var, const char *field)
{
	tree found = NULL_TREE;
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn)
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			tree lhs, f;

			if (!is_gimple_assign(g) || gimple_clobber_p(g))
				continue;
			lhs = gimple_assign_lhs(g);
			if (field) {
				if (TREE_CODE(lhs) != COMPONENT_REF || TREE_OPERAND(lhs, 0) != var ||
				    !DECL_NAME(TREE_OPERAND(lhs, 1)) ||
				    strcmp(IDENTIFIER_POINTER(DECL_NAME(TREE_OPERAND(lhs, 1))), field))
					continue;
			} else if (lhs != var) {
				continue;
			}
			f = gimple_assign_single_p(g) ? function_named(gimple_assign_rhs1(g)) : NULL_TREE;
			if (!f || (found && found != f))
				return NULL_TREE;
			found = f;
		}
	return found;
}

/* The one call operator of class @type that is no template, or NULL_TREE. */
static tree call_operator(tree type)
{
	tree found = NULL_TREE;

	if (TREE_CODE(type) != RECORD_TYPE || !COMPLETE_TYPE_P(type))
		return NULL_TREE;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
		if (TREE_CODE(f) == FUNCTION_DECL && DECL_NAME(f) &&
		    !strcmp(IDENTIFIER_POINTER(DECL_NAME(f)), "operator()")) {
			if (found)
				return NULL_TREE;
			found = f;
		}
	return found;
}

/*
 * What a std::thread or std::jthread that @call constructs in @fn runs:
 * a function named directly (`worker`, `&worker`, through the temporary
 * the constructor takes by reference), a member function through a
 * pointer to it (`&W::run`, not a virtual one), or the call operator of
 * the object given (a lambda, a function object); else NULL_TREE.
 */
static tree thread_routine(function *fn, gcall *call)
{
	tree arg, obj, type;

	if (gimple_call_num_args(call) < 2)
		return NULL_TREE;
	arg = gimple_call_arg(call, 1);
	if (function_named(arg))
		return function_named(arg);
	STRIP_NOPS(arg);
	if (TREE_CODE(arg) != ADDR_EXPR)
		return NULL_TREE;
	obj = TREE_OPERAND(arg, 0);
	type = TREE_TYPE(obj);
	if (TREE_CODE(obj) != VAR_DECL || DECL_CONTEXT(obj) != fn->decl)
		return call_operator(type);
	if (POINTER_TYPE_P(type) && FUNC_OR_METHOD_TYPE_P(TREE_TYPE(type)))
		return function_stored(fn, obj, NULL);
	if (TREE_CODE(type) == RECORD_TYPE && TYPE_FIELDS(type) &&
	    TREE_CODE(TYPE_FIELDS(type)) == FIELD_DECL && DECL_NAME(TYPE_FIELDS(type)) &&
	    !strcmp(IDENTIFIER_POINTER(DECL_NAME(TYPE_FIELDS(type))), "__pfn"))
		return function_stored(fn, obj, "__pfn");
	return call_operator(type);
}

/*
 * The start routine a call in @fn starts a thread on, or NULL_TREE: the
 * function named to pthread_create or thrd_create, or what a std::thread
 * or std::jthread constructed runs.
 */
static tree started_routine(function *fn, gcall *call)
{
	tree fndecl = gimple_call_fndecl(call);
	int k;

	if (!fndecl || !DECL_NAME(fndecl))
		return NULL_TREE;
	if (thread_constructor(fndecl))
		return thread_routine(fn, call);
	k = cl_access_thread_start_arg(IDENTIFIER_POINTER(DECL_NAME(fndecl)));
	if (k < 0 || (unsigned)k >= gimple_call_num_args(call))
		return NULL_TREE;
	return function_named(gimple_call_arg(call, (unsigned)k));
}

/*
 * The role of routine @r (@many: started more than once, or in a loop)
 * to every function it calls, directly, at any depth.
 */
static void roles_spread(tree r, bool many, hash_map<uid_hash, const char *> *roles)
{
	const char *name = role_name(r);
	const char *tag = many ? cl_arena_printf(chain_arena(), "%s+", name) : name;
	hash_set<uid_hash> seen;
	auto_vec<cgraph_node *> work;
	cgraph_node *start = cgraph_node::get(r);

	if (!start)
		return;
	work.safe_push(start);
	seen.add(DECL_UID(r));
	while (!work.is_empty()) {
		cgraph_node *n = work.pop();
		const char **have = roles->get(DECL_UID(n->decl));

		if (!have)
			roles->put(DECL_UID(n->decl), tag);
		else if (!cl_role_listed(*have, name))
			roles->put(DECL_UID(n->decl), cl_role_join(chain_arena(), *have, tag));
		for (cgraph_edge *e = n->callees; e; e = e->next_callee) {
			cgraph_node *c = e->callee->ultimate_alias_target();

			if (c && !seen.add(DECL_UID(c->decl)))
				work.safe_push(c);
		}
	}
}

/*
 * The first and last line of @fn's statements that can run again without
 * leaving it (in a cycle of its blocks: a loop, or one a goto makes), as
 * the map gives lines (a macro's at its use): *@lo = *@hi = 0 for none.
 * What lies outside runs once per call: for a thread's start routine,
 * once for each thread.  Debug markers are no code: -g changes nothing.
 */
static void loop_lines(function *fn, unsigned *lo, unsigned *hi)
{
	sbitmap again = cycle_blocks(fn);
	basic_block bb;

	*lo = *hi = 0;
	FOR_EACH_BB_FN(bb, fn) {
		if (!bitmap_bit_p(again, bb->index))
			continue;
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			location_t loc = gimple_location(gsi_stmt(gsi));
			unsigned line;

			if (is_gimple_debug(gsi_stmt(gsi)) || loc == UNKNOWN_LOCATION)
				continue;
			loc = linemap_resolve_location(line_table, loc, LRK_MACRO_EXPANSION_POINT, NULL);
			line = (unsigned)LOCATION_LINE(loc);
			if (!line)
				continue;
			if (!*lo || line < *lo)
				*lo = line;
			if (line > *hi)
				*hi = line;
		}
	}
	sbitmap_free(again);
}

/* Which threads run which function of the unit: ws.roles, ws.starts. */
static void roles_find(const vec<unit_call> &unit)
{
	hash_map<uid_hash, unsigned> started;
	auto_vec<tree> routines;

	for (const unit_call &u : unit) {
		tree r = started_routine(u.fn, u.call);
		bool existed;
		sbitmap again;

		if (!r)
			continue;
		unsigned &n = started.get_or_insert(DECL_UID(r), &existed);
		if (!existed) {
			n = 0;
			routines.safe_push(r);
		}
		again = cycle_blocks(u.fn);
		n += bitmap_bit_p(again, u.bb->index) ? 2 : 1;
		sbitmap_free(again);
	}
	for (tree r : routines) {
		function *fn = DECL_STRUCT_FUNCTION(r);
		access_start st = { r, role_name(r), 0, 0 };

		roles_spread(r, *started.get(DECL_UID(r)) > 1, ws.roles);
		if (!fn || !fn->cfg)
			continue;
		loop_lines(fn, &st.lo, &st.hi);
		ws.starts.safe_push(st);
	}
}

const char *access_walk_roles(tree fn)
{
	const char **r = fn && ws.roles ? ws.roles->get(DECL_UID(fn)) : NULL;

	return r ? *r : NULL;
}

const vec<access_start> &access_walk_starts(void)
{
	return ws.starts;
}

/* Summarize function @node's uses of its pointer parameters. */
static void summarize(cgraph_node *node)
{
	function *fn = DECL_STRUCT_FUNCTION(node->decl);
	fn_summary *s;
	sbitmap once;
	basic_block bb;
	bool pointers = false;

	for (tree p = DECL_ARGUMENTS(node->decl); p; p = DECL_CHAIN(p))
		pointers |= POINTER_TYPE_P(TREE_TYPE(p));
	if (!pointers || !fn || !fn->cfg || !binds_here(node->decl))
		return;
	push_cfun(fn);
	once = blocks_once(fn);
	chain_begin_function(fn);
	function_facts(node->decl);
	/* a call site's line has the caller's region, not the callee's callers' */
	ws.fn_facts &= ~CL_FACT_LOCKED;
	s = new fn_summary();
	s->uses = vNULL;
	s->passes = vNULL;
	ws.summary = s;
	FOR_EACH_BB_FN(bb, fn) {
		ws.once = once && bitmap_bit_p(once, bb->index);
		ws.bb_cold = block_cold(bb);
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			walk_stmt(&gsi);
	}
	ws.summary = NULL;
	ws.bb_cold = false;
	if (once)
		sbitmap_free(once);
	ws.summaries->put(DECL_UID(node->decl), s);
	pop_cfun();
}

void access_walk_start(struct cl_arena *arena, const struct access_sink *const *sinks,
		       unsigned nsinks)
{
	auto_vec<unit_call> calls;
	cgraph_node *node;

	chain_setup(arena, sinks, nsinks);
	ws.summaries = new hash_map<uid_hash, fn_summary *>;
	ws.summary = NULL;
	unit_calls(&calls);
	ws.roles = new hash_map<uid_hash, const char *>;
	ws.starts = vNULL;
	roles_find(calls);
	ws.under_lock = new hash_set<uid_hash>;
	ws.setup_only = new hash_set<uid_hash>;
	ws.cold_only = new hash_set<uid_hash>;
	ws.unlikely = new hash_map<uid_hash, sbitmap>;
	under_lock_find(calls);
	/* every summary before any function gets code of ours */
	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node)
		summarize(node);
}

function *access_walk_begin(cgraph_node *node)
{
	function *fn = DECL_STRUCT_FUNCTION(node->decl);

	if (!fn || !fn->cfg)
		return NULL;
	push_cfun(fn);
	chain_begin_function(fn);
	function_facts(node->decl);
	return fn;
}

void access_walk_body(function *fn, void (*walked)(gimple *stmt), void (*block_end)(void))
{
	basic_block bb;

	FOR_EACH_BB_FN(bb, fn) {
		ws.bb_cold = block_cold(bb);
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			walk_stmt(&gsi);
			if (walked)
				walked(stmt);
		}
		if (block_end)
			block_end();
	}
}

void access_walk_finish(void)
{
	for (auto it = ws.summaries->begin(); it != ws.summaries->end(); ++it) {
		(*it).second->uses.release();
		(*it).second->passes.release();
		delete (*it).second;
	}
	delete ws.summaries;
	ws.summaries = NULL;
	delete ws.roles;
	ws.roles = NULL;
	ws.starts.release();
	delete ws.under_lock;
	ws.under_lock = NULL;
	delete ws.setup_only;
	ws.setup_only = NULL;
	delete ws.cold_only;
	ws.cold_only = NULL;
	for (auto it = ws.unlikely->begin(); it != ws.unlikely->end(); ++it)
		if ((*it).second)
			sbitmap_free((*it).second);
	delete ws.unlikely;
	ws.unlikely = NULL;
	ws.cold = NULL;
	ws.bb_cold = false;
	chain_teardown();
}
