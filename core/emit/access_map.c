// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_map.c - writing a unit's access map (docs/access-map.md)
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

#include "emit_source.h"
#include "report.h"

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
	free(m->v);
	free(m->dir);
	cl_arena_free(&m->arena);
	memset(m, 0, sizeof(*m));
}

void cl_access_map_add(struct cl_access_map *m, const struct cl_access_line *l)
{
	struct cl_access_line *n = cl_vec_push(&m->v, &m->n, &m->cap);
	char *file = cl_path_join(m->dir, l->file && *l->file ? l->file : "-");

	*n = *l;
	n->file = cl_arena_strdup(&m->arena, file);
	n->function = cl_arena_strdup(&m->arena, l->function && *l->function ? l->function : "-");
	n->record = cl_arena_strdup(&m->arena, l->record);
	n->member = cl_arena_strdup(&m->arena, l->member);
	free(file);
}

void cl_access_map_bytes(uint64_t bits, uint64_t bit_size, uint64_t *offset, uint64_t *size)
{
	uint64_t end = bits + (bit_size ? bit_size : 1);

	*offset = bits / 8;
	*size = bit_size ? (end + 7) / 8 - *offset : 0;
}

unsigned cl_access_lock_kinds(const char *fn, unsigned arg)
{
	static const char *const families[] = {
		"pthread_mutex_", "pthread_spin_", "pthread_rwlock_", "pthread_cond_",
	};
	bool family = false;

	for (size_t k = 0; k < sizeof(families) / sizeof(families[0]); k++)
		family |= !strncmp(fn, families[k], strlen(families[k]));
	if (!family || strstr(fn, "attr"))
		return 0;
	if (!strncmp(fn, "pthread_cond_", 13) && arg == 1)
		return strstr(fn, "wait") ? CL_ACCESS_RMW : 0;
	if (arg)
		return 0;
	if (strstr(fn, "_init") || strstr(fn, "_destroy"))
		return CL_ACCESS_WRITE;
	if (strstr(fn, "_get"))
		return CL_ACCESS_READ;
	return CL_ACCESS_RMW;
}

/* "std::mutex::lock" is a method of one of @classes named one of @methods. */
static bool method_of(const char *fn, const char *const *classes, size_t nc,
		      const char *const *methods, size_t nm)
{
	for (size_t c = 0; c < nc; c++) {
		size_t n = strlen(classes[c]);

		if (strncmp(fn, classes[c], n) || strncmp(fn + n, "::", 2))
			continue;
		for (size_t m = 0; m < nm; m++)
			if (!strcmp(fn + n + 2, methods[m]))
				return true;
	}
	return false;
}

unsigned cl_access_cxx_lock_kinds(const char *fn, unsigned arg, const char *tag)
{
	static const char *const mutexes[] = {
		"std::mutex", "std::recursive_mutex", "std::timed_mutex",
		"std::recursive_timed_mutex", "std::shared_mutex", "std::shared_timed_mutex",
	};
	static const char *const ops[] = {
		"lock", "try_lock", "try_lock_for", "try_lock_until", "unlock",
		"lock_shared", "try_lock_shared", "try_lock_shared_for",
		"try_lock_shared_until", "unlock_shared",
	};
	static const char *const guards[] = {
		"std::lock_guard::lock_guard", "std::unique_lock::unique_lock",
		"std::shared_lock::shared_lock", "std::scoped_lock::scoped_lock",
	};
	size_t nmutexes = sizeof(mutexes) / sizeof(mutexes[0]);

	if (method_of(fn, mutexes, nmutexes, ops, sizeof(ops) / sizeof(ops[0])))
		return arg ? 0 : CL_ACCESS_RMW;
	if (!strcmp(fn, "std::lock") || !strcmp(fn, "std::try_lock"))
		return CL_ACCESS_RMW;
	for (size_t g = 0; g < sizeof(guards) / sizeof(guards[0]); g++) {
		if (strcmp(fn, guards[g]) || !arg)
			continue;
		/* deferred: not locked yet; adopted: locked by the caller before */
		if (tag && (!strcmp(tag, "std::defer_lock_t") || !strcmp(tag, "std::adopt_lock_t")))
			return 0;
		return CL_ACCESS_RMW;
	}
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
	    (c = u64_cmp(a->offset, b->offset)) || (c = u64_cmp(a->size, b->size)))
		return c;
	return (int)a->kind - (int)b->kind;
}

static void put_field(FILE *out, const char *s)
{
	for (; *s; s++) {
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

static const char *kind_name(enum cl_access_kind k)
{
	return k == CL_ACCESS_RMW ? "rmw" : k == CL_ACCESS_WRITE ? "w" : "r";
}

int cl_access_map_write(FILE *out, struct cl_access_map *m)
{
	if (m->n)
		qsort(m->v, m->n, sizeof(*m->v), line_cmp);
	fprintf(out, "%s\n", CL_ACCESS_MAP_HEADER);
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
		fprintf(out, "\t%" PRIu64 "\t%" PRIu64 "\t%s\n", l->offset, l->size, kind_name(l->kind));
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
	size_t n = strlen(path);
	const char *s = source;
	char *file, *slash;

	if (!n || path[n - 1] != '/')
		return cl_xstrdup(path);
	/* the source's own path below the directory: units of one build never collide */
	for (;;) {
		while (*s == '/')
			s++;
		if (!strncmp(s, "./", 2))
			s += 2;
		else if (!strncmp(s, "../", 3))
			s += 3;
		else
			break;
	}
	file = cl_xmalloc(n + strlen(s) + sizeof(CL_ACCESS_MAP_SUFFIX));
	sprintf(file, "%s%s%s", path, s, CL_ACCESS_MAP_SUFFIX);
	slash = strrchr(file, '/');
	*slash = '\0';
	if (cl_make_dirs(file)) {
		int saved = errno;

		free(file);
		errno = saved;
		return NULL;
	}
	*slash = '/';
	return file;
}
