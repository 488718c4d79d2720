// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_records.c - struct, union and class DIEs to the core model, the way
 * plugin/convert.cc converts GCC's trees
 *
 *   - Members are DW_TAG_member children (C++ bases: DW_TAG_inheritance);
 *     static data members (declarations) are not part of the layout.  A
 *     C++ base holds its class's non-virtual part; virtual bases, whose
 *     location is an expression, are placed by dwarf_vbases.c.
 *   - Unnamed bit-fields are padding, not members; a nameless member of
 *     struct or union type is an anonymous member (CL_MEMBER_ANONYMOUS).
 *   - Offsets: DW_AT_data_bit_offset (gcc, DWARF 4+), or the old
 *     MSB-relative DW_AT_bit_offset within a storage unit of DW_AT_byte_size
 *     at DW_AT_data_member_location (clang, gcc -gdwarf-2/3/4 in packed
 *     records), or a constant or DW_OP_plus_uconst location; none on a
 *     union member means 0.
 *   - Sizes: bit-fields DW_AT_bit_size; flexible arrays 0 and
 *     CL_MEMBER_FLEXIBLE; everything else the size of its type.
 *   - Alignment: bit-fields 0; others DW_AT_alignment when present, else
 *     the type's ABI alignment (dwarf_types.c), or 1 in a packed record.
 *     DWARF does not say "packed": a record is taken to be packed when one
 *     of its members sits where its alignment forbids, a bit-field crosses
 *     a storage unit of its type, or the size is no multiple of the
 *     alignment the members ask for.  Its alignment is then that of
 *     DW_AT_alignment, or the largest explicit member alignment, or 1.
 *   - Annotations: clang's btf_decl_tag("cachelint:…") children
 *     (DW_TAG_LLVM_annotation) of members and records.
 */
#include "dwarf_internal.h"

#include <stdlib.h>
#include <string.h>

#include "model/paths.h"
#include "model/rules.h"

/**
 * struct pending - a member while its record is being converted
 * @m: the member as it will be
 * @natural: the ABI alignment of its type
 * @user: @m.align came from DW_AT_alignment
 */
struct pending {
	struct cl_member m;
	uint32_t natural;
	bool user;
};

struct members {
	struct pending *v;
	size_t n, cap;
	struct dw_base *bases;
	size_t nbases, bases_cap;
	bool failed;
};

static const char *tag_prefix = "cachelint:";

/*
 * The next member.  The vector lives in the unit's arena, like everything
 * else of the unit: a failure (longjmp) half-way through a record leaks
 * nothing.
 */
static struct pending *push_pending(struct dw_unit *u, struct members *ms)
{
	if (ms->n == ms->cap) {
		size_t cap = ms->cap ? ms->cap * 2 : 16;
		struct pending *v = cl_arena_alloc(&u->arena, cap * sizeof(*v));

		if (ms->n)
			memcpy(v, ms->v, ms->n * sizeof(*v));
		ms->v = v;
		ms->cap = cap;
	}
	memset(&ms->v[ms->n], 0, sizeof(ms->v[ms->n]));
	return &ms->v[ms->n++];
}

static void annotation_error(struct dw_unit *u, const struct cl_span *s, const char *fmt,
			     const char *a, const char *b)
{
	dw_report(u, s, fmt, a, b);
}

static const char *member_name(const struct cl_member *m)
{
	return m->name ? m->name : "<anonymous>";
}

/* One "cachelint:…" tag of a member: the member's class. */
static void annotate_member(struct dw_unit *u, struct cl_member *m, const char *tag)
{
	const char *what = tag + strlen(tag_prefix);
	struct cl_access *acc = &m->access;

	const char *colon = strchr(what, ':');
	int kind = colon ? cl_paths_annotation_kind(what, (size_t)(colon - what)) : -1;

	if (kind >= 0) {
		const char *err = cl_paths_annotation_add(acc, (enum cl_paths_annotation)kind,
							  colon + 1, member_name(m), &u->arena);

		if (err)
			annotation_error(u, &m->span, "%s%s", err, "");
		return;
	}
	if ((acc->cls == CL_CLASS_PATHS) &&
	    (!strcmp(what, "read_mostly") || !strncmp(what, "write_hot", 9))) {
		annotation_error(u, &m->span, "cachelint: field '%s' is annotated both %s and with paths",
				 member_name(m), what[0] == 'r' ? "read-mostly" : "write-hot");
		return;
	}
	if (!strcmp(what, "read_mostly")) {
		if (acc->cls == CL_CLASS_WRITE_HOT)
			goto both;
		acc->cls = CL_CLASS_READ_MOSTLY;
	} else if (!strcmp(what, "write_hot") || !strncmp(what, "write_hot:", 10)) {
		const char *group = what[9] == ':' ? what + 10 : NULL;

		if (acc->cls == CL_CLASS_READ_MOSTLY)
			goto both;
		if (group && !*group) {
			annotation_error(u, &m->span,
					 "cachelint: the write group of field '%s' must be a non-empty string%s",
					 member_name(m), "");
			return;
		}
		if (acc->cls == CL_CLASS_WRITE_HOT &&
		    (!acc->group != !group || (group && strcmp(acc->group, group)))) {
			annotation_error(u, &m->span,
					 "cachelint: field '%s' is annotated with two different write groups%s",
					 member_name(m), "");
			return;
		}
		acc->cls = CL_CLASS_WRITE_HOT;
		acc->group = group ? cl_arena_strdup(&u->arena, group) : NULL;
	} else if (!strcmp(what, "per_thread")) {
		/* an array member's: checked against the type once it is read */
		m->flags |= CL_MEMBER_PER_THREAD;
		return;
	} else if (!strncmp(what, "suppress:", 9)) {
		annotation_error(u, &m->span,
				 "cachelint: a suppression belongs on a struct or union definition, not on field '%s'%s",
				 member_name(m), "");
		return;
	} else {
		annotation_error(u, &m->span, "cachelint: unknown annotation '%s' on field '%s'", tag,
				 member_name(m));
		return;
	}
	acc->origin = CL_ORIGIN_SOURCE;
	return;
both:
	annotation_error(u, &m->span,
			 "cachelint: field '%s' is annotated both read-mostly and write-hot%s",
			 member_name(m), "");
}

/* One "cachelint:…" tag of a record: a suppression, or __per_thread. */
static void annotate_record(struct dw_unit *u, const struct cl_span *s, uint32_t *suppress,
			    bool *per_thread, const char *tag)
{
	const char *what = tag + strlen(tag_prefix);

	if (!strcmp(what, "per_thread")) {
		*per_thread = true;
		return;
	}
	if (!strncmp(what, "suppress:", 9)) {
		unsigned mask = cl_rule_mask(what + 9);

		if (!mask)
			annotation_error(u, s,
					 "cachelint: unknown rule '%s' in a suppression (expected a rule ID such as 'cachelint-false-sharing', or 'all')%s",
					 what + 9, "");
		*suppress |= mask;
		return;
	}
	annotation_error(u, s,
			 "cachelint: the annotation '%s' applies to struct and union fields only%s",
			 tag, "");
}

/*
 * The "cachelint:…" btf_decl_tag strings among the children of @die, each
 * handed to @fn.  Other btf_decl_tags are not ours.
 */
static void for_each_tag(struct dw_unit *u, Dwarf_Die die,
			 void (*fn)(struct dw_unit *u, void *arg, const char *tag), void *arg)
{
	Dwarf_Die c;

	for (c = dw_child(u, die); c;) {
		Dwarf_Die next;

		if (dw_tag(u, c) == DW_TAG_LLVM_annotation) {
			struct dw_attrs a;

			dw_read_attrs(u, c, &a);
			if (a.name && !strcmp(a.name, "btf_decl_tag") && a.const_string &&
			    !strncmp(a.const_string, tag_prefix, strlen(tag_prefix)))
				fn(u, arg, a.const_string);
		}
		next = dw_sibling(u, c);
		dw_die_free(u, c);
		c = next;
	}
}

static void member_tag(struct dw_unit *u, void *arg, const char *tag)
{
	annotate_member(u, arg, tag);
}

struct record_tags {
	const struct cl_span *span;
	uint32_t *suppress;
	bool *per_thread;
};

static void record_tag(struct dw_unit *u, void *arg, const char *tag)
{
	struct record_tags *rt = arg;

	annotate_record(u, rt->span, rt->suppress, rt->per_thread, tag);
}

/*
 * The absolute bit offset of a member.  DW_AT_bit_offset counts from the
 * most significant bit of a storage unit of DW_AT_byte_size bytes (or the
 * type's size) at the member location; on a little-endian target that is
 * location*8 + unit*8 - bit_offset - bit_size.
 */
static bool member_offset(struct dw_unit *u, const struct dw_attrs *a, const struct dw_type *ty,
			  uint64_t *out)
{
	uint64_t loc = (a->have & DWA_LOCATION) ? a->location : 0;

	if (a->have & DWA_BAD_LOCATION)
		return false;
	if (loc > UINT64_MAX / 16)
		return false;
	if (a->have & DWA_DATA_BIT_OFFSET) {
		*out = a->data_bit_offset;
		return true;
	}
	if ((a->have & DWA_BIT_OFFSET) && (a->have & DWA_BIT_SIZE)) {
		uint64_t unit = (a->have & DWA_BYTE_SIZE) ? a->byte_size : ty->size;
		int64_t bit;

		if (unit > 64)
			return false;
		if (u->big_endian)
			bit = (int64_t)(loc * 8) + a->bit_offset;
		else
			bit = (int64_t)(loc * 8 + unit * 8) - a->bit_offset - (int64_t)a->bit_size;
		if (bit < 0)
			return false;
		*out = (uint64_t)bit;
		return true;
	}
	*out = loc * 8;
	return true;
}

static void mark_embedded(struct dw_unit *u, struct cl_record *rec)
{
	cl_map_put(&u->embedded, (dw_key)(uintptr_t)rec, rec);
}

/* A direct base of a C++ class, for dwarf_vbases.c. */
static void push_base(struct dw_unit *u, struct members *ms, struct dw_type *ty, bool virt)
{
	if (ms->nbases == ms->bases_cap) {
		size_t cap = ms->bases_cap ? ms->bases_cap * 2 : 4;
		struct dw_base *v = cl_arena_alloc(&u->arena, cap * sizeof(*v));

		if (ms->nbases)
			memcpy(v, ms->bases, ms->nbases * sizeof(*v));
		ms->bases = v;
		ms->bases_cap = cap;
	}
	ms->bases[ms->nbases].type = ty;
	ms->bases[ms->nbases++].virt = virt;
}

static uint64_t element_size(struct dw_unit *u, dw_key k);

/*
 * __per_thread on a member: an array's (a table of per-thread slots in one
 * object), with its element's size; on anything else an error, as in the
 * plugin.
 */
static void per_thread_member(struct dw_unit *u, struct cl_member *m, dw_key type,
			      const struct dw_type *ty)
{
	if (ty->kind != DWK_ARRAY) {
		m->flags &= ~CL_MEMBER_PER_THREAD;
		annotation_error(u, &m->span,
				 "cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to field '%s'%s",
				 member_name(m), "");
		return;
	}
	m->elem_size = element_size(u, type);
	if (!m->elem_size)
		m->flags &= ~CL_MEMBER_PER_THREAD;
}

static void convert_member(struct dw_unit *u, Dwarf_Die die, Dwarf_Half tag,
			   struct members *ms, unsigned depth)
{
	struct dw_attrs a;
	struct dw_type *ty;
	struct pending *p;
	struct cl_member *m;
	bool base = tag == DW_TAG_inheritance;

	dw_read_attrs(u, die, &a);
	/* static data members are declarations, not part of the layout */
	if (a.have & (DWA_DECLARATION | DWA_EXTERNAL))
		return;
	if (!(a.have & DWA_TYPE)) {
		ms->failed = true;
		return;
	}
	ty = dw_type_layout(u, a.type, depth + 1);
	if (ty->kind == DWK_UNKNOWN || ty->kind == DWK_VOID || ty->kind == DWK_FUNCTION) {
		ms->failed = true;
		return;
	}
	/* unnamed bit-fields are padding */
	if (!a.name && !base && ty->kind != DWK_RECORD)
		return;
	if (base && ty->kind == DWK_RECORD && ty->record && u->cplusplus)
		push_base(u, ms, ty, a.have & DWA_VIRTUAL);
	/* placed with the most-derived class's other virtual bases */
	if (base && (a.have & DWA_VIRTUAL)) {
		if (!ty->record || !u->cplusplus)
			ms->failed = true;
		return;
	}
	p = push_pending(u, ms);
	m = &p->m;
	m->name = a.name;
	if (!member_offset(u, &a, ty, &m->bit_offset)) {
		ms->failed = true;
		return;
	}
	p->natural = ty->align;
	if (a.have & DWA_BIT_SIZE) {
		m->flags |= CL_MEMBER_BITFIELD;
		m->bit_size = a.bit_size;
		m->unit_size = (uint32_t)ty->size;
		m->unit_align = ty->align;
	} else {
		m->bit_size = ty->flexible ? 0 : ty->size * 8;
		if (ty->flexible)
			m->flags |= CL_MEMBER_FLEXIBLE;
		if ((a.have & DWA_ALIGNMENT) && a.alignment && !(a.alignment & (a.alignment - 1)) &&
		    a.alignment <= (1u << 28)) {
			m->align = (uint32_t)a.alignment;
			m->flags |= CL_MEMBER_USER_ALIGN;
			p->user = true;
		}
	}
	if (ty->kind == DWK_RECORD && ty->record) {
		m->record = ty->record;
		mark_embedded(u, ty->record);
		if (base && ty->cls) {
			/* the base's non-virtual part, at its base-class size */
			m->record = ty->cls->as_base;
			m->bit_size = dw_class_base_size(ty->cls, ty->size) * 8;
			mark_embedded(u, m->record);
		}
		if (base)
			m->flags |= CL_MEMBER_BASE;
		else if (!a.name)
			m->flags |= CL_MEMBER_ANONYMOUS;
	}
	if (a.name && (a.have & DWA_ARTIFICIAL))
		m->flags |= CL_MEMBER_ARTIFICIAL;
	dw_span(u, &a, &m->span);
	if (u->fe->cfg.types) {
		struct dw_type *named = dw_type_get(u, a.type);

		dw_type_spell(u, named, 0);
		m->type = dw_type_name(u, named);
	}
	if (dw_has_children(u, die))
		for_each_tag(u, die, member_tag, m);
	if (m->flags & CL_MEMBER_PER_THREAD)
		per_thread_member(u, m, a.type, ty);
	/* an array member's elements, as the plugin has them */
	else if (ty->kind == DWK_ARRAY)
		m->elem_size = element_size(u, a.type);
}

/* Whether the members' places prove the record packed (see the top). */
static bool looks_packed(const struct members *ms, uint64_t size, uint32_t *natural_max)
{
	uint32_t max = 1;
	bool packed = false;

	for (size_t i = 0; i < ms->n; i++) {
		const struct pending *p = &ms->v[i];
		uint32_t al = p->user ? p->m.align : p->natural;
		uint64_t unit = (uint64_t)p->natural * 8;

		if (al > max)
			max = al;
		if (p->m.flags & CL_MEMBER_BITFIELD) {
			if (p->m.bit_size && unit &&
			    p->m.bit_offset / unit != (p->m.bit_offset + p->m.bit_size - 1) / unit)
				packed = true;
		} else if (!p->user && p->m.bit_offset % unit) {
			packed = true;
		}
	}
	*natural_max = max;
	return packed || size % max;
}

static void finish_alignment(struct cl_record *rec, struct members *ms,
			     const struct dw_attrs *a)
{
	uint32_t natural_max, user_max = 1;
	bool packed = looks_packed(ms, rec->size, &natural_max);

	for (size_t i = 0; i < ms->n; i++) {
		struct pending *p = &ms->v[i];

		if (p->m.flags & CL_MEMBER_BITFIELD)
			p->m.align = 0;
		else if (p->user)
			user_max = p->m.align > user_max ? p->m.align : user_max;
		else
			p->m.align = packed ? 1 : p->natural;
	}
	rec->packed = packed;
	rec->align = packed ? user_max : natural_max;
	if ((a->have & DWA_ALIGNMENT) && a->alignment && !(a->alignment & (a->alignment - 1)) &&
	    a->alignment <= (1u << 28))
		rec->align = (uint32_t)a->alignment;
}

/*
 * GCC puts a class's own vptr first, before its bases (the vptr of a class
 * that has one of its own is at offset 0); DWARF lists the bases first.
 */
static void vptr_first(struct members *ms)
{
	for (size_t i = 1; i < ms->n; i++) {
		const struct cl_member *m = &ms->v[i].m;

		if ((m->flags & CL_MEMBER_ARTIFICIAL) && m->name && !strncmp(m->name, "_vptr", 5) &&
		    m->bit_offset == 0) {
			struct pending p = ms->v[i];

			memmove(&ms->v[1], &ms->v[0], i * sizeof(ms->v[0]));
			ms->v[0] = p;
			return;
		}
	}
}

static struct cl_record *build(struct dw_unit *u, struct dw_type *t, Dwarf_Die die,
			       Dwarf_Half tag, const struct dw_attrs *a, unsigned depth)
{
	struct members ms = { 0 };
	struct cl_record *rec = NULL;
	struct cl_span span;
	uint32_t suppress = 0;
	bool per_thread = false;
	const char *name = dw_scoped_name(u, t->key, a->name);
	Dwarf_Die c;

	dw_span(u, a, &span);
	for (c = dw_child(u, die); c && !ms.failed;) {
		Dwarf_Half ctag = dw_tag(u, c);
		Dwarf_Die next;

		/*
		 * A class defined inside this one is in its scope: said before
		 * the member of that type that follows converts it.
		 */
		if (u->cplusplus && name && (ctag == DW_TAG_structure_type ||
		    ctag == DW_TAG_class_type || ctag == DW_TAG_union_type))
			cl_map_put(&u->scopes, dw_die_key(u, c), (void *)name);
		if (ctag == DW_TAG_member || ctag == DW_TAG_inheritance) {
			convert_member(u, c, ctag, &ms, depth);
		} else if (ctag == DW_TAG_LLVM_annotation) {
			struct dw_attrs ta;

			dw_read_attrs(u, c, &ta);
			if (ta.name && !strcmp(ta.name, "btf_decl_tag") && ta.const_string &&
			    !strncmp(ta.const_string, tag_prefix, strlen(tag_prefix))) {
				struct record_tags rt = { &span, &suppress, &per_thread };

				record_tag(u, &rt, ta.const_string);
			}
		}
		next = dw_sibling(u, c);
		dw_die_free(u, c);
		c = next;
	}
	if (c)
		dw_die_free(u, c);
	if (ms.failed)
		goto out;
	if (u->cplusplus)
		vptr_first(&ms);
	rec = cl_record_new(&u->arena, tag == DW_TAG_union_type ? CL_UNION : CL_STRUCT, name,
			    ms.n);
	rec->size = a->byte_size;
	rec->span = span;
	rec->suppress = suppress;
	rec->per_thread = per_thread;
	finish_alignment(rec, &ms, a);
	for (size_t i = 0; i < ms.n; i++)
		rec->members[i] = ms.v[i].m;
	if (u->cplusplus && tag != DW_TAG_union_type)
		dw_class_finish(u, t, rec, ms.bases, ms.nbases);
out:
	return rec;
}

struct cl_record *dw_record_convert(struct dw_unit *u, struct dw_type *t, Dwarf_Die die,
				    const struct dw_attrs *attrs, unsigned depth)
{
	const struct dw_attrs a = *attrs;
	Dwarf_Half tag = t->tag;
	struct cl_record *rec;

	if ((a.have & DWA_DECLARATION) || !(a.have & DWA_BYTE_SIZE))
		return NULL;
	u->fe->stats.record_dies++;
	if (depth > CL_NESTING_MAX) {
		u->fe->stats.unconvertible++;
		return NULL;
	}
	rec = build(u, t, die, tag, &a, depth);
	if (!rec) {
		u->fe->stats.unconvertible++;
		return NULL;
	}
	t->record = rec;
	*(struct dw_type **)cl_vec_push(&u->converted, &u->nconverted, &u->converted_cap) = t;
	return rec;
}

/* ------------------------------------------------------------------ */
/* __per_thread arrays                                                  */

static void variable_tag(struct dw_unit *u, void *arg, const char *tag)
{
	(void)u;
	if (!strcmp(tag + strlen(tag_prefix), "per_thread"))
		*(bool *)arg = true;
}

/* The DIE of the type @k names through typedefs and qualifiers, or NULL. */
static Dwarf_Die peel_aliases(struct dw_unit *u, dw_key k)
{
	for (unsigned depth = 0; depth < CL_NESTING_MAX; depth++) {
		Dwarf_Die die = dw_die_at(u, k);
		struct dw_attrs a;

		if (!die || !dw_tag_is_alias(dw_tag(u, die)))
			return die;
		dw_read_attrs(u, die, &a);
		dw_die_free(u, die);
		if (!(a.have & DWA_TYPE))
			return NULL;
		k = a.type;
	}
	return NULL;
}

/* The count of an array's first dimension, 0 when it has none. */
static uint64_t first_count(struct dw_unit *u, Dwarf_Die array)
{
	uint64_t count = 0;
	Dwarf_Die c;

	for (c = dw_child(u, array); c;) {
		Dwarf_Die next;

		if (dw_tag(u, c) == DW_TAG_subrange_type) {
			struct dw_attrs s;

			dw_read_attrs(u, c, &s);
			if (s.have & DWA_COUNT)
				count = s.count;
			else if ((s.have & DWA_UPPER_BOUND) && !(s.have & DWA_BAD_BOUND) &&
				 s.upper_bound >= ((s.have & DWA_LOWER_BOUND) ? s.lower_bound : 0))
				count = (uint64_t)(s.upper_bound - ((s.have & DWA_LOWER_BOUND) ?
								    s.lower_bound : 0)) + 1;
			dw_die_free(u, c);
			return count;
		}
		next = dw_sibling(u, c);
		dw_die_free(u, c);
		c = next;
	}
	return 0;
}

/*
 * The element of the array type at @k: count of the first dimension, the
 * element's size and, for a one-dimensional array of records, its record.
 */
static bool array_shape(struct dw_unit *u, dw_key k, struct cl_variable *v)
{
	Dwarf_Die die = peel_aliases(u, k);
	struct dw_type *t = dw_type_layout(u, k, 0), *elem;
	struct dw_attrs a;
	bool one_dim;

	if (!die)
		return false;
	if (dw_tag(u, die) != DW_TAG_array_type || t->kind != DWK_ARRAY || t->flexible) {
		dw_die_free(u, die);
		return false;
	}
	dw_read_attrs(u, die, &a);
	v->nelems = first_count(u, die);
	dw_die_free(u, die);
	if (!v->nelems || !t->size || !(a.have & DWA_TYPE))
		return false;
	elem = dw_type_layout(u, a.type, 0);
	v->elem_size = t->size / v->nelems;
	v->align = t->align;
	v->elem_align = t->align;
	one_dim = v->elem_size == elem->size;
	if (one_dim && elem->kind == DWK_RECORD)
		v->elem = elem->record;
	return true;
}

/*
 * A scalar the profile names (`static long g_ops;`): one element of its
 * own size, as the plugin and the lint have it.  A record-typed variable's
 * evidence is its struct's members.
 */
static bool scalar_shape(struct dw_unit *u, dw_key k, struct cl_variable *v)
{
	struct dw_type *t = dw_type_layout(u, k, 0);

	if (t->kind != DWK_SCALAR || !t->size)
		return false;
	v->nelems = 1;
	v->elem_size = t->size;
	v->align = t->align;
	v->elem_align = t->align;
	return true;
}

/*
 * Bytes per element of the array type at @k: of its first dimension, or of
 * the element type where the array has no count (a zero-length or
 * flexible member); 0 when it is none.
 */
static uint64_t element_size(struct dw_unit *u, dw_key k)
{
	struct cl_variable v;
	struct dw_attrs a;
	Dwarf_Die die;

	memset(&v, 0, sizeof(v));
	if (array_shape(u, k, &v))
		return v.elem_size;
	die = peel_aliases(u, k);
	if (!die)
		return 0;
	dw_read_attrs(u, die, &a);
	dw_die_free(u, die);
	return (a.have & DWA_TYPE) ? dw_type_layout(u, a.type, 0)->size : 0;
}

/* Whether the type at @k is an array (through typedefs and qualifiers). */
static bool is_array_type(struct dw_unit *u, dw_key k)
{
	Dwarf_Die die = peel_aliases(u, k);
	bool yes = die && dw_tag(u, die) == DW_TAG_array_type;

	if (die)
		dw_die_free(u, die);
	return yes;
}

/*
 * __per_thread on a function, a parameter or a typedef: the plugin's error,
 * in its words.  An abstract instance's copies (DW_AT_abstract_origin, no
 * name of their own) are not read again.
 */
static void misplaced_per_thread(struct dw_unit *u, const struct dw_attrs *a, Dwarf_Half tag,
				 bool per_thread)
{
	struct cl_span span;

	if (!per_thread || !a->name)
		return;
	dw_span(u, a, &span);
	annotation_error(u, &span,
			 tag == DW_TAG_subprogram ?
			 "cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to function '%s'%s" :
			 tag == DW_TAG_formal_parameter ?
			 "cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to parameter '%s'%s" :
			 "cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to typedef '%s'%s",
			 a->name, "");
}

/*
 * A definition of a variable declared before (`extern pthread_mutex_t
 * lru_locks[];` in a header, then its definition in items.c) is a DIE
 * with DW_AT_specification and no name or type of its own: they are the
 * declaration's.  Its place stays the definition's where it has one (GCC
 * writes only the line when the file is the declaration's).
 */
static void from_declaration(struct dw_unit *u, struct dw_attrs *a)
{
	Dwarf_Die die;
	struct dw_attrs d;

	if (!(a->have & DWA_SPECIFICATION) || (a->name && (a->have & DWA_TYPE)))
		return;
	die = dw_die_at(u, a->specification);
	if (!die)
		return;
	dw_read_attrs(u, die, &d);
	dw_die_free(u, die);
	if (!a->name && d.name) {
		a->name = d.name;
		a->have |= DWA_NAME;
	}
	if (!(a->have & DWA_TYPE) && (d.have & DWA_TYPE)) {
		a->type = d.type;
		a->have |= DWA_TYPE;
	}
	/* GCC gives the definition only what differs: a line, not the file */
	for (uint32_t bit = DWA_DECL_FILE; bit <= DWA_DECL_COLUMN; bit <<= 1) {
		if ((a->have & bit) || !(d.have & bit))
			continue;
		if (bit == DWA_DECL_FILE)
			a->decl_file = d.decl_file;
		else if (bit == DWA_DECL_LINE)
			a->decl_line = d.decl_line;
		else
			a->decl_column = d.decl_column;
		a->have |= bit;
	}
	if (!(a->have & DWA_ALIGNMENT) && (d.have & DWA_ALIGNMENT)) {
		a->alignment = d.alignment;
		a->have |= DWA_ALIGNMENT;
	}
}

bool dw_variable_read(struct dw_unit *u, dw_key k, struct cl_variable *v)
{
	const struct cl_profile *profile = u->fe->cfg.profile;
	Dwarf_Die die = dw_die_at(u, k);
	bool per_thread = false;
	struct dw_attrs a;
	Dwarf_Half tag;

	if (!die)
		return false;
	dw_read_attrs(u, die, &a);
	for_each_tag(u, die, variable_tag, &per_thread);
	tag = dw_tag(u, die);
	dw_die_free(u, die);
	if (tag != DW_TAG_variable) {
		misplaced_per_thread(u, &a, tag, per_thread);
		return false;
	}
	/* a declaration (extern) has no storage: its definition is checked */
	if (!(a.have & DWA_DECLARATION))
		from_declaration(u, &a);
	if (!a.name || (a.have & DWA_DECLARATION) || !(a.have & DWA_TYPE))
		return false;
	/* or one the runtime's evidence names (a profile's objects: variables:) */
	if (!per_thread && !cl_profile_names_variable(profile, a.name))
		return false;
	memset(v, 0, sizeof(*v));
	v->name = a.name;
	dw_span(u, &a, &v->span);
	if (!array_shape(u, a.type, v) && !(!per_thread && scalar_shape(u, a.type, v))) {
		/* an array of no elements (long z[0]): none to share lines */
		if (!per_thread || is_array_type(u, a.type))
			return false;
		annotation_error(u, &v->span,
				 "cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to variable '%s'%s",
				 a.name, "");
		return false;
	}
	/* DW_AT_alignment: an aligned() on the variable (GCC raises, never lowers) */
	if ((a.have & DWA_ALIGNMENT) && a.alignment > v->align)
		v->align = (uint32_t)a.alignment;
	v->per_thread = per_thread;
	return true;
}
