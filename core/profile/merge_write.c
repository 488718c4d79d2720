// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * merge_write.c - the sum of several profiles, written as a profile
 *
 * Each top-level key is one fragment of libyaml's emitter (yaml_writer.h);
 * the contention: section is written by its one writer,
 * cl_contention_write().  Structs are written a struct at a time, as the
 * importers write them, so a sum of a million members never sits in the
 * emitter whole.
 */
#include "merge_write.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contention_write.h"
#include "profile_keys.h"
#include "profile_loader.h"
#include "model/rules.h"
#include "yaml_writer.h"

/*
 * A fraction or a percentage as the fewest digits that read back the
 * same, with a '.' whatever the locale ("0.01", "1", "2.5").
 */
static void decimal_word(struct cl_yw *w, double v)
{
	char buf[64];

	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		for (char *s = buf; *s; s++)
			if (*s == ',')
				*s = '.';
		if (strtod(buf, NULL) == v || prec == 17)
			break;
	}
	cl_yw_word(w, buf);
}

static int put_header(FILE *out, const struct cl_merge *m, const char *const *files,
		      size_t nfiles)
{
	struct cl_yw *w = cl_yw_open_fragment();

	fprintf(out, "# Merged by `cachelint merge` from %zu profile%s:\n", nfiles,
		nfiles == 1 ? "" : "s");
	for (size_t i = 0; i < nfiles; i++)
		cl_yw_comment(out, "#   ", files[i]);
	fputs("# Counts, weights, samples and seconds are their sums; classes, thresholds\n"
	      "# and budgets the last file's (docs/profiles.md, \"Several profiles\").\n", out);
	cl_yw_map(w, false);
	cl_yw_key_u64(w, CL_KEY_CACHELINT_PROFILE, 1);
	if (m->line_size)
		cl_yw_key_u64(w, CL_KEY_LINE_SIZE, m->line_size);
	if (m->samples) {
		cl_yw_word(w, CL_KEY_COUNTS);
		cl_yw_word(w, "samples");
	}
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "", NULL);
}

static void put_thresholds(struct cl_yw *w, const struct cl_merge *m)
{
	const struct cl_thresholds *t = &m->thresholds;
	unsigned set = m->thresholds_set;

	cl_yw_word(w, CL_KEY_THRESHOLDS);
	cl_yw_map(w, true);
	if (set & CL_THRESHOLD_SET_WRITE_HOT) {
		cl_yw_word(w, CL_KEY_WRITE_HOT);
		decimal_word(w, t->write_hot);
	}
	if (set & CL_THRESHOLD_SET_READ_MOSTLY) {
		cl_yw_word(w, CL_KEY_READ_MOSTLY);
		decimal_word(w, t->read_mostly);
	}
	if (set & CL_THRESHOLD_SET_MIN_ACCESSES)
		cl_yw_key_u64(w, CL_KEY_MIN_ACCESSES, t->min_accesses);
	if (set & CL_THRESHOLD_SET_MIN_TRANSFERS)
		cl_yw_key_u64(w, CL_KEY_MIN_TRANSFERS, t->contention.min_transfers);
	if (set & CL_THRESHOLD_SET_MIN_SAMPLES)
		cl_yw_key_u64(w, CL_KEY_MIN_SAMPLES, t->contention.min_samples);
	if (set & CL_THRESHOLD_SET_MIN_SHARE) {
		cl_yw_word(w, CL_KEY_MIN_SHARE);
		decimal_word(w, t->contention.min_share);
	}
	cl_yw_map_end(w);
}

static void put_suppress(struct cl_yw *w, const struct cl_merge *m)
{
	bool any = false;

	for (size_t i = 0; i < m->nstructs && !any; i++)
		any = m->structs[i].suppress != 0;
	if (!any)
		return;
	cl_yw_word(w, CL_KEY_SUPPRESS);
	cl_yw_map(w, false);
	for (size_t i = 0; i < m->nstructs; i++) {
		uint32_t mask = m->structs[i].suppress;

		if (!mask)
			continue;
		cl_yw_key(w, m->structs[i].name);
		if ((mask & CL_RULE_MASK_ALL) == CL_RULE_MASK_ALL) {
			cl_yw_word(w, "all");
			continue;
		}
		cl_yw_seq(w, true);
		for (int r = 0; r < CL_RULE_COUNT; r++)
			if (mask & (1u << r))
				cl_yw_word(w, cl_rule_info((enum cl_rule)r)->id);
		cl_yw_seq_end(w);
	}
	cl_yw_map_end(w);
}

static void put_paths(struct cl_yw *w, const struct cl_merge *m)
{
	if (!m->nconcurrent)
		return;
	cl_yw_word(w, CL_KEY_PATHS);
	cl_yw_map(w, false);
	for (size_t i = 0; i < m->nconcurrent; i++) {
		cl_yw_key(w, m->concurrent[i]);
		cl_yw_word(w, "concurrent");
	}
	cl_yw_map_end(w);
}

/* line-size is in the header; thresholds, suppress and paths after it. */
static int put_settings(FILE *out, const struct cl_merge *m)
{
	struct cl_yw *w;

	if (!m->thresholds_set && !m->nconcurrent) {
		bool any = false;

		for (size_t i = 0; i < m->nstructs && !any; i++)
			any = m->structs[i].suppress != 0;
		if (!any)
			return 0;
	}
	w = cl_yw_open_fragment();
	cl_yw_map(w, false);
	if (m->thresholds_set)
		put_thresholds(w, m);
	put_suppress(w, m);
	put_paths(w, m);
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "", NULL);
}

/* A path as the loader reads it back: "tx", "tx:concurrent". */
static void use_key(struct cl_yw *w, const struct cl_use *u)
{
	char *name;

	if (!(u->flags & CL_USE_CONCURRENT)) {
		cl_yw_key(w, u->path);
		return;
	}
	name = cl_xmalloc(strlen(u->path) + sizeof(":concurrent"));
	sprintf(name, "%s:concurrent", u->path);
	cl_yw_key(w, name);
	free(name);
}

/* read: {p: N} (counted) or read: [p] (listed); nothing without such a use. */
static void put_uses(struct cl_yw *w, const struct cl_merge_member *mm, uint32_t flag,
		     const char *key)
{
	bool any = false, counted = false;

	for (uint32_t i = 0; i < mm->nuses; i++) {
		if (!(mm->uses[i].flags & flag))
			continue;
		any = true;
		counted = mm->uses[i].flags & LD_USE_COUNTED;
	}
	if (!any)
		return;
	cl_yw_word(w, key);
	counted ? cl_yw_map(w, true) : cl_yw_seq(w, true);
	for (uint32_t i = 0; i < mm->nuses; i++) {
		const struct cl_use *u = &mm->uses[i];

		if (!(u->flags & flag))
			continue;
		use_key(w, u);
		if (counted)
			cl_yw_u64(w, flag == CL_USE_READ ? u->reads : u->writes);
	}
	counted ? cl_yw_map_end(w) : cl_yw_seq_end(w);
}

static const char *class_word(enum cl_class cls)
{
	return cls == CL_CLASS_READ_MOSTLY ? "read_mostly" :
	       cls == CL_CLASS_WRITE_HOT ? "write_hot" : "cold";
}

static void put_member_value(struct cl_yw *w, const struct cl_merge_member *mm)
{
	const struct cl_access *a = &mm->access;

	if (!mm->paths && mm->has_class && !a->has_counts && !a->group && !mm->from) {
		cl_yw_word(w, class_word(a->cls));
		return;
	}
	cl_yw_map(w, true);
	if (mm->paths) {
		put_uses(w, mm, CL_USE_READ, CL_KEY_READ);
		put_uses(w, mm, CL_USE_WRITE, CL_KEY_WRITE);
	} else {
		if (mm->has_class) {
			cl_yw_word(w, CL_KEY_CLASS);
			cl_yw_word(w, class_word(a->cls));
		}
		if (a->group)
			cl_yw_key_quoted(w, CL_KEY_GROUP, a->group);
		if (a->has_counts) {
			cl_yw_key_u64(w, CL_KEY_READS, a->reads);
			cl_yw_key_u64(w, CL_KEY_WRITES, a->writes);
		}
	}
	if (mm->from)
		cl_yw_key_quoted(w, CL_KEY_FROM, mm->from);
	cl_yw_map_end(w);
}

static int put_struct(FILE *out, const struct cl_merge_struct *s)
{
	struct cl_yw *w = cl_yw_open_fragment();

	cl_yw_map(w, false);
	cl_yw_key(w, s->name);
	cl_yw_map(w, false);
	for (size_t i = 0; i < s->nmembers; i++) {
		cl_yw_key(w, s->members[i].path);
		put_member_value(w, &s->members[i]);
	}
	cl_yw_map_end(w);
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "  ", NULL);
}

static int put_structs(FILE *out, const struct cl_merge *m)
{
	bool any = false;
	int rc = 0;

	for (size_t i = 0; i < m->nstructs && !any; i++)
		any = m->structs[i].nmembers > 0;
	if (!any)
		return 0;
	fputs("structs:\n", out);
	for (size_t i = 0; i < m->nstructs && !rc; i++)
		if (m->structs[i].nmembers)
			rc = put_struct(out, &m->structs[i]);
	return rc;
}

static void put_object_struct(struct cl_yw *w, const struct cl_object_struct *s)
{
	cl_yw_key(w, s->name);
	cl_yw_map(w, false);
	cl_yw_key_u64(w, CL_KEY_INSTANCES, s->instances);
	cl_yw_key_u64(w, CL_KEY_SHARED, s->shared);
	if (s->base_align)
		cl_yw_key_u64(w, CL_KEY_BASE_ALIGN, s->base_align);
	if (s->npairs) {
		cl_yw_word(w, CL_KEY_PAIRS);
		cl_yw_seq(w, false);
		for (size_t i = 0; i < s->npairs; i++) {
			const struct cl_object_pair *p = &s->pairs[i];

			cl_yw_map(w, true);
			cl_yw_key_quoted(w, CL_KEY_WRITE, p->write);
			cl_yw_key_quoted(w, CL_KEY_ACCESS, p->access);
			cl_yw_key_u64(w, CL_KEY_OBJECTS, p->objects);
			cl_yw_key_u64(w, CL_KEY_SAME_BYTES, p->same_bytes);
			cl_yw_key_u64(w, CL_KEY_SAME_WRITTEN, p->same_written);
			cl_yw_key_u64(w, CL_KEY_THREADS, p->threads);
			cl_yw_key_list(w, CL_KEY_PATHS, p->paths, p->npaths);
			cl_yw_map_end(w);
		}
		cl_yw_seq_end(w);
	}
	if (s->has_between) {
		const struct cl_object_between *b = &s->between;

		cl_yw_word(w, CL_KEY_BETWEEN);
		cl_yw_map(w, true);
		cl_yw_key_u64(w, CL_KEY_LINES, b->lines);
		cl_yw_key_u64(w, CL_KEY_PER_LINE, b->per_line);
		if (b->size)
			cl_yw_key_u64(w, CL_KEY_SIZE, b->size);
		cl_yw_key_u64(w, CL_KEY_SAME_BYTES, b->same_bytes);
		cl_yw_key_u64(w, CL_KEY_THREADS, b->threads);
		cl_yw_key_list(w, CL_KEY_PATHS, b->paths, b->npaths);
		cl_yw_map_end(w);
	}
	cl_yw_map_end(w);
}

static void put_object_variable(struct cl_yw *w, const struct cl_object_variable *v)
{
	cl_yw_key(w, v->name);
	cl_yw_map(w, true);
	cl_yw_key_u64(w, CL_KEY_ELEMENT, v->element);
	cl_yw_key_u64(w, CL_KEY_ELEMENTS, v->elements);
	if (v->base_align)
		cl_yw_key_u64(w, CL_KEY_BASE_ALIGN, v->base_align);
	cl_yw_key_u64(w, CL_KEY_LINES, v->lines);
	cl_yw_key_u64(w, CL_KEY_PER_LINE, v->per_line);
	cl_yw_key_u64(w, CL_KEY_SAME_BYTES, v->same_bytes);
	cl_yw_key_u64(w, CL_KEY_THREADS, v->threads);
	cl_yw_key_list(w, CL_KEY_PATHS, v->paths, v->npaths);
	cl_yw_map_end(w);
}

static int put_objects(FILE *out, const struct cl_merge *m)
{
	const struct cl_objects *o = &m->objects;
	struct cl_yw *w;

	if (!o->present)
		return 0;
	w = cl_yw_open_fragment();
	cl_yw_map(w, false);
	cl_yw_word(w, CL_KEY_OBJECTS);
	cl_yw_map(w, false);
	if (o->sample)
		cl_yw_key_u64(w, CL_KEY_SAMPLE, o->sample);
	if (o->line_size)
		cl_yw_key_u64(w, CL_KEY_LINE_SIZE, o->line_size);
	cl_yw_key_u64(w, CL_KEY_DROPPED, o->dropped);
	if (o->nstructs) {
		cl_yw_word(w, CL_KEY_STRUCTS);
		cl_yw_map(w, false);
		for (size_t i = 0; i < o->nstructs; i++)
			put_object_struct(w, &o->structs[i]);
		cl_yw_map_end(w);
	}
	if (o->nvariables) {
		cl_yw_word(w, CL_KEY_VARIABLES);
		cl_yw_map(w, false);
		for (size_t i = 0; i < o->nvariables; i++)
			put_object_variable(w, &o->variables[i]);
		cl_yw_map_end(w);
	}
	cl_yw_map_end(w);
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "", NULL);
}

/* A budget's place in the output: its struct's first budget, then its own. */
struct budget_at {
	size_t first, i;
};

static int budget_at_cmp(const void *x, const void *y)
{
	const struct budget_at *a = x, *b = y;

	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/*
 * One mapping per struct, in the order the files first name them, its
 * paths in the order the files gave them.  The sum's struct keys are
 * interned (one address per key): a map from address to the struct's
 * first budget groups them in one pass.
 */
static struct budget_at *budgets_grouped(const struct cl_merge *m)
{
	struct budget_at *v = cl_xmalloc(m->nbudgets * sizeof(*v));
	struct cl_map first;

	cl_map_init(&first);
	for (size_t i = 0; i < m->nbudgets; i++) {
		uint64_t key = (uint64_t)(uintptr_t)m->budgets[i].record;
		void *was = cl_map_get(&first, key);

		if (!was)
			cl_map_put(&first, key, was = (void *)(uintptr_t)(i + 1));
		v[i] = (struct budget_at){ (size_t)(uintptr_t)was - 1, i };
	}
	cl_map_free(&first);
	qsort(v, m->nbudgets, sizeof(*v), budget_at_cmp);
	return v;
}

static int put_budgets(FILE *out, const struct cl_merge *m)
{
	struct budget_at *v;
	struct cl_yw *w;

	if (!m->nbudgets)
		return 0;
	v = budgets_grouped(m);
	w = cl_yw_open_fragment();
	cl_yw_map(w, false);
	cl_yw_word(w, CL_KEY_LINES);
	cl_yw_map(w, false);
	for (size_t k = 0; k < m->nbudgets; k++) {
		const struct cl_budget *b = &m->budgets[v[k].i];

		if (!k || v[k].first != v[k - 1].first) {
			if (k)
				cl_yw_map_end(w);
			cl_yw_key(w, b->record);
			cl_yw_map(w, true);
		}
		cl_yw_key_u64(w, b->path, b->max);
	}
	cl_yw_map_end(w);
	cl_yw_map_end(w);
	cl_yw_map_end(w);
	free(v);
	return cl_yw_close_fragment(w, out, "", NULL);
}

int cl_merge_write(FILE *out, const struct cl_merge *m, const char *const *files,
		   size_t nfiles)
{
	int rc = put_header(out, m, files, nfiles);

	if (!rc)
		rc = put_settings(out, m);
	if (!rc)
		rc = put_structs(out, m);
	if (!rc)
		rc = put_objects(out, m);
	if (!rc && m->contention.present)
		rc = cl_contention_write(out, &m->contention_hdr, m->contention.entries,
					 m->contention.n);
	if (!rc)
		rc = put_budgets(out, m);
	return rc || ferror(out) ? -1 : 0;
}
