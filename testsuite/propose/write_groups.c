// Several write groups and a read-mostly class: each group on lines of its
// own (ungrouped write-hot fields join the first), read-mostly first,
// neutral fields filling the ends of lines.  Round trip: the patch applies
// and the patched file has no finding.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines
// RUN: FileCheck %s --input-file %t/diag.txt --check-prefix=NOTE
#include "cachelint.h"

struct ring {
	unsigned long head __write_hot_group("producer");
	unsigned long tail __write_hot_group("consumer");
	unsigned long mask __read_mostly;	/* ring size - 1 */
	unsigned long produced __write_hot_group("producer");
	unsigned long consumed __write_hot_group("consumer");
	unsigned long drops __write_hot;
	void *slots __read_mostly;
	const char *name;
};

// CHECK:struct ring {
// CHECK-NEXT:	unsigned long mask __read_mostly;	/* ring size - 1 */
// CHECK-NEXT:	void *slots __read_mostly;
// CHECK-NEXT:	const char *name;
// CHECK-NEXT:	unsigned long head __write_hot_group("producer") __attribute__((__aligned__(64)));
// CHECK-NEXT:	unsigned long produced __write_hot_group("producer");
// CHECK-NEXT:	unsigned long drops __write_hot;
// CHECK-NEXT:	unsigned long tail __write_hot_group("consumer") __attribute__((__aligned__(64)));
// CHECK-NEXT:	unsigned long consumed __write_hot_group("consumer");
// CHECK-NEXT:};

// NOTE: note: proposed reordering of 'struct ring': 'head', 'tail' aligned to a new line; 64 -> 192 bytes, 1 -> 3 cache lines
