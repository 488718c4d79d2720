// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_vbases.c - C++ classes: the base-class part and the virtual bases
 *
 * DWARF lists a class's direct bases as DW_TAG_inheritance children.  A
 * non-virtual base has a constant DW_AT_data_member_location.  A virtual
 * base (DW_AT_virtuality) has an expression that reads the offset from the
 * vtable at run time (gcc and clang: DW_OP_dup; DW_OP_deref; DW_OP_constu
 * 24; DW_OP_minus; DW_OP_deref; DW_OP_plus), and the virtual bases of bases
 * are not listed at all.  The complete-object layout is rebuilt as the
 * Itanium C++ ABI lays it out (sections 2.4 and 2.5), which is what gcc and
 * clang do on every ELF target, and what the plugin reads from GCC:
 *
 *   - a base subobject is the non-virtual part of its class (its members
 *     without its virtual bases), nvsize bytes, aligned to nvalign;
 *   - a class's primary base shares its place: its first non-virtual base
 *     with a vptr, else a nearly empty virtual base (a vptr and nothing
 *     else) of its hierarchy, the first one that is no other class's
 *     primary base already (else the first one), chosen as GCC's
 *     determine_primary_bases() does;
 *   - the other virtual bases of the whole hierarchy follow the non-virtual
 *     part, each once, in inheritance graph order (depth first, a class
 *     before its bases, bases in declaration order), each at the end of
 *     what precedes it rounded up to its nvalign;
 *   - a subobject whose class's virtual primary base is another class's
 *     primary base here has "lost" it: the bytes at its start are its own
 *     vptr (`_vptr.CLASS`, as the plugin names it).
 *
 * What DWARF does not say, and how it is handled:
 *   - whether a class without a vptr and virtual bases is a POD for the
 *     purpose of layout: its nvsize is then sizeof, else the end of its last
 *     member (a derived class may reuse the tail padding).  Both bounds are
 *     carried through; placing is monotonic in the sizes, so when the two
 *     bounds give every virtual base the same offset, every reading does;
 *   - where an empty virtual base goes (offset 0 unless a subobject of its
 *     type is there already, else after the others).  It holds nothing and
 *     moves nothing else: it is left out, as GCC makes no field for it
 *     (the plugin has none either); it may add a byte to the size.
 * Where the bounds disagree, or the result is not the class's
 * DW_AT_byte_size, the class keeps only its non-virtual part and a note says
 * which virtual base was left out and why: never a guessed offset.
 */
#include "dwarf_internal.h"

#include <string.h>

static uint64_t round_up(uint64_t x, uint32_t align)
{
	return align > 1 ? (x + align - 1) / align * align : x;
}

/* Where a non-virtual member ends, in bytes (lo and hi bounds for bases). */
static void member_end(const struct cl_member *m, const struct dw_base *b, uint64_t *lo,
		       uint64_t *hi)
{
	uint64_t off = m->bit_offset / 8;

	if (b && b->type->cls) {
		const struct dw_class *c = b->type->cls;

		/* an empty base takes no room in the data, only an address */
		*lo = off + (c->empty ? 1 : c->nv_lo);
		*hi = off + (c->empty ? 1 : c->nv_hi);
		return;
	}
	*lo = *hi = (m->flags & CL_MEMBER_BITFIELD) ? (m->bit_offset + m->bit_size + 7) / 8 :
		    off + m->bit_size / 8;
}

static bool is_vptr(const struct cl_member *m)
{
	return (m->flags & CL_MEMBER_ARTIFICIAL) && m->name && !strncmp(m->name, "_vptr", 5);
}

/* The direct non-virtual base that member @m holds, or NULL. */
static const struct dw_base *base_of(const struct cl_member *m, const struct dw_base *bases,
				     size_t nbases)
{
	if (!(m->flags & CL_MEMBER_BASE))
		return NULL;
	for (size_t i = 0; i < nbases; i++)
		if (!bases[i].virt && bases[i].type->cls &&
		    bases[i].type->cls->as_base == m->record)
			return &bases[i];
	return NULL;
}

uint64_t dw_class_base_size(const struct dw_class *c, uint64_t complete_size)
{
	if (c->empty)
		return 0;	/* as GCC's base field: no room of its own */
	/* a class that is perhaps a POD keeps its tail padding, as before */
	return c->nv_lo == c->nv_hi ? c->nv_lo : complete_size;
}

/*
 * Corrupt DWARF can make a hierarchy whose walk never ends in practice
 * (repeated bases at every level): its subobjects are bounded, and a class
 * beyond the bound gets a note.
 */
#define NODES_MAX 4096

/**
 * struct node - one base subobject in the hierarchy of the class laid out
 * @cls: its class
 * @virt: a virtual base: one node however many paths lead to it
 * @primary: it is the primary base of @chain and shares its place
 * @lost: its class's virtual primary base is another subobject's primary
 * @chain: the subobject it is a direct base of, or the one it is primary of
 * @kids: its direct bases, in declaration order (virtual ones: their node)
 * @nkids: number of @kids
 */
struct node {
	struct dw_class *cls;
	bool virt, primary, lost;
	struct node *chain;
	struct node **kids;
	size_t nkids;
};

/**
 * struct hier - the subobjects of one class
 * @u: the unit (its arena holds the nodes)
 * @list: inheritance graph order, the class itself first
 * @n: number of @list
 * @overflow: more than NODES_MAX, or deeper than CL_NESTING_MAX
 */
struct hier {
	struct dw_unit *u;
	struct node **list;
	size_t n;
	bool overflow;
};

static struct node *node_new(struct hier *h, struct dw_class *cls, bool virt,
			     struct node *chain)
{
	struct node *x;

	if (h->n == NODES_MAX) {
		h->overflow = true;
		return NULL;
	}
	x = cl_arena_alloc(&h->u->arena, sizeof(*x));
	memset(x, 0, sizeof(*x));
	x->cls = cls;
	x->virt = virt;
	x->chain = chain;
	h->list[h->n++] = x;
	return x;
}

/* The node of the virtual base @cls, or NULL. */
static struct node *vnode(const struct hier *h, const struct dw_class *cls)
{
	for (size_t i = 0; i < h->n; i++)
		if (h->list[i]->virt && h->list[i]->cls == cls)
			return h->list[i];
	return NULL;
}

/* The subobjects below @x: depth first, a class before its bases. */
static void walk(struct hier *h, struct node *x, unsigned depth)
{
	const struct dw_class *c = x->cls;

	if (depth > CL_NESTING_MAX) {
		h->overflow = true;
		return;
	}
	x->kids = cl_arena_alloc(&h->u->arena, (c->nbases ? c->nbases : 1) * sizeof(*x->kids));
	for (size_t i = 0; i < c->nbases && !h->overflow; i++) {
		struct dw_class *b = c->bases[i].type->cls;
		struct node *k;

		if (!b)
			continue;
		k = c->bases[i].virt ? vnode(h, b) : NULL;
		if (!k) {
			k = node_new(h, b, c->bases[i].virt, x);
			if (!k)
				return;
			walk(h, k, depth + 1);
		}
		x->kids[x->nkids++] = k;
	}
}

/*
 * The primary bases of the subobjects below the class (GCC's
 * determine_primary_bases(), first loop): a non-virtual base is its
 * parent's primary when its class is the parent class's primary; a virtual
 * primary base goes to the first subobject that claims it, and the later
 * ones have lost it.
 */
static void mark_primaries(struct hier *h)
{
	for (size_t i = 1; i < h->n; i++) {
		struct node *x = h->list[i], *v;

		if (!x->virt && !x->chain->cls->primary_virtual && x->chain->cls->primary == x->cls)
			x->primary = true;
		if (!x->cls->primary || !x->cls->primary_virtual)
			continue;
		v = vnode(h, x->cls->primary);
		if (!v)
			continue;
		if (v->primary) {
			x->lost = true;
		} else {
			v->primary = true;
			v->chain = x;
		}
	}
}

/*
 * The class's own primary base: its first non-virtual base with a vptr,
 * else the first nearly empty virtual base that is no subobject's primary,
 * else the first nearly empty one (taken from the subobject that had it).
 */
static void choose_primary(struct dw_class *c, struct hier *h)
{
	struct node *pick = NULL;

	for (size_t i = 0; i < c->nbases; i++) {
		if (!c->bases[i].virt && c->bases[i].type->cls && c->bases[i].type->cls->dynamic) {
			c->primary = c->bases[i].type->cls;
			return;
		}
	}
	for (size_t i = 1; h && i < h->n; i++) {
		struct node *x = h->list[i];

		if (!x->virt || !x->cls->nearly_empty)
			continue;
		if (!x->primary) {
			pick = x;
			break;
		}
		if (!pick)
			pick = x;
	}
	if (!pick)
		return;
	if (pick->primary)
		pick->chain->lost = true;
	pick->primary = true;
	pick->chain = h->list[0];
	c->primary = pick->cls;
	c->primary_virtual = true;
}

static const char *class_name(const struct dw_class *c)
{
	return c->as_base->name ? c->as_base->name : "<anonymous>";
}

/*
 * Place the virtual bases @v (nodes) after the non-virtual part of @rec,
 * which ends at [@lo, @hi]; NULL and the offsets in @off, or why they
 * cannot be known and the base it is about in @bad.  Empty ones are left
 * out (@off unset).
 */
static const char *place(const struct cl_record *rec, struct node **v, size_t n, uint64_t lo,
			 uint64_t hi, uint32_t *align, uint64_t *off, size_t *bad)
{
	bool empty = false;

	for (size_t i = 0; i < n; i++) {
		const struct dw_class *c = v[i]->cls;
		uint64_t olo, ohi;

		*bad = i;
		if (c->empty) {
			empty = true;
			continue;
		}
		olo = round_up(lo, c->nvalign);
		ohi = round_up(hi, c->nvalign);
		if (olo != ohi)
			return "goes where a class before it ends, which depends on whether that class is a POD for the purpose of layout, which DWARF does not show";
		off[i] = olo;
		lo = olo + c->nv_lo;
		hi = ohi + c->nv_hi;
		if (c->nvalign > *align)
			*align = c->nvalign;
	}
	*bad = n;
	/* an empty virtual base that could not go at 0 is a byte at the end */
	if (round_up(lo, *align) != rec->size && round_up(hi, *align) != rec->size &&
	    (!empty || (round_up(lo + 1, *align) != rec->size &&
			round_up(hi + 1, *align) != rec->size)))
		return "the virtual bases, placed as the C++ ABI places them, do not give the class its size";
	return NULL;
}

static struct cl_record *copy_part(struct dw_unit *u, const struct cl_record *rec, uint64_t size)
{
	struct cl_record *r = cl_record_new(&u->arena, rec->kind, rec->name, rec->nmembers);
	struct cl_member *m = r->members;

	*r = *rec;
	r->members = m;
	memcpy(r->members, rec->members, rec->nmembers * sizeof(*m));
	r->size = size;
	return r;
}

/* A base member holding the non-virtual part of @c at @off, as GCC's base fields. */
static void base_member(struct dw_unit *u, struct cl_member *b, const struct dw_class *c,
			uint64_t off, const struct cl_span *span)
{
	memset(b, 0, sizeof(*b));
	b->bit_offset = off * 8;
	b->bit_size = dw_class_base_size(c, c->as_base->size) * 8;
	b->align = c->nvalign;
	b->flags = CL_MEMBER_BASE;
	b->record = c->as_base;
	b->span = *span;
	if (u->fe->cfg.types)
		b->type = c->as_base->name;
	cl_map_put(&u->embedded, (dw_key)(uintptr_t)b->record, b->record);
}

/* @rec's members with @extra more room, @first of them in front. */
static struct cl_member *grow(struct dw_unit *u, struct cl_record *rec, size_t extra,
			      size_t first)
{
	struct cl_member *m = cl_arena_alloc(&u->arena, (rec->nmembers + extra) * sizeof(*m));

	memcpy(m + first, rec->members, rec->nmembers * sizeof(*m));
	rec->members = m;
	return m;
}

/* Whether a subobject at or below @x has lost its primary base. */
static bool lost_below(const struct hier *h, const struct node *x, unsigned depth)
{
	const struct node *v;

	if (depth > CL_NESTING_MAX)
		return false;
	if (x->lost)
		return true;
	for (size_t i = 0; i < x->nkids; i++)
		if (!x->kids[i]->virt && lost_below(h, x->kids[i], depth + 1))
			return true;
	if (!x->cls->primary_virtual)
		return false;
	v = vnode(h, x->cls->primary);
	return v && v->primary && v->chain == x && lost_below(h, v, depth + 1);
}

/* The node of the subobject that base member @m of @x's non-virtual part holds. */
static struct node *member_node(const struct hier *h, const struct node *x, size_t i,
				const struct cl_member *m)
{
	const struct dw_class *c = x->cls;

	if (i == 0 && c->primary_virtual && m->record == c->primary->as_base)
		return vnode(h, c->primary);
	for (size_t k = 0; k < x->nkids; k++)
		if (!x->kids[k]->virt && x->kids[k]->cls->as_base == m->record)
			return x->kids[k];
	return NULL;
}

/*
 * The non-virtual part of @x's class as it is at @x: where it (or a
 * subobject in it) lost its virtual primary base, the base's place holds
 * only the subobject's vptr.
 */
static struct cl_record *part_here(struct dw_unit *u, const struct hier *h, struct node *x,
				   unsigned depth)
{
	const struct dw_class *c = x->cls;
	struct cl_record *r = copy_part(u, c->as_base, c->as_base->size);

	for (size_t i = 0; i < r->nmembers; i++) {
		struct cl_member *m = &r->members[i];
		struct node *k;

		if (!(m->flags & CL_MEMBER_BASE) || !m->record)
			continue;
		if (i == 0 && x->lost && c->primary_virtual && m->record == c->primary->as_base) {
			m->name = cl_arena_printf(&u->arena, "_vptr.%s", class_name(c));
			m->record = NULL;
			m->type = NULL;
			m->flags = CL_MEMBER_ARTIFICIAL;
			continue;
		}
		k = member_node(h, x, i, m);
		if (k && depth < CL_NESTING_MAX && lost_below(h, k, depth + 1))
			m->record = part_here(u, h, k, depth + 1);
	}
	return r;
}

/* The members of the complete @rec whose subobjects lost a primary base. */
static void complete_here(struct dw_unit *u, const struct hier *h, struct cl_record *rec,
			  struct node **v, size_t nv, size_t first_vbase)
{
	struct node *root = h->list[0];

	for (size_t i = 0; i < rec->nmembers; i++) {
		struct cl_member *m = &rec->members[i];
		struct node *k = NULL;

		if (!(m->flags & CL_MEMBER_BASE) || !m->record)
			continue;
		if (i >= first_vbase) {
			for (size_t j = 0, n = first_vbase; j < nv; j++)
				if (!v[j]->cls->empty && n++ == i)
					k = v[j];
		} else {
			k = member_node(h, root, i, m);
		}
		if (k && lost_below(h, k, 0))
			m->record = part_here(u, h, k, 1);
	}
}

static void leave_out(struct dw_unit *u, const struct cl_record *rec, const char *why,
		      const char *which)
{
	if (which)
		dw_note(u, &rec->span,
			"the virtual bases of '%s' are left out of its layout: DWARF gives their offsets as expressions evaluated at run time, and '%s' %s",
			rec->name ? rec->name : "<anonymous>", which, why);
	else
		dw_note(u, &rec->span,
			"the virtual bases of '%s' are left out of its layout: DWARF gives their offsets as expressions evaluated at run time, and %s",
			rec->name ? rec->name : "<anonymous>", why);
}

/*
 * A class whose primary base is a virtual one has no vptr of its own: the
 * base is its first member, at offset 0, where DWARF shows nothing.
 */
static bool add_primary(struct dw_unit *u, struct cl_record *rec, const struct dw_class *c)
{
	uint64_t end = c->primary->nv_lo * 8;

	/* an empty base may be at 0 too: it takes no room */
	for (size_t i = 0; i < rec->nmembers; i++)
		if (rec->members[i].bit_offset < end && rec->members[i].bit_size)
			return false;
	grow(u, rec, 1, 1);
	base_member(u, &rec->members[0], c->primary, 0, &rec->span);
	rec->nmembers++;
	/* DWARF gave the class the alignment of the members it shows */
	if (c->primary->nvalign > rec->align)
		rec->align = c->primary->nvalign;
	return true;
}

void dw_class_finish(struct dw_unit *u, struct dw_type *t, struct cl_record *rec,
		     struct dw_base *bases, size_t nbases)
{
	struct dw_class *c = cl_arena_alloc(&u->arena, sizeof(*c));
	struct hier h = { .u = u };
	uint64_t lo = 0, hi = 0, *off;
	bool data = false, noted = false;
	struct node **v;
	size_t nv = 0, bad = 0, first_vbase;
	uint32_t align;
	const char *why;

	memset(c, 0, sizeof(*c));
	c->bases = bases;
	c->nbases = nbases;
	c->nvalign = rec->align;
	c->as_base = rec;
	t->cls = c;
	for (size_t i = 0; i < nbases; i++) {
		c->dynamic |= bases[i].virt;
		/* only whether there are any matters */
		if (bases[i].virt || (bases[i].type->cls && bases[i].type->cls->nvbases))
			c->nvbases = 1;
	}
	if (c->nvbases) {
		struct node *root;

		h.list = cl_arena_alloc(&u->arena, NODES_MAX * sizeof(*h.list));
		root = node_new(&h, c, false, NULL);
		walk(&h, root, 0);
		if (!h.overflow)
			mark_primaries(&h);
	}
	choose_primary(c, c->nvbases && !h.overflow ? &h : NULL);
	if (c->primary_virtual && !add_primary(u, rec, c)) {
		leave_out(u, rec, "would share its place with a member as the class's primary base",
			  class_name(c->primary));
		c->primary = NULL;
		c->primary_virtual = false;
		noted = true;
	}
	c->nvalign = rec->align;
	for (size_t i = 0; i < rec->nmembers; i++) {
		const struct cl_member *m = &rec->members[i];
		const struct dw_base *b = base_of(m, bases, nbases);
		uint64_t elo, ehi;

		member_end(m, b, &elo, &ehi);
		lo = elo > lo ? elo : lo;
		hi = ehi > hi ? ehi : hi;
		c->dynamic |= is_vptr(m) || (b && b->type->cls->dynamic);
		data |= !is_vptr(m) && !(b && (b->type->cls->empty || b->type->cls->nearly_empty)) &&
			!(i == 0 && c->primary_virtual);
	}
	c->empty = !data && !c->dynamic && rec->size <= 1;
	c->nearly_empty = !data && c->dynamic && lo == u->addr_size;
	/* a vptr or a virtual base: not a POD, the tail padding is reused */
	c->nv_lo = lo;
	c->nv_hi = c->dynamic ? hi : rec->size > hi ? rec->size : hi;
	if (!c->nvbases)
		return;
	/* the non-virtual part, as a base subobject holds it */
	c->as_base = copy_part(u, rec, lo);
	if (h.overflow || noted) {
		if (!noted)
			leave_out(u, rec, "its hierarchy is deeper or larger than this reader follows",
				  NULL);
		return;
	}
	v = cl_arena_alloc(&u->arena, h.n * sizeof(*v));
	for (size_t i = 1; i < h.n; i++)
		if (h.list[i]->virt && !h.list[i]->primary)
			v[nv++] = h.list[i];
	off = cl_arena_alloc(&u->arena, (nv ? nv : 1) * sizeof(*off));
	align = rec->align;
	why = place(rec, v, nv, lo, hi, &align, off, &bad);
	if (why) {
		leave_out(u, rec, why, bad < nv ? class_name(v[bad]->cls) : NULL);
		return;
	}
	first_vbase = rec->nmembers;
	grow(u, rec, nv, 0);
	for (size_t i = 0; i < nv; i++)
		if (!v[i]->cls->empty)
			base_member(u, &rec->members[rec->nmembers++], v[i]->cls, off[i], &rec->span);
	rec->align = align;
	complete_here(u, &h, rec, v, nv, first_vbase);
}
