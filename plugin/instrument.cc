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
#include "asan.h"
#include "gimplify-me.h"
#include "tree-cfg.h"
#include "stringpool.h"

#include "access_profile.h"
#include "names.h"

#define CL_RT_NO_DECLARATIONS
#include "../runtime/cachelint-rt.h"

#define CHAIN_MAX 64
#define POINTER_HOPS 8
#define NO_KEY UINT_MAX

/**
 * struct sample_point - an access whose object the runtime is told about
 * @stmt: the access
 * @base: the object's address (a struct instance or a variable)
 * @addr: the address of the bytes the access touches
 * @site: its site in the unit's table
 */
struct sample_point {
	gimple *stmt;
	tree base, addr;
	unsigned site;
};

/**
 * struct sample_check - where one segment decides whether to sample
 * @from, @to: its sampled accesses, indices in instrument_state.samples
 * @count: the value its counter was just given (an SSA name)
 * @next: the thread-local count at which it samples next
 */
struct sample_check {
	unsigned from, to;
	tree count, next;
};

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
 * @all: `instrument=all`: every struct and every global array
 * @typedefs: TYPE_UID of an anonymous record -> the typedef that names it
 *	(`typedef struct {…} LIBEVENT_THREAD;`), from instrument_typedef()
 * @samples: the current function's accesses to tell the runtime about
 * @checks: its segments' decisions
 * @nexts: for each counter (by its DECL_UID), its `next` (sample_check)
 * @seg_samples: where the current segment's samples start
 * @sites: the unit's table of sites (cachelint-rt.h), after its count
 * @unit: the unit's number at the runtime
 * @routines: the unit's possible thread start routines
 * @names: the `instrument=` names and whether the unit saw each
 *	("name\tS\n", "name\tU\n"), for the runtime (names_check())
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
	bool all;
	hash_map<int_hash<unsigned int, 0xffffffffu, 0xfffffffeu>, const char *> *typedefs;
	vec<sample_point> samples;
	vec<sample_check> checks;
	hash_map<tree, tree> *nexts;
	obstack names;
	unsigned seg_samples;
	vec<unsigned> sites;
	tree unit;
	vec<tree> routines;
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

void instrument_typedef(tree decl)
{
	tree type = TREE_TYPE(decl);

	if (!ins.typedefs || !DECL_NAME(decl) || !type || !RECORD_OR_UNION_TYPE_P(type))
		return;
	type = TYPE_MAIN_VARIANT(type);
	if (!convert_record_name(type, ins.arena))
		ins.typedefs->put(TYPE_UID(type), IDENTIFIER_POINTER(DECL_NAME(decl)));
}

/* @type's name: its tag, or the typedef that names an anonymous one. */
static const char *record_name(tree type)
{
	const char *name = convert_record_name(type, ins.arena);
	const char **td;

	if (name)
		return name;
	td = ins.typedefs->get(TYPE_UID(type));
	return td ? *td : NULL;
}

/* The name of @type when its members are counted, else NULL. */
static const char *instrumented(tree type)
{
	const char *name;
	int *cached, v;

	if (!type || !RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return NULL;
	type = TYPE_MAIN_VARIANT(type);
	name = record_name(type);
	if (!name)
		return NULL;
	cached = ins.chosen->get(TYPE_UID(type));
	if (cached)
		return *cached == 1 ? name : NULL;
	if (ins.all)
		v = 1;
	else if (ins.list)
		v = listed(name);
	else
		v = attributes_on_fields(type) || (ins.profile && cl_profile_names(ins.profile, name));
	ins.chosen->put(TYPE_UID(type), v ? 1 : 2);
	return v ? name : NULL;
}

/*
 * A global or static variable whose elements are counted: one that
 * `instrument=` names, or with `instrument=all` any array.
 */
static bool variable_instrumented(tree t)
{
	if (!t || !VAR_P(t) || !is_global_var(t) || !DECL_NAME(t) || DECL_ARTIFICIAL(t) ||
	    !COMPLETE_TYPE_P(TREE_TYPE(t)) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(TREE_TYPE(t))))
		return false;
	if (ins.all)
		return TREE_CODE(TREE_TYPE(t)) == ARRAY_TYPE;
	return ins.list && listed(IDENTIFIER_POINTER(DECL_NAME(t)));
}

static uint64_t field_bits(tree f)
{
	tree pos = bit_position(f);

	return tree_fits_uhwi_p(pos) ? tree_to_uhwi(pos) : 0;
}

/*
 * The index of member @rec.@path (@bits at @bit_size), new ones appended to
 * the table with @kind ("s:SIZE", "v:ELEMENT:COUNT") and @where the struct
 * or variable is defined (cachelint-rt.h).
 */
static unsigned key_index(const char *rec, const char *path, uint64_t bits, uint64_t bit_size,
			  const char *kind, location_t where)
{
	char *key = concat(rec, "\t", path, NULL);
	expanded_location xl = expand_location(where);
	bool existed;
	unsigned *slot = &ins.keys->get_or_insert(key, &existed);

	if (existed) {
		free(key);
		return *slot;
	}
	*slot = ins.nkeys++;
	obstack_grow(&ins.table, key, strlen(key));
	obstack_printf(&ins.table, "\t%" PRIu64 "\t%" PRIu64 "\t%s\t%s:%d\n", bits, bit_size, kind,
		       xl.file ? xl.file : "", xl.line);
	return *slot;
}

static uint64_t type_bytes(tree type)
{
	return type && COMPLETE_TYPE_P(type) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)) ?
	       tree_to_uhwi(TYPE_SIZE_UNIT(type)) : 0;
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
static tree tls_decl(const char *name, tree type)
{
	tree decl;
	enum tls_model model;

	decl = build_decl(UNKNOWN_LOCATION, VAR_DECL, get_identifier(name), type);
	TREE_STATIC(decl) = 1;
	DECL_ARTIFICIAL(decl) = 1;
	DECL_IGNORED_P(decl) = 1;
	TREE_USED(decl) = 1;
	TREE_ADDRESSABLE(decl) = 1;	/* the constructor hands its address over */
	DECL_CONTEXT(decl) = NULL_TREE;
	model = decl_default_tls_model(decl);
	set_decl_tls_model(decl, model < TLS_MODEL_INITIAL_EXEC ? TLS_MODEL_INITIAL_EXEC : model);
	return decl;
}

static tree counter_decl(const char *name)
{
	tree decl = tls_decl(name, long_long_unsigned_type_node);

	variable_add(decl);
	return decl;
}

/* static unsigned __cachelint_unit: the unit's number at the runtime. */
static void sample_decls(void)
{
	if (ins.unit)
		return;
	ins.unit = build_decl(UNKNOWN_LOCATION, VAR_DECL, get_identifier("__cachelint_unit"),
			      unsigned_type_node);
	TREE_STATIC(ins.unit) = 1;
	DECL_ARTIFICIAL(ins.unit) = 1;
	DECL_IGNORED_P(ins.unit) = 1;
	TREE_USED(ins.unit) = 1;
	TREE_ADDRESSABLE(ins.unit) = 1;
	DECL_CONTEXT(ins.unit) = NULL_TREE;
	variable_add(ins.unit);
}

/* @value as an SSA name (or a constant) computed before @gsi, usable further down the block. */
static tree ssa_value(gimple_stmt_iterator *gsi, tree value)
{
	tree v = force_gimple_operand_gsi(gsi, fold_convert(const_ptr_type_node, value), true,
					  NULL_TREE, true, GSI_SAME_STMT);
	gimple *g;

	if (TREE_CODE(v) == SSA_NAME || is_gimple_min_invariant(v))
		return v;
	g = gimple_build_assign(make_ssa_name(const_ptr_type_node), v);
	gsi_insert_before(gsi, g, GSI_SAME_STMT);
	return gimple_assign_lhs(g);
}

/*
 * The sampled accesses of one segment (@c): their objects' and bytes'
 * addresses kept where each access is, and after the last (before it
 * when it ends the block):
 *
 *	if (count == next) {			(very unlikely)
 *		__libcachelint_rt_sample_v3(base_1, addr_1, &unit, site_1);
 *		...
 *		next = count + __libcachelint_rt_sample_v3(base_n, addr_n, &unit, site_n);
 *	}
 *
 * where count is what the segment's counter was just given: one load and
 * a compare per segment, no store (a countdown of its own, a second
 * read-modify-write per segment, ran a reader loop 2.2x slower than
 * plain), the addresses sunk into the unlikely block.  Each counter
 * samples at intervals of its own, which the runtime draws at random.
 * The call returns, so the segment's count stays exact.
 */
static void check_emit(const struct sample_check *c)
{
	static tree fn;
	tree type = unsigned_type_node, ull = long_long_unsigned_type_node;
	gimple *last = ins.samples[c->to - 1].stmt, *g[2];
	tree next = make_ssa_name(ull);
	location_t loc = gimple_location(last);
	gimple_stmt_iterator gsi, at;
	basic_block then_bb, join_bb;

	if (!fn) {
		fn = build_fn_decl(CL_RT_SAMPLE_SYMBOL,
				   build_function_type_list(type, const_ptr_type_node,
							    const_ptr_type_node,
							    const_ptr_type_node, type, NULL_TREE));
		TREE_NOTHROW(fn) = 1;
		DECL_ATTRIBUTES(fn) = tree_cons(get_identifier("leaf"), NULL_TREE, NULL_TREE);
	}
	for (unsigned i = c->from; i < c->to; i++) {
		struct sample_point *p = &ins.samples[i];

		gsi = gsi_for_stmt(p->stmt);
		p->base = ssa_value(&gsi, p->base);
		p->addr = ssa_value(&gsi, p->addr);
	}
	g[0] = gimple_build_assign(next, c->next);
	g[1] = gimple_build_cond(EQ_EXPR, c->count, next, NULL_TREE, NULL_TREE);
	gsi = gsi_for_stmt(last);
	gimple_set_location(g[0], loc);
	gimple_set_location(g[1], loc);
	if (stmt_ends_bb_p(last))
		gsi_insert_before(&gsi, g[0], GSI_SAME_STMT);
	else
		gsi_insert_after(&gsi, g[0], GSI_NEW_STMT);
	gsi = gsi_for_stmt(g[0]);
	at = create_cond_insert_point(&gsi, false, false, true, &then_bb, &join_bb);
	gsi_insert_after(&at, g[1], GSI_NEW_STMT);

	at = gsi_start_bb(then_bb);
	for (unsigned i = c->from; i < c->to; i++) {
		const struct sample_point *p = &ins.samples[i];
		gcall *call = gimple_build_call(fn, 4, p->base, p->addr,
						build_fold_addr_expr(ins.unit),
						build_int_cst(type, p->site));
		tree wide, sum;
		gimple *s;

		gimple_set_location(call, loc);
		if (i + 1 < c->to) {
			gsi_insert_after(&at, call, GSI_NEW_STMT);
			continue;
		}
		gimple_call_set_lhs(call, make_ssa_name(type));
		gsi_insert_after(&at, call, GSI_NEW_STMT);
		wide = make_ssa_name(ull);
		s = gimple_build_assign(wide, NOP_EXPR, gimple_call_lhs(call));
		gsi_insert_after(&at, s, GSI_NEW_STMT);
		sum = make_ssa_name(ull);
		s = gimple_build_assign(sum, PLUS_EXPR, c->count, wide);
		gsi_insert_after(&at, s, GSI_NEW_STMT);
		s = gimple_build_assign(c->next, sum);
		gimple_set_location(s, loc);
		gsi_insert_after(&at, s, GSI_NEW_STMT);
	}
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

/* Before @stmt: this thread's @counter += 1; the new count. */
static tree emit_add(gimple *stmt, tree counter)
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
	return now;
}

/*
 * static __thread unsigned long long NAME_next = 1: the count of
 * @counter at which its segments next sample (so the first does).
 */
static tree next_of(tree counter)
{
	bool existed;
	tree &next = ins.nexts->get_or_insert(counter, &existed);
	char *name;

	if (existed)
		return next;
	name = concat(IDENTIFIER_POINTER(DECL_NAME(counter)), "_next", NULL);
	next = tls_decl(name, long_long_unsigned_type_node);
	free(name);
	DECL_INITIAL(next) = build_int_cst(long_long_unsigned_type_node, 1);
	variable_add(next);
	return next;
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

	struct sample_check check;

	check.from = ins.seg_samples;
	check.to = ins.samples.length();
	ins.seg_samples = ins.samples.length();
	if (!n)
		return;
	if (n == 1) {
		var = member_counter(ins.seg[0]);
		check.count = emit_add(ins.seg_first, var);
	} else {
		snprintf(name, sizeof(name), "__cachelint_seg_%u", ins.seg_vars.length());
		var = counter_decl(name);
		ins.seg_vars.safe_push(var);
		check.count = emit_add(ins.seg_first, var);
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
	if (check.to > check.from) {
		check.next = next_of(var);
		ins.checks.safe_push(check);
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

/* @kinds of member @key, in the segment that @gsi's statement is in. */
static void segment_add(gimple_stmt_iterator *gsi, unsigned key, unsigned kinds)
{
	if (!ins.seg_first)
		ins.seg_first = gsi_stmt(*gsi);
	if (kinds & COUNT_READ)
		ins.seg.safe_push(2 * key);
	if (kinds & COUNT_WRITE)
		ins.seg.safe_push(2 * key + 1);
}

/*
 * What tells two structs of one name apart: a hash of the members' names,
 * offsets and sizes, at any depth.  The same struct seen by two units
 * through two spellings of its header's path is one struct; two structs of
 * one tag with different members (two units' private `struct node`) are two.
 */
static unsigned fingerprint(tree type, unsigned depth)
{
	unsigned h = 2166136261u;

	for (tree f = TYPE_FIELDS(type); f && depth < 8; f = DECL_CHAIN(f)) {
		char buf[64];

		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		for (const char *c = DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : ""; *c; c++)
			h = (h ^ (unsigned char)*c) * 16777619u;
		snprintf(buf, sizeof(buf), ":%" PRIu64 ":%" PRIu64 ";", field_bits(f),
			 DECL_SIZE(f) && tree_fits_uhwi_p(DECL_SIZE(f)) ? tree_to_uhwi(DECL_SIZE(f)) : 0);
		for (const char *c = buf; *c; c++)
			h = (h ^ (unsigned char)*c) * 16777619u;
		if (RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)))
			h = (h ^ fingerprint(TREE_TYPE(f), depth + 1)) * 16777619u;
	}
	return h;
}

/*
 * @kinds of member @rec.@path (of record @rtype, @bits at @bit_size), in
 * the segment that @gsi's statement is in.  Returns its key, or NO_KEY.
 */
static unsigned count(gimple_stmt_iterator *gsi, tree rtype, const char *rec, const char *path,
		      uint64_t bits, uint64_t bit_size, unsigned kinds)
{
	char kind[32];
	unsigned key;

	if (ins.escape_at != UNKNOWN_LOCATION) {
		escape_note(rec, path);
		return NO_KEY;
	}
	snprintf(kind, sizeof(kind), "s:%" PRIu64 ":%08x", type_bytes(rtype), fingerprint(rtype, 0));
	key = key_index(rec, path, bits, bit_size, kind, convert_record_location(rtype));

	segment_add(gsi, key, kinds);
	return key;
}

/* Every leaf under @type, as members of @rec (@rtype) below @prefix; the first's key. */
static unsigned count_leaves(gimple_stmt_iterator *gsi, tree rtype, const char *rec, tree type,
			     const char *prefix, uint64_t bits, unsigned kinds, unsigned depth)
{
	unsigned first = NO_KEY, k;

	/*
	 * A record's address that leaves is no loss: the code it reaches
	 * accesses its members as members, counted where that is built.
	 */
	if (depth > 16 || ins.escape_at != UNKNOWN_LOCATION)
		return NO_KEY;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		bool sub = RECORD_OR_UNION_TYPE_P(TREE_TYPE(f));
		const char *name = DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : NULL;
		const char *path;

		if (TREE_CODE(f) != FIELD_DECL || (!name && !sub))
			continue;
		path = !name ? prefix : *prefix ? cl_arena_printf(ins.arena, "%s.%s", prefix, name) :
		       name;
		if (sub)
			k = count_leaves(gsi, rtype, rec, TREE_TYPE(f), path, bits + field_bits(f),
					 kinds, depth + 1);
		else
			k = count(gsi, rtype, rec, path, bits + field_bits(f),
				  DECL_SIZE(f) && tree_fits_uhwi_p(DECL_SIZE(f)) ?
				  tree_to_uhwi(DECL_SIZE(f)) : 0, kinds);
		if (first == NO_KEY)
			first = k;
	}
	return first;
}

/* ------------------------------------------------------------------ */
/* Memory references                                                    */
/* ------------------------------------------------------------------ */

/*
 * A reference's components, the innermost first.  refs[own..n) are the
 * statement's own; refs[0..own) were followed through pointer @ptr, an
 * operand of the statement, which points at what refs[own - 1] is.
 */
struct chain {
	tree refs[CHAIN_MAX];
	int n, own;
	tree ptr;
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
	if (TREE_CODE(t) == MEM_REF && integer_zerop(TREE_OPERAND(t, 1))) {
		chain_pointer(TREE_OPERAND(t, 0), c, hops);
		if (!hops) {
			c->own = c->n;
			c->ptr = TREE_OPERAND(t, 0);
		}
	}
	while (n-- > 0 && c->n < CHAIN_MAX)
		c->refs[c->n++] = outer[n];
}

/*
 * The members @c accesses as seen from the record at position @i (the
 * record TREE_OPERAND(c->refs[i], 0) is of): the path through the
 * COMPONENT_REFs from there; an array element, a part of a member or a
 * bit-field ends it; a member that is a record itself is all its leaves.
 * Returns the first member's key, or NO_KEY.
 */
static unsigned count_from(gimple_stmt_iterator *gsi, const struct chain *c, int i, const char *rec,
			   unsigned kinds)
{
	tree rtype = TYPE_MAIN_VARIANT(TREE_TYPE(TREE_OPERAND(c->refs[i], 0)));
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
		return NO_KEY;
	if (RECORD_OR_UNION_TYPE_P(TREE_TYPE(last)) && i == c->n)
		return count_leaves(gsi, rtype, rec, TREE_TYPE(last), path, bits, kinds, 0);
	if (*path)
		return count(gsi, rtype, rec, path, bits,
			     DECL_SIZE(last) && tree_fits_uhwi_p(DECL_SIZE(last)) ?
			     tree_to_uhwi(DECL_SIZE(last)) : 0, kinds);
	return NO_KEY;
}

/* ------------------------------------------------------------------ */
/* Objects: what the runtime samples                                    */
/* ------------------------------------------------------------------ */

/* Where what @r denotes starts within its operand 0, in bytes, added to *@off. */
static bool ref_bytes(tree r, uint64_t *off)
{
	if (TREE_CODE(r) == COMPONENT_REF) {
		tree f = TREE_OPERAND(r, 1), o = component_ref_field_offset(r);

		if (!o || !tree_fits_uhwi_p(o) || !tree_fits_uhwi_p(DECL_FIELD_BIT_OFFSET(f)))
			return false;
		*off += tree_to_uhwi(o) + tree_to_uhwi(DECL_FIELD_BIT_OFFSET(f)) / BITS_PER_UNIT;
		return true;
	}
	if (TREE_CODE(r) == ARRAY_REF) {
		tree idx = TREE_OPERAND(r, 1), low = array_ref_low_bound(r);
		tree size = array_ref_element_size(r);

		if (!tree_fits_shwi_p(idx) || !tree_fits_shwi_p(low) || !tree_fits_uhwi_p(size))
			return false;
		*off += (uint64_t)(tree_to_shwi(idx) - tree_to_shwi(low)) * tree_to_uhwi(size);
		return true;
	}
	return false;
}

/* Whether the address of @obj, a memory object, may be taken as it is. */
static bool addressable(tree obj)
{
	tree base = get_base_address(obj);

	for (tree t = obj; handled_component_p(t); t = TREE_OPERAND(t, 0))
		if ((TREE_CODE(t) == COMPONENT_REF && DECL_BIT_FIELD(TREE_OPERAND(t, 1))) ||
		    TREE_CODE(t) == BIT_FIELD_REF || TREE_CODE(t) == REALPART_EXPR ||
		    TREE_CODE(t) == IMAGPART_EXPR || TREE_CODE(t) == VIEW_CONVERT_EXPR)
			return false;
	if (!base)
		return false;
	if (TREE_CODE(base) == MEM_REF || TREE_CODE(base) == TARGET_MEM_REF)
		return true;
	/* a local whose address nothing took is one thread's: not sampled */
	return DECL_P(base) && (is_global_var(base) || TREE_ADDRESSABLE(base));
}

/* Tell the runtime, now and then, that @stmt touches @size bytes at @addr of object @base. */
static void sample_add(gimple *stmt, tree base, tree addr, unsigned key, uint64_t size,
		       unsigned kinds)
{
	struct sample_point p;

	if (key == NO_KEY || !size || size > (UINT_MAX >> 2))
		return;
	/* a variable whose address the sample takes is addressable from now on */
	for (tree t : { base, addr }) {
		tree decl = TREE_CODE(t) == ADDR_EXPR ? get_base_address(TREE_OPERAND(t, 0)) : NULL_TREE;

		if (decl && DECL_P(decl))
			TREE_ADDRESSABLE(decl) = 1;
	}
	p.stmt = stmt;
	p.base = base;
	p.addr = addr;
	p.site = ins.sites.length() / 2;
	ins.sites.safe_push(key);
	ins.sites.safe_push((unsigned)size << 2 | kinds);
	ins.samples.safe_push(p);
}

/*
 * The access @c makes (@ref, or through the pointer @ref), sampled as one
 * of the object whose address is @base: the address of the bytes it
 * touches, and how many.  @from: the chain position where that object's
 * bytes start, for the offset of a bit-field.
 */
static void sample_access(gimple *stmt, const struct chain *c, int from, tree base, tree ref,
			  bool is_pointer, unsigned key, unsigned kinds)
{
	uint64_t off = 0;
	tree addr;

	if (is_pointer) {
		sample_add(stmt, base, c->ptr, key, type_bytes(TREE_TYPE(c->refs[c->n - 1])), kinds);
		return;
	}
	if (addressable(ref)) {
		addr = build_fold_addr_expr(ref);
	} else {
		for (int j = from; j < c->n; j++)
			if (!ref_bytes(c->refs[j], &off))
				return;
		addr = fold_build_pointer_plus_hwi(base, (HOST_WIDE_INT)off);
	}
	sample_add(stmt, base, addr, key, type_bytes(TREE_TYPE(ref)), kinds);
}

/* The object the record at chain position @i is part of: its address, or NULL_TREE. */
static tree record_address(const struct chain *c, int i)
{
	tree obj = TREE_OPERAND(c->refs[i], 0);
	uint64_t off = 0;

	if (i >= c->own)
		return addressable(obj) ? build_fold_addr_expr(obj) : NULL_TREE;
	for (int j = i; j < c->own; j++)
		if (!ref_bytes(c->refs[j], &off))
			return NULL_TREE;
	return fold_build_pointer_plus_hwi(c->ptr, -(HOST_WIDE_INT)off);
}

/* An instrumented variable's element (or the scalar) accessed by @c: counted, sampled. */
static void count_variable(gimple_stmt_iterator *gsi, const struct chain *c, tree var, tree ref,
			   bool is_pointer, unsigned kinds)
{
	tree type = TREE_TYPE(var), elt = type;
	uint64_t total = type_bytes(type), size;
	char kind[64];
	unsigned key;

	if (ins.escape_at != UNKNOWN_LOCATION)
		return;
	while (TREE_CODE(elt) == ARRAY_TYPE && type_bytes(TREE_TYPE(elt)))
		elt = TREE_TYPE(elt);
	/* the outermost dimension's element: a row of a two-dimensional array */
	size = TREE_CODE(type) == ARRAY_TYPE && type_bytes(TREE_TYPE(type)) ?
	       type_bytes(TREE_TYPE(type)) : total;
	if (!size)
		return;
	snprintf(kind, sizeof(kind), "v:%" PRIu64 ":%" PRIu64, size, total / size);
	key = key_index(IDENTIFIER_POINTER(DECL_NAME(var)), "", 0, size * BITS_PER_UNIT, kind,
			DECL_SOURCE_LOCATION(var));
	segment_add(gsi, key, kinds);
	sample_access(gsi_stmt(*gsi), c, 0, build_fold_addr_expr(var), ref, is_pointer, key, kinds);
}

/* Count what the memory reference @ref reads or writes (@kinds). */
static void count_ref(gimple_stmt_iterator *gsi, tree ref, unsigned kinds, bool is_pointer)
{
	gimple *stmt = gsi_stmt(*gsi);
	struct chain c;
	tree type, core;
	const char *rec;
	unsigned key;

	c.n = 0;
	c.own = 0;
	c.ptr = NULL_TREE;
	if (is_pointer) {
		chain_pointer(ref, &c, 0);
		c.own = c.n;
		c.ptr = ref;
	} else {
		chain_ref(ref, &c, 0);
	}
	for (int i = 0; i < c.n; i++) {
		tree base;

		if (TREE_CODE(c.refs[i]) != COMPONENT_REF)
			continue;
		rec = instrumented(TREE_TYPE(TREE_OPERAND(c.refs[i], 0)));
		if (!rec)
			continue;
		key = count_from(gsi, &c, i, rec, kinds);
		if (key != NO_KEY && (base = record_address(&c, i)))
			sample_access(stmt, &c, i, base, ref, is_pointer, key, kinds);
	}
	/* An element of an instrumented variable, or the variable. */
	core = c.n ? TREE_OPERAND(c.refs[0], 0) : is_pointer ? NULL_TREE : ref;
	if (core && variable_instrumented(core))
		count_variable(gsi, &c, core, ref, is_pointer, kinds);
	/* The whole of an instrumented record: `*p = *q`, `g = x`, `a[i] = s`. */
	if (is_pointer && !c.n)
		return;
	type = is_pointer ? TREE_TYPE(c.refs[c.n - 1]) : TREE_TYPE(ref);
	rec = instrumented(type);
	if (!rec)
		return;
	key = count_leaves(gsi, TYPE_MAIN_VARIANT(type), rec, TYPE_MAIN_VARIANT(type), "", 0, kinds,
			   0);
	if (key == NO_KEY)
		return;
	if (is_pointer)
		sample_add(stmt, c.ptr, c.ptr, key, type_bytes(type), kinds);
	else if (addressable(ref))
		sample_add(stmt, build_fold_addr_expr(ref), build_fold_addr_expr(ref), key,
			   type_bytes(type), kinds);
}

static bool is_memory(tree t)
{
	if (!t || TREE_CODE(t) == SSA_NAME || CONSTANT_CLASS_P(t) ||
	    TREE_CODE(t) == ADDR_EXPR || TREE_CODE(t) == CONSTRUCTOR)
		return false;
	if (handled_component_p(t) || TREE_CODE(t) == MEM_REF || TREE_CODE(t) == TARGET_MEM_REF)
		return true;
	/* A whole variable: a record's members, or an instrumented variable. */
	return ((VAR_P(t) || TREE_CODE(t) == PARM_DECL || TREE_CODE(t) == RESULT_DECL) &&
		RECORD_OR_UNION_TYPE_P(TREE_TYPE(t))) || variable_instrumented(t);
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

/*
 * Whether @decl may be a thread's start routine, `void *f(void *)` whose
 * address is taken: the runtime names the threads that start there.
 */
static bool thread_routine(tree decl, cgraph_node *node)
{
	tree type = TREE_TYPE(decl), args;

	if (!DECL_NAME(decl) || !(node->address_taken || TREE_ADDRESSABLE(decl)) ||
	    TREE_CODE(type) != FUNCTION_TYPE || !POINTER_TYPE_P(TREE_TYPE(type)))
		return false;
	args = TYPE_ARG_TYPES(type);
	return args && POINTER_TYPE_P(TREE_VALUE(args)) && TREE_CHAIN(args) &&
	       VOID_TYPE_P(TREE_VALUE(TREE_CHAIN(args)));
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
		if (thread_routine(node->decl, node))
			ins.routines.safe_push(node->decl);
		local_defs_collect(fn);
		ins.samples.truncate(0);
		ins.checks.truncate(0);
		ins.seg_samples = 0;
		FOR_EACH_BB_FN(bb, fn) {
			for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);
			     gsi_next(&gsi)) {
				instrument_stmt(&gsi);
				if (segment_ends_after(gsi_stmt(gsi)))
					segment_end();
			}
			segment_end();
		}
		if (ins.samples.length())
			sample_decls();
		for (unsigned i = 0; i < ins.checks.length(); i++)
			check_emit(&ins.checks[i]);
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

/* static const unsigned NAME[] = { @v }; */
static tree table_decl(const char *name, const vec<unsigned> &v)
{
	unsigned n = v.length();
	tree decl = array_decl(name, unsigned_type_node, n ? n : 1);
	vec<constructor_elt, va_gc> *elts = NULL;
	tree init;

	for (unsigned i = 0; i < n; i++)
		CONSTRUCTOR_APPEND_ELT(elts, size_int(i), build_int_cst(unsigned_type_node, v[i]));
	init = build_constructor(TREE_TYPE(decl), elts);
	TREE_CONSTANT(init) = 1;
	TREE_STATIC(init) = 1;
	TREE_READONLY(decl) = 1;
	DECL_INITIAL(decl) = init;
	variable_add(decl);
	return decl;
}

/* @array[@i] = @value; */
static void append_store(tree *body, tree array, unsigned i, tree value)
{
	tree elt = build4(ARRAY_REF, ptr_type_node, array, size_int(i), NULL_TREE, NULL_TREE);

	append_to_statement_list(build2(MODIFY_EXPR, ptr_type_node, elt,
					fold_convert(ptr_type_node, value)),
				 body);
}

/*
 * static void ctor(void)
 * {
 *	__cachelint_counters[2k + w] = &__cachelint_count_k_R;	(each member counter)
 *	__cachelint_counters[2 * nkeys + s] = &__cachelint_seg_s;	(each segment)
 *	__cachelint_routines[2i] = &routine_i; [2i + 1] = "routine_i";
 *	__libcachelint_rt_register_v3(table, nkeys, __cachelint_segments, nsegs,
 *				      __cachelint_counters, __cachelint_sites,
 *				      &__cachelint_unit, __cachelint_routines, nroutines,
 *				      "name\tS\n…" (names_check());
 * }
 */
static void build_register(void)
{
	tree fntype = build_function_type_list(void_type_node, const_ptr_type_node,
					       unsigned_type_node, const_ptr_type_node,
					       unsigned_type_node, ptr_type_node,
					       const_ptr_type_node, ptr_type_node,
					       const_ptr_type_node, unsigned_type_node,
					       const_ptr_type_node, NULL_TREE);
	tree fn = build_fn_decl(CL_RT_REGISTER_SYMBOL, fntype);
	unsigned nsegs = ins.seg_vars.length(), nroutines = ins.routines.length();
	tree addrs = array_decl("__cachelint_counters", ptr_type_node, 2 * ins.nkeys + nsegs + 1);
	tree routines = array_decl("__cachelint_routines", ptr_type_node, 2 * nroutines + 1);
	tree segs = table_decl("__cachelint_segments", ins.segs), sites, unit;
	tree body = alloc_stmt_list();
	size_t len = obstack_object_size(&ins.table);
	const char *table, *names = (const char *)obstack_base(&ins.names);

	ins.sites.safe_insert(0, ins.sites.length() / 2);
	sites = table_decl("__cachelint_sites", ins.sites);
	unit = ins.unit ? build_fold_addr_expr(ins.unit) : null_pointer_node;
	variable_add(addrs);
	variable_add(routines);
	for (unsigned i = 0; i < ins.counters.length(); i++)
		if (ins.counters[i])
			append_store(&body, addrs, i, build_fold_addr_expr(ins.counters[i]));
	for (unsigned s = 0; s < nsegs; s++)
		append_store(&body, addrs, 2 * ins.nkeys + s, build_fold_addr_expr(ins.seg_vars[s]));
	for (unsigned i = 0; i < nroutines; i++) {
		const char *name = IDENTIFIER_POINTER(DECL_NAME(ins.routines[i]));

		append_store(&body, routines, 2 * i, build_fold_addr_expr(ins.routines[i]));
		append_store(&body, routines, 2 * i + 1, build_string_literal(strlen(name) + 1, name));
	}
	obstack_1grow(&ins.table, 0);
	table = (const char *)obstack_finish(&ins.table);
	append_to_statement_list(build_call_expr(fn, 10, build_string_literal(len + 1, table),
						 build_int_cst(unsigned_type_node, ins.nkeys),
						 build_fold_addr_expr(segs),
						 build_int_cst(unsigned_type_node, nsegs),
						 build_fold_addr_expr(addrs),
						 build_fold_addr_expr(sites), unit,
						 build_fold_addr_expr(routines),
						 build_int_cst(unsigned_type_node, nroutines),
						 build_string_literal(strlen(names) + 1, names)),
				 &body);
	cgraph_build_static_cdtor('I', body, MAX_RESERVED_INIT_PRIORITY + 1);
}

/* The identifier a listed @name needs: its last component, without template arguments. */
static bool name_seen(const char *name, size_t len)
{
	const char *lt = (const char *)memchr(name, '<', len), *s = name, *c;
	char *id;
	bool seen;

	if (lt)
		len = (size_t)(lt - name);
	while ((c = (const char *)memchr(s, ':', len - (size_t)(s - name))) && c[1] == ':')
		s = c + 2;
	id = xstrndup(s, len - (size_t)(s - name));
	seen = maybe_get_identifier(id) != NULL_TREE;
	free(id);
	return seen;
}

/*
 * `instrument=NAME`: a NAME that nothing matches is said, not passed over
 * in silence.  One list goes to every unit of a program (CFLAGS), and a
 * unit that does not include the struct's header is normal, so a unit
 * cannot tell a misspelt name from one defined elsewhere.  Two answers:
 * the unit tells the runtime which names it saw ("name\tS\n" or
 * "name\tU\n" in @ins.names), and the runtime says at exit which name
 * no unit of the program had; and a unit that sees some of the names but
 * not all warns about the others (a warning that -Werror leaves one: a
 * build that loads the plugin must not break over it).
 */
static void names_check(void)
{
	bool any = false;

	obstack_init(&ins.names);
	for (const char *s = ins.list; s && !ins.all;) {
		size_t n = cl_record_name_length(s);
		bool seen = name_seen(s, n);

		any |= seen;
		obstack_grow(&ins.names, s, n);
		obstack_grow(&ins.names, seen ? "\tS\n" : "\tU\n", 3);
		s = s[n] ? s + n + 1 : NULL;
	}
	obstack_1grow(&ins.names, 0);
	for (const char *s = ins.list; s && !ins.all && any;) {
		size_t n = cl_record_name_length(s);

		if (!name_seen(s, n)) {
			bool saved = compat_warning_as_error();

			compat_set_warning_as_error(false);
			warning_at(UNKNOWN_LOCATION, 0, "cachelint: %<instrument=%.*s%>: no struct, typedef or variable of that name in this unit: nothing counted for it",
				   (int)n, s);
			compat_set_warning_as_error(saved);
		}
		s = s[n] ? s + n + 1 : NULL;
	}
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
	names_check();
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
	ins.samples = vNULL;
	ins.checks = vNULL;
	ins.nexts = new hash_map<tree, tree>;
	ins.sites = vNULL;
	ins.routines = vNULL;
	ins.unit = NULL_TREE;
	walk_functions();
	if (ins.nkeys || ins.routines.length() || ins.list)
		build_register();
	ins.counters.release();
	ins.seg.release();
	ins.segs.release();
	ins.seg_vars.release();
	ins.samples.release();
	ins.checks.release();
	delete ins.nexts;
	ins.sites.release();
	ins.routines.release();
	for (auto it = ins.keys->begin(); it != ins.keys->end(); ++it)
		free(const_cast<char *>((*it).first));
	delete ins.keys;
	delete ins.chosen;
	delete ins.local_defs;
	for (auto it = ins.escaped->begin(); it != ins.escaped->end(); ++it)
		free(const_cast<char *>(*it));
	delete ins.escaped;
	obstack_free(&ins.table, NULL);
	obstack_free(&ins.names, NULL);
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
	ins.all = ins.list && !strcmp(ins.list, "all");
	ins.typedefs = new hash_map<int_hash<unsigned int, 0xffffffffu, 0xfffffffeu>, const char *>;
	ins.notes = notes;
	ins.profile = profile;
	ins.arena = arena;
	info.pass = new instrument_pass(g);
	info.reference_pass_name = "*free_lang_data";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
