// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * twins.cc - records that the unit reads through each other, for `propose`
 *
 * A conversion between pointers to two different records (memcached's
 * `(item *)&crawlers[i]`, a `crawler` that mirrors the header of
 * `struct _stritem`) reads one record through the layout of the other; so
 * does a union holding two records with a common initial sequence.  Such
 * records are twins (struct cl_twin): the pipeline offers no patch for
 * either, since a patch moves one and not the other.  lint/clang_twins.c
 * finds the same in the lint's AST.
 *
 * The conversions are read from each function's GENERIC, as the front end
 * hands it over (PLUGIN_PRE_GENERICIZE: before gimplification, where a
 * conversion between pointer types is useless and disappears), and from
 * variables' initializers (PLUGIN_FINISH_DECL).  The C front end has
 * folded them already: `(B *)(void *)a` is `(B *)a` (a twin, as the lint
 * sees it too), and container_of()'s `(T *)((char *)p - off)` is
 * `(T *)p p+ -off`, a conversion a displacement follows (not a twin, the
 * lint's cast from char *).  Not twins either: a conversion from or to
 * anything that is not a pointer to a complete record (void *, char *),
 * one to or from the type of a member at offset 0 (a first member, any
 * member of a union, down through those) or of a C++ base.  Nothing here builds a
 * tree or changes one: the generated code stays what it is.
 */
#include "cachelint-plugin.h"

#include "pipeline.h"

#define RELATED_DEPTH_MAX 8

typedef int_hash<unsigned int, 0xffffffffu, 0xfffffffeu> uid_hash;

static struct cl_pipeline *twins_pipe;
static struct cl_arena *twins_arena;
static hash_set<uid_hash> *twins_unions;

/* The complete record @t points to, as written (typedef variants kept), or NULL_TREE. */
static tree pointee_record(tree t)
{
	if (!t || TREE_CODE(t) != POINTER_TYPE)
		return NULL_TREE;
	t = TREE_TYPE(t);
	if (!t || !RECORD_OR_UNION_TYPE_P(t) || !COMPLETE_TYPE_P(TYPE_MAIN_VARIANT(t)))
		return NULL_TREE;
	return t;
}

static tree element_record(tree t)
{
	while (t && TREE_CODE(t) == ARRAY_TYPE)
		t = TREE_TYPE(t);
	if (!t || !RECORD_OR_UNION_TYPE_P(t) || !COMPLETE_TYPE_P(TYPE_MAIN_VARIANT(t)))
		return NULL_TREE;
	return TYPE_MAIN_VARIANT(t);
}

/*
 * Whether @inner is @outer or sits at offset 0 in it (a first member, any
 * member of a union, down through those), or is a C++ base of it.
 */
static bool related(tree outer, tree inner, unsigned depth)
{
	if (outer == inner)
		return true;
	if (depth >= RELATED_DEPTH_MAX)
		return false;
	for (tree f = TYPE_FIELDS(outer); f; f = DECL_CHAIN(f)) {
		tree m;

		if (TREE_CODE(f) != FIELD_DECL || !DECL_FIELD_OFFSET(f) ||
		    TREE_CODE(DECL_FIELD_OFFSET(f)) != INTEGER_CST)
			continue;
		m = element_record(TREE_TYPE(f));
		if (!m)
			continue;
		if ((DECL_ARTIFICIAL(f) || int_bit_position(f) == 0) &&
		    related(m, inner, depth + 1))
			return true;
	}
	return false;
}

/* "struct crawler", or a typedef's name: as cl_record_display() names records. */
static const char *twin_name(tree t)
{
	tree main = TYPE_MAIN_VARIANT(t);
	const char *name = convert_record_name(main, twins_arena);
	const char *kind = TREE_CODE(main) == UNION_TYPE ? "union" : "struct";

	if (name)
		return cl_arena_printf(twins_arena, "%s %s", kind, name);
	/* C: `typedef struct {…} crawler;`, named by the typedef the code spells */
	if (TYPE_NAME(t) && TREE_CODE(TYPE_NAME(t)) == TYPE_DECL && DECL_NAME(TYPE_NAME(t)))
		return cl_arena_strdup(twins_arena, IDENTIFIER_POINTER(DECL_NAME(TYPE_NAME(t))));
	return cl_arena_printf(twins_arena, "%s <anonymous>", kind);
}

static void add_twin(tree a, tree b, location_t where, const char *via)
{
	tree ma = TYPE_MAIN_VARIANT(a), mb = TYPE_MAIN_VARIANT(b);
	struct cl_twin t = { };
	expanded_location xl;

	if (related(ma, mb, 0) || related(mb, ma, 0))
		return;
	t.key[0] = cl_arena_printf(twins_arena, "%u", TYPE_UID(ma));
	t.key[1] = cl_arena_printf(twins_arena, "%u", TYPE_UID(mb));
	t.name[0] = twin_name(a);
	t.name[1] = twin_name(b);
	xl = expand_location(where);
	if (xl.file) {
		t.where.file = cl_arena_strdup(twins_arena, xl.file);
		t.where.line = (unsigned)xl.line;
		t.where.col = (unsigned)xl.column;
	}
	t.via = via;
	cl_pipeline_twin(twins_pipe, &t);
}

static tree find_casts(tree *tp, int *walk_subtrees, void *data)
{
	tree t = *tp, from = NULL_TREE, to = NULL_TREE, op;
	location_t *fallback = (location_t *)data;

	if (TYPE_P(t)) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	switch (TREE_CODE(t)) {
	case DECL_EXPR:
		if (VAR_P(DECL_EXPR_DECL(t)) && DECL_INITIAL(DECL_EXPR_DECL(t)))
			walk_tree_without_duplicates(&DECL_INITIAL(DECL_EXPR_DECL(t)), find_casts,
						     data);
		return NULL_TREE;
	case POINTER_PLUS_EXPR:
		/*
		 * container_of(): the front end folds `(T *)((char *)p - off)`
		 * into `(T *)p p+ -off`.  A conversion that a displacement
		 * follows goes from a member to its container: not a twin.
		 */
		op = TREE_OPERAND(t, 0);
		if (!CONVERT_EXPR_P(op))
			return NULL_TREE;
		walk_tree_without_duplicates(&TREE_OPERAND(op, 0), find_casts, data);
		walk_tree_without_duplicates(&TREE_OPERAND(t, 1), find_casts, data);
		*walk_subtrees = 0;
		return NULL_TREE;
	case VIEW_CONVERT_EXPR:
		/* *(T *)&x folded: one record read as another */
		to = TREE_TYPE(t);
		from = TREE_TYPE(TREE_OPERAND(t, 0));
		if (!to || !from || !RECORD_OR_UNION_TYPE_P(to) || !RECORD_OR_UNION_TYPE_P(from) ||
		    !COMPLETE_TYPE_P(TYPE_MAIN_VARIANT(to)) ||
		    !COMPLETE_TYPE_P(TYPE_MAIN_VARIANT(from)))
			to = from = NULL_TREE;
		break;
	case ADDR_EXPR:
		/* a cast the front end folded into the address: (T *)&x */
		to = pointee_record(TREE_TYPE(t));
		from = TREE_TYPE(TREE_OPERAND(t, 0));
		if (!from || !RECORD_OR_UNION_TYPE_P(from) ||
		    !COMPLETE_TYPE_P(TYPE_MAIN_VARIANT(from)))
			from = NULL_TREE;
		break;
	default:
		if (!CONVERT_EXPR_P(t))
			return NULL_TREE;
		to = pointee_record(TREE_TYPE(t));
		from = pointee_record(TREE_TYPE(TREE_OPERAND(t, 0)));
		break;
	}
	if (to && from && TYPE_MAIN_VARIANT(to) != TYPE_MAIN_VARIANT(from))
		add_twin(from, to, EXPR_HAS_LOCATION(t) ? EXPR_LOCATION(t) : *fallback, NULL);
	return NULL_TREE;
}

void twins_start(struct cl_pipeline *p, struct cl_arena *a)
{
	twins_pipe = p;
	twins_arena = a;
}

void twins_function(void *event_data, void *)
{
	tree fn = (tree)event_data;
	location_t where;

	if (!twins_pipe || !fn || TREE_CODE(fn) != FUNCTION_DECL || !DECL_SAVED_TREE(fn))
		return;
	where = DECL_SOURCE_LOCATION(fn);
	if (in_system_header_at(where))
		return;
	walk_tree_without_duplicates(&DECL_SAVED_TREE(fn), find_casts, &where);
}

void twins_initializer(tree decl)
{
	location_t where = DECL_SOURCE_LOCATION(decl);

	if (!twins_pipe || !DECL_INITIAL(decl) || DECL_INITIAL(decl) == error_mark_node ||
	    in_system_header_at(where))
		return;
	walk_tree_without_duplicates(&DECL_INITIAL(decl), find_casts, &where);
}

/* The type of @rec's first member, its main variant, or NULL_TREE. */
static tree first_member_type(tree rec)
{
	for (tree f = TYPE_FIELDS(rec); f; f = DECL_CHAIN(f))
		if (TREE_CODE(f) == FIELD_DECL)
			return TREE_TYPE(f) ? TYPE_MAIN_VARIANT(TREE_TYPE(f)) : NULL_TREE;
	return NULL_TREE;
}

void twins_union(tree type)
{
	const char *via = NULL;
	location_t where = convert_record_location(type);

	if (!twins_pipe || TREE_CODE(type) != UNION_TYPE || in_system_header_at(where))
		return;
	if (!twins_unions)
		twins_unions = new hash_set<uid_hash>;
	if (twins_unions->add(TYPE_UID(type)))
		return;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		tree a = TREE_CODE(f) == FIELD_DECL ? TREE_TYPE(f) : NULL_TREE, fa;

		if (!a || !RECORD_OR_UNION_TYPE_P(a) || !COMPLETE_TYPE_P(TYPE_MAIN_VARIANT(a)))
			continue;
		fa = first_member_type(TYPE_MAIN_VARIANT(a));
		for (tree g = DECL_CHAIN(f); g && fa; g = DECL_CHAIN(g)) {
			tree b = TREE_CODE(g) == FIELD_DECL ? TREE_TYPE(g) : NULL_TREE;

			if (!b || !RECORD_OR_UNION_TYPE_P(b) ||
			    !COMPLETE_TYPE_P(TYPE_MAIN_VARIANT(b)) ||
			    TYPE_MAIN_VARIANT(a) == TYPE_MAIN_VARIANT(b) ||
			    first_member_type(TYPE_MAIN_VARIANT(b)) != fa)
				continue;
			if (!via)
				via = twin_name(type);
			add_twin(a, b, where, via);
		}
	}
}

void twins_finish(void)
{
	delete twins_unions;
	twins_unions = NULL;
	twins_pipe = NULL;
	twins_arena = NULL;
}
