// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_access_walk.c - the lint's access walk: the statements and
 * expressions of the function bodies GCC would emit, as reads, writes and
 * read-modify-writes of their objects, each followed back to its object
 * as a chain of steps (acc_lvalue(), acc_pointer(), at the end: they
 * visit what the steps compute, so they belong with the walk) that
 * clang_access.c tells the members of; calls (atomic builtins, pthread
 * locks, functions of the unit whose summaries say what they do through
 * their pointer parameters: reach).  Asm operands are read in
 * clang_access_asm.c, the threads that run each function found in
 * clang_access_threads.c.
 */
#define _GNU_SOURCE
#include "clang_access_internal.h"
#include "infer/infer.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Calls, atomics, locks, asm                                           */
/* ------------------------------------------------------------------ */

/* By the builtin's name, or the name of the macro around it (STORE(), atomic_load()). */
static unsigned atomic_kinds(const char *name)
{
	if (strcasestr(name, "load"))
		return ACC_R;
	if (strcasestr(name, "store") || strcasestr(name, "init"))
		return ACC_W;
	return ACC_R | ACC_W;
}

static void reach(struct aw *w, CXCursor arg, struct summary *s, int param);

/*
 * The first token of @c as the file has it: a macro's name where a macro
 * wrote @c (the one written in the file, where it was an argument of
 * another macro).
 */
char *acc_first_token(struct aw *w, CXCursor c)
{
	CXToken *toks = NULL;
	unsigned n = 0, off;
	CXFile file;
	CXSourceLocation at;
	char *out = NULL;

	clang_getFileLocation(clang_getCursorLocation(c), &file, NULL, NULL, &off);
	if (!file)
		return cl_xstrdup("");
	at = clang_getLocationForOffset(w->tu, file, off);
	clang_tokenize(w->tu, clang_getRange(at, clang_getLocationForOffset(w->tu, file, off + 1)),
		       &toks, &n);
	if (n) {
		CXString s = clang_getTokenSpelling(w->tu, toks[0]);

		out = cl_xstrdup(clang_getCString(s));
		clang_disposeString(s);
	}
	clang_disposeTokens(w->tu, toks, n);
	return out ? out : cl_xstrdup("");
}

/* clang's AtomicExpr (__atomic_*, __c11_atomic_*): an unexposed expression, the pointer first. */
static bool atomic_expr(struct aw *w, CXCursor e)
{
	struct kids ks = acc_children(e);
	unsigned kinds;
	char *name;

	if (ks.n < 2 || !acc_is_pointer(clang_getCursorType(ks.v[0]))) {
		free(ks.v);
		return false;
	}
	/*
	 * libclang names no builtin: its first token does, or the macro's
	 * that wrote it (STORE(p, v), atomic_load_explicit(p, o)).
	 */
	name = acc_first_token(w, e);
	kinds = atomic_kinds(name);
	acc_access_through(w, e, ks.v[0], kinds, false, CL_FACT_ATOMIC);
	for (size_t i = 1; i < ks.n; i++)
		acc_visit(w, ks.v[i], CTX_READ);
	free(name);
	free(ks.v);
	return true;
}

/*
 * A call that takes or releases a lock: the accesses after it, in the
 * statements' order, are in its region or not (CL_FACT_LOCKED).
 */
static void lock_step(struct aw *w, const char *name)
{
	int step = cl_access_lock_step(name);

	if (step > 0)
		w->locks++;
	else if (step < 0 && w->locks)
		w->locks--;
}

/* Whether @c is spelled @a, or @b where @b is not NULL. */
bool acc_spelled(CXCursor c, const char *a, const char *b)
{
	CXString name = clang_getCursorSpelling(c);
	const char *s = clang_getCString(name);
	bool is = !strcmp(s, a) || (b && !strcmp(s, b));

	clang_disposeString(name);
	return is;
}

/* Whether @c, a declaration, is in namespace std (and no deeper than an inline one). */
bool acc_in_std(CXCursor c)
{
	CXCursor ns = clang_getCursorSemanticParent(c);

	return acc_kind(ns) == CXCursor_Namespace && acc_spelled(ns, "std", NULL);
}

/* Whether @cls is std::atomic or one of the bases libstdc++ gives it. */
static bool std_atomic_class(CXCursor cls)
{
	static const char *const names[] = { "atomic", "__atomic_base", "__atomic_float",
					     "atomic_ref", "__atomic_ref" };
	CXString name = clang_getCursorSpelling(cls);
	const char *n = clang_getCString(name);
	bool found = false;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !found; i++)
		found = !strcmp(n, names[i]);
	clang_disposeString(name);
	return found && acc_in_std(cls);
}

/*
 * What a member function of std::atomic named @name does to the value:
 * load(), wait() and a conversion read it, store() and `=` write it,
 * is_lock_free() and notify_*() touch nothing, the others (fetch_*,
 * exchange, compare_exchange_*, ++, +=, …) read and write it.
 */
static unsigned std_atomic_kinds(const char *name, bool conversion)
{
	if (conversion || !strcmp(name, "load") || !strcmp(name, "wait"))
		return ACC_R;
	if (!strcmp(name, "store") || !strcmp(name, "operator="))
		return ACC_W;
	if (!strcmp(name, "is_lock_free") || !strncmp(name, "notify_", 7))
		return 0;
	return ACC_R | ACC_W;
}

/*
 * An access of std::atomic @obj as a whole, as the plugin's line of it
 * (libclang gives no offsets of the bases that hold its value).
 */
static void std_atomic_access(struct aw *w, CXCursor obj, unsigned kinds)
{
	struct lchain c;
	CXType t;
	bool known;

	/* `c.a.fetch_add()` of a std::atomic<long> converts c.a to its base first */
	while (acc_kind(obj) == CXCursor_UnexposedExpr &&
	       !clang_Cursor_isNull(acc_only_child(obj)))
		obj = acc_only_child(obj);
	acc_chain_init(&c);
	acc_lvalue(w, obj, &c, false);
	c.where = acc_peel_parens(obj);
	if (!c.broken) {
		t = acc_type_at(&c, c.n, &known);
		acc_push_raw(&c, 0, acc_type_bits(t), t, known);
	}
	acc_tell(w, &c, kinds, CL_FACT_ATOMIC);
}

/*
 * A call of a member function of std::atomic (`c.a.fetch_add(1)`, `c.b++`,
 * `long v = c.a`): an atomic access of the object, at the object, as the
 * plugin sees libstdc++'s bodies do it through `this`; false for any
 * other call.
 */
static bool std_atomic_call(struct aw *w, CXCursor e, CXCursor fn)
{
	enum CXCursorKind k = acc_kind(fn);
	CXCursor obj = clang_getNullCursor();
	struct kids ks;
	CXString s;
	unsigned kinds;
	int n, first = 0;

	if ((k != CXCursor_CXXMethod && k != CXCursor_ConversionFunction) ||
	    clang_CXXMethod_isStatic(fn) || !std_atomic_class(clang_getCursorSemanticParent(fn)))
		return false;
	ks = acc_children(e);
	/* a member call's callee is `obj.f`; an operator's object is its first argument */
	if (ks.n && acc_kind(ks.v[0]) == CXCursor_MemberRefExpr) {
		struct kids in = acc_children(ks.v[0]);

		if (in.n)
			obj = in.v[0];
		free(in.v);
	} else if (clang_Cursor_getNumArguments(e) > 0) {
		obj = clang_Cursor_getArgument(e, 0);
		first = 1;
	}
	free(ks.v);
	if (clang_Cursor_isNull(obj))
		return false;
	s = clang_getCursorSpelling(fn);
	kinds = std_atomic_kinds(clang_getCString(s), k == CXCursor_ConversionFunction);
	clang_disposeString(s);
	if (kinds)
		std_atomic_access(w, obj, kinds);
	else
		acc_visit(w, obj, CTX_READ);
	n = clang_Cursor_getNumArguments(e);
	for (int i = first; i < n; i++)
		acc_visit(w, clang_Cursor_getArgument(e, (unsigned)i), CTX_READ);
	return true;
}

void acc_call(struct aw *w, CXCursor e)
{
	CXCursor fn = clang_getCursorReferenced(e);
	CXString s = clang_getCursorSpelling(fn);
	const char *name = clang_getCString(s);
	int n = clang_Cursor_getNumArguments(e);
	struct summary *sum = acc_kind(fn) == CXCursor_FunctionDecl ? acc_summary_of(w, fn) : NULL;
	bool sync = !strncmp(name, "__sync_", 7) || !strncmp(name, "__atomic_", 9);
	struct kids ks = acc_children(e);

	if (std_atomic_call(w, e, fn)) {
		free(ks.v);
		clang_disposeString(s);
		return;
	}
	/* the function called: a pointer loaded from a member is a read of it */
	if (ks.n)
		acc_visit(w, ks.v[0], CTX_READ);
	free(ks.v);

	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(e, (unsigned)i);
		unsigned lk = cl_access_lock_kinds(name, (unsigned)i);

		if (sync && i == 0 && acc_is_pointer(clang_getCursorType(a)))
			acc_access_through(w, e, a, atomic_kinds(name), false, CL_FACT_ATOMIC);
		else if (lk && acc_is_pointer(clang_getCursorType(a)))
			acc_access_through(w, e, a, lk, true, CL_FACT_LOCK);
		else if (sum && sum->params && i < clang_Cursor_getNumArguments(sum->fn) &&
			 acc_is_pointer(clang_getCursorType(a)))
			reach(w, a, sum, i);
		else
			acc_visit(w, a, CTX_READ);
	}
	/* after its arguments, as the plugin's walk_call() steps (an atomic builtin never) */
	if (!sync)
		lock_step(w, name);
	clang_disposeString(s);
}

/* ------------------------------------------------------------------ */
/* Expressions and statements                                           */
/* ------------------------------------------------------------------ */

static void visit_kids(struct aw *w, CXCursor c, enum ctx ctx)
{
	struct kids ks = acc_children(c);

	for (size_t i = 0; i < ks.n; i++)
		acc_visit(w, ks.v[i], ctx);
	free(ks.v);
}

static void unary(struct aw *w, CXCursor e, enum ctx ctx)
{
	CXCursor k = acc_only_child(e);
	CXType t = clang_getCursorType(e);

	if (clang_Cursor_isNull(k))
		return;
	if (acc_lvalue_kind(e)) {			/* *p */
		acc_access(w, e, ctx, 0);
	} else if (acc_is_pointer(t) && acc_same_type(clang_getPointeeType(acc_canon(t)), clang_getCursorType(k))) {
		struct lchain c;		/* &x: no access, but the values on the way */

		acc_chain_init(&c);
		acc_lvalue(w, k, &c, true);
	} else if (acc_lvalue_kind(k) && !acc_implicit(k)) {
		/* ++, -- */
		acc_access(w, k, acc_is_atomic(clang_getCursorType(k)) ? CTX_RMW : CTX_SPLIT, 0);
	} else {
		acc_visit(w, k, CTX_READ);
	}
}

static void binary(struct aw *w, CXCursor e)
{
	struct kids ks = acc_children(e);
	bool cold[ACC_KIDS_COLD];

	if (ks.n == 2 && acc_lvalue_kind(ks.v[0]) && !acc_implicit(ks.v[0]) &&
	    acc_same_type(clang_getCursorType(e), clang_getCursorType(ks.v[0]))) {
		/* the store is the last statement GCC makes of it: after a lock the value takes */
		acc_visit(w, ks.v[1], CTX_READ);
		acc_visit(w, ks.v[0], CTX_WRITE);	/* = */
	} else if (acc_children_cold(w, e, &ks, cold)) {
		acc_visit(w, ks.v[0], CTX_READ);
		acc_visit_cold(w, ks.v[1], CTX_READ, true, false);
	} else {
		for (size_t i = 0; i < ks.n; i++)
			acc_visit(w, ks.v[i], CTX_READ);
	}
	free(ks.v);
}

/* A variable's initializer: its last child, when that ends where the declaration does. */
CXCursor acc_var_init(CXCursor d)
{
	struct kids ks = acc_children(d);
	CXSourceRange dr = clang_getCursorExtent(d);
	CXCursor init = clang_getNullCursor();

	if (ks.n && clang_isExpression(acc_kind(ks.v[ks.n - 1]))) {
		CXSourceRange r = clang_getCursorExtent(ks.v[ks.n - 1]);
		unsigned a, b;

		clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &a);
		clang_getExpansionLocation(clang_getRangeEnd(dr), NULL, NULL, NULL, &b);
		if (a == b)
			init = ks.v[ks.n - 1];
	}
	free(ks.v);
	return init;
}

static void var_decl(struct aw *w, CXCursor d)
{
	CXCursor init = acc_var_init(d);

	if (!clang_Cursor_isNull(init))
		acc_visit(w, init, CTX_READ);
}

static void statement(struct aw *w, CXCursor c)
{
	switch (acc_kind(c)) {
	case CXCursor_IfStmt:
	case CXCursor_SwitchStmt: {
		struct kids ks = acc_children(c);
		bool cold[ACC_KIDS_COLD];

		acc_children_cold(w, c, &ks, cold);
		for (size_t i = 0; i < ks.n; i++)
			i ? acc_visit_cold(w, ks.v[i], CTX_DISCARD, i < ACC_KIDS_COLD && cold[i], true) :
			    acc_visit(w, ks.v[i], CTX_DISCARD);
		free(ks.v);
		return;
	}
	case CXCursor_WhileStmt:
	case CXCursor_ForStmt: {
		struct kids ks = acc_children(c);
		bool once = w->once, cold[ACC_KIDS_COLD];

		acc_children_cold(w, c, &ks, cold);
		w->once = false;
		for (size_t i = 0; i < ks.n; i++)
			acc_visit_cold(w, ks.v[i], CTX_DISCARD, i < ACC_KIDS_COLD && cold[i], false);
		w->once = once;
		free(ks.v);
		return;
	}
	case CXCursor_DoStmt: {
		bool once = w->once;

		w->once = false;
		visit_kids(w, c, CTX_DISCARD);
		w->once = once;
		return;
	}
	case CXCursor_ReturnStmt:
		visit_kids(w, c, CTX_READ);
		w->exited = true;
		return;
	case CXCursor_LabelStmt:
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		w->exited = true;	/* not structured: nothing after is once */
		visit_kids(w, c, CTX_DISCARD);
		return;
	case CXCursor_DeclStmt:
		visit_kids(w, c, CTX_DISCARD);
		return;
	case CXCursor_GCCAsmStmt:
		acc_walk_asm(w, c);
		return;
	default:
		visit_kids(w, c, CTX_DISCARD);
		return;
	}
}

void acc_visit(struct aw *w, CXCursor c, enum ctx ctx)
{
	enum CXCursorKind k = acc_kind(c);

	if (clang_isStatement(k) && k != CXCursor_CompoundStmt) {
		statement(w, c);
		return;
	}
	switch (k) {
	case CXCursor_CompoundStmt:
	case CXCursor_StmtExpr:
		visit_kids(w, c, CTX_DISCARD);
		return;
	case CXCursor_VarDecl:
		var_decl(w, c);
		return;
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		acc_access(w, c, ctx, 0);
		return;
	case CXCursor_ParenExpr:
		visit_kids(w, c, ctx);
		return;
	case CXCursor_UnaryOperator:
		unary(w, c, ctx);
		return;
	case CXCursor_BinaryOperator:
		binary(w, c);
		return;
	case CXCursor_CompoundAssignOperator: {
		struct kids ks = acc_children(c);

		if (ks.n == 2) {
			acc_access(w, ks.v[0],
				   acc_is_atomic(clang_getCursorType(ks.v[0])) ? CTX_RMW : CTX_SPLIT, 0);
			acc_visit(w, ks.v[1], CTX_READ);
		}
		free(ks.v);
		return;
	}
	case CXCursor_ConditionalOperator: {
		struct kids ks = acc_children(c);
		bool cold[ACC_KIDS_COLD];

		acc_children_cold(w, c, &ks, cold);
		for (size_t i = 0; i < ks.n; i++)
			i ? acc_visit_cold(w, ks.v[i], ctx, i < ACC_KIDS_COLD && cold[i], true) :
			    acc_visit(w, ks.v[i], CTX_READ);
		free(ks.v);
		return;
	}
	case CXCursor_CallExpr:
		acc_call(w, c);
		return;
	case CXCursor_UnexposedExpr: {
		CXCursor only;

		if (atomic_expr(w, c))
			return;
		only = acc_only_child(c);
		if (!clang_Cursor_isNull(only) && acc_is_array(clang_getCursorType(only))) {
			struct lchain ch;	/* an array decays: its address, no access */

			acc_chain_init(&ch);
			acc_lvalue(w, only, &ch, true);
			return;
		}
		visit_kids(w, c, CTX_READ);
		return;
	}
	case CXCursor_CStyleCastExpr: {
		struct kids ks = acc_children(c);

		if (ks.n)
			acc_visit(w, ks.v[ks.n - 1],
			      acc_canon(clang_getCursorType(c)).kind == CXType_Void ? CTX_DISCARD : CTX_READ);
		free(ks.v);
		return;
	}
	case CXCursor_UnaryExpr:		/* sizeof, alignof: not evaluated */
	case CXCursor_LambdaExpr:		/* its body is a function of its own */
	case CXCursor_GenericSelectionExpr:	/* which association runs is not shown */
	case CXCursor_DeclRefExpr:
	case CXCursor_TypeRef:
		return;
	default:
		if (clang_isExpression(k) || k == CXCursor_InitListExpr)
			visit_kids(w, c, CTX_READ);
		return;
	}
}

/* ------------------------------------------------------------------ */
/* Reach: summaries of the unit's functions                             */
/* ------------------------------------------------------------------ */

static bool sum_eq(const void *ctx, size_t i, const void *key)
{
	return clang_equalCursors(((const struct aw *)ctx)->sums[i].fn, *(const CXCursor *)key);
}

static uint64_t sum_hash(const void *ctx, size_t i)
{
	return clang_hashCursor(((const struct aw *)ctx)->sums[i].fn);
}

struct summary *acc_summary_of(struct aw *w, CXCursor fn)
{
	CXCursor def = clang_getCursorDefinition(fn);
	size_t *slot;

	if (clang_Cursor_isNull(def))
		return NULL;
	if (!w->index.size)
		return NULL;
	slot = cl_index_slot(&w->index, clang_hashCursor(def), sum_eq, w, &def);
	return *slot ? &w->sums[*slot - 1] : NULL;
}

/*
 * The uses of parameter @param of @s, displaced by @bits, appended to
 * @out; parameters handed on are followed @depth more calls.  @member: a
 * function on the way counts them as members of its parameter's record.
 */
static void expand(struct aw *w, struct summary *s, int param, long long bits, bool once,
		   bool member, unsigned depth, struct use **out, size_t *n, size_t *cap)
{
	for (size_t i = 0; i < s->nuses; i++) {
		struct use *u;

		if (s->uses[i].param != param)
			continue;
		u = cl_vec_push(out, n, cap);
		*u = s->uses[i];
		u->bits += bits;
		u->once = once && s->uses[i].once;
		u->member = member || s->uses[i].member;
	}
	for (size_t i = 0; depth && i < s->npasses; i++) {
		const struct pass *p = &s->passes[i];

		if (p->param == param)
			expand(w, &w->sums[p->callee], p->arg, bits + p->bits, once && p->once,
			       member || p->member, depth - 1, out, n, cap);
	}
}

/*
 * Whether the steps of @c from the parameter to the address handed on are
 * a displacement a pass can carry: members (`&p->in`) or one constant
 * offset (`(char *)p + 8`), as the plugin's summaries take them.
 */
static bool pass_steps(const struct lchain *c)
{
	for (int k = 0; k < c->n; k++) {
		if (c->s[k].kind == STEP_RAW ? c->n > 1 : c->s[k].kind != STEP_FIELD)
			return false;
	}
	return true;
}

/* While summarizing: the parameter handed to @s, another summarized function. */
static bool summary_pass(struct aw *w, CXCursor arg, struct summary *s, int i)
{
	struct lchain c;
	struct pass *p;
	long long off = 0, b;

	acc_chain_init(&c);
	c.is_pointer = true;
	acc_pointer(w, arg, &c);
	if (c.broken || c.parm_index < 0 || !pass_steps(&c))
		return false;
	for (int k = 0; k < c.n; k++) {
		if (!acc_step_bits(&c, k, &b))
			return false;
		off += b;
	}
	p = cl_vec_push(&w->cur->passes, &w->cur->npasses, &w->cur->cap_passes);
	p->param = c.parm_index;
	p->callee = (size_t)(s - w->sums);
	p->arg = i;
	p->bits = off;
	p->once = w->once && !w->exited;
	p->member = acc_has_frame(w, &c);
	return true;
}

/*
 * Argument @arg, an address, goes to parameter @param of @s: each access
 * the function makes through it is an access of what @arg names, at the
 * call; one the function sees as a member of its parameter's record is its
 * own line already, and here counts for the records around that one.
 */
static void reach(struct aw *w, CXCursor arg, struct summary *s, int param)
{
	struct use *uses = NULL;
	size_t n = 0, cap = 0;

	if (!s->local) {
		acc_visit(w, arg, CTX_READ);
		return;
	}
	if (w->cur) {
		if (!summary_pass(w, arg, s, param))
			acc_visit(w, arg, CTX_READ);
		return;
	}
	expand(w, s, param, 0, true, false, REACH_DEPTH, &uses, &n, &cap);
	if (!n) {
		acc_visit(w, arg, CTX_READ);
	}
	for (size_t i = 0; i < n; i++) {
		struct lchain c;
		int base;
		bool known;

		acc_chain_init(&c);
		c.is_pointer = true;
		acc_pointer(w, arg, &c);
		if (c.broken)
			break;
		base = c.n;
		acc_push_raw(&c, uses[i].bits,
			 uses[i].size ? uses[i].size : acc_type_bits(acc_type_at(&c, c.n, &known)),
			 uses[i].type, uses[i].has_type);
		w->kinds = uses[i].kinds;
		w->facts = acc_context_facts(w, uses[i].facts);
		w->use = &uses[i];
		acc_frames(w, &c, 0, uses[i].member ? base - 1 : c.n);
		w->use = NULL;
	}
	free(uses);
}

/* ------------------------------------------------------------------ */
/* The unit's functions                                                 */
/* ------------------------------------------------------------------ */

static bool pointer_params(CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++)
		if (acc_is_pointer(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i))))
			return true;
	return false;
}

static enum CXChildVisitResult gather(CXCursor c, CXCursor parent, CXClientData data)
{
	struct aw *w = data;
	enum CXCursorKind k = acc_kind(c);

	(void)parent;
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
		struct summary *s;
		size_t *slot = cl_index_add(&w->index, w->nsums, clang_hashCursor(c), sum_eq,
					    sum_hash, w, &c);
		CXString name;

		if (*slot)
			return CXChildVisit_Continue;
		s = cl_vec_push(&w->sums, &w->nsums, &w->cap);
		*slot = w->nsums;
		s->fn = c;
		name = clang_getCursorSpelling(c);
		s->name = cl_arena_strdup(&w->arena, clang_getCString(name));
		clang_disposeString(name);
		s->params = pointer_params(c);
		/* a call runs this body unless the linker may put another in its place */
		s->local = clang_getCursorLinkage(c) != CXLinkage_External ||
			   clang_Cursor_isFunctionInlined(c) || !w->pic;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	return CXChildVisit_Continue;
}

/* The functions a body or an initializer names, reached in turn. */
static enum CXChildVisitResult refs(CXCursor c, CXCursor parent, CXClientData data)
{
	struct aw *w = data;

	(void)parent;
	if (acc_kind(c) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(c);
		struct summary *s;

		if (acc_kind(d) == CXCursor_FunctionDecl && (s = acc_summary_of(w, d)) && !s->reached) {
			s->reached = true;
			clang_visitChildren(s->fn, refs, w);
		}
	}
	return CXChildVisit_Recurse;
}

/* Roots: the external definitions and what the unit's variables name. */
static enum CXChildVisitResult roots(CXCursor c, CXCursor parent, CXClientData data)
{
	struct aw *w = data;
	enum CXCursorKind k = acc_kind(c);

	(void)parent;
	if (k == CXCursor_VarDecl) {
		clang_visitChildren(c, refs, w);
	} else if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
		   clang_getCursorLinkage(c) == CXLinkage_External &&
		   !clang_Cursor_isFunctionInlined(c)) {
		struct summary *s = acc_summary_of(w, c);

		if (s && !s->reached) {
			s->reached = true;
			clang_visitChildren(c, refs, w);
		}
	} else if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec) {
		return CXChildVisit_Recurse;
	}
	return CXChildVisit_Continue;
}

/* ------------------------------------------------------------------ */
/* Lambdas: each body a function of its own, named as GCC names it      */
/* ------------------------------------------------------------------ */

/* The spelling of builtin type @k as GCC prints it (`long int`), or NULL. */
static const char *gcc_builtin(enum CXTypeKind k)
{
	switch (k) {
	case CXType_Void: return "void";
	case CXType_Bool: return "bool";
	case CXType_Char_S: case CXType_Char_U: return "char";
	case CXType_SChar: return "signed char";
	case CXType_UChar: return "unsigned char";
	case CXType_Short: return "short int";
	case CXType_UShort: return "short unsigned int";
	case CXType_Int: return "int";
	case CXType_UInt: return "unsigned int";
	case CXType_Long: return "long int";
	case CXType_ULong: return "long unsigned int";
	case CXType_LongLong: return "long long int";
	case CXType_ULongLong: return "long long unsigned int";
	case CXType_Float: return "float";
	case CXType_Double: return "double";
	case CXType_LongDouble: return "long double";
	default: return NULL;
	}
}

/*
 * Type @t as GCC prints it in a function's name: builtins, pointers,
 * references and const as GCC spells them (`const char*`, `long int&`),
 * any other type as clang does.
 */
static const char *gcc_type(struct aw *w, CXType t)
{
	const char *b = gcc_builtin(t.kind), *in, *suffix = NULL;
	bool c = clang_isConstQualifiedType(t);
	CXString sp;
	char *r;

	if (t.kind == CXType_Pointer)
		suffix = "*";
	else if (t.kind == CXType_LValueReference)
		suffix = "&";
	else if (t.kind == CXType_RValueReference)
		suffix = "&&";
	if (suffix) {
		in = gcc_type(w, clang_getPointeeType(t));
		return cl_arena_printf(&w->arena, "%s%s%s", in, suffix, c ? " const" : "");
	}
	if (b)
		return c ? cl_arena_printf(&w->arena, "const %s", b) : b;
	sp = clang_getTypeSpelling(t);
	r = cl_arena_strdup(&w->arena, clang_getCString(sp));
	clang_disposeString(sp);
	return r;
}

/* "(int, long int*)": the parameters of @params (ParmDecl cursors) as GCC lists them. */
static const char *gcc_params(struct aw *w, const CXCursor *params, size_t n)
{
	const char *r = "(";

	for (size_t i = 0; i < n; i++)
		r = cl_arena_printf(&w->arena, "%s%s%s", r, i ? ", " : "",
				    gcc_type(w, clang_getCursorType(params[i])));
	return cl_arena_printf(&w->arena, "%s)", r);
}

/**
 * struct lambda_scope - the function a lambda is written in, while its
 * lambdas are found
 * @w: the walk
 * @sig: its name with its parameters as GCC prints a lambda's scope
 *	(`main()`, `f(int)::<lambda(int)>`)
 * @role: its role name (`main`, `f::lambda@12`)
 */
struct lambda_scope {
	struct aw *w;
	const char *sig, *role;
};

/* The ParmDecl children of @c. */
static size_t parm_kids(CXCursor c, CXCursor **out)
{
	struct kids ks = acc_children(c);
	size_t n = 0;

	for (size_t i = 0; i < ks.n; i++)
		if (acc_kind(ks.v[i]) == CXCursor_ParmDecl)
			ks.v[n++] = ks.v[i];
	*out = ks.v;
	return n;
}

static enum CXChildVisitResult lambdas_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct lambda_scope *in = data, sub = *in;
	struct aw *w = in->w;
	struct summary *s;
	CXCursor *params;
	size_t n;
	unsigned line;

	(void)parent;
	if (acc_kind(c) != CXCursor_LambdaExpr)
		return CXChildVisit_Recurse;
	n = parm_kids(c, &params);
	clang_getSpellingLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	sub.sig = cl_arena_printf(&w->arena, "%s::<lambda%s>", in->sig, gcc_params(w, params, n));
	sub.role = cl_arena_printf(&w->arena, "%s::lambda@%u", in->role, line);
	free(params);
	s = cl_vec_push(&w->sums, &w->nsums, &w->cap);
	memset(s, 0, sizeof(*s));
	s->fn = c;
	s->name = cl_arena_printf(&w->arena, "%s::operator()", sub.sig);
	s->role = sub.role;
	s->reached = s->local = true;
	clang_visitChildren(c, lambdas_visit, &sub);
	return CXChildVisit_Continue;
}

/*
 * The lambdas of the reached functions, each a summary of its own, named
 * as GCC names its call operator (`main()::<lambda(int)>::operator()`)
 * and, as a thread's start routine, ENCLOSING::lambda@LINE, as the
 * plugin's role_name().
 */
static void lambdas(struct aw *w)
{
	size_t n = w->nsums;

	for (size_t i = 0; i < n; i++) {
		struct lambda_scope in = { .w = w };
		CXCursor *params, fn = w->sums[i].fn;
		size_t np;

		if (!w->sums[i].reached)
			continue;
		np = parm_kids(fn, &params);
		in.sig = cl_arena_printf(&w->arena, "%s%s", w->sums[i].name,
					 gcc_params(w, params, np));
		in.role = w->sums[i].name;
		free(params);
		clang_visitChildren(fn, lambdas_visit, &in);
	}
}

static CXCursor body_of(CXCursor fn)
{
	struct kids ks = acc_children(fn);
	CXCursor b = ks.n && acc_kind(ks.v[ks.n - 1]) == CXCursor_CompoundStmt ? ks.v[ks.n - 1] :
		     clang_getNullCursor();

	free(ks.v);
	return b;
}

/* Before a function's statements: no lock held yet, and what the whole function is. */
static void function_begin(struct aw *w, struct summary *s)
{
	w->walked = s;
	w->locks = 0;
	w->fn_facts = (s->cold ? CL_FACT_COLD : 0) | (s->under_lock ? CL_FACT_LOCKED : 0) |
		      (s->setup_only ? CL_FACT_SETUP : 0) | (s->cold_only ? CL_FACT_COLD : 0);
	w->fn_roles = s->roles;
	w->once = true;
	w->exited = false;
}

/* Summarize every function of the unit with pointer parameters, callees first where they can be. */
static void summarize(struct aw *w)
{
	for (size_t i = 0; i < w->nsums; i++) {
		CXCursor body;

		/*
		 * Only a reached function is called from a walked body (what one
		 * calls is reached too): a kernel unit's headers define thousands
		 * of inline functions it never calls, and summarizing them was
		 * most of the walk's time.
		 */
		if (!w->sums[i].reached || !w->sums[i].params || !w->sums[i].local)
			continue;
		body = body_of(w->sums[i].fn);
		if (clang_Cursor_isNull(body))
			continue;
		w->cur = &w->sums[i];
		function_begin(w, w->cur);
		/* a call site's line has the caller's region, as the plugin's summarize() */
		w->fn_facts &= ~CL_FACT_LOCKED;
		acc_visit(w, body, CTX_DISCARD);
	}
	w->cur = NULL;
}

/*
 * Whether declaration @c says its function is cold: __attribute__((cold)),
 * or a section of __init or __exit code, as the plugin's function_facts()
 * reads them.  libclang names neither attribute, and a macro may write it
 * (the kernel's __init), so they are read from the declaration as clang
 * prints it, without its body.  Each declaration prints its own (GCC
 * merges them all).
 */
static bool decl_cold(CXCursor c)
{
	static const char *const marks[] = {
		"__attribute__((cold))", "[[gnu::cold]]", "section(\".init", "section(\".exit",
	};
	CXPrintingPolicy pol;
	CXString printed;
	const char *text;
	bool cold = false;

	if (!clang_Cursor_hasAttrs(c))
		return false;
	pol = clang_getCursorPrintingPolicy(c);
	clang_PrintingPolicy_setProperty(pol, CXPrintingPolicy_TerseOutput, 1);
	printed = clang_getCursorPrettyPrinted(c, pol);
	text = clang_getCString(printed);
	for (size_t i = 0; text && i < sizeof(marks) / sizeof(marks[0]) && !cold; i++)
		cold = strstr(text, marks[i]) != NULL;
	clang_disposeString(printed);
	clang_PrintingPolicy_dispose(pol);
	return cold;
}

/* Every declaration of a function of the unit: its attributes make it cold. */
static enum CXChildVisitResult cold(CXCursor c, CXCursor parent, CXClientData data)
{
	struct aw *w = data;
	enum CXCursorKind k = acc_kind(c);
	struct summary *s;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	/* printing a declaration is dear: only a reached function's is ever asked for */
	if (k == CXCursor_FunctionDecl && (s = acc_summary_of(w, c)) && s->reached && !s->cold)
		s->cold = decl_cold(c);
	return CXChildVisit_Continue;
}

/* What each thread does once, before its loop or after it (CL_FACT_START). */
static void mark_starts(struct aw *w)
{
	struct cl_access_start *s = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < w->nsums; i++)
		if (w->sums[i].started && w->sums[i].role_name) {
			struct cl_access_start *a = cl_vec_push(&s, &n, &cap);

			a->function = w->sums[i].name;
			a->role = w->sums[i].role_name;
			a->lo = w->sums[i].loop_lo;
			a->hi = w->sums[i].loop_hi;
		}
	cl_access_map_mark_starts(w->map, s, n);
	free(s);
}

static bool pic(const struct lint_job *job)
{
	for (size_t i = 0; i < job->nargs; i++)
		if (!strcmp(job->args[i], "-fPIC") || !strcmp(job->args[i], "-fpic"))
			return true;
	return false;
}

void lint_access_walk(CXTranslationUnit tu, const struct lint_job *job, struct cl_access_map *map)
{
	struct aw w = { 0 };
	CXCursor top = clang_getTranslationUnitCursor(tu);

	w.tu = tu;
	w.map = map;
	w.pic = pic(job);
	cl_arena_init(&w.arena);
	cl_index_init(&w.index);
	cl_index_init(&w.macro_index);
	cl_strset_init(&w.recs);
	clang_visitChildren(top, gather, &w);
	clang_visitChildren(top, roots, &w);
	clang_visitChildren(top, cold, &w);
	lambdas(&w);
	acc_roles(&w);
	acc_under_lock(&w, top);
	summarize(&w);
	for (size_t i = 0; i < w.nsums; i++) {
		CXCursor body;

		if (!w.sums[i].reached ||
		    clang_Location_isInSystemHeader(clang_getCursorLocation(w.sums[i].fn)))
			continue;
		body = body_of(w.sums[i].fn);
		if (clang_Cursor_isNull(body))
			continue;
		w.fn_name = w.sums[i].name;
		function_begin(&w, &w.sums[i]);
		acc_visit(&w, body, CTX_DISCARD);
	}
	acc_embeds(&w);
	mark_starts(&w);
	for (size_t i = 0; i < w.nsums; i++) {
		free(w.sums[i].uses);
		free(w.sums[i].passes);
		free(w.sums[i].asms);
		free(w.sums[i].asm_facts);
		free(w.sums[i].ldefs);
		free(w.sums[i].lasms);
	}
	free(w.sums);
	free(w.macros);
	free(w.rec_types);
	cl_strset_free(&w.recs);
	cl_index_free(&w.macro_index);
	cl_index_free(&w.index);
	cl_arena_free(&w.arena);
}

/* ------------------------------------------------------------------ */
/* Lvalues: the chain of an access, and what its steps compute          */
/* ------------------------------------------------------------------ */

/* A parameter of the function being summarized: its position, or -1. */
static int parm_of(struct aw *w, CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);
	int n;

	if (!w->cur || acc_kind(d) != CXCursor_ParmDecl)
		return -1;
	n = clang_Cursor_getNumArguments(w->cur->fn);
	for (int i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(w->cur->fn, (unsigned)i), d))
			return i;
	return -1;
}

/* A call to get_current(), the kernel's `current`, as the plugin's self_call(). */
static bool self_call(CXCursor e)
{
	return acc_kind(e) == CXCursor_CallExpr && !clang_Cursor_getNumArguments(e) &&
	       acc_spelled(clang_getCursorReferenced(e), "get_current", NULL);
}

/* The chain starts at what pointer @e points to, which the walk cannot follow. */
static void pointee_origin(struct lchain *c, CXCursor e)
{
	if (c->n) {
		c->broken = true;
		return;
	}
	c->origin = acc_canon(clang_getPointeeType(acc_ctype(e)));
}

/*
 * What pointer @e points to: the object an address names, or the pointee
 * of a pointer the walk does not follow (a variable, a load, a call: the
 * value's own accesses are read).
 */
void acc_pointer(struct aw *w, CXCursor e, struct lchain *c)
{
	CXCursor k;
	long long v;

	e = acc_peel_parens(e);
	switch (acc_kind(e)) {
	case CXCursor_CStyleCastExpr: {
		struct kids ks = acc_children(e);

		if (ks.n)
			acc_pointer(w, ks.v[ks.n - 1], c);
		else
			c->broken = true;
		free(ks.v);
		return;
	}
	case CXCursor_UnaryOperator:
		k = acc_only_child(e);
		if (!clang_Cursor_isNull(k) && acc_is_pointer(clang_getCursorType(e)) &&
		    acc_same_type(clang_getPointeeType(acc_ctype(e)), clang_getCursorType(k))) {
			acc_lvalue(w, k, c, true);	/* &x */
			return;
		}
		break;
	case CXCursor_UnexposedExpr:
		k = acc_only_child(e);
		if (clang_Cursor_isNull(k))
			break;
		if (acc_is_array(clang_getCursorType(k))) {
			/* an array decays to its first element */
			acc_lvalue(w, k, c, true);
			acc_push(c, STEP_INDEX, k, true);
			if (!c->broken) {
				c->s[c->n - 1].known = true;
				c->s[c->n - 1].bits = 0;
				c->s[c->n - 1].type = clang_getArrayElementType(acc_canon(clang_getCursorType(k)));
			}
			return;
		}
		if (acc_kind(acc_peel_parens(k)) == CXCursor_DeclRefExpr) {
			c->parm_index = c->n ? -1 : parm_of(w, acc_peel_parens(k));
			pointee_origin(c, e);
			c->percpu = !c->n && acc_percpu(w, k);
			c->fresh = !c->n && acc_fresh(w, k);
			return;
		}
		if (acc_is_pointer(clang_getCursorType(k))) {
			acc_pointer(w, k, c);
			return;
		}
		break;
	case CXCursor_BinaryOperator: {
		struct kids ks = acc_children(e);
		bool done = false;

		/* p + k: a constant displacement (a subtraction, as the AST cannot say, is not one) */
		if (ks.n == 2 && acc_is_pointer(clang_getCursorType(ks.v[0])) && acc_constant(ks.v[1], &v)) {
			CXToken *toks = NULL;
			unsigned nt = 0;
			CXSourceRange r = clang_getCursorExtent(e);

			clang_tokenize(w->tu, r, &toks, &nt);
			for (unsigned i = 0; i < nt; i++) {
				CXString sp = clang_getTokenSpelling(w->tu, toks[i]);
				const char *t = clang_getCString(sp);
				bool plus = !strcmp(t, "+");

				clang_disposeString(sp);
				if (plus) {
					unsigned long long eb =
						acc_type_bits(clang_getPointeeType(acc_ctype(ks.v[0])));

					acc_pointer(w, ks.v[0], c);
					acc_push_raw(c, v * (long long)eb, 0, clang_getCursorType(e), false);
					done = true;
					break;
				}
				if (!strcmp(t, "-"))
					break;
			}
			clang_disposeTokens(w->tu, toks, nt);
		}
		if (!done) {
			for (size_t i = 0; i < ks.n; i++)
				acc_visit(w, ks.v[i], CTX_READ);
			pointee_origin(c, e);
			c->percpu = !c->n && acc_percpu(w, e);
			c->fresh = !c->n && acc_fresh(w, e);
		}
		free(ks.v);
		return;
	}
	case CXCursor_CallExpr:
		c->self = !c->n && self_call(e);
		break;
	default:
		break;
	}
	acc_visit(w, e, CTX_READ);
	pointee_origin(c, e);
	c->percpu = !c->n && acc_percpu(w, e);
	c->fresh = !c->n && acc_fresh(w, e);
}

/* The object lvalue @e designates; values computed on the way are read. */
void acc_lvalue(struct aw *w, CXCursor e, struct lchain *c, bool followed)
{
	struct kids ks;
	long long v;

	e = acc_peel_parens(e);
	switch (acc_kind(e)) {
	case CXCursor_MemberRefExpr:
		ks = acc_children(e);
		if (!ks.n) {
			/* C++'s implicit this->: what `this` points to, the member's class */
			CXCursor cls = clang_getCursorSemanticParent(clang_getCursorReferenced(e));

			if (c->n || clang_Cursor_isNull(cls))
				c->broken = true;
			else
				c->origin = clang_getCursorType(cls);
		} else if (acc_is_pointer(clang_getCursorType(ks.v[0]))) {
			acc_pointer(w, ks.v[0], c);
		} else {
			acc_lvalue(w, ks.v[0], c, followed);
		}
		free(ks.v);
		acc_push(c, STEP_FIELD, e, followed);
		if (!c->broken) {
			c->s[c->n - 1].field = clang_getCursorReferenced(e);
			c->s[c->n - 1].type = clang_getCursorType(e);
		}
		return;
	case CXCursor_ArraySubscriptExpr:
		ks = acc_children(e);
		if (ks.n != 2) {
			c->broken = true;
			free(ks.v);
			return;
		}
		acc_visit(w, ks.v[1], CTX_READ);
		if (acc_implicit(ks.v[0]) && !clang_Cursor_isNull(acc_only_child(ks.v[0])) &&
		    acc_is_array(clang_getCursorType(acc_only_child(ks.v[0])))) {
			CXCursor arr = acc_only_child(ks.v[0]);

			acc_lvalue(w, arr, c, followed);
			acc_push(c, STEP_INDEX, e, followed);
			if (!c->broken) {
				struct lstep *s = &c->s[c->n - 1];

				s->type = clang_getCursorType(e);
				s->known = acc_constant(ks.v[1], &v);
				s->bits = s->known ? v * (long long)acc_type_bits(s->type) : 0;
			}
		} else {
			/* p[i]: an element where the pointer points, as GCC sees it */
			acc_pointer(w, ks.v[0], c);
		}
		free(ks.v);
		return;
	case CXCursor_UnaryOperator: {
		CXCursor k = acc_only_child(e);
		bool known;

		if (clang_Cursor_isNull(k)) {
			c->broken = true;
			return;
		}
		acc_pointer(w, k, c);
		if (c->broken)
			return;
		if (!acc_same_type(acc_type_at(c, c->n, &known), clang_getCursorType(e)) || !known)
			acc_push_raw(c, 0, acc_type_bits(clang_getCursorType(e)), clang_getCursorType(e), true);
		return;
	}
	case CXCursor_DeclRefExpr:
	case CXCursor_CompoundLiteralExpr:
		if (c->n) {
			c->broken = true;
			return;
		}
		c->origin = clang_getCursorType(e);
		c->origin_var = true;
		c->self = acc_kind(e) == CXCursor_DeclRefExpr &&
			  clang_getCursorTLSKind(clang_getCursorReferenced(e)) != CXTLS_None;
		if (acc_kind(e) == CXCursor_CompoundLiteralExpr)
			acc_visit(w, acc_only_child(e), CTX_READ);
		return;
	default:
		acc_visit(w, e, CTX_READ);
		c->broken = true;
		return;
	}
}

/*
 * What the type of lvalue @e says of its access: _Atomic, which GCC makes
 * an atomic builtin's (CL_FACT_ATOMIC, as the plugin sees that); volatile,
 * READ_ONCE's and WRITE_ONCE's `*(volatile T *)&x` (CL_FACT_ONCE).
 */
static unsigned lvalue_facts(CXCursor e)
{
	CXType t = clang_getCursorType(e);

	if (acc_is_atomic(t))
		return CL_FACT_ATOMIC;
	return clang_isVolatileQualifiedType(t) ? CL_FACT_ONCE : 0;
}

/*
 * An access of lvalue @e for @ctx; @facts: what the statement says of it
 * (an asm's), which a CTX_SPLIT's read does not have: GCC loads a "+r"
 * operand before the asm, which takes the value in a register.
 */
void acc_access(struct aw *w, CXCursor e, enum ctx ctx, unsigned facts)
{
	struct lchain c;

	acc_chain_init(&c);
	acc_lvalue(w, e, &c, false);
	c.where = acc_peel_parens(e);	/* the access's own expression */
	if (ctx == CTX_DISCARD || (ctx == CTX_READ && acc_is_array(clang_getCursorType(e))))
		return;
	facts |= lvalue_facts(e);
	if (ctx == CTX_SPLIT) {
		acc_tell(w, &c, ACC_R, lvalue_facts(e));
		acc_tell(w, &c, ACC_W, facts);
	} else {
		acc_tell(w, &c, ctx == CTX_READ ? ACC_R : ctx == CTX_WRITE ? ACC_W : ACC_R | ACC_W,
			 facts);
	}
}

/*
 * An access through the address @e by @stmt (an atomic's, a lock's;
 * @whole: the object as a whole), whose facts are @facts.
 */
void acc_access_through(struct aw *w, CXCursor stmt, CXCursor e, unsigned kinds, bool whole,
			unsigned facts)
{
	struct lchain c;
	bool known;

	acc_chain_init(&c);
	c.is_pointer = true;
	c.stmt = stmt;
	acc_pointer(w, e, &c);
	if (whole && !c.broken) {
		CXType t = acc_type_at(&c, c.n, &known);

		acc_push_raw(&c, 0, acc_type_bits(t), t, known);
	}
	acc_tell(w, &c, kinds, facts);
}
