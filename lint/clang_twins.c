// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_twins.c - records that the program reads through each other
 *
 * A cast between pointers to two different records (memcached's
 * `(item *)&crawlers[i]`, a `crawler` that mirrors the header of
 * `struct _stritem`) reads one record through the layout of the other; so
 * does a union holding two records with a common initial sequence.  Such
 * records are twins (struct cl_twin): a patch that reorders one and not
 * the other breaks the program, so the pipeline offers none for either.
 *
 * Not twins: a cast from or to anything that is not a pointer to a record
 * (void *, char *: container_of() is `(type *)((char *)ptr - offsetof(…))`,
 * a cast from char *; but `(B *)(void *)a` converts `a`, as GCC's folding
 * makes of it for the plugin), a cast to or from the type of a record's first
 * member (or a first member's first member, or any member of a union: all
 * sit at offset 0), a cast to or from a C++ base class, and records whose
 * definition the unit does not see.
 */
#include "clang_internal.h"
#include "clang_access_internal.h"

#include <stdlib.h>
#include <string.h>

#define RELATED_DEPTH_MAX 8

/* The definition of the record @t points to, or a null cursor. */
static CXCursor pointee_record(CXType t)
{
	t = acc_canon(t);
	if (t.kind != CXType_Pointer)
		return clang_getNullCursor();
	return acc_record_of(clang_getPointeeType(t));
}

/* The definition of the record @t is (arrays of it too), or a null cursor. */
static CXCursor record_of(CXType t)
{
	t = acc_canon(t);
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = acc_canon(clang_getArrayElementType(t));
	return acc_record_of(t);
}

struct related {
	CXCursor inner;
	unsigned depth;
	bool found;
};

static bool related(CXCursor outer, CXCursor inner, unsigned depth);

static enum CXChildVisitResult base_of(CXCursor c, CXCursor parent, CXClientData data)
{
	struct related *r = data;
	CXCursor base;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CXXBaseSpecifier)
		return CXChildVisit_Continue;
	base = record_of(clang_getCursorType(c));
	if (!clang_Cursor_isNull(base) && related(base, r->inner, r->depth + 1)) {
		r->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/*
 * Whether @inner is @outer, or sits at offset 0 in it: its first member
 * (any member of a union), down through first members, or a C++ base.
 */
static bool related(CXCursor outer, CXCursor inner, unsigned depth)
{
	struct related r = { inner, depth, false };
	struct lint_fields f = { 0 };
	bool is_union = clang_getCursorKind(outer) == CXCursor_UnionDecl;

	if (clang_equalCursors(outer, inner))
		return true;
	if (depth >= RELATED_DEPTH_MAX)
		return false;
	clang_visitChildren(outer, base_of, &r);
	if (r.found)
		return true;
	lint_record_fields(clang_getCursorType(outer), &f);
	for (size_t i = 0; i < f.n && !r.found; i++) {
		CXCursor m = record_of(clang_getCursorType(f.v[i]));

		if (!clang_Cursor_isNull(m) && related(m, inner, depth + 1))
			r.found = true;
		if (!is_union)
			break;
	}
	free(f.v);
	return r.found;
}

/* "struct crawler", or a typedef's name: as cl_record_display() names records. */
static const char *twin_name(struct fe *fe, CXCursor def)
{
	bool typedef_name;
	const char *name = lint_record_name(def, &fe->out->arena, &typedef_name);
	enum CXCursorKind k = clang_getCursorKind(def);

	if (name && typedef_name)
		return name;
	return cl_arena_printf(&fe->out->arena, "%s %s",
			       k == CXCursor_UnionDecl ? "union" :
			       k == CXCursor_ClassDecl ? "class" : "struct",
			       name ? name : "<anonymous>");
}

static void add_twin(struct fe *fe, CXCursor a, CXCursor b, CXCursor at, const char *via)
{
	struct lint_tu *out = fe->out;
	struct cl_twin *t;

	if (clang_equalCursors(a, b) || related(a, b, 0) || related(b, a, 0))
		return;
	t = cl_vec_push(&out->twins, &out->ntwins, &out->twins_cap);
	t->key[0] = fe_record_key(fe, a);
	t->key[1] = fe_record_key(fe, b);
	t->name[0] = twin_name(fe, a);
	t->name[1] = twin_name(fe, b);
	fe_span_from(fe, &t->where, clang_getCursorLocation(at));
	t->via = via;
}

/* The operand of a cast: its last child that is an expression. */
static enum CXChildVisitResult operand(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/*
 * The expression a cast converts, through parentheses, implicit
 * conversions and casts to pointers that are not to records: `(B *)(void *)a`
 * converts `a` (GCC folds the two casts into one), `(T *)((char *)p - off)`
 * converts an arithmetic's result (container_of: no record).
 */
static CXCursor converted(CXCursor c)
{
	CXCursor e = clang_getNullCursor();

	clang_visitChildren(c, operand, &e);
	while (!clang_Cursor_isNull(e) && clang_Cursor_isNull(pointee_record(clang_getCursorType(e)))) {
		enum CXCursorKind k = clang_getCursorKind(e);
		CXCursor inner = clang_getNullCursor();

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
		    k != CXCursor_CStyleCastExpr)
			break;
		clang_visitChildren(e, operand, &inner);
		e = inner;
	}
	return e;
}

static void cast(struct fe *fe, CXCursor c)
{
	CXCursor from, to = pointee_record(clang_getCursorType(c));

	if (clang_Cursor_isNull(to))
		return;
	from = converted(c);
	if (clang_Cursor_isNull(from))
		return;
	from = pointee_record(clang_getCursorType(from));
	if (!clang_Cursor_isNull(from))
		add_twin(fe, from, to, c, NULL);
}

/* The first member's type, canonical, or an invalid type for none. */
static CXType first_member_type(CXCursor rec)
{
	struct lint_fields f = { 0 };
	CXType t = { CXType_Invalid, { NULL, NULL } };

	lint_record_fields(clang_getCursorType(rec), &f);
	if (f.n)
		t = clang_getCanonicalType(clang_getCursorType(f.v[0]));
	free(f.v);
	return t;
}

/* A union's record members, pairwise, where they begin alike. */
static void union_members(struct fe *fe, CXCursor u)
{
	struct lint_fields f = { 0 };
	const char *via = NULL;

	lint_record_fields(clang_getCursorType(u), &f);
	for (size_t i = 0; i < f.n; i++) {
		CXCursor a = acc_record_of(clang_getCursorType(f.v[i]));
		CXType fa;

		if (clang_Cursor_isNull(a))
			continue;
		fa = first_member_type(a);
		for (size_t j = i + 1; j < f.n && fa.kind != CXType_Invalid; j++) {
			CXCursor b = acc_record_of(clang_getCursorType(f.v[j]));

			if (clang_Cursor_isNull(b) || !clang_equalTypes(fa, first_member_type(b)))
				continue;
			if (!via)
				via = twin_name(fe, u);
			add_twin(fe, a, b, u, via);
		}
	}
	free(f.v);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fe *fe = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXReinterpretCastExpr)
		cast(fe, c);
	else if (k == CXCursor_UnionDecl && clang_isCursorDefinition(c))
		union_members(fe, c);
	return CXChildVisit_Recurse;
}

void twins_find(struct fe *fe)
{
	clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), visit, fe);
}
