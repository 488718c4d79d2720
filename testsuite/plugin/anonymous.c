// Anonymous unions and structs: their members are members of the enclosing
// struct (no path segment), and union members that overlap are the same
// storage, not false sharing.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

struct anon {
	long hot __write_hot;
	union {
		long as_long __read_mostly;
// CHECK: :[[#@LINE-1]]:22: warning: read-mostly field 'as_long' shares cache line 0 (bytes 0-63) of 'struct anon' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#HOT:@LINE-4]]:14: note: 'hot' is written on hot paths
		double as_double __write_hot;
	};
	struct {
		int a __read_mostly;
// CHECK-NEXT: :[[#A:@LINE-1]]:21: warning: read-mostly field 'a' shares cache line 0 (bytes 0-63) of 'struct anon' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#HOT]]:14: note: 'hot' is written on hot paths
// CHECK-NEXT: :[[#A]]:21: warning: read-mostly field 'a' shares cache line 0 (bytes 0-63) of 'struct anon' with write-hot field 'as_double' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-7]]:24: note: 'as_double' is written on hot paths
		int b;
	};
};

_Static_assert(offsetof(struct anon, a) == 16, "premise");
