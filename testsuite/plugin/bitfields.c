// Bit-fields: a read-mostly bit-field in the same word as a write-hot one is
// the worst case (every write is a read-modify-write of the word); full-width
// bit-fields (DECL_BIT_FIELD is 0 for them in GCC) are bit-fields too.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

struct bits {
	unsigned int hot:4 __write_hot;
	unsigned int mode:3 __read_mostly;
// CHECK: :[[#@LINE-1]]:22: warning: read-mostly field 'mode' shares cache line 0 (bytes 0-63) of 'struct bits' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:22: note: 'hot' is written on hot paths
	char pad[60];
	unsigned int full:32 __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:22: warning: read-mostly field 'full' shares cache line 1 (bytes 64-127) of 'struct bits' with write-hot field 'more' [cachelint-false-sharing]
	unsigned int more:31 __write_hot;
// CHECK-NEXT: :[[#@LINE-1]]:22: note: 'more' is written on hot paths
	unsigned int :0;
	unsigned int :5;
	unsigned int tail:2 __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:22: warning: read-mostly field 'tail' shares cache line 1 (bytes 64-127) of 'struct bits' with write-hot field 'more' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-6]]:22: note: 'more' is written on hot paths
};

_Static_assert(sizeof(struct bits) == 76, "premise: full at byte 64, more at 68, tail at 72");
