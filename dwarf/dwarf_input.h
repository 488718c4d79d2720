/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_input.h - opening an input file for the DWARF front end
 */
#ifndef CACHELINT_DWARF_INPUT_H
#define CACHELINT_DWARF_INPUT_H

#include <stdbool.h>

#include <libdwarf/libdwarf.h>

#include "checks/analysis.h"
#include "dwarf_raw.h"

/**
 * struct dw_access - libdwarf's view of a linked file's sections: served
 * from the file's own mapping (dwarf_input.c)
 * @tag: libdwarf's dwarf_finish() looks at the first byte of the object to
 *       tell its own readers ('E', 'F', 'M', 'P') from a caller's
 * @raw: the sections, through libelf
 * @nsections: number of ELF sections
 * @is64: ELFCLASS64
 */
struct dw_access {
	char tag;
	struct dw_raw *raw;
	size_t nsections;
	bool is64;
};

/**
 * struct dw_input - an open input file
 * @fd: the file, open for libdwarf
 * @dbg: the libdwarf session
 * @big_endian: the object's byte order
 * @raw: the sections read in place (dwarf_raw.h); @raw.elf is NULL when
 *       the file is not one that can be read so
 * @access, @iface, @methods: libdwarf's access to the sections of a linked
 *       file, when it reads them through @raw (dwarf_object_init_b)
 */
struct dw_input {
	int fd;
	Dwarf_Debug dbg;
	bool big_endian;
	struct dw_raw raw;
	struct dw_access access;
	Dwarf_Obj_Access_Interface iface;
};

/*
 * Open @path: 0, or -1 with @err naming the file and what is wrong (missing,
 * not a regular file, not ELF, truncated, no DWARF, corrupt DWARF).  With
 * @own_reader, libdwarf reads every file through its own ELF reader.
 */
int dw_input_open(const char *path, struct dw_input *in, bool own_reader, struct cl_diag *err);
void dw_input_close(struct dw_input *in);

#endif /* CACHELINT_DWARF_INPUT_H */
