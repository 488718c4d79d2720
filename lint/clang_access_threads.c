// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_access_threads.c - who runs each function of the unit: the start
 * routines of pthread_create, thrd_create and std::thread, their roles
 * spread through the call graph; and the functions that run only under
 * their callers' locks (as the plugin's roles_find() and
 * under_lock_find() do)
 */
#define _GNU_SOURCE
#include "clang_access_internal.h"
#include "infer/infer.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Threads: who runs each function                                      */
/* ------------------------------------------------------------------ */

/**
 * struct threads - the search for the unit's threads and its call graph
 * @w: the walk
 * @from: the function searched
 * @in_loop: the code searched can run again without leaving @from
 * @routines, @nroutines, @cap_routines: the start routines, as first seen
 * @edges, @nedges, @cap_edges: (caller, callee) pairs of summaries' indices,
 *	then sorted by caller
 * @first: for each summary, its first edge (and for the last, the end)
 */
struct threads {
	struct aw *w;
	size_t from;
	bool in_loop;
	size_t *routines, nroutines, cap_routines;
	size_t (*edges)[2];
	size_t nedges, cap_edges;
	size_t *first;
};

/* The function that @e, a start routine argument, names as it is (or cast), or NULL. */
static struct summary *named_function(struct aw *w, CXCursor e)
{
	for (;;) {
		enum CXCursorKind k = acc_kind(e);
		struct kids ks;

		if (k == CXCursor_DeclRefExpr) {
			CXCursor d = clang_getCursorReferenced(e);

			return acc_kind(d) == CXCursor_FunctionDecl ? acc_summary_of(w, d) : NULL;
		}
		if (k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
		    k != CXCursor_UnexposedExpr && k != CXCursor_UnaryOperator)
			return NULL;
		/* `&f`: the unary operator whose value is the function's address */
		if (k == CXCursor_UnaryOperator &&
		    acc_canon(clang_getCursorType(e)).kind != CXType_Pointer)
			return NULL;
		ks = acc_children(e);
		if (!ks.n) {
			free(ks.v);
			return NULL;
		}
		e = ks.v[ks.n - 1];
		free(ks.v);
	}
}

/* Whether @fn constructs a std::thread or a std::jthread, as the plugin's thread_constructor(). */
static bool thread_constructor(CXCursor fn)
{
	CXCursor cls = clang_getCursorSemanticParent(fn);

	return acc_kind(fn) == CXCursor_Constructor && acc_spelled(cls, "thread", "jthread") &&
	       acc_in_std(cls);
}

/* @e without the implicit conversions and temporaries around it. */
/* The summary of lambda @e, or NULL: by its place (cursors reached two ways differ). */
static struct summary *lambda_summary(struct aw *w, CXCursor e)
{
	CXSourceLocation at = clang_getCursorLocation(e);

	for (size_t i = 0; i < w->nsums; i++)
		if (w->sums[i].role &&
		    clang_equalLocations(clang_getCursorLocation(w->sums[i].fn), at))
			return &w->sums[i];
	return NULL;
}

/*
 * What a std::thread or std::jthread constructed on @arg runs, as the
 * plugin's thread_routine(): a function named directly, or a lambda,
 * written there or the initializer of the variable named (a member
 * function is no function the lint walks).
 */
static struct summary *thread_routine(struct aw *w, CXCursor arg)
{
	struct summary *s = named_function(w, arg);
	CXCursor e = acc_peel(arg, 0);

	if (s)
		return s;
	if (acc_kind(e) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(e);
		struct kids ks;

		if (acc_kind(d) != CXCursor_VarDecl)
			return NULL;
		ks = acc_children(d);
		e = ks.n ? acc_peel(ks.v[ks.n - 1], 0) : clang_getNullCursor();
		free(ks.v);
	}
	return acc_kind(e) == CXCursor_LambdaExpr ? lambda_summary(w, e) : NULL;
}

/* A call of the function searched: an edge of the graph, or a thread started. */
static void threads_call(struct threads *t, CXCursor e)
{
	CXCursor fn = clang_getCursorReferenced(e);
	struct summary *s = acc_kind(fn) == CXCursor_FunctionDecl ? acc_summary_of(t->w, fn) : NULL;
	CXString name = clang_getCursorSpelling(fn);
	int k = cl_access_thread_start_arg(clang_getCString(name));
	struct summary *r;

	clang_disposeString(name);
	if (s) {
		size_t *edge = *(size_t (*)[2])cl_vec_push(&t->edges, &t->nedges, &t->cap_edges);

		edge[0] = t->from;
		edge[1] = (size_t)(s - t->w->sums);
	}
	if (thread_constructor(fn)) {
		if (clang_Cursor_getNumArguments(e) < 1)
			return;
		r = thread_routine(t->w, clang_Cursor_getArgument(e, 0));
	} else {
		if (k < 0 || k >= clang_Cursor_getNumArguments(e))
			return;
		r = named_function(t->w, clang_Cursor_getArgument(e, (unsigned)k));
	}
	if (!r)
		return;
	if (!r->started)
		*(size_t *)cl_vec_push(&t->routines, &t->nroutines, &t->cap_routines) =
			(size_t)(r - t->w->sums);
	r->started += t->in_loop ? 2 : 1;
}

/* A do-while whose condition is 0 (a macro's statement) runs once: no loop. */
static bool runs_again(CXCursor loop)
{
	struct kids ks;
	long long v;
	bool once;

	if (acc_kind(loop) != CXCursor_DoStmt)
		return true;
	ks = acc_children(loop);
	once = ks.n && acc_constant(ks.v[ks.n - 1], &v) && !v;
	free(ks.v);
	return !once;
}

/*
 * The lines of loop @c, as the function's code that runs again
 * (summary.loop_lo, loop_hi): the plugin's loop_lines() reads the same from
 * the blocks GCC makes of it.
 */
static void loop_span(struct summary *s, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned lo, hi;

	clang_getExpansionLocation(clang_getRangeStart(r), NULL, &lo, NULL, NULL);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, &hi, NULL, NULL);
	if (!lo)
		return;
	if (!s->loop_lo || lo < s->loop_lo)
		s->loop_lo = lo;
	if (hi > s->loop_hi)
		s->loop_hi = hi;
}

static enum CXChildVisitResult threads_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct threads *t = data;
	enum CXCursorKind k = acc_kind(c);

	(void)parent;
	switch (k) {
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_ForStmt:
	case CXCursor_CXXForRangeStmt: {
		bool in_loop = t->in_loop;

		if (runs_again(c))
			loop_span(&t->w->sums[t->from], c);
		t->in_loop = in_loop || runs_again(c);
		clang_visitChildren(c, threads_visit, t);
		t->in_loop = in_loop;
		return CXChildVisit_Continue;
	}
	case CXCursor_UnaryExpr:	/* sizeof, alignof: not evaluated, no call */
	case CXCursor_LambdaExpr:	/* a function of its own */
		return CXChildVisit_Continue;
	case CXCursor_CallExpr:
		threads_call(t, c);
		return CXChildVisit_Recurse;
	default:
		return CXChildVisit_Recurse;
	}
}

/*
 * The role of start routine @r (@many: started more than once, or in a
 * loop) to every function it calls directly, at any depth, as the plugin's
 * roles_spread().
 */
static void roles_spread(struct threads *t, size_t r, bool many)
{
	struct aw *w = t->w;
	char *name = cl_arena_strdup(&w->arena, w->sums[r].role ? w->sums[r].role : w->sums[r].name);
	const char *tag;
	size_t *work = NULL, n = 0, cap = 0;

	/* ',' separates roles, '+' marks one started more than once */
	for (char *p = name; *p; p++)
		if (*p == ',' || *p == '+')
			*p = ';';
	tag = many ? cl_arena_printf(&w->arena, "%s+", name) : name;
	w->sums[r].role_name = name;
	*(size_t *)cl_vec_push(&work, &n, &cap) = r;
	w->sums[r].seen = r + 1;
	while (n) {
		struct summary *s = &w->sums[work[--n]];
		size_t from = (size_t)(s - w->sums);

		if (!s->roles)
			s->roles = tag;
		else if (!cl_role_listed(s->roles, name))
			s->roles = cl_role_join(&w->arena, s->roles, tag);
		for (size_t i = t->first[from]; i < t->first[from + 1]; i++) {
			struct summary *c = &w->sums[t->edges[i][1]];

			if (c->seen != r + 1) {
				c->seen = r + 1;
				*(size_t *)cl_vec_push(&work, &n, &cap) = t->edges[i][1];
			}
		}
	}
	free(work);
}

/*
 * Which threads run which function (summary.roles): the functions that
 * the emitted ones start with pthread_create() or thrd_create(), and what
 * those call, as the plugin's roles_find().  A loop is a for, while or do
 * statement (a goto's is not seen).
 */
void acc_roles(struct aw *w)
{
	struct threads t = { .w = w };

	for (size_t i = 0; i < w->nsums; i++) {
		if (!w->sums[i].reached)
			continue;
		t.from = i;
		t.in_loop = false;
		clang_visitChildren(w->sums[i].fn, threads_visit, &t);
	}
	/* found caller by caller: sorted already */
	t.first = cl_xmalloc((w->nsums + 1) * sizeof(*t.first));
	for (size_t i = 0, e = 0; i <= w->nsums; i++) {
		while (e < t.nedges && t.edges[e][0] < i)
			e++;
		t.first[i] = e;
	}
	for (size_t i = 0; i < t.nroutines; i++)
		roles_spread(&t, t.routines[i], w->sums[t.routines[i]].started > 1);
	free(t.first);
	free(t.routines);
	free(t.edges);
}

/* ------------------------------------------------------------------ */
/* Functions that run only under their callers' locks                   */
/* ------------------------------------------------------------------ */

/**
 * struct held - the calls of the unit's functions, as the plugin's
 * under_lock_find() gathers them
 * @w: the walk
 * @from: the function whose body is read
 * @locks: locks held so far in its statements, as acc_call() counts them
 * @setup: it is setup code (its name, cold): its calls need no lock
 * @strong: it is setup code whatever it locks (not by alloc, new, free, remove)
 * @cold: in an unlikely branch as deep, or in a cold function
 * @calls: [caller, callee, locked, setup, strong, cold] of each call of a
 *	function of the unit
 * @refs: per function, the expressions that name it
 * @direct: per function, those that are a call's callee
 */
struct held {
	struct aw *w;
	size_t from;
	unsigned locks, cold;
	bool setup, strong;
	size_t (*calls)[6];
	size_t ncalls, cap_calls;
	unsigned *refs, *direct;
};

static enum CXChildVisitResult held_visit(CXCursor c, CXCursor parent, CXClientData data);

/* A call: its callee and arguments first, then its own lock step, as acc_call() does. */
static void held_call(struct held *h, CXCursor e)
{
	CXCursor fn = clang_getCursorReferenced(e);
	struct summary *s = acc_kind(fn) == CXCursor_FunctionDecl ? acc_summary_of(h->w, fn) : NULL;
	CXString name = clang_getCursorSpelling(fn);
	const char *n = clang_getCString(name);
	int step;

	clang_visitChildren(e, held_visit, h);
	if (s) {
		size_t *c = *(size_t (*)[6])cl_vec_push(&h->calls, &h->ncalls, &h->cap_calls);

		c[0] = h->from;
		c[1] = (size_t)(s - h->w->sums);
		c[2] = h->locks > 0;
		c[3] = h->setup;
		c[4] = h->strong;
		c[5] = h->cold > 0;
		h->direct[c[1]]++;
	}
	step = strncmp(n, "__sync_", 7) && strncmp(n, "__atomic_", 9) ? cl_access_lock_step(n) : 0;
	if (step > 0)
		h->locks++;
	else if (step < 0 && h->locks)
		h->locks--;
	clang_disposeString(name);
}

/* The children of @c, those an unlikely branch runs as cold as the walk has them. */
static void held_branches(struct held *h, CXCursor c)
{
	struct kids ks = acc_children(c);
	bool cold[ACC_KIDS_COLD];

	acc_children_cold(h->w, c, &ks, cold);
	for (size_t i = 0; i < ks.n; i++) {
		bool in = i < ACC_KIDS_COLD && cold[i];

		h->cold += in;
		if (held_visit(ks.v[i], c, h) == CXChildVisit_Recurse)
			clang_visitChildren(ks.v[i], held_visit, h);
		h->cold -= in;
	}
	free(ks.v);
}

static enum CXChildVisitResult held_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct held *h = data;
	CXCursor d;
	struct summary *s;

	(void)parent;
	switch (acc_kind(c)) {
	case CXCursor_IfStmt:
	case CXCursor_ConditionalOperator:
	case CXCursor_WhileStmt:
	case CXCursor_ForStmt:
	case CXCursor_BinaryOperator:
		held_branches(h, c);
		return CXChildVisit_Continue;
	case CXCursor_UnaryExpr:	/* sizeof, alignof: not evaluated, no call */
	case CXCursor_LambdaExpr:	/* a function of its own */
		return CXChildVisit_Continue;
	case CXCursor_CallExpr:
		held_call(h, c);
		return CXChildVisit_Continue;
	case CXCursor_DeclRefExpr:
		d = clang_getCursorReferenced(c);
		if (acc_kind(d) == CXCursor_FunctionDecl && (s = acc_summary_of(h->w, d)))
			h->refs[s - h->w->sums]++;
		return CXChildVisit_Recurse;
	default:
		return CXChildVisit_Recurse;
	}
}

/* What the unit's variables name: a function in an ops table is called from anywhere. */
static enum CXChildVisitResult held_globals(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (acc_kind(c) == CXCursor_VarDecl)
		clang_visitChildren(c, held_visit, data);
	else if (acc_kind(c) == CXCursor_Namespace || acc_kind(c) == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	return CXChildVisit_Continue;
}

static int held_order(const void *x, const void *y)
{
	const size_t *a = *(const size_t (*)[6])x, *b = *(const size_t (*)[6])y;

	return a[1] < b[1] ? -1 : a[1] > b[1];
}

/*
 * The functions that only callers of a kind call, or functions that only
 * those call, as the plugin's callers_only_find(): the kind is column
 * @col of the calls (strong setup, cold), the answer summary.setup_only
 * or, @cold, summary.cold_only; a least fixpoint.
 */
static void callers_only(struct aw *w, const struct held *h, size_t col, bool cold)
{
	bool changed = true;

	while (changed) {
		changed = false;
		for (size_t i = 0, j; i < h->ncalls; i = j) {
			size_t callee = h->calls[i][1];
			struct summary *s = &w->sums[callee];
			bool all = clang_getCursorLinkage(s->fn) != CXLinkage_External &&
				   h->refs[callee] == h->direct[callee];
			bool *found = cold ? &s->cold_only : &s->setup_only;

			for (j = i; j < h->ncalls && h->calls[j][1] == callee; j++) {
				const struct summary *c = &w->sums[h->calls[j][0]];

				all &= h->calls[j][col] || (cold ? c->cold_only : c->setup_only);
			}
			if (all && !*found)
				changed = *found = true;
		}
	}
}

/*
 * The functions every call of which is under a lock, in setup code or in a
 * function that is under a lock, one at least not in setup: not external, named only as a call's callee (an ops table's is called
 * from anywhere), as the plugin's under_lock_find() says.
 */
void acc_under_lock(struct aw *w, CXCursor top)
{
	struct held h = { .w = w };
	bool changed = true;

	h.refs = cl_xmalloc((w->nsums + 1) * sizeof(*h.refs));
	h.direct = cl_xmalloc((w->nsums + 1) * sizeof(*h.direct));
	memset(h.refs, 0, (w->nsums + 1) * sizeof(*h.refs));
	memset(h.direct, 0, (w->nsums + 1) * sizeof(*h.direct));
	for (size_t i = 0; i < w->nsums; i++) {
		if (!w->sums[i].reached)
			continue;
		h.from = i;
		h.locks = 0;
		h.cold = w->sums[i].cold;
		w->walked = &w->sums[i];	/* whose branches acc_children_cold() reads */
		h.setup = w->sums[i].cold ||
			  (cl_infer_setup_facts(w->sums[i].name, 0) & CL_FACT_SETUP);
		h.strong = w->sums[i].cold ||
			   (cl_infer_setup_facts(w->sums[i].name, CL_FACT_LOCK) & CL_FACT_SETUP);
		clang_visitChildren(w->sums[i].fn, held_visit, &h);
	}
	w->walked = NULL;
	clang_visitChildren(top, held_globals, &h);
	if (h.ncalls)
		qsort(h.calls, h.ncalls, sizeof(*h.calls), held_order);
	while (changed) {
		changed = false;
		for (size_t i = 0, j; i < h.ncalls; i = j) {
			size_t callee = h.calls[i][1];
			struct summary *s = &w->sums[callee];
			bool all = clang_getCursorLinkage(s->fn) != CXLinkage_External &&
				   h.refs[callee] == h.direct[callee], some = false;

			for (j = i; j < h.ncalls && h.calls[j][1] == callee; j++) {
				bool held = h.calls[j][2] || w->sums[h.calls[j][0]].under_lock;

				all &= held || h.calls[j][3];
				some |= held;
			}
			if (all && some && !s->under_lock)
				changed = s->under_lock = true;
		}
	}
	callers_only(w, &h, 4, false);	/* setup: strong setup callers */
	callers_only(w, &h, 5, true);	/* cold: unlikely branches, cold callers */
	free(h.calls);
	free(h.refs);
	free(h.direct);
}
