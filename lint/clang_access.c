// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_access.c - `cachelint lint --access-map`: every member access in a
 * unit's function bodies, from libclang's AST, in the terms of the GCC
 * plugin's walk (plugin/access_chain.cc, access_walk.cc).  This file
 * follows a reference to its object and tells the members it touches;
 * clang_access_walk.c walks the statements, calls and functions.
 *
 * An access is followed back to its object as the plugin does: through
 * member references (`p->in.x`), array elements (`a[2].y`), a dereference
 * of an address with a cast (`*(volatile u64 *)&p->m`, READ_ONCE), a
 * constant displacement (`(char *)p + 8`); each record on the way is a
 * frame that gives the members it touches, by path or, after a cast, by
 * bytes.  Whether it reads, writes or both is read from the AST's shape,
 * which macros do not hide: the left side of an assignment and the operand
 * of ++/-- are lvalues with no implicit conversion around them, a read is
 * an lvalue under one; `&x` and `*p` are told by their types.  Atomic
 * builtins (`__atomic_*`, `__c11_atomic_*`, `__sync_*`), pthread mutex,
 * spin and rwlock calls and asm operands (their constraints lexed from the
 * statement) are as the plugin has them, and so is reach: a member's
 * address passed to a function of the unit that a call cannot bypass
 * (static, inline, or any when the unit is not -fPIC) is followed into
 * that function's summary, once per call where the access runs once per
 * call (a statement at the top of its body, before any return).
 *
 * The lint walks the functions GCC emits: the external definitions, and
 * the static and inline ones that they, or the unit's variables, name.
 * What it cannot see that the plugin does (docs/access-map.md): a pointer
 * kept in a local variable (`q = &p->in; q->x` is `in.x`, not also the
 * outer struct's), a whole struct variable copied, passed or returned, a
 * `=` or `+` that a macro's body puts between two of its arguments, and a
 * condition inside an expression (`a && p->x`) in a function reached.
 */
#define _GNU_SOURCE
#include "clang_access_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Cursors and types                                                    */
/* ------------------------------------------------------------------ */

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	*(CXCursor *)cl_vec_push(&k->v, &k->n, &k->cap) = c;
	return CXChildVisit_Continue;
}

struct kids acc_children(CXCursor c)
{
	struct kids k = { 0 };

	clang_visitChildren(c, collect, &k);
	return k;
}

CXCursor acc_only_child(CXCursor c)
{
	struct kids k = acc_children(c);
	CXCursor r = k.n == 1 ? k.v[0] : clang_getNullCursor();

	free(k.v);
	return r;
}

enum CXCursorKind acc_kind(CXCursor c)
{
	return clang_getCursorKind(c);
}

CXType acc_canon(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Atomic)
		t = clang_getCanonicalType(clang_Type_getValueType(t));
	return t;
}

CXType acc_ctype(CXCursor c)
{
	return acc_canon(clang_getCursorType(c));
}

bool acc_is_pointer(CXType t)
{
	return acc_canon(t).kind == CXType_Pointer;
}

bool acc_is_array(CXType t)
{
	t = acc_canon(t);
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	       t.kind == CXType_VariableArray;
}

bool acc_is_atomic(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Atomic;
}

unsigned long long acc_type_bits(CXType t)
{
	long long n = clang_Type_getSizeOf(acc_canon(t));

	return n > 0 ? (unsigned long long)n * 8 : 0;
}

CXCursor acc_record_of(CXType t)
{
	CXCursor d;

	t = acc_canon(t);
	if (t.kind != CXType_Record)
		return clang_getNullCursor();
	d = clang_getCursorDefinition(clang_getTypeDeclaration(t));
	return clang_Cursor_isNull(d) ? clang_getNullCursor() : d;
}

static bool is_record(CXType t)
{
	return !clang_Cursor_isNull(acc_record_of(t));
}

static bool system_record(CXType t)
{
	CXCursor d = acc_record_of(t);

	return !clang_Cursor_isNull(d) &&
	       clang_Location_isInSystemHeader(clang_getCursorLocation(d));
}

static const char *record_name(struct aw *w, CXType t)
{
	CXCursor d = acc_record_of(t);
	bool tdef;

	if (clang_Cursor_isNull(d) || clang_Type_getSizeOf(acc_canon(t)) < 0)
		return NULL;
	return lint_record_name(d, &w->arena, &tdef);
}

/* The same object type, qualifiers aside. */
bool acc_same_type(CXType a, CXType b)
{
	a = acc_canon(a);
	b = acc_canon(b);
	if (a.kind != b.kind)
		return false;
	switch (a.kind) {
	case CXType_Record:
	case CXType_Enum:
		return clang_equalCursors(clang_getTypeDeclaration(a), clang_getTypeDeclaration(b));
	case CXType_Pointer:
		return acc_same_type(clang_getPointeeType(a), clang_getPointeeType(b));
	case CXType_ConstantArray:
		return clang_getArraySize(a) == clang_getArraySize(b) &&
		       acc_same_type(clang_getArrayElementType(a), clang_getArrayElementType(b));
	default:
		return true;
	}
}

bool acc_constant(CXCursor e, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;

	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

/* An implicit conversion (LValueToRValue, a decay, ...): libclang shows them unexposed. */
bool acc_implicit(CXCursor c)
{
	return acc_kind(c) == CXCursor_UnexposedExpr;
}

CXCursor acc_peel_parens(CXCursor c)
{
	while (acc_kind(c) == CXCursor_ParenExpr) {
		CXCursor k = acc_only_child(c);

		if (clang_Cursor_isNull(k))
			break;
		c = k;
	}
	return c;
}

/* An expression that designates an object as it is (no conversion around it). */
bool acc_lvalue_kind(CXCursor c)
{
	c = acc_peel_parens(c);
	switch (acc_kind(c)) {
	case CXCursor_MemberRefExpr:
	case CXCursor_DeclRefExpr:
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_CompoundLiteralExpr:
		return true;
	case CXCursor_UnaryOperator: {
		CXCursor k = acc_only_child(c);

		return !clang_Cursor_isNull(k) && acc_is_pointer(clang_getCursorType(k)) &&
		       acc_same_type(clang_getPointeeType(acc_ctype(k)), clang_getCursorType(c));
	}
	default:
		return false;
	}
}

/* ------------------------------------------------------------------ */
/* Chains                                                               */
/* ------------------------------------------------------------------ */

static void push(struct lchain *c, enum step_kind k, CXCursor at, bool followed)
{
	struct lstep *s;

	if (c->n >= LCHAIN_MAX) {
		c->broken = true;
		return;
	}
	s = &c->s[c->n++];
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->at = at;
	s->followed = followed;
	s->field = clang_getNullCursor();
}

void acc_push_raw(struct lchain *c, long long bits, unsigned long long size, CXType type,
		     bool has_type)
{
	push(c, STEP_RAW, clang_getNullCursor(), false);
	if (c->broken)
		return;
	c->s[c->n - 1].bits = bits;
	c->s[c->n - 1].known = true;
	c->s[c->n - 1].size = size;
	c->s[c->n - 1].type = type;
	c->s[c->n - 1].has_type = has_type;
}

/* The type before step @p; *@known false where a raw step left it unknown. */
CXType acc_type_at(const struct lchain *c, int p, bool *known)
{
	*known = true;
	if (!p)
		return c->origin;
	*known = c->s[p - 1].kind != STEP_RAW || c->s[p - 1].has_type;
	return c->s[p - 1].type;
}


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
			push(c, STEP_INDEX, k, true);
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
		}
		free(ks.v);
		return;
	}
	default:
		break;
	}
	acc_visit(w, e, CTX_READ);
	pointee_origin(c, e);
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
		push(c, STEP_FIELD, e, followed);
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
			push(c, STEP_INDEX, e, followed);
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
		if (acc_kind(e) == CXCursor_CompoundLiteralExpr)
			acc_visit(w, acc_only_child(e), CTX_READ);
		return;
	default:
		acc_visit(w, e, CTX_READ);
		c->broken = true;
		return;
	}
}

void acc_chain_init(struct lchain *c)
{
	memset(c, 0, sizeof(*c));
	c->parm_index = -1;
	c->where = clang_getNullCursor();
	c->stmt = clang_getNullCursor();
}

/* ------------------------------------------------------------------ */
/* Frames and lines                                                     */
/* ------------------------------------------------------------------ */

static void line_at(struct aw *w, CXCursor at, const char *fn, const char *rec, const char *path,
		    unsigned long long bits, unsigned long long size)
{
	struct cl_access_line l;
	CXFile file;
	unsigned line, col;
	CXString name;

	clang_getExpansionLocation(clang_getCursorLocation(at), &file, &line, &col, NULL);
	if (!file)
		return;
	name = clang_getFileName(file);
	l.file = clang_getCString(name);
	l.line = line;
	l.column = col;
	l.function = fn;
	l.record = rec;
	l.member = path;
	cl_access_map_bytes(bits, size, &l.offset, &l.size);
	l.kind = (enum cl_access_kind)w->kinds;
	cl_access_map_add(w->map, &l);
	clang_disposeString(name);
}

/* One member touched: a line where the access is (and where a reached one is made). */
static void hit(struct aw *w, CXCursor at, const char *rec, const char *path,
		unsigned long long bits, unsigned long long bit_size, unsigned long long at_bits,
		unsigned long long at_size)
{
	if (!at_size) {
		at_bits = bits;
		at_size = bit_size;
	}
	line_at(w, at, w->fn_name, rec, path, at_bits, at_size);
	if (w->use)
		line_at(w, w->use->at, w->use->fn, rec, path, at_bits, at_size);
}

static const char *path_join(struct aw *w, const char *prefix, const char *name)
{
	return *prefix ? cl_arena_printf(&w->arena, "%s.%s", prefix, name) :
			 cl_arena_strdup(&w->arena, name);
}

static unsigned long long field_bits(CXCursor f)
{
	if (clang_Cursor_isBitField(f))
		return (unsigned long long)clang_getFieldDeclBitWidth(f);
	return acc_type_bits(clang_getCursorType(f));
}

/*
 * The leaves of record @type (at @base bits, below @prefix): every one
 * (@lo == @hi == UINT64_MAX, a whole record) or those the bits [@lo, @hi)
 * overlap, where a record libc defines is one leaf.
 */
static void leaves(struct aw *w, CXCursor at, const char *rec, CXType type, const char *prefix,
		   unsigned long long base, unsigned long long lo, unsigned long long hi,
		   unsigned depth)
{
	bool all = lo == UINT64_MAX;
	struct lint_fields f = { 0 };

	if (depth > 16)
		return;
	lint_record_fields(acc_canon(type), &f);
	for (size_t i = 0; i < f.n; i++) {
		CXType ft = clang_getCursorType(f.v[i]);
		CXString s = clang_getCursorSpelling(f.v[i]);
		const char *name = clang_getCString(s);
		long long off = clang_Cursor_getOffsetOfField(f.v[i]);
		unsigned long long fb = base + (unsigned long long)(off < 0 ? 0 : off);
		unsigned long long fs = field_bits(f.v[i]);
		/* a flexible array runs on; a member of no bytes (x[0], a group marker) has none */
		bool flexible = acc_canon(ft).kind == CXType_IncompleteArray;
		unsigned long long fe = flexible ? UINT64_MAX : fb + fs;
		bool sub = is_record(ft) && (all || !system_record(ft));
		const char *path;

		if (off < 0 || (!*name && !sub) ||
		    (!all && (hi > lo ? fe <= lo || fb >= hi || fe == fb : lo < fb || lo >= fe))) {
			clang_disposeString(s);
			continue;
		}
		path = *name ? path_join(w, prefix, name) : prefix;
		clang_disposeString(s);
		if (sub) {
			leaves(w, at, rec, ft, path, fb, lo, hi, depth + 1);
		} else if (*path) {
			unsigned long long a = all || lo < fb ? fb : lo;
			unsigned long long b = all || hi > fe ? fe : hi;

			hit(w, at, rec, path, fb, fs, a, all || hi > lo ? b - a : 0);
		}
	}
	free(f.v);
}

/* The bits of step @s; false when not known. */
bool acc_step_bits(const struct lchain *c, int i, long long *bits)
{
	const struct lstep *s = &c->s[i];
	CXString name;
	bool known;
	long long off;

	if (s->kind != STEP_FIELD) {
		*bits = s->bits;
		return s->known;
	}
	name = clang_getCursorSpelling(s->field);
	off = clang_Type_getOffsetOf(acc_canon(acc_type_at(c, i, &known)), clang_getCString(name));
	clang_disposeString(name);
	*bits = off;
	return off >= 0 && known;
}

static unsigned long long access_size(const struct lchain *c)
{
	bool known;

	if (c->n && c->s[c->n - 1].kind == STEP_RAW)
		return c->s[c->n - 1].size;
	/* a bit-field is accessed as its bits (GCC's type of it is that wide) */
	if (c->n && c->s[c->n - 1].kind == STEP_FIELD && clang_Cursor_isBitField(c->s[c->n - 1].field))
		return (unsigned long long)clang_getFieldDeclBitWidth(c->s[c->n - 1].field);
	return acc_type_bits(acc_type_at(c, c->n, &known));
}

/* As the plugin's chain_location(): the access's own member, its `*`, the member in its address. */
CXCursor acc_location(const struct lchain *c, int from)
{
	for (int i = c->n - 1; i >= from; i--)
		if (c->s[i].kind == STEP_FIELD && !c->s[i].followed)
			return c->s[i].at;
	if (!clang_Cursor_isNull(c->where))
		return c->where;
	for (int i = c->n - 1; i >= from; i--)
		if (c->s[i].kind == STEP_FIELD)
			return c->s[i].at;
	return c->stmt;
}

/* The members of the record at position @p that @c touches (the plugin's frame_tell()). */
static void frame(struct aw *w, struct lchain *c, int p, CXType rt, const char *rec)
{
	CXCursor at = acc_location(c, p), last = clang_getNullCursor();
	const char *path = "";
	unsigned long long bits = 0;
	long long off = 0, b;
	bool known = true, known_type;
	int k = p;

	if (clang_Cursor_isNull(at) || (system_record(rt) && !(p < c->n && c->s[p].kind == STEP_FIELD)))
		return;
	for (; k < c->n && c->s[k].kind == STEP_FIELD; k++) {
		CXString s = clang_getCursorSpelling(c->s[k].field);

		if (!acc_step_bits(c, k, &b)) {
			clang_disposeString(s);
			return;
		}
		last = c->s[k].field;
		bits += (unsigned long long)b;
		if (*clang_getCString(s))
			path = path_join(w, path, clang_getCString(s));
		clang_disposeString(s);
		if (!is_record(clang_getCursorType(last))) {
			k++;
			break;
		}
	}
	for (int i = p; i < c->n && known; i++) {
		known = acc_step_bits(c, i, &b);
		off += b;
	}
	if (k < c->n && c->s[k].kind == STEP_RAW &&
	    (clang_Cursor_isNull(last) || is_record(clang_getCursorType(last)))) {
		unsigned long long size = access_size(c);

		if (known && off >= 0)
			leaves(w, at, rec, rt, "", 0, (unsigned long long)off,
			       (unsigned long long)off + size, 0);
		else if (*path)
			hit(w, at, rec, path, bits, field_bits(last), bits, 0);
		return;
	}
	if (clang_Cursor_isNull(last)) {
		if (p == c->n && !c->is_pointer && !c->origin_var && !system_record(rt))
			leaves(w, at, rec, rt, "", 0, UINT64_MAX, UINT64_MAX, 0);
		return;
	}
	if (is_record(clang_getCursorType(last)) && k == c->n) {
		leaves(w, at, rec, clang_getCursorType(last), path, bits, UINT64_MAX, UINT64_MAX, 0);
		return;
	}
	(void)acc_type_at(c, k, &known_type);
	if (!*path)
		return;
	if (known && off >= 0)
		hit(w, at, rec, path, bits, field_bits(last), (unsigned long long)off, access_size(c));
	else
		hit(w, at, rec, path, bits, field_bits(last), bits, 0);
}

void acc_frames(struct aw *w, struct lchain *c, int from, int to)
{
	for (int p = from; p <= to && p <= c->n; p++) {
		bool known;
		CXType t = acc_type_at(c, p, &known);
		const char *rec = known ? record_name(w, t) : NULL;

		if (rec)
			frame(w, c, p, acc_canon(t), rec);
	}
}

/* Whether @c has a frame the walk tells (for summaries: the callee counts it). */
static bool has_frame(struct aw *w, const struct lchain *c)
{
	for (int p = 0; p <= c->n; p++) {
		bool known;
		CXType t = acc_type_at(c, p, &known);

		if (known && record_name(w, t) && !system_record(t) && (p < c->n || !c->is_pointer))
			return true;
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Accesses                                                             */
/* ------------------------------------------------------------------ */

/* While summarizing: the access through @c is a use of its parameter. */
static void summary_use(struct aw *w, const struct lchain *c, unsigned kinds)
{
	struct use *u;
	long long off = 0, b;
	bool known;
	CXCursor at = acc_location(c, 0);

	for (int i = 0; i < c->n; i++) {
		if (!acc_step_bits(c, i, &b))
			return;
		off += b;
	}
	if (clang_Cursor_isNull(at))
		return;
	u = cl_vec_push(&w->cur->uses, &w->cur->nuses, &w->cur->cap_uses);
	u->param = c->parm_index;
	u->bits = off;
	u->size = access_size(c);
	u->type = acc_type_at(c, c->n, &known);
	u->has_type = known;
	u->kinds = kinds;
	u->member = has_frame(w, c);
	u->once = w->once && !w->exited;
	u->at = at;
	u->fn = w->cur->name;
}

/* Tell the access of @kinds that @c makes (or record it as a use, summarizing). */
void acc_tell(struct aw *w, struct lchain *c, unsigned kinds)
{
	if (c->broken)
		return;
	if (w->cur) {
		if (c->parm_index >= 0)
			summary_use(w, c, kinds);
		return;
	}
	w->kinds = kinds;
	w->use = NULL;
	acc_frames(w, c, 0, c->n);
}

/* An access of lvalue @e for @ctx. */
void acc_access(struct aw *w, CXCursor e, enum ctx ctx)
{
	struct lchain c;

	acc_chain_init(&c);
	acc_lvalue(w, e, &c, false);
	c.where = acc_peel_parens(e);	/* the access's own expression */
	if (ctx == CTX_DISCARD || (ctx == CTX_READ && acc_is_array(clang_getCursorType(e))))
		return;
	if (ctx == CTX_SPLIT) {
		acc_tell(w, &c, ACC_R);
		acc_tell(w, &c, ACC_W);
	} else {
		acc_tell(w, &c, ctx == CTX_READ ? ACC_R : ctx == CTX_WRITE ? ACC_W : ACC_R | ACC_W);
	}
}

/*
 * An access through the address @e by @stmt (an atomic's, a lock's;
 * @whole: the object as a whole).
 */
void acc_access_through(struct aw *w, CXCursor stmt, CXCursor e, unsigned kinds, bool whole)
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
	acc_tell(w, &c, kinds);
}

