// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_netcachelines.c - net-cachelines: the kernel's fast-path access
 * tables, Documentation/networking/net_cachelines/NAME.rst
 *
 *   Type                    Name                  fastpath_tx_access  fastpath_rx_access  comment
 *   ..struct                ..inet_sock
 *   struct_sock             sk                    read_mostly         read_mostly         tcp_init_buffer_space,...
 *   be32                    inet_rcv_saddr        -                   -
 *
 * The tables are plain text (netns_ipv4_sysctl.rst is an RST simple table
 * with '=' borders).  A cell is read_mostly, read_write, write_mostly, '-'
 * or empty, and where only one access column is filled only its position
 * tells tx from rx: cells are assigned to the column whose header starts at
 * or before them.
 *
 * Each access column is a path, "tx" or "rx" in the profile: read_mostly
 * on it is a read, read_write a read and a write, write_mostly a write,
 * '-' no access, and an empty cell says nothing about that path.  A member
 * accessed on neither path is cold; a row with both cells empty says
 * nothing and is left out.  Each entry says which line it came from
 * (from: "tcp_sock.rst:57"), so that a mismatch with the kernel's own
 * cacheline groups can name the table line.  The class the paths fold to
 * (written on a fast path: write_hot, else read: read_mostly, else cold)
 * is kept for the summary.  The struct is the one the "..struct
 * ..NAME" row names, else the title's "NAME struct fast path usage
 * breakdown" (the title of inet_sock.rst names the wrong struct), else the
 * caller's.  Types such as "struct_icsk_ack_u8" mark members of an anonymous
 * embedded struct (here icsk_ack): they become paths ("icsk_ack.pending").
 */
#define _GNU_SOURCE	/* memmem */

#include "import_internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum col { COL_TYPE, COL_NAME, COL_TX, COL_RX, COL_COMMENT, NCOLS };

enum cell {
	CELL_EMPTY,
	CELL_NONE,		/* "-" */
	CELL_READ_MOSTLY,
	CELL_READ_WRITE,
	CELL_WRITE_MOSTLY,
};

static const char *const cell_words[] = {
	[CELL_EMPTY] = "(empty)",
	[CELL_NONE] = "-",
	[CELL_READ_MOSTLY] = "read_mostly",
	[CELL_READ_WRITE] = "read_write",
	[CELL_WRITE_MOSTLY] = "write_mostly",
};

/**
 * struct token - a run of non-blanks of a row
 * @s: its first character
 * @len: its length
 * @col: 0-based display column (tabs to multiples of 8)
 */
struct token {
	const char *s;
	size_t len;
	size_t col;
};

#define MAX_TOKENS 64

/**
 * struct pending - a member row, until the struct's name is known
 * @path: the member
 * @cls: its class
 * @comment: its cells, for the profile
 * @line: where it is
 * @uses: CL_USE_READ and CL_USE_WRITE on tx and rx
 */
struct pending {
	const char *path;
	enum cl_class cls;
	const char *comment;
	unsigned line;
	uint32_t uses[CL_IMPORT_NPATHS];
};

/**
 * struct table - the state of one file
 * @st: where rows go
 * @starts: display column where each header starts; @ncols of them
 * @ncols: header columns (4 without a comment column)
 * @header: the header line, 0 before it
 * @title: the struct the title names, or NULL
 * @title_line: its line
 * @row_struct: the struct the "..struct" row names, or NULL
 * @row_line: its line
 * @rows: member rows
 * @nrows: number of @rows
 * @cap: allocated @rows
 * @index: @rows by path, for repeated rows
 * @silent: rows with neither access cell filled
 */
struct table {
	struct imp_stage st;
	size_t starts[NCOLS];
	size_t ncols;
	unsigned header;
	const char *title;
	unsigned title_line;
	const char *row_struct;
	unsigned row_line;
	struct pending *rows;
	size_t nrows, cap;
	struct cl_index index;
	size_t silent;
};

static size_t tokenize(const struct imp_line *l, struct token *tok, size_t max)
{
	size_t n = 0, col = 0;

	for (size_t i = 0; i < l->len;) {
		if (imp_is_space(l->s[i])) {
			col = l->s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
			i++;
			continue;
		}
		if (n == max)
			return n + 1;
		tok[n].s = l->s + i;
		tok[n].col = col;
		for (tok[n].len = 0; i < l->len && !imp_is_space(l->s[i]); i++, col++)
			tok[n].len++;
		n++;
	}
	return n;
}

static bool token_is(const struct token *t, const char *word)
{
	return t->len == strlen(word) && !strncasecmp(t->s, word, t->len);
}

/* "Type  Name  fastpath_tx_access  fastpath_rx_access  comment" */
static bool header_line(struct table *t, const struct imp_line *l)
{
	struct token tok[MAX_TOKENS];
	size_t n = tokenize(l, tok, MAX_TOKENS);

	if (n < 4 || n > MAX_TOKENS || !token_is(&tok[0], "Type") || !token_is(&tok[1], "Name") ||
	    !token_is(&tok[2], "fastpath_tx_access") || !token_is(&tok[3], "fastpath_rx_access"))
		return false;
	t->ncols = n > 4 ? 5 : 4;
	for (size_t i = 0; i < t->ncols; i++)
		t->starts[i] = tok[i].col;
	t->header = l->no;
	return true;
}

/* "inet_connection_sock struct fast path usage breakdown" */
static void title_line(struct table *t, const struct imp_line *l)
{
	static const char tail[] = " struct fast path usage breakdown";
	size_t k = sizeof(tail) - 1;
	const char *s = l->s;
	size_t n = l->len;

	while (n && imp_is_space(s[n - 1]))
		n--;
	if (n <= k || memcmp(s + n - k, tail, k) || !imp_is_ident(s, n - k))
		return;
	t->title = imp_strndup(&t->st, s, n - k);
	t->title_line = l->no;
}

static bool is_border(const struct imp_line *l)
{
	bool any = false;

	for (size_t i = 0; i < l->len; i++) {
		if (l->s[i] == '=')
			any = true;
		else if (!imp_is_space(l->s[i]))
			return false;
	}
	return any;
}

static bool is_blank(const struct imp_line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (!imp_is_space(l->s[i]))
			return false;
	return true;
}

static enum col column_of(const struct table *t, size_t col)
{
	size_t c = 0;

	while (c + 1 < t->ncols && col >= t->starts[c + 1])
		c++;
	return (enum col)c;
}

static int parse_cell(struct table *t, const struct imp_line *l, const struct token *tok,
		      enum cell *out)
{
	for (size_t i = CELL_NONE; i < sizeof(cell_words) / sizeof(cell_words[0]); i++) {
		if (tok->len == strlen(cell_words[i]) && !memcmp(tok->s, cell_words[i], tok->len)) {
			*out = (enum cell)i;
			return 0;
		}
	}
	return imp_error(&t->st, l->no, (unsigned)(tok->s - l->s) + 1,
			 "unknown access '%s' (expected read_mostly, read_write, write_mostly or -)",
			 imp_show(&t->st, tok->s, tok->len));
}

/*
 * Scalar types as the tables spell them, longest first so that
 * "struct_icsk_ack_unsigned_long" loses "_unsigned_long", not "_long".
 */
static const char *const scalars[] = {
	"unsigned_short", "unsigned_long", "unsigned_char", "unsigned_int",
	"__be16", "__be32", "__be64", "__le16", "__le32", "__le64",
	"__u16", "__u32", "__u64", "__s16", "__s32", "__s64",
	"short", "be16", "be32", "be64", "le16", "le32", "le64", "long", "char", "bool",
	"__u8", "__s8", "u16", "u32", "u64", "s16", "s32", "s64", "int", "u8", "s8",
};

/*
 * "struct_icsk_ack_u8" (maybe ":5" or "[2]" after it): a member of the
 * anonymous struct member icsk_ack.  Returns its length in @type, or 0.
 */
static size_t embedded_in(const char *type, size_t n)
{
	const char *end = memchr(type, ':', n);

	if (end)
		n = (size_t)(end - type);
	end = memchr(type, '[', n);
	if (end)
		n = (size_t)(end - type);
	if (!imp_starts(type, n, "struct_"))
		return 0;
	type += 7;
	n -= 7;
	for (size_t i = 0; i < sizeof(scalars) / sizeof(scalars[0]); i++) {
		size_t k = strlen(scalars[i]);

		if (n > k + 1 && type[n - k - 1] == '_' && !memcmp(type + n - k, scalars[i], k) &&
		    imp_is_ident(type, n - k - 1))
			return n - k - 1;
	}
	return 0;
}

/* "..struct  ..inet_sock" */
static int struct_row(struct table *t, const struct imp_line *l, const struct token *tok,
		      size_t n)
{
	if (n < 2 || !token_is(&tok[0], "..struct") || tok[1].len < 3 ||
	    memcmp(tok[1].s, "..", 2) || !imp_is_ident(tok[1].s + 2, tok[1].len - 2))
		return imp_error(&t->st, l->no, (unsigned)(tok[0].s - l->s) + 1,
				 "expected '..struct ..NAME'");
	if (t->row_struct)
		return imp_error(&t->st, l->no, 1, "a second '..struct' row (the first is at line %u)",
				 t->row_line);
	t->row_struct = imp_strndup(&t->st, tok[1].s + 2, tok[1].len - 2);
	t->row_line = l->no;
	return 0;
}

static uint64_t row_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct table *)ctx)->rows[i].path);
}

static bool row_eq(const void *ctx, size_t i, const void *path)
{
	return !strcmp(((const struct table *)ctx)->rows[i].path, path);
}

/* A repeated row adds its uses to the first one's: what either says is done. */
static void add_row(struct table *t, const struct pending *row)
{
	size_t *slot;
	struct pending *p;

	cl_index_reserve(&t->index, t->nrows + 1, row_hash, t);
	slot = cl_index_slot(&t->index, cl_hash_str(row->path), row_eq, t, row->path);
	if (*slot) {
		p = &t->rows[*slot - 1];
		imp_stage_note(&t->st, "%s:%u: '%s' repeats line %u; the uses of both are kept",
			       t->st.name, row->line, row->path, p->line);
		if (row->cls > p->cls) {
			p->cls = row->cls;
			p->comment = row->comment;
		}
		for (size_t i = 0; i < CL_IMPORT_NPATHS; i++)
			p->uses[i] |= row->uses[i];
		return;
	}
	p = cl_vec_push(&t->rows, &t->nrows, &t->cap);
	*p = *row;
	*slot = t->nrows;
}

static uint32_t cell_uses(enum cell c)
{
	switch (c) {
	case CELL_READ_MOSTLY:
		return CL_USE_READ;
	case CELL_READ_WRITE:
		return CL_USE_READ | CL_USE_WRITE;
	case CELL_WRITE_MOSTLY:
		return CL_USE_WRITE;
	default:
		return 0;
	}
}

static enum cl_class class_of(enum cell tx, enum cell rx)
{
	if (tx == CELL_READ_WRITE || tx == CELL_WRITE_MOSTLY || rx == CELL_READ_WRITE ||
	    rx == CELL_WRITE_MOSTLY)
		return CL_CLASS_WRITE_HOT;
	if (tx == CELL_READ_MOSTLY || rx == CELL_READ_MOSTLY)
		return CL_CLASS_READ_MOSTLY;
	if (tx == CELL_NONE || rx == CELL_NONE)
		return CL_CLASS_COLD;
	return CL_CLASS_NONE;
}

/* The member's path: "sysctl_tcp_wmem[3]" is sysctl_tcp_wmem. */
static int member_path(struct table *t, const struct imp_line *l, const struct token *type,
		       const struct token *name, const char **path)
{
	const char *bracket = memchr(name->s, '[', name->len);
	size_t n = bracket ? (size_t)(bracket - name->s) : name->len;
	size_t outer = type ? embedded_in(type->s, type->len) : 0;

	if (!imp_is_ident(name->s, n))
		return imp_error(&t->st, l->no, (unsigned)(name->s - l->s) + 1,
				 "invalid member name '%s'", imp_show(&t->st, name->s, name->len));
	if (!outer) {
		*path = imp_strndup(&t->st, name->s, n);
		return 0;
	}
	*path = cl_arena_printf(&t->st.imp->arena, "%.*s.%.*s", (int)outer, type->s + 7,
				(int)n, name->s);
	return 0;
}

static int member_row(struct table *t, const struct imp_line *l, const struct token *tok,
		      size_t n)
{
	const struct token *type = NULL, *name = NULL, *cells[2] = { NULL, NULL };
	enum cell tx = CELL_EMPTY, rx = CELL_EMPTY;
	struct pending row = { .line = l->no };

	for (size_t i = 0; i < n; i++) {
		enum col c = column_of(t, tok[i].col);
		const struct token **slot = c == COL_TYPE ? &type : c == COL_NAME ? &name :
					    c == COL_COMMENT ? NULL : &cells[c - COL_TX];

		if (!slot)
			break;
		if (*slot && c != COL_TYPE)
			return imp_error(&t->st, l->no, (unsigned)(tok[i].s - l->s) + 1,
					 "two values in the %s column",
					 c == COL_NAME ? "Name" : c == COL_TX ? "fastpath_tx_access" :
					 "fastpath_rx_access");
		if (!*slot)
			*slot = &tok[i];
	}
	if (!name)
		return imp_error(&t->st, l->no, 1, "the row has no member name");
	if ((cells[0] && parse_cell(t, l, cells[0], &tx)) ||
	    (cells[1] && parse_cell(t, l, cells[1], &rx)) ||
	    member_path(t, l, type, name, &row.path))
		return -1;
	row.cls = class_of(tx, rx);
	if (row.cls == CL_CLASS_NONE) {
		t->silent++;
		return 0;
	}
	row.comment = cl_arena_printf(&t->st.imp->arena, "tx %s, rx %s",
				      cell_words[tx], cell_words[rx]);
	row.uses[CL_IMPORT_TX] = cell_uses(tx);
	row.uses[CL_IMPORT_RX] = cell_uses(rx);
	add_row(t, &row);
	return 0;
}

static int row_line(struct table *t, const struct imp_line *l)
{
	struct token tok[MAX_TOKENS];
	size_t n;

	if (is_blank(l) || is_border(l))
		return 0;
	n = tokenize(l, tok, MAX_TOKENS);
	if (n > MAX_TOKENS)
		n = MAX_TOKENS;	/* the rest is comment */
	if (imp_starts(tok[0].s, tok[0].len, ".."))
		return struct_row(t, l, tok, n);
	return member_row(t, l, tok, n);
}

static int table_line(struct table *t, const struct imp_line *l)
{
	if (t->header)
		return row_line(t, l);
	if (!header_line(t, l))
		title_line(t, l);
	return 0;
}

/* --struct, else the "..struct" row, else the title. */
static const char *table_struct(struct table *t, const char *given)
{
	if (given)
		return cl_arena_strdup(&t->st.imp->arena, given);
	if (t->row_struct && t->title && strcmp(t->row_struct, t->title))
		imp_stage_note(&t->st, "%s:%u: the title names '%s' but the '..struct' row at "
			       "line %u names '%s': using '%s'", t->st.name, t->title_line,
			       t->title, t->row_line, t->row_struct, t->row_struct);
	return t->row_struct ? t->row_struct : t->title;
}

/* "tcp_sock.rst": the file's last component, for from: */
static const char *base_name(const char *name)
{
	const char *slash = strrchr(name, '/');

	return slash && slash[1] ? slash + 1 : name;
}

static int table_commit(struct table *t, const char *given)
{
	const char *st = table_struct(t, given);
	size_t by_class[4] = { 0 };

	if (!st)
		return imp_error(&t->st, t->header, 0,
				 "cannot tell which struct the table describes (no '..struct ..NAME' "
				 "row, no 'NAME struct fast path usage breakdown' title): give --struct");
	for (size_t i = 0; i < t->nrows; i++) {
		struct imp_row row = {
			.st = st,
			.m = {
				.path = t->rows[i].path,
				.cls = t->rows[i].cls,
				.comment = t->rows[i].comment,
				.has_uses = true,
				.from = cl_arena_printf(&t->st.imp->arena, "%s:%u",
							base_name(t->st.name), t->rows[i].line),
			},
		};

		memcpy(row.m.uses, t->rows[i].uses, sizeof(row.m.uses));
		by_class[row.m.cls]++;
		imp_stage_add(&t->st, &row);
	}
	imp_stage_source(&t->st, "%s: struct %s: %zu only read, %zu written on tx or rx, "
			 "%zu on neither", t->st.name, st, by_class[CL_CLASS_READ_MOSTLY],
			 by_class[CL_CLASS_WRITE_HOT], by_class[CL_CLASS_COLD]);
	if (t->silent)
		imp_stage_note(&t->st, "%s: left out %zu %s that give no access on either path",
			       t->st.name, t->silent, t->silent == 1 ? "row" : "rows");
	return 0;
}

int cl_import_net_cachelines(struct cl_import *imp, const char *name, const char *buf,
			     size_t len, const char *struct_name, struct cl_diag *err)
{
	struct table t = { 0 };
	struct imp_lines it;
	struct imp_line l;
	int rc = 0;

	imp_stage_init(&t.st, imp, name, err);
	if (struct_name && !imp_is_ident(struct_name, strlen(struct_name)))
		rc = imp_error(&t.st, 0, 0, "invalid struct name '%s'",
			       imp_show(&t.st, struct_name, strlen(struct_name)));
	imp_lines_init(&it, buf, len);
	while (!rc && imp_lines_next(&it, &l))
		rc = table_line(&t, &l);
	if (!rc && !t.header)
		rc = imp_error(&t.st, 0, 0,
			       "not a net_cachelines table (no 'Type Name fastpath_tx_access "
			       "fastpath_rx_access' header)");
	if (!rc)
		rc = table_commit(&t, struct_name);
	free(t.rows);
	cl_index_free(&t.index);
	return imp_stage_finish(&t.st, rc);
}
