// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_access_cold.c - unlikely branches (CL_FACT_COLD), as the plugin's
 * unlikely_blocks() finds them in GCC's blocks: a condition on what
 * __builtin_expect() returns (the kernel's unlikely(), likely()) and the
 * way it does not expect, through `!`, `&&` and `||`: the branch of an
 * `if`, the arm of a `?:`, the right side of `&&` and `||`, the body of a
 * `while` or a `for`
 */
#define _GNU_SOURCE
#include "clang_access_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The spelling of the first token at or after @from in @e's extent, in
 * @buf ("" when there is none).  Inside a macro's body the tokens are the
 * macro call's, so an operator that body spells is never the answer:
 * libclang 14 names no operator.
 */
static const char *token_after(struct aw *w, CXCursor e, CXSourceLocation from, char *buf,
			       size_t n)
{
	CXSourceRange r = clang_getCursorExtent(e);
	CXToken *t = NULL;
	unsigned nt = 0, at;

	buf[0] = '\0';
	clang_getExpansionLocation(from, NULL, NULL, NULL, &at);
	clang_tokenize(w->tu, r, &t, &nt);
	for (unsigned i = 0; i < nt; i++) {
		unsigned off;

		clang_getExpansionLocation(clang_getTokenLocation(w->tu, t[i]), NULL, NULL, NULL,
					   &off);
		if (off >= at) {
			CXString sp = clang_getTokenSpelling(w->tu, t[i]);

			snprintf(buf, n, "%s", clang_getCString(sp));
			clang_disposeString(sp);
			break;
		}
	}
	clang_disposeTokens(w->tu, t, nt);
	return buf;
}

const char *acc_binary_op(struct aw *w, CXCursor e, CXCursor left, char *buf, size_t n)
{
	return token_after(w, e, clang_getRangeEnd(clang_getCursorExtent(left)), buf, n);
}

/* A call to __builtin_expect() with a constant expected value: that value in @v. */
static bool expect_call(CXCursor e, long long *v)
{
	CXCursor arg;

	if (acc_kind(e) != CXCursor_CallExpr || clang_Cursor_getNumArguments(e) != 2 ||
	    !acc_spelled(clang_getCursorReferenced(e), "__builtin_expect", NULL))
		return false;
	arg = clang_Cursor_getArgument(e, 1);
	return acc_constant(arg, v);
}

void acc_cond_cold(struct aw *w, CXCursor c, bool *then_cold, bool *else_cold)
{
	struct kids ks;
	long long v;
	char op[8];

	*then_cold = *else_cold = false;
	c = acc_peel(c, ACC_PEEL_STMT_EXPR);
	if (expect_call(c, &v)) {
		*then_cold = v == 0;
		*else_cold = v != 0;
		return;
	}
	/* the operators are read only where an expectation is below them: tokens cost */
	switch (acc_kind(c)) {
	case CXCursor_UnaryOperator: {
		CXCursor k = acc_only_child(c);
		bool t, e;

		if (clang_Cursor_isNull(k))
			return;
		acc_cond_cold(w, k, &t, &e);
		if ((t || e) &&
		    !strcmp(token_after(w, c, clang_getRangeStart(clang_getCursorExtent(c)), op,
					sizeof(op)), "!")) {
			*then_cold = e;
			*else_cold = t;
		}
		return;
	}
	case CXCursor_BinaryOperator: {
		bool t0, e0, t1, e1;

		ks = acc_children(c);
		if (ks.n == 2) {
			acc_cond_cold(w, ks.v[0], &t0, &e0);
			acc_cond_cold(w, ks.v[1], &t1, &e1);
			if (t0 || e0 || t1 || e1) {
				/* `a && b` goes on only where a holds; `a || b` where it fails */
				acc_binary_op(w, c, ks.v[0], op, sizeof(op));
				*then_cold = !strcmp(op, "&&") && (t0 || t1);
				*else_cold = !strcmp(op, "||") && (e0 || e1);
			}
		}
		free(ks.v);
		return;
	}
	default:
		return;
	}
}

static enum CXChildVisitResult expect_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	long long v;

	(void)parent;
	if (expect_call(c, &v)) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Whether the function walked calls __builtin_expect() at all (summary.expects). */
static bool function_expects(struct aw *w)
{
	struct summary *s = w->walked;
	bool any = false;

	if (!s)
		return true;
	if (!s->expects) {
		clang_visitChildren(s->fn, expect_visit, &any);
		s->expects = any ? 2 : 1;
	}
	return s->expects == 2;
}

bool acc_children_cold(struct aw *w, CXCursor c, const struct kids *ks, bool cold[ACC_KIDS_COLD])
{
	size_t cond = SIZE_MAX;
	bool t = false, f = false, any = false;
	char op[8];

	memset(cold, 0, ACC_KIDS_COLD * sizeof(*cold));
	if (!function_expects(w))
		return false;
	switch (acc_kind(c)) {
	case CXCursor_IfStmt:			/* C's: the condition, then, else */
	case CXCursor_ConditionalOperator:	/* the condition, then, else */
		if (ks->n >= 2 && ks->n <= 3) {
			acc_cond_cold(w, ks->v[0], &cold[1], &cold[2]);
			any = cold[1] || cold[2];
		}
		return any;
	case CXCursor_BinaryOperator:
		/* the right side of `unlikely(a) && b` runs where a is not expected */
		if (ks->n == 2) {
			acc_cond_cold(w, ks->v[0], &t, &f);
			if (t || f) {
				acc_binary_op(w, c, ks->v[0], op, sizeof(op));
				cold[1] = (!strcmp(op, "&&") && t) || (!strcmp(op, "||") && f);
			}
		}
		return cold[1];
	case CXCursor_WhileStmt:
		cond = ks->n == 2 ? 0 : SIZE_MAX;
		break;
	case CXCursor_ForStmt:
		/* init, condition, step and body all there */
		cond = ks->n == 4 ? 1 : SIZE_MAX;
		break;
	default:
		return false;
	}
	/* what follows an unlikely loop condition: the step and the body */
	if (cond != SIZE_MAX)
		acc_cond_cold(w, ks->v[cond], &t, &f);
	for (size_t i = cond + 1; t && i < ks->n && i < ACC_KIDS_COLD; i++)
		any = cold[i] = true;
	return any;
}

void acc_visit_cold(struct aw *w, CXCursor c, enum ctx ctx, bool cold, bool sometimes)
{
	bool once = w->once;

	if (sometimes)
		w->once = false;
	w->cold += cold;
	acc_visit(w, c, ctx);
	w->cold -= cold;
	w->once = once;
}
