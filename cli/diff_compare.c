// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff_compare.c - what changed between the two sides of `cachelint diff`
 *
 * Structs are paired by name; a name with several layouts on a side (two
 * drivers' private `struct priv`) pairs equal layouts first, then the rest
 * in the order the sides have them.  Findings are compared by fingerprint
 * over the whole side, so that a struct renamed or split shows its
 * findings as gone and new, and a baseline side compares the same way.
 * One pass over each side with hash lookups: linear in the structs.
 *
 * Each struct is then weighed as upstream weighs a layout change: on its
 * findings first (a false-sharing pair gone is better, whatever it costs
 * in lines on a path: Linux 5.11 moved page_counter's 'parent' off the
 * line of 'usage' and its read path went from one line to two), then on
 * the lines its paths touch, then on the cache lines it spans.  HEAD is
 * worse when one struct is.
 */
#include "diff.h"
#include "dwarf_columns.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/**
 * struct name_group - the layouts of one struct name on each side
 * @name: interned display name
 * @base, @head: the layouts, in the side's order
 */
struct name_group {
	const char *name;
	const struct cl_record **base, **head;
	size_t nbase, nhead, base_cap, head_cap;
};

/**
 * struct compare - the state of one comparison
 * @r: the result being filled
 * @names: display names, interned
 * @groups: one per name
 * @group_of: interned name -> index + 1 in @groups
 * @struct_of: record -> index + 1 in @r->v
 * @by_name: interned name -> index + 1 in @r->v of its first struct
 * @interesting: interned names of the records something classes
 */
struct compare {
	struct diff_result *r;
	struct cl_strset names;
	struct name_group *groups;
	size_t ngroups, groups_cap;
	struct cl_map group_of, struct_of, by_name, interesting;
};

uint64_t diff_record_lines(uint64_t size, const struct cl_options *opt)
{
	return (size + opt->line_size - 1) / opt->line_size;
}

static uint64_t key_of(const void *p)
{
	return (uint64_t)(uintptr_t)p;
}

static const char *intern(struct compare *c, const char *name)
{
	return cl_strset_intern(&c->names, name);
}

static struct name_group *group(struct compare *c, const char *name)
{
	size_t i = (size_t)(uintptr_t)cl_map_get(&c->group_of, key_of(name));
	struct name_group *g;

	if (i)
		return &c->groups[i - 1];
	g = cl_vec_push(&c->groups, &c->ngroups, &c->groups_cap);
	g->name = name;
	cl_map_put(&c->group_of, key_of(name), (void *)(uintptr_t)c->ngroups);
	return g;
}

/*
 * The names of the records of @s that something classes (annotations,
 * profiles, the kernel's groups): the structs to compare.  A side reads
 * every record, so that a struct the other side annotates (6.12's
 * tcp_sock groups) is compared with its plain layout here (6.1's).
 */
static void mark_interesting(struct compare *c, const struct diff_side *s)
{
	const struct cl_pipeline *p = &s->run.pipe;

	for (size_t i = 0; i < p->nrecords; i++) {
		const struct cl_record *rec = p->records[i];

		if (cl_record_worth_converting(rec, p->cfg.profile, p->cfg.opt.no_cacheline_groups))
			cl_map_put(&c->interesting,
				   key_of(intern(c, cl_record_display(rec, &c->r->arena))),
				   (void *)1);
	}
}

static void add_records(struct compare *c, const struct diff_side *s, bool head)
{
	const struct cl_pipeline *p = &s->run.pipe;

	for (size_t i = 0; i < p->nrecords; i++) {
		const struct cl_record *rec = p->records[i];
		const char *name = intern(c, cl_record_display(rec, &c->r->arena));
		struct name_group *g;

		if (!cl_map_get(&c->interesting, key_of(name)))
			continue;
		g = group(c, name);

		if (head)
			*cl_vec_push(&g->head, &g->nhead, &g->head_cap) = rec;
		else
			*cl_vec_push(&g->base, &g->nbase, &g->base_cap) = rec;
	}
}

static struct diff_struct *new_struct(struct compare *c, const char *name,
				      const struct cl_record *base, const struct cl_record *head)
{
	struct diff_result *r = c->r;
	struct diff_struct *d = cl_vec_push(&r->v, &r->n, &r->cap);
	void *index = (void *)(uintptr_t)r->n;

	d->name = name;
	d->base = base;
	d->head = head;
	if (base)
		cl_map_put(&c->struct_of, key_of(base), index);
	if (head)
		cl_map_put(&c->struct_of, key_of(head), index);
	if (!cl_map_get(&c->by_name, key_of(name)))
		cl_map_put(&c->by_name, key_of(name), index);
	return d;
}

/* Two sorted lists of path lines, merged by name. */
static void path_lines(struct compare *c, struct diff_struct *d)
{
	struct cl_path_lines *b, *h;
	size_t nb = cl_path_lines(d->base, c->r->opt, &c->r->arena, &b);
	size_t nh = cl_path_lines(d->head, c->r->opt, &c->r->arena, &h);
	size_t i = 0, k = 0;

	d->paths = cl_arena_alloc(&c->r->arena, (nb + nh + 1) * sizeof(*d->paths));
	while (i < nb || k < nh) {
		int cmp = i == nb ? 1 : k == nh ? -1 : strcmp(b[i].path, h[k].path);
		struct diff_path *p = &d->paths[d->npaths++];

		p->path = cmp <= 0 ? b[i].path : h[k].path;
		p->base = cmp <= 0 ? b[i++].lines : 0;
		p->head = cmp >= 0 ? h[k++].lines : 0;
		if (p->base && p->head > p->base)
			d->more_lines++;
		if (p->base && p->head)
			d->lines_delta += (int64_t)p->head - (int64_t)p->base;
	}
	c->r->more_lines += d->more_lines;
}

struct fp_rec {
	uint64_t fp;
	size_t i;
	bool used;
};

static int fp_rec_cmp(const void *x, const void *y)
{
	const struct fp_rec *a = x, *b = y;

	if (a->fp != b->fp)
		return a->fp < b->fp ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

static struct fp_rec *fingerprints(const struct cl_record **v, size_t n)
{
	struct fp_rec *f = cl_xmalloc((n + 1) * sizeof(*f));

	for (size_t i = 0; i < n; i++)
		f[i] = (struct fp_rec){ cl_record_fingerprint(v[i]), i, false };
	qsort(f, n, sizeof(*f), fp_rec_cmp);
	return f;
}

/* Equal layouts pair off unchanged; the others pair in order, or stand alone. */
static void pair_group(struct compare *c, const struct name_group *g)
{
	struct fp_rec *b = fingerprints(g->base, g->nbase), *h = fingerprints(g->head, g->nhead);
	bool *base_used = cl_xmalloc(g->nbase + 1), *head_used = cl_xmalloc(g->nhead + 1);
	size_t i = 0, k = 0;

	memset(base_used, 0, g->nbase + 1);
	memset(head_used, 0, g->nhead + 1);
	while (i < g->nbase && k < g->nhead) {
		if (b[i].fp != h[k].fp) {
			(b[i].fp < h[k].fp ? i++ : k++);
			continue;
		}
		base_used[b[i++].i] = head_used[h[k++].i] = true;
		c->r->compared++;
	}
	for (i = 0, k = 0; i < g->nbase || k < g->nhead;) {
		const struct cl_record *br = NULL, *hr = NULL;

		while (i < g->nbase && base_used[i])
			i++;
		while (k < g->nhead && head_used[k])
			k++;
		if (i < g->nbase)
			br = g->base[i++];
		if (k < g->nhead)
			hr = g->head[k++];
		if (!br && !hr)
			break;
		if (br && hr) {
			struct diff_struct *d = new_struct(c, g->name, br, hr);

			d->layout_changed = true;
			c->r->compared++;
			path_lines(c, d);
		} else {
			new_struct(c, g->name, br, hr);
			br ? c->r->only_base++ : c->r->only_head++;
		}
	}
	free(b);
	free(h);
	free(base_used);
	free(head_used);
}

/* The struct a finding belongs to: its record's, else one by its name. */
static struct diff_struct *struct_of(struct compare *c, const struct diff_entry *e)
{
	const char *name = intern(c, e->group);
	size_t i = 0;

	if (e->f && e->f->record)
		i = (size_t)(uintptr_t)cl_map_get(&c->struct_of, key_of(e->f->record));
	if (!i)
		i = (size_t)(uintptr_t)cl_map_get(&c->by_name, key_of(name));
	if (!i) {
		new_struct(c, name, NULL, NULL);
		i = c->r->n;
	}
	return &c->r->v[i - 1];
}

static enum cl_severity entry_severity(const struct diff_entry *e)
{
	if (e->f)
		return e->f->severity;
	return e->rule >= 0 ? cl_rule_info((enum cl_rule)e->rule)->severity : CL_SEV_WARNING;
}

/* The entries of @from whose fingerprint @other lacks, to their structs. */
static void changed_findings(struct compare *c, const struct diff_side *from,
			     const struct diff_side *other, bool new)
{
	struct diff_result *r = c->r;

	for (size_t i = 0; i < from->nentries; i++) {
		const struct diff_entry *e = &from->entries[i];
		struct diff_struct *d;

		if (diff_side_has(other, e->fp))
			continue;
		d = struct_of(c, e);
		if (!new) {
			*cl_vec_push(&d->gone, &d->ngone, &d->gone_cap) = e;
			r->gone++;
			if (entry_severity(e) != CL_SEV_NOTE)
				d->warn_gone++;
			continue;
		}
		*cl_vec_push(&d->new_f, &d->nnew, &d->new_cap) = e;
		if (entry_severity(e) == CL_SEV_NOTE) {
			r->new_notes++;
		} else {
			r->new_warnings++;
			d->warn_new++;
		}
		if (e->rule == CL_RULE_PATH_LINES) {
			d->budgets++;
			r->budgets++;
		}
	}
}

struct leaf_index {
	struct cl_leaf *v;
	size_t n;
	struct cl_index index;
};

static uint64_t leaf_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct leaf_index *)ctx)->v[i].path);
}

static bool leaf_eq(const void *ctx, size_t i, const void *path)
{
	return !strcmp(((const struct leaf_index *)ctx)->v[i].path, path);
}

static void leaf_index_build(struct leaf_index *li, const struct cl_record *rec,
			     struct cl_arena *a)
{
	li->n = cl_record_leaves(rec, a, &li->v, true);
	cl_index_init(&li->index);
	for (size_t i = 0; i < li->n; i++) {
		size_t *slot = cl_index_add(&li->index, i, cl_hash_str(li->v[i].path), leaf_eq,
					    leaf_hash, li, li->v[i].path);

		if (!*slot)
			*slot = i + 1;
	}
}

static const struct cl_leaf *leaf_find(const struct leaf_index *li, const char *path)
{
	size_t *slot;

	if (!li->n)
		return NULL;
	slot = cl_index_slot(&li->index, cl_hash_str(path), leaf_eq, li, path);
	return *slot ? &li->v[*slot - 1] : NULL;
}

static void end_of(const struct leaf_index *li, const struct cl_leaf *l, struct diff_end *e)
{
	const struct cl_leaf *was = leaf_find(li, l->path);

	e->path = l->path;
	e->head_bit = l->bit_offset;
	e->base_bit = was ? was->bit_offset : 0;
	e->added = !was;
	e->moved = !was || was->bit_offset != l->bit_offset;
}

static void move_of(struct diff_result *r, struct diff_struct *d, const struct leaf_index *li,
		    const struct cl_finding *f)
{
	struct diff_move mv = { .f = f };

	end_of(li, &f->a, &mv.a);
	end_of(li, &f->b, &mv.b);
	if (!mv.a.moved && !mv.b.moved)
		return;
	*cl_vec_push(&d->moves, &d->nmoves, &d->moves_cap) = mv;
	r->moves++;
}

/* Members of new pair findings on a line that were elsewhere in BASE. */
static void moves(struct diff_result *r, struct diff_struct *d)
{
	struct leaf_index li = { 0 };
	bool built = false;

	for (size_t i = 0; i < d->nnew; i++) {
		const struct cl_finding *f = d->new_f[i]->f;

		if (!f || f->record != d->head || !d->base || !f->a.path || !f->b.path ||
		    cl_rule_info(f->rule)->meet != CL_MEET_LINE)
			continue;
		if (!built) {
			leaf_index_build(&li, d->base, &r->arena);
			built = true;
		}
		move_of(r, d, &li, f);
	}
	if (built)
		cl_index_free(&li.index);
}

static int struct_cmp(const void *x, const void *y)
{
	const struct diff_struct *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	if (c)
		return c;
	/* stable for one name: the order the pairs were made in */
	return a->base && b->base ? (a->base < b->base ? -1 : a->base > b->base) :
	       a->head && b->head ? (a->head < b->head ? -1 : a->head > b->head) : 0;
}

/* "'a' 'b'": up to @max quoted words of a baseline line after its rule. */
static size_t quoted_words(struct cl_arena *a, const char *s, const char **out, size_t max)
{
	size_t n = 0;

	while (n < max && (s = strchr(s, '\''))) {
		const char *end = strstr(s + 1, "' ");

		if (!end)
			end = strrchr(s + 1, '\'');
		if (!end)
			break;
		out[n++] = cl_arena_strndup(a, s + 1, (size_t)(end - s - 1));
		s = end + 1;
	}
	return n;
}

/* A baseline's finding as a finding, for SARIF and GitHub: no place, its words. */
static void regress_entry(struct diff_result *r, const struct diff_entry *e, const char *file)
{
	const char *w[3] = { NULL, NULL, NULL };
	struct cl_finding *f;

	if (e->rule < 0)
		return;
	quoted_words(&r->arena, e->what, w, 3);
	f = cl_findings_add(&r->regressions, (enum cl_rule)e->rule, NULL);
	f->record_name = w[0] ? w[0] : e->group;
	f->a.path = w[1];
	f->b.path = w[2];
	/* the rule's ID ends the message, as in every finding's */
	f->message = cl_arena_printf(&r->arena, "the baseline %s has a finding BASE lacks: %s [%s]",
				     file, e->what + strcspn(e->what, " \t") +
				     strspn(e->what + strcspn(e->what, " \t"), " \t"),
				     cl_rule_info((enum cl_rule)e->rule)->id);
}

/* A path on more lines, as a finding: cachelint-path-lines with BASE as its budget. */
static void regress_path(struct diff_result *r, const struct diff_struct *d,
			 const struct diff_path *p)
{
	bool cls = !strcmp(p->path, "read_mostly") || !strcmp(p->path, "write_hot");
	struct cl_finding *f;

	for (size_t i = 0; i < d->nnew; i++)
		if (d->new_f[i]->rule == CL_RULE_PATH_LINES && d->new_f[i]->f &&
		    d->new_f[i]->f->a.path && !strcmp(d->new_f[i]->f->a.path, p->path))
			return;	/* the budget's own finding says it */
	f = cl_findings_add(&r->regressions, CL_RULE_PATH_LINES, d->head);
	f->record_name = d->name;
	f->a.path = p->path;
	f->where = d->head->span;
	f->message = cl_arena_printf(&r->arena,
		"%s '%s' of '%s' touches %" PRIu64 " cache lines, %" PRIu64 " more than in BASE %s [%s]",
		cls ? "class" : "path", p->path, d->name, p->head, p->head - p->base,
		r->base->file, cl_rule_info(CL_RULE_PATH_LINES)->id);
}

/* Findings first, then lines per path, then the cache lines it spans. */
static void judge(struct diff_result *r, struct diff_struct *d)
{
	uint64_t lb = d->base ? diff_record_lines(d->base->size, r->opt) : 0;
	uint64_t lh = d->head ? diff_record_lines(d->head->size, r->opt) : 0;

	if (d->warn_new != d->warn_gone) {
		d->verdict = d->warn_new > d->warn_gone ? 1 : -1;
		d->basis = DIFF_BY_FINDINGS;
	} else if (d->lines_delta) {
		d->verdict = d->lines_delta > 0 ? 1 : -1;
		d->basis = DIFF_BY_LINES;
	} else if (d->base && d->head && lb != lh) {
		d->verdict = lh > lb ? 1 : -1;
		d->basis = DIFF_BY_SIZE;
	}
	if (d->verdict > 0)
		r->worse++;
	else if (d->verdict < 0)
		r->better++;
	if (d->verdict < 0 && d->basis == DIFF_BY_FINDINGS)
		r->costs += d->more_lines;
}

/* What makes HEAD worse: the structs that are, each by what decided it. */
static void regressions(struct diff_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		const struct diff_struct *d = &r->v[i];

		if (d->verdict <= 0 || d->basis == DIFF_BY_SIZE)
			continue;
		for (size_t k = 0; k < d->nnew && d->basis == DIFF_BY_FINDINGS; k++) {
			const struct diff_entry *e = d->new_f[k];

			if (e->f && e->f->severity != CL_SEV_NOTE)
				*cl_findings_add(&r->regressions, e->f->rule, e->f->record) = *e->f;
			else if (!e->f && entry_severity(e) != CL_SEV_NOTE)
				regress_entry(r, e, r->head->file);
		}
		for (size_t k = 0; k < d->npaths; k++)
			if (d->paths[k].base && d->paths[k].head > d->paths[k].base)
				regress_path(r, d, &d->paths[k]);
	}
}

void diff_compare(struct diff_result *r, struct diff_side *base, struct diff_side *head,
		  const struct cl_options *opt)
{
	struct compare c = { .r = r };

	memset(r, 0, sizeof(*r));
	r->base = base;
	r->head = head;
	r->opt = opt;
	cl_arena_init(&r->arena);
	cl_findings_init(&r->regressions, &r->arena);
	cl_strset_init(&c.names);
	cl_map_init(&c.group_of);
	cl_map_init(&c.struct_of);
	cl_map_init(&c.by_name);
	cl_map_init(&c.interesting);
	/* a baseline has no layouts: then only the findings are compared */
	if (!base->baseline && !head->baseline) {
		mark_interesting(&c, head);
		mark_interesting(&c, base);
		add_records(&c, head, true);
		add_records(&c, base, false);
	}
	for (size_t i = 0; i < c.ngroups; i++) {
		pair_group(&c, &c.groups[i]);
		free(c.groups[i].base);
		free(c.groups[i].head);
	}
	changed_findings(&c, head, base, true);
	changed_findings(&c, base, head, false);
	for (size_t i = 0; i < r->n; i++)
		moves(r, &r->v[i]);
	qsort(r->v, r->n, sizeof(*r->v), struct_cmp);
	/* the names live in the result's arena: the set's copies go with it */
	for (size_t i = 0; i < r->n; i++) {
		r->v[i].name = cl_arena_strdup(&r->arena, r->v[i].name);
		judge(r, &r->v[i]);
	}
	regressions(r);
	/* a struct's place from DWARF has no column: as the front end's findings get it */
	dw_fix_columns(&r->regressions);
	free(c.groups);
	cl_map_free(&c.group_of);
	cl_map_free(&c.struct_of);
	cl_map_free(&c.by_name);
	cl_map_free(&c.interesting);
	cl_strset_free(&c.names);
}

void diff_result_free(struct diff_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].new_f);
		free(r->v[i].gone);
		free(r->v[i].moves);
	}
	free(r->v);
	cl_findings_free(&r->regressions);
	cl_arena_free(&r->arena);
}

bool diff_worse(const struct diff_result *r)
{
	return r->worse > 0;
}

/* "; its cost: read_mostly 1 -> 2 cache lines": the paths on more lines. */
static void verdict_cost(struct cl_strbuf *s, const struct diff_struct *d)
{
	const char *sep = "; its cost: ";

	for (size_t i = 0; i < d->npaths; i++) {
		const struct diff_path *p = &d->paths[i];

		if (!p->base || p->head <= p->base)
			continue;
		cl_strbuf_printf(s, "%s%s %" PRIu64 " -> %" PRIu64 " cache lines", sep, p->path,
				 p->base, p->head);
		sep = ", ";
	}
}

const char *diff_struct_verdict(const struct diff_result *r, const struct diff_struct *d,
				struct cl_arena *a)
{
	const char *how = d->verdict > 0 ? "worse" : "better";
	struct cl_strbuf s = { 0 };

	switch (d->basis) {
	case DIFF_BY_FINDINGS:
		cl_strbuf_printf(&s, "%s by its findings: %zu new, %zu gone", how, d->warn_new,
				 d->warn_gone);
		if (d->verdict < 0)
			verdict_cost(&s, d);
		break;
	case DIFF_BY_LINES:
		cl_strbuf_printf(&s, "%s by its lines per path: %+" PRId64 " in all, findings even",
				 how, d->lines_delta);
		break;
	case DIFF_BY_SIZE:
		cl_strbuf_printf(&s, "%s by its size: %" PRIu64 " -> %" PRIu64
				 " cache lines, findings and lines per path even", how,
				 diff_record_lines(d->base->size, r->opt),
				 diff_record_lines(d->head->size, r->opt));
		break;
	default:
		return NULL;
	}
	return cl_strbuf_take(&s, a);
}

bool diff_any(const struct diff_result *r)
{
	return r->n > 0;
}
