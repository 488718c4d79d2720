// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_common.c - what the lint's files ask of one another: where a
 * cursor is (the expansion location, the file as the compile named it, a
 * #line directive's name), an error at a cursor said once per unit, and a
 * record's name (qualified as the plugin names it) and its fields
 *
 * The converter (clang_frontend.c), the annotations (clang_annot.c), the
 * alignments (clang_align.c) and the access walk (clang_access*.c) use
 * these; they use none of those.
 */
#include "clang_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/source_cache.h"
#include "emit/files.h"

void fe_location(CXSourceLocation loc, CXFile *file, unsigned *line, unsigned *col,
		 unsigned *offset)
{
	clang_getExpansionLocation(loc, file, line, col, offset);
}

/*
 * The name a file is printed by: libclang's, which is the path as the
 * compiler was given it; in a compile database entry run elsewhere, made
 * absolute, and relative again when it is below the working directory.
 */
static const char *display_name(struct fe *fe, const char *name, const char *directory)
{
	char *abs, *rel, *joined;
	const char *out;

	if (!directory)
		return cl_arena_strdup(&fe->out->arena, name);
	joined = cl_xmalloc(strlen(directory) + strlen(name) + 2);
	if (name[0] == '/')
		strcpy(joined, name);
	else
		sprintf(joined, "%s/%s", directory, name);
	abs = cl_path_absolute(joined);
	rel = cl_path_relative(abs, ".");
	out = cl_arena_strdup(&fe->out->arena, rel ? rel : abs);
	free(joined);
	free(abs);
	free(rel);
	return out;
}

const char *fe_file_name(struct fe *fe, CXFile file)
{
	CXString s;

	if (!file)
		return NULL;
	if (fe->last_file && clang_File_isEqual(file, fe->last_file))
		return fe->last_name;
	s = clang_getFileName(file);
	fe->last_name = display_name(fe, clang_getCString(s), fe->directory);
	fe->last_file = file;
	clang_disposeString(s);
	return fe->last_name;
}

/* The name a #line directive gives a file, printed as fe_file_name() prints one. */
static const char *presumed_name(struct fe *fe, const char *name)
{
	if (fe->last_presumed && !strcmp(fe->last_presumed, name))
		return fe->last_presumed_name;
	free(fe->last_presumed);
	fe->last_presumed = cl_xstrdup(name);
	fe->last_presumed_name = display_name(fe, name, fe->directory);
	return fe->last_presumed_name;
}

/*
 * The place of @loc (in @file, at s->line) that a #line directive gives,
 * where it is another: what diagnostics print, as GCC prints it.  The text
 * is still read at the real place.
 */
static void span_presumed(struct fe *fe, struct cl_span *s, CXSourceLocation loc, CXFile file)
{
	CXString name, real = clang_getFileName(file);
	unsigned line = 0;

	clang_getPresumedLocation(loc, &name, &line, NULL);
	if (line && *clang_getCString(name) &&
	    (line != s->line || strcmp(clang_getCString(name), clang_getCString(real)))) {
		s->shown_file = presumed_name(fe, clang_getCString(name));
		s->shown_line = line;
	}
	clang_disposeString(name);
	clang_disposeString(real);
}

void fe_span_from(struct fe *fe, struct cl_span *s, CXSourceLocation loc)
{
	CXFile file;

	fe_location(loc, &file, &s->line, &s->col, NULL);
	s->file = fe_file_name(fe, file);
	if (!s->file)
		s->line = s->col = 0;
	else
		span_presumed(fe, s, loc, file);
}

void fe_error(struct fe *fe, CXCursor at, const char *fmt, ...)
{
	struct cl_span s = { 0 };
	struct cl_diag d;
	char line[CL_DIAG_LINE_MAX + 1];
	va_list ap;
	size_t n;

	fe_span_from(fe, &s, clang_getCursorLocation(at));
	if (s.file) {
		/* as GCC counts columns (tabs to the next multiple of 8), as findings */
		struct cl_source_cache cache;

		cl_source_cache_init(&cache);
		s.col = cl_source_column(&cache, s.file, s.line, s.col, CL_COLUMN_DISPLAY);
		cl_source_cache_free(&cache);
	}
	va_start(ap, fmt);
	cl_diag_vset(&d, s.file ? cl_span_shown_file(&s) : NULL, cl_span_shown_line(&s), s.col,
		     fmt, ap);
	va_end(ap);
	d.compiler = true;
	cl_diag_line(&d, line, sizeof(line) - 1);
	n = strlen(line);
	line[n++] = '\n';
	line[n] = '\0';
	if (fe->errbuf && strstr(fe->errbuf, line))	/* said already (attribute and macro) */
		return;
	fe->errbuf = cl_xrealloc(fe->errbuf, fe->errlen + n + 1);
	memcpy(fe->errbuf + fe->errlen, line, n + 1);
	fe->errlen += n;
}

/*
 * @name in the namespaces and classes around @decl: "ns::plain", as the
 * plugin (GCC's printable name) and the DWARF reader name it and profiles
 * key it; a nameless namespace is "{anonymous}", as GCC prints it.  A
 * struct inside a function or at file scope keeps its name.
 */
static const char *qualified(CXCursor decl, struct cl_arena *a, const char *name)
{
	for (CXCursor p = clang_getCursorSemanticParent(decl); !clang_Cursor_isNull(p);
	     p = clang_getCursorSemanticParent(p)) {
		enum CXCursorKind k = clang_getCursorKind(p);
		CXString s;
		const char *scope;

		if (k != CXCursor_Namespace && k != CXCursor_StructDecl &&
		    k != CXCursor_ClassDecl && k != CXCursor_UnionDecl)
			break;
		s = clang_getCursorSpelling(p);
		scope = clang_getCString(s);
		name = cl_arena_printf(a, "%s::%s", *scope ? scope : "{anonymous}", name);
		clang_disposeString(s);
	}
	return name;
}

/* The search of variable_of(): the record, and the first variable of it. */
struct var_search {
	CXCursor rec;
	CXString name;
	bool found;
};

static enum CXChildVisitResult find_variable(CXCursor c, CXCursor parent, CXClientData data)
{
	struct var_search *s = data;
	CXType t = clang_getCursorType(c);

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl || clang_Cursor_hasVarDeclExternalStorage(c) ||
	    clang_Cursor_getStorageClass(c) == CX_SC_Auto ||
	    (clang_Cursor_getStorageClass(c) == CX_SC_None &&
	     clang_getCursorKind(clang_getCursorSemanticParent(c)) != CXCursor_TranslationUnit))
		return CXChildVisit_Continue;
	while (clang_getArrayElementType(t).kind != CXType_Invalid)
		t = clang_getArrayElementType(t);
	if (!clang_equalCursors(clang_getTypeDeclaration(clang_getCanonicalType(t)), s->rec))
		return CXChildVisit_Continue;
	s->name = clang_getCursorSpelling(c);
	s->found = true;
	return CXChildVisit_Break;
}

/*
 * `static struct {…} x;` (or `x[4]`): a record with no tag and no typedef
 * is known by the first variable of static storage defined of it, as the
 * plugin knows it (plugin/cachelint.cc, anonymous_variable()): the
 * variable is beside it, in the same declaration.  An extern declaration
 * names nothing.  C only: C++ names such a record for linkage.
 */
static const char *variable_of(CXCursor decl, struct cl_arena *a)
{
	/*
	 * The last answer, per thread (units are parsed on threads): the
	 * access walk asks at every access, and the search visits every
	 * declaration of the unit.  The name is copied, never kept from
	 * an arena that may be gone.
	 */
	static _Thread_local CXCursor last;
	static _Thread_local char last_name[256];
	static _Thread_local bool last_found;
	struct var_search s = { decl, { 0 }, false };

	if (clang_getCursorLanguage(decl) == CXLanguage_CPlusPlus ||
	    clang_Cursor_isAnonymousRecordDecl(decl))
		return NULL;
	if (!clang_equalCursors(last, decl)) {
		clang_visitChildren(clang_getCursorLexicalParent(decl), find_variable, &s);
		last = decl;
		last_found = s.found && *clang_getCString(s.name) &&
			     strlen(clang_getCString(s.name)) < sizeof(last_name);
		if (last_found)
			strcpy(last_name, clang_getCString(s.name));
		if (s.found)
			clang_disposeString(s.name);
	}
	return last_found ? cl_arena_strdup(a, last_name) : NULL;
}

const char *lint_record_name(CXCursor decl, struct cl_arena *a, bool *typedef_name)
{
	CXString s = clang_getCursorSpelling(decl);
	const char *name = clang_getCString(s), *out = NULL;

	*typedef_name = false;
	if (*name) {
		out = qualified(decl, a, cl_arena_strdup(a, name));
	} else if (!clang_Cursor_isAnonymous(decl)) {
		CXString t = clang_getTypeSpelling(clang_getCursorType(decl));
		const char *tn = clang_getCString(t);

		if (!strncmp(tn, "struct ", 7))
			tn += 7;
		else if (!strncmp(tn, "union ", 6))
			tn += 6;
		if (*tn && !strchr(tn, ' ')) {
			out = cl_arena_strdup(a, tn);
			*typedef_name = true;
		}
		clang_disposeString(t);
	}
	if (!out && !*name && (out = variable_of(decl, a)))
		*typedef_name = true;
	clang_disposeString(s);
	return out;
}


static enum CXVisitorResult collect_field(CXCursor c, CXClientData data)
{
	struct lint_fields *f = data;

	*(CXCursor *)cl_vec_push(&f->v, &f->n, &f->cap) = c;
	return CXVisit_Continue;
}

void lint_record_fields(CXType t, struct lint_fields *f)
{
	clang_Type_visitFields(t, collect_field, f);
}

const char *fe_record_key(struct fe *fe, CXCursor decl)
{
	CXFile file;
	unsigned line, col;
	CXString real;
	const char *path, *key;

	fe_location(clang_getCursorLocation(decl), &file, &line, &col, NULL);
	real = clang_File_tryGetRealPathName(file);
	path = clang_getCString(real);
	if ((!path || !*path) && file) {
		clang_disposeString(real);
		real = clang_getFileName(file);
		path = clang_getCString(real);
	}
	key = cl_arena_printf(&fe->out->arena, "%s:%u:%u", path ? path : "", line, col);
	clang_disposeString(real);
	return key;
}
