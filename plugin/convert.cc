// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * convert.cc - GCC trees to the core layout model
 *
 * This is the plugin's only contact between trees and the model.  It reads
 * what GCC laid out and allocates nothing in GCC's garbage-collected heap
 * (no bit_position(): offsets are summed from the INTEGER_CSTs), so that
 * loading the plugin cannot change what GCC does afterwards.
 */
/*
 * cp-tree.h (C++ classes: CLASSTYPE_AS_BASE) must come before c-common.h and
 * diagnostic-core.h, which cachelint-plugin.h includes.  Its macros only
 * read fields; cc1 never reaches them (lang_GNU_CXX() guards each use).
 */
#include "gcc-plugin.h"
#include "tree.h"
#include "cp/cp-tree.h"
#include "cachelint-plugin.h"
#include "langhooks.h"
#include "tree-pretty-print.h"

typedef int_hash<unsigned int, 0xffffffffu, 0xfffffffeu> uid_hash;

/* TYPE_UID of a main variant -> its model, or NULL if it has no fixed layout */
static hash_map<uid_hash, struct cl_record *> *cache;

void convert_reset(void)
{
	delete cache;
	cache = NULL;
}

static bool fixed_uhwi(tree t)
{
	return t && TREE_CODE(t) == INTEGER_CST && tree_fits_uhwi_p(t);
}

/*
 * C++ template patterns have FIELD_DECLs without offsets, GNU C allows
 * variable-size members, and erroneous code leaves error_mark_node types:
 * none of them has a layout to check.
 */
static bool layout_fixed(tree type)
{
	if (!COMPLETE_TYPE_P(type) || !fixed_uhwi(TYPE_SIZE_UNIT(type)))
		return false;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (TREE_TYPE(f) == error_mark_node || !fixed_uhwi(DECL_FIELD_OFFSET(f)) ||
		    !fixed_uhwi(DECL_FIELD_BIT_OFFSET(f)))
			return false;
		if (DECL_SIZE(f) && !fixed_uhwi(DECL_SIZE(f)))
			return false;
	}
	return true;
}

/* Unnamed bit-fields are padding: no front end reports them as members. */
static bool is_member(tree f)
{
	return TREE_CODE(f) == FIELD_DECL &&
	       (DECL_NAME(f) || RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)));
}

/*
 * C++ base subobjects.  GCC lays a class out in two parts: the non-virtual
 * part (vptr, non-virtual bases, data members), then one subobject for each
 * virtual base of the whole hierarchy, each once, as base FIELD_DECLs of
 * the most-derived class (in inheritance graph order, after its data
 * members).  A base subobject is therefore only the non-virtual part of its
 * class: CLASSTYPE_AS_BASE, whose fields are the class's without its
 * virtual bases and whose size is the base-class size (nvsize, tail padding
 * left to the derived class).  Converting a base as its complete class
 * would put a copy of its virtual bases inside it, at the offsets they have
 * in that class alone, once per direct base of a diamond.
 *
 * After layout GCC gives the base FIELD_DECLs of a class their complete
 * types back; the copies in CLASSTYPE_AS_BASE keep the "as base" types
 * (IS_FAKE_BASE_TYPE), whose TYPE_CONTEXT is the class.  Only cc1plus has
 * these types: everything here is guarded by lang_GNU_CXX().
 */
static bool is_base_field(tree f)
{
	return lang_GNU_CXX() && DECL_ARTIFICIAL(f) && !DECL_NAME(f) &&
	       TREE_CODE(TREE_TYPE(f)) == RECORD_TYPE;
}

/* The class a record stands for: the class itself, or its "as base" type's. */
static tree class_of(tree type)
{
	if (lang_GNU_CXX() && TREE_CODE(type) == RECORD_TYPE && TYPE_CONTEXT(type) &&
	    IS_FAKE_BASE_TYPE(type))
		return TYPE_CONTEXT(type);
	return type;
}

/* The type that a base FIELD_DECL holds: its class's non-virtual part. */
static tree base_layout(tree f)
{
	tree cls = TYPE_MAIN_VARIANT(class_of(TREE_TYPE(f)));
	tree as_base;

	if (!CLASS_TYPE_P(cls) || !TYPE_LANG_SPECIFIC(cls))
		return cls;
	as_base = CLASSTYPE_AS_BASE(cls);
	/*
	 * A class without virtual bases is its own non-virtual part; the
	 * member's size (DECL_SIZE) already leaves out the tail padding that
	 * a derived class may reuse.
	 */
	if (!as_base || !CLASSTYPE_VBASECLASSES(cls))
		return cls;
	return as_base;
}

/*
 * `typedef struct {…} pair_t;` in C++: the class has no tag, and the
 * typedef is its name for linkage (not an implicit typedef, as a tag's or
 * a template instance's is).  GCC prints it "typedef pair_t pair_t"; C and
 * DWARF name it pair_t, shown without the keyword.
 */
/* The unit is C++: asked once (lang_GNU_CXX() compares the front end's name). */
static bool unit_is_cxx(void)
{
	static int cxx = -1;

	if (cxx < 0)
		cxx = lang_GNU_CXX();
	return cxx;
}

static bool cxx_linkage_typedef(tree type)
{
	tree decl;

	if (!unit_is_cxx())
		return false;
	decl = TYPE_NAME(class_of(type));
	return decl && TREE_CODE(decl) == TYPE_DECL && DECL_NAME(decl) &&
	       !IDENTIFIER_ANON_P(DECL_NAME(decl)) && !DECL_IMPLICIT_TYPEDEF_P(decl);
}

const char *convert_record_name(tree type, struct cl_arena *a)
{
	tree decl, name;

	type = class_of(type);
	decl = name = TYPE_NAME(type);

	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	if (!name || TREE_CODE(name) != IDENTIFIER_NODE || IDENTIFIER_ANON_P(name))
		return NULL;
	/*
	 * C++: "tmpl<long int>", as the C++ front end spells it, so that two
	 * instantiations are told apart.  Its buffer is reused: copy it.
	 */
	if (cxx_linkage_typedef(type))
		return cl_arena_strdup(a, lang_hooks.decl_printable_name(decl, 1));
	if (unit_is_cxx() && TREE_CODE(decl) == TYPE_DECL)
		return cl_arena_strdup(a, lang_hooks.decl_printable_name(decl, 2));
	return IDENTIFIER_POINTER(name);
}

static void span_from(struct cl_span *s, location_t loc)
{
	expanded_location xl = expand_location(loc);

	s->file = xl.file;
	s->line = (unsigned)xl.line;
	s->col = (unsigned)xl.column;
	s->cookie = (uintptr_t)loc;
}

location_t convert_record_location(tree type)
{
	type = class_of(type);
	if (TYPE_STUB_DECL(type))
		return DECL_SOURCE_LOCATION(TYPE_STUB_DECL(type));
	if (TYPE_NAME(type) && TREE_CODE(TYPE_NAME(type)) == TYPE_DECL)
		return DECL_SOURCE_LOCATION(TYPE_NAME(type));
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
		if (TREE_CODE(f) == FIELD_DECL)
			return DECL_SOURCE_LOCATION(f);
	return UNKNOWN_LOCATION;
}

/* `x[]` has no size; GNU `x[0]` has size 0 (and no upper bound either). */
static bool is_flexible_array(tree f)
{
	return TREE_CODE(TREE_TYPE(f)) == ARRAY_TYPE && !DECL_SIZE(f);
}

static struct cl_record *convert(tree type, struct cl_arena *a, unsigned depth);
static struct cl_record *build(tree type, struct cl_arena *a, unsigned depth, tree binfo,
			       tree root);

/* The canonical binfo of the virtual base @cls in the hierarchy at @root. */
static tree vbase_binfo(tree root, tree cls)
{
	for (tree b = root; b; b = TREE_CHAIN(b))
		if (BINFO_VIRTUAL_P(b) && TYPE_MAIN_VARIANT(BINFO_TYPE(b)) == cls)
			return b;
	return NULL_TREE;
}

/*
 * The binfo of the base subobject that base field @f of the subobject @ctx
 * holds, in the hierarchy of the complete class whose binfo is @root: a
 * direct base, or a virtual base (of the complete class; or the primary
 * base of @ctx's class, which may be an indirect virtual base).  NULL when
 * unknown.
 */
static tree base_binfo_of(tree root, tree ctx, tree f)
{
	tree cls = TYPE_MAIN_VARIANT(class_of(TREE_TYPE(f))), b;

	if (!ctx || !root)
		return NULL_TREE;
	for (int i = 0; BINFO_BASE_ITERATE(ctx, i, b); i++)
		if (TYPE_MAIN_VARIANT(BINFO_TYPE(b)) == cls)
			return b;
	return vbase_binfo(root, cls);
}

/*
 * A class may take a nearly empty virtual base (a vptr and nothing else),
 * even an indirect one, as its primary base: CLASSTYPE_AS_BASE then holds
 * that base at offset 0.  In a hierarchy where another class took that
 * virtual base first, the subobject has "lost" it (BINFO_LOST_PRIMARY_P):
 * the virtual base is where the other class is, and the bytes at the
 * subobject's start are only its own vptr.  Whether a lost primary is
 * anywhere in the subobject at @b: then its record is built for this place
 * (not the cached one).
 */
static bool lost_primary_below(tree root, tree b, unsigned depth)
{
	tree bb, cls = BINFO_TYPE(b), primary;

	if (depth > CL_NESTING_MAX)
		return false;
	if (BINFO_LOST_PRIMARY_P(b))
		return true;
	for (int i = 0; BINFO_BASE_ITERATE(b, i, bb); i++)
		if (!BINFO_VIRTUAL_P(bb) && lost_primary_below(root, bb, depth + 1))
			return true;
	/* a virtual primary base in place is part of this subobject */
	primary = CLASS_TYPE_P(cls) && TYPE_LANG_SPECIFIC(cls) ? CLASSTYPE_PRIMARY_BINFO(cls) :
		  NULL_TREE;
	if (primary && BINFO_VIRTUAL_P(primary)) {
		bb = vbase_binfo(root, TYPE_MAIN_VARIANT(BINFO_TYPE(primary)));
		if (bb && BINFO_INHERITANCE_CHAIN(bb) == b &&
		    lost_primary_below(root, bb, depth + 1))
			return true;
	}
	return false;
}

/* The lost primary base of the subobject at @ctx is only its vptr. */
static void convert_lost_primary(struct cl_member *m, tree f, tree ctx, struct cl_arena *a)
{
	const char *cls = convert_record_name(BINFO_TYPE(ctx), a);

	m->name = cl_arena_printf(a, "_vptr.%s", cls ? cls : "");
	m->bit_offset = tree_to_uhwi(DECL_FIELD_OFFSET(f)) * BITS_PER_UNIT +
			tree_to_uhwi(DECL_FIELD_BIT_OFFSET(f));
	m->bit_size = DECL_SIZE(f) ? tree_to_uhwi(DECL_SIZE(f)) : 0;
	m->align = DECL_ALIGN_UNIT(f);
	m->flags |= CL_MEMBER_ARTIFICIAL;
	span_from(&m->span, DECL_SOURCE_LOCATION(f));
}

/*
 * A C member's anonymous struct or union named by a typedef (libc's
 * pthread_mutex_t) is known by that name, as the lint and DWARF know it:
 * the typedef's variant of the type carries it.  The records analysed on
 * their own get it at the typedef (cachelint.cc); those of system headers
 * are not analysed, and get it here.
 */
static void name_by_typedef(struct cl_record *rec, tree type)
{
	tree decl = TYPE_NAME(type);

	if (!rec || rec->name || lang_GNU_CXX() || !decl || TREE_CODE(decl) != TYPE_DECL ||
	    !DECL_NAME(decl) || DECL_ORIGINAL_TYPE(decl) != TYPE_MAIN_VARIANT(type))
		return;
	rec->name = IDENTIFIER_POINTER(DECL_NAME(decl));
	rec->typedef_name = true;
}

static void convert_member(struct cl_member *m, tree f, struct cl_arena *a, unsigned depth,
			   tree ctx, tree root)
{
	tree type = TREE_TYPE(f);
	tree binfo = is_base_field(f) ? base_binfo_of(root, ctx, f) : NULL_TREE;

	/* in a subobject's non-virtual part, a virtual base is its primary */
	if (binfo && BINFO_VIRTUAL_P(binfo) && ctx != root && BINFO_LOST_PRIMARY_P(ctx)) {
		convert_lost_primary(m, f, ctx, a);
		return;
	}

	if (DECL_NAME(f))
		m->name = cl_arena_strdup(a, IDENTIFIER_POINTER(DECL_NAME(f)));
	m->bit_offset = tree_to_uhwi(DECL_FIELD_OFFSET(f)) * BITS_PER_UNIT +
			tree_to_uhwi(DECL_FIELD_BIT_OFFSET(f));
	if (DECL_SIZE(f))
		m->bit_size = tree_to_uhwi(DECL_SIZE(f));
	if (DECL_BIT_FIELD_TYPE(f)) {
		tree bt = DECL_BIT_FIELD_TYPE(f);

		m->flags |= CL_MEMBER_BITFIELD;	/* also `unsigned x:32` */
		if (TYPE_SIZE_UNIT(bt) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(bt)) && !DECL_PACKED(f)) {
			m->unit_size = (uint32_t)tree_to_uhwi(TYPE_SIZE_UNIT(bt));
			m->unit_align = TYPE_ALIGN_UNIT(bt);
		}
	} else
		m->align = DECL_ALIGN_UNIT(f);
	if (is_flexible_array(f))
		m->flags |= CL_MEMBER_FLEXIBLE;
	if (DECL_USER_ALIGN(f))
		m->flags |= CL_MEMBER_USER_ALIGN;
	if (DECL_ARTIFICIAL(f))
		m->flags |= DECL_NAME(f) ? CL_MEMBER_ARTIFICIAL : CL_MEMBER_BASE;
	if (RECORD_OR_UNION_TYPE_P(type)) {
		if (binfo && depth < CL_NESTING_MAX && lost_primary_below(root, binfo, 0))
			m->record = build(base_layout(f), a, depth + 1, binfo, root);
		else
			m->record = convert(is_base_field(f) ? base_layout(f) :
					    TYPE_MAIN_VARIANT(type), a, depth + 1);
		name_by_typedef(m->record, type);
		if (!DECL_NAME(f) && !DECL_ARTIFICIAL(f))
			m->flags |= CL_MEMBER_ANONYMOUS;
	}
	span_from(&m->span, DECL_SOURCE_LOCATION(f));
	if (linemap_location_from_macro_expansion_p(line_table, DECL_SOURCE_LOCATION(f)))
		m->flags |= CL_MEMBER_FROM_MACRO;
	if (DECL_ATTRIBUTES(f) && attributes_pinned(f))
		m->flags |= CL_MEMBER_PINNED;
	/* an array member's elements: evidence may be of one of them (idx[1]) */
	if (TREE_CODE(type) == ARRAY_TYPE && fixed_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(type))))
		m->elem_size = tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(type)));
	if (DECL_ATTRIBUTES(f) && attributes_per_thread(f) && m->elem_size)
		m->flags |= CL_MEMBER_PER_THREAD;
	attributes_read_field(f, &m->access, a);
}

/*
 * @binfo: the C++ subobject the record stands for in the hierarchy of the
 * complete class whose TYPE_BINFO is @root, which says where its bases are;
 * both NULL where that does not matter.
 */
static struct cl_record *build(tree type, struct cl_arena *a, unsigned depth, tree binfo,
			       tree root)
{
	struct cl_record *rec;
	size_t n = 0, i = 0;

	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
		n += is_member(f);
	rec = cl_record_new(a, TREE_CODE(type) == UNION_TYPE ? CL_UNION : CL_STRUCT,
			    convert_record_name(type, a), n);
	rec->typedef_name = rec->name && cxx_linkage_typedef(type);
	rec->size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
	rec->align = TYPE_ALIGN_UNIT(type);
	rec->packed = TYPE_PACKED(class_of(type));
	rec->suppress = attributes_read_suppress(class_of(type));
	rec->per_thread = attributes_per_thread(class_of(type));
	span_from(&rec->span, convert_record_location(type));
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
		if (is_member(f))
			convert_member(&rec->members[i++], f, a, depth, binfo, root);
	return rec;
}

/* The binfo of a complete C++ class, for its bases; NULL otherwise. */
static tree complete_binfo(tree type)
{
	if (!lang_GNU_CXX() || !CLASS_TYPE_P(type) || !TYPE_LANG_SPECIFIC(type) ||
	    class_of(type) != type)
		return NULL_TREE;
	return TYPE_BINFO(type);
}

static struct cl_record *convert(tree type, struct cl_arena *a, unsigned depth)
{
	unsigned int uid = TYPE_UID(type);
	struct cl_record **cached, *rec = NULL;

	if (!cache)
		cache = new hash_map<uid_hash, struct cl_record *>;
	cached = cache->get(uid);
	if (cached)
		return *cached;
	/* Claim the slot first: a record cannot contain itself, but be safe. */
	cache->put(uid, NULL);
	if (depth <= CL_NESTING_MAX && layout_fixed(type))
		rec = build(type, a, depth, complete_binfo(type), complete_binfo(type));
	cache->put(uid, rec);	/* build() may have rehashed the map */
	return rec;
}

struct cl_record *convert_record(tree type, struct cl_arena *a)
{
	return convert(TYPE_MAIN_VARIANT(type), a, 0);
}

/*
 * A scalar (`static long g_ops;`): one element, its own size.  Two of them
 * on one line are objects that share it, as elements of an array are; a
 * record-typed variable's evidence is its struct's members.
 */
static bool convert_scalar(tree decl, struct cl_variable *v, struct cl_arena *a)
{
	tree type = TREE_TYPE(decl);

	if (RECORD_OR_UNION_TYPE_P(type) || !fixed_uhwi(TYPE_SIZE_UNIT(type)) ||
	    !tree_to_uhwi(TYPE_SIZE_UNIT(type)))
		return false;
	memset(v, 0, sizeof(*v));
	v->name = cl_arena_strdup(a, IDENTIFIER_POINTER(DECL_NAME(decl)));
	span_from(&v->span, DECL_SOURCE_LOCATION(decl));
	v->elem_size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
	v->nelems = 1;
	v->align = DECL_USER_ALIGN(decl) ? DECL_ALIGN_UNIT(decl) : TYPE_ALIGN_UNIT(type);
	v->elem_align = TYPE_ALIGN_UNIT(type);
	return true;
}

bool convert_variable(tree decl, struct cl_variable *v, struct cl_arena *a)
{
	tree type = TREE_TYPE(decl), elem;

	if (TREE_CODE(type) != ARRAY_TYPE)
		return !attributes_per_thread(decl) && convert_scalar(decl, v, a);
	if (!fixed_uhwi(TYPE_SIZE_UNIT(type)))
		return false;
	elem = TREE_TYPE(type);
	if (!fixed_uhwi(TYPE_SIZE_UNIT(elem)) || !tree_to_uhwi(TYPE_SIZE_UNIT(elem)))
		return false;
	memset(v, 0, sizeof(*v));
	v->name = cl_arena_strdup(a, IDENTIFIER_POINTER(DECL_NAME(decl)));
	span_from(&v->span, DECL_SOURCE_LOCATION(decl));
	v->elem_size = tree_to_uhwi(TYPE_SIZE_UNIT(elem));
	v->nelems = tree_to_uhwi(TYPE_SIZE_UNIT(type)) / v->elem_size;
	/*
	 * As declared: the target may align a large array further when it
	 * emits it (DATA_ALIGNMENT), which no declaration elsewhere can rely on.
	 */
	v->align = DECL_USER_ALIGN(decl) ? DECL_ALIGN_UNIT(decl) : TYPE_ALIGN_UNIT(type);
	v->elem_align = TYPE_ALIGN_UNIT(elem);
	elem = TYPE_MAIN_VARIANT(elem);
	if (RECORD_OR_UNION_TYPE_P(elem))
		v->elem = convert_record(elem, a);
	v->per_thread = attributes_per_thread(decl);
	return true;
}

bool convert_seen(tree type)
{
	return cache && cache->get(TYPE_UID(TYPE_MAIN_VARIANT(type)));
}

/*
 * Type spellings for the layout view, as GCC prints them (pahole spells
 * them the same way: "long unsigned int").  Only for the structs shown, and
 * the nameless records in them, which the view draws inline.
 */
void convert_fill_types(tree type, struct cl_record *rec, struct cl_arena *a)
{
	size_t i = 0;

	for (tree f = TYPE_FIELDS(TYPE_MAIN_VARIANT(type)); f && i < rec->nmembers;
	     f = DECL_CHAIN(f)) {
		char *s;

		if (!is_member(f))
			continue;
		if (!rec->members[i].type) {
			tree t = DECL_BIT_FIELD_TYPE(f) ? DECL_BIT_FIELD_TYPE(f) : TREE_TYPE(f);
			tree name = TYPE_NAME(t);

			/* A typedef by its name, as written ("atomic_long_t"). */
			if (name && TREE_CODE(name) == TYPE_DECL && DECL_ORIGINAL_TYPE(name) &&
			    DECL_NAME(name) && !TYPE_QUALS(t)) {
				rec->members[i].type =
					cl_arena_strdup(a, IDENTIFIER_POINTER(DECL_NAME(name)));
			} else {
				s = print_generic_expr_to_str(t);
				rec->members[i].type = cl_arena_strdup(a, s);
				free(s);
			}
		}
		/* a nameless struct or union is drawn inline: its members too */
		if (rec->members[i].record && !rec->members[i].record->name &&
		    RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)))
			convert_fill_types(TREE_TYPE(f), rec->members[i].record, a);
		i++;
	}
}
