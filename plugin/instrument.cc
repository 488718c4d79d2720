// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * instrument.cc - `instrument[=STRUCT[:STRUCT…]]`: count every read and
 * write of a member of the instrumented structs, per thread, at run time
 *
 * A simple IPA pass before free_lang_data, when every function of the unit
 * is lowered GIMPLE with a CFG and not yet in SSA form (and not yet inlined
 * or optimized: the counts are the accesses the source makes).  For each
 * load and store it finds the member path from the outermost instrumented
 * record (`lruvec.pgdat`; bit-fields; through pointers, arrays of structs
 * and nested members; through a pointer to the member, as READ_ONCE-style
 * `*(volatile T *)&p->x` does) and counts a read or a write of it.
 *
 * Counts are kept per segment: a run of statements of one basic block with
 * no call between them (a call may not return: exit(), longjmp(),
 * pthread_exit(); the `__atomic_*`/`__sync_*` builtins do, and do not end
 * a segment; an asm does), so that either all of its accesses happen or
 * none.  Before the first counted statement of a segment, one thread-local
 * variable of the unit's own gets one added:
 *
 *	_1 = __cachelint_seg_5;			(static __thread, initial-exec)
 *	_2 = _1 + 1;
 *	__cachelint_seg_5 = _2;
 *
 * which x86-64 does in one instruction (`addq $1, %fs:…@tpoff`): no shared
 * memory, no call, no look-up.  The unit's table says which members'
 * reads and writes the segment makes, and how many of each; the runtime
 * multiplies out at exit.  A segment of a single access adds to that
 * member's own read or write counter (`__cachelint_count_k_r`, the unit's
 * member k) instead.  So the five loads of a loop body cost one add, not
 * five, and every count is still exact at every call.
 *
 * The counters are in static TLS (initial-exec even under -fPIC,
 * local-exec in an executable), where libcachelint-rt finds every thread's
 * copy (runtime/cachelint-rt.h).  One variable per counter, not one array:
 * the SLP vectorizer would turn neighbouring counts into one 16-byte add,
 * whose chain from one access to the next ran the charge workload 2.3x
 * slower than two adds.
 *
 * `__atomic_*` and `__sync_*` builtins on a member's address count a read
 * and a write (loads only a read, stores only a write); a whole-struct copy
 * or assignment counts every leaf member of the struct.  A constructor gives
 * libcachelint-rt the unit's members ("struct\tpath\tbit-offset\n" each),
 * its segments and this thread's addresses of all the counters.
 *
 * Which structs: the listed ones, or by default every struct with
 * annotations on its fields or an entry in the profile.  Without
 * `instrument` this pass does not exist: objects stay identical.  Under
 * -flto the pass runs in cc1 before the IR is written, never in lto1.
 */
#include "cachelint-plugin.h"

#include "tree-pass.h"
#include "context.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "ssa.h"
#include "varasm.h"
#include "stor-layout.h"
#include "tree-iterator.h"
#include "target.h"

#include "access_profile.h"
#include "names.h"

#define CL_RT_NO_DECLARATIONS
#include "../runtime/cachelint-rt.h"

#define CHAIN_MAX 64
#define POINTER_HOPS 8

/**
 * struct instrument_state - the pass's view of the unit
 * @list: `instrument=` structs, NULL for the default choice
 * @profile: the loaded profiles (the default instruments their structs)
 * @arena: strings
 * @chosen: TYPE_UID -> 1 instrumented, 2 not (a cache)
 * @keys: "struct\tpath" -> member index
 * @table: the members, as libcachelint-rt reads them
 * @nkeys: members in @table
 * @counters: member k's read and write counters, 2k and 2k + 1, NULL_TREE
 *	until the first access that counts on them
 * @seg: the counts of the segment being walked (2k + w each, repeated)
 * @seg_first: the segment's first counted statement, NULL while it has none
 * @segs: the segments so far, as the runtime reads them: per segment the
 *	number of entries, then (2k + w, times) for each
 * @seg_vars: the segments' counters
 * @local_defs: in the function being walked, each local pointer variable
 *	assigned once: what it was assigned (error_mark_node: assigned
 *	otherwise or more than once).  The pass runs before SSA: a pointer
 *	kept in a variable, as <stdatomic.h>'s `__auto_type __atomic_load_ptr
 *	= (PTR)` keeps it, is followed through this.
 * @notes: `instrument-notes`: say where a member's address leaves a
 *	function (accesses through it elsewhere are not counted)
 * @escape_at: while a leaving address is looked at, where it leaves
 *	(count() then notes instead of counting); UNKNOWN_LOCATION otherwise
 * @escaped: "struct\tpath" of the members noted so far (once per unit)
 */
struct instrument_state {
	const char *list;
	const struct cl_profile *profile;
	struct cl_arena *arena;
	hash_map<int_hash<unsigned int, 0xffffffffu, 0xfffffffeu>, int> *chosen;
	hash_map<nofree_string_hash, unsigned> *keys;
	obstack table;
	unsigned nkeys;
	vec<tree> counters;
	vec<unsigned> seg;
	gimple *seg_first;
	vec<unsigned> segs;
	vec<tree> seg_vars;
	hash_map<tree, tree> *local_defs;
	bool notes;
	location_t escape_at;
	hash_set<nofree_string_hash> *escaped;
};

static struct instrument_state ins;

/* ------------------------------------------------------------------ */
/* Which records, which members                                         */
/* ------------------------------------------------------------------ */

bool instrument_list_valid(const char *list)
{
	for (const char *s = list;; ) {
		size_t n = cl_record_name_length(s);

		if (!cl_record_name_valid(s, n))
			return false;
		if (!s[n])
			return true;
		s += n + 1;
	}
}

/*
 * Whether `instrument=` names @name: as it is, or, for a name without
 * template arguments, every instance of that template (`box`: `box<int>`).
 */
static bool listed(const char *name)
{
	size_t len = strlen(name);

	for (const char *s = ins.list; s;) {
		size_t n = cl_record_name_length(s);

		if (n <= len && !strncmp(s, name, n) &&
		    (n == len || (name[n] == '<' && !memchr(s, '<', n))))
			return true;
		s = s[n] ? s + n + 1 : NULL;
	}
	return false;
}

/* The name of @type when its members are counted, else NULL. */
static const char *instrumented(tree type)
{
	const char *name;
	int *cached, v;

	if (!type || !RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return NULL;
	type = TYPE_MAIN_VARIANT(type);
	name = convert_record_name(type, ins.arena);
	if (!name)
		return NULL;
	cached = ins.chosen->get(TYPE_UID(type));
	if (cached)
		return *cached == 1 ? name : NULL;
	if (ins.list)
		v = listed(name);
	else
		v = attributes_on_fields(type) || (ins.profile && cl_profile_names(ins.profile, name));
	ins.chosen->put(TYPE_UID(type), v ? 1 : 2);
	return v ? name : NULL;
}

static uint64_t field_bits(tree f)
{
	tree pos = bit_position(f);

	return tree_fits_uhwi_p(pos) ? tree_to_uhwi(pos) : 0;
}

/* The index of member @rec.@path, new ones appended to the table. */
static unsigned key_index(const char *rec, const char *path, uint64_t bits)
{
	char *key = concat(rec, "\t", path, NULL);
	bool existed;
	unsigned *slot = &ins.keys->get_or_insert(key, &existed);

	if (existed) {
		free(key);
		return *slot;
	}
	*slot = ins.nkeys++;
	obstack_grow(&ins.table, key, strlen(key));
	obstack_printf(&ins.table, "\t%" PRIu64 "\n", bits);
	return *slot;
}

/* ------------------------------------------------------------------ */
/* Emitting the counts                                                  */
/* ------------------------------------------------------------------ */

enum { COUNT_READ = 1, COUNT_WRITE = 2 };

/* A static variable of ours into the symbol table, to be output. */
static void variable_add(tree decl)
{
	varpool_node *node;

	varpool_node::finalize_decl(decl);
	/*
	 * Made after the unit was analysed (finalize_decl analyses only in
	 * IPA_SSA and later): analyse it here, and keep it.
	 */
	node = varpool_node::get(decl);
	if (!node->analyzed)
		node->analyze();
	node->force_output = 1;
}

/*
 * static __thread unsigned long long NAME: in static TLS, where the runtime
 * can find each thread's copy.  The model is the default's when that is
 * initial-exec or local-exec (an executable), else (-fPIC) initial-exec: no
 * __tls_get_addr call on the counting path.
 */
static tree counter_decl(const char *name)
{
	tree decl;
	enum tls_model model;

	decl = build_decl(UNKNOWN_LOCATION, VAR_DECL, get_identifier(name),
			  long_long_unsigned_type_node);
	TREE_STATIC(decl) = 1;
	DECL_ARTIFICIAL(decl) = 1;
	DECL_IGNORED_P(decl) = 1;
	TREE_USED(decl) = 1;
	TREE_ADDRESSABLE(decl) = 1;	/* the constructor hands its address over */
	DECL_CONTEXT(decl) = NULL_TREE;
	model = decl_default_tls_model(decl);
	set_decl_tls_model(decl, model < TLS_MODEL_INITIAL_EXEC ? TLS_MODEL_INITIAL_EXEC : model);
	variable_add(decl);
	return decl;
}

/* Counter @i: member i / 2's reads (i even) or writes (i odd). */
static tree member_counter(unsigned i)
{
	char name[48];

	while (ins.counters.length() <= i)
		ins.counters.safe_push(NULL_TREE);
	if (!ins.counters[i]) {
		snprintf(name, sizeof(name), "__cachelint_count_%u_%c", i / 2, i % 2 ? 'w' : 'r');
		ins.counters[i] = counter_decl(name);
	}
	return ins.counters[i];
}

/* Before @stmt: this thread's @counter += 1. */
static void emit_add(gimple *stmt, tree counter)
{
	tree type = long_long_unsigned_type_node;
	tree old = make_ssa_name(type), now = make_ssa_name(type);
	gimple_stmt_iterator gsi = gsi_for_stmt(stmt);
	gimple *g[3];

	g[0] = gimple_build_assign(old, counter);
	g[1] = gimple_build_assign(now, PLUS_EXPR, old, build_int_cst(type, 1));
	g[2] = gimple_build_assign(counter, now);
	for (gimple *a : g) {
		gimple_set_location(a, gimple_location(stmt));
		gsi_insert_before(&gsi, a, GSI_SAME_STMT);
	}
}

static int compare_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

/*
 * The segment ends: one add before its first counted statement, to the
 * member's own counter for a single access, else to a counter of the
 * segment's own, whose entry in the table says what it stands for.
 */
static void segment_end(void)
{
	char name[48];
	unsigned n = ins.seg.length(), at;
	tree var;

	if (!n)
		return;
	if (n == 1) {
		emit_add(ins.seg_first, member_counter(ins.seg[0]));
	} else {
		snprintf(name, sizeof(name), "__cachelint_seg_%u", ins.seg_vars.length());
		var = counter_decl(name);
		ins.seg_vars.safe_push(var);
		emit_add(ins.seg_first, var);
		ins.seg.qsort(compare_unsigned);
		at = ins.segs.length();
		ins.segs.safe_push(0);
		for (unsigned i = 0; i < n;) {
			unsigned j = i;

			while (j < n && ins.seg[j] == ins.seg[i])
				j++;
			ins.segs.safe_push(ins.seg[i]);
			ins.segs.safe_push(j - i);
			ins.segs[at]++;
			i = j;
		}
	}
	ins.seg.truncate(0);
	ins.seg_first = NULL;
}

/* The address of @rec.@path leaves the function at ins.escape_at: a note, once. */
static void escape_note(const char *rec, const char *path)
{
	char *key = concat(rec, "\t", path, NULL);

	if (ins.escaped->add(key)) {
		free(key);
		return;
	}
	inform(ins.escape_at,
	       "cachelint: the address of '%s.%s' leaves %qD here: accesses through it elsewhere are not counted",
	       rec, path, current_function_decl);
}

/* @kinds of member @rec.@path, in the segment that @gsi's statement is in. */
static void count(gimple_stmt_iterator *gsi, const char *rec, const char *path, uint64_t bits,
		  unsigned kinds)
{
	unsigned key;

	if (ins.escape_at != UNKNOWN_LOCATION) {
		escape_note(rec, path);
		return;
	}
	key = key_index(rec, path, bits);

	if (!ins.seg_first)
		ins.seg_first = gsi_stmt(*gsi);
	if (kinds & COUNT_READ)
		ins.seg.safe_push(2 * key);
	if (kinds & COUNT_WRITE)
		ins.seg.safe_push(2 * key + 1);
}

/* Every leaf under @type, as members of @rec below @prefix. */
static void count_leaves(gimple_stmt_iterator *gsi, const char *rec, tree type,
			 const char *prefix, uint64_t bits, unsigned kinds, unsigned depth)
{
	/*
	 * A record's address that leaves is no loss: the code it reaches
	 * accesses its members as members, counted where that is built.
	 */
	if (depth > 16 || ins.escape_at != UNKNOWN_LOCATION)
		return;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		bool sub = RECORD_OR_UNION_TYPE_P(TREE_TYPE(f));
		const char *name = DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : NULL;
		const char *path;

		if (TREE_CODE(f) != FIELD_DECL || (!name && !sub))
			continue;
		path = !name ? prefix : *prefix ? cl_arena_printf(ins.arena, "%s.%s", prefix, name) :
		       name;
		if (sub)
			count_leaves(gsi, rec, TREE_TYPE(f), path, bits + field_bits(f), kinds,
				     depth + 1);
		else
			count(gsi, rec, path, bits + field_bits(f), kinds);
	}
}

/* ------------------------------------------------------------------ */
/* Memory references                                                    */
/* ------------------------------------------------------------------ */

/* A reference's components, the innermost first. */
struct chain {
	tree refs[CHAIN_MAX];
	int n;
};

static void chain_ref(tree ref, struct chain *c, unsigned hops);

/* A local pointer variable of the current function, whose address is not taken. */
static bool local_pointer(tree t)
{
	return VAR_P(t) && !TREE_STATIC(t) && !DECL_EXTERNAL(t) && !TREE_ADDRESSABLE(t) &&
	       DECL_CONTEXT(t) == current_function_decl && POINTER_TYPE_P(TREE_TYPE(t));
}

/* Every local pointer variable's one assignment, for chain_pointer(). */
static void local_defs_collect(function *fn)
{
	basic_block bb;

	ins.local_defs->empty();
	FOR_EACH_BB_FN(bb, fn) {
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree lhs = gimple_get_lhs(stmt), rhs = NULL_TREE;
			bool existed;

			/* an asm's outputs are assigned where nothing says how */
			if (gasm *as = dyn_cast<gasm *>(stmt)) {
				for (unsigned i = 0; i < gimple_asm_noutputs(as); i++) {
					tree out = TREE_VALUE(gimple_asm_output_op(as, i));

					if (local_pointer(out))
						ins.local_defs->put(out, error_mark_node);
				}
				continue;
			}
			if (!lhs || !local_pointer(lhs))
				continue;
			if (is_gimple_assign(stmt) &&
			    (gimple_assign_single_p(stmt) || gimple_assign_cast_p(stmt)))
				rhs = gimple_assign_rhs1(stmt);
			tree &slot = ins.local_defs->get_or_insert(lhs, &existed);
			slot = existed || !rhs ? error_mark_node : rhs;
		}
	}
}

/* What a pointer points to, when it is the address of a member. */
static void chain_pointer(tree ptr, struct chain *c, unsigned hops)
{
	for (; hops < POINTER_HOPS; hops++) {
		gimple *def;
		tree *local;

		if (TREE_CODE(ptr) == ADDR_EXPR) {
			chain_ref(TREE_OPERAND(ptr, 0), c, hops + 1);
			return;
		}
		if (VAR_P(ptr) && (local = ins.local_defs->get(ptr)) && *local != error_mark_node) {
			ptr = *local;
			continue;
		}
		if (TREE_CODE(ptr) != SSA_NAME)
			return;
		def = SSA_NAME_DEF_STMT(ptr);
		if (!def || !is_gimple_assign(def))
			return;
		if (gimple_assign_single_p(def) || gimple_assign_cast_p(def))
			ptr = gimple_assign_rhs1(def);
		else
			return;
	}
}

static void chain_ref(tree ref, struct chain *c, unsigned hops)
{
	tree outer[CHAIN_MAX], t = ref;
	int n = 0;

	while (handled_component_p(t) && n < CHAIN_MAX) {
		outer[n++] = t;
		t = TREE_OPERAND(t, 0);
	}
	if (TREE_CODE(t) == MEM_REF && integer_zerop(TREE_OPERAND(t, 1)))
		chain_pointer(TREE_OPERAND(t, 0), c, hops);
	while (n-- > 0 && c->n < CHAIN_MAX)
		c->refs[c->n++] = outer[n];
}

/*
 * The members @c accesses as seen from the record at position @i (the
 * record TREE_OPERAND(c->refs[i], 0) is of): the path through the
 * COMPONENT_REFs from there; an array element, a part of a member or a
 * bit-field ends it; a member that is a record itself is all its leaves.
 */
static void count_from(gimple_stmt_iterator *gsi, const struct chain *c, int i, const char *rec,
		       unsigned kinds)
{
	const char *path = "";
	uint64_t bits = 0;
	tree last = NULL_TREE;

	for (; i < c->n && TREE_CODE(c->refs[i]) == COMPONENT_REF; i++) {
		tree f = TREE_OPERAND(c->refs[i], 1);

		last = f;
		bits += field_bits(f);
		if (DECL_NAME(f))
			path = *path ? cl_arena_printf(ins.arena, "%s.%s", path,
						       IDENTIFIER_POINTER(DECL_NAME(f))) :
				       IDENTIFIER_POINTER(DECL_NAME(f));
		if (!RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)))
			break;
	}
	if (!last)
		return;
	if (RECORD_OR_UNION_TYPE_P(TREE_TYPE(last)) && i == c->n)
		count_leaves(gsi, rec, TREE_TYPE(last), path, bits, kinds, 0);
	else if (*path)
		count(gsi, rec, path, bits, kinds);
}

/* Count what the memory reference @ref reads or writes (@kinds). */
static void count_ref(gimple_stmt_iterator *gsi, tree ref, unsigned kinds, bool is_pointer)
{
	struct chain c;
	tree type;
	const char *rec;

	c.n = 0;
	if (is_pointer)
		chain_pointer(ref, &c, 0);
	else
		chain_ref(ref, &c, 0);
	for (int i = 0; i < c.n; i++) {
		if (TREE_CODE(c.refs[i]) != COMPONENT_REF)
			continue;
		rec = instrumented(TREE_TYPE(TREE_OPERAND(c.refs[i], 0)));
		if (rec)
			count_from(gsi, &c, i, rec, kinds);
	}
	/* The whole of an instrumented record: `*p = *q`, `g = x`, `a[i] = s`. */
	if (is_pointer && !c.n)
		return;
	type = is_pointer ? TREE_TYPE(c.refs[c.n - 1]) : TREE_TYPE(ref);
	rec = instrumented(type);
	if (rec)
		count_leaves(gsi, rec, TYPE_MAIN_VARIANT(type), "", 0, kinds, 0);
}

static bool is_memory(tree t)
{
	if (!t || TREE_CODE(t) == SSA_NAME || CONSTANT_CLASS_P(t) ||
	    TREE_CODE(t) == ADDR_EXPR || TREE_CODE(t) == CONSTRUCTOR)
		return false;
	if (handled_component_p(t) || TREE_CODE(t) == MEM_REF || TREE_CODE(t) == TARGET_MEM_REF)
		return true;
	/* A whole variable: only a record's members are counted. */
	return (VAR_P(t) || TREE_CODE(t) == PARM_DECL || TREE_CODE(t) == RESULT_DECL) &&
	       RECORD_OR_UNION_TYPE_P(TREE_TYPE(t));
}

/* __atomic_load*: a read; __atomic_store*: a write; the others both. */
static unsigned atomic_kinds(tree fndecl)
{
	const char *name;

	if (!fndecl || !fndecl_built_in_p(fndecl, BUILT_IN_NORMAL) || !DECL_NAME(fndecl))
		return 0;
	name = IDENTIFIER_POINTER(DECL_NAME(fndecl));
	if (!strncmp(name, "__atomic_load", 13))
		return COUNT_READ;
	if (!strncmp(name, "__atomic_store", 14))
		return COUNT_WRITE;
	if (!strncmp(name, "__atomic_", 9) || !strncmp(name, "__sync_", 7))
		return COUNT_READ | COUNT_WRITE;
	return 0;
}

/* With `instrument-notes`: pointer @val leaves the function at @stmt. */
static void escape_check(gimple_stmt_iterator *gsi, gimple *stmt, tree val)
{
	if (!ins.notes || !val || !POINTER_TYPE_P(TREE_TYPE(val)))
		return;
	ins.escape_at = gimple_location(stmt);
	if (ins.escape_at == UNKNOWN_LOCATION)
		ins.escape_at = DECL_SOURCE_LOCATION(current_function_decl);
	count_ref(gsi, val, COUNT_READ | COUNT_WRITE, true);
	ins.escape_at = UNKNOWN_LOCATION;
}

static void instrument_call(gimple_stmt_iterator *gsi, gcall *call)
{
	unsigned kinds = atomic_kinds(gimple_call_fndecl(call));
	tree lhs = gimple_call_lhs(call);

	/*
	 * The object is the first argument, or the second where the first
	 * is the size: the generic __atomic_load/store/exchange/
	 * compare_exchange of an object no _N form fits (24 bytes).
	 */
	for (unsigned i = 0; kinds && i < 2 && i < gimple_call_num_args(call); i++) {
		tree arg = gimple_call_arg(call, i);

		if (POINTER_TYPE_P(TREE_TYPE(arg))) {
			count_ref(gsi, arg, kinds, true);
			return;
		}
		if (TREE_CODE(arg) != INTEGER_CST)
			break;
	}
	if (!gimple_call_internal_p(call))
		for (unsigned i = 0; i < gimple_call_num_args(call); i++)
			escape_check(gsi, call, gimple_call_arg(call, i));
	/* Records passed and returned by value. */
	for (unsigned i = 0; i < gimple_call_num_args(call); i++)
		if (is_memory(gimple_call_arg(call, i)))
			count_ref(gsi, gimple_call_arg(call, i), COUNT_READ, false);
	if (is_memory(lhs))
		count_ref(gsi, lhs, COUNT_WRITE, false);
}

static void instrument_stmt(gimple_stmt_iterator *gsi)
{
	gimple *stmt = gsi_stmt(*gsi);

	if (gimple_clobber_p(stmt))
		return;
	if (gcall *call = dyn_cast<gcall *>(stmt)) {
		instrument_call(gsi, call);
		return;
	}
	if (greturn *ret = dyn_cast<greturn *>(stmt)) {
		escape_check(gsi, stmt, gimple_return_retval(ret));
		return;
	}
	if (!is_gimple_assign(stmt))
		return;
	/* a pointer stored anywhere but in a local variable */
	if (gimple_assign_single_p(stmt) && TREE_CODE(gimple_assign_lhs(stmt)) != SSA_NAME &&
	    !local_pointer(gimple_assign_lhs(stmt)))
		escape_check(gsi, stmt, gimple_assign_rhs1(stmt));
	if (gimple_assign_single_p(stmt) && is_memory(gimple_assign_rhs1(stmt)))
		count_ref(gsi, gimple_assign_rhs1(stmt), COUNT_READ, false);
	if (is_memory(gimple_assign_lhs(stmt)))
		count_ref(gsi, gimple_assign_lhs(stmt), COUNT_WRITE, false);
}

/*
 * After @stmt, is the rest of the block perhaps not run?  A call may not
 * return (exit, longjmp, pthread_exit, a thread cancelled); an atomic
 * builtin does.  An asm may jump anywhere.
 */
static bool segment_ends_after(gimple *stmt)
{
	if (gimple_code(stmt) == GIMPLE_ASM)
		return true;
	if (gcall *call = dyn_cast<gcall *>(stmt))
		return gimple_call_internal_p(call) || !atomic_kinds(gimple_call_fndecl(call));
	return false;
}

static void walk_functions(void)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		function *fn = DECL_STRUCT_FUNCTION(node->decl);
		basic_block bb;

		if (!fn || !fn->cfg)
			continue;
		push_cfun(fn);
		local_defs_collect(fn);
		FOR_EACH_BB_FN(bb, fn) {
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
			     gsi_next(&gsi)) {
				instrument_stmt(&gsi);
				if (segment_ends_after(gsi_stmt(gsi)))
					segment_end();
			}
			segment_end();
		}
		/*
		 * The symbol table must know the function refers to the
		 * counters, or it drops them as unreferenced.
		 */
		cgraph_edge::rebuild_references();
		pop_cfun();
	}
}

/* ------------------------------------------------------------------ */
/* The unit's table and its constructor                                 */
/* ------------------------------------------------------------------ */

/* A static array of our own: NAME[@n] of @elt. */
static tree array_decl(const char *name, tree elt, unsigned n)
{
	tree type = build_array_type(elt, build_index_type(size_int(n - 1)));
	tree decl = build_decl(UNKNOWN_LOCATION, VAR_DECL, get_identifier(name), type);

	TREE_STATIC(decl) = 1;
	DECL_ARTIFICIAL(decl) = 1;
	DECL_IGNORED_P(decl) = 1;
	TREE_USED(decl) = 1;
	TREE_ADDRESSABLE(decl) = 1;
	DECL_CONTEXT(decl) = NULL_TREE;
	return decl;
}

/* static const unsigned __cachelint_segments[] = { the table of segments }; */
static tree segments_decl(void)
{
	unsigned n = ins.segs.length();
	tree decl = array_decl("__cachelint_segments", unsigned_type_node, n ? n : 1);
	vec<constructor_elt, va_gc> *elts = NULL;
	tree init;

	for (unsigned i = 0; i < n; i++)
		CONSTRUCTOR_APPEND_ELT(elts, size_int(i), build_int_cst(unsigned_type_node, ins.segs[i]));
	init = build_constructor(TREE_TYPE(decl), elts);
	TREE_CONSTANT(init) = 1;
	TREE_STATIC(init) = 1;
	TREE_READONLY(decl) = 1;
	DECL_INITIAL(decl) = init;
	variable_add(decl);
	return decl;
}

/* counters[@i] = &@var; */
static void append_address(tree *body, tree counters, unsigned i, tree var)
{
	tree elt = build4(ARRAY_REF, ptr_type_node, counters, size_int(i), NULL_TREE, NULL_TREE);

	append_to_statement_list(build2(MODIFY_EXPR, ptr_type_node, elt,
					fold_convert(ptr_type_node, build_fold_addr_expr(var))),
				 body);
}

/*
 * static void ctor(void)
 * {
 *	__cachelint_counters[2k + w] = &__cachelint_count_k_R;	(each member counter)
 *	__cachelint_counters[2 * nkeys + s] = &__cachelint_seg_s;	(each segment)
 *	__libcachelint_rt_register_v2(table, nkeys, __cachelint_segments, nsegs,
 *				   __cachelint_counters);
 * }
 */
static void build_constructor(void)
{
	tree fntype = build_function_type_list(void_type_node, const_ptr_type_node,
					       unsigned_type_node, const_ptr_type_node,
					       unsigned_type_node, ptr_type_node, NULL_TREE);
	tree fn = build_fn_decl(CL_RT_REGISTER_SYMBOL, fntype);
	unsigned nsegs = ins.seg_vars.length();
	tree addrs = array_decl("__cachelint_counters", ptr_type_node, 2 * ins.nkeys + nsegs);
	tree segs = segments_decl(), body = alloc_stmt_list();
	size_t len = obstack_object_size(&ins.table);
	const char *table;

	variable_add(addrs);
	for (unsigned i = 0; i < ins.counters.length(); i++)
		if (ins.counters[i])
			append_address(&body, addrs, i, ins.counters[i]);
	for (unsigned s = 0; s < nsegs; s++)
		append_address(&body, addrs, 2 * ins.nkeys + s, ins.seg_vars[s]);
	obstack_1grow(&ins.table, 0);
	table = (const char *)obstack_finish(&ins.table);
	append_to_statement_list(build_call_expr(fn, 5, build_string_literal(len + 1, table),
						 build_int_cst(unsigned_type_node, ins.nkeys),
						 build_fold_addr_expr(segs),
						 build_int_cst(unsigned_type_node, nsegs),
						 build_fold_addr_expr(addrs)),
				 &body);
	cgraph_build_static_cdtor('I', body, MAX_RESERVED_INIT_PRIORITY + 1);
}

static unsigned int instrument_execute(void)
{
	if (seen_error())
		return 0;
	/* Emulated TLS is not at one offset from the thread pointer. */
	if (!targetm.have_tls) {
		error("cachelint: %<instrument%> needs native thread-local storage, which this target emulates");
		return 0;
	}
	ins.chosen = new hash_map<int_hash<unsigned int, 0xffffffffu, 0xfffffffeu>, int>;
	ins.local_defs = new hash_map<tree, tree>;
	ins.escaped = new hash_set<nofree_string_hash>;
	ins.escape_at = UNKNOWN_LOCATION;
	ins.keys = new hash_map<nofree_string_hash, unsigned>;
	gcc_obstack_init(&ins.table);
	ins.nkeys = 0;
	ins.counters = vNULL;
	ins.seg = vNULL;
	ins.seg_first = NULL;
	ins.segs = vNULL;
	ins.seg_vars = vNULL;
	walk_functions();
	if (ins.nkeys)
		build_constructor();
	ins.counters.release();
	ins.seg.release();
	ins.segs.release();
	ins.seg_vars.release();
	for (auto it = ins.keys->begin(); it != ins.keys->end(); ++it)
		free(const_cast<char *>((*it).first));
	delete ins.keys;
	delete ins.chosen;
	delete ins.local_defs;
	for (auto it = ins.escaped->begin(); it != ins.escaped->end(); ++it)
		free(const_cast<char *>(*it));
	delete ins.escaped;
	obstack_free(&ins.table, NULL);
	return 0;
}

static const pass_data instrument_pass_data = {
	SIMPLE_IPA_PASS,	/* type */
	"cachelint_instrument",	/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_cfg,		/* properties_required */
	0,			/* properties_provided */
	0,			/* properties_destroyed */
	0,			/* todo_flags_start */
	0,			/* todo_flags_finish */
};

class instrument_pass : public simple_ipa_opt_pass {
public:
	instrument_pass(gcc::context *ctxt) : simple_ipa_opt_pass(instrument_pass_data, ctxt) {}
	bool gate(function *) final override { return !in_lto_p; }
	unsigned int execute(function *) final override { return instrument_execute(); }
};

void instrument_register(const char *plugin_name, const char *list, bool notes,
			 const struct cl_profile *profile, struct cl_arena *arena)
{
	struct register_pass_info info;

	ins.list = list && *list ? list : NULL;
	ins.notes = notes;
	ins.profile = profile;
	ins.arena = arena;
	info.pass = new instrument_pass(g);
	info.reference_pass_name = "*free_lang_data";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
