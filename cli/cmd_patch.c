// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_patch.c - `cachelint patch [-o FILE] [--source-root DIR] REPORT|DIR...`:
 * one patch for a whole build, from the plugin's report=DIR/ files
 *
 * -fdiagnostics-generate-patch prints each unit's own diff, so a header
 * that 56 units include gets 56 copies of its hunk, which `patch` applies
 * once and then fails.  Each unit's report holds its proposals' edits
 * (core/emit/report.c: the file, absolute, the lines replaced, a hash of
 * their text and the new lines); here the edits of all units are joined:
 * the same edit from many units is one, two different edits of one
 * struct's lines are an error, and a source changed since the build (its
 * lines no longer hash as the unit read them) is refused, not patched
 * blind.  A struct is patched only when every unit that proposes to
 * reorder it agrees: one unit that refuses (a cast to another struct read
 * through it, a pin, no proposal at all) refuses it for the whole build,
 * since the units that do not see the reason would still be compiled
 * with the new layout and the program would break.  The diff is made as
 * the lint's --patch-out makes it (cl_rewrite_diff), each file relative to
 * --source-root, a file reached through a symbolic link named by where it
 * is.
 */
#define _XOPEN_SOURCE 700
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "emit/files.h"
#include "model/hash.h"
#include "model/names.h"
#include "propose/propose_rewrite.h"
#include "emit/report.h"
#include "model/source.h"

enum {
	OPT_OUTPUT = CLI_OPT_FIRST_FREE,
	OPT_SOURCE_ROOT,
};

/* A build's reports: a bound on what a folder walk reads. */
#define PATCH_MAX_REPORTS 1000000
#define PATCH_MAX_DEPTH 64

static void usage(FILE *out)
{
	fputs("Usage: cachelint patch [options] REPORT|DIR...\n"
	      "Join the proposals of a whole build into one patch that `patch -p1`\n"
	      "applies from the source root: the plugin's reports of every unit\n"
	      "(-fplugin-arg-cachelint-report=DIR/ with -fplugin-arg-cachelint-propose),\n"
	      "each DIR searched for *.cachelint.yaml.  A header's edit that many units\n"
	      "report is in the patch once; two units that propose different edits of\n"
	      "one struct, or a source changed since the build, are errors.\n"
	      "\n"
	      "  -o, --output FILE       the patch, written whole or not at all\n"
	      "                          (default: standard output)\n"
	      "  --source-root DIR       name each file relative to DIR (default: the\n"
	      "                          current directory); a file outside it is an error\n"
	      "  --help, --version\n"
	      "A struct that one unit refuses to reorder (a cast to another struct, a pin,\n"
	      "no proposal) gets no patch from any unit: each is named once on stderr\n"
	      "with the reason.\n"
	      "Exit status: 0 a patch written; 1 no patch (every proposal refused, or no\n"
	      "report has one: the reason on stderr, nothing written); 2 usage or input\n"
	      "error (nothing written).\n"
	      "\nExample: make KCFLAGS='-fplugin=cachelint.so -fplugin-arg-cachelint-propose \\\n"
	      "           -fplugin-arg-cachelint-report=/tmp/reports/'\n"
	      "         cachelint patch -o fix.patch /tmp/reports\n"
	      "         patch -p1 < fix.patch\n", out);
}

/**
 * struct edit - one proposal's edit, as a report gives it
 * @file: the file, absolute
 * @rw: the lines replaced and their new text
 * @hash: of the replaced lines' text, as the unit read it
 * @verdict: index in patch_cmd.verdicts of its struct
 * @from: the report, and where in it (for the messages)
 */
struct edit {
	const char *file;
	struct cl_rewrite rw;
	uint64_t hash;
	size_t verdict;
	const char *from;
	unsigned line, col;
};

/**
 * struct verdict - what the units that propose to reorder one struct say
 * @name: the struct, as the reports name it
 * @file: where it is defined, absolute ("" when a refusal does not say)
 * @edits: units whose report has its edit
 * @refusals: units whose report has its proposal and no edit
 * @from: the first of those reports
 * @why: the reason it gives
 */
struct verdict {
	const char *name, *file;
	size_t edits, refusals;
	const char *from, *why;
};

struct patch_cmd {
	const char *output, *source_root;
	struct cl_arena a;
	struct edit *v;
	size_t n, cap;
	size_t reports;
	/* structs with findings and no proposal (units built without propose) */
	size_t unproposed;
	struct verdict *verdicts;
	size_t nverdicts, verdicts_cap;
	/* "name\nfile" -> index + 1 in verdicts */
	struct cl_strset keys;
	struct cl_map verdict_of;
	int failed;
};

static int patch_option(void *cmd, int opt, const char *arg)
{
	struct patch_cmd *p = cmd;

	switch (opt) {
	case 'o':
	case OPT_OUTPUT:
		p->output = arg;
		return 1;
	case OPT_SOURCE_ROOT:
		p->source_root = arg;
		return 1;
	default:
		return 0;
	}
}

static void bad(struct patch_cmd *p, const char *path, const yaml_node_t *n, const char *what)
{
	if (n)
		cl_error("%s:%zu:%zu: %s", path, n->start_mark.line + 1, n->start_mark.column + 1,
			 what);
	else
		cl_error("%s: %s", path, what);
	p->failed = 1;
}

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* The value of @key in mapping @map, or NULL. */
static yaml_node_t *get(yaml_document_t *d, const yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *q = map->data.mapping.pairs.start;
	     q < map->data.mapping.pairs.top; q++) {
		const char *k = scalar(yaml_document_get_node(d, q->key));

		if (k && !strcmp(k, key))
			return yaml_document_get_node(d, q->value);
	}
	return NULL;
}

static int line_number(const yaml_node_t *n, unsigned *out)
{
	const char *s = scalar(n);
	char *end;
	unsigned long v;

	if (!s)
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (!*s || *end || errno || !v || v > UINT32_MAX / 2)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* The verdict of struct @name defined in @file (absolute, or ""), made on first use. */
static size_t verdict_index(struct patch_cmd *p, const char *name, const char *file)
{
	const char *key = cl_strset_intern(&p->keys, cl_arena_printf(&p->a, "%s\n%s", name, file));
	size_t i = (size_t)(uintptr_t)cl_map_get(&p->verdict_of, (uint64_t)(uintptr_t)key);
	struct verdict *v;

	if (i)
		return i - 1;
	v = cl_vec_push(&p->verdicts, &p->nverdicts, &p->verdicts_cap);
	*v = (struct verdict){ .name = cl_arena_strdup(&p->a, name),
			       .file = cl_arena_strdup(&p->a, file) };
	cl_map_put(&p->verdict_of, (uint64_t)(uintptr_t)key, (void *)(uintptr_t)p->nverdicts);
	return p->nverdicts - 1;
}

/* The edit of struct @name's proposal, @e (its "edit" mapping). */
static void add_edit(struct patch_cmd *p, const char *path, yaml_document_t *d,
		     const yaml_node_t *e, const char *name)
{
	const char *file = scalar(get(d, e, "file")), *hash = scalar(get(d, e, "source"));
	const yaml_node_t *lines = get(d, e, "lines");
	struct edit ed = { .from = path, .line = (unsigned)e->start_mark.line + 1,
			   .col = (unsigned)e->start_mark.column + 1 };
	size_t nlines, k = 0;
	char *end;

	if (!file || file[0] != '/') {
		bad(p, path, e, "an edit needs 'file:', an absolute path");
		return;
	}
	if (line_number(get(d, e, "first-line"), &ed.rw.first_line) ||
	    line_number(get(d, e, "last-line"), &ed.rw.last_line) ||
	    ed.rw.last_line < ed.rw.first_line) {
		bad(p, path, e, "an edit needs 'first-line:' and 'last-line:', line numbers, the first not after the last");
		return;
	}
	if (!hash || strncmp(hash, "fnv1a:", 6) || strlen(hash) != 22 ||
	    (errno = 0, ed.hash = strtoull(hash + 6, &end, 16), *end || errno)) {
		bad(p, path, e, "an edit needs 'source:', the hash of the lines it replaces (fnv1a:16 hex digits)");
		return;
	}
	nlines = ed.rw.last_line - ed.rw.first_line + 1;
	if (!lines || lines->type != YAML_SEQUENCE_NODE ||
	    (size_t)(lines->data.sequence.items.top - lines->data.sequence.items.start) != nlines) {
		bad(p, path, lines ? lines : e,
		    "an edit's 'lines:' must hold one text per line from first-line to last-line");
		return;
	}
	ed.rw.lines = cl_arena_alloc(&p->a, nlines * sizeof(*ed.rw.lines));
	for (yaml_node_item_t *it = lines->data.sequence.items.start;
	     it < lines->data.sequence.items.top; it++) {
		const yaml_node_t *ln = yaml_document_get_node(d, *it);
		const char *s = scalar(ln), *nl = s ? strchr(s, '\n') : NULL;

		/* a line, or a line and the padding line after it: never more */
		if (!s || (nl && strchr(nl + 1, '\n'))) {
			bad(p, path, ln, "an edit's line is text with at most one line break");
			return;
		}
		ed.rw.lines[k++] = cl_arena_strdup(&p->a, s);
	}
	ed.file = cl_arena_strdup(&p->a, file);
	ed.from = cl_arena_strdup(&p->a, path);
	ed.verdict = verdict_index(p, name, file);
	p->verdicts[ed.verdict].edits++;
	*cl_vec_push(&p->v, &p->n, &p->cap) = ed;
}

/* A unit that proposes to reorder struct @name and gives no edit: it refuses. */
static void add_refusal(struct patch_cmd *p, const char *path, const char *name,
			const char *file, const char *why)
{
	size_t i = verdict_index(p, name, file ? file : "");
	struct verdict *v = &p->verdicts[i];

	if (!v->refusals++) {
		v->from = cl_arena_strdup(&p->a, path);
		v->why = cl_arena_strdup(&p->a, why);
	}
}

/* One struct of a report: its edit, its refusal, or neither. */
static void read_struct(struct patch_cmd *p, const char *path, yaml_document_t *d,
			const yaml_node_t *s)
{
	const yaml_node_t *prop = get(d, s, "proposal");
	const yaml_node_t *edit = get(d, prop, "edit");
	const char *name = scalar(get(d, s, "struct"));
	const char *why = scalar(get(d, prop, "patch"));

	if (!prop) {
		p->unproposed++;
		return;
	}
	if (!why)
		why = scalar(get(d, prop, "none"));
	if (!name) {
		bad(p, path, s, "a struct needs 'struct:', its name");
		return;
	}
	if (edit)
		add_edit(p, path, d, edit, name);
	else if (why)
		add_refusal(p, path, name, scalar(get(d, prop, "file")), why);
	else
		bad(p, path, prop, "a proposal needs 'edit:', or 'patch:' or 'none:' with the reason it has no patch");
}

static void read_report(struct patch_cmd *p, const char *file)
{
	yaml_parser_t parser;
	yaml_document_t doc;
	char *text;
	size_t len;
	const yaml_node_t *root, *structs;
	/* as the messages name it: a unit's name may hold a newline */
	const char *path = cl_name_escape(&p->a, file);

	if (cli_input_read(file, &text, &len)) {
		p->failed = 1;
		return;
	}
	p->reports++;
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &doc)) {
		cl_error("%s:%zu:%zu: %s", path, parser.problem_mark.line + 1,
			 parser.problem_mark.column + 1,
			 parser.problem ? parser.problem : "not YAML");
		p->failed = 1;
		yaml_parser_delete(&parser);
		free(text);
		return;
	}
	root = yaml_document_get_root_node(&doc);
	if (!scalar(get(&doc, root, "cachelint-report"))) {
		bad(p, path, root, "not a cachelint report (no 'cachelint-report:' key): the plugin writes them with -fplugin-arg-cachelint-report=DIR/");
		goto out;
	}
	structs = get(&doc, root, "structs");
	if (structs && structs->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = structs->data.sequence.items.start;
		     it < structs->data.sequence.items.top && !p->failed; it++)
			read_struct(p, path, &doc, yaml_document_get_node(&doc, *it));
	}
out:
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	free(text);
}

static bool is_report_name(const char *name)
{
	static const char suffix[] = ".cachelint.yaml";
	size_t n = strlen(name);

	return n > sizeof(suffix) - 1 && !strcmp(name + n - (sizeof(suffix) - 1), suffix);
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Every *.cachelint.yaml below @dir, in name order (the output is stable). */
static void read_dir(struct patch_cmd *p, const char *dir, unsigned depth)
{
	DIR *d;
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (depth > PATCH_MAX_DEPTH) {
		cl_error("%s: folders nested more than %u deep", dir, PATCH_MAX_DEPTH);
		p->failed = 1;
		return;
	}
	d = opendir(dir);
	if (!d) {
		cl_error("%s: %s", dir, strerror(errno));
		p->failed = 1;
		return;
	}
	while ((de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		*cl_vec_push(&names, &n, &cap) = cl_xstrdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		char *path = cl_arena_printf(&p->a, "%s/%s", dir, names[i]);
		struct stat st;

		/* lstat: a link is not followed, so a loop cannot be walked */
		if (!p->failed && !lstat(path, &st)) {
			if (S_ISDIR(st.st_mode))
				read_dir(p, path, depth + 1);
			else if (S_ISREG(st.st_mode) && is_report_name(names[i])) {
				if (p->reports >= PATCH_MAX_REPORTS) {
					cl_error("%s: more than %u reports", dir, PATCH_MAX_REPORTS);
					p->failed = 1;
				} else {
					read_report(p, path);
				}
			}
		}
		free(names[i]);
	}
	free(names);
}

static void read_operand(struct patch_cmd *p, const char *path)
{
	struct stat st;

	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		read_dir(p, path, 0);
	else
		read_report(p, path);
}

/*
 * Whether a unit refuses the struct of verdict @v: a refusal of it, or of
 * a struct of its name in a report that does not say where it is defined.
 */
static bool refused(struct patch_cmd *p, const struct verdict *v)
{
	const char *key = cl_arena_printf(&p->a, "%s\n", v->name);
	size_t i;

	if (v->refusals)
		return true;
	if (!cl_strset_has(&p->keys, key))
		return false;
	key = cl_strset_intern(&p->keys, key);
	i = (size_t)(uintptr_t)cl_map_get(&p->verdict_of, (uint64_t)(uintptr_t)key);
	return i && p->verdicts[i - 1].refusals;
}

/* Name a refused struct once for the whole build, with the first reason. */
static void say_refused(struct patch_cmd *p, const struct verdict *v)
{
	const char *name = cl_name_escape(&p->a, v->name), *why = cl_name_escape(&p->a, v->why);

	if (!v->edits) {
		fprintf(stderr, "cachelint: patch: no patch for '%s': %s\n", name, why);
		return;
	}
	fprintf(stderr, "cachelint: patch: no patch for '%s': %zu of the %zu reports that propose to reorder it refuse, and a layout one unit does not take breaks the program; %s: %s\n",
		name, v->refusals, v->refusals + v->edits, v->from, why);
}

/*
 * Drop every edit of a struct that a unit refuses and name each such
 * struct once.  Refusals that do not say where their struct is defined
 * count for every struct of the name.
 */
static void drop_refused(struct patch_cmd *p)
{
	bool *no = cl_xmalloc(p->nverdicts + 1);
	size_t out = 0;

	for (size_t i = 0; i < p->nverdicts; i++) {
		const struct verdict *v = &p->verdicts[i];

		no[i] = refused(p, v);
		if (v->refusals)
			say_refused(p, v);
	}
	for (size_t i = 0; i < p->n; i++)
		if (!no[p->v[i].verdict])
			p->v[out++] = p->v[i];
	p->n = out;
	free(no);
}

static int by_file_line(const void *x, const void *y)
{
	const struct edit *a = x, *b = y;
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->rw.first_line != b->rw.first_line)
		return a->rw.first_line < b->rw.first_line ? -1 : 1;
	return strcmp(a->from, b->from);
}

static bool same_edit(const struct edit *a, const struct edit *b)
{
	if (strcmp(a->file, b->file) || a->rw.first_line != b->rw.first_line ||
	    a->rw.last_line != b->rw.last_line || a->hash != b->hash)
		return false;
	for (unsigned l = 0; l <= a->rw.last_line - a->rw.first_line; l++)
		if (strcmp(a->rw.lines[l], b->rw.lines[l]))
			return false;
	return true;
}

/*
 * Sort, drop the copies, refuse edits that overlap.  Leaves the distinct
 * edits at the front of p->v, p->n of them; -1 after the error.
 */
static int join_edits(struct patch_cmd *p)
{
	size_t out = 0;

	qsort(p->v, p->n, sizeof(*p->v), by_file_line);
	for (size_t i = 0; i < p->n; i++) {
		const struct edit *e = &p->v[i], *last = out ? &p->v[out - 1] : NULL;

		if (last && same_edit(last, e))
			continue;
		if (last && !strcmp(last->file, e->file) &&
		    e->rw.first_line <= last->rw.last_line) {
			cl_error("%s:%u:%u: the edit of %s lines %u-%u differs from the one %s:%u:%u gives for lines %u-%u: the units were built from different sources or with different options; patch them apart",
				 e->from, e->line, e->col, cl_name_escape(&p->a, e->file),
				 e->rw.first_line, e->rw.last_line, last->from, last->line, last->col,
				 last->rw.first_line, last->rw.last_line);
			return -1;
		}
		p->v[out++] = *e;
	}
	p->n = out;
	return 0;
}

struct file_job {
	struct patch_cmd *p;
	struct cl_source_text *src;
	size_t nfiles;
	char **rel;
	size_t *first;
};

static int write_diff(FILE *out, void *data)
{
	const struct file_job *j = data;
	struct cl_rewrite *rw = cl_xmalloc((j->p->n + 1) * sizeof(*rw));
	int rc = 0;

	for (size_t f = 0; f < j->nfiles && !rc; f++) {
		size_t n = 0;

		for (size_t i = j->first[f]; i < j->first[f + 1]; i++)
			rw[n++] = j->p->v[i].rw;
		rc = cl_rewrite_diff(out, j->rel[f], &j->src[f], rw, n);
	}
	free(rw);
	return rc;
}

/* Whether @name holds a byte no '---'/'+++' line can carry as itself. */
static bool name_has_control(const char *name)
{
	for (const unsigned char *c = (const unsigned char *)name; *c; c++)
		if (*c < 0x20 || *c == 0x7f)
			return true;
	return false;
}

/*
 * The name of edit @e's file in the patch, relative to the source root
 * @root (@real_root: the same with its links resolved), or NULL after the
 * error.  The file is named by where it is: patch(1) refuses to patch a
 * symbolic link ("not a regular file"), and one that leads out of the
 * root would have the patch change a file the root does not hold.  A name
 * with a control character (a newline would forge the '+++' line that
 * follows) is refused, not written.
 */
static char *patch_name(const struct patch_cmd *p, const struct edit *e, const char *root,
			const char *real_root)
{
	struct cl_arena a;
	char *real = realpath(e->file, NULL), *rel = NULL, *as_given;

	cl_arena_init(&a);
	if (!real) {
		cl_error("%s:%u:%u: cannot read %s: %s", e->from, e->line, e->col,
			 cl_name_escape(&a, e->file), strerror(errno));
		goto out;
	}
	rel = cl_path_relative(real, real_root);
	as_given = rel ? NULL : cl_path_relative(e->file, root);
	if (as_given)
		cl_error("%s:%u:%u: '%s' is below the source root '%s' by its name, but a symbolic link takes it to '%s', outside the root: patch(1) does not patch through links; pass --source-root DIR with a folder that holds the file itself",
			 e->from, e->line, e->col, cl_name_escape(&a, e->file),
			 cl_name_escape(&a, root), cl_name_escape(&a, real));
	else if (!rel)
		cl_error("%s:%u:%u: '%s' is not below %s%s%s: pass --source-root DIR with a folder that holds every file to patch",
			 e->from, e->line, e->col, cl_name_escape(&a, e->file),
			 p->source_root ? "the source root '" : "the current directory",
			 p->source_root ? cl_name_escape(&a, p->source_root) : "",
			 p->source_root ? "'" : "");
	else if (name_has_control(rel)) {
		cl_error("%s:%u:%u: the name of '%s' holds a control character (a newline, a tab): a patch's '---' and '+++' lines cannot carry it; rename the file, then rebuild",
			 e->from, e->line, e->col, cl_name_escape(&a, e->file));
		free(rel);
		rel = NULL;
	}
	free(as_given);
out:
	free(real);
	cl_arena_free(&a);
	return rel;
}

/* Load each file, check that its lines are what the units read, write. */
static int write_patch(struct patch_cmd *p)
{
	struct file_job j = { .p = p };
	const char *root = p->source_root ? p->source_root : ".";
	char *real_root = realpath(root, NULL);
	int rc = -1;
	size_t f = 0;

	if (!real_root) {
		cl_error("patch: source root '%s': %s", root, strerror(errno));
		return -1;
	}

	j.src = cl_xmalloc((p->n + 1) * sizeof(*j.src));
	j.rel = cl_xmalloc((p->n + 1) * sizeof(*j.rel));
	j.first = cl_xmalloc((p->n + 2) * sizeof(*j.first));
	for (size_t i = 0; i < p->n; i++) {
		const struct edit *e = &p->v[i];
		const char *why = NULL;

		if (i && !strcmp(p->v[i - 1].file, e->file)) {
			f = j.nfiles - 1;
		} else {
			f = j.nfiles++;
			j.first[f] = i;
			j.src[f].lines = NULL;
			j.rel[f] = patch_name(p, e, root, real_root);
			if (!j.rel[f])
				goto out;
			if (cl_source_text_load(&j.src[f], e->file, &p->a, &why)) {
				j.src[f].lines = NULL;
				cl_error("%s:%u:%u: cannot read %s: %s", e->from, e->line, e->col,
					 cl_name_escape(&p->a, e->file), why ? why : strerror(errno));
				goto out;
			}
		}
		if (e->rw.last_line > j.src[f].nlines ||
		    cl_rewrite_source_hash(&j.src[f], &e->rw) != e->hash) {
			cl_error("%s:%u:%u: %s lines %u-%u are not what the unit read when it was built: rebuild, then run cachelint patch again",
				 e->from, e->line, e->col, cl_name_escape(&p->a, e->file),
				 e->rw.first_line, e->rw.last_line);
			goto out;
		}
	}
	j.first[j.nfiles] = p->n;
	if (p->output ? (cli_output_ready(p->output) ? -1 : cl_write_atomic(p->output, write_diff, &j))
		      : write_diff(stdout, &j)) {
		if (!p->output || !cli_input_is_fifo(p->output) || errno)
			cl_error("patch: cannot write %s: %s", p->output ? p->output : "standard output",
				 strerror(errno ? errno : EIO));
		goto out;
	}
	rc = 0;
out:
	for (size_t k = 0; k < j.nfiles; k++) {
		if (j.src[k].lines)
			cl_source_text_free(&j.src[k]);
		free(j.rel[k]);
	}
	free(j.src);
	free(j.rel);
	free(j.first);
	free(real_root);
	return rc;
}

/*
 * Nothing to patch: say why, rather than write an empty patch that looks
 * like a clean build.  The refused structs are named already.
 */
static void say_no_patch(const struct patch_cmd *p)
{
	const char *s = p->reports == 1 ? "" : "s";

	if (p->nverdicts)
		cl_error("patch: no patch written: every proposal in the %zu report%s is refused (above)",
			 p->reports, s);
	else if (p->unproposed)
		cl_error("patch: no patch written: %zu report%s, none with a proposal: their units were built without -fplugin-arg-cachelint-propose, or no reordering fixes their findings",
			 p->reports, s);
	else
		cl_error("patch: no patch written: %zu report%s, none with a proposal: the units found nothing to reorder; give a profile (-fplugin-arg-cachelint-profile=FILE) or annotations that class the fields (docs/profiles.md)",
			 p->reports, s);
}

static int run(int argc, char **argv)
{
	static const struct option longopts[] = {
		CLI_LONG_ARG("output", OPT_OUTPUT),
		CLI_LONG_ARG("source-root", OPT_SOURCE_ROOT),
		CLI_LONG_FLAG("help", CLI_OPT_HELP),
		CLI_LONG_FLAG("version", CLI_OPT_VERSION),
		{ NULL, 0, NULL, 0 },
	};
	struct patch_cmd p = { 0 };
	struct cli_common c;
	const struct cli_parser parser = {
		.command = "patch", .shortopts = ":o:", .longopts = longopts,
		.common = &c, .option = patch_option, .cmd = &p, .usage = usage,
	};
	int status = EXIT_USAGE;

	cli_common_init(&c);
	cl_arena_init(&p.a);
	cl_strset_init(&p.keys);
	cl_map_init(&p.verdict_of);
	if (cli_parse_options(&parser, argc, argv, &status))
		goto out;
	status = EXIT_USAGE;
	if (optind >= argc) {
		cl_error("patch: no REPORT or DIR (cachelint patch --help)");
		goto out;
	}
	for (int i = optind; i < argc && !p.failed; i++)
		read_operand(&p, argv[i]);
	if (p.failed)
		goto out;
	if (!p.reports) {
		cl_error("patch: no *.cachelint.yaml report in %s%s: build with -fplugin-arg-cachelint-report=DIR/ and -fplugin-arg-cachelint-propose",
			 argv[optind], argc - optind > 1 ? " and the rest" : "");
		goto out;
	}
	drop_refused(&p);
	if (join_edits(&p))
		goto out;
	if (!p.n) {
		say_no_patch(&p);
		status = EXIT_FAILURE;
		goto out;
	}
	if (!write_patch(&p))
		status = EXIT_SUCCESS;
out:
	free(p.v);
	free(p.verdicts);
	cl_map_free(&p.verdict_of);
	cl_strset_free(&p.keys);
	cl_arena_free(&p.a);
	cli_common_free(&c);
	return status;
}

const struct cl_command cl_cmd_patch = {
	"patch", "one patch for a whole build, from the plugin's reports", run,
};
