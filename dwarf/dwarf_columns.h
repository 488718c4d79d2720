/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_columns.h - columns of reported fields that DWARF did not give
 */
#ifndef CACHELINT_DWARF_COLUMNS_H
#define CACHELINT_DWARF_COLUMNS_H

#include "checks/analysis.h"

/*
 * For each finding whose field location has a line but no column (clang
 * writes no DW_AT_decl_column), find the field's name on that line of the
 * source and set the byte column; leave it 0 when the source is not there.
 * The same for the variable or struct tag of a cachelint-false-sharing-objects
 * finding.
 */
void dw_fix_columns(struct cl_findings *f);

#endif /* CACHELINT_DWARF_COLUMNS_H */
