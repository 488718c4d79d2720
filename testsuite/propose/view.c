// view prints the layout as pahole draws it, with each member's class and a
// mark on every member of a conflicting pair, before and as proposed.
// RUN: %gcc-cl -fplugin-arg-cachelint-view -fsyntax-only %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %gcc-cl -fplugin-arg-cachelint-view=%t.view -fsyntax-only %s 2>/dev/null
// RUN: FileCheck %s --input-file %t.view --match-full-lines --strict-whitespace
// The proposal is drawn by one function (cl_view_proposal()): `cachelint
// layout --propose` gives it the same header, and the same lines but for the
// type names, which clang's DWARF spells as clang does.
// RUN: %clang -g -fno-eliminate-unused-debug-types -I%annotations -c %s -o %t.o
// RUN: %cachelint layout --propose counters %t.o > %t.layout; test $? -eq 1
// RUN: sed -n '/as proposed/,/^};/{s/^\t[a-z][^/]\{26\}/\tTYPE /;p}' %t.view > %t.plugin-proposed
// RUN: sed -n '/as proposed/,/^};/{s/^\t[a-z][^/]\{26\}/\tTYPE /;p}' %t.layout > %t.layout-proposed
// RUN: diff %t.plugin-proposed %t.layout-proposed
#include "cachelint.h"

struct counters {
	unsigned long hits __write_hot;
	unsigned int limit __read_mostly;
	char pad[60];
	unsigned int flags:3;
	const char *name __read_mostly;
};

/* no finding: not shown */
struct quiet {
	long a __write_hot;
};

// CHECK:/* cachelint: struct counters as it is */
// CHECK-NEXT:struct counters {
// CHECK-NEXT:	long unsigned int          hits;                 /*     0     8 */ /* write_hot */ /* !! false sharing with limit */
// CHECK-NEXT:	unsigned int               limit;                /*     8     4 */ /* read_mostly */ /* !! false sharing with hits */
// CHECK-NEXT:	char                       pad[60];              /*    12    60 */
// CHECK-NEXT:	/* --- cacheline 1 boundary (64 bytes) was 8 bytes ago --- */
// CHECK-NEXT:	unsigned int               flags:3;              /*    72: 0   3b */
// CHECK-EMPTY:
// CHECK-NEXT:	/* XXX 5 bits hole, try to pack */
// CHECK-NEXT:	/* XXX 7 bytes hole, try to pack */
// CHECK-EMPTY:
// CHECK-NEXT:	const char *               name;                 /*    80     8 */ /* read_mostly */
// CHECK-EMPTY:
// CHECK-NEXT:	/* size: 88, cachelines: 2, members: 5 */
// CHECK-NEXT:	/* sum members: 80, holes: 1, sum holes: 7 */
// CHECK-NEXT:	/* sum bitfield members: 3 bits, bit holes: 1, sum bit holes: 5 bits */
// CHECK-NEXT:	/* last cacheline: 24 bytes */
// CHECK-NEXT:	/* lines per path: read_mostly 2 (bytes fit in 1), write_hot 1 (1) */
// CHECK-NEXT:};
// CHECK-NEXT:/* cachelint: struct counters as proposed (order: limit, name, flags, hits, pad; 'hits' aligned to 64 bytes; 88 -> 192 bytes, 2 -> 3 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16); lines per path: read_mostly 2 -> 1, write_hot 1 -> 1) */
// CHECK-NEXT:struct counters {
// CHECK-NEXT:	unsigned int               limit;                /*     0     4 */ /* read_mostly */
// CHECK-EMPTY:
// CHECK-NEXT:	/* XXX 4 bytes hole, try to pack */
// CHECK-EMPTY:
// CHECK-NEXT:	const char *               name;                 /*     8     8 */ /* read_mostly */
// CHECK-NEXT:	unsigned int               flags:3;              /*    16: 0   3b */
// CHECK-EMPTY:
// CHECK-NEXT:	/* XXX 5 bits hole, try to pack */
// CHECK-NEXT:	/* XXX 47 bytes hole, try to pack */
// CHECK-EMPTY:
// CHECK-NEXT:	/* --- cacheline 1 boundary (64 bytes) --- */
// CHECK-NEXT:	long unsigned int          hits __attribute__((__aligned__(64))); /*    64     8 */ /* write_hot */
// CHECK-NEXT:	char                       pad[60];              /*    72    60 */
// CHECK-EMPTY:
// CHECK-NEXT:	/* size: 192, cachelines: 3, members: 5 */
// CHECK-NEXT:	/* sum members: 80, holes: 2, sum holes: 51 */
// CHECK-NEXT:	/* sum bitfield members: 3 bits, bit holes: 1, sum bit holes: 5 bits */
// CHECK-NEXT:	/* padding: 60 */
// CHECK-NEXT:	/* lines per path: read_mostly 1 (bytes fit in 1), write_hot 1 (1) */
// CHECK-NEXT:};
