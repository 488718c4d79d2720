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

#include "paths.h"
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

static struct cl_budget *budget_find(const struct cl_profile *p, const char *record,
				     const char *path)
{
	for (size_t i = 0; i < p->nbudgets; i++)
		if (!strcmp(p->budgets[i].record, record) && !strcmp(p->budgets[i].path, path))
			return &p->budgets[i];
	return NULL;
}

void cl_budgets_merge(struct cl_profile *to, const struct cl_profile *from)
{
	for (size_t i = 0; i < from->nbudgets; i++) {
		const struct cl_budget *b = &from->budgets[i];
		struct cl_budget *old = budget_find(to, b->record, b->path);

		if (!old) {
			to->budgets = cl_vec_grow(to->budgets, &to->budgets_cap, to->nbudgets + 1,
						  sizeof(*to->budgets));
			old = &to->budgets[to->nbudgets++];
		}
		*old = *b;
	}
}

const struct cl_budget *cl_profile_budgets(const struct cl_profile *p,
					   const struct cl_record_place *at, struct cl_arena *a,
					   size_t *n)
{
	struct cl_budget *v = NULL;

	*n = 0;
	for (size_t i = 0; i < p->nbudgets; i++) {
		if (!cl_struct_key_matches(p->budgets[i].record, at))
			continue;
		if (!v)
			v = cl_arena_alloc(a, p->nbudgets * sizeof(*v));
		v[(*n)++] = p->budgets[i];
	}
	return v;
}
