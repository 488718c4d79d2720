// Per-struct suppression in the source: __cachelint_suppress("rule") on the
// struct definition (before the tag or after the closing brace), "all" for
// every rule.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

struct __cachelint_suppress("cachelint-false-sharing") quiet {
	long hot __write_hot;
	long rm __read_mostly;
};

struct partly {
	long hot __write_hot_group("a");
	long other __write_hot_group("b");
	long rm __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct partly' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-4]]:14: note: 'hot' is written on hot paths (write group 'a')
// CHECK-NEXT: :[[#@LINE-3]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct partly' with write-hot field 'other' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-5]]:14: note: 'other' is written on hot paths (write group 'b')
} __cachelint_suppress("cachelint-write-groups");

struct all_quiet {
	long hot __write_hot_group("a");
	long other __write_hot_group("b");
	long rm __read_mostly;
} __cachelint_suppress("all");
