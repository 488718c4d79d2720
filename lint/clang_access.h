/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clang_access.h - the lint's access map: every member access in the
 * bodies of a unit's functions, read from libclang's AST (clang_access.c)
 * in the plugin's terms (plugin/access_chain.cc), so that the two front
 * ends' maps of one source agree on every access both see
 * (docs/access-map.md says what each cannot see)
 */
#ifndef CACHELINT_CLANG_ACCESS_H
#define CACHELINT_CLANG_ACCESS_H

#include <clang-c/Index.h>

#include "access_map/access_map.h"
#include "clang_frontend.h"

/*
 * Walk the function bodies of @tu (parsed with its bodies) that GCC would
 * emit — every definition with external linkage, and the static and
 * inline ones they or the unit's variables refer to — and add each member
 * access to @map, and the records that the records of its lines hold (its
 * embeds).  @job's flags say whether the unit is -fPIC (then a
 * public function may be interposed, and a call to it is not followed).
 */
void lint_access_walk(CXTranslationUnit tu, const struct lint_job *job, struct cl_access_map *map);

#endif /* CACHELINT_CLANG_ACCESS_H */
