// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_map_read.c - read access maps (docs/access-map.md) back: the
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
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "access_map.h"
#include "model/diag.h"
#include "model/names.h"

/*
 * Undo the writer's escapes (\t, \n, \\) of [s, s + n) in place;
 * NUL-terminated.  Any other escape, or a '\' that ends the field, is no
 * map's: false, with *@bad at it.
 */
static bool unescape(char *s, size_t n, const char **bad)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\\') {
			s[o++] = s[i];
			continue;
		}
		if (i + 1 == n || !strchr("tn\\", s[i + 1])) {
			*bad = s + i;
			return false;
		}
		i++;
		s[o++] = s[i] == 't' ? '\t' : s[i] == 'n' ? '\n' : '\\';
	}
	s[o] = '\0';
	return true;
}

/* "lruvec.pgdat": C identifiers joined by dots, as profiles name members. */
static bool member_path_valid(const char *s)
{
	size_t n = strlen(s), len;

	for (;;) {
		const char *start = s;

		while ((len = cl_ident_char(s, n - (size_t)(s - start), s == start)))
			s += len;
		if (s == start)
			return false;
		if (!*s)
			return true;
		if (*s++ != '.')
			return false;
		n = strlen(s);
	}
}

/* A record as profiles key it: its name (names.h), then "@file:line" if two share it. */
static bool record_valid(const char *s)
{
	const char *at = strchr(s, '@');

	return cl_record_name_valid(s, at ? (size_t)(at - s) : strlen(s)) && (!at || at[1]);
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

static const char *const field_names[10] = {
	"file", "line", "column", "function", "struct", "member", "offset", "size", "access",
	"facts",
};

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
	for (size_t i = 0; i < nf; i++) {
		if (!unescape(f[i], strlen(f[i]), &bad)) {
			cl_diag_set(err, path, no, 0, "unknown escape '%.*s' in the %s field: a map "
				    "escapes only TAB, newline and '\\' (\\t, \\n, \\\\)",
				    bad[1] ? 2 : 1, bad, field_names[i]);
			return -1;
		}
	}
	if (!record_valid(f[4])) {
		cl_diag_set(err, path, no, 0, "invalid struct '%s' (expected a tag or typedef "
			    "name, a C++ class as ns::box<int>, or NAME@FILE:LINE)",
			    cl_name_escape(&m->arena, f[4]));
		return -1;
	}
	if (!member_path_valid(f[5])) {
		cl_diag_set(err, path, no, 0, "invalid member path '%s' (expected identifiers "
			    "joined by '.')", cl_name_escape(&m->arena, f[5]));
		return -1;
	}
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
	for (size_t i = 0; i < nf; i++) {
		const char *bad;

		if (!unescape(f[i], strlen(f[i]), &bad)) {
			cl_diag_set(err, path, no, 0, "unknown escape '%.*s' in an embed line: a map "
				    "escapes only TAB, newline and '\\' (\\t, \\n, \\\\)",
				    bad[1] ? 2 : 1, bad);
			return -1;
		}
	}
	if (!record_valid(f[0]) || !member_path_valid(f[1]) || !record_valid(f[3])) {
		cl_diag_set(err, path, no, 0, "invalid struct or member path in an embed line");
		return -1;
	}
	e = (struct cl_access_embed){ f[0], f[1], off, f[3] };
	cl_access_map_embed(m, &e);
	return 0;
}

/* What a file that is not a regular one is, for messages. */
static const char *file_kind(mode_t mode)
{
	return S_ISFIFO(mode) ? "a FIFO" : S_ISCHR(mode) ? "a character device" :
	       S_ISBLK(mode) ? "a block device" : S_ISSOCK(mode) ? "a socket" :
	       S_ISDIR(mode) ? "a directory" : "not a regular file";
}

/*
 * @path opened for reading, without blocking: a FIFO found in a directory
 * (which no one asked for, and no one may ever write) must not hold the
 * import in open(2) or read(2).  Only a regular file is read there; a path
 * named on its own may also be a pipe or FIFO (<(zcat x.map.gz)), read as
 * given.  NULL with @err set.
 */
static FILE *map_open(const char *path, bool walked, struct cl_diag *err)
{
	struct stat st;
	FILE *f;
	int fd;

	if (!walked && !stat(path, &st) && S_ISFIFO(st.st_mode)) {
		/* named by the user: opened as the shell's '<' would, waiting for its writer */
		f = fopen(path, "r");
		if (!f)
			cl_diag_set(err, path, 0, 0, "cannot open access map: %s", strerror(errno));
		return f;
	}
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		cl_diag_set(err, path, 0, 0, "cannot open access map: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		cl_diag_set(err, path, 0, 0, "not an access map: %s, not a regular file%s",
			    file_kind(st.st_mode), walked ? " (a directory's *" CL_ACCESS_MAP_SUFFIX
			    " files are what the compiler wrote)" : "");
		close(fd);
		return NULL;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	f = fdopen(fd, "r");
	if (!f) {
		cl_diag_set(err, path, 0, 0, "cannot open access map: %s", strerror(errno));
		close(fd);
	}
	return f;
}

static int map_file(struct cl_access_map *m, const char *path, bool walked, struct cl_diag *err)
{
	FILE *f = map_open(path, walked, err);
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	unsigned no = 0;
	size_t fields = 10;
	int rc = 0;

	if (!f)
		return -1;
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

/*
 * Every *.cachelint.map below @dir, in name order (so the merge is stable);
 * *@found counts them.  A symbolic link to a directory is not followed: a
 * build tree's link to "." or ".." would read its maps again, or for ever
 * (two links to "." double the paths at each level).  A link to a map file
 * is read.
 */
static int map_dir(struct cl_access_map *m, const char *dir, size_t *found, struct cl_diag *err)
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
		if (rc || lstat(p, &st))
			;	/* gone since readdir: nothing to read */
		else if (S_ISDIR(st.st_mode))
			rc = map_dir(m, p, found, err);
		else if (is_map_name(names[i]) && !(S_ISLNK(st.st_mode) && !stat(p, &st) &&
						    S_ISDIR(st.st_mode))) {
			rc = map_file(m, p, true, err);
			++*found;
		}
		free(p);
		free(names[i]);
	}
	free(names);
	return rc;
}

int cl_access_map_load(struct cl_access_map *m, const char *path, struct cl_diag *err)
{
	struct stat st;
	size_t found = 0;

	if (stat(path, &st)) {
		cl_diag_set(err, path, 0, 0, "cannot open access map: %s", strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return map_file(m, path, false, err);
	if (map_dir(m, path, &found, err))
		return -1;
	if (!found) {
		cl_diag_set(err, path, 0, 0, "no access map in this directory: no file below it "
			    "is named *%s (-fplugin-arg-cachelint-access-map=DIR/ writes one per "
			    "unit; symbolic links to directories are not followed)",
			    CL_ACCESS_MAP_SUFFIX);
		return -1;
	}
	return 0;
}
