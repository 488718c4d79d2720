// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * baseline.c - finding fingerprints and baselines
 *
 * A fingerprint names a finding by what it is about, never by where it is:
 * rule, record and the two leaf paths.  Moving a struct, or editing the code
 * around it, keeps its findings' fingerprints, so a baseline taken today
 * still hides the same findings tomorrow, and SARIF viewers can match
 * results across runs (partialFingerprints).
 */
#include "baseline.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "model/arena.h"
#include "model/hash.h"

#define BASELINE_HEADER "# cachelint-baseline 1"

static uint64_t fnv_str(uint64_t h, const char *s)
{
	static const unsigned char sep = 0xff;	/* a separator no string contains */

	if (s)
		h = cl_fnv1a(h, s, strlen(s));
	return cl_fnv1a(h, &sep, 1);
}

const char *cl_finding_fingerprint(const struct cl_finding *f, char buf[17])
{
	uint64_t h = CL_FNV_OFFSET;

	h = fnv_str(h, cl_rule_info(f->rule)->id);
	h = fnv_str(h, f->record_name);
	h = fnv_str(h, f->a.path);
	h = fnv_str(h, f->b.path);
	snprintf(buf, 17, "%016" PRIx64, h);
	return buf;
}

void cl_baseline_init(struct cl_baseline *b)
{
	memset(b, 0, sizeof(*b));
	cl_arena_init(&b->arena);
}

void cl_baseline_free(struct cl_baseline *b)
{
	free(b->v);
	cl_arena_free(&b->arena);
	cl_baseline_init(b);
}

static int fp_cmp(const void *x, const void *y)
{
	const struct cl_baseline_entry *a = x, *b = y;

	return memcmp(a->fp, b->fp, 16);
}

static bool is_fingerprint(const char *s, size_t n)
{
	if (n != 16)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return false;
	return true;
}

/* One line of a baseline file: a comment, or a fingerprint and words. */
static int baseline_line(struct cl_baseline *b, const char *path, unsigned lineno,
			 char *line, struct cl_diag *err)
{
	size_t n, start = strspn(line, " \t");
	struct cl_baseline_entry *e;

	line[strcspn(line, "\r\n")] = '\0';
	if (lineno == 1 && strcmp(line, BASELINE_HEADER)) {
		cl_diag_set(err, path, 1, 1, "not a cachelint baseline (expected '%s' on the first line)",
			    BASELINE_HEADER);
		return -1;
	}
	if (!line[start] || line[start] == '#')
		return 0;
	n = strcspn(line + start, " \t");
	if (!is_fingerprint(line + start, n)) {
		cl_diag_set(err, path, lineno, (unsigned)start + 1,
			    "expected a fingerprint of 16 lowercase hex digits, not '%.*s'",
			    (int)(n > 40 ? 40 : n), line + start);
		return -1;
	}
	e = cl_vec_push(&b->v, &b->n, &b->cap);
	memcpy(e->fp, line + start, 16);
	e->fp[16] = '\0';
	start += n;
	start += strspn(line + start, " \t");
	e->what = cl_arena_strdup(&b->arena, line + start);
	return 0;
}

int cl_baseline_load(struct cl_baseline *b, const char *path, struct cl_diag *err)
{
	FILE *in = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	unsigned lineno = 0;
	int rc = 0;

	if (!in) {
		cl_diag_set(err, path, 0, 0, "cannot read baseline: %s", strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, in) >= 0) {
		if (baseline_line(b, path, ++lineno, line, err)) {
			rc = -1;
			break;
		}
	}
	if (!rc && ferror(in)) {
		/* a directory opens, then reads fail with EISDIR */
		cl_diag_set(err, path, 0, 0, "cannot read baseline: %s", strerror(errno));
		rc = -1;
	}
	if (!rc && !lineno) {
		cl_diag_set(err, path, 0, 0, "empty file: not a cachelint baseline (expected '%s')",
			    BASELINE_HEADER);
		rc = -1;
	}
	free(line);
	fclose(in);
	if (!rc && b->n)
		qsort(b->v, b->n, sizeof(*b->v), fp_cmp);
	return rc;
}

bool cl_baseline_contains(const struct cl_baseline *b, const struct cl_finding *f)
{
	struct cl_baseline_entry key;

	if (!b->n)
		return false;
	cl_finding_fingerprint(f, key.fp);
	return bsearch(&key, b->v, b->n, sizeof(*b->v), fp_cmp) != NULL;
}

size_t cl_baseline_filter(const struct cl_baseline *b, struct cl_findings *f)
{
	size_t kept = 0, dropped;

	for (size_t i = 0; i < f->n; i++)
		if (!cl_baseline_contains(b, &f->v[i]))
			f->v[kept++] = f->v[i];
	dropped = f->n - kept;
	f->n = kept;
	return dropped;
}

struct fp_index {
	char fp[17];
	size_t i;
};

static int fp_index_cmp(const void *x, const void *y)
{
	const struct fp_index *a = x, *b = y;
	int c = memcmp(a->fp, b->fp, 16);

	return c ? c : (a->i > b->i) - (a->i < b->i);
}

int cl_baseline_write(FILE *out, const struct cl_findings *f)
{
	struct fp_index *v = cl_xmalloc((f->n ? f->n : 1) * sizeof(*v));
	bool *dup = cl_xmalloc(f->n ? f->n : 1);

	for (size_t i = 0; i < f->n; i++) {
		cl_finding_fingerprint(&f->v[i], v[i].fp);
		v[i].i = i;
		dup[i] = false;
	}
	qsort(v, f->n, sizeof(*v), fp_index_cmp);
	for (size_t i = 1; i < f->n; i++)
		if (!memcmp(v[i].fp, v[i - 1].fp, 16))
			dup[v[i].i] = true;
	fprintf(out, "%s\n# fingerprint rule struct field [other field]\n", BASELINE_HEADER);
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *fd = &f->v[i];
		char fp[17];

		if (dup[i])
			continue;
		fprintf(out, "%s %s '%s'", cl_finding_fingerprint(fd, fp),
			cl_rule_info(fd->rule)->id, fd->record_name ? fd->record_name : "");
		if (fd->a.path)
			fprintf(out, " '%s'", fd->a.path);
		if (fd->b.path)
			fprintf(out, " '%s'", fd->b.path);
		fputc('\n', out);
	}
	free(v);
	free(dup);
	return ferror(out) ? -1 : 0;
}
