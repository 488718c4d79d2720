/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_input.h - opening an input file for the DWARF front end
 */
#ifndef CACHELINT_DWARF_INPUT_H
#define CACHELINT_DWARF_INPUT_H

#include <stdbool.h>

#include <libdwarf/libdwarf.h>

#include "analysis.h"
#include "dwarf_raw.h"

/**
 * struct dw_input - an open input file
 * @fd: the file, open for libdwarf
 * @dbg: the libdwarf session
 * @big_endian: the object's byte order
 * @raw: the sections read in place (dwarf_raw.h); @raw.elf is NULL when
 *       the file is not one that can be read so
 */
struct dw_input {
	int fd;
	Dwarf_Debug dbg;
	bool big_endian;
	struct dw_raw raw;
};

/*
 * Open @path: 0, or -1 with @err naming the file and what is wrong (missing,
 * not a regular file, not ELF, truncated, no DWARF, corrupt DWARF).
 */
int dw_input_open(const char *path, struct dw_input *in, struct cl_diag *err);
void dw_input_close(struct dw_input *in);

#endif /* CACHELINT_DWARF_INPUT_H */
