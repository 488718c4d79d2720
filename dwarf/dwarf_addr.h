/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_addr.h - addresses to source lines and members through binaries'
 * DWARF and symbol tables: import perf-c2c --binary (dwarf_addr.c)
 */
#ifndef CACHELINT_DWARF_ADDR_H
#define CACHELINT_DWARF_ADDR_H

#include "model/diag.h"
#include "import/import.h"

struct dw_addr;

struct dw_addr *dw_addr_new(void);
/*
 * Add binary @path (an executable, a shared object, a vmlinux with debug
 * info): 0, or -1 with @err naming the file (missing, not ELF, no DWARF, no
 * symbol table).
 */
int dw_addr_add(struct dw_addr *a, const char *path, struct cl_diag *err);
/* The join's view of @a (struct cl_c2c_binaries), valid while @a lives. */
void dw_addr_binaries(struct dw_addr *a, struct cl_c2c_binaries *out);
void dw_addr_free(struct dw_addr *a);

#endif /* CACHELINT_DWARF_ADDR_H */
