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
 *   - the virtual bases of the whole hierarchy follow the non-virtual part,
 *     each once, in inheritance graph order (depth first, a class before
 *     its bases, bases in declaration order), each at the end of what
 *     precedes it rounded up to its nvalign.
 *
 * What DWARF does not say, and how it is handled:
 *   - whether a class without a vptr and virtual bases is a POD for the
 *     purpose of layout: its nvsize is then sizeof, else the end of its last
 *     member (a derived class may reuse the tail padding).  Both bounds are
 *     carried through; placing is monotonic in the sizes, so when the two
 *     bounds give every virtual base the same offset, every reading does;
 *   - which nearly empty virtual base (a vptr and nothing else) a class
 *     takes as its primary base, which then shares the class's offset;
 *   - where an empty virtual base goes (offset 0 unless a subobject of its
 *     type is there already, else after the others).  It holds nothing and
 *     moves nothing else: it is left out, as GCC makes no field for it
 *     (the plugin has none either); it may add a byte to the size.
 * Where the bounds disagree, a virtual base is nearly empty, or the result
 * is not the class's DW_AT_byte_size, the class keeps only its non-virtual
 * part and a note says which virtual base was left out and why: never a
 * guessed offset.
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
 * (repeated bases at every level): the walk and the virtual bases it
 * collects are bounded, and a class beyond the bounds gets a note.
 */
#define VBASES_MAX 1024
#define WALK_MAX 100000

struct vbase_walk {
	struct dw_class **v;
	size_t n;
	size_t steps;
	bool overflow;
};

/* The virtual bases of @c's hierarchy, in inheritance graph order. */
static void collect_vbases(const struct dw_class *c, struct vbase_walk *w, unsigned depth)
{
	if (depth > DW_DEPTH_MAX || ++w->steps > WALK_MAX) {
		w->overflow = true;
		return;
	}
	for (size_t i = 0; i < c->nbases && !w->overflow; i++) {
		struct dw_class *b = c->bases[i].type->cls;
		bool seen = false;

		if (!b)
			continue;
		if (c->bases[i].virt) {
			for (size_t k = 0; k < w->n; k++)
				seen |= w->v[k] == b;
			if (seen)
				continue;
			if (w->n == VBASES_MAX) {
				w->overflow = true;
				return;
			}
			w->v[w->n++] = b;
		}
		/* a base without virtual bases adds none */
		if (b->nvbases)
			collect_vbases(b, w, depth + 1);
	}
}

static const char *class_name(const struct dw_class *c)
{
	return c->as_base->name ? c->as_base->name : "<anonymous>";
}

/*
 * Place the virtual bases @v after the non-virtual part of @rec, which ends
 * at [@lo, @hi]; NULL and the offsets in @off, or why they cannot be known
 * and the base it is about in @bad.
 */
static const char *place(const struct cl_record *rec, struct dw_class **v, size_t n,
			 uint64_t lo, uint64_t hi, uint32_t *align, uint64_t *off, size_t *bad)
{
	bool empty = false;

	for (size_t i = 0; i < n; i++) {
		uint64_t olo, ohi;

		*bad = i;
		if (v[i]->empty) {
			empty = true;
			continue;
		}
		if (v[i]->nearly_empty)
			return "holds only a vptr: a class that takes it as its primary base shares its place, which DWARF does not show";
		olo = round_up(lo, v[i]->nvalign);
		ohi = round_up(hi, v[i]->nvalign);
		if (olo != ohi)
			return "goes where a class before it ends, which depends on whether that class is a POD for the purpose of layout, which DWARF does not show";
		off[i] = olo;
		lo = olo + v[i]->nv_lo;
		hi = ohi + v[i]->nv_hi;
		if (v[i]->nvalign > *align)
			*align = v[i]->nvalign;
	}
	*bad = 0;
	/* an empty virtual base that could not go at 0 is a byte at the end */
	if (round_up(lo, *align) != rec->size && round_up(hi, *align) != rec->size &&
	    (!empty || (round_up(lo + 1, *align) != rec->size &&
			round_up(hi + 1, *align) != rec->size)))
		return "placed as the C++ ABI places it, does not give the class its size";
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

/* @rec with the virtual bases @v at @off appended, as GCC's base fields. */
static void add_vbases(struct dw_unit *u, struct cl_record *rec, struct dw_class **v, size_t n,
		       const uint64_t *off, uint32_t align)
{
	struct cl_member *m = cl_arena_alloc(&u->arena, (rec->nmembers + n) * sizeof(*m));

	memcpy(m, rec->members, rec->nmembers * sizeof(*m));
	size_t k = rec->nmembers;

	for (size_t i = 0; i < n; i++) {
		struct cl_member *b = &m[k];

		if (v[i]->empty)
			continue;
		k++;
		memset(b, 0, sizeof(*b));
		b->bit_offset = off[i] * 8;
		b->bit_size = dw_class_base_size(v[i], v[i]->as_base->size) * 8;
		b->align = v[i]->nvalign;
		b->flags = CL_MEMBER_BASE;
		b->record = v[i]->as_base;
		b->span = rec->span;
		if (u->fe->cfg.types)
			b->type = v[i]->as_base->name;
		cl_map_put(&u->embedded, (dw_key)(uintptr_t)b->record, b->record);
	}
	rec->members = m;
	rec->nmembers = k;
	rec->align = align;
}

void dw_class_finish(struct dw_unit *u, struct dw_type *t, struct cl_record *rec,
		     struct dw_base *bases, size_t nbases)
{
	struct dw_class *c = cl_arena_alloc(&u->arena, sizeof(*c));
	uint64_t lo = 0, hi = 0;
	bool data = false;
	struct vbase_walk w = { 0 };
	struct dw_class **v;
	uint64_t *off;
	size_t nv;
	uint32_t align;
	const char *why;
	size_t bad = 0;

	memset(c, 0, sizeof(*c));
	c->bases = bases;
	c->nbases = nbases;
	c->nvalign = rec->align;
	for (size_t i = 0; i < rec->nmembers; i++) {
		const struct cl_member *m = &rec->members[i];
		const struct dw_base *b = base_of(m, bases, nbases);
		uint64_t elo, ehi;

		member_end(m, b, &elo, &ehi);
		lo = elo > lo ? elo : lo;
		hi = ehi > hi ? ehi : hi;
		c->dynamic |= is_vptr(m) || (b && b->type->cls->dynamic);
		data |= !is_vptr(m) && !(b && (b->type->cls->empty || b->type->cls->nearly_empty));
	}
	for (size_t i = 0; i < nbases; i++) {
		c->dynamic |= bases[i].virt;
		/* only whether there are any matters: saturate */
		if (bases[i].virt || (bases[i].type->cls && bases[i].type->cls->nvbases))
			c->nvbases = 1;
	}
	c->empty = !data && !c->dynamic && rec->size <= 1;
	c->nearly_empty = !data && c->dynamic && lo == u->addr_size;
	/* a vptr or a virtual base: not a POD, the tail padding is reused */
	c->nv_lo = lo;
	c->nv_hi = c->dynamic ? hi : rec->size > hi ? rec->size : hi;
	c->as_base = rec;
	t->cls = c;
	if (!c->nvbases)
		return;
	/* the non-virtual part, as a base subobject holds it */
	c->as_base = copy_part(u, rec, lo);
	w.v = cl_arena_alloc(&u->arena, VBASES_MAX * sizeof(*w.v));
	collect_vbases(c, &w, 0);
	v = w.v;
	nv = w.n;
	off = cl_arena_alloc(&u->arena, (nv ? nv : 1) * sizeof(*off));
	align = rec->align;
	if (w.overflow) {
		dw_note(u, &rec->span,
			"the virtual bases of '%s' are left out of its layout: its hierarchy is deeper or larger than this reader follows",
			rec->name ? rec->name : "<anonymous>");
		return;
	}
	why = place(rec, v, nv, lo, hi, &align, off, &bad);
	if (!why) {
		add_vbases(u, rec, v, nv, off, align);
		return;
	}
	dw_note(u, &rec->span,
		"the virtual bases of '%s' are left out of its layout: DWARF gives their offsets as expressions evaluated at run time, and '%s' %s",
		rec->name ? rec->name : "<anonymous>", class_name(v[bad]), why);
}
