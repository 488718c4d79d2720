// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_types.c - the size and alignment of a member's type, and its C
 * spelling for layout views
 *
 * DWARF gives sizes but rarely alignments (DW_AT_alignment only where the
 * source asked for one), so alignment is derived the way the x86-64 System
 * V ABI lays types out:
 *   - scalars are aligned to their size (a power of two, at most 16):
 *     long double and __int128 16, pointers 8; complex numbers to the size
 *     of one part (_Complex double: 8);
 *   - arrays to their element; GNU vectors to their size;
 *   - records to their own alignment (dwarf_records.c);
 *   - _Atomic T of a power-of-two size up to 16 to that size;
 *   - an explicit DW_AT_alignment on the type or a typedef wins.
 * Pointers carry no byte size in clang's output: the unit's address size.
 * An i386 object (-m32) follows the i386 System V ABI instead: no scalar is
 * aligned to more than 4 in a struct (long long, double, long double), so
 * struct { int a; long long b; } has b at 4 and is not packed.  DWARF does
 * not say the machine: it is read from the ELF header when the unit's
 * address size is 4 (ARM's EABI, also 4, aligns long long to 8).
 */
#include "dwarf_internal.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define ELF_EM_386 3
#define ELF_EM_IAMCU 6

struct dw_type *dw_type_get(struct dw_unit *u, dw_key k)
{
	struct dw_type *t = cl_map_get(&u->types, k);

	if (!t) {
		t = cl_arena_alloc(&u->arena, sizeof(*t));
		t->key = k;
		cl_map_put(&u->types, k, t);
	}
	return t;
}

static uint32_t pow2_floor(uint64_t v)
{
	uint32_t p = 1;

	while ((uint64_t)p * 2 <= v && p < (1u << 30))
		p *= 2;
	return p;
}

static uint32_t scalar_align(uint64_t size, uint64_t encoding)
{
	if (!size)
		return 1;
	if (encoding == DW_ATE_complex_float && size >= 2)
		size /= 2;
	if (size > 16)
		size = 16;
	return pow2_floor(size);
}

/* e_machine of the ELF file @path (0 if it cannot be read). */
static unsigned elf_machine(const char *path)
{
	unsigned char h[20];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : pread(fd, h, sizeof(h), 0);

	if (fd >= 0)
		close(fd);
	if (n != (ssize_t)sizeof(h) || memcmp(h, "\177ELF", 4))
		return 0;
	return h[5] == 2 ? (unsigned)h[18] << 8 | h[19] : (unsigned)h[19] << 8 | h[18];
}

static bool is_i386(struct dw_unit *u)
{
	if (!u->i386) {
		unsigned m = u->addr_size == 4 ? elf_machine(u->path) : 0;

		u->i386 = m == ELF_EM_386 || m == ELF_EM_IAMCU ? 1 : -1;
	}
	return u->i386 > 0;
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

static void set_unknown(struct dw_type *t)
{
	t->kind = DWK_UNKNOWN;
	t->size = 0;
	t->align = 1;
}

/* Typedefs and qualifiers: the type they name, maybe realigned. */
static void layout_alias(struct dw_unit *u, struct dw_type *t, const struct dw_attrs *a,
			 unsigned depth)
{
	struct dw_type *base;

	if (!(a->have & DWA_TYPE)) {
		/* const void, or a typedef of void */
		t->kind = DWK_VOID;
		t->size = 0;
		t->align = 1;
		return;
	}
	base = dw_type_layout(u, a->type, depth + 1);
	t->kind = base->kind;
	t->size = base->size;
	t->align = base->align;
	t->user_align = base->user_align;
	t->flexible = base->flexible;
	t->record = base->record;
	t->cls = base->cls;
	if (t->tag == DW_TAG_atomic_type && t->size <= 16 && is_pow2(t->size) &&
	    t->align < t->size)
		t->align = (uint32_t)t->size;
	if ((a->have & DWA_ALIGNMENT) && is_pow2(a->alignment) && a->alignment <= (1u << 28)) {
		t->align = (uint32_t)a->alignment;
		t->user_align = true;
	}
}

static void layout_pointer(struct dw_unit *u, struct dw_type *t, const struct dw_attrs *a)
{
	t->kind = DWK_SCALAR;
	if (a->have & DWA_BYTE_SIZE)
		t->size = a->byte_size;
	else if (t->tag == DW_TAG_ptr_to_member_type)
		t->size = 2ull * u->addr_size;	/* the larger, pointer to member function */
	else
		t->size = u->addr_size;
	t->align = scalar_align(t->size > u->addr_size ? u->addr_size : t->size, 0);
}

/*
 * Arrays: the product of the subranges' counts.  A first dimension without
 * a count or bound is a flexible array (`x[]`): size 0, flexible.  GNU
 * `x[0]` has a count of 0 (or an upper bound of -1) and is not flexible.
 */
static void layout_array(struct dw_unit *u, struct dw_type *t, Dwarf_Die die,
			 const struct dw_attrs *a, unsigned depth)
{
	struct dw_type *elem;
	uint64_t n = 1;
	unsigned dims = 0;
	bool flexible = false, bad = false;
	Dwarf_Die c;

	if (!(a->have & DWA_TYPE)) {
		set_unknown(t);
		return;
	}
	elem = dw_type_layout(u, a->type, depth + 1);
	for (c = dw_child(u, die); c;) {
		Dwarf_Die next;

		if (dw_tag(u, c) == DW_TAG_subrange_type) {
			struct dw_attrs s;
			uint64_t count = 0;

			dw_read_attrs(u, c, &s);
			if (s.have & DWA_BAD_BOUND)
				bad = true;
			else if (s.have & DWA_COUNT)
				count = s.count;
			else if (s.have & DWA_UPPER_BOUND) {
				int64_t lo = (s.have & DWA_LOWER_BOUND) ? s.lower_bound : 0;

				count = s.upper_bound >= lo ? (uint64_t)(s.upper_bound - lo) + 1 : 0;
			} else if (dims == 0) {
				flexible = true;
			} else {
				bad = true;
			}
			if (count && n > UINT64_MAX / 8 / count)
				bad = true;
			else
				n *= count;
			dims++;
		}
		next = dw_sibling(u, c);
		dw_die_free(u, c);
		c = next;
	}
	if (bad || elem->kind == DWK_UNKNOWN || elem->kind == DWK_VOID ||
	    elem->kind == DWK_FUNCTION || (elem->size && n > UINT64_MAX / 8 / elem->size)) {
		set_unknown(t);
		return;
	}
	t->kind = DWK_ARRAY;
	t->size = flexible ? 0 : n * elem->size;
	t->flexible = flexible;
	t->align = elem->align;
	if ((a->have & DWA_VECTOR) && is_pow2(t->size) && t->size > t->align)
		t->align = t->size > 64 ? 64 : (uint32_t)t->size;
}

/* A qualified type: the type it names, with its layout, and a qualifier. */
static bool tag_is_qualifier(uint16_t tag)
{
	switch (tag) {
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
	case DW_TAG_immutable_type:
	case DW_TAG_shared_type:
	case DW_TAG_packed_type:
		return true;
	default:
		return false;
	}
}

bool dw_tag_is_alias(uint16_t tag)
{
	return tag == DW_TAG_typedef || tag_is_qualifier(tag);
}

static void layout_die(struct dw_unit *u, struct dw_type *t, Dwarf_Die die, unsigned depth)
{
	struct dw_attrs a;

	dw_read_attrs(u, die, &a);
	switch (t->tag) {
	case DW_TAG_base_type:
	case DW_TAG_enumeration_type:
	case DW_TAG_unspecified_type:
		if (!(a.have & DWA_BYTE_SIZE) || (a.have & DWA_DECLARATION)) {
			set_unknown(t);
			break;
		}
		t->kind = DWK_SCALAR;
		t->size = a.byte_size;
		t->align = scalar_align(a.byte_size, a.encoding);
		if (t->align > 4 && is_i386(u))
			t->align = 4;
		break;
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type:
		layout_pointer(u, t, &a);
		break;
	case DW_TAG_array_type:
		layout_array(u, t, die, &a, depth);
		break;
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_class_type:
		t->record = u->fe->record_convert(u, t, die, &a, depth + 1);
		if (!t->record) {
			set_unknown(t);
			break;
		}
		t->kind = DWK_RECORD;
		t->size = t->record->size;
		t->align = t->record->align;
		break;
	case DW_TAG_subroutine_type:
		t->kind = DWK_FUNCTION;
		t->size = 0;
		t->align = 1;
		break;
	default:
		if (dw_tag_is_alias(t->tag))
			layout_alias(u, t, &a, depth);
		else
			set_unknown(t);
		break;
	}
	if (t->align == 0)
		t->align = 1;
}

/*
 * The layout of the type @k: size, alignment, record.  Cycles (a typedef of
 * itself in corrupt input) and chains deeper than CL_NESTING_MAX have none.
 */
static struct dw_type *layout(struct dw_unit *u, dw_key k, Dwarf_Die given, unsigned depth)
{
	static const struct dw_type unknown = { .kind = DWK_UNKNOWN, .align = 1 };
	struct dw_type *t = dw_type_get(u, k);
	Dwarf_Die die;

	if (t->state == 2)
		return t;
	if (t->state == 1 || depth > CL_NESTING_MAX)
		return (struct dw_type *)&unknown;
	t->state = 1;
	die = given ? given : dw_die_at(u, k);
	t->tag = dw_tag(u, die);
	layout_die(u, t, die, depth);
	if (!given)
		dw_die_free(u, die);
	t->state = 2;
	return t;
}

struct dw_type *dw_type_layout(struct dw_unit *u, dw_key k, unsigned depth)
{
	return layout(u, k, NULL, depth);
}

struct dw_type *dw_type_layout_die(struct dw_unit *u, dw_key k, Dwarf_Die die)
{
	return layout(u, k, die, 0);
}

/* ------------------------------------------------------------------ */
/* Spelling: "prefix NAME suffix", as a declaration reads.              */

static const char *cat(struct dw_unit *u, const char *a, const char *b)
{
	return cl_arena_printf(&u->arena, "%s%s", a, b);
}

static bool ends_with_star(const char *s)
{
	size_t n = strlen(s);

	return n && s[n - 1] == '*';
}

static void spell_params(struct dw_unit *u, Dwarf_Die die, const struct dw_attrs *a,
			 char **out, unsigned depth)
{
	const char *s = "";
	bool first = true;
	Dwarf_Die c;

	for (c = dw_child(u, die); c;) {
		Dwarf_Half tag = dw_tag(u, c);
		Dwarf_Die next;

		if (tag == DW_TAG_formal_parameter || tag == DW_TAG_unspecified_parameters) {
			const char *p = "...";

			if (tag == DW_TAG_formal_parameter) {
				struct dw_attrs pa;

				dw_read_attrs(u, c, &pa);
				p = "?";
				if (pa.have & DWA_TYPE) {
					struct dw_type *pt = dw_type_get(u, pa.type);

					dw_type_spell(u, pt, depth + 1);
					p = dw_type_name(u, pt);
				}
			}
			s = cl_arena_printf(&u->arena, "%s%s%s", s, first ? "" : ", ", p);
			first = false;
		}
		next = dw_sibling(u, c);
		dw_die_free(u, c);
		c = next;
	}
	if (first && (a->have & DWA_PROTOTYPED))
		s = "void";
	*out = (char *)s;
}

static const char *record_keyword(Dwarf_Half tag)
{
	switch (tag) {
	case DW_TAG_union_type:
		return "union";
	case DW_TAG_enumeration_type:
		return "enum";
	case DW_TAG_class_type:
		return "class";
	default:
		return "struct";
	}
}

static void spell_qualified(struct dw_unit *u, struct dw_type *t, const struct dw_attrs *a,
			    unsigned depth)
{
	const char *q;
	struct dw_type *base;

	switch (t->tag) {
	case DW_TAG_const_type:
		q = "const";
		break;
	case DW_TAG_volatile_type:
		q = "volatile";
		break;
	case DW_TAG_restrict_type:
		q = "restrict";
		break;
	case DW_TAG_atomic_type:
		q = "_Atomic";
		break;
	default:
		q = "";
		break;
	}
	if (!(a->have & DWA_TYPE)) {
		t->prefix = cl_arena_printf(&u->arena, "%s%svoid", q, *q ? " " : "");
		t->suffix = "";
		return;
	}
	base = dw_type_get(u, a->type);
	dw_type_spell(u, base, depth + 1);
	if (!*q) {
		t->prefix = base->prefix;
		t->suffix = base->suffix;
	} else if (ends_with_star(base->prefix)) {
		/* char *const p */
		t->prefix = cl_arena_printf(&u->arena, "%s %s", base->prefix, q);
		t->suffix = base->suffix;
	} else {
		t->prefix = cl_arena_printf(&u->arena, "%s %s", q, base->prefix);
		t->suffix = base->suffix;
	}
}

static void spell_pointer(struct dw_unit *u, struct dw_type *t, const struct dw_attrs *a,
			  unsigned depth)
{
	const char *star = t->tag == DW_TAG_reference_type ? "&" :
			   t->tag == DW_TAG_rvalue_reference_type ? "&&" : "*";
	struct dw_type *base;

	if (!(a->have & DWA_TYPE)) {
		t->prefix = cl_arena_printf(&u->arena, "void %s", star);
		t->suffix = "";
		return;
	}
	base = dw_type_get(u, a->type);
	dw_type_spell(u, base, depth + 1);
	if (*base->suffix) {
		/* pointer to array or function: void (*NAME)(int) */
		t->prefix = cl_arena_printf(&u->arena, "%s (%s", base->prefix, star);
		t->suffix = cat(u, ")", base->suffix);
	} else if (ends_with_star(base->prefix)) {
		t->prefix = cat(u, base->prefix, star);
		t->suffix = "";
	} else {
		t->prefix = cl_arena_printf(&u->arena, "%s %s", base->prefix, star);
		t->suffix = "";
	}
}

static void spell_array(struct dw_unit *u, struct dw_type *t, Dwarf_Die die,
			const struct dw_attrs *a, unsigned depth)
{
	const char *dims = "";
	struct dw_type *elem;
	Dwarf_Die c;

	for (c = dw_child(u, die); c;) {
		Dwarf_Die next;

		if (dw_tag(u, c) == DW_TAG_subrange_type) {
			struct dw_attrs s;

			dw_read_attrs(u, c, &s);
			if (s.have & DWA_COUNT)
				dims = cl_arena_printf(&u->arena, "%s[%llu]", dims,
						       (unsigned long long)s.count);
			else if (s.have & DWA_UPPER_BOUND)
				dims = cl_arena_printf(&u->arena, "%s[%lld]", dims,
						       (long long)(s.upper_bound + 1 -
								   ((s.have & DWA_LOWER_BOUND) ?
								    s.lower_bound : 0)));
			else
				dims = cat(u, dims, "[]");
		}
		next = dw_sibling(u, c);
		dw_die_free(u, c);
		c = next;
	}
	if (!(a->have & DWA_TYPE)) {
		t->prefix = "?";
		t->suffix = dims;
		return;
	}
	elem = dw_type_get(u, a->type);
	dw_type_spell(u, elem, depth + 1);
	t->prefix = elem->prefix;
	t->suffix = cat(u, dims, elem->suffix);
}

static void spell_die(struct dw_unit *u, struct dw_type *t, Dwarf_Die die, unsigned depth)
{
	struct dw_attrs a;
	char *params = NULL;

	dw_read_attrs(u, die, &a);
	t->suffix = "";
	switch (t->tag) {
	case DW_TAG_base_type:
	case DW_TAG_typedef:
	case DW_TAG_unspecified_type:
		t->prefix = a.name ? cl_arena_strdup(&u->arena, a.name) : "?";
		break;
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_class_type:
	case DW_TAG_enumeration_type:
		t->prefix = cl_arena_printf(&u->arena, "%s %s", record_keyword(t->tag),
					    a.name ? a.name : "{...}");
		break;
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type:
		spell_pointer(u, t, &a, depth);
		break;
	case DW_TAG_array_type:
		spell_array(u, t, die, &a, depth);
		break;
	case DW_TAG_subroutine_type: {
		struct dw_type *ret = NULL;

		spell_params(u, die, &a, &params, depth);
		if (a.have & DWA_TYPE) {
			ret = dw_type_get(u, a.type);
			dw_type_spell(u, ret, depth + 1);
		}
		t->prefix = ret ? ret->prefix : "void";
		t->suffix = cl_arena_printf(&u->arena, "(%s)%s", params, ret ? ret->suffix : "");
		break;
	}
	default:
		if (tag_is_qualifier(t->tag))
			spell_qualified(u, t, &a, depth);
		else
			t->prefix = "?";
		break;
	}
}

void dw_type_spell(struct dw_unit *u, struct dw_type *t, unsigned depth)
{
	Dwarf_Die die;

	if (t->spell_state == 2)
		return;
	if (t->spell_state == 1 || depth > CL_NESTING_MAX) {
		/* only corrupt input spells itself */
		if (!t->prefix) {
			t->prefix = "?";
			t->suffix = "";
		}
		return;
	}
	t->spell_state = 1;
	die = dw_die_at(u, t->key);
	t->tag = dw_tag(u, die);
	spell_die(u, t, die, depth);
	dw_die_free(u, die);
	t->spell_state = 2;
}

const char *dw_type_name(struct dw_unit *u, struct dw_type *t)
{
	return *t->suffix ? cat(u, t->prefix, t->suffix) : t->prefix;
}
