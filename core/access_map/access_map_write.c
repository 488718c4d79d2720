// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_map_write.c - writing a unit's access map (docs/access-map.md)
 *
 * The front ends add lines as they find accesses, in any order and as
 * often as they like; the file is sorted by file, line, column and member
 * (then the other fields, so that it is the same every time), each line
 * once, so that a unit's map is deterministic and `sort | diff` compares
 * two front ends' maps of one source.  A field cannot hold a TAB or a
 * newline: those, and '\', are written as `\t`, `\n`, `\\`.
 */
#include "access_map.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit/files.h"

void cl_access_map_init(struct cl_access_map *m, const char *dir)
{
	char cwd[PATH_MAX];

	memset(m, 0, sizeof(*m));
	cl_arena_init(&m->arena);
	if (!dir)
		dir = getcwd(cwd, sizeof(cwd)) ? cwd : "/";
	m->dir = cl_path_absolute(dir);
}

void cl_access_map_free(struct cl_access_map *m)
{
	free(m->embeds);
	free(m->v);
	free(m->dir);
	cl_arena_free(&m->arena);
	memset(m, 0, sizeof(*m));
}

/* @s stored in @m, or @was (the previous line's copy) when they are the same. */
static const char *keep(struct cl_access_map *m, const char *was, const char *s)
{
	return was && !strcmp(was, s) ? was : cl_arena_strdup(&m->arena, s);
}

/*
 * A unit's lines come function by function, file by file: each string is
 * stored once for a run of lines that share it, and a file's name is
 * made absolute once per run (mm/memcontrol.o: 7 of the plugin's 123
 * million instructions went to joining and copying the same names).
 */
void cl_access_map_add(struct cl_access_map *m, const struct cl_access_line *l)
{
	struct cl_access_line *n = cl_vec_push(&m->v, &m->n, &m->cap);
	const struct cl_access_line *prev = m->n > 1 ? &m->v[m->n - 2] : NULL;
	const char *given = l->file && *l->file ? l->file : "-";

	*n = *l;
	if (m->file_given && !strcmp(m->file_given, given)) {
		n->file = m->file_stored;
	} else {
		char *file = cl_path_join(m->dir, given);

		n->file = cl_arena_strdup(&m->arena, file);
		free(file);
		m->file_given = cl_arena_strdup(&m->arena, given);
		m->file_stored = n->file;
	}
	n->function = keep(m, prev ? prev->function : NULL,
			   l->function && *l->function ? l->function : "-");
	n->record = keep(m, prev ? prev->record : NULL, l->record);
	n->member = keep(m, prev ? prev->member : NULL, l->member);
	n->roles = l->roles && *l->roles ? keep(m, prev ? prev->roles : NULL, l->roles) : NULL;
}

static int start_cmp(const void *x, const void *y)
{
	const struct cl_access_start *a = x, *b = y;
	int c = strcmp(a->function, b->function);

	return c ? c : strcmp(a->role, b->role);
}

/* The first of the @n sorted starts @s of function @fn, or @n. */
static size_t start_first(const struct cl_access_start *s, size_t n, const char *fn)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(s[mid].function, fn) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !strcmp(s[lo].function, fn) ? lo : n;
}

void cl_access_map_mark_starts(struct cl_access_map *m, struct cl_access_start *s, size_t n)
{
	const char *fn = NULL;
	size_t first = n;

	if (!n)
		return;
	qsort(s, n, sizeof(*s), start_cmp);
	for (size_t i = 0; i < m->n; i++) {
		struct cl_access_line *l = &m->v[i];

		/* a function's lines come together, and share its stored name */
		if (l->function != fn) {
			fn = l->function;
			first = start_first(s, n, fn);
		}
		for (size_t k = first; k < n && !strcmp(s[k].function, fn); k++)
			if (l->roles && cl_role_listed(l->roles, s[k].role)) {
				if (!s[k].lo || l->line < s[k].lo || l->line > s[k].hi)
					l->facts |= CL_FACT_START;
				break;
			}
	}
}

void cl_access_map_embed(struct cl_access_map *m, const struct cl_access_embed *e)
{
	struct cl_access_embed *n = cl_vec_push(&m->embeds, &m->nembeds, &m->embeds_cap);

	n->outer = cl_arena_strdup(&m->arena, e->outer);
	n->path = cl_arena_strdup(&m->arena, e->path);
	n->offset = e->offset;
	n->inner = cl_arena_strdup(&m->arena, e->inner);
}

void cl_access_map_bytes(uint64_t bits, uint64_t bit_size, uint64_t *offset, uint64_t *size)
{
	uint64_t end = bits + (bit_size ? bit_size : 1);

	*offset = bits / 8;
	*size = bit_size ? (end + 7) / 8 - *offset : 0;
}

static const char *const fact_names[] = {
	"atomic", "lock", "locked", "once", "cold", "fresh", "setup", "self", "start",
	"percpu",
};

const char *cl_access_fact_name(unsigned bit)
{
	return bit < sizeof(fact_names) / sizeof(fact_names[0]) ? fact_names[bit] : NULL;
}

static int fact_token(const char *t, size_t n, unsigned *facts)
{
	for (unsigned b = 0; cl_access_fact_name(b); b++)
		if (strlen(fact_names[b]) == n && !strncmp(t, fact_names[b], n)) {
			*facts |= 1u << b;
			return 0;
		}
	return -1;
}

int cl_access_facts_parse(const char *s, unsigned *facts, const char **roles,
			  struct cl_arena *a, const char **bad)
{
	const char *r = NULL;

	*facts = 0;
	*roles = NULL;
	if (!strcmp(s, "-"))
		return 0;
	for (;;) {
		const char *e = strchr(s, ',');
		int n = e ? (int)(e - s) : (int)strlen(s);

		if (n > 5 && !strncmp(s, "role=", 5))
			r = r ? cl_arena_printf(a, "%s,%.*s", r, n - 5, s + 5) :
				cl_arena_printf(a, "%.*s", n - 5, s + 5);
		else if (!n || fact_token(s, (size_t)n, facts)) {
			*bad = cl_arena_printf(a, "%.*s", n, s);
			return -1;
		}
		if (!e)
			break;
		s = e + 1;
	}
	*roles = r;
	return 0;
}

static int u64_cmp(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

static int line_cmp(const void *x, const void *y)
{
	const struct cl_access_line *a = x, *b = y;
	int c;

	if ((c = strcmp(a->file, b->file)) || (c = u64_cmp(a->line, b->line)) ||
	    (c = u64_cmp(a->column, b->column)) || (c = strcmp(a->member, b->member)) ||
	    (c = strcmp(a->record, b->record)) || (c = strcmp(a->function, b->function)) ||
	    (c = u64_cmp(a->offset, b->offset)) || (c = u64_cmp(a->size, b->size)) ||
	    (c = (int)a->kind - (int)b->kind) || (c = u64_cmp(a->facts, b->facts)))
		return c;
	return strcmp(a->roles ? a->roles : "", b->roles ? b->roles : "");
}

/* @n bytes of @s as a field: TAB, newline and '\\' escaped. */
static void put_bytes(FILE *out, const char *s, size_t n)
{
	for (; n; s++, n--) {
		if (*s == '\t')
			fputs("\\t", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else if (*s == '\\')
			fputs("\\\\", out);
		else
			fputc(*s, out);
	}
}

static void put_field(FILE *out, const char *s)
{
	put_bytes(out, s, strlen(s));
}

static const char *kind_name(enum cl_access_kind k)
{
	return k == CL_ACCESS_RMW ? "rmw" : k == CL_ACCESS_WRITE ? "w" : "r";
}

/* Field 10: the facts, then the roles, comma-separated; "-" for none. */
static void put_facts(FILE *out, const struct cl_access_line *l)
{
	const char *sep = "";

	for (unsigned b = 0; cl_access_fact_name(b); b++)
		if (l->facts & (1u << b)) {
			fprintf(out, "%s%s", sep, cl_access_fact_name(b));
			sep = ",";
		}
	for (const char *r = l->roles; r && *r;) {
		const char *e = strchr(r, ',');
		size_t n = e ? (size_t)(e - r) : strlen(r);

		/* a role is a function's name: C++ prints it with spaces, a quote or any byte */
		fprintf(out, "%srole=", sep);
		put_bytes(out, r, n);
		sep = ",";
		r += n + (e ? 1 : 0);
	}
	if (!*sep)
		fputc('-', out);
}

static int embed_cmp(const void *x, const void *y)
{
	const struct cl_access_embed *a = x, *b = y;
	int c;

	if ((c = strcmp(a->outer, b->outer)) || (c = strcmp(a->path, b->path)) ||
	    (c = u64_cmp(a->offset, b->offset)))
		return c;
	return strcmp(a->inner, b->inner);
}

/* The `# embed` lines: sorted, each once, after the header. */
static void put_embeds(FILE *out, struct cl_access_map *m)
{
	if (m->nembeds)
		qsort(m->embeds, m->nembeds, sizeof(*m->embeds), embed_cmp);
	for (size_t i = 0; i < m->nembeds; i++) {
		const struct cl_access_embed *e = &m->embeds[i];

		if (i && !embed_cmp(e, &m->embeds[i - 1]))
			continue;
		fputs(CL_ACCESS_EMBED_TAG "\t", out);
		put_field(out, e->outer);
		fputc('\t', out);
		put_field(out, e->path);
		fprintf(out, "\t%" PRIu64 "\t", e->offset);
		put_field(out, e->inner);
		fputc('\n', out);
	}
}

int cl_access_map_write(FILE *out, struct cl_access_map *m)
{
	if (m->n)
		qsort(m->v, m->n, sizeof(*m->v), line_cmp);
	fprintf(out, "%s\n", CL_ACCESS_MAP_HEADER);
	put_embeds(out, m);
	for (size_t i = 0; i < m->n; i++) {
		const struct cl_access_line *l = &m->v[i];

		if (i && !line_cmp(l, &m->v[i - 1]))
			continue;
		put_field(out, l->file);
		fprintf(out, "\t%u\t%u\t", l->line, l->column);
		put_field(out, l->function);
		fputc('\t', out);
		put_field(out, l->record);
		fputc('\t', out);
		put_field(out, l->member);
		fprintf(out, "\t%" PRIu64 "\t%" PRIu64 "\t%s\t", l->offset, l->size, kind_name(l->kind));
		put_facts(out, l);
		fputc('\n', out);
	}
	return ferror(out) ? -1 : 0;
}

static int write_cb(FILE *out, void *data)
{
	return cl_access_map_write(out, data);
}

int cl_access_map_save(struct cl_access_map *m, const char *file)
{
	return cl_write_atomic(file, write_cb, m);
}

char *cl_access_map_unit_path(const char *path, const char *source)
{
	return cl_unit_output_path(path, source, CL_ACCESS_MAP_SUFFIX);
}
