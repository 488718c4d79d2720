// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff_side.c - one side of `cachelint diff`: a build read through the
 * DWARF front end into the pipeline `cachelint dwarf` runs, or a baseline
 * file, as the list of its findings by fingerprint
 */
#include "diff.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ar_members.h"

#define BASELINE_FIRST_LINE "# cachelint-baseline 1"

enum side_kind { SIDE_ELF, SIDE_ARCHIVE, SIDE_BASELINE, SIDE_OTHER };

/* What the file is, by its first bytes; -1 when it cannot be read. */
static int side_kind(const char *path, enum side_kind *kind)
{
	char head[sizeof(BASELINE_FIRST_LINE) + 1] = "";
	FILE *f;
	size_t n;

	/* read twice (its first bytes, then as what they say), a FIFO cannot be */
	if (cli_input_is_fifo(path)) {
		cl_error("diff: %s: a FIFO: a side is read as a file (its first bytes say what it is, then it is read again)",
			 path);
		return -1;
	}
	f = fopen(path, "rb");
	if (!f) {
		cl_error("diff: %s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	n = fread(head, 1, sizeof(head) - 1, f);
	/* a directory opens, then fails to read: it is no side, and is named as what it is */
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		if (e == EISDIR)
			cl_error("diff: %s: a directory: a side is a file, a build (an ELF object, archive, executable, shared library or vmlinux) or a baseline",
				 path);
		else
			cl_error("diff: %s: cannot read: %s", path, strerror(e));
		return -1;
	}
	fclose(f);
	if (n >= 4 && !memcmp(head, "\177ELF", 4))
		*kind = SIDE_ELF;
	else if (n >= 8 && (!memcmp(head, "!<arch>\n", 8) || !memcmp(head, "!<thin>\n", 8)))
		*kind = SIDE_ARCHIVE;
	else if (!strncmp(head, BASELINE_FIRST_LINE, strlen(BASELINE_FIRST_LINE)))
		*kind = SIDE_BASELINE;
	else
		*kind = SIDE_OTHER;
	return 0;
}

static uint64_t entry_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct diff_side *)ctx)->entries[i].fp);
}

static bool entry_eq(const void *ctx, size_t i, const void *fp)
{
	return !strcmp(((const struct diff_side *)ctx)->entries[i].fp, fp);
}

bool diff_side_has(const struct diff_side *s, const char *fp)
{
	return s->nentries &&
	       *cl_index_slot(&s->index, cl_hash_str(fp), entry_eq, s, fp) != 0;
}

static void add_entry(struct diff_side *s, const char *fp, const struct cl_finding *f,
		      const char *what, int rule, const char *group)
{
	size_t *slot = cl_index_add(&s->index, s->nentries, cl_hash_str(fp), entry_eq,
				    entry_hash, s, fp);
	struct diff_entry *e;

	/* two layouts of one struct can give one finding: count it once */
	if (*slot)
		return;
	*slot = s->nentries + 1;
	e = cl_vec_push(&s->entries, &s->nentries, &s->cap);
	memcpy(e->fp, fp, sizeof(e->fp));
	e->f = f;
	e->what = what;
	e->rule = rule;
	e->group = group ? group : "";
}

/*
 * "cachelint-false-sharing 'struct s' 'a' 'b'": the rule and the struct of
 * a baseline line, as cl_baseline_write() writes it.
 */
static void baseline_line(struct diff_side *s, const struct cl_baseline_entry *b)
{
	size_t n = strcspn(b->what, " \t");
	char *rule = cl_arena_strndup(&s->arena, b->what, n);
	const char *q = strchr(b->what + n, '\''), *end = NULL;

	/* the struct is quoted; its name holds no "' " (C names hold no quote) */
	if (q)
		end = strstr(q + 1, "' ") ? strstr(q + 1, "' ") : strrchr(q + 1, '\'');
	add_entry(s, b->fp, NULL, b->what, cl_rule_lookup(rule),
		  q && end ? cl_arena_strndup(&s->arena, q + 1, (size_t)(end - q - 1)) : NULL);
}

static int load_baseline(struct diff_side *s)
{
	struct cl_baseline b;
	struct cl_diag err;
	int rc = 0;

	cl_baseline_init(&b);
	if (cl_baseline_load(&b, s->file, &err)) {
		char buf[CL_DIAG_LINE_MAX];

		cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
		rc = -1;
	}
	for (size_t i = 0; !rc && i < b.n; i++) {
		b.v[i].what = cl_arena_strdup(&s->arena, b.v[i].what);
		baseline_line(s, &b.v[i]);
	}
	cl_baseline_free(&b);
	return rc;
}

/* The files to read for a build: itself, or the members of an archive. */
static int build_files(const char *path, enum side_kind kind, struct ar_members *ar,
		       char ***files, int *n)
{
	static char *one[1];
	struct cl_diag err;

	if (kind == SIDE_ELF) {
		one[0] = (char *)path;
		*files = one;
		*n = 1;
		return 0;
	}
	if (ar_members_extract(ar, path, &err)) {
		char buf[CL_DIAG_LINE_MAX];

		cl_error("%s", cl_diag_format(&err, buf, sizeof(buf)));
		return -1;
	}
	*files = ar->paths;
	*n = (int)ar->n;
	return 0;
}

static int load_build(struct diff_side *s, enum side_kind kind, struct cli_common *c,
		      unsigned jobs)
{
	struct ar_members ar = { 0 };
	const struct cl_findings *f;
	char **files;
	size_t failed;
	int n;

	s->ran = true;
	if (cli_dwarf_run_init(&s->run, c))
		return -1;
	s->run.jobs = jobs;
	if (build_files(s->file, kind, &ar, &files, &n))
		return -1;
	/* every record: one the other side annotates is compared with its plain layout */
	failed = cli_dwarf_run_files(&s->run, files, n, true, NULL, false);
	ar_members_free(&ar);
	if (failed) {
		cl_error("diff: %s: %zu of %d units could not be analysed: a diff of part of a build says nothing",
			 s->file, failed, n);
		return -1;
	}
	cl_pipeline_finish(&s->run.pipe);
	f = &s->run.pipe.findings;
	for (size_t i = 0; i < f->n; i++) {
		char fp[17];

		add_entry(s, cl_finding_fingerprint(&f->v[i], fp), &f->v[i], NULL,
			  (int)f->v[i].rule, f->v[i].record_name);
	}
	return 0;
}

int diff_side_load(struct diff_side *s, struct cli_common *c, unsigned jobs)
{
	enum side_kind kind;

	cl_index_init(&s->index);
	cl_arena_init(&s->arena);
	if (side_kind(s->file, &kind))
		return -1;
	switch (kind) {
	case SIDE_BASELINE:
		s->baseline = true;
		return load_baseline(s);
	case SIDE_OTHER:
		cl_error("diff: %s: neither a build (an ELF object, archive, executable, shared library or vmlinux) nor a baseline ('%s' on its first line)",
			 s->file, BASELINE_FIRST_LINE);
		return -1;
	default:
		return load_build(s, kind, c, jobs);
	}
}

void diff_side_free(struct diff_side *s)
{
	if (s->ran)
		cli_dwarf_run_free(&s->run);
	free(s->entries);
	cl_index_free(&s->index);
	cl_arena_free(&s->arena);
}
