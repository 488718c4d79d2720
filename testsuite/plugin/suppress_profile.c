// Per-struct suppression in a profile (`suppress:`), for code that cannot
// carry annotations of its own.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/suppress.yaml -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

struct quiet {
	long hot __write_hot;
	long rm __read_mostly;
};

struct partly {
	long a __write_hot_group("a");
	long b __write_hot_group("b");
	long rm __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct partly' with write-hot field 'a' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-4]]:14: note: 'a' is written on hot paths (write group 'a')
// CHECK-NEXT: :[[#@LINE-3]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct partly' with write-hot field 'b' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-5]]:14: note: 'b' is written on hot paths (write group 'b')
};

struct listed {
	long a __write_hot_group("a");
	long b __write_hot_group("b");
	long rm __read_mostly;
};
