// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_attrs.c - one DIE's attributes, read in one pass, and DIE navigation
 *
 * dwarf_attrlist() hands out every attribute of a DIE at once, which costs
 * one abbreviation walk instead of one per dwarf_attr() call; the values the
 * front end needs are decoded by form here, so that the phases above never
 * see libdwarf forms.  Every call passes an error pointer.
 */
#include "dwarf_internal.h"
#include "model/names.h"

#include <stdlib.h>
#include <string.h>

static int64_t form_sdata(struct dw_unit *u, Dwarf_Attribute at);

/* DWARF 5's implicit constants (in the abbreviation) are signed. */
static uint64_t form_udata(struct dw_unit *u, Dwarf_Attribute at)
{
	Dwarf_Unsigned v = 0;
	Dwarf_Half form = 0;
	Dwarf_Error e = NULL;

	if (dwarf_whatform(at, &form, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading an attribute form", e);
	if (form == DW_FORM_implicit_const)
		return (uint64_t)form_sdata(u, at);
	if (dwarf_formudata(at, &v, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a constant", e);
	return v;
}

static int64_t form_sdata(struct dw_unit *u, Dwarf_Attribute at)
{
	Dwarf_Signed v = 0;
	Dwarf_Error e = NULL;

	if (dwarf_formsdata(at, &v, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a constant", e);
	return v;
}

static bool is_constant_form(Dwarf_Half form)
{
	switch (form) {
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
	case DW_FORM_udata:
	case DW_FORM_sdata:
	case DW_FORM_implicit_const:
		return true;
	default:
		return false;
	}
}

/*
 * A signed constant (bounds, counts, bit offsets).  The dataN forms carry
 * no sign: gcc writes the upper bound 255 of `char c[256]` as data1 0xff,
 * clang a count of 200 as data1 0xc8, so data1 and data2 are unsigned.
 * Old producers wrote a bound of -1 (zero-length arrays) as an all-ones
 * data4, which no real bound is.
 */
static int64_t form_signed(struct dw_unit *u, Dwarf_Attribute at, Dwarf_Half form)
{
	uint64_t v;

	if (form == DW_FORM_sdata || form == DW_FORM_implicit_const)
		return form_sdata(u, at);
	v = form_udata(u, at);
	if (form == DW_FORM_data4 && v == 0xffffffffu)
		return -1;
	return (int64_t)v;
}

static const char *form_string(struct dw_unit *u, Dwarf_Attribute at)
{
	char *s = NULL;
	Dwarf_Error e = NULL;

	if (dwarf_formstring(at, &s, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a string", e);
	return s;
}

/* A string that names something: escaped where it does not print (names.h). */
static const char *form_name(struct dw_unit *u, Dwarf_Attribute at)
{
	const char *s = form_string(u, at);

	return s ? cl_name_escape(&u->arena, s) : NULL;
}

static bool form_flag(struct dw_unit *u, Dwarf_Attribute at)
{
	Dwarf_Bool v = 0;
	Dwarf_Error e = NULL;

	if (dwarf_formflag(at, &v, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a flag", e);
	return v;
}

static dw_key form_ref(struct dw_unit *u, Dwarf_Attribute at, Dwarf_Half form)
{
	Dwarf_Error e = NULL;
	Dwarf_Off off = 0;
	int rc;

	if (form == DW_FORM_ref_sig8) {
		Dwarf_Sig8 sig;
		Dwarf_Die die = NULL;
		Dwarf_Bool is_info = 1;
		dw_key k;

		if (dwarf_formsig8(at, &sig, &e) == DW_DLV_ERROR)
			dw_fail_dwarf(u, "reading a type signature", e);
		rc = dwarf_find_die_given_sig8(u->dbg, &sig, &die, &is_info, &e);
		if (rc == DW_DLV_ERROR)
			dw_fail_dwarf(u, "finding a type unit", e);
		if (rc == DW_DLV_NO_ENTRY)
			dw_fail(u, "a type signature names no type unit");
		k = dw_die_key(u, die);
		dwarf_dealloc_die(die);
		return k;
	}
	rc = dwarf_global_formref(at, &off, &e);
	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a reference", e);
	if (rc == DW_DLV_NO_ENTRY)
		return 0;
	return dw_key_make(off, u->is_info);
}

/* DW_OP_plus_uconst N (DWARF 2 member locations), or DW_OP_constu N. */
static bool expr_offset(const unsigned char *p, Dwarf_Unsigned len, uint64_t *out)
{
	uint64_t v = 0;
	unsigned shift = 0;
	Dwarf_Unsigned i;

	if (len < 2 || (p[0] != DW_OP_plus_uconst && p[0] != DW_OP_constu))
		return false;
	for (i = 1; i < len && shift < 64; i++, shift += 7) {
		v |= (uint64_t)(p[i] & 0x7f) << shift;
		if (!(p[i] & 0x80)) {
			*out = v;
			return i + 1 == len;
		}
	}
	return false;
}

static void read_location(struct dw_unit *u, Dwarf_Attribute at, Dwarf_Half form,
			  struct dw_attrs *a)
{
	Dwarf_Error e = NULL;

	a->have |= DWA_LOCATION;
	if (form == DW_FORM_sdata) {
		int64_t v = form_sdata(u, at);

		if (v < 0)
			a->have |= DWA_BAD_LOCATION;
		a->location = (uint64_t)v;
		return;
	}
	if (is_constant_form(form)) {
		a->location = form_udata(u, at);
		return;
	}
	if (form == DW_FORM_exprloc) {
		Dwarf_Unsigned len = 0;
		Dwarf_Ptr p = NULL;

		if (dwarf_formexprloc(at, &len, &p, &e) == DW_DLV_ERROR)
			dw_fail_dwarf(u, "reading a member location", e);
		if (!expr_offset(p, len, &a->location))
			a->have |= DWA_BAD_LOCATION;
		return;
	}
	if (form == DW_FORM_block1 || form == DW_FORM_block2 || form == DW_FORM_block4 ||
	    form == DW_FORM_block) {
		Dwarf_Block *b = NULL;

		if (dwarf_formblock(at, &b, &e) == DW_DLV_ERROR)
			dw_fail_dwarf(u, "reading a member location", e);
		if (!expr_offset(b->bl_data, b->bl_len, &a->location))
			a->have |= DWA_BAD_LOCATION;
		dwarf_dealloc(u->dbg, b, DW_DLA_BLOCK);
		return;
	}
	a->have |= DWA_BAD_LOCATION;
}

/* A bound or count: a constant, or (VLA) an expression or a DIE. */
static bool read_bound(struct dw_unit *u, Dwarf_Attribute at, Dwarf_Half form, int64_t *out,
		       struct dw_attrs *a)
{
	if (!is_constant_form(form)) {
		a->have |= DWA_BAD_BOUND;
		return false;
	}
	*out = form_signed(u, at, form);
	return true;
}

static void read_one(struct dw_unit *u, Dwarf_Attribute at, struct dw_attrs *a)
{
	Dwarf_Half num = 0, form = 0;
	Dwarf_Error e = NULL;
	int64_t v;

	if (dwarf_whatattr(at, &num, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading an attribute", e);
	if (dwarf_whatform(at, &form, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading an attribute form", e);
	switch (num) {
	case DW_AT_name:
		/* a damaged .debug_str may hold anything: names print escaped */
		a->name = form_name(u, at);
		a->have |= a->name ? DWA_NAME : 0;
		break;
	case DW_AT_type:
		a->type = form_ref(u, at, form);
		a->have |= a->type ? DWA_TYPE : 0;
		break;
	case DW_AT_specification:
		a->specification = form_ref(u, at, form);
		a->have |= a->specification ? DWA_SPECIFICATION : 0;
		break;
	case DW_AT_byte_size:
		if (is_constant_form(form)) {
			a->byte_size = form_udata(u, at);
			a->have |= DWA_BYTE_SIZE;
		}
		break;
	case DW_AT_bit_size:
		if (is_constant_form(form)) {
			a->bit_size = form_udata(u, at);
			a->have |= DWA_BIT_SIZE;
		}
		break;
	case DW_AT_bit_offset:
		if (is_constant_form(form)) {
			a->bit_offset = form_signed(u, at, form);
			a->have |= DWA_BIT_OFFSET;
		}
		break;
	case DW_AT_data_bit_offset:
		if (is_constant_form(form)) {
			a->data_bit_offset = form_udata(u, at);
			a->have |= DWA_DATA_BIT_OFFSET;
		}
		break;
	case DW_AT_data_member_location:
		read_location(u, at, form, a);
		break;
	case DW_AT_alignment:
		if (is_constant_form(form)) {
			a->alignment = form_udata(u, at);
			a->have |= DWA_ALIGNMENT;
		}
		break;
	case DW_AT_decl_file:
		if (is_constant_form(form)) {
			a->decl_file = form_udata(u, at);
			a->have |= DWA_DECL_FILE;
		}
		break;
	case DW_AT_decl_line:
		if (is_constant_form(form)) {
			a->decl_line = form_udata(u, at);
			a->have |= DWA_DECL_LINE;
		}
		break;
	case DW_AT_decl_column:
		if (is_constant_form(form)) {
			a->decl_column = form_udata(u, at);
			a->have |= DWA_DECL_COLUMN;
		}
		break;
	case DW_AT_count:
		if (read_bound(u, at, form, &v, a)) {
			a->count = v < 0 ? 0 : (uint64_t)v;
			a->have |= DWA_COUNT;
		}
		break;
	case DW_AT_upper_bound:
		if (read_bound(u, at, form, &a->upper_bound, a))
			a->have |= DWA_UPPER_BOUND;
		break;
	case DW_AT_lower_bound:
		if (read_bound(u, at, form, &a->lower_bound, a))
			a->have |= DWA_LOWER_BOUND;
		break;
	case DW_AT_encoding:
		if (is_constant_form(form)) {
			a->encoding = form_udata(u, at);
			a->have |= DWA_ENCODING;
		}
		break;
	case DW_AT_const_value:
		if (form == DW_FORM_string || form == DW_FORM_strp || form == DW_FORM_strx ||
		    form == DW_FORM_strx1 || form == DW_FORM_strx2 || form == DW_FORM_strx3 ||
		    form == DW_FORM_strx4 || form == DW_FORM_line_strp ||
		    form == DW_FORM_GNU_strp_alt || form == DW_FORM_GNU_str_index) {
			a->const_string = form_name(u, at);
			a->have |= a->const_string ? DWA_CONST_STRING : 0;
		}
		break;
	case DW_AT_declaration:
		a->have |= form_flag(u, at) ? DWA_DECLARATION : 0;
		break;
	case DW_AT_artificial:
		a->have |= form_flag(u, at) ? DWA_ARTIFICIAL : 0;
		break;
	case DW_AT_external:
		a->have |= form_flag(u, at) ? DWA_EXTERNAL : 0;
		break;
	case DW_AT_prototyped:
		a->have |= form_flag(u, at) ? DWA_PROTOTYPED : 0;
		break;
	case DW_AT_virtuality:
		if (is_constant_form(form) && form_udata(u, at) != DW_VIRTUALITY_none)
			a->have |= DWA_VIRTUAL;
		break;
	case DW_AT_GNU_vector:
		a->have |= form_flag(u, at) ? DWA_VECTOR : 0;
		break;
	case DW_AT_dwo_name:
	case DW_AT_GNU_dwo_name:
		a->dwo_name = form_string(u, at);
		a->have |= DWA_DWO_NAME;
		break;
	default:
		break;
	}
}

void dw_read_attrs(struct dw_unit *u, Dwarf_Die die, struct dw_attrs *a)
{
	Dwarf_Attribute *list = NULL;
	Dwarf_Signed n = 0;
	Dwarf_Error e = NULL;
	int rc;

	memset(a, 0, sizeof(*a));
	rc = dwarf_attrlist(die, &list, &n, &e);
	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading attributes", e);
	if (rc == DW_DLV_NO_ENTRY)
		return;
	for (Dwarf_Signed i = 0; i < n; i++) {
		read_one(u, list[i], a);
		dwarf_dealloc_attribute(list[i]);
		list[i] = NULL;
	}
	dwarf_dealloc(u->dbg, list, DW_DLA_LIST);
}

Dwarf_Half dw_tag(struct dw_unit *u, Dwarf_Die die)
{
	Dwarf_Half tag = 0;
	Dwarf_Error e = NULL;

	if (dwarf_tag(die, &tag, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a tag", e);
	return tag;
}

dw_key dw_die_key(struct dw_unit *u, Dwarf_Die die)
{
	Dwarf_Off off = 0;
	Dwarf_Error e = NULL;

	if (dwarf_dieoffset(die, &off, &e) == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a DIE offset", e);
	return dw_key_make(off, dwarf_get_die_infotypes_flag(die));
}

Dwarf_Die dw_die_at(struct dw_unit *u, dw_key k)
{
	Dwarf_Die die = NULL;
	Dwarf_Error e = NULL;
	int rc = dwarf_offdie_b(u->dbg, dw_key_off(k), dw_key_is_info(k), &die, &e);

	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "following a type reference", e);
	if (rc == DW_DLV_NO_ENTRY)
		dw_fail(u, "a type reference points at no DIE (offset 0x%llx)",
			(unsigned long long)dw_key_off(k));
	return die;
}

bool dw_has_children(struct dw_unit *u, Dwarf_Die die)
{
	Dwarf_Half flag = 0;

	if (dwarf_die_abbrev_children_flag(die, &flag) != DW_DLV_OK)
		dw_fail(u, "a DIE with a bad abbreviation");
	return flag != 0;
}

Dwarf_Die dw_child(struct dw_unit *u, Dwarf_Die die)
{
	Dwarf_Die c = NULL;
	Dwarf_Error e = NULL;
	int rc;

	if (!dw_has_children(u, die))
		return NULL;
	rc = dwarf_child(die, &c, &e);
	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a DIE's children", e);
	return rc == DW_DLV_OK ? c : NULL;
}

/*
 * The next sibling of a DIE with children, from the unit read in place:
 * libdwarf would skip the children by following their DW_AT_sibling
 * attributes, forever if one points back (or into the middle of a DIE).
 * Returns false to leave it to libdwarf (no unit read in place), else true
 * with *@s the sibling or NULL.
 */
static bool sibling_in_place(struct dw_unit *u, Dwarf_Die die, Dwarf_Die *s)
{
	uint64_t off, next;

	*s = NULL;
	if (!u->has_raw || !dwarf_get_die_infotypes_flag(die) || !dw_has_children(u, die))
		return false;
	off = dw_key_off(dw_die_key(u, die));
	next = dw_raw_next_sibling(&u->raw, off);
	if (!next)
		dw_fail(u, "the children of the DIE at offset 0x%llx cannot be read",
			(unsigned long long)off);
	if (next < u->raw.end)
		*s = dw_die_at(u, dw_key_make(next, 1));
	return true;
}

Dwarf_Die dw_sibling(struct dw_unit *u, Dwarf_Die die)
{
	Dwarf_Die s = NULL;
	Dwarf_Error e = NULL;
	Dwarf_Bool is_info = die ? dwarf_get_die_infotypes_flag(die) : u->is_info;
	int rc;

	if (die && sibling_in_place(u, die, &s))
		return s;
	rc = dwarf_siblingof_b(u->dbg, die, is_info, &s, &e);
	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a DIE's sibling", e);
	if (rc != DW_DLV_OK)
		return NULL;
	/* a DW_AT_sibling that points back would make every walk endless */
	if (die && dw_key_off(dw_die_key(u, s)) <= dw_key_off(dw_die_key(u, die))) {
		Dwarf_Off off = dw_key_off(dw_die_key(u, die));

		dwarf_dealloc_die(s);
		dw_fail(u, "the DW_AT_sibling of the DIE at offset 0x%llx points back",
			(unsigned long long)off);
	}
	return s;
}

void dw_die_free(struct dw_unit *u, Dwarf_Die die)
{
	(void)u;
	if (die)
		dwarf_dealloc_die(die);
}

/*
 * Whether the unit's line table is one libdwarf can be given: its header
 * checked in place (dw_raw_line_header_ok()), or no line table at all.
 */
static bool line_table_sound(struct dw_unit *u, Dwarf_Die cu_die)
{
	Dwarf_Attribute at = NULL;
	Dwarf_Error e = NULL;
	Dwarf_Off off = 0;
	int rc = dwarf_attr(cu_die, DW_AT_stmt_list, &at, &e);

	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading the unit's line table offset", e);
	if (rc == DW_DLV_NO_ENTRY)
		return true;
	rc = dwarf_global_formref(at, &off, &e);
	dwarf_dealloc_attribute(at);
	if (rc == DW_DLV_ERROR) {
		dwarf_dealloc(u->dbg, e, DW_DLA_ERROR);
		return false;
	}
	return rc != DW_DLV_OK || dw_raw_line_header_ok(&u->fe->in.raw, off);
}

static void load_files(struct dw_unit *u, Dwarf_Die cu_die)
{
	Dwarf_Error e = NULL;
	int rc;

	u->files_loaded = true;
	rc = line_table_sound(u, cu_die) ? dwarf_srcfiles(cu_die, &u->files, &u->nfiles, &e) :
	     DW_DLV_NO_ENTRY;
	if (rc == DW_DLV_ERROR) {
		/* A unit without a usable line table still has layouts. */
		dwarf_dealloc(u->dbg, e, DW_DLA_ERROR);
		u->files = NULL;
		u->nfiles = 0;
	} else if (rc == DW_DLV_NO_ENTRY) {
		u->files = NULL;
		u->nfiles = 0;
	}
	if (u->nfiles > 0)
		u->file_names = cl_arena_alloc(&u->arena, (size_t)u->nfiles * sizeof(char *));
}

static const char *comp_dir_of(struct dw_unit *u, Dwarf_Die cu_die)
{
	Dwarf_Attribute at = NULL;
	Dwarf_Error e = NULL;
	char *s = NULL;
	int rc = dwarf_attr(cu_die, DW_AT_comp_dir, &at, &e);

	if (rc == DW_DLV_ERROR)
		dwarf_dealloc(u->dbg, e, DW_DLA_ERROR);
	if (rc != DW_DLV_OK)
		return NULL;
	rc = dwarf_formstring(at, &s, &e);
	if (rc == DW_DLV_ERROR)
		dwarf_dealloc(u->dbg, e, DW_DLA_ERROR);
	dwarf_dealloc_attribute(at);
	return rc == DW_DLV_OK ? s : NULL;
}

/*
 * A unit of a split-DWARF .dwo has no DW_AT_stmt_list, and libdwarf finds
 * no files for it: its DW_AT_decl_file values index the file list of
 * .debug_line.dwo (GCC writes one), read here in place.
 */
static void load_split_files(struct dw_unit *u, Dwarf_Die cu_die)
{
	const struct dw_raw *r = &u->fe->in.raw;
	const char *comp_dir;
	struct dw_raw_file *files;
	uint64_t off;
	size_t n;

	if (!dw_raw_line_table(r, false, 0, &off) || !dw_raw_line_header_ok(r, off) ||
	    dw_raw_line_files(r, off, &files, &n))
		return;
	comp_dir = comp_dir_of(u, cu_die);
	u->nfiles = (Dwarf_Signed)n;
	u->file_names = cl_arena_alloc(&u->arena, (n + 1) * sizeof(char *));
	for (size_t i = 0; i < n; i++)
		u->file_names[i] = dw_intern(u->fe, dw_raw_file_path(&u->arena, &files[i],
								       comp_dir));
	free(files);
}

/* The unit's DIE, for its line table: the root of the DIE's tree. */
static Dwarf_Die unit_die(struct dw_unit *u)
{
	Dwarf_Die die = NULL;
	Dwarf_Error e = NULL;
	int rc = dwarf_siblingof_b(u->dbg, NULL, u->is_info, &die, &e);

	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading the unit DIE", e);
	return rc == DW_DLV_OK ? die : NULL;
}

/*
 * DW_AT_decl_file indexes the line table's file list: from 1 in DWARF 2-4
 * (0 is "no file"), from 0 in DWARF 5, where libdwarf's list starts with
 * entry 0.
 */
const char *dw_file_name(struct dw_unit *u, uint64_t index)
{
	Dwarf_Signed i;

	if (!u->files_loaded) {
		Dwarf_Die cu = unit_die(u);

		if (cu) {
			load_files(u, cu);
			if (!u->nfiles && u->fe->in.raw.split)
				load_split_files(u, cu);
			dw_die_free(u, cu);
		} else {
			u->files_loaded = true;
		}
	}
	if (u->version >= 5)
		i = (Dwarf_Signed)index;
	else
		i = (Dwarf_Signed)index - 1;
	if (!u->nfiles && u->fe->in.raw.split && !u->no_lines_noted) {
		u->no_lines_noted = true;
		u->fe->stats.split_no_lines++;
	}
	if (i < 0 || i >= u->nfiles || index > (uint64_t)u->nfiles)
		return NULL;
	if (!u->file_names[i])
		u->file_names[i] = dw_intern(u->fe, u->files[i]);
	return u->file_names[i];
}

void dw_span(struct dw_unit *u, const struct dw_attrs *a, struct cl_span *s)
{
	memset(s, 0, sizeof(*s));
	if (a->have & DWA_DECL_FILE)
		s->file = dw_file_name(u, a->decl_file);
	if (s->file && (a->have & DWA_DECL_LINE) && a->decl_line <= UINT32_MAX)
		s->line = (unsigned)a->decl_line;
	if (s->line && (a->have & DWA_DECL_COLUMN) && a->decl_column <= UINT32_MAX)
		s->col = (unsigned)a->decl_column;
}
