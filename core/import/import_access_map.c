// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_access_map.c - read access maps (docs/access-map.md) back: the
 * join table of `cachelint import perf-c2c`
 *
 * A file, or a directory whose every *.cachelint.map below it (at any
 * depth) is read; the lines of all of them go into one struct
 * cl_access_map, a line two units share once.  Version 2 maps have ten
 * fields (the facts); version 1 maps, nine, are read as having none.  A
 * map that is not one (no header), a line without its fields, a number
 * that is none, an access kind other than r, w and rmw, an unknown fact:
 * an error at its file and line.
 */
#define _GNU_SOURCE	/* strndup */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "access_map.h"
#include "diag.h"
#include "import.h"

/* Undo the writer's escapes (\t, \n, \\) of [s, s + n) in place; NUL-terminated. */
static char *unescape(char *s, size_t n)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n) {
			char c = s[++i];

			s[o++] = c == 't' ? '\t' : c == 'n' ? '\n' : c;
		} else {
			s[o++] = s[i];
		}
	}
	s[o] = '\0';
	return s;
}

static bool parse_uint(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !*end && !errno;
}

/*
 * One map line (NUL-terminated, no newline) into @m: @fields is 9 in a
 * version 1 map, 10 (the facts) in version 2; -1 with @err.
 */
static int map_line(struct cl_access_map *m, const char *path, unsigned no, char *s,
		    size_t fields, struct cl_diag *err)
{
	char *f[10];
	size_t nf = 0;
	const char *bad = NULL;
	uint64_t line, col, off, size;
	struct cl_access_line l;

	f[nf++] = s;
	for (char *p = s; *p; p++) {
		if (*p != '\t')
			continue;
		*p = '\0';
		if (nf == fields) {
			nf++;
			break;
		}
		f[nf++] = p + 1;
	}
	if (nf != fields) {
		cl_diag_set(err, path, no, 0, "an access map line has %zu TAB-separated fields "
			    "(file, line, column, function, struct, member, offset, size, access%s), "
			    "found %s", fields, fields == 10 ? ", facts" : "",
			    nf > fields ? "more" : "fewer");
		return -1;
	}
	for (size_t i = 0; i < nf; i++)
		unescape(f[i], strlen(f[i]));
	if (!parse_uint(f[1], &line) || !line || line > UINT32_MAX ||
	    !parse_uint(f[2], &col) || col > UINT32_MAX || !parse_uint(f[6], &off) ||
	    !parse_uint(f[7], &size)) {
		cl_diag_set(err, path, no, 0, "line, column, offset and size must be numbers");
		return -1;
	}
	l = (struct cl_access_line){ .file = f[0], .line = (unsigned)line,
		.column = (unsigned)col, .function = f[3], .record = f[4], .member = f[5],
		.offset = off, .size = size };
	if (!strcmp(f[8], "r"))
		l.kind = CL_ACCESS_READ;
	else if (!strcmp(f[8], "w"))
		l.kind = CL_ACCESS_WRITE;
	else if (!strcmp(f[8], "rmw"))
		l.kind = CL_ACCESS_RMW;
	else {
		cl_diag_set(err, path, no, 0, "access must be r, w or rmw, found '%s'", f[8]);
		return -1;
	}
	if (fields == 10 && cl_access_facts_parse(f[9], &l.facts, &l.roles, &m->arena, &bad)) {
		cl_diag_set(err, path, no, 0, "unknown fact '%s' (expected atomic, lock, locked, "
			    "once, cold, fresh, setup or role=NAME, comma-separated, or '-')", bad);
		return -1;
	}
	cl_access_map_add(m, &l);
	return 0;
}

/* "# embed\tOUTER\tPATH\tOFFSET\tINNER" (after the tag); -1 with @err. */
static int embed_line(struct cl_access_map *m, const char *path, unsigned no, char *s,
		      struct cl_diag *err)
{
	char *f[4];
	size_t nf = 0;
	uint64_t off;
	struct cl_access_embed e;

	f[nf++] = s;
	for (char *p = s; *p && nf <= 4; p++)
		if (*p == '\t') {
			*p = '\0';
			if (nf < 4)
				f[nf] = p + 1;
			nf++;
		}
	if (nf != 4 || !parse_uint(f[2], &off) || !*f[0] || !*f[1] || !*f[3]) {
		cl_diag_set(err, path, no, 0, "an embed line is '%s', then the outer struct, the "
			    "member's path, its offset and the inner struct, TAB-separated",
			    CL_ACCESS_EMBED_TAG);
		return -1;
	}
	for (size_t i = 0; i < nf; i++)
		unescape(f[i], strlen(f[i]));
	e = (struct cl_access_embed){ f[0], f[1], off, f[3] };
	cl_access_map_embed(m, &e);
	return 0;
}

static int map_file(struct cl_access_map *m, const char *path, struct cl_diag *err)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned no = 0;
	size_t fields = 10;
	int rc = 0;

	if (!f) {
		cl_diag_set(err, path, 0, 0, "cannot open access map: %s", strerror(errno));
		return -1;
	}
	while (!rc && (n = getline(&buf, &cap, f)) >= 0) {
		no++;
		while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
			buf[--n] = '\0';
		if (no == 1 && !strcmp(buf, CL_ACCESS_MAP_HEADER_V1))
			fields = 9;
		else if (no == 1 && strcmp(buf, CL_ACCESS_MAP_HEADER)) {
			cl_diag_set(err, path, 1, 0, "not an access map: the first line must be '%s' "
				    "or '%s' (written by -fplugin-arg-cachelint-access-map= or "
				    "cachelint lint --access-map)", CL_ACCESS_MAP_HEADER,
				    CL_ACCESS_MAP_HEADER_V1);
			rc = -1;
		} else if (no > 1 && fields == 10 &&
			   !strncmp(buf, CL_ACCESS_EMBED_TAG "\t", strlen(CL_ACCESS_EMBED_TAG) + 1)) {
			rc = embed_line(m, path, no, buf + strlen(CL_ACCESS_EMBED_TAG) + 1, err);
		} else if (no > 1 && n && buf[0] != '#') {
			rc = map_line(m, path, no, buf, fields, err);
		}
	}
	if (!rc && !no) {
		cl_diag_set(err, path, 0, 0, "empty file: not an access map");
		rc = -1;
	}
	free(buf);
	fclose(f);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_map_name(const char *name)
{
	size_t n = strlen(name), k = strlen(CL_ACCESS_MAP_SUFFIX);

	return n > k && !strcmp(name + n - k, CL_ACCESS_MAP_SUFFIX);
}

/* Every *.cachelint.map below @dir, in name order (so the merge is stable). */
static int map_dir(struct cl_access_map *m, const char *dir, struct cl_diag *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;

	if (!d) {
		cl_diag_set(err, dir, 0, 0, "cannot open access map directory: %s", strerror(errno));
		return -1;
	}
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			*(char **)cl_vec_push(&names, &n, &cap) = cl_xstrdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(dir) + strlen(names[i]) + 2;
		char *p = cl_xmalloc(len);
		struct stat st;

		snprintf(p, len, "%s/%s", dir, names[i]);
		if (!rc && !stat(p, &st) && S_ISDIR(st.st_mode))
			rc = map_dir(m, p, err);
		else if (!rc && is_map_name(names[i]))
			rc = map_file(m, p, err);
		free(p);
		free(names[i]);
	}
	free(names);
	return rc;
}

int cl_access_map_load(struct cl_access_map *m, const char *path, struct cl_diag *err)
{
	struct stat st;

	if (stat(path, &st)) {
		cl_diag_set(err, path, 0, 0, "cannot open access map: %s", strerror(errno));
		return -1;
	}
	return S_ISDIR(st.st_mode) ? map_dir(m, path, err) : map_file(m, path, err);
}
