// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_access_percpu.c - where a pointer the walk does not follow came
 * from, as the plugin's percpu_value() and fresh_value() find it: into a
 * per-CPU area (CL_FACT_PERCPU), what the kernel's this_cpu_ptr() gives
 * (an asm that adds the running CPU's offset, `%%gs:` on x86-64) and what
 * per_cpu_ptr() gives (a sum with an element of __per_cpu_offset); from
 * an allocator this function called (CL_FACT_FRESH); through casts,
 * statement expressions, constant displacements and local variables that
 * one assignment sets
 */
#define _GNU_SOURCE
#include "clang_access_internal.h"

#include <stdlib.h>
#include <string.h>

/* How many steps from a pointer back to where it came from (the plugin's POINTER_HOPS). */
#define PERCPU_HOPS 8

/* A variable of the function itself, neither static nor extern: what the plugin's local_value() is. */
static bool local_var(CXCursor d)
{
	enum CX_StorageClass sc;

	if (acc_kind(d) != CXCursor_VarDecl || clang_getCursorLinkage(d) != CXLinkage_NoLinkage)
		return false;
	sc = clang_Cursor_getStorageClass(d);
	return sc != CX_SC_Static && sc != CX_SC_Extern;
}

/* The entry of the local variable @e names in @s, NULL when it names none. */
static struct ldef *ldef_named(struct summary *s, CXCursor e)
{
	CXCursor var;

	e = acc_peel_parens(e);
	if (acc_kind(e) != CXCursor_DeclRefExpr)
		return NULL;
	var = clang_getCursorReferenced(e);
	for (size_t i = 0; i < s->nldefs; i++)
		if (clang_equalCursors(s->ldefs[i].var, var))
			return &s->ldefs[i];
	return NULL;
}

/* The variable @e names is set by @def (@n: 2 when it cannot be followed). */
static void ldef_set(struct summary *s, CXCursor e, CXCursor def, unsigned n)
{
	struct ldef *d = ldef_named(s, e);

	if (d) {
		d->n += n;
		d->def = def;
	}
}

struct ldef_scan {
	struct aw *w;
	struct summary *s;
};

/*
 * What sets each local variable, as GCC's statements do: its initializer,
 * an `=`, an asm output; `+=`, `++` or its address taken are more than
 * one (the plugin does not follow a variable that lives in memory).
 */
static enum CXChildVisitResult ldef_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ldef_scan *x = data;
	struct kids ks;
	CXCursor k;

	(void)parent;
	switch (acc_kind(c)) {
	case CXCursor_VarDecl:
		if (local_var(c)) {
			struct ldef *d = cl_vec_push(&x->s->ldefs, &x->s->nldefs, &x->s->cap_ldefs);

			d->var = c;
			d->def = acc_var_init(c);
			d->n = !clang_Cursor_isNull(d->def);
		}
		break;
	case CXCursor_BinaryOperator:
		/* an assignment, as binary() tells it */
		ks = acc_children(c);
		if (ks.n == 2 && acc_lvalue_kind(ks.v[0]) && !acc_implicit(ks.v[0]) &&
		    acc_same_type(clang_getCursorType(c), clang_getCursorType(ks.v[0])))
			ldef_set(x->s, ks.v[0], ks.v[1], 1);
		free(ks.v);
		break;
	case CXCursor_CompoundAssignOperator:
		ks = acc_children(c);
		if (ks.n == 2)
			ldef_set(x->s, ks.v[0], clang_getNullCursor(), 2);
		free(ks.v);
		break;
	case CXCursor_UnaryOperator: {
		CXType t = clang_getCursorType(c);

		/* &x, ++x, x--, as unary() tells them */
		k = acc_only_child(c);
		if (clang_Cursor_isNull(k) || acc_lvalue_kind(c))
			break;
		if ((acc_is_pointer(t) &&
		     acc_same_type(clang_getPointeeType(acc_canon(t)), clang_getCursorType(k))) ||
		    (acc_lvalue_kind(k) && !acc_implicit(k)))
			ldef_set(x->s, k, clang_getNullCursor(), 2);
		break;
	}
	case CXCursor_GCCAsmStmt:
		/* which operands it writes is read when a variable it names is asked */
		ks = acc_children(c);
		for (size_t o = 0; o < ks.n; o++) {
			struct ldef *d = ldef_named(x->s, ks.v[o]);
			struct lasm *a;

			if (!d || (x->s->nlasms &&
				   x->s->lasms[x->s->nlasms - 1].ldef == (size_t)(d - x->s->ldefs) &&
				   clang_equalCursors(x->s->lasms[x->s->nlasms - 1].stmt, c)))
				continue;	/* named twice by one asm: asked once */
			a = cl_vec_push(&x->s->lasms, &x->s->nlasms, &x->s->cap_lasms);
			a->ldef = (size_t)(d - x->s->ldefs);
			a->stmt = c;
			d->asms++;
		}
		free(ks.v);
		break;
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

/* Whether asm @stmt writes the variable of @d: one of its outputs names it. */
static bool asm_writes(struct aw *w, CXCursor stmt, const struct ldef *d)
{
	size_t nout = acc_asm_outputs(w, stmt);
	struct kids ks = acc_children(stmt);
	bool hit = false;

	for (size_t o = 0; o < nout && o < ks.n && !hit; o++) {
		CXCursor e = acc_peel_parens(ks.v[o]);

		hit = acc_kind(e) == CXCursor_DeclRefExpr &&
		      clang_equalCursors(clang_getCursorReferenced(e), d->var);
	}
	free(ks.v);
	return hit;
}

static struct ldef *local_def(struct aw *w, CXCursor e)
{
	struct summary *s = w->walked;
	struct ldef *d;

	if (!s)
		return NULL;
	if (!s->ldefs_read) {
		struct ldef_scan x = { w, s };

		s->ldefs_read = true;
		clang_visitChildren(s->fn, ldef_visit, &x);
	}
	d = ldef_named(s, e);
	/* the asm statements that name it, each asked once whether it writes it */
	for (size_t i = 0; d && d->asms && i < s->nlasms; i++) {
		if (s->lasms[i].ldef != (size_t)(d - s->ldefs))
			continue;
		if (asm_writes(w, s->lasms[i].stmt, d)) {
			d->n++;
			d->def = s->lasms[i].stmt;
		}
	}
	if (d)
		d->asms = 0;
	return d;
}

/*
 * Binary operator @e may be an address and an offset summed: a value of a
 * pointer's size, not a comparison.  libclang 14 names no operator, and
 * inside a macro (RELOC_HIDE()) the tokens are the macro call's, so a `-`
 * or a `*` there is taken for a `+`; the plugin sees the PLUS_EXPR itself.
 */
static bool may_be_sum(CXCursor e)
{
	CXType t = acc_canon(clang_getCursorType(e));

	return (acc_is_pointer(t) || (t.kind >= CXType_Char_U && t.kind <= CXType_LongLong)) &&
	       clang_Type_getSizeOf(t) == sizeof(void *);
}

/* @e is a CPU's offset of its per-CPU area: an element of __per_cpu_offset, or a copy of one. */
static bool percpu_offset(struct aw *w, CXCursor e, unsigned depth)
{
	struct ldef *d;

	e = acc_peel(e, ACC_PEEL_CASTS);
	if (acc_kind(e) == CXCursor_ArraySubscriptExpr) {
		struct kids ks = acc_children(e);
		CXCursor base = ks.n == 2 ? acc_peel(ks.v[0], ACC_PEEL_CASTS) : clang_getNullCursor();
		bool hit = acc_kind(base) == CXCursor_DeclRefExpr &&
			   acc_spelled(clang_getCursorReferenced(base), "__per_cpu_offset", NULL);

		free(ks.v);
		return hit;
	}
	if (depth >= PERCPU_HOPS || !(d = local_def(w, e)) || d->n != 1 ||
	    acc_kind(d->def) == CXCursor_GCCAsmStmt)
		return false;
	return percpu_offset(w, d->def, depth + 1);
}

static bool percpu_expr(struct aw *w, CXCursor e, unsigned depth)
{
	struct ldef *d;
	struct kids ks;
	long long v;
	bool hit = false;

	if (depth >= PERCPU_HOPS)
		return false;
	e = acc_peel(e, ACC_PEEL_CASTS);
	switch (acc_kind(e)) {
	case CXCursor_StmtExpr: {
		/* ({ ...; value; }) */
		CXCursor body = acc_only_child(e);

		if (clang_Cursor_isNull(body))
			return false;
		ks = acc_children(body);
		hit = ks.n && percpu_expr(w, ks.v[ks.n - 1], depth + 1);
		free(ks.v);
		return hit;
	}
	case CXCursor_DeclRefExpr:
		if (!(d = local_def(w, e)) || d->n != 1)
			return false;
		if (acc_kind(d->def) == CXCursor_GCCAsmStmt)
			return (acc_asm_facts(w, d->def) & CL_FACT_PERCPU) != 0;
		return percpu_expr(w, d->def, depth + 1);
	case CXCursor_BinaryOperator:
		ks = acc_children(e);
		/* p + k, p - k: the plugin's POINTER_PLUS_EXPR by a constant */
		if (ks.n == 2 && acc_is_pointer(clang_getCursorType(ks.v[0])) &&
		    acc_constant(ks.v[1], &v))
			hit = percpu_expr(w, ks.v[0], depth + 1);
		else if (ks.n == 2 && may_be_sum(e))
			hit = percpu_offset(w, ks.v[0], depth + 1) ||
			      percpu_offset(w, ks.v[1], depth + 1);
		free(ks.v);
		return hit;
	default:
		return false;
	}
}

bool acc_percpu(struct aw *w, CXCursor e)
{
	return percpu_expr(w, e, 0);
}

/* What a call to an allocator returned (cl_access_allocator()), through copies and casts. */
static bool fresh_expr(struct aw *w, CXCursor e, unsigned depth)
{
	struct ldef *d;

	if (depth >= PERCPU_HOPS)
		return false;
	e = acc_peel(e, ACC_PEEL_CASTS);
	switch (acc_kind(e)) {
	case CXCursor_CallExpr: {
		CXString name = clang_getCursorSpelling(clang_getCursorReferenced(e));
		bool fresh = cl_access_allocator(clang_getCString(name));

		clang_disposeString(name);
		return fresh;
	}
	case CXCursor_DeclRefExpr:
		if (!(d = local_def(w, e)) || d->n != 1 || acc_kind(d->def) == CXCursor_GCCAsmStmt)
			return false;
		return fresh_expr(w, d->def, depth + 1);
	default:
		return false;
	}
}

bool acc_fresh(struct aw *w, CXCursor e)
{
	return fresh_expr(w, e, 0);
}
