// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * layout.c - building, naming, flattening and dumping records of the model
 */
#include "layout.h"
#include "hash.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const class_names[] = {
	[CL_CLASS_NONE] = "none",
	[CL_CLASS_COLD] = "cold",
	[CL_CLASS_READ_MOSTLY] = "read_mostly",
	[CL_CLASS_WRITE_HOT] = "write_hot",
	[CL_CLASS_PATHS] = "paths",
};

const char *cl_class_name(enum cl_class cls)
{
	return class_names[cls];
}

int cl_class_parse(const char *s, enum cl_class *cls)
{
	for (size_t i = 0; i < sizeof(class_names) / sizeof(class_names[0]); i++) {
		if (!strcmp(s, class_names[i])) {
			*cls = (enum cl_class)i;
			return 0;
		}
	}
	return -1;
}

struct cl_record *cl_record_new(struct cl_arena *a, enum cl_record_kind kind,
				const char *name, size_t nmembers)
{
	struct cl_record *rec = cl_arena_alloc(a, sizeof(*rec));

	rec->kind = kind;
	rec->name = cl_arena_strdup(a, name);
	rec->nmembers = nmembers;
	/* Never NULL: cl_for_each_member() on NULL + 0 is undefined behaviour. */
	rec->members = cl_arena_alloc(a, (nmembers ? nmembers : 1) * sizeof(*rec->members));
	return rec;
}

/*
 * Path classes are few (a profile names a handful of leaves per struct), so
 * they live in an arena array that is copied when it grows.
 */
void cl_record_add_path(struct cl_record *rec, struct cl_arena *a,
			const char *path, const struct cl_access *acc,
			const struct cl_span *span)
{
	struct cl_path_access *v;

	for (size_t i = 0; i < rec->npaths; i++) {
		if (!strcmp(rec->paths[i].path, path)) {
			/* the same entry applied again: a record shared by many holders */
			rec->paths[i].access = *acc;
			if (span)
				rec->paths[i].span = *span;
			return;
		}
	}
	v = cl_arena_alloc(a, (rec->npaths + 1) * sizeof(*v));

	if (rec->npaths)
		memcpy(v, rec->paths, rec->npaths * sizeof(*v));
	v[rec->npaths].path = cl_arena_strdup(a, path);
	v[rec->npaths].access = *acc;
	if (span)
		v[rec->npaths].span = *span;
	rec->paths = v;
	rec->npaths++;
}

const struct cl_path_access *cl_record_find_path(const struct cl_record *rec,
						 const char *path)
{
	for (size_t i = 0; i < rec->npaths; i++)
		if (!strcmp(rec->paths[i].path, path))
			return &rec->paths[i];
	return NULL;
}

static const char *join_path(struct cl_arena *a, const char *prefix, const char *name)
{
	if (!name)
		return prefix;
	if (!prefix || !*prefix)
		return name;
	return cl_arena_join(a, prefix, ".", name);
}

static const char *kind_name(enum cl_record_kind kind)
{
	switch (kind) {
	case CL_UNION:
		return "union";
	case CL_CLASS:
		return "class";
	default:
		return "struct";
	}
}

const char *cl_span_shown_file(const struct cl_span *s)
{
	return s->shown_file ? s->shown_file : s->file;
}

unsigned cl_span_shown_line(const struct cl_span *s)
{
	return s->shown_file ? s->shown_line : s->line;
}

const char *cl_span_where(const struct cl_span *s, struct cl_arena *a)
{
	return cl_arena_printf(a, "%s:%u:%u", s->file ? cl_span_shown_file(s) : "?",
			       cl_span_shown_line(s), s->col);
}

const char *cl_record_display(const struct cl_record *rec, struct cl_arena *a)
{
	if (rec->name && rec->typedef_name)
		return rec->name;
	return cl_arena_join(a, kind_name(rec->kind), " ", rec->name ? rec->name : "<anonymous>");
}

const char *cl_member_display(const struct cl_member *m, struct cl_arena *a)
{
	if (m->name)
		return m->name;
	if (m->flags & CL_MEMBER_BASE)
		return cl_arena_printf(a, "<base %s>",
				       m->record && m->record->name ? m->record->name : "?");
	if (m->record)
		return cl_arena_printf(a, "<anonymous %s>", kind_name(m->record->kind));
	return "<anonymous>";
}

static const char *node_path(const struct cl_path_node *n, struct cl_arena *a)
{
	return n ? join_path(a, node_path(n->parent, a), n->name) : NULL;
}

const char *cl_leaf_path(struct cl_leaf *leaf, struct cl_arena *a)
{
	if (!leaf->path) {
		const char *prefix = node_path(leaf->prefix, a);

		leaf->path = leaf->member->name ? join_path(a, prefix, leaf->member->name) :
			     prefix ? prefix : cl_member_display(leaf->member, a);
	}
	return leaf->path;
}

/*
 * The walk behind flattening and dumping: every member at every depth, with
 * its class in the context of the analysed record.
 *
 * A class can be given to an embedded leaf by the analysed record or by any
 * named record on the way down ("lruvec.pgdat" in the profile of
 * mem_cgroup_per_node); the outermost one wins.  Matching those needs the
 * dotted paths as strings, which are otherwise only spelled out for the
 * leaves that are reported.
 */
struct walk_node {
	const struct cl_member *m;
	const char *path;	/* when the walk builds strings; NULL if anonymous */
	const struct cl_path_node *prefix;
	uint64_t bit_offset;	/* absolute */
	struct cl_access access;
	const struct cl_scope *scope, *decided;
	size_t top;
	unsigned depth;
	bool leaf;		/* a leaf for the analysis */
};

struct walk {
	const struct cl_record *root;
	struct cl_arena *arena;
	bool strings;		/* build path strings as we go */
	/* named record instances from the root down, with their path lengths */
	const struct cl_scope *scope[CL_NESTING_MAX + 2];
	size_t prefix_len[CL_NESTING_MAX + 2];
	unsigned nscope;
	void (*visit)(struct walk *w, const struct walk_node *node);
	void *data;
};

static void walk_access(const struct walk *w, struct walk_node *node,
			const struct walk_node *outer)
{
	const char *path = node->path;

	node->access = node->m->access;
	node->scope = node->decided = w->scope[w->nscope - 1];
	for (unsigned i = 0; path && i < w->nscope; i++) {
		const struct cl_record *rec = w->scope[i]->rec;
		const struct cl_path_access *pa;

		if (!rec->npaths || strlen(path) <= w->prefix_len[i])
			continue;
		pa = cl_record_find_path(rec, path + w->prefix_len[i]);
		if (pa) {
			node->access = pa->access;
			node->decided = w->scope[i];
			return;
		}
	}
	/* inside a member classed as a whole and refined by paths: its class */
	if (outer) {
		node->access = outer->access;
		node->decided = outer->decided;
	}
}

/*
 * Whether a record on the way down classes a leaf below @node by its path
 * ("lruvec.pgdat" below "lruvec"): then a member classed as a whole is not
 * one leaf, its class is the default for the leaves the paths do not name.
 */
static bool refined_below(const struct walk *w, const struct walk_node *node)
{
	for (unsigned i = 0; node->path && i < w->nscope; i++) {
		const struct cl_record *rec = w->scope[i]->rec;
		const char *sub;
		size_t len;

		if (strlen(node->path) <= w->prefix_len[i])
			continue;
		sub = node->path + w->prefix_len[i];
		len = strlen(sub);
		for (size_t k = 0; k < rec->npaths; k++)
			if (!strncmp(rec->paths[k].path, sub, len) && rec->paths[k].path[len] == '.')
				return true;
	}
	return false;
}

static void walk_record(struct walk *w, const struct cl_record *rec, uint64_t base,
			const char *prefix, const struct cl_path_node *pnode,
			size_t top, unsigned depth, const struct walk_node *outer);

static void push_scope(struct walk *w, const struct cl_record *rec, uint64_t offset,
		       const char *path)
{
	struct cl_scope *s = cl_arena_alloc(w->arena, sizeof(*s));

	s->rec = rec;
	s->offset = offset;
	s->depth = w->nscope;
	s->parent = w->nscope ? w->scope[w->nscope - 1] : NULL;
	w->prefix_len[w->nscope] = path && *path ? strlen(path) + 1 : 0;
	w->scope[w->nscope++] = s;
}

static void walk_member(struct walk *w, const struct cl_member *m, uint64_t base,
			const char *prefix, const struct cl_path_node *pnode,
			size_t top, unsigned depth, const struct walk_node *outer)
{
	struct walk_node node = {
		.m = m,
		.path = w->strings ? join_path(w->arena, prefix, m->name) : NULL,
		.prefix = pnode,
		.bit_offset = base + m->bit_offset,
		.top = top,
		.depth = depth,
	};
	bool named = m->record && m->record->name && !(m->flags & CL_MEMBER_ANONYMOUS);
	const struct cl_path_node *child = pnode;

	bool refined;

	walk_access(w, &node, outer);
	refined = m->record && node.access.cls != CL_CLASS_NONE && w->strings &&
		  refined_below(w, &node);
	node.leaf = !m->record || (node.access.cls != CL_CLASS_NONE && !refined) ||
		    depth >= CL_NESTING_MAX;
	w->visit(w, &node);
	if (!m->record || depth >= CL_NESTING_MAX)
		return;
	if (m->name) {
		struct cl_path_node *n = cl_arena_alloc(w->arena, sizeof(*n));

		n->name = m->name;
		n->parent = pnode;
		child = n;
	}
	if (named)
		push_scope(w, m->record, node.bit_offset, node.path);
	walk_record(w, m->record, node.bit_offset, node.path ? node.path : prefix, child,
		    top, depth + 1, refined ? &node : outer);
	if (named)
		w->nscope--;
}

static void walk_record(struct walk *w, const struct cl_record *rec, uint64_t base,
			const char *prefix, const struct cl_path_node *pnode,
			size_t top, unsigned depth, const struct walk_node *outer)
{
	const struct cl_member *m;

	cl_for_each_member(rec, m) {
		if (depth == 0)
			top = (size_t)(m - rec->members);
		walk_member(w, m, base, prefix, pnode, top, depth, outer);
	}
}

/* Whether any record in the tree classes leaves by path. */
static bool tree_has_paths(const struct cl_record *rec, unsigned depth)
{
	const struct cl_member *m;

	if (rec->npaths)
		return true;
	if (depth >= CL_NESTING_MAX)
		return false;
	cl_for_each_member(rec, m)
		if (m->record && tree_has_paths(m->record, depth + 1))
			return true;
	return false;
}

static void walk_root(struct walk *w, const struct cl_record *rec, struct cl_arena *a,
		      bool strings)
{
	w->root = rec;
	w->arena = a;
	w->strings = strings || tree_has_paths(rec, 0);
	w->nscope = 0;
	push_scope(w, rec, 0, NULL);
	walk_record(w, rec, 0, NULL, NULL, 0, 0, NULL);
}

struct leaves {
	struct cl_leaf *v;
	size_t n, cap;
	unsigned skip_depth;	/* inside a classified embedded record */
};

static void collect_leaf(struct walk *w, const struct walk_node *node)
{
	struct leaves *l = w->data;
	struct cl_leaf *leaf;

	if (node->depth > l->skip_depth)
		return;
	l->skip_depth = node->leaf && node->m->record ? node->depth : ~0u;
	if (!node->leaf)
		return;
	leaf = cl_vec_push(&l->v, &l->n, &l->cap);
	leaf->path = node->path;
	leaf->prefix = node->prefix;
	leaf->member = node->m;
	leaf->bit_offset = node->bit_offset;
	leaf->bit_size = node->m->bit_size;
	leaf->access = node->access;
	leaf->top = node->top;
	leaf->scope = node->scope;
	leaf->decided = node->decided;
}

size_t cl_record_leaves(const struct cl_record *rec, struct cl_arena *a,
			struct cl_leaf **out, bool paths)
{
	struct leaves l = { .skip_depth = ~0u };
	struct walk w = { .visit = collect_leaf, .data = &l };

	walk_root(&w, rec, a, paths);
	*out = cl_arena_alloc(a, (l.n ? l.n : 1) * sizeof(**out));
	if (l.n)
		memcpy(*out, l.v, l.n * sizeof(**out));
	free(l.v);
	for (size_t i = 0; paths && i < l.n; i++)
		cl_leaf_path(&(*out)[i], a);
	return l.n;
}

void cl_path_order_add(struct cl_path_order *po, const char *path, size_t index)
{
	*cl_vec_push(&po->v, &po->n, &po->cap) = (struct cl_path_ref){ path, index };
}

static int by_path(const void *x, const void *y)
{
	const struct cl_path_ref *p = x, *q = y;
	int c = strcmp(p->path, q->path);

	if (c)
		return c;
	return p->index < q->index ? -1 : p->index > q->index;
}

void cl_path_order_sort(struct cl_path_order *po)
{
	if (po->n)
		qsort(po->v, po->n, sizeof(*po->v), by_path);
}

void cl_path_order_free(struct cl_path_order *po)
{
	free(po->v);
	*po = (struct cl_path_order){ 0 };
}

/* Where @s sorts against the run sought: < 0 before it, 0 in it, > 0 after. */
static int run_cmp(const char *s, const char *path, size_t n, bool below)
{
	int c;

	if (!below)
		return strcmp(s, path);
	c = strncmp(s, path, n);
	return c ? c : (unsigned char)s[n] - '.';
}

/* The first position whose path sorts at or after the run (@after: after it). */
static size_t run_bound(const struct cl_path_order *po, const char *path, size_t n, bool below,
			bool after)
{
	size_t lo = 0, hi = po->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = run_cmp(po->v[mid].path, path, n, below);

		if (c < 0 || (after && !c))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t cl_path_order_find(const struct cl_path_order *po, const char *path, bool below,
			  size_t *end)
{
	size_t n = strlen(path);

	*end = run_bound(po, path, n, below, true);
	return run_bound(po, path, n, below, false);
}

#define EMBED_SMALL 32

/*
 * The records met so far: a short array first (most records embed a few),
 * a map when there are more.
 */
struct embed_seen {
	const struct cl_record *small[EMBED_SMALL];
	size_t nsmall;
	struct cl_map map;
};

static bool embed_seen_add(struct embed_seen *s, const struct cl_record *r)
{
	for (size_t i = 0; i < s->nsmall; i++)
		if (s->small[i] == r)
			return true;
	if (s->nsmall < EMBED_SMALL) {
		s->small[s->nsmall++] = r;
		return false;
	}
	if (cl_map_get(&s->map, (uint64_t)(uintptr_t)r))
		return true;
	cl_map_put(&s->map, (uint64_t)(uintptr_t)r, (void *)r);
	return false;
}

static void each_embedded(struct cl_record *rec, void (*fn)(struct cl_record *r, void *data),
			  void *data, struct embed_seen *seen, unsigned depth)
{
	struct cl_member *m;

	if (depth > CL_NESTING_MAX)
		return;
	cl_for_each_member(rec, m) {
		struct cl_record *r = m->record;

		if (!r || embed_seen_add(seen, r))
			continue;
		each_embedded(r, fn, data, seen, depth + 1);
		fn(r, data);
	}
}

void cl_record_for_each_embedded(struct cl_record *rec,
				 void (*fn)(struct cl_record *r, void *data), void *data)
{
	struct embed_seen seen;

	seen.nsmall = 0;
	cl_map_init(&seen.map);
	each_embedded(rec, fn, data, &seen, 0);
	cl_map_free(&seen.map);
}

static bool members_annotated(const struct cl_record *rec, unsigned depth)
{
	const struct cl_member *m;

	/* Records cannot contain themselves; the bound guards corrupt input. */
	if (depth > CL_NESTING_MAX)
		return false;
	cl_for_each_member(rec, m) {
		if (m->access.cls != CL_CLASS_NONE || (m->flags & CL_MEMBER_PER_THREAD))
			return true;
		if (m->record && members_annotated(m->record, depth + 1))
			return true;
	}
	return false;
}

bool cl_record_is_annotated(const struct cl_record *rec)
{
	return rec->per_thread || rec->npaths || members_annotated(rec, 0);
}

/* FNV-1a, folded over the fields that make two layouts the same. */
static uint64_t fnv_str(uint64_t h, const char *s)
{
	return s ? cl_fnv1a(h, s, strlen(s) + 1) : cl_fnv1a(h, "", 1);
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
	return cl_fnv1a(h, &v, sizeof(v));
}

static uint64_t fingerprint(uint64_t h, const struct cl_record *rec, unsigned depth)
{
	const struct cl_member *m;

	h = fnv_u64(h, rec->kind);
	h = fnv_str(h, rec->name);
	h = fnv_u64(h, rec->size);
	h = fnv_u64(h, rec->align);
	h = fnv_u64(h, rec->nmembers);
	h = fnv_u64(h, rec->suppress);
	h = fnv_u64(h, rec->per_thread);
	for (size_t i = 0; i < rec->npaths; i++) {
		h = fnv_str(h, rec->paths[i].path);
		h = fnv_u64(h, rec->paths[i].access.cls);
		h = fnv_str(h, rec->paths[i].access.group);
	}
	cl_for_each_member(rec, m) {
		h = fnv_str(h, m->name);
		h = fnv_u64(h, m->bit_offset);
		h = fnv_u64(h, m->bit_size);
		h = fnv_u64(h, m->align);
		h = fnv_u64(h, m->flags);
		h = fnv_u64(h, m->elem_size);
		h = fnv_u64(h, m->access.cls);
		h = fnv_str(h, m->access.group);
		if (m->record && depth < CL_NESTING_MAX)
			h = fingerprint(h, m->record, depth + 1);
	}
	return h;
}

uint64_t cl_record_fingerprint(const struct cl_record *rec)
{
	return fingerprint(CL_FNV_OFFSET, rec, 0);
}

static void dump_node(struct walk *w, const struct walk_node *node)
{
	FILE *out = w->data;
	const struct cl_member *m = node->m;
	uint64_t off = node->bit_offset;

	fprintf(out, "%*s%s:", (int)(2 * node->depth + 2), "",
		node->path && m->name ? node->path : cl_member_display(m, w->arena));
	if (m->flags & CL_MEMBER_BITFIELD)
		fprintf(out, " offset %" PRIu64 ":%" PRIu64 ", bits %" PRIu64 ", bitfield",
			off / 8, off % 8, m->bit_size);
	else
		fprintf(out, " offset %" PRIu64 ", size %" PRIu64 ", align %" PRIu32,
			off / 8, m->bit_size / 8, m->align);
	if (m->flags & CL_MEMBER_FLEXIBLE)
		fputs(", flexible", out);
	if (m->flags & CL_MEMBER_PER_THREAD)
		fprintf(out, ", per_thread(%" PRIu64 ")", m->elem_size);
	if (m->record)
		fprintf(out, ", %s", cl_record_display(m->record, w->arena));
	fprintf(out, ", %s", cl_class_name(node->access.cls));
	if (node->access.group)
		fprintf(out, "(%s)", node->access.group);
	if (node->access.cls == CL_CLASS_PATHS) {
		/* paths(tx:r rx:rw): r read, w written, s written on at least one, c concurrent */
		for (uint32_t i = 0; i < node->access.nuses; i++) {
			const struct cl_use *u = &node->access.uses[i];

			fprintf(out, "%s%s:%s%s%s%s", i ? " " : "(", u->path,
				u->flags & CL_USE_READ ? "r" : "", u->flags & CL_USE_WRITE ? "w" : "",
				u->flags & CL_USE_WRITE_SOME ? "s" : "",
				u->flags & CL_USE_CONCURRENT ? "c" : "");
		}
		fputc(')', out);
	}
	fputc('\n', out);
}

void cl_record_dump(FILE *out, const struct cl_record *rec)
{
	struct cl_arena a;
	struct walk w = { .visit = dump_node, .data = out };

	cl_arena_init(&a);
	fprintf(out, "%s: size %" PRIu64 ", align %" PRIu32 "%s%s\n",
		cl_record_display(rec, &a), rec->size, rec->align,
		rec->packed ? ", packed" : "", rec->per_thread ? ", per_thread" : "");
	walk_root(&w, rec, &a, true);
	cl_arena_free(&a);
}
