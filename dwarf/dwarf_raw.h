/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_raw.h - DIEs, line-table headers and list headers read straight
 * from the sections of an ELF file
 *
 * libdwarf allocates a DIE for every step of a walk and an attribute for
 * every value it decodes: about a microsecond per member DIE, which is all
 * of the time on a binary that repeats its headers' types in every compile
 * unit.  The walk of a linked file and the structural keys (dwarf_shape.c)
 * that recognise those repeats read the same DIEs here instead, in place,
 * without allocating.  The values of a relocatable object's DIEs are not
 * final (its relocations write the string offsets), and one object is one
 * unit, with nothing to recognise: there only the structure is read.
 *
 * The structure is also what keeps libdwarf 20210528 out of its own traps
 * on corrupt input: it follows a DW_AT_sibling that points back forever,
 * follows a line table's out-of-range directory index to a wild pointer,
 * and frees a buffer twice on a bad range-list header.  The DIEs' order,
 * the line-table headers and the list headers are checked here first.
 * Every read is bounds-checked; what this reader cannot read is corrupt or
 * left to libdwarf, as each function says.
 */
#ifndef CACHELINT_DWARF_RAW_H
#define CACHELINT_DWARF_RAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/arena.h"

/* A section's bytes, as libelf has them (decompressed). */
struct dw_raw_section {
	const unsigned char *p;
	size_t n;
};

/**
 * struct dw_raw - the sections of one file
 * @elf: the libelf handle that owns the section data (Elf *), or NULL
 * @ambiguous: the file has sections both with and without ".dwo": none
 *             of its DIEs are read in place
 * @split: the file's .debug_info is .debug_info.dwo (a split-DWARF .dwo:
 *         its units have no DW_AT_stmt_list, and their DW_AT_decl_file
 *         values index the file list of .debug_line.dwo, when there is one)
 * @keys: the values of the DIEs can be used in place (a linked file, see
 *        dw_raw_open()); otherwise only their structure, which relocations
 *        never change
 * @big_endian: the file's byte order
 * @info, @abbrev, @str, @line_str, @str_offsets, @line, @rnglists,
 *       @loclists: the sections (or their .dwo namesakes), empty when absent
 * @info_map, @info_map_len: .debug_info mapped from the file by this reader
 *       (when it is not compressed), so that dw_raw_release() can give the
 *       pages of finished units back
 * @info_index: the ELF section index of the mapped .debug_info
 * @tables: abbreviation tables by offset, parsed on first use
 * @table_offs: their offsets in .debug_abbrev
 * @ntables: number of @tables
 * @arena: the tables
 */
struct dw_raw {
	void *elf;
	bool ambiguous;
	bool split;
	bool keys;
	bool big_endian;
	bool line_unread;	/* a .debug_line this reader could not load (line_header_ok()) */
	struct dw_raw_section info, abbrev, str, line_str, str_offsets;
	struct dw_raw_section line, rnglists, loclists;
	void *info_map;
	size_t info_map_len;
	size_t info_index;
	struct dw_raw_table **tables;
	uint64_t *table_offs;
	size_t ntables, tables_cap;
	struct cl_arena arena;
};

/*
 * Load the sections of the ELF file open on @fd.  0, or -1 when the values
 * of its DIEs cannot be used in place (a relocatable object, relocated or
 * .zdebug sections, no .debug_info): the caller then reads them through
 * libdwarf, and uses @r for their structure only.
 */
int dw_raw_open(struct dw_raw *r, int fd);
void dw_raw_close(struct dw_raw *r);
/*
 * The bytes [@from, @to) of .debug_info will not be read again here: their
 * pages leave memory (libdwarf reads a linked file's .debug_info from the
 * same mapping, dwarf_input.c, and faults back in what it reads later).
 */
void dw_raw_release(struct dw_raw *r, uint64_t from, uint64_t to);

/**
 * struct dw_raw_unit - one compile unit of .debug_info
 * @raw: the file
 * @off: section offset of the unit header
 * @die_off: section offset of the unit's DIE
 * @end: section offset just past the unit
 * @version: DWARF version
 * @addr_size: size of an address
 * @offset_size: 4 (32-bit DWARF) or 8 (64-bit DWARF)
 * @table: the unit's abbreviations
 * @str_base: DW_AT_str_offsets_base of the unit DIE (DW_FORM_strx*)
 * @has_str_base: @str_base was given
 * @keys: the values of its DIEs can be used (dw_raw.keys, and a full
 *        compile or partial unit); otherwise only their structure
 */
struct dw_raw_unit {
	const struct dw_raw *raw;
	bool keys;
	uint64_t off, die_off, end;
	unsigned version, addr_size, offset_size;
	const struct dw_raw_table *table;
	uint64_t str_base;
	bool has_str_base;
};

/* The unit whose header is at section offset @off: 0, or -1 if unreadable. */
int dw_raw_unit_open(struct dw_raw *r, uint64_t off, struct dw_raw_unit *ru);

/* enum dw_raw_class: what an attribute value is */
enum dw_raw_class {
	DWR_CONSTANT,	/* @u; signed forms are sign-extended into @u */
	DWR_FLAG,	/* @u */
	DWR_STRING,	/* @data, NUL-terminated; @len (without the NUL) for
			   DW_FORM_string only, 0 for strings of a string
			   section, which @data names uniquely */
	DWR_REF,	/* @u: section offset of a DIE of this unit */
	DWR_BLOCK,	/* @data, @len: block or expression */
	DWR_OTHER,	/* addresses, section offsets, references elsewhere */
};

/**
 * struct dw_raw_value - one attribute of a DIE
 * @at: DW_AT_*
 * @form: DW_FORM_* (DW_FORM_indirect resolved)
 * @cls: what it is
 * @u: constant, flag or reference
 * @data, @len: string or block
 */
struct dw_raw_value {
	uint16_t at, form;
	uint8_t cls;
	uint64_t u;
	const unsigned char *data;
	uint64_t len;
};

#define DW_RAW_VALUES_MAX 64

/**
 * struct dw_raw_die - one DIE, decoded
 * @off: its section offset
 * @null: the null entry that ends a list of children
 * @tag: DW_TAG_* (0 for the null entry)
 * @children: its children follow it
 * @next: section offset just past its attributes: its first child, or
 *        the next DIE
 * @n: number of @v
 * @v: its attributes, in abbreviation order
 */
struct dw_raw_die {
	uint64_t off;
	bool null;
	uint16_t tag;
	bool children;
	uint64_t next;
	unsigned n;
	struct dw_raw_value v[DW_RAW_VALUES_MAX];
};

/* The DIE at section offset @off of @ru: 0, or -1 if it cannot be read. */
int dw_raw_die_read(const struct dw_raw_unit *ru, uint64_t off, struct dw_raw_die *d);
/*
 * The same without its attributes where their sizes are fixed (@d->n is
 * 0 then): a step over a DIE the caller only needs the tag of.  Fails
 * exactly where dw_raw_die_read() does.
 */
int dw_raw_die_step(const struct dw_raw_unit *ru, uint64_t off, struct dw_raw_die *d);

/*
 * Whether the line-table header at offset @off of @r->line is sound:
 * lengths inside the section, strings terminated, forms known, and every
 * file's directory index naming a directory.  libdwarf 20210528 follows an
 * out-of-range directory index to a wild pointer (dwarf_srcfiles), so its
 * line tables are checked here first.  True when there is no @r->line to
 * check.
 */
bool dw_raw_line_header_ok(const struct dw_raw *r, uint64_t off);

/**
 * struct dw_raw_file - an entry of a line table's file list
 * @name: its name, NUL-terminated, in the header or a string section
 * @dir: the name of its directory; NULL for directory 0 of DWARF 2-4, the
 *       unit's own (DW_AT_comp_dir)
 * @dir_index: the directory's index
 */
struct dw_raw_file {
	const char *name, *dir;
	uint64_t dir_index;
};

/*
 * The file list of the line-table header at offset @off of @r->line, in
 * header order (libdwarf's dwarf_srcfiles() order): 0 with *@files a
 * malloc'd array, or -1 when it cannot be read here (a form other than
 * string, line_strp and strp for a path, a directory index out of range).
 * Call it only on a header that dw_raw_line_header_ok() passes.
 */
int dw_raw_line_files(const struct dw_raw *r, uint64_t off, struct dw_raw_file **files,
		      size_t *nfiles);
/*
 * Where the unit's file list is: the DW_AT_stmt_list offset, or in a
 * split-DWARF .dwo (whose units have none) the start of .debug_line.dwo.
 * False when the unit has no file list in this file.
 */
bool dw_raw_line_table(const struct dw_raw *r, bool has_stmt_list, uint64_t stmt_list,
		       uint64_t *off);
/*
 * A file list entry's path as libdwarf's dwarf_srcfiles() makes it: the
 * name; else joined to its directory (the unit's @comp_dir when it has
 * none), that joined to @comp_dir when relative.  Allocated in @a.
 */
const char *dw_raw_file_path(struct cl_arena *a, const struct dw_raw_file *f,
			     const char *comp_dir);

/*
 * The DWARF 5 section whose unit headers are corrupt (lengths past its end,
 * an offset count that cannot be, a version other than 5, an address size
 * other than 4 or 8, a segment selector), with @off the header's offset and
 * what is wrong in @why (@n bytes); NULL if none.  libdwarf 20210528 frees a buffer twice when it meets one
 * (dwarf_load_rnglists), so they are checked before it reads them.
 */
const char *dw_raw_lists_bad(const struct dw_raw *r, uint64_t *off, char *why, size_t n);

/*
 * The section offset of the next sibling of the DIE at @off, found by
 * reading the DIE and its children in order: @ru->end when it has none, 0
 * when they cannot be read here.  libdwarf 20210528 skips children by
 * following their DW_AT_sibling attributes, and never returns from one
 * that points back.
 */
uint64_t dw_raw_next_sibling(const struct dw_raw_unit *ru, uint64_t off);

#endif /* CACHELINT_DWARF_RAW_H */
