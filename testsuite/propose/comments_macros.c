// Comments above a field, comments after it, declarations over several
// lines, annotation macros before or after the declarator, and anonymous
// unions all move with their field: nothing is lost, nothing is torn.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines --strict-whitespace
#include "cachelint.h"

struct conn {
	/*
	 * Reference count: taken and dropped by every request,
	 * on every CPU.
	 */
	long refs __write_hot;
	int (*handler)(struct conn *c,
		       void *arg) __read_mostly;	/* set once at open */

	__read_mostly unsigned int flags;	// read on every request
	union {
		long state_word __write_hot;
		char state_bytes[8];
	};
	const char *peer;	/* for logs */
};

// CHECK:struct conn {
// CHECK-NEXT:	int (*handler)(struct conn *c,
// CHECK-NEXT:		       void *arg) __read_mostly;	/* set once at open */
// CHECK-EMPTY:
// CHECK-NEXT:	__read_mostly unsigned int flags;	// read on every request
// CHECK-NEXT:	const char *peer;	/* for logs */
// CHECK-NEXT:	/*
// CHECK-NEXT:	 * Reference count: taken and dropped by every request,
// CHECK-NEXT:	 * on every CPU.
// CHECK-NEXT:	 */
// CHECK-NEXT:	long refs __write_hot __attribute__((__aligned__(64)));
// CHECK-NEXT:	union {
// CHECK-NEXT:		long state_word __write_hot;
// CHECK-NEXT:		char state_bytes[8];
// CHECK-NEXT:	};
// CHECK-NEXT:};
