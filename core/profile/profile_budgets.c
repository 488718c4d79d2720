// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_budgets.c - the profile's top-level lines: key, budgets of cache
 * lines per path:
 *
 *   lines:
 *     tcp_sock: {tx: 6, rx: 6}
 *     page_counter: {read_mostly: 1, write_hot: 1}
 *
 * A path of a struct that touches more lines than its budget is a
 * cachelint-path-lines finding (check_path_lines.c); `cachelint layout
 * --write-budget` writes such a key from a layout as it is.
 */
#include <stdlib.h>
#include <string.h>

#include "model/paths.h"
#include "profile_loader.h"

/* The most lines a budget may name: more than any struct has. */
#define BUDGET_MAX (1ull << 32)

static bool budget_path_valid(const char *name)
{
	bool concurrent;
	size_t len = cl_path_parse(name, strlen(name), &concurrent);

	return len && !concurrent && len == strlen(name);
}

static int budget_key(struct loader *ld, const struct cl_span *at, const char *path,
		      void *arg)
{
	const char *record = arg, *s;
	char nb[SHOW_MAX], vb[SHOW_MAX];
	struct cl_budget *b;
	uint64_t v;

	if (!budget_path_valid(path))
		return ld_err_at(ld, at, "'%s' is not a path name or class (read_mostly, write_hot): %s",
				 ld_show(nb, path), CL_PATH_NAME_GRAMMAR);
	if (ld_next(ld) || !(s = ld_scalar_value(ld, path)))
		return -1;
	if (!ld_parse_u64(s, &v) || !v || v > BUDGET_MAX)
		return ld_err_here(ld, "the budget of '%s' must be a number of cache lines from 1 to %llu, found '%s'",
				   ld_show(nb, path), BUDGET_MAX, ld_show(vb, s));
	ld->tmp.budgets = cl_vec_grow(ld->tmp.budgets, &ld->tmp.budgets_cap,
				      ld->tmp.nbudgets + 1, sizeof(*ld->tmp.budgets));
	b = &ld->tmp.budgets[ld->tmp.nbudgets++];
	b->record = record;
	b->path = cl_arena_strdup(&ld->p->arena, path);
	b->max = v;
	b->span = *at;
	return 0;
}

static int lines_struct_key(struct loader *ld, const struct cl_span *at, const char *name,
			    void *arg)
{
	const char *record;

	(void)arg;
	if (ld_check_struct_name(ld, at, name))
		return -1;
	record = cl_arena_strdup(&ld->p->arena, name);
	if (ld_next(ld))
		return -1;
	return ld_parse_mapping(ld, name, budget_key, (void *)record);
}

int ld_parse_lines(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	return ld_parse_mapping(ld, key, lines_struct_key, NULL);
}

/* ------------------------------------------------------------------ */
/* Budgets by struct key and path: a later file's replaces              */

static uint64_t key_hash(const struct cl_budget *b)
{
	uint64_t h = cl_hash_str(b->record);

	return h ^ (cl_hash_str(b->path) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
}

static uint64_t budget_hash(const void *ctx, size_t i)
{
	return key_hash(&((const struct cl_profile *)ctx)->budgets[i]);
}

static bool budget_eq(const void *ctx, size_t i, const void *key)
{
	const struct cl_budget *a = &((const struct cl_profile *)ctx)->budgets[i], *b = key;

	return !strcmp(a->record, b->record) && !strcmp(a->path, b->path);
}

/* ------------------------------------------------------------------ */
/* Budgets by the name of their struct                                  */

/* A budget's name (its struct key's NAME part) and its index. */
struct named {
	const char *name;
	size_t len, i;
};

static int named_cmp(const void *x, const void *y)
{
	const struct named *a = x, *b = y;
	int c = memcmp(a->name, b->name, a->len < b->len ? a->len : b->len);

	if (c)
		return c;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* The name the run @r of @ctx's order starts with. */
static struct named run_name(const struct cl_profile *p, size_t r)
{
	const char *key = p->budgets[p->budget_order[p->budget_runs[r]]].record;

	return (struct named){ key, cl_struct_key_name(key), r };
}

static uint64_t run_hash(const void *ctx, size_t r)
{
	struct named k = run_name(ctx, r);

	return cl_hash_mem(k.name, k.len);
}

static bool run_eq(const void *ctx, size_t r, const void *key)
{
	struct named a = run_name(ctx, r);
	const struct named *b = key;

	return a.len == b->len && !memcmp(a.name, b->name, a.len);
}

/*
 * Every record of every unit asks for its budgets: they are sorted by
 * name once a file is loaded, and each name's run is found by the index.
 */
static void names_build(struct cl_profile *p)
{
	struct named *v = cl_xmalloc((p->nbudgets + 1) * sizeof(*v));

	for (size_t i = 0; i < p->nbudgets; i++)
		v[i] = (struct named){ p->budgets[i].record,
				       cl_struct_key_name(p->budgets[i].record), i };
	qsort(v, p->nbudgets, sizeof(*v), named_cmp);
	p->budget_order = cl_xrealloc(p->budget_order, (p->nbudgets + 1) * sizeof(size_t));
	p->budget_runs = cl_xrealloc(p->budget_runs, (p->nbudgets + 1) * sizeof(size_t));
	p->nbudget_runs = 0;
	cl_index_free(&p->budget_names);
	cl_index_init(&p->budget_names);
	for (size_t k = 0; k < p->nbudgets; k++) {
		p->budget_order[k] = v[k].i;
		if (k && v[k].len == v[k - 1].len && !memcmp(v[k].name, v[k - 1].name, v[k].len))
			continue;
		p->budget_runs[p->nbudget_runs] = k;
		*cl_index_add(&p->budget_names, p->nbudget_runs, cl_hash_mem(v[k].name, v[k].len),
			      run_eq, run_hash, p, &v[k]) = p->nbudget_runs + 1;
		p->nbudget_runs++;
	}
	free(v);
}

void cl_budgets_free(struct cl_profile *p)
{
	free(p->budgets);
	cl_index_free(&p->budget_index);
	free(p->budget_order);
	free(p->budget_runs);
	cl_index_free(&p->budget_names);
}

void cl_budgets_layer(struct cl_profile *to, const struct cl_profile *from)
{
	for (size_t i = 0; i < from->nbudgets; i++) {
		const struct cl_budget *b = &from->budgets[i];
		size_t *slot = cl_index_add(&to->budget_index, to->nbudgets, key_hash(b), budget_eq,
					    budget_hash, to, b);

		if (*slot) {
			to->budgets[*slot - 1] = *b;
			continue;
		}
		to->budgets = cl_vec_grow(to->budgets, &to->budgets_cap, to->nbudgets + 1,
					  sizeof(*to->budgets));
		to->budgets[to->nbudgets++] = *b;
		*slot = to->nbudgets;
	}
	if (from->nbudgets)
		names_build(to);
}

const size_t *cl_profile_budgets_named(const struct cl_profile *p, const char *name,
				       size_t len, size_t *n)
{
	struct named key = { name, len, 0 };
	const size_t *slot;
	size_t r, end;

	if (!p->nbudget_runs)
		return NULL;
	slot = cl_index_slot(&p->budget_names, cl_hash_mem(name, len), run_eq, p, &key);
	if (!*slot)
		return NULL;
	r = *slot - 1;
	end = r + 1 < p->nbudget_runs ? p->budget_runs[r + 1] : p->nbudgets;
	if (n)
		*n = end - p->budget_runs[r];
	return &p->budget_order[p->budget_runs[r]];
}

const struct cl_budget *cl_profile_budgets(const struct cl_profile *p,
					   const struct cl_record_place *at, struct cl_arena *a,
					   size_t *n)
{
	struct cl_budget *v = NULL;
	const size_t *named;
	size_t k;

	*n = 0;
	named = at->name ? cl_profile_budgets_named(p, at->name, strlen(at->name), &k) : NULL;
	for (size_t j = 0; named && j < k; j++) {
		const struct cl_budget *b = &p->budgets[named[j]];

		if (!cl_struct_key_matches(b->record, at))
			continue;
		if (!v)
			v = cl_arena_alloc(a, k * sizeof(*v));
		v[(*n)++] = *b;
	}
	return v;
}
