// Packed structs: members at odd offsets may straddle two lines; a member
// that straddles shares both.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

struct __attribute__((packed)) pk {
	char c;
	long hot __write_hot;
	char pad[54];
	short straddle __read_mostly;
// CHECK: :[[#@LINE-1]]:15: warning: read-mostly field 'straddle' shares cache line 0 (bytes 0-63) of 'struct pk' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-4]]:14: note: 'hot' is written on hot paths
	long next __read_mostly;
};

_Static_assert(offsetof(struct pk, straddle) == 63, "premise: straddles lines 0 and 1");
_Static_assert(offsetof(struct pk, next) == 65, "premise: in line 1 only");
