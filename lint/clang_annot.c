// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_annot.c - the annotations of fields and records, three ways
 *
 * 1. annotate("cachelint:read_mostly"), annotate("cachelint:write_hot"),
 *    annotate("cachelint:write_hot:GROUP") on fields and
 *    annotate("cachelint:suppress:RULE") on records: what annotations/
 *    cachelint.h expands to under clang.  annotate("cachelint:per_thread")
 *    on records and array variables (__per_thread); only as an attribute:
 *    the macro name alone, where it expands to nothing, is not read.
 *    annotate("cachelint:read_on:PATHS"), "cachelint:written_on:PATHS" and
 *    "cachelint:written_on_some:PATHS" on fields (core/model/paths.h).
 * 2. The macro names __read_mostly, __read_mostly_field, __write_hot,
 *    __write_hot_group("g"), __read_on("p"), __written_on("p"),
 *    __written_on_some("p") and __cachelint_suppress("rule") wherever they
 *    appear in the declaration, even where the build defines them to
 *    nothing (the kernel, a project's own fallback header): the detailed
 *    preprocessing record keeps every expansion.
 * 3. Profiles, applied later by the core (cl_profile_apply).
 *
 * A field's declaration runs from the start of its extent to the ';' or ','
 * that ends its declarator; fields declared together (`long a, b;`) share
 * the specifiers before the first name, and each has its own declarator.
 * Contradictions are errors at the field, worded as the plugin words them.
 */
#include "clang_internal.h"

#include <string.h>

#include "model/names.h"
#include "model/paths.h"
#include "model/rules.h"

#define PREFIX "cachelint:"

static bool range_offsets(CXSourceRange r, CXFile *file, unsigned *begin, unsigned *end)
{
	CXFile f2;

	fe_location(clang_getRangeStart(r), file, NULL, NULL, begin);
	fe_location(clang_getRangeEnd(r), &f2, NULL, NULL, end);
	return *file && clang_File_isEqual(*file, f2) && *begin <= *end;
}

size_t annot_uses_in(const struct fe *fe, CXFile file, unsigned begin, unsigned end, size_t *n)
{
	size_t lo = 0, hi = fe->nuses, first;

	/* uses are sorted by file pointer, then offset */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct macro_use *u = &fe->uses[mid];

		if ((uintptr_t)u->file < (uintptr_t)file ||
		    (u->file == file && u->offset < begin))
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (lo < fe->nuses && fe->uses[lo].file == file && fe->uses[lo].offset < end)
		lo++;
	*n = lo - first;
	return first;
}

struct field_span {
	CXFile file;
	unsigned begin, end;		/* the declarator */
	unsigned spec_begin, spec_end;	/* specifiers shared with earlier fields */
	unsigned hole_begin, hole_end;	/* the body of a record defined in the type */
};

/*
 * `struct { int a __read_mostly; } x;` defines a record inside the field's
 * declaration: the annotations in its body are its own fields'.
 */
static void field_hole(CXCursor field, struct field_span *s)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(field));
	CXCursor decl;
	CXFile file;
	unsigned begin, end;

	s->hole_begin = s->hole_end = 0;
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind != CXType_Record)
		return;
	decl = clang_getTypeDeclaration(t);
	if (!range_offsets(clang_getCursorExtent(decl), &file, &begin, &end) ||
	    !clang_File_isEqual(file, s->file) || begin < s->spec_begin || end > s->end)
		return;
	s->hole_begin = begin;
	s->hole_end = end;
}

/* Where a field's declaration ends: the ';' or ',' after its extent. */
static unsigned decl_end(struct fe *fe, CXFile file, unsigned from)
{
	size_t size;
	const char *text = scan_contents(fe, file, &size);

	if (!text)
		return from;
	return (unsigned)scan_to(text, size, from, ";,");
}

static bool field_span(struct fe *fe, CXCursor field, CXCursor prev, struct field_span *s)
{
	CXFile pfile;
	unsigned pbegin, pend, name;

	if (!range_offsets(clang_getCursorExtent(field), &s->file, &s->begin, &s->end))
		return false;
	s->end = decl_end(fe, s->file, s->end);
	s->spec_begin = s->spec_end = s->begin;
	field_hole(field, s);
	if (clang_Cursor_isNull(prev) ||
	    !range_offsets(clang_getCursorExtent(prev), &pfile, &pbegin, &pend) ||
	    !clang_File_isEqual(pfile, s->file) || pbegin != s->begin)
		return true;
	/* `long a __write_hot, b;`: b's own part starts after a's ',' */
	fe_location(clang_getCursorLocation(prev), &pfile, NULL, NULL, &name);
	s->spec_begin = s->begin;
	s->spec_end = name;
	s->begin = decl_end(fe, s->file, pend) + 1;
	return true;
}

static bool same_group(const char *a, const char *b)
{
	return !a || !b ? a == b : !strcmp(a, b);
}

static void set_class(struct fe *fe, CXCursor field, struct cl_access *acc, enum cl_class cls,
		      const char *group)
{
	CXString name = clang_getCursorSpelling(field);
	const char *n = clang_getCString(name);

	if (!*n)
		n = "<anonymous>";
	/* a string literal may hold anything: names print escaped (names.h) */
	if (group)
		group = cl_name_escape(&fe->out->arena, group);
	if (acc->cls == CL_CLASS_PATHS)
		fe_error(fe, field, "cachelint: field '%s' is annotated both %s and with paths", n,
			 cls == CL_CLASS_READ_MOSTLY ? "read-mostly" : "write-hot");
	else if (acc->cls != CL_CLASS_NONE && acc->cls != cls)
		fe_error(fe, field, "cachelint: field '%s' is annotated both read-mostly and write-hot", n);
	else if (acc->cls == CL_CLASS_WRITE_HOT && !same_group(acc->group, group))
		fe_error(fe, field, "cachelint: field '%s' is annotated with two different write groups", n);
	else {
		acc->cls = cls;
		acc->origin = CL_ORIGIN_SOURCE;
		acc->group = group;
	}
	clang_disposeString(name);
}

static void add_paths(struct fe *fe, CXCursor field, struct cl_access *acc,
		      enum cl_paths_annotation kind, const char *list)
{
	CXString name = clang_getCursorSpelling(field);
	const char *n = clang_getCString(name), *err;

	err = cl_paths_annotation_add(acc, kind, list, *n ? n : "<anonymous>", &fe->out->arena);
	if (err)
		fe_error(fe, field, "%s", err);
	clang_disposeString(name);
}

static void macro_class(struct fe *fe, CXCursor field, const struct macro_use *u,
			struct cl_access *acc, uint32_t *flags)
{
	size_t size;
	const char *text, *group;

	switch (u->kind) {
	case MACRO_READ_MOSTLY:
		set_class(fe, field, acc, CL_CLASS_READ_MOSTLY, NULL);
		break;
	case MACRO_WRITE_HOT:
		set_class(fe, field, acc, CL_CLASS_WRITE_HOT, NULL);
		break;
	case MACRO_WRITE_HOT_GROUP:
		text = scan_contents(fe, u->file, &size);
		group = text ? scan_string_arg(text, size, u->offset, &fe->out->arena) : NULL;
		if (!group || !*group) {
			CXString name = clang_getCursorSpelling(field);

			fe_error(fe, field, "cachelint: the write group of field '%s' must be a non-empty string literal",
				 clang_getCString(name));
			clang_disposeString(name);
			break;
		}
		set_class(fe, field, acc, CL_CLASS_WRITE_HOT, group);
		break;
	case MACRO_SUPPRESS:
		fe_error(fe, field, "cachelint: a suppression belongs on a struct or union definition");
		break;
	case MACRO_PIN:
		*flags |= CL_MEMBER_PINNED;
		break;
	case MACRO_READ_ON:
	case MACRO_WRITTEN_ON:
	case MACRO_WRITTEN_ON_SOME:
		text = scan_contents(fe, u->file, &size);
		group = text ? scan_string_arg(text, size, u->offset, &fe->out->arena) : NULL;
		if (!group) {
			CXString name = clang_getCursorSpelling(field);

			fe_error(fe, field, "cachelint: the paths of field '%s' must be a string literal",
				 clang_getCString(name));
			clang_disposeString(name);
			break;
		}
		add_paths(fe, field, acc, (enum cl_paths_annotation)(u->kind - MACRO_READ_ON), group);
		break;
	}
}

static void macros_in(struct fe *fe, CXCursor field, const struct field_span *s, unsigned begin,
		      unsigned end, struct cl_access *acc, uint32_t *flags)
{
	size_t n, first = annot_uses_in(fe, s->file, begin, end, &n);

	for (size_t i = first; i < first + n; i++)
		if (fe->uses[i].offset < s->hole_begin || fe->uses[i].offset >= s->hole_end)
			macro_class(fe, field, &fe->uses[i], acc, flags);
}

struct attr_walk {
	struct fe *fe;
	CXCursor owner;
	struct cl_access *acc;	/* NULL for a record */
	uint32_t *flags;	/* the field's member flags (pin) */
	unsigned suppress;
	bool marked;		/* any read-mostly/write-hot annotation */
	bool per_thread;	/* a record's "cachelint:per_thread" */
};

static bool is_array(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	       t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

/* As the plugin words it (attributes.cc): what __per_thread does not apply to. */
static void per_thread_misplaced(struct fe *fe, CXCursor at, const char *what)
{
	CXString name = clang_getCursorSpelling(at);

	fe_error(fe, at, "cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to %s '%s'",
		 what, clang_getCString(name));
	clang_disposeString(name);
}

static void field_annotation(struct attr_walk *w, const char *s)
{
	if (!strcmp(s, "read_mostly"))
		set_class(w->fe, w->owner, w->acc, CL_CLASS_READ_MOSTLY, NULL);
	else if (!strcmp(s, "write_hot"))
		set_class(w->fe, w->owner, w->acc, CL_CLASS_WRITE_HOT, NULL);
	else if (!strncmp(s, "write_hot:", 10) && s[10])
		set_class(w->fe, w->owner, w->acc, CL_CLASS_WRITE_HOT,
			  cl_arena_strdup(&w->fe->out->arena, s + 10));
	else if (!strncmp(s, "suppress:", 9))
		fe_error(w->fe, w->owner,
			 "cachelint: a suppression belongs on a struct or union definition");
	else if (!strcmp(s, "pin"))
		*w->flags |= CL_MEMBER_PINNED;
	else if (!strcmp(s, "per_thread") && is_array(clang_getCursorType(w->owner)))
		*w->flags |= CL_MEMBER_PER_THREAD;
	else if (!strcmp(s, "per_thread"))
		per_thread_misplaced(w->fe, w->owner, "field");
	else if (strchr(s, ':') &&
		 cl_paths_annotation_kind(s, (size_t)(strchr(s, ':') - s)) >= 0)
		add_paths(w->fe, w->owner, w->acc,
			  (enum cl_paths_annotation)cl_paths_annotation_kind(s, (size_t)(strchr(s, ':') - s)),
			  strchr(s, ':') + 1);
	else
		fe_error(w->fe, w->owner, "cachelint: unknown annotation '" PREFIX "%s'", s);
}

static void suppress_rule(struct fe *fe, CXCursor at, const char *rule, unsigned *mask)
{
	unsigned m = cl_rule_mask(rule);

	if (!m)
		fe_error(fe, at, "cachelint: unknown rule '%s' in a suppression (expected a rule ID such as 'cachelint-false-sharing', or 'all')",
			 rule);
	*mask |= m;
}

static enum CXChildVisitResult attr_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct attr_walk *w = data;
	CXString str;
	const char *s;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_AnnotateAttr)
		return CXChildVisit_Continue;
	str = clang_getCursorSpelling(c);
	s = clang_getCString(str);
	if (!strncmp(s, PREFIX, strlen(PREFIX))) {
		s += strlen(PREFIX);
		if (!w->acc && !strncmp(s, "suppress:", 9))
			suppress_rule(w->fe, w->owner, s + 9, &w->suppress);
		else if (!w->acc && !strcmp(s, "per_thread"))
			w->per_thread = true;
		else if (!w->acc)
			fe_error(w->fe, w->owner,
				 "cachelint: the '%s' annotation applies to struct and union fields only",
				 s);
		else if (w->acc != (struct cl_access *)1)
			field_annotation(w, s);
		else if (!strcmp(s, "per_thread") && is_array(clang_getCursorType(w->owner)))
			w->marked = true;
		else if (!strcmp(s, "per_thread"))	/* said here: the record may not be converted */
			per_thread_misplaced(w->fe, w->owner, "field");
		else if (strncmp(s, "suppress:", 9) && strcmp(s, "pin"))
			w->marked = true;
	}
	clang_disposeString(str);
	return CXChildVisit_Continue;
}

void annot_field(struct fe *fe, CXCursor field, CXCursor prev, struct cl_access *acc,
		 uint32_t *flags)
{
	struct attr_walk w = { fe, field, acc, flags, 0, false, false };
	struct field_span s;

	memset(acc, 0, sizeof(*acc));
	if (clang_Cursor_hasAttrs(field))
		clang_visitChildren(field, attr_visit, &w);
	if (!fe->nuses || !field_span(fe, field, prev, &s))
		return;
	if (s.spec_end > s.spec_begin)
		macros_in(fe, field, &s, s.spec_begin, s.spec_end, acc, flags);
	macros_in(fe, field, &s, s.begin, s.end, acc, flags);
}

bool annot_field_marked(struct fe *fe, CXCursor field)
{
	struct attr_walk w = { fe, field, (struct cl_access *)1, NULL, 0, false, false };
	struct field_span s;
	size_t n, first;

	if (clang_Cursor_hasAttrs(field)) {
		clang_visitChildren(field, attr_visit, &w);
		if (w.marked)
			return true;
	}
	if (!fe->nuses || !range_offsets(clang_getCursorExtent(field), &s.file, &s.begin, &s.end))
		return false;
	/* Generous: the field's extent up to its ';' (shared specifiers too). */
	s.end = decl_end(fe, s.file, s.end);
	s.spec_begin = s.begin;
	field_hole(field, &s);
	first = annot_uses_in(fe, s.file, s.begin, s.end, &n);
	for (size_t i = first; i < first + n; i++)
		if (fe->uses[i].kind != MACRO_SUPPRESS && fe->uses[i].kind != MACRO_PIN &&
		    (fe->uses[i].offset < s.hole_begin || fe->uses[i].offset >= s.hole_end))
			return true;
	return false;
}

/* __cachelint_suppress("rule") before the '{' or after the '}' of a record. */
static void suppress_macros(struct fe *fe, CXCursor rec, unsigned *mask)
{
	CXFile file;
	unsigned begin, end, brace, tail;
	size_t size, n, first;
	const char *text;

	if (!range_offsets(clang_getCursorExtent(rec), &file, &begin, &end))
		return;
	text = scan_contents(fe, file, &size);
	if (!text)
		return;
	brace = (unsigned)scan_to(text, size, begin, "{");
	/*
	 * A record made by a macro (the kernel's struct_group_tagged()) has
	 * its whole extent at the expansion point: its braces are not in this
	 * text, and the scan for them would run past the macro's ')' into
	 * whatever follows (a __read_mostly variable further down the file).
	 */
	if (brace >= end)
		return;
	tail = (unsigned)scan_to(text, size, end, ";,=");
	for (int part = 0; part < 2; part++) {
		first = part ? annot_uses_in(fe, file, end, tail, &n) :
			       annot_uses_in(fe, file, begin, brace, &n);
		for (size_t i = first; i < first + n; i++) {
			const struct macro_use *u = &fe->uses[i];
			const char *rule;

			if (u->kind != MACRO_SUPPRESS && part)
				continue;	/* after the '}': a declarator's own */
			if (u->kind == MACRO_PIN) {
				fe_error(fe, rec, "cachelint: a pin applies to struct and union fields only, not to a type");
				continue;
			}
			if (u->kind != MACRO_SUPPRESS) {
				fe_error(fe, rec, "cachelint: the %s annotation applies to struct and union fields only, not to a type",
					 u->kind == MACRO_READ_MOSTLY ? "read-mostly" :
					 u->kind >= MACRO_READ_ON ?
					 cl_paths_annotation_name((enum cl_paths_annotation)(u->kind - MACRO_READ_ON)) :
					 "write-hot");
				continue;
			}
			rule = scan_string_arg(text, size, u->offset, &fe->out->arena);
			if (!rule)
				fe_error(fe, rec, "cachelint: a suppression names a rule ID as a string literal");
			else
				suppress_rule(fe, rec, rule, mask);
		}
	}
}

unsigned annot_record_suppress(struct fe *fe, CXCursor rec, bool *per_thread)
{
	struct attr_walk w = { fe, rec, NULL, NULL, 0, false, false };

	if (clang_Cursor_hasAttrs(rec))
		clang_visitChildren(rec, attr_visit, &w);
	if (fe->nuses)
		suppress_macros(fe, rec, &w.suppress);
	if (per_thread)
		*per_thread = w.per_thread;
	return w.suppress;
}

static enum CXChildVisitResult per_thread_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	CXString str;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_AnnotateAttr)
		return CXChildVisit_Continue;
	str = clang_getCursorSpelling(c);
	if (!strcmp(clang_getCString(str), PREFIX "per_thread"))
		*(bool *)data = true;
	clang_disposeString(str);
	return CXChildVisit_Continue;
}

bool annot_variable_per_thread(struct fe *fe, CXCursor var)
{
	bool yes = false;

	if (clang_Cursor_hasAttrs(var))
		clang_visitChildren(var, per_thread_visit, &yes);
	if (yes && !is_array(clang_getCursorType(var))) {
		per_thread_misplaced(fe, var, "variable");
		return false;
	}
	return yes;
}

static enum CXChildVisitResult own_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	CXSourceRange r = clang_getCursorExtent(parent);
	unsigned at, begin;
	CXFile fa, fb;
	CXString str;

	if (clang_getCursorKind(c) != CXCursor_AnnotateAttr)
		return CXChildVisit_Continue;
	str = clang_getCursorSpelling(c);
	clang_getFileLocation(clang_getCursorLocation(c), &fa, NULL, NULL, &at);
	clang_getFileLocation(clang_getRangeStart(r), &fb, NULL, NULL, &begin);
	if (!strcmp(clang_getCString(str), PREFIX "per_thread") && clang_File_isEqual(fa, fb) &&
	    at >= begin)
		*(bool *)data = true;
	clang_disposeString(str);
	return CXChildVisit_Continue;
}

/*
 * Whether @decl's __per_thread is written on it, not inherited from an
 * earlier declaration (which is before it, or in another file).  An
 * attribute may follow a declaration's extent (a parameter's ends with its
 * name), never precede it.
 */
static bool written_here(CXCursor decl)
{
	bool yes = false;

	clang_visitChildren(decl, own_visit, &yes);
	return yes;
}

/*
 * The plugin's words for a declaration (attributes.cc's describe()).  An
 * attribute that a redeclaration inherits is said once, at the declaration
 * that wrote it, as GCC does.
 */
void annot_misplaced_per_thread(struct fe *fe, CXCursor decl)
{
	enum CXCursorKind k = clang_getCursorKind(decl);
	bool yes = false;

	if (!clang_Cursor_hasAttrs(decl))
		return;
	clang_visitChildren(decl, per_thread_visit, &yes);
	if (!yes)
		return;
	if (!written_here(decl))
		return;
	per_thread_misplaced(fe, decl, k == CXCursor_FunctionDecl ? "function" :
				       k == CXCursor_ParmDecl ? "parameter" : "typedef");
}
