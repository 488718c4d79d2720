/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compdb_check.h - the first error in a compile_commands.json, with its
 * line and column
 */
#ifndef CACHELINT_COMPDB_CHECK_H
#define CACHELINT_COMPDB_CHECK_H

#include "model/diag.h"

/*
 * Read @path as a compile database (a JSON array of {"directory", "file",
 * "command" | "arguments"}): 0 when it is one, else -1 with the first
 * error at its line and column in @err.
 */
int compdb_check(const char *path, struct cl_diag *err);

#endif /* CACHELINT_COMPDB_CHECK_H */
