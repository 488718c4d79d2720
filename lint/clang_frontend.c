// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_frontend.c - parse a unit with libclang, convert its records
 *
 * This is the lint's only contact between libclang and the model, and it
 * converts exactly as plugin/convert.cc does, so that dump-layout of the
 * same struct is byte-identical from both: unnamed bit-fields are padding
 * and skipped; `x[]` is flexible with size 0; GNU `x[0]` has size 0 and is
 * not flexible; bit-fields have alignment 0; an anonymous struct or union
 * member points at its record and has no name; a record is named by its
 * tag, or by the typedef of an anonymous `typedef struct {…} t;`.
 *
 * Parse failures are never analysed: libclang returns a unit even when a
 * header is missing, with offsets of -1 for everything that depends on it,
 * so any error diagnostic fails the unit with clang's own words.
 */
#define _GNU_SOURCE
#include "clang_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clang_access.h"
#include "model/kernel_groups.h"
#include "pipeline.h"

#define PARSE_TRIES 4

/**
 * struct conv_entry - what is known about one record declaration
 * @cursor: its definition
 * @hash: clang_hashCursor(@cursor)
 * @rec: its model, once converted (NULL if it has no layout)
 * @converted: conversion was attempted
 * @worth: -1 unknown, 0 or 1: worth converting (annotated, profiled, or
 *         holding such a record)
 * @seen: the walk met its definition
 */
struct conv_entry {
	CXCursor cursor;
	unsigned hash;
	struct cl_record *rec;
	bool converted;
	signed char worth;
	bool seen;
};


/*
 * What the lint cannot see in C++ (libclang 14 gives no base-class offsets
 * and no cursors for template instantiations) is said, once per unit, as
 * "file:line:col: note: …" on stderr, never skipped in silence.
 */
static void fe_note(struct fe *fe, CXCursor at, const char *what, const char *name)
{
	struct cl_span sp = { 0 };
	struct cl_diag d;
	char line[CL_DIAG_LINE_MAX + 1];
	size_t n;

	fe_span_from(fe, &sp, clang_getCursorLocation(at));
	cl_diag_set(&d, sp.file ? cl_span_shown_file(&sp) : "<unknown>", cl_span_shown_line(&sp),
		    sp.col, "%s '%s'%s; the GCC plugin and `cachelint dwarf` check them", what, name,
		    strcmp(what, "the instantiations of class template") ?
		    " are not checked: libclang 14 gives no base-class offsets" :
		    " are not checked: libclang 14 gives no cursor for them");
	d.severity = CL_SEV_NOTE;
	cl_diag_line(&d, line, sizeof(line) - 1);
	n = strlen(line);
	line[n++] = '\n';
	line[n] = '\0';
	if (!fe->notebuf || !strstr(fe->notebuf, line)) {
		fe->notebuf = cl_xrealloc(fe->notebuf, fe->notelen + n + 1);
		memcpy(fe->notebuf + fe->notelen, line, n + 1);
		fe->notelen += n;
	}
}

/* The conversion cache: records by cursor identity. */
static bool entry_eq(const void *ctx, size_t i, const void *key)
{
	return clang_equalCursors(((const struct fe *)ctx)->cache[i].cursor,
				  *(const CXCursor *)key);
}

static uint64_t entry_hash(const void *ctx, size_t i)
{
	return ((const struct fe *)ctx)->cache[i].hash;
}

/* @c's entry, added when new; a new entry may move the others. */
static struct conv_entry *entry(struct fe *fe, CXCursor c)
{
	unsigned h = clang_hashCursor(c);
	size_t *slot = cl_index_add(&fe->cache_index, fe->cache_n, h, entry_eq, entry_hash,
				    fe, &c);
	struct conv_entry *e;

	if (*slot)
		return &fe->cache[*slot - 1];
	e = cl_vec_push(&fe->cache, &fe->cache_n, &fe->cache_cap);
	e->cursor = c;
	e->hash = h;
	e->worth = -1;
	*slot = fe->cache_n;
	return e;
}

static bool is_record_kind(enum CXCursorKind k)
{
	return k == CXCursor_StructDecl || k == CXCursor_UnionDecl || k == CXCursor_ClassDecl;
}

/* The record a field's type is (not an array of), or a null cursor. */
static CXCursor field_record(CXCursor field)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));
	CXCursor decl;

	if (t.kind == CXType_Atomic)
		t = clang_getCanonicalType(clang_Type_getValueType(t));
	if (t.kind != CXType_Record)
		return clang_getNullCursor();
	decl = clang_getCursorDefinition(clang_getTypeDeclaration(t));
	return is_record_kind(clang_getCursorKind(decl)) ? decl : clang_getNullCursor();
}


static const char *record_name(struct fe *fe, CXCursor decl, bool *typedef_name)
{
	return lint_record_name(decl, &fe->out->arena, typedef_name);
}

/* Unnamed bit-fields are padding: no front end reports them as members. */
static bool is_member(CXCursor field, bool *named)
{
	CXString s = clang_getCursorSpelling(field);

	*named = *clang_getCString(s) != '\0';
	clang_disposeString(s);
	return *named || !clang_Cursor_isNull(field_record(field));
}

/*
 * Whether a record is worth converting: core's one test
 * (cl_worth_converting()), asked of libclang's cursors (each a const
 * CXCursor *), with the answers kept in the cache of conversions.
 */
static const char *cursor_name(void *data, const void *rec)
{
	bool tdef;

	return record_name(data, *(const CXCursor *)rec, &tdef);
}

static bool cursor_marked(void *data, const void *rec)
{
	bool per_thread = false;

	annot_record_suppress(data, *(const CXCursor *)rec, &per_thread);
	return per_thread;
}

static bool cursor_members(void *data, const void *rec,
			   bool (*fn)(void *ctx, const char *name, bool marked, const void *embedded),
			   void *ctx)
{
	struct fe *fe = data;
	struct lint_fields f = { 0 };
	bool yes = false;

	lint_record_fields(clang_getCursorType(*(const CXCursor *)rec), &f);
	for (size_t i = 0; i < f.n && !yes; i++) {
		CXString s = clang_getCursorSpelling(f.v[i]);
		CXCursor r = field_record(f.v[i]);
		const char *name = clang_getCString(s);

		yes = fn(ctx, *name ? name : NULL, annot_field_marked(fe, f.v[i]),
			 clang_Cursor_isNull(r) ? NULL : &r);
		clang_disposeString(s);
	}
	free(f.v);
	return yes;
}

static int cursor_known(void *data, const void *rec)
{
	return entry(data, *(const CXCursor *)rec)->worth;
}

static void cursor_remember(void *data, const void *rec, bool yes)
{
	entry(data, *(const CXCursor *)rec)->worth = yes;
}

static bool worth(struct fe *fe, CXCursor decl)
{
	static const struct cl_worth_walk walk = {
		cursor_name, cursor_marked, cursor_members, cursor_known, cursor_remember, NULL,
	};
	struct cl_worth_walk w = walk;

	w.data = fe;
	return cl_worth_converting(&w, &decl, fe->opt->profile, !fe->opt->groups);
}

/* A declaration's packed and aligned(N) (a null cursor when it has none). */
struct attrs {
	bool packed;
	CXCursor aligned;
};

static enum CXChildVisitResult attr_kinds(CXCursor c, CXCursor parent, CXClientData data)
{
	struct attrs *a = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_PackedAttr)
		a->packed = true;
	else if (clang_getCursorKind(c) == CXCursor_AlignedAttr)
		a->aligned = c;
	return CXChildVisit_Continue;
}

static struct attrs attrs_of(CXCursor c)
{
	struct attrs a = { false, clang_getNullCursor() };

	if (clang_Cursor_hasAttrs(c))
		clang_visitChildren(c, attr_kinds, &a);
	return a;
}

static uint32_t lowest_bit(uint64_t v)
{
	return v ? (uint32_t)(v & -v) : 0;
}

/*
 * GCC's DECL_ALIGN: the type's alignment, 1 in a packed record, raised (or,
 * packed, set) by the field's own aligned(N).  When N cannot be evaluated,
 * the largest alignment that the field's offset and the record allow.
 */
static uint32_t member_align(struct fe *fe, CXCursor field, const struct cl_record *rec,
			     uint64_t bit_offset, uint32_t *flags)
{
	struct attrs a = attrs_of(field);
	/* the declared type, not the canonical one: a typedef may carry aligned() */
	long long ta = clang_Type_getAlignOf(clang_getCursorType(field));
	uint32_t align = ta > 0 ? (uint32_t)ta : 1, user;

	if (rec->packed || a.packed)
		align = 1;
	/*
	 * Only #pragma pack(N) makes a record less aligned than a member's
	 * type (libclang does not show the pragma): GCC caps the member at N,
	 * which is then the record's alignment.
	 */
	if (align > rec->align)
		align = rec->align;
	if (clang_Cursor_isNull(a.aligned))
		return align;
	*flags |= CL_MEMBER_USER_ALIGN;
	user = align_attr_value(fe, a.aligned);
	if (!user) {
		uint64_t bytes = bit_offset / 8;

		user = bytes ? lowest_bit(bytes) : rec->align;
		if (user > rec->align)
			user = rec->align;
	}
	if (rec->packed || a.packed)
		return user;
	return user > align ? user : align;
}

static struct cl_record *convert(struct fe *fe, CXCursor decl, unsigned depth);

/* A field whose name a macro expansion wrote: its text is not in the struct. */
static bool from_macro(CXSourceLocation loc)
{
	CXFile ef, sf;
	unsigned eo, so;

	clang_getExpansionLocation(loc, &ef, NULL, NULL, &eo);
	clang_getSpellingLocation(loc, &sf, NULL, NULL, &so);
	return eo != so || !clang_File_isEqual(ef, sf);
}

static bool convert_member(struct fe *fe, struct cl_record *rec, struct cl_member *m,
			   CXCursor field, long long off, CXCursor prev, unsigned depth)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));
	long long size;
	CXString s = clang_getCursorSpelling(field);
	CXCursor r;

	if (off < 0) {
		clang_disposeString(s);
		return false;
	}
	if (*clang_getCString(s))
		m->name = cl_arena_strdup(&fe->out->arena, clang_getCString(s));
	clang_disposeString(s);
	s = clang_getTypeSpelling(clang_getCursorType(field));
	m->type = cl_arena_strdup(&fe->out->arena, clang_getCString(s));
	clang_disposeString(s);
	m->bit_offset = (uint64_t)off;
	if (clang_Cursor_isBitField(field)) {
		long long us = clang_Type_getSizeOf(t), ua = clang_Type_getAlignOf(t);

		m->flags |= CL_MEMBER_BITFIELD;	/* also `unsigned x:32` */
		m->bit_size = (uint64_t)clang_getFieldDeclBitWidth(field);
		if (us > 0 && ua > 0) {
			m->unit_size = (uint32_t)us;
			m->unit_align = (uint32_t)ua;
		}
	} else {
		if (t.kind == CXType_IncompleteArray)
			m->flags |= CL_MEMBER_FLEXIBLE;
		else if ((size = clang_Type_getSizeOf(t)) >= 0)
			m->bit_size = (uint64_t)size * 8;
		else
			return false;
		m->align = member_align(fe, field, rec, m->bit_offset, &m->flags);
	}
	r = field_record(field);
	if (!clang_Cursor_isNull(r)) {
		m->record = convert(fe, r, depth + 1);
		if (!m->name)
			m->flags |= CL_MEMBER_ANONYMOUS;
	}
	fe_span_from(fe, &m->span, clang_getCursorLocation(field));
	if (from_macro(clang_getCursorLocation(field)))
		m->flags |= CL_MEMBER_FROM_MACRO;
	annot_field(fe, field, prev, &m->access, &m->flags);
	/* an array member's elements, as the plugin has them */
	{
		CXType at = clang_getCanonicalType(clang_getCursorType(field));
		long long es = at.kind == CXType_ConstantArray || at.kind == CXType_IncompleteArray ?
			       clang_Type_getSizeOf(clang_getArrayElementType(at)) : -1;

		if (es > 0)
			m->elem_size = (uint64_t)es;
		else
			m->flags &= ~CL_MEMBER_PER_THREAD;
	}
	return true;
}

static struct cl_record *build(struct fe *fe, CXCursor decl, unsigned depth)
{
	CXType type = clang_getCursorType(decl);
	long long size = clang_Type_getSizeOf(type), align = clang_Type_getAlignOf(type);
	struct lint_fields f = { 0 };
	struct cl_record *rec = NULL;
	const char *name;
	bool tdef, named;
	size_t n = 0, i = 0;
	CXCursor prev = clang_getNullCursor();
	long long *offsets;

	if (size < 0 || align <= 0)
		return NULL;
	lint_record_fields(type, &f);
	for (size_t k = 0; k < f.n; k++)
		n += is_member(f.v[k], &named);
	name = record_name(fe, decl, &tdef);
	rec = cl_record_new(&fe->out->arena,
			    clang_getCursorKind(decl) == CXCursor_UnionDecl ? CL_UNION : CL_STRUCT,
			    NULL, n);
	rec->name = name;
	rec->typedef_name = tdef;
	rec->size = (uint64_t)size;
	rec->align = (uint32_t)align;
	rec->packed = attrs_of(decl).packed;
	rec->suppress = annot_record_suppress(fe, decl, &rec->per_thread);
	fe_span_from(fe, &rec->span, clang_getCursorLocation(decl));
	offsets = lint_field_offsets(f.v, f.n, rec->kind == CL_UNION, rec->packed);
	for (size_t k = 0; k < f.n; k++) {
		if (!is_member(f.v[k], &named)) {
			prev = f.v[k];
			continue;
		}
		if (!convert_member(fe, rec, &rec->members[i++], f.v[k], offsets[k], prev, depth)) {
			rec = NULL;
			break;
		}
		prev = f.v[k];
	}
	free(offsets);
	free(f.v);
	return rec;
}

static struct cl_record *convert(struct fe *fe, CXCursor decl, unsigned depth)
{
	struct conv_entry *e = entry(fe, decl);
	struct cl_record *rec = NULL;

	if (e->converted)
		return e->rec;
	e->converted = true;	/* claim it first: a record cannot contain itself */
	if (depth <= CL_NESTING_MAX)
		rec = build(fe, decl, depth);
	entry(fe, decl)->rec = rec;	/* build() may have grown the cache */
	return rec;
}

/* The walk: records in the order the plugin finishes them. */
struct walk {
	struct fe *fe;
	struct lint_fields order;	/* named records, post-order */
	struct lint_fields pending;	/* nameless records outside records, analysed last */
};

static const char *const macro_names[] = {
	[MACRO_READ_MOSTLY] = "__read_mostly",
	[MACRO_WRITE_HOT] = "__write_hot",
	[MACRO_WRITE_HOT_GROUP] = "__write_hot_group",
	[MACRO_SUPPRESS] = "__cachelint_suppress",
	[MACRO_PIN] = "__cachelint_pin",
	[MACRO_READ_ON] = "__read_on",
	[MACRO_WRITTEN_ON] = "__written_on",
	[MACRO_WRITTEN_ON_SOME] = "__written_on_some",
};

static void macro_expansion(struct fe *fe, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *name = clang_getCString(s);
	int kind = -1;

	if (name[0] == '_' && name[1] == '_') {
		if (!strcmp(name, "__read_mostly_field"))
			kind = MACRO_READ_MOSTLY;
		for (int k = 0; k < (int)(sizeof(macro_names) / sizeof(macro_names[0])) && kind < 0; k++)
			if (!strcmp(name, macro_names[k]))
				kind = k;
	}
	if (kind >= 0) {
		struct macro_use *u = cl_vec_push(&fe->uses, &fe->nuses, &fe->uses_cap);

		fe_location(clang_getCursorLocation(c), &u->file, NULL, NULL, &u->offset);
		u->kind = (enum macro_kind)kind;
		u->len = (unsigned)strlen(name);
	}
	clang_disposeString(s);
}

static enum CXChildVisitResult walk_decl(CXCursor c, CXCursor parent, CXClientData data);

static void record_definition(struct walk *w, CXCursor c)
{
	struct conv_entry *e;
	CXCursor sem;
	bool tdef;

	if (!clang_isCursorDefinition(c))
		return;
	e = entry(w->fe, c);
	if (e->seen)
		return;
	e->seen = true;
	clang_visitChildren(c, walk_decl, w);	/* nested definitions finish first */
	if (clang_Cursor_isAnonymousRecordDecl(c))
		return;	/* a member of its record */
	if (record_name(w->fe, c, &tdef)) {
		*(CXCursor *)cl_vec_push(&w->order.v, &w->order.n, &w->order.cap) = c;
		return;
	}
	sem = clang_getCursorSemanticParent(c);
	if (!is_record_kind(clang_getCursorKind(sem)))
		*(CXCursor *)cl_vec_push(&w->pending.v, &w->pending.n, &w->pending.cap) = c;
}

/* Whether the profile's objects: section has evidence on variable @c. */
static bool profile_variable(struct fe *fe, CXCursor c)
{
	const struct cl_profile *p = fe->opt->profile;
	CXString s;
	bool yes;

	if (!cl_profile_has_variables(p))
		return false;
	s = clang_getCursorSpelling(c);
	yes = cl_profile_names_variable(p, clang_getCString(s));
	clang_disposeString(s);
	return yes;
}

static enum CXChildVisitResult walk_decl(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (is_record_kind(k)) {
		record_definition(data, c);
		return CXChildVisit_Continue;
	}
	if ((k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization) &&
	    clang_isCursorDefinition(c)) {
		*(CXCursor *)cl_vec_push(&w->fe->templates.v, &w->fe->templates.n,
					 &w->fe->templates.cap) = c;
		return CXChildVisit_Continue;
	}
	/*
	 * A __per_thread array is checked where its declaration ends, after
	 * any record defined in it, as the plugin does; a declaration that
	 * is not the definition (extern) has no storage to fix.
	 */
	if (k == CXCursor_VarDecl) {
		clang_visitChildren(c, walk_decl, w);
		if (!clang_Cursor_hasVarDeclExternalStorage(c) &&
		    (annot_variable_per_thread(w->fe, c) || profile_variable(w->fe, c)))
			*(CXCursor *)cl_vec_push(&w->order.v, &w->order.n, &w->order.cap) = c;
		return CXChildVisit_Continue;
	}
	/* __per_thread where it means nothing: an error, as in the plugin */
	if (k == CXCursor_FunctionDecl || k == CXCursor_ParmDecl || k == CXCursor_TypedefDecl)
		annot_misplaced_per_thread(w->fe, c);
	/* Function bodies hold local structs; expressions never do (in practice). */
	if (k == CXCursor_FunctionDecl || clang_isStatement(k) ||
	    k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	return CXChildVisit_Continue;
}

/*
 * A struct, union or typedef of a system header that the profile names:
 * the unit defines it (an instrumented run counts accesses to struct
 * iovec), though nobody annotates libc's structs and none is analysed.
 */
static void system_name(struct fe *fe, CXCursor c)
{
	const struct cl_profile *p = fe->opt->profile;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;
	const char *name;

	if (!p || !(k == CXCursor_StructDecl || k == CXCursor_UnionDecl ||
		    k == CXCursor_ClassDecl || k == CXCursor_TypedefDecl))
		return;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	if (name && *name && (cl_profile_find(p, name) || cl_objects_struct(p, name) ||
			      cl_contention_find(&p->contention, name, false)))
		*cl_vec_push(&fe->out->system_names, &fe->out->nsystem_names,
			     &fe->out->system_cap) = cl_arena_strdup(&fe->out->arena, name);
	clang_disposeString(s);
}

static enum CXChildVisitResult walk_top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_MacroExpansion) {
		macro_expansion(w->fe, c);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_MacroDefinition || k == CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	/* Nobody annotates libc's structs; the plugin skips them too. */
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c))) {
		system_name(w->fe, c);
		return CXChildVisit_Continue;
	}
	return walk_decl(c, parent, data);
}

static int use_cmp(const void *x, const void *y)
{
	const struct macro_use *a = x, *b = y;

	if (a->file != b->file)
		return (uintptr_t)a->file < (uintptr_t)b->file ? -1 : 1;
	return (a->offset > b->offset) - (a->offset < b->offset);
}

struct bases {
	struct fe *fe;
	unsigned depth;
	bool any, worth;
};

/* Each base, and the bases' bases: is one of them annotated? */
static enum CXChildVisitResult base_record(CXCursor c, CXCursor parent, CXClientData data)
{
	struct bases *b = data, inner;
	CXCursor decl;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CXXBaseSpecifier)
		return CXChildVisit_Continue;
	b->any = true;
	decl = clang_getCursorDefinition(clang_getTypeDeclaration(
		clang_getCanonicalType(clang_getCursorType(c))));
	if (clang_Cursor_isNull(decl) || !is_record_kind(clang_getCursorKind(decl)))
		return CXChildVisit_Continue;	/* a dependent base */
	if (worth(b->fe, decl)) {
		b->worth = true;
		return CXChildVisit_Break;
	}
	if (b->depth < CL_NESTING_MAX) {
		inner = (struct bases){ b->fe, b->depth + 1, false, false };
		clang_visitChildren(decl, base_record, &inner);
		if (inner.worth) {
			b->worth = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Continue;
}

/* A C++ class with base classes, itself or a base annotated: say so. */
static void check_bases(struct fe *fe, CXCursor decl)
{
	struct bases b = { fe, 0, false, false };
	const char *name;
	bool tdef;

	clang_visitChildren(decl, base_record, &b);
	if (!b.any || !(b.worth || worth(fe, decl)))
		return;
	name = record_name(fe, decl, &tdef);
	fe_note(fe, decl, "the base classes of", name ? name : "(anonymous)");
}

static enum CXChildVisitResult marked_field(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fe *fe = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FieldDecl && annot_field_marked(fe, c))
		return CXChildVisit_Break;
	return CXChildVisit_Continue;
}

/* An annotated class template: its instantiations are not seen. */
static void check_template(struct fe *fe, CXCursor c)
{
	CXString s;

	if (!clang_visitChildren(c, marked_field, fe))
		return;
	s = clang_getCursorSpelling(c);
	fe_note(fe, c, "the instantiations of class template", clang_getCString(s));
	clang_disposeString(s);
}

static void add_record(struct fe *fe, CXCursor decl)
{
	struct cl_record *rec;
	struct lint_record *lr;

	if (clang_getCursorLanguage(decl) == CXLanguage_CPlusPlus)
		check_bases(fe, decl);
	bool described = fe->opt->all || worth(fe, decl);

	fe->out->seen++;
	if (!described) {
		annot_record_suppress(fe, decl, NULL);	/* a misspelt rule is an error anyway */
		if (!fe->opt->infer)
			return;
	}
	rec = convert(fe, decl, 0);
	if (!rec)
		return;
	if (!described && !rec->name)
		return;
	lr = cl_vec_push(&fe->out->records, &fe->out->nrecords, &fe->out->cap);
	lr->rec = rec;
	lr->key = fe_record_key(fe, decl);
	lr->inferred = !described;
}

/*
 * A __per_thread array, or a variable the profile names: its model, for
 * the objects check.  A scalar (`static long g_ops;`) is one element of
 * its own size, as the plugin has it; a record-typed variable's evidence
 * is its struct's members.
 */
static void add_variable(struct fe *fe, CXCursor decl)
{
	CXType type = clang_getCursorType(decl), elem = clang_getArrayElementType(type);
	long long size = clang_Type_getSizeOf(elem), n = clang_getArraySize(type);
	long long ta = clang_Type_getAlignOf(type), ea = clang_Type_getAlignOf(elem);
	struct attrs a = attrs_of(decl);
	CXCursor rec = clang_getTypeDeclaration(clang_getCanonicalType(elem));
	struct cl_variable *v;
	struct lint_record *lr;
	CXString name;
	unsigned user;

	if (elem.kind == CXType_Invalid && type.kind != CXType_IncompleteArray &&
	    !is_record_kind(clang_getCursorKind(clang_getTypeDeclaration(
		    clang_getCanonicalType(type))))) {
		elem = type;
		size = clang_Type_getSizeOf(type);
		n = 1;
		ea = ta;
		rec = clang_getNullCursor();
	}
	if ((type.kind != CXType_ConstantArray && n != 1) || size <= 0 || n < 0 || ta <= 0 ||
	    ea <= 0)
		return;
	v = cl_arena_alloc(&fe->out->arena, sizeof(*v));
	name = clang_getCursorSpelling(decl);
	v->name = cl_arena_strdup(&fe->out->arena, clang_getCString(name));
	clang_disposeString(name);
	fe_span_from(fe, &v->span, clang_getCursorLocation(decl));
	v->elem_size = (uint64_t)size;
	v->nelems = (uint64_t)n;
	/* aligned(N) on a variable raises its alignment, as in GCC */
	v->align = (uint32_t)ta;
	user = clang_Cursor_isNull(a.aligned) ? 0 : align_attr_value(fe, a.aligned);
	if (user > v->align)
		v->align = user;
	v->elem_align = (uint32_t)ea;
	if (is_record_kind(clang_getCursorKind(rec)))
		v->elem = convert(fe, rec, 0);
	v->per_thread = annot_variable_per_thread(fe, decl);
	lr = cl_vec_push(&fe->out->records, &fe->out->nrecords, &fe->out->cap);
	lr->var = v;
}

static void convert_unit(struct fe *fe)
{
	struct walk w = { fe, { 0 }, { 0 } };

	clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), walk_top, &w);
	if (fe->nuses)
		qsort(fe->uses, fe->nuses, sizeof(*fe->uses), use_cmp);
	for (size_t i = 0; i < fe->templates.n; i++)
		check_template(fe, fe->templates.v[i]);
	for (size_t i = 0; i < w.order.n; i++) {
		if (clang_getCursorKind(w.order.v[i]) == CXCursor_VarDecl)
			add_variable(fe, w.order.v[i]);
		else
			add_record(fe, w.order.v[i]);
	}
	/* `struct {…} x;`: analysed at the end, unless part of another record */
	for (size_t i = 0; i < w.pending.n; i++)
		if (!entry(fe, w.pending.v[i])->converted)
			add_record(fe, w.pending.v[i]);
	free(w.order.v);
	free(w.pending.v);
}

/* "unknown argument: '-fconserve-stack'" -> the flag, to drop and retry */
static bool rejected_flag(const char *msg, const char **flag, size_t *len)
{
	static const char *const forms[] = {
		"unknown argument: '", "unknown argument '", "unsupported option '",
	};

	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		size_t n = strlen(forms[i]);
		const char *end;

		if (strncmp(msg, forms[i], n))
			continue;
		end = strchr(msg + n, '\'');
		if (!end)
			return false;
		*flag = msg + n;
		*len = (size_t)(end - *flag);
		return *len > 0;
	}
	return false;
}

static void append(char **buf, size_t *len, const char *s)
{
	size_t n = strlen(s);

	*buf = cl_xrealloc(*buf, *len + n + 2);
	memcpy(*buf + *len, s, n);
	(*buf)[*len + n] = '\n';
	(*buf)[*len + n + 1] = '\0';
	*len += n + 1;
}

/* "cachelint: FILE: " before the error that follows on the same line */
static void append_unit(char **buf, size_t *len, const char *unit)
{
	*buf = cl_xrealloc(*buf, *len + strlen(unit) + 16);
	*len += (size_t)sprintf(*buf + *len, "cachelint: %s: ", unit);
}

/*
 * Errors of the unit, formatted as clang prints them.  Returns 0 when there
 * are none, 1 when the only ones were rejected flags (now dropped: parse
 * again), -1 otherwise (@errors filled).
 */
static int check_diagnostics(CXTranslationUnit tu, const char *unit, char **errors, size_t *len)
{
	unsigned n = clang_getNumDiagnostics(tu);
	int rc = 0;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXString msg = clang_getDiagnosticSpelling(d);
		const char *flag;
		size_t flen;
		CXFile file;

		clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL, NULL);
		if (sev >= CXDiagnostic_Error) {
			if (!file && rejected_flag(clang_getCString(msg), &flag, &flen)) {
				lint_flag_rejected(flag, flen);
				rc = rc ? rc : 1;
			} else {
				CXString text = clang_formatDiagnostic(d,
					CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn |
					CXDiagnostic_DisplayOption);

				/* a command-line error has no location: name the unit */
				if (!file)
					append_unit(errors, len, unit);
				append(errors, len, clang_getCString(text));
				clang_disposeString(text);
				rc = -1;
			}
		}
		clang_disposeString(msg);
		clang_disposeDiagnostic(d);
	}
	return rc;
}

static const char **build_args(const struct lint_job *job, size_t *n)
{
	const char **v = cl_xmalloc((job->nargs + 2) * sizeof(*v));
	size_t k = 0;

	for (size_t i = 0; i < job->nargs; i++)
		if (!lint_flag_dropped(job->args[i]))
			v[k++] = job->args[i];
	/*
	 * Warnings are the compiler's business, not the lint's: -w keeps a
	 * -Werror build from failing on clang's warnings or on GCC-only
	 * -W options clang does not know.
	 */
	v[k++] = "-w";
	*n = k;
	return v;
}

static char *error_text(const char *fmt, const char *a, const char *b)
{
	char *s;

	if (asprintf(&s, fmt, a, b) < 0)
		return cl_xstrdup("cachelint: out of memory");
	return s;
}

/* The file exists (relative to the job's directory) and is readable. */
static bool readable(const struct lint_job *job, char **errors)
{
	char *path = NULL;
	struct stat st;
	bool ok;

	if (job->directory && job->file[0] != '/' &&
	    asprintf(&path, "%s/%s", job->directory, job->file) < 0)
		path = NULL;
	ok = stat(path ? path : job->file, &st) == 0 && S_ISREG(st.st_mode);
	if (!ok)
		*errors = error_text("cachelint: %s: %s\n", path ? path : job->file,
				     stat(path ? path : job->file, &st) ? strerror(errno) :
				     "not a regular file");
	free(path);
	return ok;
}

/* Declarations that hold functions: looked into. */
static bool holds_functions(enum CXCursorKind k)
{
	return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl ||
	       k == CXCursor_ClassDecl || k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate;
}

static bool is_function(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
	       k == CXCursor_Destructor || k == CXCursor_ConversionFunction ||
	       k == CXCursor_FunctionTemplate;
}

/* @offset of @file is in a block that the preprocessor left out (#if 0). */
static bool preprocessed_out(CXTranslationUnit tu, CXFile file, unsigned offset)
{
	CXSourceRangeList *skipped = clang_getSkippedRanges(tu, file);
	bool out = false;

	for (unsigned i = 0; skipped && i < skipped->count && !out; i++) {
		unsigned begin, end;

		clang_getSpellingLocation(clang_getRangeStart(skipped->ranges[i]), NULL, NULL, NULL,
					  &begin);
		clang_getSpellingLocation(clang_getRangeEnd(skipped->ranges[i]), NULL, NULL, NULL,
					  &end);
		out = begin <= offset && offset < end;
	}
	clang_disposeSourceRangeList(skipped);
	return out;
}

static bool tok_eq(const struct token *t, const char *s)
{
	return t->len == strlen(s) && !memcmp(t->text, s, t->len);
}

static bool tok_prefix(const struct token *t, const char *s)
{
	return t->len >= strlen(s) && !memcmp(t->text, s, strlen(s));
}

/*
 * The record defined at @at of @text would be converted: every record is
 * (dump-layout), or its tag is a profile's struct, or an annotation is
 * spelt in its body.  Others (the kernel's `volatile struct { char x[64]; }
 * *p` in clwb()) cannot have a finding.
 */
static bool local_record_matters(const char *text, size_t size, size_t at,
				 const struct lint_fe_options *opt)
{
	struct token t;
	size_t pos = at, end;
	char tag[256];

	if (opt->all)
		return true;
	if (!scan_token(text, size, &pos, &t) || !scan_token(text, size, &pos, &t))
		return false;
	if (t.kind == 'i' && t.len < sizeof(tag) && cl_profile_has_entries(opt->profile)) {
		memcpy(tag, t.text, t.len);
		tag[t.len] = '\0';
		if (cl_profile_names(opt->profile, tag))
			return true;
	}
	end = scan_to(text, size, scan_to(text, size, at, "{") + 1, "}");
	while (pos < end && scan_token(text, end, &pos, &t))
		if (t.kind == 'i' && (tok_prefix(&t, "__read_mostly") || tok_prefix(&t, "__write_hot") ||
				      tok_prefix(&t, "__cachelint") || tok_eq(&t, "annotate") ||
				      tok_eq(&t, "btf_decl_tag")))
			return true;
	return false;
}

/**
 * struct body_walk - looking for records that skipped bodies define
 * @fe: the unit (its tu and its file texts)
 * @opt: what is converted
 * @found: one that would be converted
 */
struct body_walk {
	struct fe *fe;
	const struct lint_fe_options *opt;
	bool found;
};

/*
 * Whether [@pos, @end) of @text spells __per_thread (or what it expands
 * to): a local array marked so, which the plugin checks, is in the body.
 */
static bool body_marks_array(const char *text, size_t end, size_t pos)
{
	struct token t;

	while (pos < end && scan_token(text, end, &pos, &t))
		if (t.kind == 'i' && (tok_eq(&t, "__per_thread") ||
				      tok_eq(&t, "__cachelint_per_thread") ||
				      tok_eq(&t, "annotate")))
			return true;
	return false;
}

/*
 * A skipped body is not in the function's extent, which ends with its
 * declarator: the body is the '{' … '}' that follows it in the text, if a
 * '{' comes before a ';'.
 */
static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	const char *text;
	CXFile file;
	unsigned end;
	size_t size, brace, close;

	struct body_walk *b = data;
	CXTranslationUnit tu = b->fe->tu;

	(void)parent;
	if (holds_functions(k))
		return CXChildVisit_Recurse;
	if (!is_function(k))
		return CXChildVisit_Continue;
	fe_location(clang_getRangeEnd(clang_getCursorExtent(c)), &file, NULL, NULL, &end);
	text = scan_contents(b->fe, file, &size);
	if (!text)
		return CXChildVisit_Continue;
	brace = scan_to(text, size, end, "{;");
	if (brace >= size || text[brace] != '{')
		return CXChildVisit_Continue;
	close = scan_to(text, size, brace + 1, "}");
	if (body_marks_array(text, close, brace + 1)) {
		b->found = true;
		return CXChildVisit_Break;
	}
	for (size_t at = brace + 1; (at = scan_defines_record(text, size, at, close)) != (size_t)-1;
	     at++) {
		if (!preprocessed_out(tu, file, (unsigned)at) &&
		    local_record_matters(text, size, at, b->opt)) {
			b->found = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Continue;
}

/*
 * Function bodies are skipped (SkipFunctionBodies): the lint needs the
 * types, and the bodies are half of clang's time on kernel files.  A
 * struct or union defined inside a body would then be lost, so the bodies'
 * text is looked at (a struct made there by a macro is not seen), and a
 * unit that has one that could have a finding is parsed again whole.
 */
static bool bodies_define_records(struct fe *fe, CXTranslationUnit tu,
				  const struct lint_fe_options *opt)
{
	struct body_walk b = { fe, opt, false };

	fe->tu = tu;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), body_visit, &b);
	/* the texts belong to this unit, which is disposed of if it was found */
	cl_map_free(&fe->texts);
	cl_map_init(&fe->texts);
	return b.found;
}

static CXTranslationUnit parse(struct fe *fe, CXIndex idx, const struct lint_job *job,
			       const struct lint_fe_options *opt, char **errors)
{
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord |
			 CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles |
			 CXTranslationUnit_SkipFunctionBodies;
	size_t len = 0;

	/* the access map, the twins and the static tier are made of what the bodies do */
	if (opt->access_map || opt->twins || opt->infer)
		flags &= ~(unsigned)CXTranslationUnit_SkipFunctionBodies;

	for (int tries = 0; tries < PARSE_TRIES; tries++) {
		CXTranslationUnit tu = NULL;
		size_t nargs;
		const char **args = build_args(job, &nargs);
		enum CXErrorCode ec = clang_parseTranslationUnit2(idx, job->file, args, (int)nargs,
								   NULL, 0, flags, &tu);
		int rc;

		free(args);
		if (ec != CXError_Success || !tu) {
			*errors = error_text("cachelint: %s: libclang could not parse it (%s)\n", job->file,
					     ec == CXError_Crashed ? "crashed" :
					     ec == CXError_ASTReadError ? "AST read error" :
					     ec == CXError_InvalidArguments ? "invalid arguments" :
									      "failure");
			return NULL;
		}
		rc = check_diagnostics(tu, job->file, errors, &len);
		if (rc == 0 && (flags & CXTranslationUnit_SkipFunctionBodies) &&
		    bodies_define_records(fe, tu, opt)) {
			flags &= ~(unsigned)CXTranslationUnit_SkipFunctionBodies;
			clang_disposeTranslationUnit(tu);
			tries--;	/* not a flag retry */
			continue;
		}
		if (rc == 0)
			return tu;
		clang_disposeTranslationUnit(tu);
		if (rc < 0)
			return NULL;
	}
	*errors = error_text("cachelint: %s: %s\n", job->file, "libclang keeps rejecting its flags");
	return NULL;
}

int lint_parse(CXIndex idx, const struct lint_job *job, const struct lint_fe_options *opt,
	       struct lint_tu *out)
{
	struct fe fe = { 0 };

	memset(out, 0, sizeof(*out));
	cl_arena_init(&out->arena);
	if (!readable(job, &out->errors))
		return -1;
	fe.out = out;
	cl_map_init(&fe.texts);
	fe.tu = parse(&fe, idx, job, opt, &out->errors);
	if (!fe.tu) {
		cl_map_free(&fe.texts);
		free(fe.last_presumed);
		return -1;
	}
	fe.opt = opt;
	fe.directory = job->directory;
	convert_unit(&fe);
	if (fe.errbuf) {
		out->errors = fe.errbuf;
		out->nrecords = 0;
	} else {
		if (opt->twins)
			twins_find(&fe);
		if (opt->access_map || opt->infer) {
			out->access = cl_xmalloc(sizeof(*out->access));
			cl_access_map_init(out->access, job->directory);
			lint_access_walk(fe.tu, job, out->access);
		}
	}
	out->notes = fe.notebuf;
	free(fe.templates.v);
	align_free(&fe);
	free(fe.uses);
	free(fe.cache);
	cl_index_free(&fe.cache_index);
	free(fe.last_presumed);
	cl_map_free(&fe.texts);
	clang_disposeTranslationUnit(fe.tu);
	return out->errors ? -1 : 0;
}

void lint_tu_free(struct lint_tu *tu)
{
	if (tu->access) {
		cl_access_map_free(tu->access);
		free(tu->access);
	}
	free(tu->records);
	free(tu->system_names);
	free(tu->twins);
	free(tu->errors);
	free(tu->notes);
	cl_arena_free(&tu->arena);
	memset(tu, 0, sizeof(*tu));
}
