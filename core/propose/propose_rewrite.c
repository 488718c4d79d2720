// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * propose_rewrite.c - a proposal as an edit of the source text
 *
 * The struct body is split into declarations at the semicolons outside
 * nested braces and parentheses.  Each member owns a chunk of whole lines:
 * its declaration and the comment and blank lines above it; a comment after
 * the semicolon on the same line stays with it.  The proposal permutes the
 * chunks, so the body keeps its number of lines and every line of the new
 * body is a line of the old one (but for an added alignment): each front end
 * can turn that into one fix-it or diff hunk line per line.
 *
 * Where that cannot be done faithfully the result is a reason, never a
 * corrupt edit: declarations sharing a line ("int a, b;", "unsigned x:3,
 * y:5;", "int a; int b;"), preprocessor lines inside the body (#if fields),
 * members produced by a macro expansion, and declarations that are not
 * members (unnamed bit-fields, static assertions), whose place matters.
 */
#include "propose_rewrite.h"
#include "model/source.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A position in the file: 1-based line, 0-based byte in the line. */
struct pos {
	unsigned line;
	size_t col;
};

/**
 * struct stmt - one declaration of the body
 * @start: its first character
 * @end: its semicolon
 * @member: the member it declares (SIZE_MAX: none yet)
 * @chunk_first: first line of its chunk
 * @chunk_last: last line of its chunk: its semicolon's, or that of the
 *              last comment line continuing the comment after it
 */
struct stmt {
	struct pos start, end;
	size_t member;
	unsigned chunk_first, chunk_last;
};

struct scan {
	const struct cl_source_text *src;
	struct pos p;
	struct cl_arena *arena;
};

static const char *line_at(const struct scan *s, unsigned line)
{
	return line >= 1 && line <= s->src->nlines ? s->src->lines[line - 1] : NULL;
}

static int peek(const struct scan *s, size_t ahead)
{
	const char *l = line_at(s, s->p.line);

	if (!l)
		return EOF;
	if (s->p.col + ahead < strlen(l))
		return (unsigned char)l[s->p.col + ahead];
	return ahead == 0 || s->p.col + ahead == strlen(l) ? '\n' : ' ';
}

static void advance(struct scan *s)
{
	const char *l = line_at(s, s->p.line);

	if (l && s->p.col < strlen(l)) {
		s->p.col++;
	} else {
		s->p.line++;
		s->p.col = 0;
	}
}

static bool at_end(const struct scan *s)
{
	return s->p.line > s->src->nlines;
}

/* Skip a comment or a string/char literal at the cursor; false if none. */
static bool skip_lexeme(struct scan *s)
{
	int c = peek(s, 0);

	if (c == '/' && peek(s, 1) == '/') {
		s->p.line++;
		s->p.col = 0;
		return true;
	}
	if (c == '/' && peek(s, 1) == '*') {
		advance(s);
		advance(s);
		while (!at_end(s) && !(peek(s, 0) == '*' && peek(s, 1) == '/'))
			advance(s);
		advance(s);
		advance(s);
		return true;
	}
	if (c == '"' || c == '\'') {
		advance(s);
		while (!at_end(s) && peek(s, 0) != c && peek(s, 0) != '\n') {
			if (peek(s, 0) == '\\')
				advance(s);
			advance(s);
		}
		advance(s);
		return true;
	}
	return false;
}

static bool blank_before(const char *l, size_t col)
{
	for (size_t i = 0; i < col; i++)
		if (!isspace((unsigned char)l[i]))
			return false;
	return true;
}

/* Only whitespace or a comment that ends on this line after @col? */
static bool clean_after(const char *l, size_t col)
{
	const char *p = l + col;

	while (*p && isspace((unsigned char)*p))
		p++;
	if (!*p || (p[0] == '/' && p[1] == '/'))
		return true;
	if (p[0] == '/' && p[1] == '*') {
		const char *e = strstr(p + 2, "*/");

		if (!e)
			return false;
		return clean_after(l, (size_t)(e + 2 - l));
	}
	return false;
}

static bool is_blank_line(const char *l)
{
	return blank_before(l, strlen(l));
}

/* The '{' that opens the body: the first one from the record's name on. */
static bool find_open_brace(struct scan *s)
{
	while (!at_end(s)) {
		if (skip_lexeme(s))
			continue;
		if (peek(s, 0) == '{')
			return true;
		if (peek(s, 0) == ';')
			return false;
		advance(s);
	}
	return false;
}

/*
 * Split the body into declarations.  @close gets the position of the '}'.
 * Returns a reason on a preprocessor line in the body.
 */
static const char *split(struct scan *s, struct stmt **out, size_t *n, struct pos *close)
{
	size_t cap = 0;
	int depth = 0;
	bool in_stmt = false;
	struct stmt cur = { 0 };

	*out = NULL;
	*n = 0;
	advance(s);	/* past '{' */
	while (!at_end(s)) {
		int c = peek(s, 0);
		const char *l = line_at(s, s->p.line);

		if (blank_before(l, s->p.col) && c == '#')
			return "a preprocessor line (#if, #ifdef, #define ...) inside the struct: fields may depend on it";
		if (skip_lexeme(s) || c == '\n' || isspace(c)) {
			if (c != '/' && c != '"' && c != '\'')
				advance(s);
			continue;
		}
		if (!in_stmt) {
			if (c == '}' && depth == 0) {
				*close = s->p;
				return NULL;
			}
			in_stmt = true;
			cur.start = s->p;
			cur.member = SIZE_MAX;
		}
		if (c == '{' || c == '(' || c == '[')
			depth++;
		else if (c == '}' || c == ')' || c == ']')
			depth--;
		else if (c == ';' && depth == 0) {
			cur.end = s->p;
			*cl_vec_push(out, n, &cap) = cur;
			in_stmt = false;
		}
		advance(s);
	}
	return "the end of the struct was not found in the source";
}

static bool pos_le(struct pos a, struct pos b)
{
	return a.line < b.line || (a.line == b.line && a.col <= b.col);
}

/* Which declaration each member is in; a reason if that is not one to one. */
/*
 * The statement that holds @at, or @nst: the statements are in source
 * order and do not overlap, so a binary search finds it (a struct of
 * 100,000 members is mapped in n log n).
 */
static size_t stmt_at(const struct stmt *st, size_t nst, struct pos at)
{
	size_t lo = 0, hi = nst;

	/* the first statement that ends at or after @at */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (pos_le(st[mid].end, at) && !(st[mid].end.line == at.line &&
						  st[mid].end.col == at.col))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nst && pos_le(st[lo].start, at) && pos_le(at, st[lo].end) ? lo : nst;
}

static const char *map_members(const struct cl_record *rec, struct stmt *st, size_t nst)
{
	for (size_t i = 0; i < rec->nmembers; i++) {
		const struct cl_member *m = &rec->members[i];
		struct pos at = { m->span.line, m->span.col ? m->span.col - 1 : 0 };
		size_t k;

		/*
		 * A field a macro makes has no text of its own -- except the
		 * kernel's cacheline group markers, whose invocation is a
		 * statement of the body and moves as one.
		 */
		if ((m->flags & CL_MEMBER_FROM_MACRO) &&
		    !(m->name && !strncmp(m->name, "__cacheline_group_", 18)))
			return "a field is produced by a macro expansion: its text is not in the struct";
		if (m->flags & (CL_MEMBER_BASE | CL_MEMBER_ARTIFICIAL))
			return "a C++ class with base classes or a vptr, which are not declarations of its body";
		k = stmt_at(st, nst, at);
		if (k == nst)
			return "a field's declaration was not found in the struct body";
		if (st[k].member != SIZE_MAX)
			return "several fields are declared in one declaration ('int a, b;'): they cannot move apart";
		st[k].member = i;
	}
	for (size_t k = 0; k < nst; k++)
		if (st[k].member == SIZE_MAX)
			return "the struct holds declarations that are not fields (an unnamed bit-field, a static assertion) whose place matters";
	return NULL;
}

/* The display column (tabs to multiples of 8) of byte @col of @l. */
static size_t display_col(const char *l, size_t col)
{
	size_t d = 0;

	for (size_t i = 0; i < col && l[i]; i++)
		d = l[i] == '\t' ? (d / 8 + 1) * 8 : d + 1;
	return d;
}

/* Where a comment starts on @l after byte @col, or -1. */
static long comment_after(const char *l, size_t col)
{
	const char *p = l + col;

	while (*p && isspace((unsigned char)*p))
		p++;
	if (p[0] == '/' && (p[1] == '*' || p[1] == '/'))
		return (long)(p - l);
	return -1;
}

/*
 * A comment after a declaration that goes on in comments of their own, on
 * the lines below, lined up under it -- as kernel headers write
 * "usage_in_excess;" followed by "Set to the value by which" and, a line
 * lower, "the soft limit is exceeded" -- belongs to that declaration (up to
 * but not including line @limit).
 */
static unsigned continued_comment(const struct scan *s, const struct stmt *st, unsigned limit)
{
	const char *last = line_at(s, st->end.line);
	long at = comment_after(last, st->end.col + 1);
	unsigned l = st->end.line;

	if (at < 0)
		return l;
	while (l + 1 < limit) {
		const char *next = line_at(s, l + 1);
		long c = comment_after(next, 0);

		if (c < 0 || display_col(next, (size_t)c) != display_col(last, (size_t)at) ||
		    !clean_after(next, (size_t)c))
			break;
		l++;
	}
	return l;
}

/* Chunks: whole lines, one declaration per line range, comments above. */
static const char *make_chunks(const struct scan *s, struct stmt *st, size_t nst,
			       struct pos open)
{
	unsigned prev_end = open.line;
	const char *l = line_at(s, open.line);

	if (!clean_after(l, open.col + 1))
		return "a field is declared on the line of the opening brace";
	for (size_t k = 0; k < nst; k++) {
		const char *first = line_at(s, st[k].start.line);
		const char *last = line_at(s, st[k].end.line);

		if (st[k].start.line <= prev_end || !blank_before(first, st[k].start.col))
			return "two declarations share a line ('int a; int b;')";
		if (!clean_after(last, st[k].end.col + 1))
			return "a declaration is followed by more code on its line";
		st[k].chunk_first = prev_end + 1;
		st[k].chunk_last = continued_comment(s, &st[k], k + 1 < nst ?
						     st[k + 1].start.line : UINT32_MAX);
		prev_end = st[k].chunk_last;
	}
	return NULL;
}

/* The last line of @st with an alignment added before its semicolon. */
static const char *with_alignment(struct cl_arena *a, const char *line, size_t semicolon,
				  uint32_t align)
{
	return cl_arena_printf(a, "%.*s __attribute__((__aligned__(%" PRIu32 ")))%s",
			       (int)semicolon, line, align, line + semicolon);
}

/*
 * The last line of @st with @pad bytes of padding declared after its
 * semicolon, on the same line, so that the body keeps its lines: the
 * padding that keeps two classes a line apart where alignment cannot.
 */
static const char *with_padding(struct cl_arena *a, const char *line, size_t semicolon,
				size_t index, uint32_t pad)
{
	return cl_arena_printf(a, "%.*s char cachelint_pad_%zu[%" PRIu32 "];%s",
			       (int)semicolon + 1, line, index, pad, line + semicolon + 1);
}

/*
 * A field whose line ends in a comment (or whose comment goes on over the
 * lines below) keeps it right after its semicolon: the padding becomes a
 * line of its own after the comment, indented as the field.  It rides on
 * the chunk's last line, after a '\n' (propose_rewrite.h): the body's line
 * entries keep their number.
 */
static const char *padding_line(struct cl_arena *a, const char *last, const char *first,
				size_t index, uint32_t pad)
{
	size_t indent = strspn(first, " \t");

	return cl_arena_printf(a, "%s\n%.*schar cachelint_pad_%zu[%" PRIu32 "];", last,
			       (int)indent, first, index, pad);
}

static void emit_chunk(const struct scan *s, const struct stmt *st, uint32_t align,
		       uint32_t pad, size_t index, unsigned skip_blank, const char **v,
		       size_t *n)
{
	bool commented = comment_after(line_at(s, st->end.line), st->end.col + 1) >= 0;

	for (unsigned l = st->chunk_first + skip_blank; l <= st->chunk_last; l++) {
		const char *text = line_at(s, l);

		if (l == st->end.line && pad && !commented)
			text = with_padding(s->arena, text, st->end.col, index, pad);
		if (l == st->end.line && align)
			text = with_alignment(s->arena, text, st->end.col, align);
		if (l == st->chunk_last && pad && commented)
			text = padding_line(s->arena, text, line_at(s, st->start.line), index, pad);
		v[(*n)++] = text;
	}
}

static unsigned leading_blanks(const struct scan *s, const struct stmt *st)
{
	unsigned b = 0;

	while (st->chunk_first + b < st->start.line &&
	       is_blank_line(line_at(s, st->chunk_first + b)))
		b++;
	return b;
}

int cl_proposal_rewrite(const struct cl_proposal *p, const struct cl_source_text *src,
			struct cl_arena *a, struct cl_rewrite *out)
{
	const struct cl_record *rec = p->rec;
	struct scan s = { src, { rec->span.line, rec->span.col ? rec->span.col - 1 : 0 }, a };
	struct stmt *st = NULL, **by_member;
	struct pos open, close;
	size_t nst = 0, n = 0;
	unsigned moved_blanks;
	const char *why;

	memset(out, 0, sizeof(out[0]));
	if (!rec->span.line || !line_at(&s, rec->span.line))
		return out->reason = "the struct's source is not available", -1;
	if (!find_open_brace(&s))
		return out->reason = "the struct body was not found in the source", -1;
	open = s.p;
	why = split(&s, &st, &nst, &close);
	if (!why)
		why = map_members(rec, st, nst);
	if (!why)
		why = make_chunks(&s, st, nst, open);
	if (!why && nst && st[nst - 1].chunk_last >= close.line)
		why = "the closing brace is on the line of the last field";
	if (why || !nst) {
		free(st);
		out->reason = why ? why : "the struct has no fields";
		return -1;
	}
	by_member = cl_arena_alloc(a, rec->nmembers * sizeof(*by_member));
	for (size_t k = 0; k < nst; k++)
		by_member[st[k].member] = &st[k];
	out->first_line = st[0].chunk_first;
	out->last_line = st[nst - 1].chunk_last;
	out->lines = cl_arena_alloc(a, (out->last_line - out->first_line + 1) * sizeof(char *));
	/*
	 * The blank lines above the member that comes first now go to the
	 * member that came first: no blank line right after the brace.
	 */
	moved_blanks = leading_blanks(&s, by_member[p->order[0]]);
	for (size_t i = 0; i < p->n; i++) {
		const struct stmt *m = by_member[p->order[i]];

		if (m == &st[0])
			for (unsigned b = 0; b < moved_blanks; b++)
				out->lines[n++] = "";
		emit_chunk(&s, m, p->align[i], p->pad ? p->pad[i] : 0, i, i == 0 ? moved_blanks : 0,
			   out->lines, &n);
	}
	free(st);
	if (n != out->last_line - out->first_line + 1) {
		out->reason = "the rewritten body does not have the lines of the old one";
		return -1;
	}
	return 0;
}

int cl_source_text_load(struct cl_source_text *src, const char *path, struct cl_arena *a,
			const char **why)
{
	size_t size, vcap = 0;
	char *text = cl_source_read(path, &size, why);

	src->lines = NULL;
	src->nlines = 0;
	src->unreadable = NULL;
	if (!text)
		return -1;
	for (const char *s = text, *end = text + size; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t len = (size_t)((nl ? nl : end) - s);

		while (len && s[len - 1] == '\r')
			len--;
		*cl_vec_push(&src->lines, &src->nlines, &vcap) = cl_arena_strndup(a, s, len);
		s = nl ? nl + 1 : end;
	}
	free(text);
	return 0;
}

void cl_source_text_free(struct cl_source_text *src)
{
	free(src->lines);
	src->lines = NULL;
	src->nlines = 0;
}
