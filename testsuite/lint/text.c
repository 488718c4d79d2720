// The text format is the GCC plugin's output, byte for byte: the same lines
// from both front ends, with GCC's display columns (a tab advances to the next
// multiple of 8, a two-byte UTF-8 character is one column).
// RUN: %cachelint lint --fail-on none %s -- -I%annotations | %check
// RUN: %cachelint lint %s -- -I%annotations > %t.lint; test $? -eq 1
// RUN: %gcc-cl -fsyntax-only %s 2> %t.gcc
// RUN: diff %t.gcc %t.lint
#include <stddef.h>
#include "cachelint.h"

struct text {
	long hot __write_hot;
	/* é */ long rm __read_mostly;
// CHECK: text.c:[[#@LINE-1]]:22: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct text' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: text.c:[[#@LINE-3]]:14: note: 'hot' is written on hot paths
        long spaces __read_mostly;
// CHECK-NEXT: text.c:[[#@LINE-1]]:14: warning: read-mostly field 'spaces' shares cache line 0 (bytes 0-63) of 'struct text' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: text.c:[[#@LINE-6]]:14: note: 'hot' is written on hot paths
	char pad[64];
	long far __read_mostly;
};

_Static_assert(offsetof(struct text, far) == 88, "premise: far is in line 1");
