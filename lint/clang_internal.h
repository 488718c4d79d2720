/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clang_internal.h - what the parts of the libclang front end share
 *
 * clang_frontend.c walks the unit and converts records, clang_annot.c reads
 * the annotations (attributes and macro names), clang_align.c evaluates
 * aligned() arguments, source_scan.c lexes source text.
 */
#ifndef CACHELINT_CLANG_INTERNAL_H
#define CACHELINT_CLANG_INTERNAL_H

#include <stdarg.h>

#include "clang_frontend.h"
#include "model/hash.h"

enum macro_kind {
	MACRO_READ_MOSTLY,
	MACRO_WRITE_HOT,
	MACRO_WRITE_HOT_GROUP,
	MACRO_SUPPRESS,
	MACRO_PIN,
	MACRO_READ_ON,		/* in enum cl_paths_annotation order */
	MACRO_WRITTEN_ON,
	MACRO_WRITTEN_ON_SOME,
};

/**
 * struct macro_use - an annotation macro's expansion in the source
 * @file: the file (libclang's handle: equal pointers, equal files)
 * @offset: byte offset of the macro name
 * @kind: which macro
 * @len: length of the macro name
 */
struct macro_use {
	CXFile file;
	unsigned offset;
	enum macro_kind kind;
	unsigned len;
};

struct conv_entry;

/**
 * struct fe - the state of one unit's conversion
 * @tu: the unit
 * @out: the result
 * @opt: options
 * @uses: annotation macro expansions, sorted by (file, offset)
 * @nuses: number of @uses
 * @uses_cap: allocated @uses
 * @cache: what is known of each record declaration met, by cursor
 * @cache_n: number of @cache
 * @cache_cap: allocated @cache
 * @cache_index: @cache by clang_hashCursor()
 * @macros: macro definitions by name, for aligned() arguments (lazily)
 * @macros_built: @macros was filled
 * @errbuf: annotation errors so far
 * @errlen: length of @errbuf
 * @directory: the compile's directory (-p), NULL for the working directory
 * @last_file: the last CXFile whose name was asked
 * @last_name: its display name
 * @last_presumed: the last file name a #line directive gave (owned)
 * @last_presumed_name: its display name
 */
struct fe {
	CXTranslationUnit tu;
	struct lint_tu *out;
	const struct lint_fe_options *opt;
	struct macro_use *uses;
	size_t nuses, uses_cap;
	struct conv_entry *cache;
	size_t cache_n, cache_cap;
	struct cl_index cache_index;
	struct macro_table *macros;
	bool macros_built;
	char *errbuf;
	size_t errlen;
	char *notebuf;
	size_t notelen;
	struct { CXCursor *v; size_t n, cap; } templates;
	const char *directory;
	CXFile last_file;
	const char *last_name;
	char *last_presumed;
	const char *last_presumed_name;
	struct cl_map texts;
};

/* clang_common.c: what every file of the unit's walk uses */
const char *fe_file_name(struct fe *fe, CXFile file);
/* A cursor's expansion location: file, line, column, offset. */
void fe_location(CXSourceLocation loc, CXFile *file, unsigned *line, unsigned *col,
		 unsigned *offset);
/* @s from @loc: the file as the compile named it, a #line's name shown. */
void fe_span_from(struct fe *fe, struct cl_span *s, CXSourceLocation loc);
/* A record definition's key for the pipeline: "realpath:line:col". */
const char *fe_record_key(struct fe *fe, CXCursor decl);
/* Record an error in the unit ("file:line:col: error: cachelint: …"). */
void fe_error(struct fe *fe, CXCursor at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* clang_twins.c */
/* The unit's twins (casts between pointers to two records, unions of both) into fe->out. */
void twins_find(struct fe *fe);

/* clang_annot.c */
/* The class (and group) of a field from its attributes and macros; may fail with fe_error. */
void annot_field(struct fe *fe, CXCursor field, CXCursor prev, struct cl_access *acc,
		 uint32_t *flags);
/* Rules suppressed on a record, and whether it is __per_thread. */
unsigned annot_record_suppress(struct fe *fe, CXCursor rec, bool *per_thread);
/* A variable's __per_thread; an error when the variable is not an array. */
bool annot_variable_per_thread(struct fe *fe, CXCursor var);
/* __per_thread on a function, a parameter or a typedef: an error. */
void annot_misplaced_per_thread(struct fe *fe, CXCursor decl);
/* Whether the field carries a read-mostly/write-hot annotation (cheap test). */
bool annot_field_marked(struct fe *fe, CXCursor field);
/* The macro uses in [begin, end) of @file: index of the first, count in *n. */
size_t annot_uses_in(const struct fe *fe, CXFile file, unsigned begin, unsigned end, size_t *n);

/* clang_align.c */
/* The value of an aligned attribute of @field, 0 when it cannot be told. */
unsigned align_attr_value(struct fe *fe, CXCursor attr);
void align_free(struct fe *fe);

/* clang_offsets.c */
/*
 * The offsets in bits of a record's @n fields (clang_Type_visitFields
 * order), as clang_Cursor_getOffsetOfField() gives them (negative on
 * error), in time linear in @n; malloc()ed.
 */
long long *lint_field_offsets(const CXCursor *fields, size_t n, bool is_union, bool packed);

/* source_scan.c */
/* The file's text, NUL-terminated, as the unit saw it; NULL if none. */
const char *scan_contents(struct fe *fe, CXFile file, size_t *size);
/*
 * Offset of the first of @stops at nesting depth 0 from @from on, skipping
 * comments, strings and balanced brackets; @size when there is none, or
 * when a closing bracket of an outer level comes first.
 */
size_t scan_to(const char *text, size_t size, size_t from, const char *stops);
/*
 * The string literal argument of a macro call at @at ("name ( "a" "b" )"),
 * concatenated, in @a; NULL when it is not one.
 */
const char *scan_string_arg(const char *text, size_t size, size_t at, struct cl_arena *a);

/**
 * struct token - a preprocessing token of the little lexer
 * @text: its spelling (points into the text it came from, or the arena)
 * @len: length of @text
 * @kind: 'i' identifier, 'n' number, 's' string or char, 'p' punctuator
 */
struct token {
	const char *text;
	unsigned len;
	char kind;
};

/* The next token at or after @*pos in [text, text+size); false at the end. */
bool scan_token(const char *text, size_t size, size_t *pos, struct token *t);
/*
 * The offset of the first "struct [tag] {" or "union [tag] {" in [begin,
 * end) of @text, (size_t)-1 if there is none.
 */
size_t scan_defines_record(const char *text, size_t size, size_t begin, size_t end);

#endif /* CACHELINT_CLANG_INTERNAL_H */
