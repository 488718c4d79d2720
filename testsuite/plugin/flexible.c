// Flexible array members: the array starts where the struct ends, so its
// first elements share the last line of the struct.  Zero-length arrays and
// empty structs occupy nothing and are never reported.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

struct empty {
};

struct fl {
	long hot __write_hot;
	int n __read_mostly;
// CHECK: :[[#@LINE-1]]:13: warning: read-mostly field 'n' shares cache line 0 (bytes 0-63) of 'struct fl' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
// CHECK-NEXT: :[[#@LINE-3]]:13: warning: read-mostly field 'n' shares cache line 0 (bytes 0-63) of 'struct fl' with write-hot field 'data' [cachelint-false-sharing]
// CHECK-NEXT: :[[#DATA:@LINE+3]]:14: note: 'data' is written on hot paths
	struct empty nothing __read_mostly;
	int zero[0] __read_mostly;
	long data[] __write_hot;
};

_Static_assert(offsetof(struct fl, data) == 16, "premise");
