// aligned(64) members start a new line: that is how the kernel separates
// classes (____cacheline_aligned_in_smp), and it must be honoured both with
// the default placement and with alignment=any (the struct is then 64-byte
// aligned, so every placement is the same).
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: %gcc-cl -fplugin-arg-cachelint-alignment=any -c %s -o %t.o 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

struct am {
	long hot __write_hot;
	long rm __attribute__((aligned(64))) __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 1 (bytes 64-127) of 'struct am' with write-hot field 'hot2' [cachelint-false-sharing]
// CHECK-NEXT: :[[#HOT2:@LINE+4]]:14: note: 'hot2' is written on hot paths
	long rm2 __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:14: warning: read-mostly field 'rm2' shares cache line 1 (bytes 64-127) of 'struct am' with write-hot field 'hot2' [cachelint-false-sharing]
// CHECK-NEXT: :[[#HOT2]]:14: note: 'hot2' is written on hot paths
	long hot2 __write_hot;
};

_Static_assert(offsetof(struct am, rm) == 64, "premise");
_Static_assert(_Alignof(struct am) == 64, "premise");
