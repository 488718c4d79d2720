// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * instrument.cc - `instrument[=STRUCT[:STRUCT…]]`: count every read and
 * write of a member of the instrumented structs, per thread, at run time
 *
 * A simple IPA pass before free_lang_data, when every function of the unit
 * is lowered GIMPLE with a CFG and not yet in SSA form (and not yet inlined
 * or optimized: the counts are the accesses the source makes).  Which
 * members each statement reads and writes is access_walk.cc's to say
 * (through pointers and casts, asm memory operands, atomic builtins and
 * pthread locks, and into the unit-local functions a member's address is
 * passed to); this file adds the code that counts them.
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
 * five, and every count is still exact at every call.  An access that a
 * call reaches (in the function the member's address is passed to) counts
 * in the call's segment; one that runs there under a condition or in a
 * loop is not counted (instrument-notes says where).
 *
 * The counters are in static TLS (initial-exec even under -fPIC,
 * local-exec in an executable), where libcachelint-rt finds every thread's
 * copy (runtime/cachelint-rt.h).  One variable per counter, not one array:
 * the SLP vectorizer would turn neighbouring counts into one 16-byte add,
 * whose chain from one access to the next ran the charge workload 2.3x
 * slower than two adds.
 *
 * Allocation sites: after each call to malloc, calloc, realloc,
 * reallocarray, aligned_alloc, memalign, valloc or posix_memalign (and
 * their __builtin_ forms), a call
 *
 *	__libcachelint_rt_alloc_v3(ptr, size, "file:line");
 *
 * tells the runtime where the block came from (posix_memalign: the block
 * it stored, when it returned 0), so that evidence on heap objects can
 * name the allocation that made them.
 *
 * A constructor gives libcachelint-rt the unit's members ("struct\tpath\t
 * bit-offset\n" each), its segments and this thread's addresses of all the
 * counters.
 *
 * Which structs: the listed ones, or by default every struct with
 * annotations on its fields or an entry in the profile.  Without
 * `instrument` this pass does not exist: objects stay identical.  Under
 * -flto the pass runs in cc1 before the IR is written, never in lto1.
 */
#include "access_walk.h"

#include "tree-pass.h"
#include "context.h"
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

#include "profile/access_profile.h"
#include "model/names.h"

#define CL_RT_NO_DECLARATIONS
#include "../runtime/cachelint-rt.h"

#define NO_KEY UINT_MAX
/* instrument-notes: the places named per member; more are counted, then said once. */
#define NOTES_PER_MEMBER 8

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
 * struct note_tally - instrument-notes for one member
 * @shown: notes printed
 * @more: places not printed, past NOTES_PER_MEMBER
 * @where: the struct's definition, where the "more" note goes
 */
struct note_tally {
	unsigned shown, more;
	location_t where;
};

/**
 * struct pending_note - an instrument-notes note, printed at the end of the
 *	walk in the order of the places (the walk goes in the call graph's)
 * @rec, @path: the member
 * @loc: the place
 * @where: the struct's definition
 * @fmt: the text, with the member, then @fn and @via
 */
struct pending_note {
	const char *rec, *path;
	location_t loc, where;
	const char *fmt;
	char *fn, *via;
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
 * @notes: `instrument-notes`: say where a member's address leaves a
 *	function (accesses through it elsewhere are not counted)
 * @noted: "struct\tpath\tfile:line:col" of every note (each place once)
 * @pending: the notes, printed at the end (notes_flush())
 * @all: `instrument=all`: every struct and every global array
 * @samples: the current function's accesses to tell the runtime about
 * @checks: its segments' decisions
 * @nexts: for each counter (by its DECL_UID), its `next` (sample_check)
 * @seg_samples: where the current segment's samples start
 * @sampled: the frame last sampled (a frame's hits sample once)
 * @sampled_at: its position
 * @sites: the unit's table of sites (cachelint-rt.h), after its count
 * @unit: the unit's number at the runtime
 * @routines: the unit's possible thread start routines
 * @allocs: the current function's allocation calls
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
	bool notes;
	hash_set<nofree_string_hash> *noted;
	vec<pending_note> pending;
	bool all;
	vec<sample_point> samples;
	vec<sample_check> checks;
	hash_map<tree, tree> *nexts;
	obstack names;
	unsigned seg_samples;
	const struct access_frame *sampled;
	gimple *sampled_stmt;
	vec<unsigned> sites;
	tree unit;
	vec<tree> routines;
	vec<gcall *> allocs;
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

	type = TYPE_MAIN_VARIANT(type);
	name = access_record_name(type);
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
 * `instrument=` names (an array, or a scalar: one element), or with
 * `instrument=all` any array.  A variable of a struct type is counted as
 * its struct's members (instrumented(): an anonymous struct by the
 * variable's name), not as a variable too.
 */
static bool variable_instrumented(void *, tree t)
{
	if (!t || !VAR_P(t) || !is_global_var(t) || !DECL_NAME(t) || DECL_ARTIFICIAL(t) ||
	    !COMPLETE_TYPE_P(TREE_TYPE(t)) || !tree_fits_uhwi_p(TYPE_SIZE_UNIT(TREE_TYPE(t))) ||
	    RECORD_OR_UNION_TYPE_P(TREE_TYPE(t)))
		return false;
	if (ins.all && TREE_CODE(TREE_TYPE(t)) == ARRAY_TYPE)
		return true;
	return ins.list && listed(IDENTIFIER_POINTER(DECL_NAME(t)));
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

/* ------------------------------------------------------------------ */
/* Emitting the counts                                                  */
/* ------------------------------------------------------------------ */

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
	tree v = force_gimple_operand_gsi(gsi, fold_convert(ptr_type_node, value), true,
					  NULL_TREE, true, GSI_SAME_STMT);
	gimple *g;

	if (TREE_CODE(v) == SSA_NAME || is_gimple_min_invariant(v))
		return v;
	g = gimple_build_assign(make_ssa_name(ptr_type_node), v);
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
		/* the object and the address as void *: see cachelint-rt.h */
		fn = build_fn_decl(CL_RT_SAMPLE_SYMBOL,
				   build_function_type_list(type, ptr_type_node, ptr_type_node,
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


/* ------------------------------------------------------------------ */
/* What the walk finds, counted                                         */
/* ------------------------------------------------------------------ */

/* @kinds of member @key, in the segment that @gsi's statement is in. */
static void segment_add(gimple_stmt_iterator *gsi, unsigned key, unsigned kinds)
{
	if (!ins.seg_first)
		ins.seg_first = gsi_stmt(*gsi);
	if (kinds & ACC_READ)
		ins.seg.safe_push(2 * key);
	if (kinds & ACC_WRITE)
		ins.seg.safe_push(2 * key + 1);
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

/* The object a frame's access touches, sampled once however many of its members it touches. */
static void frame_sample(gimple *stmt, const struct access_frame *f, unsigned key,
			 unsigned kinds)
{
	tree base, addr;
	uint64_t size;

	if (ins.sampled == f && ins.sampled_stmt == stmt)
		return;
	ins.sampled = f;
	ins.sampled_stmt = stmt;
	if (access_frame_addresses(f, &base, &addr, &size))
		sample_add(stmt, base, addr, key, size, kinds);
}

/*
 * With `instrument-notes`, a note at @loc about @rec.@path (@fmt, with
 * @fn and @via for its two %qs), each place once; notes_flush() prints them.
 */
static void note_place(const char *rec, const char *path, location_t loc, location_t where,
		       const char *fmt, const char *fn, const char *via)
{
	expanded_location xl = expand_location(loc);
	char *place = xasprintf("%s\t%s\t%s:%d:%d", rec, path, xl.file ? xl.file : "", xl.line,
				xl.column);
	struct pending_note n;

	if (ins.noted->add(place)) {
		free(place);
		return;
	}
	n.rec = rec;
	n.path = path;
	n.loc = loc;
	n.where = where;
	n.fmt = fmt;
	n.fn = xstrdup(fn);
	n.via = xstrdup(via);
	ins.pending.safe_push(n);
}

static int location_cmp(location_t a, location_t b)
{
	expanded_location x = expand_location(a), y = expand_location(b);
	int c = strcmp(x.file ? x.file : "", y.file ? y.file : "");

	if (c)
		return c;
	if (x.line != y.line)
		return x.line < y.line ? -1 : 1;
	return x.column < y.column ? -1 : x.column > y.column;
}

static int pending_cmp(const void *a, const void *b)
{
	const struct pending_note *x = (const struct pending_note *)a;
	const struct pending_note *y = (const struct pending_note *)b;
	int c = location_cmp(x->loc, y->loc);

	if (c)
		return c;
	if ((c = strcmp(x->rec, y->rec)) || (c = strcmp(x->path, y->path)))
		return c;
	return strcmp(x->fmt, y->fmt);
}

/*
 * The notes in the order of the places they are at, NOTES_PER_MEMBER per
 * member; then, at each struct, how many places of a member were not
 * named.
 */
static void notes_flush(void)
{
	hash_map<nofree_string_hash, note_tally> tallies;
	auto_vec<const char *> order;

	ins.pending.qsort(pending_cmp);
	for (struct pending_note &n : ins.pending) {
		char *key = concat(n.rec, "\t", n.path, NULL);
		bool existed;
		note_tally *t = &tallies.get_or_insert(key, &existed);

		if (!existed) {
			t->shown = t->more = 0;
			t->where = n.where;
			order.safe_push(key);
		} else {
			free(key);
		}
		if (t->shown == NOTES_PER_MEMBER)
			t->more++;
		else {
			t->shown++;
			inform(n.loc, n.fmt, n.rec, n.path, n.fn, n.via);
		}
		free(n.fn);
		free(n.via);
	}
	for (const char *key : order) {
		note_tally *t = tallies.get(key);
		const char *tab = strchr(key, '\t');

		if (t->more)
			inform(t->where, "cachelint: '%.*s.%s': %u more places like those above are not listed (%d are, per member and unit)",
			       (int)(tab - key), key, tab + 1, t->more, NOTES_PER_MEMBER);
	}
	for (const char *key : order)
		free(const_cast<char *>(key));
	ins.pending.truncate(0);
}

static const char *fn_name(tree fn)
{
	return fn ? lang_hooks.decl_printable_name(fn, 2) : "";
}

/* The walk found an access: counted if the struct is instrumented. */
static void ins_hit(void *, gimple_stmt_iterator *gsi, const struct access_hit *h)
{
	char kind[32];
	unsigned key;

	if (!instrumented(h->rtype))
		return;
	if (!h->once) {
		if (ins.notes)
			note_place(h->rec, h->path, h->via_loc, convert_record_location(h->rtype),
				   "cachelint: '%s.%s' is accessed here in %qs under a condition or in a loop, its address passed from %qs: those accesses are not counted",
				   fn_name(h->via_fn), fn_name(h->fn));
		return;
	}
	snprintf(kind, sizeof(kind), "s:%" PRIu64 ":%08x", access_type_bytes(h->rtype),
		 access_record_fingerprint(h->rtype));
	key = key_index(h->rec, h->path, h->bits, h->bit_size, kind,
			convert_record_location(h->rtype));
	segment_add(gsi, key, h->kinds);
	frame_sample(gsi_stmt(*gsi), h->frame, key, h->kinds);
}

/* An instrumented variable's element (or the scalar) accessed: counted, sampled. */
static void ins_variable(void *, gimple_stmt_iterator *gsi, tree var,
			 const struct access_frame *f, unsigned kinds)
{
	tree type = TREE_TYPE(var), elt = type, base, addr;
	uint64_t total = access_type_bytes(type), size, bytes;
	char kind[64];
	unsigned key;

	while (TREE_CODE(elt) == ARRAY_TYPE && access_type_bytes(TREE_TYPE(elt)))
		elt = TREE_TYPE(elt);
	/* the outermost dimension's element: a row of a two-dimensional array */
	size = TREE_CODE(type) == ARRAY_TYPE && access_type_bytes(TREE_TYPE(type)) ?
	       access_type_bytes(TREE_TYPE(type)) : total;
	if (!size)
		return;
	snprintf(kind, sizeof(kind), "v:%" PRIu64 ":%" PRIu64, size, total / size);
	key = key_index(IDENTIFIER_POINTER(DECL_NAME(var)), "", 0, size * BITS_PER_UNIT, kind,
			DECL_SOURCE_LOCATION(var));
	segment_add(gsi, key, kinds);
	if (access_frame_addresses(f, &base, &addr, &bytes))
		sample_add(gsi_stmt(*gsi), base, addr, key, bytes, kinds);
}

/*
 * With `instrument-notes`: the address of @rec.@path leaves at @loc (in @via,
 * reached), or is @kept in a local pointer the walk does not follow.
 */
static void ins_escape(void *, tree rtype, const char *rec, const char *path, location_t loc,
		       tree via, tree kept)
{
	if (!ins.notes || !instrumented(rtype))
		return;
	if (kept)
		note_place(rec, path, loc, convert_record_location(rtype),
			   "cachelint: the address of '%s.%s' is one of several a pointer may hold here (a '?:', or a local pointer assigned in more than one place): accesses through it are not counted%s%s",
			   "", "");
	else if (via)
		note_place(rec, path, loc, convert_record_location(rtype),
			   "cachelint: the address of '%s.%s' leaves %qs here, passed to it from %qs: accesses through it elsewhere are not counted",
			   fn_name(via), fn_name(current_function_decl));
	else
		note_place(rec, path, loc, convert_record_location(rtype),
			   "cachelint: the address of '%s.%s' leaves %qs here: accesses through it elsewhere are not counted%s",
			   fn_name(current_function_decl), "");
}

/* ------------------------------------------------------------------ */
/* Allocation sites                                                     */
/* ------------------------------------------------------------------ */

/**
 * struct alloc_fn - an allocator: where its result and size are
 * @name: its name (a __builtin_ form is the same)
 * @size, @count: the arguments whose product is the size (-1: none)
 * @out: the argument the block's address is stored through (posix_memalign),
 *	-1 where it is returned
 */
struct alloc_fn {
	const char *name;
	int size, count, out;
};

static const struct alloc_fn alloc_fns[] = {
	{ "malloc", 0, -1, -1 },
	{ "calloc", 0, 1, -1 },
	{ "realloc", 1, -1, -1 },
	{ "reallocarray", 1, 2, -1 },
	{ "aligned_alloc", 1, -1, -1 },
	{ "memalign", 1, -1, -1 },
	{ "valloc", 0, -1, -1 },
	{ "posix_memalign", 2, -1, 0 },
};

static const struct alloc_fn *allocator(const gcall *call)
{
	tree fn = gimple_call_fndecl(call);
	const char *name;

	if (!fn || !DECL_NAME(fn) || gimple_call_internal_p(call))
		return NULL;
	name = IDENTIFIER_POINTER(DECL_NAME(fn));
	if (!strncmp(name, "__builtin_", 10))
		name += 10;
	for (const struct alloc_fn &a : alloc_fns)
		if (!strcmp(name, a.name) && gimple_call_num_args(call) > (unsigned)a.size &&
		    (a.count < 0 || gimple_call_num_args(call) > (unsigned)a.count))
			return &a;
	return NULL;
}

/* @value converted to @type, computed before @gsi. */
static tree value_before(gimple_stmt_iterator *gsi, tree type, tree value)
{
	return force_gimple_operand_gsi(gsi, fold_convert(type, value), true, NULL_TREE, true,
					GSI_SAME_STMT);
}

/*
 * After allocation @call: __libcachelint_rt_alloc_v3(ptr, size, "file:line"),
 * the site's file as the unit's line map spells it (as findings do).  The
 * size is computed before the call; posix_memalign's block is the one it
 * stored, read only when it returned 0.  A call whose result is dropped
 * made a block nothing can reach; one that ends its block (a C++
 * allocator that may throw) is left alone.
 */
static void alloc_emit(gcall *call, const struct alloc_fn *a)
{
	static tree fn;
	tree ul = long_unsigned_type_node, ret = gimple_call_lhs(call), size, out = NULL_TREE;
	tree ptr, site, pp = build_pointer_type(ptr_type_node);
	expanded_location xl = expand_location(gimple_location(call));
	gimple_stmt_iterator gsi;
	char *text;
	gimple *g;

	if (stmt_ends_bb_p(call) || (a->out < 0 && !ret))
		return;
	if (!fn) {
		/* the block as void *: see cachelint-rt.h */
		fn = build_fn_decl(CL_RT_ALLOC_SYMBOL,
				   build_function_type_list(void_type_node, ptr_type_node, ul,
							    const_ptr_type_node, NULL_TREE));
		TREE_NOTHROW(fn) = 1;
		DECL_ATTRIBUTES(fn) = tree_cons(get_identifier("leaf"), NULL_TREE, NULL_TREE);
	}
	gsi = gsi_for_stmt(call);
	size = value_before(&gsi, ul, gimple_call_arg(call, a->size));
	if (a->count >= 0) {
		g = gimple_build_assign(make_ssa_name(ul), MULT_EXPR, size,
					value_before(&gsi, ul, gimple_call_arg(call, a->count)));
		gsi_insert_before(&gsi, g, GSI_SAME_STMT);
		size = gimple_assign_lhs(g);
	}
	if (a->out >= 0)
		out = value_before(&gsi, pp, gimple_call_arg(call, a->out));
	/* the result as a register: where the call stores it in memory, or drops it, a copy */
	if (!ret || !is_gimple_reg(ret)) {
		tree tmp = make_ssa_name(ret ? TREE_TYPE(ret) : TREE_TYPE(gimple_call_fntype(call)));

		gimple_call_set_lhs(call, tmp);
		if (ret) {
			g = gimple_build_assign(ret, tmp);
			gimple_set_location(g, gimple_location(call));
			gsi_insert_after(&gsi, g, GSI_NEW_STMT);
		}
		ret = tmp;
	}
	text = xasprintf("%s:%d", xl.file ? xl.file : "", xl.line);
	site = build_string_literal(strlen(text) + 1, text);
	free(text);
	ptr = ret;
	if (out) {
		/* if (ret == 0) { p = *out; __libcachelint_rt_alloc_v3(p, size, site); } */
		basic_block then_bb, join_bb;
		gimple_stmt_iterator at = create_cond_insert_point(&gsi, false, false, true,
								   &then_bb, &join_bb);

		g = gimple_build_cond(EQ_EXPR, ret, build_zero_cst(TREE_TYPE(ret)), NULL_TREE,
				      NULL_TREE);
		gimple_set_location(g, gimple_location(call));
		gsi_insert_after(&at, g, GSI_NEW_STMT);
		gsi = gsi_start_bb(then_bb);
		ptr = make_ssa_name(ptr_type_node);
		g = gimple_build_assign(ptr, build_simple_mem_ref(out));
		gimple_set_location(g, gimple_location(call));
		gsi_insert_after(&gsi, g, GSI_NEW_STMT);
	}
	g = gimple_build_call(fn, 3, ptr, size, site);
	gimple_set_location(g, gimple_location(call));
	gsi_insert_after(&gsi, g, GSI_NEW_STMT);
}

/* ------------------------------------------------------------------ */
/* The unit's functions                                                 */
/* ------------------------------------------------------------------ */

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
		return gimple_call_internal_p(call) || !access_call_is_atomic(call);
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

/* After the walk of @stmt: an allocation to count, the end of a segment. */
static void stmt_walked(gimple *stmt)
{
	if (is_gimple_call(stmt) && allocator(as_a<gcall *>(stmt)))
		ins.allocs.safe_push(as_a<gcall *>(stmt));
	if (segment_ends_after(stmt))
		segment_end();
}

static void walk_functions(void)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		function *fn = access_walk_begin(node);

		if (!fn)
			continue;
		if (thread_routine(node->decl, node))
			ins.routines.safe_push(node->decl);
		ins.samples.truncate(0);
		ins.checks.truncate(0);
		ins.allocs.truncate(0);
		ins.seg_samples = 0;
		ins.sampled = NULL;
		access_walk_body(fn, stmt_walked, segment_end);
		if (ins.samples.length())
			sample_decls();
		for (unsigned i = 0; i < ins.checks.length(); i++)
			check_emit(&ins.checks[i]);
		for (gcall *call : ins.allocs)
			alloc_emit(call, allocator(call));
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

	for (const char *s = ins.list; s;) {
		size_t n = cl_record_name_length(s);

		any |= name_seen(s, n);
		s = s[n] ? s + n + 1 : NULL;
	}
	for (const char *s = ins.list; s && any;) {
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

/*
 * Whether the unit counted an access of what `instrument=` name @s (@n
 * bytes) names: a record of its table of that name (a template's name
 * alone: any instance; a twin, "node@a.c:12": its tag).
 */
static bool name_counted(const char *s, size_t n)
{
	for (auto it = ins.keys->begin(); it != ins.keys->end(); ++it) {
		const char *rec = (*it).first;
		size_t len = strcspn(rec, "\t@");

		if (n <= len && !strncmp(rec, s, n) &&
		    (n == len || (rec[n] == '<' && !memchr(s, '<', n))))
			return true;
	}
	return false;
}

/*
 * For the runtime: each `instrument=` name and whether this unit counted
 * an access of it ("name\tS\n", "name\tU\n").  At exit the runtime names
 * those no unit counted: a name that is an identifier here (a function, a
 * member, a struct no code touches) counts nothing, and says so once for
 * the whole program, where a warning per unit would be noise in a build
 * whose structs each live in a few of its units.
 */
static void names_table(void)
{
	obstack_init(&ins.names);
	for (const char *s = ins.list; s;) {
		size_t n = cl_record_name_length(s);

		obstack_grow(&ins.names, s, n);
		obstack_grow(&ins.names, name_counted(s, n) ? "\tS\n" : "\tU\n", 3);
		s = s[n] ? s + n + 1 : NULL;
	}
	obstack_1grow(&ins.names, 0);
}

/* ------------------------------------------------------------------ */
/* The pass's entry points (access_pass.cc)                             */
/* ------------------------------------------------------------------ */

static const struct access_sink instrument_sink_ops = {
	ins_hit, ins_variable, ins_escape, variable_instrumented, NULL,
};

void instrument_configure(const char *list, bool notes, const struct cl_profile *profile,
			  struct cl_arena *arena)
{
	ins.list = list && *list ? list : NULL;
	ins.all = ins.list && !strncmp(ins.list, "all", 3) && (!ins.list[3] || ins.list[3] == ':');
	/* `all:g_ops:g_bytes`: every struct and array, and those variables */
	if (ins.all)
		ins.list = ins.list[3] ? ins.list + 4 : NULL;
	ins.notes = notes;
	ins.profile = profile;
	ins.arena = arena;
}

const struct access_sink *instrument_begin(void)
{
	/* Emulated TLS is not at one offset from the thread pointer. */
	if (!targetm.have_tls) {
		error("cachelint: %<instrument%> needs native thread-local storage, which this target emulates");
		return NULL;
	}
	names_check();
	ins.chosen = new hash_map<int_hash<unsigned int, 0xffffffffu, 0xfffffffeu>, int>;
	ins.noted = new hash_set<nofree_string_hash>;
	ins.pending = vNULL;
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
	ins.allocs = vNULL;
	ins.nexts = new hash_map<tree, tree>;
	ins.sites = vNULL;
	ins.routines = vNULL;
	ins.unit = NULL_TREE;
	return &instrument_sink_ops;
}

void instrument_unit(void)
{
	walk_functions();
	names_table();
	if (ins.notes)
		notes_flush();
	if (ins.nkeys || ins.routines.length() || ins.list || ins.all)
		build_register();
}

void instrument_end(void)
{
	ins.counters.release();
	ins.seg.release();
	ins.segs.release();
	ins.seg_vars.release();
	ins.samples.release();
	ins.checks.release();
	ins.allocs.release();
	delete ins.nexts;
	ins.sites.release();
	ins.routines.release();
	for (auto it = ins.keys->begin(); it != ins.keys->end(); ++it)
		free(const_cast<char *>((*it).first));
	delete ins.keys;
	delete ins.chosen;
	for (auto it = ins.noted->begin(); it != ins.noted->end(); ++it)
		free(const_cast<char *>(*it));
	delete ins.noted;
	ins.pending.release();
	obstack_free(&ins.table, NULL);
	obstack_free(&ins.names, NULL);
}
