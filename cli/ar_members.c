// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ar_members.c - copy the members of an ar archive out to files
 *
 * The format (ar(5), as GNU and BSD ar write it): "!<arch>\n", then per
 * member a 60-byte header (name[16] date[12] uid[6] gid[6] mode[8]
 * size[10] "`\n") and the member's bytes, padded to an even offset.  GNU
 * names end with '/'; "/" and "/SYM64/" are symbol tables, "//" holds the
 * long names that "/OFFSET" refers to.  BSD writes "#1/LEN": the name is
 * the first LEN bytes of the member's data.  A thin archive ("!<thin>\n")
 * holds no members, only their paths.
 */
#define _GNU_SOURCE
#include "ar_members.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/arena.h"

#define AR_MAGIC "!<arch>\n"
#define AR_THIN "!<thin>\n"
#define AR_HEADER 60

/**
 * struct ar_reader - one archive being read
 * @f: the archive
 * @path: its name, for errors
 * @names: the GNU long-name table ("//"), or NULL
 * @names_len: its bytes
 * @err: where an error goes
 */
struct ar_reader {
	FILE *f;
	const char *path;
	char *names;
	size_t names_len;
	struct cl_diag *err;
};

static int bad(struct ar_reader *r, long at, const char *what)
{
	cl_diag_set(r->err, r->path, 0, 0, "not a valid ar archive: %s at byte %ld", what, at);
	return -1;
}

/* A decimal field of the header, blank-padded. */
static bool field_u64(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;

	while (i < n && s[i] == ' ')
		i++;
	if (i == n || s[i] < '0' || s[i] > '9')
		return false;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		if (v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	for (; i < n; i++)
		if (s[i] != ' ')
			return false;
	*out = v;
	return true;
}

/* Read @n bytes into @buf, or fail as a truncated archive at @at. */
static int read_all(struct ar_reader *r, void *buf, size_t n, long at)
{
	if (fread(buf, 1, n, r->f) == n)
		return 0;
	return bad(r, at, "the archive ends inside a member");
}

/* Copy @n bytes of the archive to @to. */
static int copy_out(struct ar_reader *r, FILE *to, uint64_t n, long at)
{
	char buf[65536];

	while (n) {
		size_t k = n < sizeof(buf) ? (size_t)n : sizeof(buf);

		if (read_all(r, buf, k, at))
			return -1;
		if (fwrite(buf, 1, k, to) != k) {
			cl_diag_set(r->err, r->path, 0, 0, "cannot copy a member out: %s",
				    strerror(errno));
			return -1;
		}
		n -= k;
	}
	return 0;
}

/*
 * The member's name from its header field: "name/" (GNU), "/OFFSET" into
 * the long names, or "#1/LEN" (BSD, the name starts the data: *@skip
 * bytes).  NULL after the error.
 */
static char *member_name(struct ar_reader *r, const char *field, uint64_t *skip, long at)
{
	char raw[17];
	uint64_t v;
	size_t n;

	memcpy(raw, field, 16);
	raw[16] = 0;
	*skip = 0;
	if (!strncmp(raw, "#1/", 3)) {
		char *name;

		if (!field_u64(raw + 3, 13, &v) || !v || v > 4096)
			return bad(r, at, "a BSD name length that is no number"), NULL;
		name = cl_xmalloc(v + 1);
		if (read_all(r, name, v, at)) {
			free(name);
			return NULL;
		}
		name[v] = 0;
		*skip = v;
		return name;
	}
	if (raw[0] == '/' && raw[1] >= '0' && raw[1] <= '9') {
		const char *s, *end;

		if (!field_u64(raw + 1, 15, &v) || !r->names || v >= r->names_len)
			return bad(r, at, "a long name outside the name table"), NULL;
		s = r->names + v;
		end = memchr(s, '\n', r->names_len - v);
		n = end ? (size_t)(end - s) : r->names_len - v;
		if (n && s[n - 1] == '/')
			n--;
		return strndup(s, n);
	}
	n = strcspn(raw, "/");
	while (n && raw[n - 1] == ' ')
		n--;
	if (!n)
		return bad(r, at, "a member without a name"), NULL;
	return strndup(raw, n);
}

/* Where member @name is copied: "DIR/ARCHIVE(NAME)", "ARCHIVE(NAME#2)" for a second one. */
static char *copy_path(const struct ar_members *m, const char *archive, const char *name)
{
	const char *base = strrchr(archive, '/') ? strrchr(archive, '/') + 1 : archive;
	unsigned dup = 0;
	char *path;

	for (;;) {
		char tag[24] = "";

		if (dup)
			snprintf(tag, sizeof(tag), "#%u", dup + 1);
		if (asprintf(&path, "%s/%s(%s%s)", m->dir, base, name, tag) < 0)
			abort();
		if (access(path, F_OK))
			return path;
		free(path);
		dup++;
	}
}

static int extract_one(struct ar_members *m, struct ar_reader *r, const char *name,
		       uint64_t size, long at)
{
	char *path = copy_path(m, r->path, name);
	FILE *to = fopen(path, "wbx");
	int rc;

	if (!to) {
		cl_diag_set(r->err, r->path, 0, 0, "cannot copy member '%s' out to %s: %s", name,
			    path, strerror(errno));
		free(path);
		return -1;
	}
	rc = copy_out(r, to, size, at);
	if (fclose(to) && !rc) {
		cl_diag_set(r->err, r->path, 0, 0, "cannot copy member '%s' out: %s", name,
			    strerror(errno));
		rc = -1;
	}
	*(char **)cl_vec_push(&m->paths, &m->n, &m->cap) = path;
	return rc;
}

/* One member at the current offset @at: 1 at the end, 0 read, -1 error. */
static int next_member(struct ar_members *m, struct ar_reader *r, long at)
{
	char h[AR_HEADER];
	uint64_t size, skip;
	size_t got = fread(h, 1, AR_HEADER, r->f);
	char *name;
	int rc = 0;

	if (!got && feof(r->f))
		return 1;
	if (got != AR_HEADER || memcmp(h + 58, "`\n", 2))
		return bad(r, at, "a member header that is cut short or damaged");
	if (!field_u64(h + 48, 10, &size))
		return bad(r, at, "a member size that is no number");
	if (!memcmp(h, "//              ", 16)) {
		if (r->names || size > 64u << 20)
			return bad(r, at, "a second or oversized long-name table");
		r->names = cl_xmalloc(size + 1);
		r->names_len = size;
		if (read_all(r, r->names, size, at))
			return -1;
	} else if (!memcmp(h, "/               ", 16) || !memcmp(h, "/SYM64/         ", 16) ||
		   !memcmp(h, "__.SYMDEF", 9)) {
		if (fseeko(r->f, (off_t)size, SEEK_CUR))
			return bad(r, at, "a symbol table past the end");
	} else {
		name = member_name(r, h, &skip, at);
		if (!name)
			return -1;
		if (skip > size) {
			free(name);
			return bad(r, at, "a BSD name longer than its member");
		}
		/* a BSD symbol table under a long name */
		if (!strncmp(name, "__.SYMDEF", 9))
			rc = fseeko(r->f, (off_t)(size - skip), SEEK_CUR) ?
			     bad(r, at, "a symbol table past the end") : 0;
		else
			rc = extract_one(m, r, name, size - skip, at);
		free(name);
	}
	if (!rc && (size & 1) && fgetc(r->f) == EOF && !feof(r->f))
		return bad(r, at, "a member without its padding byte");
	return rc;
}

int ar_members_extract(struct ar_members *m, const char *path, struct cl_diag *err)
{
	struct ar_reader r = { .path = path, .err = err };
	const char *tmp = getenv("TMPDIR");
	char magic[8];
	int rc;

	memset(m, 0, sizeof(*m));
	r.f = fopen(path, "rb");
	if (!r.f) {
		cl_diag_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fread(magic, 1, 8, r.f) != 8 || memcmp(magic, AR_MAGIC, 8)) {
		fclose(r.f);
		if (!memcmp(magic, AR_THIN, 8))
			cl_diag_set(err, path, 0, 0, "a thin archive, which holds only the names of its objects: pass those objects");
		else
			cl_diag_set(err, path, 0, 0, "not an ar archive");
		return -1;
	}
	if (asprintf(&m->dir, "%s/cachelint-ar.XXXXXX", tmp && *tmp ? tmp : "/tmp") < 0)
		abort();
	if (!mkdtemp(m->dir)) {
		cl_diag_set(err, path, 0, 0, "cannot make a scratch directory %s: %s", m->dir,
			    strerror(errno));
		free(m->dir);
		m->dir = NULL;
		fclose(r.f);
		return -1;
	}
	while (!(rc = next_member(m, &r, ftello(r.f))))
		;
	fclose(r.f);
	free(r.names);
	if (rc < 0) {
		ar_members_free(m);
		return -1;
	}
	if (!m->n) {
		cl_diag_set(err, path, 0, 0, "an ar archive with no members");
		ar_members_free(m);
		return -1;
	}
	return 0;
}

void ar_members_free(struct ar_members *m)
{
	for (size_t i = 0; i < m->n; i++) {
		unlink(m->paths[i]);
		free(m->paths[i]);
	}
	free(m->paths);
	if (m->dir)
		rmdir(m->dir);
	free(m->dir);
	memset(m, 0, sizeof(*m));
}
