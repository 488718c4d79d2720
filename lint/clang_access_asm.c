// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_access_asm.c - the lint's reading of asm statements: their
 * operands and constraints from the statement's tokens (and the macros
 * that spell them), each operand told to the walk as the read, write or
 * read-modify-write its constraint says
 */
#define _GNU_SOURCE
#include "clang_access_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/**
 * struct asm_operand - an asm operand as its tokens say
 * @constraint: the constraint's text, without its quotes
 * @text: the operand expression's tokens, for telling "+m"'s two halves apart
 */
struct asm_operand {
	char constraint[32];
	char *text;
};

/* The tokens between @from and the matching ')' as one string. */
static char *tokens_text(struct aw *w, CXToken *t, unsigned n, unsigned *i)
{
	size_t len = 0, cap = 64;
	char *s = cl_xmalloc(cap);
	int depth = 0;

	s[0] = '\0';
	for (; *i < n; (*i)++) {
		CXString sp = clang_getTokenSpelling(w->tu, t[*i]);
		const char *x = clang_getCString(sp);
		size_t xl = strlen(x);

		if (!strcmp(x, "("))
			depth++;
		else if (!strcmp(x, ")") && --depth == 0) {
			clang_disposeString(sp);
			break;
		}
		if (depth > 1 || (depth == 1 && strcmp(x, "("))) {
			while (len + xl + 2 > cap)
				s = cl_xrealloc(s, cap *= 2);
			memcpy(s + len, x, xl);
			len += xl;
			s[len++] = ' ';
			s[len] = '\0';
		}
		clang_disposeString(sp);
	}
	return s;
}

static bool is_asm_keyword(const char *x)
{
	return !strcmp(x, "asm") || !strcmp(x, "__asm__") || !strcmp(x, "__asm");
}

/*
 * The operands of the asm whose keyword is token @start of @t: their
 * constraints and expressions, outputs then inputs, up to the asm's
 * closing parenthesis; false when they cannot be read.
 */
static bool parse_asm(struct aw *w, CXToken *t, unsigned n, unsigned start,
		      struct asm_operand *ops, size_t max, size_t *nout, size_t *nin)
{
	unsigned colons = 0, depth = 0;
	size_t k = 0;
	bool ok = true, opened = false;

	*nout = *nin = 0;
	for (unsigned i = start; i < n && ok; i++) {
		CXString sp = clang_getTokenSpelling(w->tu, t[i]);
		const char *x = clang_getCString(sp);
		enum CXTokenKind tk = clang_getTokenKind(t[i]);

		if (!strcmp(x, "(")) {
			depth++;
			opened = true;
		} else if (!strcmp(x, ")")) {
			depth--;
		} else if (depth == 1 && !strcmp(x, ":")) {
			colons++;
		} else if (depth == 1 && (colons == 1 || colons == 2) && tk == CXToken_Literal &&
			   x[0] == '"') {
			size_t len = strlen(x);

			if (k == max || len - 2 >= sizeof(ops[k].constraint)) {
				ok = false;
			} else {
				memcpy(ops[k].constraint, x + 1, len - 2);
				ops[k].constraint[len - 2] = '\0';
				i++;
				ops[k].text = tokens_text(w, t, n, &i);
				k++;
				if (colons == 1)
					(*nout)++;
				else
					(*nin)++;
			}
		}
		clang_disposeString(sp);
		if (opened && !depth)
			break;
	}
	if (!ok)
		for (size_t i = 0; i < k; i++)
			free(ops[i].text);
	return ok;
}

/**
 * struct macro_def - a macro of the unit, for asm statements macros write
 * @name: its name
 * @def: its definition
 * @seen: the search that last looked into it (each looks into a macro once)
 */
struct macro_def {
	const char *name;
	CXCursor def;
	unsigned seen;
};

static bool macro_eq(const void *ctx, size_t i, const void *key)
{
	return !strcmp(((const struct macro_def *)ctx)[i].name, key);
}

static uint64_t macro_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct macro_def *)ctx)[i].name);
}

static enum CXChildVisitResult macro_cb(CXCursor c, CXCursor parent, CXClientData data)
{
	struct aw *w = data;
	CXString s;
	const char *name;
	size_t *slot;

	(void)parent;
	if (acc_kind(c) != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	name = clang_getCString(s);
	slot = cl_index_add(&w->macro_index, w->nmacros, cl_hash_str(name), macro_eq, macro_hash,
			    w->macros, name);
	if (!*slot) {
		struct macro_def *m = cl_vec_push(&w->macros, &w->nmacros, &w->cap_macros);

		m->name = cl_arena_strdup(&w->arena, name);
		m->def = c;
		*slot = w->nmacros;
	}
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

static const struct macro_def *macro_find(struct aw *w, const char *name)
{
	size_t *slot;

	if (!w->macros_read) {
		w->macros_read = true;
		clang_visitChildren(clang_getTranslationUnitCursor(w->tu), macro_cb, w);
	}
	if (!w->macro_index.size)
		return NULL;
	slot = cl_index_slot(&w->macro_index, cl_hash_str(name), macro_eq, w->macros, name);
	return *slot ? &w->macros[*slot - 1] : NULL;
}

/*
 * An asm a macro wrote (its statement's tokens are the macro's call): the
 * first asm in the macro's body, or in the bodies of the macros it uses,
 * @depth deep (the kernel's xadd() -> __xadd() -> __xchg_op(), whose
 * cases of every size share the memory operand's constraint).
 */
static bool macro_asm(struct aw *w, const char *name, unsigned depth, struct asm_operand *ops,
		      size_t max, size_t *nout, size_t *nin)
{
	struct macro_def *m = depth ? (struct macro_def *)macro_find(w, name) : NULL;
	CXToken *t = NULL;
	unsigned n = 0;
	bool found = false;

	if (!m || m->seen == w->search)
		return false;
	m->seen = w->search;
	clang_tokenize(w->tu, clang_getCursorExtent(m->def), &t, &n);
	for (unsigned i = 1; i < n && !found; i++) {
		CXString sp = clang_getTokenSpelling(w->tu, t[i]);
		const char *x = clang_getCString(sp);

		if (is_asm_keyword(x))
			found = parse_asm(w, t, n, i, ops, max, nout, nin);
		else if (clang_getTokenKind(t[i]) == CXToken_Identifier && strcmp(x, name))
			found = macro_asm(w, x, depth - 1, ops, max, nout, nin);
		clang_disposeString(sp);
	}
	clang_disposeTokens(w->tu, t, n);
	return found;
}

/*
 * An asm's operands from its tokens, or, where a macro wrote it (its
 * tokens are then the macro's call, or none), from the macro's body:
 * outputs then inputs; false when they cannot be read.
 */
static bool asm_operands(struct aw *w, CXCursor stmt, struct asm_operand *ops, size_t max,
			 size_t *nout, size_t *nin)
{
	CXToken *t = NULL;
	unsigned n = 0;
	bool ok = false, done = false;
	char *name;

	clang_tokenize(w->tu, clang_getCursorExtent(stmt), &t, &n);
	if (n) {
		CXString sp = clang_getTokenSpelling(w->tu, t[0]);

		if (is_asm_keyword(clang_getCString(sp))) {
			ok = parse_asm(w, t, n, 0, ops, max, nout, nin);
			done = true;
		}
		clang_disposeString(sp);
	}
	clang_disposeTokens(w->tu, t, n);
	if (done)
		return ok;
	name = acc_first_token(w, stmt);
	w->search++;
	ok = macro_asm(w, name, 6, ops, max, nout, nin);
	free(name);
	return ok;
}

/*
 * x86-64's memory constraints (m, o, V, <, >): an operand with only those
 * is in memory; anything else lets the compiler use a register (GCC then
 * splits a "+r" into a load and a store, and merges a "+m" into one).
 */
static bool memory_only(const char *con)
{
	bool any = false;

	for (const char *p = con; *p; p++) {
		if (strchr("=+&%*#!?, ", *p))
			continue;
		if (!strchr("moV<>", *p))
			return false;
		any = true;
	}
	return any;
}

static enum CXChildVisitResult asm_collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct summary *s = data;

	(void)parent;
	if (acc_kind(c) == CXCursor_GCCAsmStmt) {
		*(CXCursor *)cl_vec_push(&s->asms, &s->nasms, &s->cap_asms) = c;
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

/* The end of the string or character literal that starts at @p (its closing quote). */
static const char *literal_end(const char *p)
{
	const char *q = p + 1;

	while (*q && *q != *p)
		q += q[0] == '\\' && q[1] ? 2 : 1;
	return *q ? q : q - 1;
}

/*
 * The asm statement whose text clang prints at @p ("asm volatile (\"..."),
 * if one starts there: its template, from its opening quote to its closing.
 */
static bool printed_asm(const char *text, const char *p, const char **from, const char **to)
{
	static const char *const words[] = { "volatile ", "goto " };

	if (strncmp(p, "asm ", 4) || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
		return false;
	p += 4;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strncmp(p, words[i], strlen(words[i])))
			p += strlen(words[i]);
	if (strncmp(p, "(\"", 2))
		return false;
	*from = p + 1;
	*to = literal_end(p + 1);
	return true;
}

/*
 * Which asm statements of function @s lock, and which address the running
 * CPU's per-CPU area (the kernel's this_cpu_*() and this_cpu_ptr() on
 * x86-64, `%%gs:`): libclang gives no asm's template, and a macro may write
 * it (the kernel's LOCK_PREFIX), so the templates are read from the
 * function as clang prints it, macros expanded, asm statements in the
 * order of the source.  One the print does not match (never seen) says
 * nothing.
 */
static void asm_templates(struct summary *s)
{
	CXPrintingPolicy pol = clang_getCursorPrintingPolicy(s->fn);
	CXString printed = clang_getCursorPrettyPrinted(s->fn, pol);
	const char *text = clang_getCString(printed), *from, *to;
	size_t k = 0;

	clang_visitChildren(s->fn, asm_collect, s);
	s->asm_facts = cl_xmalloc((s->nasms ? s->nasms : 1) * sizeof(*s->asm_facts));
	for (const char *p = text ? text : ""; *p && k < s->nasms; p++) {
		if (printed_asm(text, p, &from, &to)) {
			size_t len = (size_t)(to - from);

			s->asm_facts[k++] = (memmem(from, len, "lock", 4) || memmem(from, len, "xchg", 4) ?
					     CL_FACT_ATOMIC : 0) |
					    (memmem(from, len, "%gs:", 4) ? CL_FACT_PERCPU : 0);
			p = to;
		} else if (*p == '"' || *p == '\'') {
			p = literal_end(p);
		}
	}
	if (k != s->nasms)
		memset(s->asm_facts, 0, s->nasms * sizeof(*s->asm_facts));
	clang_disposeString(printed);
	clang_PrintingPolicy_dispose(pol);
}

/*
 * An asm that is an atomic instruction, as the plugin's asm_atomic():
 * CL_FACT_ATOMIC; one on the running CPU's per-CPU area, as its
 * chain_asm_percpu(): CL_FACT_PERCPU.
 */
unsigned acc_asm_facts(struct aw *w, CXCursor stmt)
{
	struct summary *s = w->walked;

	if (!s)
		return 0;
	if (!s->asm_facts)
		asm_templates(s);
	/*
	 * By extent: two visits make different cursors of one statement.  Two
	 * asm statements one macro call writes share the call's extent, and
	 * the first's template.
	 */
	for (size_t i = 0; i < s->nasms; i++)
		if (clang_equalRanges(clang_getCursorExtent(s->asms[i]),
				      clang_getCursorExtent(stmt)))
			return s->asm_facts[i];
	return 0;
}

/* How many outputs asm @stmt has, its first children (0 when its operands cannot be read). */
size_t acc_asm_outputs(struct aw *w, CXCursor stmt)
{
	struct asm_operand ops[64];
	struct kids ks;
	size_t nout, nin;

	if (!asm_operands(w, stmt, ops, 64, &nout, &nin))
		return 0;
	for (size_t i = 0; i < nout + nin; i++)
		free(ops[i].text);
	ks = acc_children(stmt);
	free(ks.v);
	return nout + nin == ks.n ? nout : 0;
}

void acc_walk_asm(struct aw *w, CXCursor stmt)
{
	struct asm_operand ops[64];
	struct kids ks = acc_children(stmt);
	size_t nout, nin;
	bool read_too[64] = { false };
	unsigned facts = acc_asm_facts(w, stmt);

	if (!asm_operands(w, stmt, ops, 64, &nout, &nin)) {
		nout = nin = 0;
	} else if (nout + nin != ks.n) {
		for (size_t i = 0; i < nout + nin; i++)
			free(ops[i].text);
		nout = nin = 0;
	}
	if (!nout && !nin && ks.n) {
		/*
		 * its constraints cannot be read (the kernel's this_cpu_add(), whose
		 * macros paste the size onto their names): each operand read, a
		 * per-CPU one with that fact
		 */
		for (size_t i = 0; i < ks.n; i++)
			if ((facts & CL_FACT_PERCPU) && acc_lvalue_kind(ks.v[i]))
				acc_access(w, ks.v[i], CTX_READ, CL_FACT_PERCPU);
			else
				acc_visit(w, ks.v[i], CTX_READ);
		free(ks.v);
		return;
	}
	for (size_t i = nout; i < ks.n; i++) {
		bool merged = false;

		for (size_t o = 0; o < nout && !merged; o++)
			if (memory_only(ops[o].constraint) && memory_only(ops[i].constraint) &&
			    !strcmp(ops[o].text, ops[i].text))
				merged = read_too[o] = true;
		if (merged)
			continue;
		/*
		 * in memory, the asm's own operand; a register's is loaded before
		 * it.  A locked instruction reads and writes its memory operand,
		 * whatever the constraint says (the kernel's set_bit() gives its
		 * word as an input "m" and a "memory" clobber).
		 */
		if (memory_only(ops[i].constraint) && acc_lvalue_kind(ks.v[i]))
			acc_access(w, ks.v[i], facts & CL_FACT_ATOMIC ? CTX_RMW : CTX_READ, facts);
		else
			acc_visit(w, ks.v[i], CTX_READ);
	}
	for (size_t o = 0; o < nout; o++) {
		bool inout = strchr(ops[o].constraint, '+') != NULL;

		if (inout && !memory_only(ops[o].constraint))
			acc_access(w, ks.v[o], CTX_SPLIT, facts);
		else
			acc_access(w, ks.v[o], inout || read_too[o] ? CTX_RMW : CTX_WRITE, facts);
	}
	for (size_t i = 0; i < nout + nin; i++)
		free(ops[i].text);
	free(ks.v);
}
