// __cachelint_pin: a field whose offset is an interface (a header other
// code casts to) stays where it is, with everything before it; the rest is
// reordered after it.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines
// RUN: not %gcc-cl -DBAD -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
#include "cachelint.h"

struct list_head {
	struct list_head *next, *prev;
};

struct request {
	struct list_head node;
	unsigned int type __cachelint_pin;	/* read by the dispatcher via offsetof */
	long refs __write_hot;
	unsigned long deadline __read_mostly;
	void *queue __read_mostly;
	const char *tag;
};

// CHECK:struct request {
// CHECK-NEXT:	struct list_head node;
// CHECK-NEXT:	unsigned int type __cachelint_pin;	/* read by the dispatcher via offsetof */
// CHECK-NEXT:	unsigned long deadline __read_mostly;
// CHECK-NEXT:	void *queue __read_mostly;
// CHECK-NEXT:	const char *tag;
// CHECK-NEXT:	long refs __write_hot __attribute__((__aligned__(64)));
// CHECK-NEXT:};

#ifdef BAD
int global __cachelint_pin;
// BAD: error: cachelint: a pin applies to struct and union fields only, not to variable 'global'
#endif
