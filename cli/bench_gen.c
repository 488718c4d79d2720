// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench_gen.c - the plan of `cachelint bench` (leaves, roles, layouts) and
 * the C program it compiles (see bench_gen.h)
 */
#include "bench_gen.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "model/names.h"

/* A role does an access at most this often per operation. */
#define BENCH_MAX_TIMES 8

static bool type_is_atomic(const char *type)
{
	return type && (strstr(type, "atomic") || strstr(type, "_Atomic"));
}

static void *grow(void *v, size_t n, size_t size)
{
	return cl_xrealloc(v, (n + 1) * size);
}

static struct bench_role *role_get(struct bench_plan *p, const char *name)
{
	for (size_t i = 0; i < p->nroles; i++)
		if (!strcmp(p->roles[i].name, name))
			return &p->roles[i];
	p->roles = grow(p->roles, p->nroles, sizeof(*p->roles));
	p->roles[p->nroles] = (struct bench_role){ .name = name };
	return &p->roles[p->nroles++];
}

/* @count: the profile's count, 0 when unknown; scaled in roles_scale() */
static void role_add(struct bench_role *r, size_t leaf, bool write, uint64_t count)
{
	r->acc = grow(r->acc, r->nacc, sizeof(*r->acc));
	r->acc[r->nacc++] = (struct bench_access){ leaf, write, count > UINT32_MAX ?
						   UINT32_MAX : (unsigned)count };
}

/*
 * The profile's proportions: counts relative to the role's least counted
 * access, rounded; where the most counted is more than BENCH_MAX_TIMES times
 * the least, relative to the most, so that it is done BENCH_MAX_TIMES times
 * (and anything counted at all at least once).  Unknown counts are once.
 */
static void roles_scale(struct bench_plan *p)
{
	for (size_t i = 0; i < p->nroles; i++) {
		struct bench_role *r = &p->roles[i];
		uint64_t least = 0, most = 0;

		for (size_t k = 0; k < r->nacc; k++) {
			uint64_t c = r->acc[k].times;

			if (c && (!least || c < least))
				least = c;
			if (c > most)
				most = c;
		}
		for (size_t k = 0; k < r->nacc; k++) {
			uint64_t c = r->acc[k].times, t = 1;

			if (c && most > least * BENCH_MAX_TIMES)
				t = (c * BENCH_MAX_TIMES + most / 2) / most;
			else if (c)
				t = (c + least / 2) / least;
			r->acc[k].times = t < 1 ? 1 : (unsigned)t;
		}
	}
}

/* A leaf's accesses: per path of a path class, else by its class. */
static void leaf_roles(struct bench_plan *p, const struct cl_access *acc, size_t leaf,
		       struct cl_arena *a)
{
	uint64_t r = acc->has_counts ? acc->reads : 0, w = acc->has_counts ? acc->writes : 0;

	switch (acc->cls) {
	case CL_CLASS_PATHS:
		for (uint32_t i = 0; i < acc->nuses; i++) {
			const struct cl_use *u = &acc->uses[i];
			struct bench_role *role = role_get(p, u->path);

			if (u->flags & CL_USE_READ)
				role_add(role, leaf, false, u->reads);
			if (u->flags & (CL_USE_WRITE | CL_USE_WRITE_SOME))
				role_add(role, leaf, true, u->writes);
		}
		break;
	case CL_CLASS_WRITE_HOT:
		role_add(role_get(p, acc->group ? cl_arena_printf(a, "writer(%s)",
							   cl_name_escape(a, acc->group)) :
				  "writer"), leaf, true, w);
		break;
	case CL_CLASS_READ_MOSTLY:
		role_add(role_get(p, "reader"), leaf, false, r);
		break;
	default:
		break;
	}
}

static struct bench_layout *layout_new(struct bench_plan *p, const char *name,
				       struct cl_arena *a)
{
	struct bench_layout *l;

	p->layouts = grow(p->layouts, p->nlayouts, sizeof(*p->layouts));
	l = &p->layouts[p->nlayouts++];
	memset(l, 0, sizeof(*l));
	l->name = name;
	l->bit_offset = cl_arena_alloc(a, (p->nleaves + 1) * sizeof(*l->bit_offset));
	l->leaf_align = cl_arena_alloc(a, (p->nleaves + 1) * sizeof(*l->leaf_align));
	memset(l->leaf_align, 0, (p->nleaves + 1) * sizeof(*l->leaf_align));	/* absent */
	return l;
}

static uint32_t leaf_align(const struct cl_leaf *lf)
{
	if (lf->member->flags & CL_MEMBER_BITFIELD || !lf->member->align)
		return 1;
	return lf->member->align;
}

int bench_plan_check(const struct bench_plan *p, char *err, size_t errlen)
{
	uint64_t total = 0;

	for (size_t l = 0; l < p->nlayouts; l++) {
		const struct bench_layout *lay = &p->layouts[l];
		uint64_t bytes = lay->size > BENCH_MAX_OBJECT ? lay->size :
				 (p->slots ? p->slots : 1) * lay->size;

		if (bytes > BENCH_MAX_OBJECT) {
			snprintf(err, errlen, "the %s layout of %s is %" PRIu64 " bytes%s: bench "
				 "measures objects of at most %llu bytes (%llu MiB)", lay->name,
				 p->record, bytes, p->slots ? " for its slots" : "",
				 BENCH_MAX_OBJECT, BENCH_MAX_OBJECT >> 20);
			return -1;
		}
		total += bytes;
	}
	if (total > BENCH_MAX_TOTAL) {
		snprintf(err, errlen, "the %zu layouts of %s are %" PRIu64 " bytes together: bench "
			 "measures at most %llu bytes (%llu MiB) at once; give fewer --layout",
			 p->nlayouts, p->record, total, BENCH_MAX_TOTAL, BENCH_MAX_TOTAL >> 20);
		return -1;
	}
	return 0;
}

int bench_plan_init(struct bench_plan *p, const struct cl_record *rec, struct cl_arena *a)
{
	struct bench_layout *l;
	struct cl_leaf *leaves;
	size_t n = cl_record_leaves(rec, a, &leaves, true);

	p->record = cl_record_display(rec, a);
	p->leaves = cl_arena_alloc(a, (n + 1) * sizeof(*p->leaves));
	for (size_t i = 0; i < n; i++) {
		const struct cl_leaf *lf = &leaves[i];
		struct bench_leaf *b = &p->leaves[p->nleaves];

		if (!lf->bit_size)
			continue;
		b->path = lf->path;
		b->bit_size = lf->bit_size;
		b->bitfield = lf->member->flags & CL_MEMBER_BITFIELD;
		b->atomic = type_is_atomic(rec->members[lf->top].type) ||
			    type_is_atomic(lf->member->type);
		leaf_roles(p, &lf->access, p->nleaves, a);
		p->nleaves++;
	}
	roles_scale(p);
	l = layout_new(p, "original", a);
	l->size = rec->size;
	l->align = rec->align ? rec->align : 1;
	for (size_t i = 0, k = 0; i < n; i++) {
		if (!leaves[i].bit_size)
			continue;
		l->bit_offset[k] = leaves[i].bit_offset;
		l->leaf_align[k++] = leaf_align(&leaves[i]);
	}
	return p->nroles ? 0 : -1;
}

static ssize_t leaf_find(const struct bench_plan *p, const char *path)
{
	for (size_t i = 0; i < p->nleaves; i++)
		if (!strcmp(p->leaves[i].path, path))
			return (ssize_t)i;
	return -1;
}

int bench_add_record(struct bench_plan *p, const char *name, const struct cl_record *rec,
		     struct cl_arena *a, char *err, size_t errlen)
{
	struct bench_layout *l = layout_new(p, name, a);
	struct cl_leaf *leaves;
	size_t n = cl_record_leaves(rec, a, &leaves, true), found = 0;

	l->size = rec->size;
	l->align = rec->align ? rec->align : 1;
	for (size_t i = 0; i < n; i++) {
		ssize_t k = leaves[i].bit_size ? leaf_find(p, leaves[i].path) : -1;

		if (k < 0)
			continue;
		l->bit_offset[k] = leaves[i].bit_offset;
		l->leaf_align[k] = leaf_align(&leaves[i]);
		found++;
	}
	if (found != p->nleaves) {
		snprintf(err, errlen, "the %s layout lacks members of the original", name);
		p->nlayouts--;
		return -1;
	}
	return 0;
}

/* One line of a dump: "  path: offset B[:b], size S, align A, …" or "…, bits N, bitfield". */
struct dump_line {
	unsigned indent;
	char path[512];
	uint64_t bit_offset, bit_size;
	uint32_t align;
	bool bitfield;
};

static int dump_parse_member(const char *s, struct dump_line *d)
{
	const char *colon = strstr(s, ": offset ");
	unsigned long long off, sub = 0, size;
	unsigned align = 1;
	size_t len;

	d->indent = (unsigned)strspn(s, " ");
	if (!colon || d->indent < 2)
		return -1;
	len = (size_t)(colon - s) - d->indent;
	if (len >= sizeof(d->path))
		return -1;
	memcpy(d->path, s + d->indent, len);
	d->path[len] = '\0';
	d->bitfield = strstr(colon, ", bitfield") != NULL;
	if (d->bitfield ? sscanf(colon, ": offset %llu:%llu, bits %llu", &off, &sub, &size) != 3 :
	    sscanf(colon, ": offset %llu, size %llu, align %u", &off, &size, &align) != 3)
		return -1;
	/* beyond any object bench measures, and where bits would wrap (2^61 bytes) */
	if (off > BENCH_MAX_OBJECT || size > BENCH_MAX_OBJECT * (d->bitfield ? 8 : 1) || sub >= 8)
		return 1;
	d->bit_offset = off * 8 + sub;
	d->bit_size = d->bitfield ? size : size * 8;
	d->align = align ? align : 1;
	return 0;
}

/* The header "struct NAME: size S, align A": 1 when it is @name's. */
static int dump_header(const char *s, const char *name, uint64_t *size, uint32_t *align)
{
	const char *colon = strstr(s, ": size ");
	unsigned long long sz;
	size_t n = strlen(name);
	const char *tag = cli_struct_tag(s);

	if (s[0] == ' ' || !colon)
		return 0;
	if ((size_t)(colon - tag) != n || strncmp(tag, name, n))
		return 0;
	if (sscanf(colon, ": size %llu, align %u", &sz, align) != 2)
		return -1;
	if (sz > BENCH_MAX_OBJECT)
		return -2;
	*size = sz;
	return 1;
}

struct dump_state {
	struct bench_layout *l;
	bool *seen;
};

/*
 * A line whose path is a leaf of the plan: a member, or an embedded record
 * classed as a whole (its own members, on the lines below, are not leaves).
 */
static int dump_take(struct bench_plan *p, struct dump_state *st, const struct dump_line *d,
		     char *msg, size_t len)
{
	ssize_t k;

	k = leaf_find(p, d->path);
	if (k < 0 || !d->bit_size)
		return 0;
	if (d->bit_size != p->leaves[k].bit_size) {
		snprintf(msg, len, "'%s' is %" PRIu64 " bits here, %" PRIu64 " in the original",
			 d->path, d->bit_size, p->leaves[k].bit_size);
		return -1;
	}
	if (!d->bitfield && (d->bit_offset / 8) % d->align) {
		snprintf(msg, len, "'%s' at offset %" PRIu64 " is not aligned to its %" PRIu32 " bytes",
			 d->path, d->bit_offset / 8, d->align);
		return -1;
	}
	if (d->bit_offset + d->bit_size > st->l->size * 8) {
		snprintf(msg, len, "'%s' ends past the struct's %" PRIu64 " bytes", d->path,
			 st->l->size);
		return -1;
	}
	st->l->bit_offset[k] = d->bit_offset;
	st->l->leaf_align[k] = d->bitfield ? 1 : d->align;
	st->seen[k] = true;
	return 0;
}

static int dump_read(struct bench_plan *p, FILE *f, const char *struct_name,
		     struct dump_state *st, unsigned *lineno, char *msg, size_t len)
{
	char buf[4096];
	bool in = false, found = false;

	while (fgets(buf, sizeof(buf), f)) {
		struct dump_line d;
		int h;

		(*lineno)++;
		buf[strcspn(buf, "\n")] = '\0';
		if (in && buf[0] == ' ') {
			int bad = dump_parse_member(buf, &d);

			if (bad) {
				snprintf(msg, len, bad > 0 ? "the member's offset or size is over the %llu bytes of the largest object bench measures" :
					 "not a member line of the dump-layout format",
					 BENCH_MAX_OBJECT);
				return -1;
			}
			if (dump_take(p, st, &d, msg, len))
				return -1;
			continue;
		}
		if (in)
			break;
		h = dump_header(buf, struct_name, &st->l->size, &st->l->align);
		if (h < 0) {
			snprintf(msg, len, h == -1 ? "not a header line of the dump-layout format" :
				 "'%s' is over the %llu bytes of the largest object bench measures (%llu MiB)",
				 struct_name, BENCH_MAX_OBJECT, BENCH_MAX_OBJECT >> 20);
			return -1;
		}
		in = found = h > 0;
	}
	if (!found) {
		*lineno = 0;
		snprintf(msg, len, "no layout of '%s' (expected a line 'struct %s: size N, align A', as cachelint dwarf --dump-layout writes)",
			 struct_name, struct_name);
		return -1;
	}
	return 0;
}

static bool leaf_accessed(const struct bench_plan *p, size_t k)
{
	for (size_t r = 0; r < p->nroles; r++)
		for (size_t i = 0; i < p->roles[r].nacc; i++)
			if (p->roles[r].acc[i].leaf == k)
				return true;
	return false;
}

int bench_add_dump(struct bench_plan *p, const char *name, const char *file,
		   const char *struct_name, struct cl_arena *a, char *err, size_t errlen)
{
	struct dump_state st = { 0 };
	char msg[768];
	unsigned lineno = 0;
	FILE *f = cli_input_open(file);
	int rc;

	if (!f) {
		snprintf(err, errlen, "%s: %s", file, errno ? strerror(errno) :
			 "a FIFO no process writes (said above)");
		return -1;
	}
	st.l = layout_new(p, name, a);
	st.seen = cl_arena_alloc(a, p->nleaves + 1);
	memset(st.seen, 0, p->nleaves + 1);
	rc = dump_read(p, f, struct_name, &st, &lineno, msg, sizeof(msg));
	fclose(f);
	if (!rc && (!st.l->size || !st.l->align || st.l->size % st.l->align)) {
		lineno = 0;
		snprintf(msg, sizeof(msg), "size %" PRIu64 " is not a multiple of align %" PRIu32,
			 st.l->size, st.l->align);
		rc = -1;
	}
	for (size_t i = 0; !rc && i < p->nleaves; i++) {
		if (!st.seen[i] && leaf_accessed(p, i)) {
			snprintf(msg, sizeof(msg), "'%s' of the original is missing (a role accesses it)",
				 p->leaves[i].path);
			lineno = 0;	/* no line is wrong: one is absent */
			rc = -1;
		}
	}
	if (rc) {
		if (lineno)
			snprintf(err, errlen, "%s:%u: %s", file, lineno, msg);
		else
			snprintf(err, errlen, "%s: %s", file, msg);
		p->nlayouts--;
	}
	return rc;
}

void bench_plan_slots(struct bench_plan *p, unsigned n, struct cl_arena *a)
{
	/* per leaf: 0 not accessed, 1 read, 2 written */
	unsigned char *use = cl_arena_alloc(a, p->nleaves + 1);
	bool any = false;

	memset(use, 0, p->nleaves + 1);
	for (size_t r = 0; r < p->nroles; r++) {
		for (size_t i = 0; i < p->roles[r].nacc; i++) {
			const struct bench_access *x = &p->roles[r].acc[i];
			unsigned char u = x->write ? 2 : 1;

			if (use[x->leaf] < u)
				use[x->leaf] = u;
			any = true;
		}
		free(p->roles[r].acc);
	}
	p->nroles = 0;
	for (unsigned r = 0; r < n; r++) {
		struct bench_role *role = role_get(p, cl_arena_printf(a, "slot%u", r));

		for (size_t k = 0; k < p->nleaves; k++)
			if (!any || use[k])
				role_add(role, k, !any || use[k] == 2, 1);
	}
	p->slots = n;
}

void bench_add_padded(struct bench_plan *p, const char *name, struct cl_arena *a)
{
	struct bench_layout *l = layout_new(p, name, a);
	const struct bench_layout *o = &p->layouts[0];

	l->size = (o->size + p->line_size - 1) / p->line_size * p->line_size;
	l->align = o->align > p->line_size ? o->align : p->line_size;
	memcpy(l->bit_offset, o->bit_offset, p->nleaves * sizeof(*l->bit_offset));
	memcpy(l->leaf_align, o->leaf_align, p->nleaves * sizeof(*l->leaf_align));
}

unsigned bench_base_offset(const struct bench_plan *p, size_t l)
{
	/*
	 * Per-thread slots: an element aligned beyond --base-align is
	 * allocated aligned (the rule's note: aligned_alloc), its array on a
	 * boundary of that alignment; one object keeps --base-align, as a
	 * proposal that assumes a line-aligned object must be shown wrong.
	 */
	if (p->slots && p->layouts[l].align > p->base_align)
		return 0;
	return p->base_align;
}

/* Where role @r's object starts in layout @l: its own element with slots. */
static uint64_t role_base(const struct bench_plan *p, size_t l, size_t r)
{
	return bench_base_offset(p, l) + (p->slots ? r * p->layouts[l].size : 0);
}

/* The bytes leaf @k occupies in layout @l: [*first, *first + *len) */
static void leaf_bytes(const struct bench_plan *p, size_t l, size_t k, uint64_t *first,
		       uint64_t *len)
{
	uint64_t bit = p->layouts[l].bit_offset[k];

	*first = bit / 8;
	*len = (bit + p->leaves[k].bit_size + 7) / 8 - *first;
}

/*
 * The cache lines an access of leaf @k touches in layout @l, at object
 * offset @base: [*first, *last] and, for a leaf over BENCH_MAX_ACCESS_LINES
 * lines, only its first and last BENCH_MAX_ACCESS_LINES / 2 (where it meets
 * its neighbours): the lines in between are *skip_from to *skip_to, or
 * *skip_from > *skip_to when none is skipped.  One byte per line touched.
 */
static void leaf_lines(const struct bench_plan *p, size_t l, size_t k, uint64_t base,
		       uint64_t *first, uint64_t *last, uint64_t *skip_from, uint64_t *skip_to)
{
	uint64_t at, len;

	leaf_bytes(p, l, k, &at, &len);
	*first = (base + at) / p->line_size;
	*last = (base + at + len - 1) / p->line_size;
	*skip_from = 1;
	*skip_to = 0;
	if (*last - *first + 1 > BENCH_MAX_ACCESS_LINES) {
		*skip_from = *first + BENCH_MAX_ACCESS_LINES / 2;
		*skip_to = *last - BENCH_MAX_ACCESS_LINES / 2;
	}
}

bool bench_leaf_capped(const struct bench_plan *p, size_t k, uint64_t *lines)
{
	uint64_t first, last, from, to;
	bool capped = false;

	*lines = 0;
	for (size_t l = 0; l < p->nlayouts; l++) {
		if (!p->layouts[l].leaf_align[k])
			continue;
		leaf_lines(p, l, k, bench_base_offset(p, l), &first, &last, &from, &to);
		if (from <= to)
			capped = true;
		if (last - first + 1 > *lines)
			*lines = last - first + 1;
	}
	return capped;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The lines of @r's accesses as [from, to] pairs in @v (2 per access and part). */
static size_t role_ranges(const struct bench_plan *p, size_t l, size_t role, uint64_t *v)
{
	const struct bench_role *r = &p->roles[role];
	size_t n = 0;

	for (size_t i = 0; i < r->nacc; i++) {
		uint64_t first, last, from, to;

		leaf_lines(p, l, r->acc[i].leaf, role_base(p, l, role), &first, &last, &from, &to);
		if (from <= to) {
			v[n++] = first, v[n++] = from - 1;
			v[n++] = to + 1, v[n++] = last;
		} else {
			v[n++] = first, v[n++] = last;
		}
	}
	return n;
}

unsigned bench_role_lines(const struct bench_plan *p, size_t l, size_t role)
{
	const struct bench_role *r = &p->roles[role];
	uint64_t *v = cl_xmalloc((r->nacc + 1) * 4 * sizeof(*v)), total = 0, end = 0;
	size_t n = role_ranges(p, l, role, v) / 2;
	bool any = false;

	/* the union of the ranges, by start: however many lines they cover */
	qsort(v, n, 2 * sizeof(*v), cmp_u64);
	for (size_t i = 0; i < n; i++) {
		uint64_t from = v[2 * i], to = v[2 * i + 1];

		if (any && from <= end)
			from = end + 1;
		if (from <= to)
			total += to - from + 1;
		if (!any || to > end)
			end = to;
		any = true;
	}
	free(v);
	return total > UINT32_MAX ? UINT32_MAX : (unsigned)total;
}

const char *bench_role_describe(const struct bench_plan *p, size_t role, struct cl_arena *a)
{
	const struct bench_role *r = &p->roles[role];
	const char *s = "";

	for (int w = 0; w < 2; w++) {
		const char *part = NULL;

		for (size_t i = 0; i < r->nacc; i++) {
			const struct bench_access *x = &r->acc[i];
			const char *one;

			if (x->write != (bool)w)
				continue;
			one = x->times > 1 ? cl_arena_printf(a, "%s x%u", p->leaves[x->leaf].path,
							     x->times) :
					     p->leaves[x->leaf].path;
			part = part ? cl_arena_printf(a, "%s, %s", part, one) :
				      cl_arena_printf(a, "%s %s", w ? "writes" : "reads", one);
		}
		if (part)
			s = *s ? cl_arena_printf(a, "%s; %s", s, part) : part;
	}
	return s;
}

/* ---- the program ---------------------------------------------------- */

static const char prologue[] =
	"/* generated by cachelint bench: the layouts of %s under the roles' accesses */\n"
	"#define _GNU_SOURCE\n"
	"#include <pthread.h>\n#include <sched.h>\n#include <stdatomic.h>\n"
	"#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n"
	"#include <stdlib.h>\n#include <time.h>\n\n"
	"/* unaligned, aliasing views: the accesses go where the layout puts them */\n"
	"typedef uint8_t u1 __attribute__((aligned(1), may_alias));\n"
	"typedef uint16_t u2 __attribute__((aligned(1), may_alias));\n"
	"typedef uint32_t u4 __attribute__((aligned(1), may_alias));\n"
	"typedef uint64_t u8 __attribute__((aligned(1), may_alias));\n"
	"#define RD(T, o) (sum += *(volatile T *)(b + (o)))\n"
	"#define WR(T, o) (*(volatile T *)(b + (o)) = *(volatile T *)(b + (o)) + 1)\n"
	"#define AWR(T, o) __atomic_fetch_add((T *)(b + (o)), 1, __ATOMIC_RELAXED)\n\n"
	"static atomic_int go, stop;\nstatic volatile unsigned long sink;\n\n";

/**
 * struct gen - the program being written
 * @out: where
 * @p: the plan
 * @record: the struct's name as comment text
 * @leaf: per leaf, its path as comment text
 * @role: per role, its name as comment text
 * @layout: per layout, its name as comment text
 *
 * Names come from the input (DWARF, a profile, a write group's string): a
 * name is written into the program only as text of a comment, and only
 * as cl_name_c_comment() makes it, so that no name can end the comment
 * and become code that the compiler and the run would execute.  The
 * program's identifiers are made of numbers (L0, r1_l2), never of names.
 */
struct gen {
	FILE *out;
	const struct bench_plan *p;
	const char *record;
	const char **leaf, **role, **layout;
};

static void gen_names(struct gen *g, struct cl_arena *a)
{
	const struct bench_plan *p = g->p;

	g->record = cl_name_c_comment(a, p->record);
	g->leaf = cl_arena_alloc(a, (p->nleaves + 1) * sizeof(*g->leaf));
	for (size_t i = 0; i < p->nleaves; i++)
		g->leaf[i] = cl_name_c_comment(a, p->leaves[i].path);
	g->role = cl_arena_alloc(a, (p->nroles + 1) * sizeof(*g->role));
	for (size_t i = 0; i < p->nroles; i++)
		g->role[i] = cl_name_c_comment(a, p->roles[i].name);
	g->layout = cl_arena_alloc(a, (p->nlayouts + 1) * sizeof(*g->layout));
	for (size_t i = 0; i < p->nlayouts; i++)
		g->layout[i] = cl_name_c_comment(a, p->layouts[i].name);
}

/* Layout @l's leaves that it has (a dump may lack those no role accesses), by offset. */
static size_t gen_order(const struct bench_plan *p, size_t l, size_t *order)
{
	const struct bench_layout *lay = &p->layouts[l];
	size_t n = 0;

	for (size_t i = 0; i < p->nleaves; i++)
		if (lay->leaf_align[i])
			order[n++] = i;
	/* insertion sort: the leaves are mostly in order */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && lay->bit_offset[order[j]] < lay->bit_offset[order[j - 1]];
		     j--) {
			size_t t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	return n;
}

/* One struct of byte arrays per layout, padded to the same offsets. */
static void gen_struct(const struct gen *g, size_t l)
{
	const struct bench_plan *p = g->p;
	const struct bench_layout *lay = &p->layouts[l];
	size_t *order = cl_xmalloc((p->nleaves + 1) * sizeof(*order));
	size_t n = gen_order(p, l, order);
	FILE *out = g->out;
	uint64_t end = 0;
	unsigned slot = 0, pad = 0;

	fprintf(out, "/* %s, %s: %" PRIu64 " bytes, aligned to %" PRIu32 " */\nstruct L%zu {\n",
		g->record, g->layout[l], lay->size, lay->align, l);
	for (size_t i = 0; i < n;) {
		uint64_t first, len, stop;
		size_t k = order[i];
		uint32_t al = lay->leaf_align[k];

		leaf_bytes(p, l, k, &first, &len);
		stop = first + len;
		/* leaves that overlap (unions, bit-fields in one byte) share a slot */
		for (i++; i < n; i++) {
			uint64_t f2, l2;

			leaf_bytes(p, l, order[i], &f2, &l2);
			if (f2 >= stop)
				break;
			if (f2 + l2 > stop)
				stop = f2 + l2;
		}
		if (first > end)
			fprintf(out, "\tunsigned char pad%u[%" PRIu64 "];\n", pad++, first - end);
		if (first % al)
			al = 1;
		fprintf(out, "\tunsigned char s%u[%" PRIu64 "] __attribute__((aligned(%" PRIu32
			     ")));\t/* %s */\n", slot, stop - first, al, g->leaf[k]);
		fprintf(out, "#define L%zu_s%u %" PRIu64 "\n", l, slot++, first);
		end = stop;
	}
	if (lay->size > end)
		fprintf(out, "\tunsigned char pad%u[%" PRIu64 "];\n", pad, lay->size - end);
	fprintf(out, "} __attribute__((aligned(%" PRIu32 ")));\n", lay->align);
	fprintf(out, "_Static_assert(sizeof(struct L%zu) == %" PRIu64 ", \"size\");\n", l, lay->size);
	fprintf(out, "_Static_assert(_Alignof(struct L%zu) == %" PRIu32 ", \"align\");\n", l,
		lay->align);
	for (unsigned s = 0; s < slot; s++)
		fprintf(out, "_Static_assert(offsetof(struct L%zu, s%u) == L%zu_s%u, \"offset\");\n",
			l, s, l, s);
	if (p->slots)
		fprintf(out, "/* the per-thread slots: %u elements, adjacent as in an array */\n"
			     "_Static_assert(sizeof(struct L%zu[%u]) == %" PRIu64 ", \"array\");\n",
			p->slots, l, p->slots, p->slots * lay->size);
	fprintf(out, "static _Alignas(4096) unsigned char store%zu[%" PRIu64 "];\n\n", l,
		(bench_base_offset(p, l) + (p->slots ? p->slots : 1) * lay->size + 4095) / 4096 *
		4096 + 4096);
	free(order);
}

/*
 * One access of leaf @k in layout @l: a load or an increment of its width
 * when that is 1, 2, 4 or 8 bytes (a locked add for an atomic type where it
 * is naturally aligned), else one byte on every line it covers.
 */
static void gen_access(const struct gen *g, size_t l, uint64_t base,
		       const struct bench_access *x)
{
	static const char *const type[] = { NULL, "u1", "u2", NULL, "u4", NULL, NULL, NULL, "u8" };
	static const char *const atype[] = { NULL, "uint8_t", "uint16_t", NULL, "uint32_t", NULL,
					     NULL, NULL, "uint64_t" };
	const struct bench_plan *p = g->p;
	uint64_t first, len, line, last, from, to;

	leaf_bytes(p, l, x->leaf, &first, &len);
	if (len <= 8 && type[len]) {
		bool locked = x->write && p->leaves[x->leaf].atomic && (base + first) % len == 0;

		fprintf(g->out, "\t\t%s(%s, %" PRIu64 ");\t/* %s */\n",
			x->write ? locked ? "AWR" : "WR" : "RD", locked ? atype[len] : type[len],
			first, g->leaf[x->leaf]);
		return;
	}
	leaf_lines(p, l, x->leaf, base, &line, &last, &from, &to);
	for (; line <= last; line++) {
		uint64_t at = line * p->line_size;

		if (line >= from && line <= to)
			continue;	/* a leaf too long to touch whole: the note says so */
		if (at < base + first)
			at = base + first;
		fprintf(g->out, "\t\t%s(u1, %" PRIu64 ");\t/* %s */\n", x->write ? "WR" : "RD",
			at - base, g->leaf[x->leaf]);
	}
}

static void gen_role(const struct gen *g, size_t l, size_t r)
{
	const struct bench_plan *p = g->p;
	const struct bench_role *role = &p->roles[r];
	FILE *out = g->out;

	fprintf(out, "/* %s on %s */\nstatic unsigned long r%zu_l%zu(unsigned char *b)\n{\n"
		     "\tunsigned long ops = 0, sum = 0;\n\n", g->role[r], g->layout[l], r, l);
	if (p->slots)
		fprintf(out, "\tb += %zu * sizeof(struct L%zu);\t/* its own element */\n", r, l);
	fputs("\twhile (!atomic_load_explicit(&stop, memory_order_relaxed)) {\n", out);
	for (size_t i = 0; i < role->nacc; i++)
		for (unsigned t = 0; t < role->acc[i].times; t++)
			gen_access(g, l, role_base(p, l, r), &role->acc[i]);
	fputs("\t\tops++;\n\t}\n\tsink += sum;\n\treturn ops;\n}\n\n", out);
}

static const char epilogue[] =
	"struct worker {\n\tint layout, role, cpu;\n\tunsigned long ops;\n"
	"\tdouble wall, share;\n};\n\n"
	"static double clock_of(clockid_t id)\n{\n\tstruct timespec ts;\n\n"
	"\tclock_gettime(id, &ts);\n\treturn ts.tv_sec + ts.tv_nsec / 1e9;\n}\n\n"
	"/* as bench/false_sharing: pinned, and the share of the run it was on its CPU */\n"
	"static void *thread(void *arg)\n{\n\tstruct worker *w = arg;\n\tdouble t0, c0;\n\n"
	"\tif (w->cpu >= 0) {\n\t\tcpu_set_t set;\n\n\t\tCPU_ZERO(&set);\n"
	"\t\tCPU_SET(w->cpu, &set);\n"
	"\t\tpthread_setaffinity_np(pthread_self(), sizeof(set), &set);\n\t}\n"
	"\twhile (!atomic_load(&go))\n\t\tsched_yield();\n"
	"\tt0 = clock_of(CLOCK_MONOTONIC);\n\tc0 = clock_of(CLOCK_THREAD_CPUTIME_ID);\n"
	"\tw->ops = fn[w->layout][w->role](obj[w->layout]);\n"
	"\tw->wall = clock_of(CLOCK_MONOTONIC) - t0;\n"
	"\tw->share = (clock_of(CLOCK_THREAD_CPUTIME_ID) - c0) / w->wall;\n\treturn NULL;\n}\n\n"
	"static int cpus[CPU_SETSIZE], ncpus;\n\n"
	"static void run(int layout, double seconds, int round)\n{\n"
	"\tstruct worker w[NROLES * THREADS];\n\tpthread_t t[NROLES * THREADS];\n"
	"\tstruct timespec ts = { (time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9) };\n"
	"\tint n = NROLES * THREADS;\n\n"
	"\tatomic_store(&go, 0);\n\tatomic_store(&stop, 0);\n"
	"\tfor (int i = 0; i < n; i++) {\n"
	"\t\tw[i] = (struct worker){ layout, i / THREADS, ncpus ? cpus[i % ncpus] : -1, 0, 0, 0 };\n"
	"\t\tif (pthread_create(&t[i], NULL, thread, &w[i])) {\n"
	"\t\t\tperror(\"pthread_create\");\n\t\t\texit(2);\n\t\t}\n\t}\n"
	"\tatomic_store(&go, 1);\n\tnanosleep(&ts, NULL);\n\tatomic_store(&stop, 1);\n"
	"\tfor (int i = 0; i < n; i++) {\n\t\tpthread_join(t[i], NULL);\n"
	"\t\tif (round >= 0)\n"
	"\t\t\tprintf(\"run %d %d %d %.0f %.3f\\n\", round, layout, w[i].role,\n"
	"\t\t\t       w[i].ops / w[i].wall, w[i].share);\n\t}\n}\n\n"
	"int main(int argc, char **argv)\n{\n"
	"\tdouble seconds = argc > 1 ? atof(argv[1]) : 1.0;\n"
	"\tint rounds = argc > 2 ? atoi(argv[2]) : 3;\n"
	"\tint only = argc > 3 ? atoi(argv[3]) : -1;\t/* one layout (bench --perf) */\n"
	"\tcpu_set_t set;\n\n"
	"\tif (!sched_getaffinity(0, sizeof(set), &set))\n"
	"\t\tfor (int c = 0; c < CPU_SETSIZE; c++)\n\t\t\tif (CPU_ISSET(c, &set))\n"
	"\t\t\t\tcpus[ncpus++] = c;\n"
	"\tprintf(\"cpus %d\\n\", ncpus);\n"
	"\t/* warm-up: caches, page faults and the CPUs' clocks, not counted */\n"
	"\tfor (int l = 0; l < NLAYOUTS; l++)\n"
	"\t\tif (only < 0 || l == only)\n"
	"\t\t\trun(l, seconds / 4 > 0.05 ? seconds / 4 : 0.05, -1);\n"
	"\t/* interleaved: round r starts at layout r, so drift hits all alike */\n"
	"\tfor (int r = 0; r < rounds; r++)\n\t\tfor (int i = 0; i < NLAYOUTS; i++)\n"
	"\t\t\tif (only < 0 || (i + r) % NLAYOUTS == only)\n"
	"\t\t\t\trun((i + r) % NLAYOUTS, seconds, r);\n"
	"\treturn 0;\n}\n";

void bench_generate(FILE *out, const struct bench_plan *p)
{
	struct gen g = { .out = out, .p = p };
	struct cl_arena a;

	cl_arena_init(&a);
	gen_names(&g, &a);
	fprintf(out, prologue, g.record);
	fprintf(out, "#define NLAYOUTS %zu\n#define NROLES %zu\n#define THREADS %u\n\n",
		p->nlayouts, p->nroles, p->threads);
	for (size_t l = 0; l < p->nlayouts; l++)
		gen_struct(&g, l);
	for (size_t l = 0; l < p->nlayouts; l++)
		for (size_t r = 0; r < p->nroles; r++)
			gen_role(&g, l, r);
	fputs("static unsigned long (*const fn[NLAYOUTS][NROLES])(unsigned char *) = {\n", out);
	for (size_t l = 0; l < p->nlayouts; l++) {
		fputs("\t{", out);
		for (size_t r = 0; r < p->nroles; r++)
			fprintf(out, " r%zu_l%zu,", r, l);
		fputs(" },\n", out);
	}
	fputs("};\n\n/* each object where --base-align puts it (else on a line boundary) */\n"
	      "static unsigned char *const obj[NLAYOUTS] = {\n", out);
	for (size_t l = 0; l < p->nlayouts; l++)
		fprintf(out, "\tstore%zu + %u,\n", l, bench_base_offset(p, l));
	fputs("};\n\n", out);
	fputs(epilogue, out);
	cl_arena_free(&a);
}
