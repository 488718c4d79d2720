// A struct declared inside a function is checked like any other.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

long f(void)
{
	struct local {
		long hot __write_hot;
		long rm __read_mostly;
// CHECK: :[[#@LINE-1]]:22: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct local' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:22: note: 'hot' is written on hot paths
	} l = { 1, 2 };

	return l.hot + l.rm;
}
