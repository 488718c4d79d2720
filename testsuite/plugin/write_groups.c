// Write groups: fields of one group are written together by one CPU and may
// share a line; two different groups on one line bounce it between writers.
// Ungrouped write-hot fields conflict with no writer.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

struct ring {
	unsigned long head __write_hot_group("producer");
// CHECK: :[[#@LINE-1]]:23: warning: write-hot field 'head' (group 'producer') shares cache line 0 (bytes 0-63) of 'struct ring' with write-hot field 'tail' (group 'consumer') [cachelint-write-groups]
// CHECK-NEXT: :[[#TAIL:@LINE+1]]:23: note: 'tail' is written on hot paths (write group 'consumer')
	unsigned long tail __write_hot_group("consumer");
// CHECK-NEXT: :[[#TAIL]]:23: warning: write-hot field 'tail' (group 'consumer') shares cache line 0 (bytes 0-63) of 'struct ring' with write-hot field 'count' (group 'producer') [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE+1]]:23: note: 'count' is written on hot paths (write group 'producer')
	unsigned long count __write_hot_group("producer");
	unsigned long stats __write_hot;
	char pad[32];
	/* own line: no finding */
	unsigned long other __write_hot_group("consumer");
};
