// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_align.c - the value of a field's aligned() attribute
 *
 * libclang shows an aligned attribute as a cursor without its argument, and
 * the alignment a field declares (GCC's DECL_ALIGN, which dump-layout
 * prints and the proposal engine treats as a hard constraint) is not in the
 * C API.  The kernel spells it through macros
 * (____cacheline_aligned_in_smp -> __aligned__(SMP_CACHE_BYTES) ->
 * (1 << L1_CACHE_SHIFT) -> CONFIG_X86_L1_CACHE_SHIFT), so the argument is
 * read from the source, macros expanded with the unit's own definitions
 * (from the detailed preprocessing record), and evaluated as an integer
 * constant expression.  What cannot be evaluated (sizeof, casts) gives 0
 * and the caller falls back to what the layout allows.
 */
#include "clang_internal.h"

#include <stdlib.h>
#include <string.h>

#define EXPAND_DEPTH_MAX 32
#define TOKENS_MAX 4096

/**
 * struct macro_def - one #define, located in the unit's files
 * @name: the macro name
 * @file: the file of the definition
 * @begin: offset of the name
 * @end: offset just past the definition
 * @function_like: takes arguments
 */
struct macro_def {
	const char *name;
	CXFile file;
	unsigned begin, end;
	bool function_like;
};

/**
 * struct macro_table - the unit's macro definitions
 * @v: the definitions, the last of each name only
 * @n: number of @v
 * @cap: allocated @v
 * @index: @v by name
 */
struct macro_table {
	struct macro_def *v;
	size_t n, cap;
	struct cl_index index;
};

/* A name in the source: not NUL-terminated. */
struct name_key {
	const char *s;
	size_t len;
};

struct tokens {
	struct token v[TOKENS_MAX];
	size_t n;
	bool overflow;
};

static bool macro_eq(const void *ctx, size_t i, const void *key)
{
	const char *name = ((const struct macro_table *)ctx)->v[i].name;
	const struct name_key *k = key;

	return !strncmp(name, k->s, k->len) && !name[k->len];
}

static uint64_t macro_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct macro_table *)ctx)->v[i].name);
}

static void table_put(struct macro_table *t, const struct macro_def *d)
{
	struct name_key k = { d->name, strlen(d->name) };
	size_t *slot = cl_index_add(&t->index, t->n, cl_hash_mem(k.s, k.len), macro_eq,
				    macro_hash, t, &k);

	if (*slot) {
		t->v[*slot - 1] = *d;	/* the last definition wins */
		return;
	}
	*cl_vec_push(&t->v, &t->n, &t->cap) = *d;
	*slot = t->n;
}

static enum CXChildVisitResult collect_macro(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fe *fe = data;
	struct macro_table *t = fe->macros;
	struct macro_def d;
	CXSourceRange r;
	CXFile f2;
	CXString name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	fe_location(clang_getRangeStart(r), &d.file, NULL, NULL, &d.begin);
	fe_location(clang_getRangeEnd(r), &f2, NULL, NULL, &d.end);
	if (!d.file)
		return CXChildVisit_Continue;	/* builtin macros: not needed here */
	d.function_like = clang_Cursor_isMacroFunctionLike(c);
	name = clang_getCursorSpelling(c);
	d.name = cl_arena_strdup(&fe->out->arena, clang_getCString(name));
	clang_disposeString(name);
	table_put(t, &d);
	return CXChildVisit_Continue;
}

static struct macro_table *macros(struct fe *fe)
{
	if (!fe->macros_built) {
		fe->macros = cl_xmalloc(sizeof(*fe->macros));
		memset(fe->macros, 0, sizeof(*fe->macros));
		clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), collect_macro, fe);
		fe->macros_built = true;
	}
	return fe->macros;
}

void align_free(struct fe *fe)
{
	if (fe->macros) {
		free(fe->macros->v);
		cl_index_free(&fe->macros->index);
	}
	free(fe->macros);
	fe->macros = NULL;
	fe->macros_built = false;
}

static bool tok_is(const struct token *t, const char *s)
{
	return t->len == strlen(s) && !memcmp(t->text, s, t->len);
}

static void push(struct tokens *out, const struct token *t)
{
	if (out->n == TOKENS_MAX)
		out->overflow = true;
	else
		out->v[out->n++] = *t;
}

static const struct macro_def *lookup(struct fe *fe, const struct token *t)
{
	const struct macro_table *m;
	struct name_key k = { t->text, t->len };
	size_t *slot;

	if (t->kind != 'i')
		return NULL;
	m = macros(fe);
	if (!m->n)
		return NULL;
	slot = cl_index_slot(&m->index, cl_hash_mem(k.s, k.len), macro_eq, m, &k);
	return *slot ? &m->v[*slot - 1] : NULL;
}

static void expand(struct fe *fe, const struct token *in, size_t n, struct tokens *out,
		   unsigned depth);

/* The body of @d with its parameters replaced by @args, expanded into @out. */
static void expand_macro(struct fe *fe, const struct macro_def *d, const struct token *args,
			 const size_t *arg_at, size_t nargs, struct tokens *out, unsigned depth)
{
	const char *text;
	size_t size, pos = d->begin;
	struct token params[64], t;
	size_t nparams = 0;
	struct tokens *body = cl_xmalloc(sizeof(*body));

	body->n = 0;
	body->overflow = false;
	text = scan_contents(fe, d->file, &size);
	if (!text || d->end > size || !scan_token(text, d->end, &pos, &t))
		goto out;
	if (d->function_like) {
		if (!scan_token(text, d->end, &pos, &t) || !tok_is(&t, "("))
			goto out;
		while (scan_token(text, d->end, &pos, &t) && !tok_is(&t, ")"))
			if (t.kind == 'i' && nparams < 64)
				params[nparams++] = t;
	}
	while (scan_token(text, d->end, &pos, &t)) {
		size_t p;

		for (p = 0; p < nparams && p < nargs; p++)
			if (t.len == params[p].len && !memcmp(t.text, params[p].text, t.len))
				break;
		if (p < nparams && p < nargs) {
			for (size_t k = arg_at[p]; k < arg_at[p + 1] - (p + 1 < nargs); k++)
				push(body, &args[k]);
		} else {
			push(body, &t);
		}
	}
	expand(fe, body->v, body->n, out, depth + 1);
	out->overflow |= body->overflow;
out:
	free(body);
}

static void expand(struct fe *fe, const struct token *in, size_t n, struct tokens *out,
		   unsigned depth)
{
	for (size_t i = 0; i < n; i++) {
		const struct macro_def *d = depth < EXPAND_DEPTH_MAX ? lookup(fe, &in[i]) : NULL;
		size_t arg_at[65], nargs = 0, j;
		int level = 0;

		if (!d || (d->function_like && (i + 1 >= n || !tok_is(&in[i + 1], "(")))) {
			push(out, &in[i]);
			continue;
		}
		if (!d->function_like) {
			expand_macro(fe, d, NULL, NULL, 0, out, depth);
			continue;
		}
		/* arguments: split at top-level commas; arg_at[k] is where the k-th starts */
		arg_at[nargs++] = i + 2;
		for (j = i + 2; j < n; j++) {
			if (tok_is(&in[j], "("))
				level++;
			else if (tok_is(&in[j], ")") && level-- == 0)
				break;
			else if (tok_is(&in[j], ",") && level == 0 && nargs < 64)
				arg_at[nargs++] = j + 1;
		}
		if (j == n) {
			push(out, &in[i]);
			continue;
		}
		arg_at[nargs] = j + 1;
		if (nargs == 1 && arg_at[0] == j)
			nargs = 0;	/* NAME() */
		expand_macro(fe, d, in, arg_at, nargs, out, depth);
		i = j;
	}
}

/* Integer constant expressions: precedence climbing over the tokens. */
struct eval {
	const struct token *t;
	size_t n, i;
	bool bad;
};

static long long eval_expr(struct eval *e, int min_prec);

static bool at(struct eval *e, const char *s)
{
	return e->i < e->n && tok_is(&e->t[e->i], s);
}

static long long eval_number(struct eval *e)
{
	const struct token *t = &e->t[e->i++];
	char buf[64], *end;
	unsigned long long v;

	if (t->len >= sizeof(buf)) {
		e->bad = true;
		return 0;
	}
	memcpy(buf, t->text, t->len);
	buf[t->len] = '\0';
	v = strtoull(buf, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	if (*end)
		e->bad = true;
	return (long long)v;
}

static long long eval_unary(struct eval *e)
{
	long long v;

	if (e->i >= e->n) {
		e->bad = true;
		return 0;
	}
	if (at(e, "(")) {
		e->i++;
		v = eval_expr(e, 0);
		if (!at(e, ")"))
			e->bad = true;
		e->i++;
		return v;
	}
	if (at(e, "-") || at(e, "+") || at(e, "~") || at(e, "!")) {
		char op = e->t[e->i++].text[0];

		v = eval_unary(e);
		return op == '-' ? -v : op == '~' ? ~v : op == '!' ? !v : v;
	}
	if (e->t[e->i].kind == 'n')
		return eval_number(e);
	e->bad = true;	/* identifiers left after expansion, sizeof, casts */
	return 0;
}

static int prec(const struct token *t)
{
	static const struct { const char *op; int prec; } ops[] = {
		{ "||", 1 }, { "&&", 2 }, { "|", 3 }, { "^", 4 }, { "&", 5 }, { "==", 6 },
		{ "!=", 6 }, { "<", 7 }, { ">", 7 }, { "<=", 7 }, { ">=", 7 }, { "<<", 8 },
		{ ">>", 8 }, { "+", 9 }, { "-", 9 }, { "*", 10 }, { "/", 10 }, { "%", 10 },
	};

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (tok_is(t, ops[i].op))
			return ops[i].prec;
	return -1;
}

static long long apply(struct eval *e, const struct token *op, long long a, long long b)
{
	switch (op->text[0]) {
	case '|':
		return op->len == 2 ? a || b : a | b;
	case '&':
		return op->len == 2 ? a && b : a & b;
	case '^':
		return a ^ b;
	case '=':
		return a == b;
	case '!':
		return a != b;
	case '<':
		return op->len == 1 ? a < b : op->text[1] == '=' ? a <= b :
		       b >= 0 && b < 63 ? a << b : (e->bad = true, 0);
	case '>':
		return op->len == 1 ? a > b : op->text[1] == '=' ? a >= b :
		       b >= 0 && b < 63 ? a >> b : (e->bad = true, 0);
	case '+':
		return a + b;
	case '-':
		return a - b;
	case '*':
		return a * b;
	default:
		if (!b) {
			e->bad = true;
			return 0;
		}
		return op->text[0] == '/' ? a / b : a % b;
	}
}

static long long eval_expr(struct eval *e, int min_prec)
{
	long long v = eval_unary(e);

	while (!e->bad && e->i < e->n) {
		const struct token *op = &e->t[e->i];
		int p = prec(op);

		if (at(e, "?") && min_prec == 0) {
			long long x, y;

			e->i++;
			x = eval_expr(e, 0);
			if (!at(e, ":")) {
				e->bad = true;
				return 0;
			}
			e->i++;
			y = eval_expr(e, 0);
			v = v ? x : y;
			continue;
		}
		if (p < 0 || p < min_prec)
			break;
		e->i++;
		v = apply(e, op, v, eval_expr(e, p + 1));
	}
	return v;
}

static bool is_align_word(const struct token *t)
{
	return tok_is(t, "aligned") || tok_is(t, "__aligned__") || tok_is(t, "_Alignas") ||
	       tok_is(t, "alignas");
}

/* The largest aligned(N) in the expanded tokens; 0 if none can be evaluated. */
static unsigned eval_aligned(struct fe *fe, const struct tokens *toks)
{
	unsigned best = 0;

	for (size_t i = 0; i < toks->n; i++) {
		struct eval e = { 0 };
		struct tokens *arg;
		size_t j;
		int level = 0;
		long long v;

		if (!is_align_word(&toks->v[i]))
			continue;
		if (i + 1 >= toks->n || !tok_is(&toks->v[i + 1], "(")) {
			best = best > 16 ? best : 16;	/* bare `aligned`: the target's biggest */
			continue;
		}
		for (j = i + 2; j < toks->n; j++) {
			if (tok_is(&toks->v[j], "("))
				level++;
			else if (tok_is(&toks->v[j], ")") && level-- == 0)
				break;
		}
		arg = cl_xmalloc(sizeof(*arg));
		arg->n = 0;
		arg->overflow = false;
		expand(fe, &toks->v[i + 2], j - (i + 2), arg, 0);
		e.t = arg->v;
		e.n = arg->n;
		v = e.n ? eval_expr(&e, 0) : 0;
		if (!e.bad && !arg->overflow && e.i == e.n && v > 0 && !(v & (v - 1)) &&
		    (unsigned long long)v > best)
			best = (unsigned)v;
		free(arg);
		i = j;
	}
	return best;
}

unsigned align_attr_value(struct fe *fe, CXCursor attr)
{
	CXSourceRange r = clang_getCursorExtent(attr);
	CXFile file;
	unsigned off;
	size_t size, pos;
	const char *text;
	struct tokens *in, *out;
	struct token t;
	unsigned v = 0;
	int level = 0;

	fe_location(clang_getRangeStart(r), &file, NULL, NULL, &off);
	text = scan_contents(fe, file, &size);
	if (!text || off >= size)
		return 0;
	in = cl_xmalloc(sizeof(*in));
	out = cl_xmalloc(sizeof(*in));
	in->n = out->n = 0;
	in->overflow = out->overflow = false;
	/*
	 * The tokens at the attribute's expansion point: `aligned ( 16 )` in
	 * the source, or the macro that produced it (`____cacheline_aligned`,
	 * `__aligned ( 32 )`) with its arguments.
	 */
	pos = off;
	if (scan_token(text, size, &pos, &t)) {
		push(in, &t);
		if (scan_token(text, size, &pos, &t) && tok_is(&t, "(")) {
			do {
				push(in, &t);
				if (tok_is(&t, "("))
					level++;
				else if (tok_is(&t, ")"))
					level--;
			} while (level > 0 && in->n < 256 && scan_token(text, size, &pos, &t));
		}
	}
	expand(fe, in->v, in->n, out, 0);
	v = eval_aligned(fe, out);
	free(in);
	free(out);
	return v;
}
