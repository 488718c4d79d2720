// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_access.c - `cachelint lint --access-map`: every member access in a
 * unit's function bodies, from libclang's AST, in the terms of the GCC
 * plugin's walk (plugin/access_chain.cc, access_walk.cc).  This file
 * holds the steps of a reference to its object (a chain) and tells the
 * members a chain touches; clang_access_walk.c walks the statements, calls
 * and functions and builds each access's chain, whose steps it visits for
 * what they compute (an index, a pointer's value): the walk calls this
 * file, never the other way.
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

#include "infer/infer.h"

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

CXCursor acc_peel(CXCursor e, unsigned what)
{
	for (;;) {
		enum CXCursorKind k = acc_kind(e);
		struct kids ks;
		CXCursor next;

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
		    !(k == CXCursor_CStyleCastExpr && (what & ACC_PEEL_CASTS)) &&
		    !(k == CXCursor_StmtExpr && (what & ACC_PEEL_STMT_EXPR)))
			return e;
		ks = acc_children(e);
		if (k == CXCursor_CStyleCastExpr) {
			next = ks.n ? ks.v[ks.n - 1] : clang_getNullCursor();
		} else if (ks.n != 1) {
			next = clang_getNullCursor();
		} else if (k == CXCursor_StmtExpr) {
			/* ({ ...; value; }): its compound statement's last statement */
			struct kids body = acc_children(ks.v[0]);

			next = body.n ? body.v[body.n - 1] : clang_getNullCursor();
			free(body.v);
		} else {
			next = ks.v[0];
		}
		free(ks.v);
		if (clang_Cursor_isNull(next))
			return e;
		e = next;
	}
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

void acc_push(struct lchain *c, enum step_kind k, CXCursor at, bool followed)
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
	acc_push(c, STEP_RAW, clang_getNullCursor(), false);
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

static void line_at(struct aw *w, CXCursor at, const char *fn, unsigned facts, const char *roles,
		    const char *rec, const char *path, unsigned long long bits,
		    unsigned long long size)
{
	struct cl_access_line l = { 0 };
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
	l.facts = facts;
	l.roles = roles;
	cl_access_map_add(w->map, &l);
	clang_disposeString(name);
	if (!cl_strset_add(&w->recs, rec))
		*(CXType *)cl_vec_push(&w->rec_types, &w->nrec_types, &w->rec_types_cap) = w->frame;
}

/*
 * Setup code (an initializer, an allocator, a setter: core/infer's words),
 * as the plugin's setup_facts() says it.
 */
static unsigned setup_facts(const char *fn, unsigned facts)
{
	return fn ? cl_infer_setup_facts(fn, facts) : facts;
}

/*
 * One member touched: a line where the access is, and where a reached one
 * is made, with what the callee's own walk sees of it (the plugin's
 * via_facts): the caller's line adds the caller's region and function.
 * What setup code reaches is setup too, whatever the callee's own name,
 * and what a caller holding a lock reaches is under it.
 */
static void hit(struct aw *w, CXCursor at, const char *rec, const char *path,
		unsigned long long bits, unsigned long long bit_size, unsigned long long at_bits,
		unsigned long long at_size)
{
	unsigned facts = setup_facts(w->fn_name, w->facts);

	if (!at_size) {
		at_bits = bits;
		at_size = bit_size;
	}
	line_at(w, at, w->fn_name, facts, w->fn_roles, rec, path, at_bits, at_size);
	if (w->use)
		line_at(w, w->use->at, w->use->fn,
			setup_facts(w->use->fn, w->use->facts | (facts & CL_FACT_LOCKED)) |
				(facts & CL_FACT_SETUP),
			w->use->roles, rec, path, at_bits, at_size);
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

		if (!rec)
			continue;
		w->frame = acc_canon(t);
		frame(w, c, p, w->frame, rec);
	}
}

/*
 * The records @type holds as members (not through pointers, not in
 * arrays), at any depth, each an embed of @outer at its path and offset:
 * the plugin's embeds_of().  An anonymous member adds nothing to the path
 * and has no name to be an embed by, but what it holds counts.
 */
static void embeds_of(struct aw *w, const char *outer, CXType type, const char *prefix,
		      unsigned long long bits, unsigned depth)
{
	struct lint_fields f = { 0 };

	if (depth > 8)
		return;
	lint_record_fields(acc_canon(type), &f);
	for (size_t i = 0; i < f.n; i++) {
		CXType ft = clang_getCursorType(f.v[i]);
		long long off = clang_Cursor_getOffsetOfField(f.v[i]);
		CXString s;
		const char *path, *inner;

		if (off < 0 || !is_record(ft) || system_record(ft))
			continue;
		s = clang_getCursorSpelling(f.v[i]);
		path = *clang_getCString(s) ? path_join(w, prefix, clang_getCString(s)) : prefix;
		clang_disposeString(s);
		inner = record_name(w, ft);
		if (inner && *path) {
			struct cl_access_embed e = { outer, path,
				(bits + (unsigned long long)off) / 8, inner };

			cl_access_map_embed(w->map, &e);
		}
		embeds_of(w, outer, ft, path, bits + (unsigned long long)off, depth + 1);
	}
	free(f.v);
}

void acc_embeds(struct aw *w)
{
	for (size_t i = 0; i < w->nrec_types; i++)
		embeds_of(w, w->recs.v[i], w->rec_types[i], "", 0, 0);
}

/* Whether @c has a frame the walk tells (for summaries: the callee counts it). */
bool acc_has_frame(struct aw *w, const struct lchain *c)
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
static void summary_use(struct aw *w, const struct lchain *c, unsigned kinds, unsigned facts)
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
	u->facts = acc_context_facts(w, facts);
	u->member = acc_has_frame(w, c);
	u->once = w->once && !w->exited;
	u->at = at;
	u->fn = w->cur->name;
	u->roles = w->cur->roles;
}

/* As the plugin's context_facts(): the access's own, its lock region's, its function's. */
unsigned acc_context_facts(const struct aw *w, unsigned facts)
{
	return facts | (w->locks ? CL_FACT_LOCKED : 0) | w->fn_facts | (w->cold ? CL_FACT_COLD : 0);
}

/* Tell the access of @kinds that @c makes (or record it as a use, summarizing). */
void acc_tell(struct aw *w, struct lchain *c, unsigned kinds, unsigned facts)
{
	if (c->broken)
		return;
	if (w->cur) {
		if (c->parm_index >= 0)
			summary_use(w, c, kinds, facts);
		return;
	}
	w->kinds = kinds;
	w->facts = acc_context_facts(w, facts | (c->self ? CL_FACT_SELF : 0) |
				     (c->percpu ? CL_FACT_PERCPU : 0) | (c->fresh ? CL_FACT_FRESH : 0));
	w->use = NULL;
	acc_frames(w, c, 0, c->n);
}
