/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_internal.h - what the phases of the DWARF front end share
 *
 *   dwarf_input.c    the file: stat, ELF checks (libelf), libdwarf session
 *   dwarf_attrs.c    one DIE's attributes, read once through libdwarf
 *   dwarf_types.c    member types: size, ABI alignment, spelling
 *   dwarf_records.c  struct/union DIEs to cl_record, annotations
 *   dwarf_raw.c      DIEs read in place from the sections of linked files
 *   dwarf_shape.c    structural keys: repeated struct DIEs recognised
 *                    before libdwarf decodes them
 *   dwarf_frontend.c the walk over units, dedupe, profiles, copying out
 *   dwarf_ahead.c    units of a linked file walked and keyed ahead by
 *                    worker threads (-j), taken in order by the walk
 *
 * A libdwarf error anywhere in a unit ends the file: dw_fail() records the
 * message and longjmp()s back to dw_frontend_read(), which lets
 * dwarf_finish() free what libdwarf still holds.  No libdwarf call is ever
 * made without an error pointer (libdwarf aborts the process then).
 */
#ifndef CACHELINT_DWARF_INTERNAL_H
#define CACHELINT_DWARF_INTERNAL_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include <libdwarf/dwarf.h>
#include <libdwarf/libdwarf.h>

#include "dwarf_frontend.h"
#include "model/hash.h"
#include "dwarf_input.h"
#include "dwarf_raw.h"

/* Not in libdwarf 20210528's dwarf.h: clang's btf_decl_tag in DWARF. */
#ifndef DW_TAG_LLVM_annotation
#define DW_TAG_LLVM_annotation 0x6000
#endif

#define DW_WALK_DEPTH_MAX 256	/* DIE tree depth of the walk */

/*
 * A DIE is named by a key: its global section offset, shifted, with the
 * low bit set for .debug_types (DWARF 4 type units).  0 is "none" (void).
 */
typedef uint64_t dw_key;

static inline dw_key dw_key_make(Dwarf_Off off, Dwarf_Bool is_info)
{
	return ((dw_key)off << 1 | (is_info ? 0 : 1)) + 2;
}

static inline Dwarf_Off dw_key_off(dw_key k)
{
	return (Dwarf_Off)((k - 2) >> 1);
}

static inline Dwarf_Bool dw_key_is_info(dw_key k)
{
	return !((k - 2) & 1);
}

/* struct dw_attrs.have */
enum {
	DWA_NAME = 1u << 0,
	DWA_TYPE = 1u << 1,
	DWA_BYTE_SIZE = 1u << 2,
	DWA_BIT_SIZE = 1u << 3,
	DWA_BIT_OFFSET = 1u << 4,
	DWA_DATA_BIT_OFFSET = 1u << 5,
	DWA_LOCATION = 1u << 6,
	DWA_ALIGNMENT = 1u << 7,
	DWA_DECL_FILE = 1u << 8,
	DWA_DECL_LINE = 1u << 9,
	DWA_DECL_COLUMN = 1u << 10,
	DWA_COUNT = 1u << 11,
	DWA_UPPER_BOUND = 1u << 12,
	DWA_LOWER_BOUND = 1u << 13,
	DWA_ENCODING = 1u << 14,
	DWA_CONST_STRING = 1u << 15,
	DWA_DECLARATION = 1u << 16,
	DWA_ARTIFICIAL = 1u << 17,
	DWA_EXTERNAL = 1u << 18,
	DWA_VECTOR = 1u << 19,
	DWA_DWO_NAME = 1u << 20,
	DWA_PROTOTYPED = 1u << 21,
	DWA_BAD_LOCATION = 1u << 22,	/* a location that is not a constant offset */
	DWA_BAD_BOUND = 1u << 23,	/* a bound that is not a constant (VLA) */
	DWA_VIRTUAL = 1u << 24,		/* DW_AT_virtuality: a virtual base */
	DWA_SPECIFICATION = 1u << 25,	/* DW_AT_specification: a definition of a declaration */
};

/**
 * struct dw_attrs - the attributes of one DIE that the front end uses
 * @have: DWA_* bits of the attributes present
 * @name: DW_AT_name, pointing into libdwarf's section data
 * @type: DW_AT_type as a key
 * @specification: DW_AT_specification as a key: the declaration a
 *	definition completes (`extern long x[4];` then `long x[4];`), which
 *	holds its name and type
 * @byte_size, @bit_size, @alignment, @data_bit_offset, @location,
 * @decl_file, @decl_line, @decl_column, @count, @encoding: constants
 * @bit_offset: DW_AT_bit_offset (DWARF 2/3 bit-fields, MSB-relative)
 * @upper_bound, @lower_bound: subrange bounds
 * @const_string: DW_AT_const_value when it is a string (annotations)
 * @dwo_name: DW_AT_dwo_name / DW_AT_GNU_dwo_name (split DWARF)
 */
struct dw_attrs {
	uint32_t have;
	const char *name;
	dw_key type, specification;
	uint64_t byte_size, bit_size, alignment, data_bit_offset, location;
	int64_t bit_offset;
	uint64_t decl_file, decl_line, decl_column;
	uint64_t count;
	int64_t upper_bound, lower_bound;
	uint64_t encoding;
	const char *const_string;
	const char *dwo_name;
};

/* enum dw_kind: what a type is, after looking through nothing */
enum dw_kind {
	DWK_UNKNOWN,	/* no fixed size: the record holding it is skipped */
	DWK_VOID,
	DWK_SCALAR,	/* base, enum, pointer, reference */
	DWK_ARRAY,
	DWK_RECORD,
	DWK_FUNCTION,
};

/**
 * struct dw_type - what the front end knows of one type DIE, per unit
 * @key: the DIE
 * @tag: its DW_TAG
 * @state: 0 unresolved, 1 resolving (cycle guard), 2 done
 * @kind: after peeling typedefs and qualifiers
 * @size: bytes
 * @align: natural alignment in bytes (x86-64 SysV); 1 for packed records
 * @user_align: an explicit DW_AT_alignment decided @align
 * @flexible: an array whose outermost bound is unknown (`x[]`)
 * @record: the record when @kind is DWK_RECORD (typedefs and qualifiers
 *          peeled); NULL if the record has no fixed layout
 * @visited: the walk met this DIE as a definition (a root candidate)
 * @embedded: some member's type is this record (not a root when nameless)
 * @spell_state, @prefix, @suffix: the C spelling for layout views, around
 *          the declarator name: "void (*" NAME ")(int)"
 * @cls: a C++ class's base-class part and virtual bases (dwarf_vbases.c),
 *       NULL in C units and when @record is NULL
 */
struct dw_type {
	dw_key key;
	uint16_t tag;
	uint8_t state;
	uint8_t kind;
	uint64_t size;
	uint32_t align;
	bool user_align;
	bool flexible;
	bool visited;
	bool embedded;
	uint8_t spell_state;
	struct cl_record *record;
	const char *prefix, *suffix;
	struct dw_class *cls;
};

/**
 * struct dw_base - a direct base of a C++ class, in declaration order
 * @type: the base class (typedefs peeled)
 * @virt: a virtual base (DW_AT_virtuality)
 */
struct dw_base {
	struct dw_type *type;
	bool virt;
};

/**
 * struct dw_class - what the complete-object layout of C++ classes that
 * derive from this one needs to know (dwarf_vbases.c)
 * @as_base: the record of the class's non-virtual part, which is what a
 *           base subobject of the class holds: the record itself when the
 *           class has no virtual bases
 * @nv_lo, @nv_hi: its base-class size (nvsize) in bytes; DWARF does not say
 *                 whether a plain class is a POD for the purpose of layout
 *                 (nvsize = sizeof) or not (nvsize = end of its last
 *                 member), so both bounds are kept: equal when known
 * @nvalign: alignment of the non-virtual part
 * @dynamic: has a vptr (its own or a base's)
 * @empty: no data, no vptr (an empty base takes no room)
 * @nearly_empty: a vptr and nothing else (a candidate primary base)
 * @bases: the direct bases, in declaration order
 * @nbases: number of @bases
 * @nvbases: 1 when the hierarchy has virtual bases, else 0
 * @primary: the class's primary base (it shares the class's place), NULL if
 *           none
 * @primary_virtual: @primary is a (nearly empty) virtual base
 */
struct dw_class {
	struct cl_record *as_base;
	uint64_t nv_lo, nv_hi;
	uint32_t nvalign;
	bool dynamic, empty, nearly_empty;
	struct dw_base *bases;
	size_t nbases;
	size_t nvbases;
	struct dw_class *primary;
	bool primary_virtual;
};


/**
 * struct dw_shape - the structural key of a type DIE (dwarf_shape.c)
 * @state: being made (a cycle meets it), made, or failed
 * @relevant: a btf_decl_tag annotation or a record the profile names is in
 *            the DIE's tree or in a type it reaches
 * @named: a record with a name of its own (not a typedef's)
 * @record: the record DIE it is or names through typedefs and qualifiers,
 *          0 if none
 * @a, @b: the key
 */
struct dw_shape {
	uint8_t state;
	bool relevant;
	bool named;
	dw_key record;
	uint64_t a, b;
};

/**
 * struct dw_embedder - a record DIE with a member whose type is a given
 * record (through typedefs and qualifiers), as the structural keys see it
 * @parent: the record DIE holding the member
 * @next: the next one for the same record
 */
struct dw_embedder {
	dw_key parent;
	struct dw_embedder *next;
};

/**
 * struct dw_unit - one compile or type unit being read
 * @fe: the front end
 * @dbg: the file's libdwarf session
 * @path: the file, for messages
 * @is_info: .debug_info (true) or .debug_types
 * @version: DWARF version of the unit
 * @addr_size: pointer size in bytes
 * @big_endian: the object's byte order (bit-field positions)
 * @cplusplus: a C++ unit (type definitions nest in classes)
 * @files: the unit's file names (dwarf_srcfiles), loaded on first use
 * @nfiles: number of @files
 * @file_names: @files interned in the front end's arena, filled lazily
 * @files_loaded: @files was attempted
 * @no_lines_noted: a declaration of this unit of a .dwo named a file that
 *                  the .dwo has no line table for (dw_stats.split_no_lines)
 * @arena: everything built for the unit; freed when it is done
 * @types: key -> struct dw_type
 * @typedefs: key of a nameless record -> the first typedef name for it
 * @embedded: records that are some member's type (keyed by address)
 * @visited: records met as definitions, in DIE order
 * @converted: records in the order their conversion finished (post-order)
 * @has_raw: @raw is the unit in the file's sections (for its structure)
 * @fast: the unit's struct definitions are collected by the walk and
 *        converted at its end only when their structural key is new
 * @raw: the unit in the file's sections, when @has_raw
 * @seed: what the keys of the unit start from (address size, byte order)
 * @shapes: key -> struct dw_shape, the structural keys made so far
 * @raw_embedded: records that some member's type names, by DIE key, as
 *                the structural keys saw them: the struct dw_embedder list
 *                of the records holding such a member (not a static one)
 * @hash_parent: the record whose children the structural key is reading
 * @files_state: @file_keys not read yet (0), read, or unreadable here
 * @file_keys, @nfile_keys: what stands for each file of the line table in
 *                          the structural keys (dwarf_shape.c)
 * @vars: variable DIEs with children (annotations) met by the walk, in DIE
 *        order: the candidates for __per_thread
 * @nvars, @vars_cap: number and allocated @vars
 * @scopes: DIE key of a record defined in a C++ namespace or class -> the
 *          scope ("ns", "ns::outer"), so that it is named "ns::plain" as
 *          the plugin names it (and the profile keys it)
 * @scope: the scope the walk is in, NULL at the top
 * @cands: struct definitions met by the walk, in DIE order, when @fast
 * @i386: 0 not known yet, 1 the unit is i386 (ELF EM_386/EM_IAMCU), -1 not
 */
struct dw_unit {
	struct dw_frontend *fe;
	Dwarf_Debug dbg;
	const char *path;
	Dwarf_Bool is_info;
	unsigned version;
	unsigned addr_size;
	bool big_endian;
	bool cplusplus;
	char **files;
	Dwarf_Signed nfiles;
	const char **file_names;
	bool files_loaded;
	bool no_lines_noted;
	struct cl_arena arena;
	struct cl_map types;
	struct cl_map typedefs;
	struct cl_map embedded;
	struct dw_type **visited;
	size_t nvisited, visited_cap;
	struct dw_type **converted;
	size_t nconverted, converted_cap;
	bool has_raw;
	bool fast;
	struct dw_raw_unit raw;
	uint64_t seed;
	struct cl_map shapes;
	struct cl_map raw_embedded;
	dw_key hash_parent;
	uint8_t files_state;
	uint64_t *file_keys;
	size_t nfile_keys;
	struct cl_map scopes;
	const char *scope;
	dw_key *cands;
	size_t ncands, cands_cap;
	dw_key *vars;
	size_t nvars, vars_cap;
	signed char i386;
};

struct dw_pool;

/**
 * struct dw_frontend - one run over the input files
 * @cfg: the caller's wishes
 * @stats: counts
 * @arena: the distinct records handed out, interned file names
 * @seen: fingerprints of the layouts already handed out (value unused)
 * @shapes_seen: structural keys of the struct DIEs already decided
 * @shapes_ok: structural keys of struct DIEs whose conversion gave a
 *             record: every member of such a record was converted, so it
 *             marks every record it embeds as embedded
 * @names: interned strings (file names): hash of the string -> string
 * @reported: annotation errors already reported (string set)
 * @in: the open file
 * @pool: the threads preparing units of @in ahead, or NULL
 * @unit: the unit being read, NULL between units
 * @unit_die: the unit's DIE while the unit is read
 * @fail: where dw_fail() jumps to
 * @err: the message of a failure
 * @record_convert: dw_record_convert(), for dwarf_types.c: a struct's
 *	layout is its record's, and a record's members are laid out as types,
 *	so the two files recurse into each other; the driver ties them here
 *	and the types file needs nothing of the records file
 */
struct dw_frontend {
	struct dw_config cfg;
	struct dw_stats stats;
	struct cl_arena arena;
	struct cl_map seen;
	struct cl_map shapes_seen;
	struct cl_map shapes_ok;
	struct cl_strset names;
	struct cl_strset reported;
	struct dw_input in;
	struct dw_pool *pool;
	struct dw_unit *unit;
	Dwarf_Die unit_die;
	jmp_buf fail;
	struct cl_diag *err;
	struct cl_record *(*record_convert)(struct dw_unit *u, struct dw_type *t, Dwarf_Die die,
					    const struct dw_attrs *a, unsigned depth);
};

/* dwarf_unit.c: the unit's services, for every file of the walk */
_Noreturn void dw_fail(struct dw_unit *u, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A libdwarf call returned DW_DLV_ERROR: free @e, fail with its message. */
_Noreturn void dw_fail_dwarf(struct dw_unit *u, const char *what, Dwarf_Error e);
const char *dw_intern(struct dw_frontend *fe, const char *s);
void dw_report(struct dw_unit *u, const struct cl_span *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * dwarf_fixes.c: "" when the libdwarf in use reads every form (corrected
 * where it does not), else what to add to its errors.
 */
const char *dw_libdwarf_caveat(void);
/* Whether libdwarf failed on relocations it cannot apply for the machine. */
bool dw_relocs_unsupported(Dwarf_Error e);

/* A note on what the reader left out, once however many units repeat it. */
void dw_note(struct dw_unit *u, const struct cl_span *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * dwarf_frontend.c: the definitions of a fast unit collected by reading
 * its DIEs in place (no libdwarf); false where they are beyond this reader.
 */
bool dw_walk_in_place(struct dw_unit *u);
/* What the structural keys of a unit start from. */
uint64_t dw_unit_seed(const struct dw_unit *u);
/* A unit's own memory (all of it: also what a worker prepared). */
void dw_unit_free(struct dw_unit *u);
/* A converted record that is a root of the unit, kept for its end (dwarf_walk.c). */
void dw_visit_root(struct dw_unit *u, struct dw_type *t);
/* The walk of a unit through libdwarf, from its DIE @cu (dwarf_walk.c). */
void dw_walk_unit_dies(struct dw_unit *u, Dwarf_Die cu);
/*
 * @name in @scope ("ns::plain"): @name alone at the top; a nameless
 * namespace or class is "{anonymous}", as GCC prints it.
 */
const char *dw_scope_join(struct dw_unit *u, const char *scope, const char *name);
/* The name a record defined at DIE @key is known by: @name in its scope. */
const char *dw_scoped_name(struct dw_unit *u, dw_key key, const char *name);

/* dwarf_ahead.c: fast units prepared ahead of the walk, in threads */
/*
 * Count the units of @fe->in's .debug_info (dw_stats.units_total) and,
 * with dw_config.jobs above 1, start the threads that prepare them.
 */
void dw_ahead_start(struct dw_frontend *fe);
/*
 * The unit at @u->raw.off prepared (its walk and structural keys) moved
 * into @u; false if there is none (the caller walks it).
 */
bool dw_ahead_take(struct dw_frontend *fe, struct dw_unit *u);
/* Stop and join the threads, free what they prepared. */
void dw_ahead_stop(struct dw_frontend *fe);

/* dwarf_attrs.c */
void dw_read_attrs(struct dw_unit *u, Dwarf_Die die, struct dw_attrs *a);
/*
 * Whether a type DIE of @tag is looked through to the type it names (a
 * typedef or qualifier): its layout is that type's.  The layout code and
 * the structural keys must agree on this list.
 */
bool dw_tag_is_alias(uint16_t tag);
Dwarf_Half dw_tag(struct dw_unit *u, Dwarf_Die die);
dw_key dw_die_key(struct dw_unit *u, Dwarf_Die die);
Dwarf_Die dw_die_at(struct dw_unit *u, dw_key k);
/* First child / next sibling, or NULL; @die is not freed. */
Dwarf_Die dw_child(struct dw_unit *u, Dwarf_Die die);
Dwarf_Die dw_sibling(struct dw_unit *u, Dwarf_Die die);
void dw_die_free(struct dw_unit *u, Dwarf_Die die);
bool dw_has_children(struct dw_unit *u, Dwarf_Die die);
void dw_span(struct dw_unit *u, const struct dw_attrs *a, struct cl_span *s);
/* File @index of the unit's line table, interned; NULL if none. */
const char *dw_file_name(struct dw_unit *u, uint64_t index);

/* dwarf_types.c */
struct dw_type *dw_type_get(struct dw_unit *u, dw_key k);
struct dw_type *dw_type_layout(struct dw_unit *u, dw_key k, unsigned depth);
/* The same for a DIE in hand (the walk's). */
struct dw_type *dw_type_layout_die(struct dw_unit *u, dw_key k, Dwarf_Die die);
void dw_type_spell(struct dw_unit *u, struct dw_type *t, unsigned depth);
/* "long int", "struct inner *", "void (*)(int)" */
const char *dw_type_name(struct dw_unit *u, struct dw_type *t);

/* dwarf_records.c */
/* The record of a struct/union/class DIE (cached), or NULL if it has none. */
struct cl_record *dw_record_convert(struct dw_unit *u, struct dw_type *t, Dwarf_Die die,
				    const struct dw_attrs *a, unsigned depth);

/*
 * The __per_thread array variable at @k (btf_decl_tag("cachelint:per_thread")
 * among its children), or one the profile's objects: section names, in @v;
 * false for a declaration, a variable that is neither, and one that is not
 * an array (an error when it is tagged).  @v's strings and record live in
 * the unit.
 */
bool dw_variable_read(struct dw_unit *u, dw_key k, struct cl_variable *v);

/* dwarf_vbases.c */
/* The base-class size of a base member of class @c (bytes). */
uint64_t dw_class_base_size(const struct dw_class *c, uint64_t complete_size);
/*
 * After the members of a C++ class @t are converted into @rec (its direct
 * virtual bases are in @bases, not among the members): its dw_class, and
 * its virtual bases placed in @rec as the ABI places them, or left out
 * with a note.
 */
void dw_class_finish(struct dw_unit *u, struct dw_type *t, struct cl_record *rec,
		     struct dw_base *bases, size_t nbases);

/* dwarf_shape.c */
/* The structural key of the type DIE @k, or NULL if it has none. */
const struct dw_shape *dw_shape_of(struct dw_unit *u, dw_key k);
/* The key of @k if it was made in the unit (and did not fail), else NULL. */
const struct dw_shape *dw_shape_known(struct dw_unit *u, dw_key k);
/* Whether a DIE with the key @s was decided before; with @add, remember @s. */
bool dw_shape_seen(struct dw_frontend *fe, const struct dw_shape *s, bool add);
/* The same for the keys of records whose conversion succeeded. */
bool dw_shape_ok(struct dw_frontend *fe, const struct dw_shape *s, bool add);

#endif /* CACHELINT_DWARF_INTERNAL_H */
