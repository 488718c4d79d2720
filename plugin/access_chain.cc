// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_chain.cc - a reference followed back to the object it is part of,
 * and the members of each record on the way that it touches
 *
 * A reference (the operand of a load or a store, an asm memory operand,
 * the address given to an atomic builtin or a pthread lock) is followed
 * back to the object it is part of: through its components (`p->in.x`,
 * `a[i].y`), through a pointer that a local variable or a temporary got
 * from an address (`q = &p->in; q->x`, <stdatomic.h>'s `__auto_type`
 * pointers, READ_ONCE's `*(volatile T *)&p->x`), through a constant
 * displacement (`(char *)p + 8`) or a cast to another type (`*(u32 *)&p->m`,
 * which is folded to an offset from the object).  The result is a chain of
 * steps from an origin (a variable, or what a pointer points to); each
 * record on the way is a frame, and each frame gives the members of that
 * record the access touches: by the path its components name, or, where a
 * cast or a displacement came between, by the bytes the access covers
 * (every leaf that overlaps them; a record libc defines is one leaf).
 *
 * Nothing here changes a statement, builds a tree or allocates in GCC's
 * collected heap (offsets are read from the INTEGER_CSTs, as convert.cc
 * does), except access_frame_addresses(), which only the counting code
 * calls.
 */
#include "access_chain.h"

#include "ssa.h"
#include "langhooks.h"

#include "access_map/access_map.h"
#include "model/hash.h"

typedef int_hash<unsigned int, 0xffffffffu, 0xfffffffeu> uid_hash;

/**
 * struct chain_state - what following references needs of the unit
 * @arena: strings (member paths)
 * @sinks: who is told, in order
 * @nsinks: how many
 * @typedefs: TYPE_UID of an anonymous record -> the typedef that names it
 * @local_defs: in the function walked, each local pointer variable assigned
 *	once: the statement that assigns it (NULL: assigned otherwise, or
 *	more than once; a parameter assigned at all is there as NULL)
 * @self_locals: in the function walked, the compiler's temporaries assigned
 *	once, by a call to get_current(): `current`, as the kernel spells it
 * @var_defs: in the function walked, each local variable of any type that a
 *	statement assigns (or an asm writes): that statement, NULL when more
 *	than one does (percpu_value())
 * @gsi: the statement being walked
 */
struct chain_state {
	struct cl_arena *arena;
	const struct access_sink *sinks[2];
	unsigned nsinks;
	hash_map<uid_hash, const char *> *typedefs;
	hash_map<tree, gimple *> *local_defs;
	hash_set<tree> *self_locals;
	hash_map<tree, gimple *> *var_defs;
	gimple_stmt_iterator *gsi;
};

static struct chain_state ws;

/* ------------------------------------------------------------------ */
/* Records and their members                                            */
/* ------------------------------------------------------------------ */

void access_walk_typedef(tree decl)
{
	tree type = TREE_TYPE(decl);

	if (!ws.typedefs || !DECL_NAME(decl) || !type || !RECORD_OR_UNION_TYPE_P(type))
		return;
	type = TYPE_MAIN_VARIANT(type);
	/*
	 * The first typedef names it, as it names the layout the plugin
	 * analyses (`typedef struct {…} atomic64_t; typedef atomic64_t
	 * atomic_long_t;` is atomic64_t).
	 */
	if (!convert_record_name(type, ws.arena) && !ws.typedefs->get(TYPE_UID(type)))
		ws.typedefs->put(TYPE_UID(type), IDENTIFIER_POINTER(DECL_NAME(decl)));
}

void access_walk_anonymous_variable(tree decl, tree type)
{
	if (ws.typedefs && !ws.typedefs->get(TYPE_UID(type)))
		ws.typedefs->put(TYPE_UID(type), IDENTIFIER_POINTER(DECL_NAME(decl)));
}

const char *access_record_name(tree type)
{
	const char *name;
	const char **td;

	if (!type || !RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return NULL;
	type = TYPE_MAIN_VARIANT(type);
	name = convert_record_name(type, ws.arena);
	if (name)
		return name;
	td = ws.typedefs ? ws.typedefs->get(TYPE_UID(type)) : NULL;
	return td ? *td : NULL;
}

bool access_system_record(tree type)
{
	return type && RECORD_OR_UNION_TYPE_P(type) &&
	       in_system_header_at(convert_record_location(TYPE_MAIN_VARIANT(type)));
}

uint64_t access_field_bits(tree f)
{
	if (TREE_CODE(f) != FIELD_DECL || !tree_fits_uhwi_p(DECL_FIELD_OFFSET(f)) ||
	    !tree_fits_uhwi_p(DECL_FIELD_BIT_OFFSET(f)))
		return 0;
	return (uint64_t)int_bit_position(f);
}

static uint64_t field_size(tree f)
{
	return TREE_CODE(f) == FIELD_DECL && DECL_SIZE(f) && tree_fits_uhwi_p(DECL_SIZE(f)) ? tree_to_uhwi(DECL_SIZE(f)) : 0;
}

uint64_t access_type_bytes(tree type)
{
	return type && COMPLETE_TYPE_P(type) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)) ?
	       tree_to_uhwi(TYPE_SIZE_UNIT(type)) : 0;
}

uint64_t chain_type_bits(tree type)
{
	return type && COMPLETE_TYPE_P(type) && tree_fits_uhwi_p(TYPE_SIZE(type)) ?
	       tree_to_uhwi(TYPE_SIZE(type)) : 0;
}

static const char *path_join(const char *prefix, tree f)
{
	const char *name = IDENTIFIER_POINTER(DECL_NAME(f));

	return *prefix ? cl_arena_join(ws.arena, prefix, ".", name) : name;
}

/*
 * What tells two structs of one name apart: a hash of the members' names,
 * offsets and sizes, at any depth.  The same struct seen by two units
 * through two spellings of its header's path is one struct; two structs of
 * one tag with different members (two units' private `struct node`) are two.
 */
static unsigned fingerprint(tree type, unsigned depth)
{
	uint32_t h = CL_FNV32_OFFSET;

	for (tree f = TYPE_FIELDS(type); f && depth < 8; f = DECL_CHAIN(f)) {
		const char *name = DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : "";
		char buf[64];

		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		h = cl_fnv1a32(h, name, strlen(name));
		snprintf(buf, sizeof(buf), ":%" PRIu64 ":%" PRIu64 ";", access_field_bits(f),
			 DECL_SIZE(f) && tree_fits_uhwi_p(DECL_SIZE(f)) ? tree_to_uhwi(DECL_SIZE(f)) : 0);
		h = cl_fnv1a32(h, buf, strlen(buf));
		/* a member struct's own fingerprint, folded in as one word */
		if (RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)))
			h = (h ^ fingerprint(TREE_TYPE(f), depth + 1)) * CL_FNV32_PRIME;
	}
	return h;
}


unsigned access_record_fingerprint(tree type)
{
	return fingerprint(TYPE_MAIN_VARIANT(type), 0);
}

/* ------------------------------------------------------------------ */
/* Telling the sinks                                                    */
/* ------------------------------------------------------------------ */

static void hit_tell(const struct hit_ctx *x, tree rtype, const char *rec, const char *path,
		     uint64_t bits, uint64_t bit_size, uint64_t at_bits, uint64_t at_size)
{
	struct access_hit h = {
		.rtype = rtype, .rec = rec, .path = path,
		.bits = bits, .bit_size = bit_size, .at_bits = at_bits, .at_size = at_size,
		.kinds = x->kinds, .facts = x->facts, .via_facts = x->via_facts,
		.loc = x->loc, .fn = current_function_decl,
		.reached = x->use != NULL, .once = !x->use || x->once,
		.via_loc = x->use ? x->use->loc : UNKNOWN_LOCATION,
		.via_fn = x->use ? x->use->fn : NULL_TREE,
		.frame = x->frame,
	};

	if (x->escape) {
		for (unsigned i = 0; i < ws.nsinks; i++)
			if (ws.sinks[i]->escape)
				ws.sinks[i]->escape(ws.sinks[i]->data, rtype, rec, path, x->where,
						    x->use ? x->use->fn : NULL_TREE, x->kept);
		return;
	}
	for (unsigned i = 0; i < ws.nsinks; i++)
		ws.sinks[i]->hit(ws.sinks[i]->data, ws.gsi, &h);
}

/* Every leaf under @type (at @bits of @rtype, below @prefix): a whole record read or written. */
static void leaves_tell(const struct hit_ctx *x, tree rtype, const char *rec, tree type,
			const char *prefix, uint64_t bits, unsigned depth)
{
	/*
	 * A record's address that leaves is no loss: the code it reaches
	 * accesses its members as members, counted where that is built.
	 */
	if (depth > 16 || x->escape)
		return;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		bool sub;
		const char *path;

		/* a C++ member template in the chain has no type to read */
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		sub = RECORD_OR_UNION_TYPE_P(TREE_TYPE(f));
		if (!DECL_NAME(f) && !sub)
			continue;
		path = DECL_NAME(f) ? path_join(prefix, f) : prefix;
		if (sub)
			leaves_tell(x, rtype, rec, TREE_TYPE(f), path, bits + access_field_bits(f),
				    depth + 1);
		else
			hit_tell(x, rtype, rec, path, bits + access_field_bits(f), field_size(f),
				 bits + access_field_bits(f), field_size(f));
	}
}

/*
 * The leaves of @type (at @bits of @rtype, below @prefix) that the bits
 * [@lo, @hi) overlap, each one hit; a record libc defines (a
 * pthread_mutex_t, a std::atomic) is one leaf, as nobody lays out its
 * insides.  @hi == @lo: the bits are not known, every leaf at @lo.
 */
static void bytes_tell(const struct hit_ctx *x, tree rtype, const char *rec, tree type,
		       const char *prefix, uint64_t bits, uint64_t lo, uint64_t hi, unsigned depth)
{
	if (depth > 16)
		return;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		tree ft;
		bool sub;
		uint64_t fb, fs, fe;
		const char *path;

		/*
		 * C++ chains its methods, typedefs and static members here: they
		 * have no offset, and reading one as a field crashes GCC.
		 */
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		ft = TREE_TYPE(f);
		sub = RECORD_OR_UNION_TYPE_P(ft) && !access_system_record(ft);
		fb = bits + access_field_bits(f);
		fs = field_size(f);
		/* a flexible array runs on; a member of no bytes (x[0], a group marker) has none */
		fe = DECL_SIZE(f) ? fb + fs : UINT64_MAX;
		if (!DECL_NAME(f) && !sub)
			continue;
		if (hi > lo ? fe <= lo || fb >= hi || fe == fb : lo < fb || lo >= fe)
			continue;
		path = DECL_NAME(f) ? path_join(prefix, f) : prefix;
		if (sub) {
			bytes_tell(x, rtype, rec, ft, path, fb, lo, hi, depth + 1);
		} else if (*path) {
			uint64_t a = lo > fb ? lo : fb, b = hi < fe ? hi : fe;

			hit_tell(x, rtype, rec, path, fb, fs, a, hi > lo ? b - a : 0);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Following a reference back to its object                             */
/* ------------------------------------------------------------------ */

bool chain_local_pointer(tree t)
{
	return VAR_P(t) && !TREE_STATIC(t) && !DECL_EXTERNAL(t) && !TREE_ADDRESSABLE(t) &&
	       DECL_CONTEXT(t) == current_function_decl && POINTER_TYPE_P(TREE_TYPE(t));
}

bool chain_local_followed(tree t)
{
	gimple **def = ws.local_defs->get(t);

	return def && *def;
}

/*
 * A call to get_current(), the kernel's `current`: the task that runs.
 * Only its temporary counts (`current->flags`), as the lint sees only
 * the call itself: `tsk = current; tsk->flags` is a pointer like others.
 */
static bool self_call(gimple *stmt, tree lhs)
{
	tree fn;

	if (!stmt || !is_gimple_call(stmt) || gimple_call_num_args(stmt) ||
	    (TREE_CODE(lhs) == SSA_NAME ? SSA_NAME_VAR(lhs) && !DECL_ARTIFICIAL(SSA_NAME_VAR(lhs))
					: !DECL_ARTIFICIAL(lhs)))
		return false;
	fn = gimple_call_fndecl(stmt);
	return fn && DECL_NAME(fn) && !strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)), "get_current");
}

/* A local variable of the function walked, of any type, that lives in no memory. */
static bool local_value(tree t)
{
	return VAR_P(t) && !TREE_STATIC(t) && !DECL_EXTERNAL(t) && !TREE_ADDRESSABLE(t) &&
	       DECL_CONTEXT(t) == current_function_decl;
}

static void var_def(tree var, gimple *stmt)
{
	bool existed;
	gimple *&slot = ws.var_defs->get_or_insert(var, &existed);

	slot = existed ? NULL : stmt;
}

/* Every local pointer variable's one assignment, for chain_pointer(). */
static void local_defs_collect(function *fn)
{
	basic_block bb;

	ws.local_defs->empty();
	ws.self_locals->empty();
	ws.var_defs->empty();
	FOR_EACH_BB_FN(bb, fn) {
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);
			tree lhs = gimple_get_lhs(stmt);
			bool existed, simple;

			/* an asm's outputs are assigned where nothing says how */
			if (gasm *as = dyn_cast<gasm *>(stmt)) {
				for (unsigned i = 0; i < gimple_asm_noutputs(as); i++) {
					tree out = TREE_VALUE(gimple_asm_output_op(as, i));

					if (chain_local_pointer(out) || TREE_CODE(out) == PARM_DECL)
						ws.local_defs->put(out, NULL);
					if (local_value(out))
						var_def(out, stmt);
				}
				continue;
			}
			/*
			 * -ftrivial-auto-var-init (the kernel's INIT_STACK_ALL_ZERO)
			 * sets each local before the code does: not what the source
			 * says, nor what the lint sees
			 */
			if (!lhs || gimple_call_internal_p(stmt, IFN_DEFERRED_INIT))
				continue;
			if (local_value(lhs))
				var_def(lhs, stmt);
			/* a parameter assigned is no longer what the caller passed */
			if (TREE_CODE(lhs) == PARM_DECL) {
				ws.local_defs->put(lhs, NULL);
				continue;
			}
			if (!chain_local_pointer(lhs))
				continue;
			simple = is_gimple_assign(stmt) &&
				 (gimple_assign_single_p(stmt) || gimple_assign_cast_p(stmt) ||
				  gimple_assign_rhs_code(stmt) == POINTER_PLUS_EXPR);
			gimple *&slot = ws.local_defs->get_or_insert(lhs, &existed);
			slot = existed || !simple ? NULL : stmt;
			if (existed || !self_call(stmt, lhs))
				ws.self_locals->remove(lhs);
			else
				ws.self_locals->add(lhs);
		}
	}
}

/*
 * An asm that addresses the running CPU's per-CPU area: the kernel's
 * this_cpu_*() operations and this_cpu_ptr() on x86-64 (`%%gs:`).
 */
bool chain_asm_percpu(const gasm *as)
{
	const char *t = gimple_asm_string(as);

	return t && strstr(t, "%gs:");
}

gimple *chain_one_def(tree v)
{
	gimple **def;

	if (TREE_CODE(v) == SSA_NAME)
		return SSA_NAME_DEF_STMT(v);
	if (!local_value(v) || !(def = ws.var_defs->get(v)))
		return NULL;
	return *def;
}

/* @t is a CPU's offset of its per-CPU area: an element of __per_cpu_offset, or a copy of one. */
static bool percpu_offset(tree t, unsigned depth)
{
	gimple *def;

	if (TREE_CODE(t) == ARRAY_REF) {
		tree base = TREE_OPERAND(t, 0);

		return VAR_P(base) && DECL_NAME(base) &&
		       !strcmp(IDENTIFIER_POINTER(DECL_NAME(base)), "__per_cpu_offset");
	}
	if (depth >= POINTER_HOPS || !(def = chain_one_def(t)) || !is_gimple_assign(def) ||
	    !gimple_assign_single_p(def))
		return false;
	return percpu_offset(gimple_assign_rhs1(def), depth + 1);
}

/*
 * Value @v points into a per-CPU area: what this_cpu_ptr() (an asm that
 * adds the running CPU's offset) or per_cpu_ptr() (a sum with a CPU's
 * offset) gives, through copies, casts and constant displacements; the
 * lint's percpu_expr() reads the same from the source.
 */
static bool percpu_value(tree v, unsigned depth)
{
	gimple *def;
	enum tree_code code;

	if (depth >= POINTER_HOPS || !(def = chain_one_def(v)))
		return false;
	if (const gasm *as = dyn_cast<const gasm *>(def))
		return chain_asm_percpu(as);
	if (!is_gimple_assign(def))
		return false;
	code = gimple_assign_rhs_code(def);
	if (gimple_assign_single_p(def) || gimple_assign_cast_p(def))
		return percpu_value(gimple_assign_rhs1(def), depth + 1);
	if (code == POINTER_PLUS_EXPR && TREE_CODE(gimple_assign_rhs2(def)) == INTEGER_CST)
		return percpu_value(gimple_assign_rhs1(def), depth + 1);
	if (code == PLUS_EXPR || code == POINTER_PLUS_EXPR)
		return percpu_offset(gimple_assign_rhs1(def), depth + 1) ||
		       percpu_offset(gimple_assign_rhs2(def), depth + 1);
	return false;
}

/*
 * Value @v is what an allocator this function called returned
 * (cl_access_allocator()), through copies and casts: an object nobody
 * else holds yet.  The lint's fresh_expr() reads the same from the source.
 */
static bool fresh_value(tree v, unsigned depth)
{
	gimple *def;
	tree fn;

	if (depth >= POINTER_HOPS || !(def = chain_one_def(v)))
		return false;
	if (is_gimple_call(def)) {
		fn = gimple_call_fndecl(def);
		return fn && DECL_NAME(fn) &&
		       cl_access_allocator(lang_GNU_CXX() ? lang_hooks.decl_printable_name(fn, 1) :
							    IDENTIFIER_POINTER(DECL_NAME(fn)));
	}
	if (is_gimple_assign(def) && (gimple_assign_single_p(def) || gimple_assign_cast_p(def)))
		return fresh_value(gimple_assign_rhs1(def), depth + 1);
	return false;
}

static bool chain_full(const struct access_frame *c)
{
	return c->n >= CHAIN_MAX;
}

static void push_ref(struct access_frame *c, tree ref)
{
	struct step *s;

	if (chain_full(c))
		return;
	s = &c->s[c->n++];
	memset(s, 0, sizeof(*s));
	s->ref = ref;
}

void chain_push_raw(struct access_frame *c, int64_t bits, uint64_t size, tree type, bool own)
{
	struct step *s;

	if (chain_full(c))
		return;
	s = &c->s[c->n++];
	s->ref = NULL_TREE;
	s->raw_bits = bits;
	s->raw_size = size;
	s->raw_type = type;
	s->raw_own = own;
}

tree chain_type_at(const struct access_frame *c, int p)
{
	/* a chain marked not followed (n = CHAIN_MAX) has no steps to read */
	if (chain_full(c) || p > c->n)
		return NULL_TREE;
	if (!p)
		return c->origin;
	return c->s[p - 1].ref ? TREE_TYPE(c->s[p - 1].ref) : c->s[p - 1].raw_type;
}

static void chain_ref(tree ref, struct access_frame *c, unsigned hops);

/* @cst, an offset in bytes, in bits; false when it does not fit. */
static bool offset_bits(tree cst, int64_t *bits)
{
	if (!tree_fits_shwi_p(cst))
		return false;
	*bits = tree_to_shwi(cst) * BITS_PER_UNIT;
	return true;
}

/*
 * What pointer @ptr points to: the object an address names (its steps
 * pushed), a parameter's pointee, or the pointee of a pointer the walk
 * cannot follow further; a constant displacement on the way is a
 * reinterpretation.
 */
static void chain_pointer(tree ptr, struct access_frame *c, unsigned hops)
{
	int64_t disp = 0, d;

	for (; hops < POINTER_HOPS; hops++) {
		gimple *def, **local = NULL;

		if (TREE_CODE(ptr) == ADDR_EXPR) {
			chain_ref(TREE_OPERAND(ptr, 0), c, hops + 1);
			if (disp)
				chain_push_raw(c, disp, 0, NULL_TREE, false);
			return;
		}
		if (TREE_CODE(ptr) == PARM_DECL) {
			if (!ws.local_defs->get(ptr))
				c->parm = ptr;
			break;
		}
		if (VAR_P(ptr)) {
			local = ws.local_defs->get(ptr);
			if (!local || !*local) {
				c->self = ws.self_locals->contains(ptr);
				break;
			}
			def = *local;
		} else if (TREE_CODE(ptr) == SSA_NAME) {
			def = SSA_NAME_DEF_STMT(ptr);
			c->self = self_call(def, ptr);
		} else {
			break;
		}
		if (!def || !is_gimple_assign(def))
			break;
		if (gimple_assign_single_p(def) || gimple_assign_cast_p(def)) {
			ptr = gimple_assign_rhs1(def);
		} else if (gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR &&
			   TREE_CODE(gimple_assign_rhs2(def)) == INTEGER_CST &&
			   offset_bits(gimple_assign_rhs2(def), &d)) {
			disp += d;
			ptr = gimple_assign_rhs1(def);
		} else {
			c->moved = gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR;
			break;
		}
	}
	/*
	 * A pointer not followed further (a parameter, one loaded from
	 * memory, one a call returned): the chain starts at what it points
	 * to, as its type says.
	 */
	if (c->n || c->core) {
		c->parm = NULL_TREE;
		return;
	}
	c->origin = POINTER_TYPE_P(TREE_TYPE(ptr)) ? TREE_TYPE(TREE_TYPE(ptr)) : NULL_TREE;
	c->percpu = percpu_value(ptr, 0);
	c->fresh = fresh_value(ptr, 0);
	if (disp)
		chain_push_raw(c, disp, 0, NULL_TREE, false);
}

/* Whether two types are the same object type, qualifiers aside. */
static bool same_type(tree a, tree b)
{
	return a && b && TYPE_MAIN_VARIANT(a) == TYPE_MAIN_VARIANT(b);
}

static void chain_ref(tree ref, struct access_frame *c, unsigned hops)
{
	tree outer[CHAIN_MAX], t = ref;
	int n = 0;

	while (handled_component_p(t) && n < CHAIN_MAX) {
		outer[n++] = t;
		t = TREE_OPERAND(t, 0);
	}
	if (TREE_CODE(t) == MEM_REF) {
		tree ptr = TREE_OPERAND(t, 0);
		int64_t off = 0;

		chain_pointer(ptr, c, hops);
		if (chain_full(c))
			return;		/* the pointer was not followed: nor is the access */
		if (!hops) {
			c->own = c->n;
			c->ptr = ptr;
		}
		/*
		 * The pointer is dereferenced as another type than what it
		 * points to, or at an offset: bytes of the object.
		 */
		if (!offset_bits(TREE_OPERAND(t, 1), &off)) {
			c->n = CHAIN_MAX;
		} else if (off || !same_type(chain_type_at(c, c->n), TREE_TYPE(t))) {
			/*
			 * Another type at a place only the run knows (C++: a
			 * virtual base, found at the offset the vtable holds):
			 * not bytes of the pointer's type at @off.
			 */
			if (c->moved && !c->n)
				c->origin = NULL_TREE;
			chain_push_raw(c, off, chain_type_bits(TREE_TYPE(t)), TREE_TYPE(t), !hops);
		}
	} else if (DECL_P(t) && !c->n && !c->core) {
		c->core = t;
		c->origin = TREE_TYPE(t);
		c->self = VAR_P(t) && DECL_THREAD_LOCAL_P(t);
	} else if (!DECL_P(t)) {
		c->n = CHAIN_MAX;	/* a TARGET_MEM_REF, a constant: not followed */
	}
	while (n-- > 0)
		push_ref(c, outer[n]);
}

void chain_init(struct access_frame *c, gimple *stmt, tree ref, bool is_pointer)
{
	c->n = 0;
	c->own = 0;
	c->ptr = c->core = c->origin = c->parm = NULL_TREE;
	c->at = 0;
	c->moved = false;
	c->self = c->percpu = c->fresh = false;
	c->stmt = stmt;
	c->ref = is_pointer ? NULL_TREE : ref;
	c->is_pointer = is_pointer;
	if (is_pointer) {
		chain_pointer(ref, c, 0);
		c->own = c->n;
		c->ptr = ref;
	} else {
		chain_ref(ref, c, 0);
	}
}

/* Bits from the start of what step @i applies to, to where it ends; false if not constant. */
bool chain_step_bits(const struct step *s, int64_t *bits)
{
	tree r = s->ref;

	if (!r) {
		*bits = s->raw_bits;
		return true;
	}
	if (TREE_CODE(r) == COMPONENT_REF) {
		tree f = TREE_OPERAND(r, 1);

		if (TREE_OPERAND(r, 2) || !tree_fits_uhwi_p(DECL_FIELD_OFFSET(f)) ||
		    !tree_fits_uhwi_p(DECL_FIELD_BIT_OFFSET(f)))
			return false;
		*bits = (int64_t)access_field_bits(f);
		return true;
	}
	if (TREE_CODE(r) == ARRAY_REF) {
		tree idx = TREE_OPERAND(r, 1), elt = TREE_TYPE(r);
		tree dom = TYPE_DOMAIN(TREE_TYPE(TREE_OPERAND(r, 0)));
		tree low = dom && TYPE_MIN_VALUE(dom) ? TYPE_MIN_VALUE(dom) : NULL_TREE;

		if (TREE_OPERAND(r, 2) || TREE_OPERAND(r, 3) || !tree_fits_shwi_p(idx) ||
		    (low && !tree_fits_shwi_p(low)) || !chain_type_bits(elt))
			return false;
		*bits = (tree_to_shwi(idx) - (low ? tree_to_shwi(low) : 0)) *
			(int64_t)chain_type_bits(elt);
		return true;
	}
	if (TREE_CODE(r) == BIT_FIELD_REF && tree_fits_uhwi_p(TREE_OPERAND(r, 2))) {
		*bits = (int64_t)tree_to_uhwi(TREE_OPERAND(r, 2));
		return true;
	}
	if (TREE_CODE(r) == REALPART_EXPR || TREE_CODE(r) == VIEW_CONVERT_EXPR) {
		*bits = 0;
		return true;
	}
	if (TREE_CODE(r) == IMAGPART_EXPR && chain_type_bits(TREE_TYPE(r))) {
		*bits = (int64_t)chain_type_bits(TREE_TYPE(r));
		return true;
	}
	return false;
}

uint64_t chain_access_size(const struct access_frame *c)
{
	const struct step *last = c->n ? &c->s[c->n - 1] : NULL;

	if (last && !last->ref)
		return last->raw_size;
	if (last && TREE_CODE(last->ref) == BIT_FIELD_REF && tree_fits_uhwi_p(TREE_OPERAND(last->ref, 1)))
		return tree_to_uhwi(TREE_OPERAND(last->ref, 1));
	/* a bit-field is its bits (its type is as wide as its mode) */
	if (last && TREE_CODE(last->ref) == COMPONENT_REF &&
	    DECL_BIT_FIELD(TREE_OPERAND(last->ref, 1)))
		return field_size(TREE_OPERAND(last->ref, 1));
	return chain_type_bits(chain_type_at(c, c->n));
}

/*
 * Where the access is: the place of the last member that the statement's
 * own reference names from position @from on (GCC puts a COMPONENT_REF at
 * its `.` or `->`); else the reference's own place (the `*` of a
 * dereference: `*(volatile T *)&p->x`); else, for an access through an
 * address (an atomic's, a lock's, a call's argument), the member the
 * address names; else the statement's.
 */
location_t chain_location(const struct access_frame *c, int from)
{
	int own = c->own > from ? c->own : from;

	for (int i = c->n - 1; i >= own; i--)
		if (c->s[i].ref && TREE_CODE(c->s[i].ref) == COMPONENT_REF &&
		    EXPR_HAS_LOCATION(c->s[i].ref))
			return EXPR_LOCATION(c->s[i].ref);
	if (c->ref && EXPR_P(c->ref) && EXPR_HAS_LOCATION(c->ref))
		return EXPR_LOCATION(c->ref);
	for (int i = own - 1; i >= from; i--)
		if (c->s[i].ref && TREE_CODE(c->s[i].ref) == COMPONENT_REF &&
		    EXPR_HAS_LOCATION(c->s[i].ref))
			return EXPR_LOCATION(c->s[i].ref);
	return gimple_location(c->stmt);
}

/*
 * The frame at position @p (a record): the members of it that the steps
 * from @p on touch.  Components name a path (`in.x`) until a member that
 * is not a record (a leaf, or an array: one member); a reinterpretation
 * before that makes it bytes.  The steps after the path say where in the
 * member the access is, when all of them are constant.
 */
/*
 * The bits of the run a BIT_FIELD_REF load (@c's last step) reads that the
 * code uses: GCC tests a bit-field by loading the byte that holds it and
 * masking the byte (`_1 = BIT_FIELD_REF <*p, 8, 0>; _2 = _1 & 7;`), and
 * only the masked bits are the source's.  *@off and *@size are narrowed to
 * them where the next statement is that mask.
 */
static void bit_run_used(const struct access_frame *c, int64_t *off, uint64_t *size)
{
	tree lhs = gimple_get_lhs(c->stmt), mask;
	gimple_stmt_iterator gsi;
	gimple *next;
	unsigned HOST_WIDE_INT m;
	int lo, hi;

	if (!lhs || TREE_CODE(lhs) != SSA_NAME || !gimple_bb(c->stmt) || BYTES_BIG_ENDIAN)
		return;
	gsi = gsi_for_stmt(c->stmt);
	gsi_next(&gsi);
	if (gsi_end_p(gsi))
		return;
	next = gsi_stmt(gsi);
	if (!is_gimple_assign(next) || gimple_assign_rhs_code(next) != BIT_AND_EXPR ||
	    gimple_assign_rhs1(next) != lhs)
		return;
	mask = gimple_assign_rhs2(next);
	if (TREE_CODE(mask) != INTEGER_CST || !tree_fits_uhwi_p(mask))
		return;
	m = tree_to_uhwi(mask);
	if (!m)
		return;
	lo = ctz_hwi(m);
	hi = floor_log2(m) + 1;
	if ((uint64_t)hi > *size)
		return;
	*off += lo;
	*size = (uint64_t)(hi - lo);
}

void chain_frame_tell(struct hit_ctx *x, struct access_frame *c, int p, tree rtype,
		      const char *rec)
{
	const char *path = "";
	uint64_t bits = 0;
	int64_t off = 0, b;
	bool known = true;
	tree last = NULL_TREE;
	int k = p;

	/* libc's records are seen only where the code names their members */
	if (access_system_record(rtype) &&
	    !(p < c->n && c->s[p].ref && TREE_CODE(c->s[p].ref) == COMPONENT_REF))
		return;
	c->at = p;
	x->frame = c;
	x->loc = chain_location(c, p);
	for (; k < c->n && c->s[k].ref && TREE_CODE(c->s[k].ref) == COMPONENT_REF; k++) {
		tree f = TREE_OPERAND(c->s[k].ref, 1);

		last = f;
		bits += access_field_bits(f);
		if (DECL_NAME(f))
			path = path_join(path, f);
		if (!RECORD_OR_UNION_TYPE_P(TREE_TYPE(f))) {
			k++;
			break;
		}
	}
	for (int i = p; i < c->n && known; i++)
		if (chain_step_bits(&c->s[i], &b))
			off += b;
		else
			known = false;
	if (k < c->n && (!c->s[k].ref || TREE_CODE(c->s[k].ref) == BIT_FIELD_REF) &&
	    (!last || RECORD_OR_UNION_TYPE_P(TREE_TYPE(last)))) {
		/*
		 * Reinterpreted inside the record, or a run of its bits as GCC
		 * tests a bit-field (`!p->flag` is BIT_FIELD_REF <*p, 8, 64>):
		 * by the bytes.
		 */
		uint64_t size = chain_access_size(c);

		if (c->s[k].ref && k == c->n - 1 && !c->is_pointer)
			bit_run_used(c, &off, &size);
		if (known && off >= 0)
			bytes_tell(x, rtype, rec, rtype, "", 0, (uint64_t)off, (uint64_t)off + size, 0);
		else if (*path)
			hit_tell(x, rtype, rec, path, bits, field_size(last), bits, 0);
		return;
	}
	if (!last) {
		/* the whole record, read or written as it is */
		if (p == c->n && !c->is_pointer && !access_system_record(rtype))
			leaves_tell(x, rtype, rec, rtype, "", 0, 0);
		return;
	}
	if (RECORD_OR_UNION_TYPE_P(TREE_TYPE(last)) && k == c->n) {
		leaves_tell(x, rtype, rec, TREE_TYPE(last), path, bits, 0);
		return;
	}
	if (!*path)
		return;
	if (known && off >= 0)
		hit_tell(x, rtype, rec, path, bits, field_size(last), (uint64_t)off, chain_access_size(c));
	else
		hit_tell(x, rtype, rec, path, bits, field_size(last), bits, 0);
}

/*
 * Every frame of @c from position @from on: each record the steps pass
 * through (and the origin when it is one) gives the members of it touched.
 */
void chain_tell(struct hit_ctx *x, struct access_frame *c, int from)
{
	for (int p = from; p <= c->n; p++) {
		tree type = chain_type_at(c, p);
		const char *rec = access_record_name(type);

		if (rec)
			chain_frame_tell(x, c, p, TYPE_MAIN_VARIANT(type), rec);
	}
}

bool chain_has_frame(const struct access_frame *c, int from)
{
	for (int p = from; p <= c->n; p++)
		if (access_record_name(chain_type_at(c, p)) && !access_system_record(chain_type_at(c, p)) &&
		    (p < c->n || !c->is_pointer))
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* Addresses for sampling (the counting code only: this builds trees)    */
/* ------------------------------------------------------------------ */

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

/* Bytes the steps [@from, @to) move, into *@off; false when not constant or not whole bytes. */
static bool steps_bytes(const struct access_frame *c, int from, int to, int64_t *off)
{
	int64_t b, sum = 0;

	for (int i = from; i < to; i++) {
		if (!chain_step_bits(&c->s[i], &b))
			return false;
		sum += b;
	}
	if (sum % BITS_PER_UNIT)
		return false;
	*off = sum / BITS_PER_UNIT;
	return true;
}

/* The address of the object at position @p of @c, or NULL_TREE. */
static tree object_address(const struct access_frame *c, int p)
{
	int64_t off;
	tree obj = NULL_TREE;

	if (p < 0 || (!p && c->core))
		obj = c->core;
	else if (p >= c->own && p < c->n && c->s[p].ref)
		obj = TREE_OPERAND(c->s[p].ref, 0);
	else if (p > c->own && c->s[p - 1].ref)
		obj = c->s[p - 1].ref;
	if (obj)
		return addressable(obj) ? build_fold_addr_expr(obj) : NULL_TREE;
	/* in what the pointer was followed to: back from the pointer */
	for (int i = 0; i < c->own; i++)
		if (!c->s[i].ref)
			return NULL_TREE;
	if (!c->ptr || !steps_bytes(c, p, c->own, &off))
		return NULL_TREE;
	return fold_build_pointer_plus_hwi(c->ptr, -(HOST_WIDE_INT)off);
}

bool access_frame_addresses(const struct access_frame *c, tree *base, tree *addr,
			    uint64_t *size)
{
	const struct step *last = c->n ? &c->s[c->n - 1] : NULL;
	int64_t off;

	*base = object_address(c, c->at);
	if (!*base)
		return false;
	*size = chain_access_size(c) / BITS_PER_UNIT;
	if (c->is_pointer) {
		if (last && !last->ref && last->raw_own && c->n == c->own + 1)
			*addr = fold_build_pointer_plus_hwi(c->ptr, last->raw_bits / BITS_PER_UNIT);
		else if (c->n == c->own)
			*addr = c->ptr;
		else
			return false;
		return true;
	}
	if (c->ref && addressable(c->ref)) {
		*addr = build_fold_addr_expr(c->ref);
		*size = access_type_bytes(TREE_TYPE(c->ref));
		return true;
	}
	if (!steps_bytes(c, c->at < 0 ? 0 : c->at, c->n, &off))
		return false;
	*addr = fold_build_pointer_plus_hwi(*base, (HOST_WIDE_INT)off);
	return true;
}

/* ------------------------------------------------------------------ */
/* The unit                                                             */
/* ------------------------------------------------------------------ */

struct cl_arena *chain_arena(void)
{
	return ws.arena;
}

void chain_setup(struct cl_arena *arena, const struct access_sink *const *sinks, unsigned n)
{
	ws.arena = arena;
	ws.nsinks = n;
	for (unsigned i = 0; i < n; i++)
		ws.sinks[i] = sinks[i];
	ws.local_defs = new hash_map<tree, gimple *>;
	ws.self_locals = new hash_set<tree>;
	ws.var_defs = new hash_map<tree, gimple *>;
}

void chain_teardown(void)
{
	delete ws.local_defs;
	ws.local_defs = NULL;
	delete ws.self_locals;
	ws.self_locals = NULL;
	delete ws.var_defs;
	ws.var_defs = NULL;
	ws.nsinks = 0;
}

void chain_begin_function(function *fn)
{
	local_defs_collect(fn);
}

void chain_at(gimple_stmt_iterator *gsi)
{
	ws.gsi = gsi;
}

bool chain_wants_variable(tree t)
{
	for (unsigned i = 0; VAR_P(t) && i < ws.nsinks; i++)
		if (ws.sinks[i]->wants_variable && ws.sinks[i]->wants_variable(ws.sinks[i]->data, t))
			return true;
	return false;
}

void chain_tell_variable(struct access_frame *c, unsigned kinds)
{
	c->at = -1;
	for (unsigned i = 0; i < ws.nsinks; i++)
		if (ws.sinks[i]->variable && ws.sinks[i]->wants_variable &&
		    ws.sinks[i]->wants_variable(ws.sinks[i]->data, c->core))
			ws.sinks[i]->variable(ws.sinks[i]->data, ws.gsi, c->core, c, kinds);
}

void access_walk_init(struct cl_arena *arena)
{
	ws.arena = arena;
	if (!ws.typedefs)
		ws.typedefs = new hash_map<uid_hash, const char *>;
}
