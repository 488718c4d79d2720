// The view draws a nameless struct or union inline, with its members' types
// and classes, as pahole does, and a typedef of a nameless struct
// (atomic_long_t) by its name.
// RUN: %gcc-cl -fplugin-arg-cachelint-view=%t.view -fsyntax-only %s 2>/dev/null
// RUN: FileCheck %s --input-file %t.view --match-full-lines --strict-whitespace
#include "cachelint.h"

typedef struct {
	long counter;
} counter_t;

struct sock_like {
	counter_t refs __write_hot;
	union {
		const void *ops __read_mostly;
		unsigned long cookie;
	};
	struct {
		int family;
		short port;
	} addr;
	char pad[48];
};
// CHECK:/* cachelint: struct sock_like as it is */
// CHECK-NEXT:struct sock_like {
// CHECK-NEXT:	counter_t                  refs;                 /*     0     8 */ /* write_hot */ /* !! false sharing with ops */
// CHECK-NEXT:	union {
// CHECK-NEXT:		const void *       ops;                  /*     8     8 */ /* read_mostly */ /* !! false sharing with refs */
// CHECK-NEXT:		long unsigned int  cookie;               /*     8     8 */
// CHECK-NEXT:	};                                               /*     8     8 */
// CHECK-NEXT:	struct {
// CHECK-NEXT:		int                family;               /*    16     4 */
// CHECK-NEXT:		short int          port;                 /*    20     2 */
// CHECK-NEXT:	} addr;                                          /*    16     8 */
// CHECK-EMPTY:
// CHECK-NEXT:	/* XXX last struct has 2 bytes of padding */
// CHECK-EMPTY:
// CHECK-NEXT:	char                       pad[48];              /*    24    48 */
// CHECK-EMPTY:
// CHECK-NEXT:	/* size: 72, cachelines: 2, members: 4 */
// CHECK-NEXT:	/* paddings: 1, sum paddings: 2 */
// CHECK-NEXT:	/* last cacheline: 8 bytes */
// CHECK-NEXT:	/* lines per path: read_mostly 1 (bytes fit in 1), write_hot 1 (1) */
// CHECK-NEXT:};
// CHECK-NEXT:/* cachelint: struct sock_like as proposed (order: <anonymous union>, addr, pad, refs; 'refs' aligned to 64 bytes; 72 -> 128 bytes, 2 -> 2 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16); lines per path: read_mostly 1 -> 1, write_hot 1 -> 1) */
// CHECK-NEXT:struct sock_like {
// CHECK-NEXT:	union {
// CHECK-NEXT:		const void *       ops;                  /*     0     8 */ /* read_mostly */
// CHECK-NEXT:		long unsigned int  cookie;               /*     0     8 */
// CHECK-NEXT:	};                                               /*     0     8 */
// CHECK-NEXT:	struct {
// CHECK-NEXT:		int                family;               /*     8     4 */
// CHECK-NEXT:		short int          port;                 /*    12     2 */
// CHECK-NEXT:	} addr;                                          /*     8     8 */
// CHECK-EMPTY:
// CHECK-NEXT:	/* XXX last struct has 2 bytes of padding */
// CHECK-EMPTY:
// CHECK-NEXT:	char                       pad[48];              /*    16    48 */
// CHECK-NEXT:	/* --- cacheline 1 boundary (64 bytes) --- */
// CHECK-NEXT:	counter_t                  refs __attribute__((__aligned__(64))); /*    64     8 */ /* write_hot */
// CHECK-EMPTY:
// CHECK-NEXT:	/* size: 128, cachelines: 2, members: 4 */
// CHECK-NEXT:	/* padding: 56 */
// CHECK-NEXT:	/* paddings: 1, sum paddings: 2 */
// CHECK-NEXT:	/* lines per path: read_mostly 1 (bytes fit in 1), write_hot 1 (1) */
// CHECK-NEXT:};
