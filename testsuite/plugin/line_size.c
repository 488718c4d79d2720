// line-size=N: any power of two from 16 to 512.
// RUN: %gcc-cl -fplugin-arg-cachelint-line-size=16 -c %s -o %t.o 2>&1 | %check --check-prefix=L16
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check --check-prefix=L64
// RUN: %gcc-cl -fplugin-arg-cachelint-line-size=128 -c %s -o %t.o 2>&1 | %check --check-prefix=L128
// RUN: %gcc-cl -fplugin-arg-cachelint-line-size=512 -c %s -o %t.o 2>&1 | %check --check-prefix=L512
#include <stddef.h>
#include "cachelint.h"

struct ls {
	long hot __write_hot;
	long a __read_mostly;
// L16: :[[#@LINE-1]]:14: warning: read-mostly field 'a' shares cache line 0 (bytes 0-15) of 'struct ls' with write-hot field 'hot' [cachelint-false-sharing]
// L16-NEXT: :[[#HOT:@LINE-3]]:14: note: 'hot' is written on hot paths
// L64: :[[#@LINE-3]]:14: warning: read-mostly field 'a' shares cache line 0 (bytes 0-63) of 'struct ls' with write-hot field 'hot' [cachelint-false-sharing]
// L64-NEXT: :[[#HOT:@LINE-5]]:14: note: 'hot' is written on hot paths
// L128: :[[#@LINE-5]]:14: warning: read-mostly field 'a' shares cache line 0 (bytes 0-127) of 'struct ls' with write-hot field 'hot' [cachelint-false-sharing]
// L128-NEXT: :[[#HOT:@LINE-7]]:14: note: 'hot' is written on hot paths
// L512: :[[#@LINE-7]]:14: warning: read-mostly field 'a' shares cache line 0 (bytes 0-511) of 'struct ls' with write-hot field 'hot' [cachelint-false-sharing]
// L512-NEXT: :[[#HOT:@LINE-9]]:14: note: 'hot' is written on hot paths
	long b __read_mostly;
// L64-NEXT: :[[#@LINE-1]]:14: warning: read-mostly field 'b' shares cache line 0 (bytes 0-63)
// L64-NEXT: :[[#HOT]]:14: note: 'hot' is written on hot paths
// L128-NEXT: :[[#@LINE-3]]:14: warning: read-mostly field 'b' shares cache line 0 (bytes 0-127)
// L128-NEXT: :[[#HOT]]:14: note: 'hot' is written on hot paths
// L512-NEXT: :[[#@LINE-5]]:14: warning: read-mostly field 'b' shares cache line 0 (bytes 0-511)
// L512-NEXT: :[[#HOT]]:14: note: 'hot' is written on hot paths
	char pad[100];
	long c __read_mostly;
// L512-NEXT: :[[#@LINE-1]]:14: warning: read-mostly field 'c' shares cache line 0 (bytes 0-511)
// L512-NEXT: :[[#HOT]]:14: note: 'hot' is written on hot paths
};

_Static_assert(offsetof(struct ls, c) == 128, "premise");
