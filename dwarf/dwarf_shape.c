// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_shape.c - structural keys: a struct DIE already seen in another
 * unit is recognised before libdwarf decodes a single member of it
 *
 * A binary repeats its headers' types in every compile unit (92,000 struct
 * DIEs for 1,514 layouts in a 40-unit kernel-like binary).  The key of a
 * type DIE is a 128-bit hash of everything that decides what the front end
 * makes of it: its tag, every attribute (form and value; strings by their
 * text or their place in the string section, DW_AT_decl_file by the file's
 * name) except DW_AT_sibling, its
 * children, and in place of each DW_AT_type reference the key of the type
 * it names, recursively.  A record without a name of its own also hashes
 * the typedef name the unit gives it.  Pointers do not look at what they
 * point to (their layout is their own), which also ends the recursion of
 * self-referencing structs.  Equal keys thus mean equal DIE trees up to
 * where they sit, so equal records, equal annotations and equal errors:
 * two different layouts never share a key (short of a 128-bit collision).
 *
 * Anything the key cannot follow -- a reference other than DW_AT_type, one
 * into another unit or a type unit, a cycle without a pointer (C++ member
 * functions returning their class), a form it does not know -- fails the
 * key, and the DIE is converted through libdwarf as if there were no keys.
 *
 * A key also says whether the type is relevant: whether a btf_decl_tag
 * annotation or a record the profile names is in it or in a type it
 * reaches.  Without --dump-layout a struct that nothing reaches has no
 * classes, so nothing to analyse, and is not converted at all.
 */
#include "dwarf_internal.h"

#include <stdlib.h>
#include <string.h>

#include "profile/access_profile.h"
#include "model/kernel_groups.h"

/* ------------------------------------------------------------------ */
/* 128-bit hashing: two independent 64-bit lanes                        */

struct hasher {
	uint64_t a, b;
};

static uint64_t rotl(uint64_t v, unsigned n)
{
	return v << n | v >> (64 - n);
}

static void mix(struct hasher *h, uint64_t v)
{
	h->a = rotl((h->a ^ v) * 0x9e3779b97f4a7c15ULL, 29);
	h->b = (h->b + v) * 0xc2b2ae3d27d4eb4fULL;
	h->b ^= h->b >> 31;
}

static void mix_bytes(struct hasher *h, const unsigned char *p, uint64_t n)
{
	mix(h, n);
	for (; n >= 8; p += 8, n -= 8) {
		uint64_t w;

		memcpy(&w, p, 8);
		mix(h, w);
	}
	if (n) {
		uint64_t w = 0;

		memcpy(&w, p, n);
		mix(h, w);
	}
}

static uint64_t finish(uint64_t v)
{
	v ^= v >> 33;
	v *= 0xff51afd7ed558ccdULL;
	v ^= v >> 33;
	v *= 0xc4ceb9fe1a85ec53ULL;
	return v ^ (v >> 33);
}

/* ------------------------------------------------------------------ */
/* the keys                                                             */

enum { SHAPE_BUSY = 1, SHAPE_DONE, SHAPE_FAILED };

static bool is_pointer(uint16_t tag)
{
	return tag == DW_TAG_pointer_type || tag == DW_TAG_reference_type ||
	       tag == DW_TAG_rvalue_reference_type || tag == DW_TAG_ptr_to_member_type;
}

static bool is_record(uint16_t tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_class_type;
}

static bool profile_names(const struct dw_unit *u, const char *name)
{
	const struct cl_profile *p = u->fe->cfg.profile;

	return cl_profile_names(p, name);
}

static const struct dw_shape *shape_at(struct dw_unit *u, uint64_t off, unsigned depth);

/* ------------------------------------------------------------------ */
/* file names: by their text, read from the line table in place         */

enum { FILES_LOADED = 1, FILES_FAILED };

static uint64_t hash_string(struct hasher *h, const char *s)
{
	if (!s) {
		mix(h, 0);
		return 0;
	}
	mix_bytes(h, (const unsigned char *)s, strlen(s));
	return 1;
}

/*
 * What stands for each file of the unit's line table: a hash of the text
 * that libdwarf's dwarf_srcfiles() makes the name from (the entry's name,
 * its directory's, the unit's DW_AT_comp_dir), so that one file has one
 * value in every unit, without libdwarf (the keys are made in worker
 * threads, dwarf_frontend.c).  A table libdwarf would not read
 * (dw_raw_line_header_ok()) has no files, as there.
 */
static void load_file_keys(struct dw_unit *u)
{
	const char *comp_dir = NULL;
	struct dw_raw_file *files;
	struct dw_raw_die d;
	uint64_t off = 0;
	bool has_list = false;
	size_t n;

	u->files_state = FILES_FAILED;
	if (dw_raw_die_read(&u->raw, u->raw.die_off, &d))
		return;
	for (unsigned i = 0; i < d.n; i++) {
		const struct dw_raw_value *v = &d.v[i];

		if (v->at == DW_AT_stmt_list) {
			/* what dwarf_global_formref() takes as a section offset */
			if (v->form != DW_FORM_sec_offset)
				return;
			off = v->u;
			has_list = true;
		} else if (v->at == DW_AT_comp_dir && v->cls == DWR_STRING) {
			comp_dir = (const char *)v->data;
		}
	}
	u->files_state = FILES_LOADED;
	if (!dw_raw_line_table(u->raw.raw, has_list, off, &off) ||
	    !dw_raw_line_header_ok(u->raw.raw, off))
		return;
	if (dw_raw_line_files(u->raw.raw, off, &files, &n)) {
		u->files_state = FILES_FAILED;
		return;
	}
	u->file_keys = cl_arena_alloc(&u->arena, (n + 1) * sizeof(*u->file_keys));
	u->nfile_keys = n;
	for (size_t i = 0; i < n; i++) {
		struct hasher h = { 0x66696c65, 0x6e616d65 };
		uint64_t have = hash_string(&h, files[i].name) << 2 |
				hash_string(&h, files[i].dir) << 1 | hash_string(&h, comp_dir);

		mix(&h, have);
		u->file_keys[i] = finish(h.a ^ rotl(h.b, 23)) | 1;
	}
	free(files);
}

/*
 * The value of DW_AT_decl_file @index: 0 where dw_file_name() has no name;
 * false when the line table cannot be read here (the key fails).
 */
static bool file_key(struct dw_unit *u, uint64_t index, uint64_t *out)
{
	int64_t i = u->version >= 5 ? (int64_t)index : (int64_t)index - 1;

	if (!u->files_state)
		load_file_keys(u);
	if (u->files_state == FILES_FAILED)
		return false;
	*out = i < 0 || (uint64_t)i >= u->nfile_keys || index > u->nfile_keys ? 0 :
	       u->file_keys[i];
	return true;
}

/* A static data member is a declaration: the conversion skips it. */
static bool is_static_member(const struct dw_raw_die *d)
{
	for (unsigned i = 0; i < d->n; i++)
		if ((d->v[i].at == DW_AT_declaration || d->v[i].at == DW_AT_external) &&
		    d->v[i].cls == DWR_FLAG && d->v[i].u)
			return true;
	return false;
}

/* The record being hashed holds a member of the record type @record. */
static void add_embedder(struct dw_unit *u, dw_key record)
{
	struct dw_embedder *head = cl_map_get(&u->raw_embedded, record), *e;

	for (e = head; e; e = e->next)
		if (e->parent == u->hash_parent)
			return;
	e = cl_arena_alloc(&u->arena, sizeof(*e));
	e->parent = u->hash_parent;
	e->next = head;
	cl_map_put(&u->raw_embedded, record, e);
}

/*
 * One DW_AT_type reference of the DIE @d: the key of the type in place of
 * the offset.  A member's type that names a record marks the record
 * embedded, as the conversion would.
 */
static bool hash_type_ref(struct dw_unit *u, const struct dw_raw_die *d, uint64_t target,
			  struct hasher *h, struct dw_shape *s, bool *relevant, unsigned depth)
{
	const struct dw_shape *t = shape_at(u, target, depth + 1);

	if (!t)
		return false;
	mix(h, t->a);
	mix(h, t->b);
	*relevant |= t->relevant;
	if (s && dw_tag_is_alias(d->tag))
		s->record = t->record;
	if ((d->tag == DW_TAG_member || d->tag == DW_TAG_inheritance) && t->record &&
	    !is_static_member(d))
		add_embedder(u, t->record);
	return true;
}

/* The attributes that dwarf_attrs.c reads as signed numbers. */
static bool is_signed_attr(uint16_t at)
{
	return at == DW_AT_bit_offset || at == DW_AT_count || at == DW_AT_upper_bound ||
	       at == DW_AT_lower_bound;
}

/*
 * A constant as dwarf_attrs.c reads it, so that producers that pick
 * different forms for one value (gcc: data1 in one unit, implicit_const in
 * the next) give one key: unsigned forms are one value, and so are the
 * signed attributes, but for an all-ones data4, which stands for -1 (old
 * producers' bound of a zero-length array).  DW_FORM_sdata keeps its
 * form: a negative location is an error there.  Returns the word that
 * stands for the form.
 */
static uint64_t constant_value(const struct dw_raw_value *v, uint64_t *value)
{
	*value = v->u;
	if (v->form == DW_FORM_sdata)
		return v->form;
	if (is_signed_attr(v->at)) {
		if (v->form == DW_FORM_data4 && v->u == 0xffffffffu)
			*value = (uint64_t)(int64_t)-1;
		return 0x10001;
	}
	return 0x10000;
}

static bool hash_values(struct dw_unit *u, const struct dw_raw_die *d, struct hasher *h,
			struct dw_shape *s, bool *relevant, const char **name, unsigned depth)
{
	for (unsigned i = 0; i < d->n; i++) {
		const struct dw_raw_value *v = &d->v[i];
		uint64_t value;

		if (v->at == DW_AT_sibling)
			continue;
		if (v->cls == DWR_CONSTANT) {
			mix(h, (uint64_t)v->at << 32 | constant_value(v, &value));
			if (v->at == DW_AT_decl_file && !file_key(u, value, &value))
				return false;
			mix(h, value);
			continue;
		}
		mix(h, (uint64_t)v->at << 32 | (v->cls == DWR_FLAG ? 0x10002 : v->form));
		switch (v->cls) {
		case DWR_REF:
			/* a pointer's layout is its own, whatever it points to */
			if (is_pointer(d->tag))
				break;
			if (v->at != DW_AT_type ||
			    !hash_type_ref(u, d, v->u, h, s, relevant, depth))
				return false;
			break;
		case DWR_STRING:
			/* a string section holds each string once per offset */
			if (v->form == DW_FORM_string)
				mix_bytes(h, v->data, v->len);
			else
				mix(h, (uint64_t)(uintptr_t)v->data);
			if (v->at == DW_AT_name)
				*name = (const char *)v->data;
			break;
		case DWR_FLAG:
			mix(h, v->u);
			break;
		case DWR_BLOCK:
			mix_bytes(h, v->data, v->len);
			break;
		default:
			return false;
		}
	}
	return true;
}

static uint64_t hash_die(struct dw_unit *u, uint64_t off, struct hasher *h, struct dw_shape *s,
			 bool *relevant, unsigned depth, bool *null);

/* The children of a DIE, up to the null entry that ends them. */
static uint64_t hash_children(struct dw_unit *u, uint64_t off, struct hasher *h,
			      bool *relevant, unsigned depth)
{
	for (;;) {
		bool null = false;

		off = hash_die(u, off, h, NULL, relevant, depth, &null);
		if (!off || null)
			return off;
	}
}

/*
 * Hash the DIE at @off and its children into @h.  Returns the offset just
 * past them, or 0 when the key fails.  @s is the key being made when the
 * DIE is the type itself, NULL for its children.
 */
static uint64_t hash_die(struct dw_unit *u, uint64_t off, struct hasher *h, struct dw_shape *s,
			 bool *relevant, unsigned depth, bool *null)
{
	struct dw_raw_die d;
	const char *name = NULL;

	if (depth > CL_NESTING_MAX || dw_raw_die_read(&u->raw, off, &d))
		return 0;
	mix(h, d.tag | (uint64_t)d.children << 16 | (uint64_t)d.null << 17);
	if (d.null) {
		*null = true;
		return d.next;
	}
	if (!hash_values(u, &d, h, s, relevant, &name, depth))
		return 0;
	if (is_record(d.tag)) {
		dw_key k = dw_key_make(off, 1);

		if (!name) {
			/* the name name_typedefs() will give it */
			name = cl_map_get(&u->typedefs, k);
			mix(h, name ? (uint64_t)strlen(name) + 1 : 0);
			if (name)
				mix_bytes(h, (const unsigned char *)name, strlen(name));
		} else if (s) {
			s->named = true;
		}
		if (s)
			s->record = k;
		*relevant |= profile_names(u, name);
	}
	if (d.tag == DW_TAG_LLVM_annotation)
		*relevant = true;
	/* a member made by the kernel's __cacheline_group_begin/end() (core/model/kernel_groups.c) */
	if (d.tag == DW_TAG_member && name && !u->fe->cfg.no_groups &&
	    cl_groups_marker(name))
		*relevant = true;
	if (!d.children)
		return d.next;
	if (is_record(d.tag)) {
		dw_key outer = u->hash_parent;
		uint64_t end;

		u->hash_parent = dw_key_make(off, 1);
		end = hash_children(u, d.next, h, relevant, depth + 1);
		u->hash_parent = outer;
		return end;
	}
	return hash_children(u, d.next, h, relevant, depth + 1);
}

static const struct dw_shape *shape_at(struct dw_unit *u, uint64_t off, unsigned depth)
{
	dw_key k = dw_key_make(off, 1);
	struct dw_shape *s = cl_map_get(&u->shapes, k);
	struct hasher h = { u->seed, ~u->seed };
	bool relevant = false, null = false;

	if (s)
		return s->state == SHAPE_DONE ? s : NULL;
	s = cl_arena_alloc(&u->arena, sizeof(*s));
	s->state = SHAPE_BUSY;
	cl_map_put(&u->shapes, k, s);
	if (!hash_die(u, off, &h, s, &relevant, depth, &null) || null) {
		s->state = SHAPE_FAILED;
		return NULL;
	}
	s->a = finish(h.a);
	s->b = finish(h.b ^ rotl(h.a, 17));
	s->relevant = relevant;
	s->state = SHAPE_DONE;
	return s;
}

const struct dw_shape *dw_shape_of(struct dw_unit *u, dw_key k)
{
	if (!u->fast || !dw_key_is_info(k))
		return NULL;
	return shape_at(u, dw_key_off(k), 0);
}

const struct dw_shape *dw_shape_known(struct dw_unit *u, dw_key k)
{
	const struct dw_shape *s = cl_map_get(&u->shapes, k);

	return s && s->state == SHAPE_DONE ? s : NULL;
}

/* ------------------------------------------------------------------ */
/* keys already met in the run                                          */

/*
 * A set of 128-bit keys on top of the map: slot by the first half,
 * collisions of the first half probe the next value.
 */
static bool shape_set(struct dw_frontend *fe, struct cl_map *set, const struct dw_shape *s,
		      bool add)
{
	dw_key slot = s->a ? s->a : 1;
	const struct dw_shape *v;

	while ((v = cl_map_get(set, slot)) && (v->a != s->a || v->b != s->b))
		slot = slot + 1 ? slot + 1 : 1;
	if (v)
		return true;
	if (add) {
		struct dw_shape *copy = cl_arena_alloc(&fe->arena, sizeof(*copy));

		*copy = *s;
		cl_map_put(set, slot, copy);
	}
	return false;
}

bool dw_shape_seen(struct dw_frontend *fe, const struct dw_shape *s, bool add)
{
	return shape_set(fe, &fe->shapes_seen, s, add);
}

bool dw_shape_ok(struct dw_frontend *fe, const struct dw_shape *s, bool add)
{
	return shape_set(fe, &fe->shapes_ok, s, add);
}
