// The annotation macros are seen by name even where the build defines them
// to nothing (the kernel, a project's fallback header): from the detailed
// preprocessing record, matched against each field's whole declaration,
// including fields declared together and suppressions on the struct.
// RUN: %cachelint lint --fail-on none %s | %check
// RUN: %cachelint lint --dump-layout=%t.dump %s > /dev/null; test $? -eq 1
// RUN: FileCheck %s --check-prefix=DUMP --input-file %t.dump --match-full-lines
#include <stddef.h>

#define __read_mostly
#define __read_mostly_field
#define __write_hot
#define __write_hot_group(g)
#define __cachelint_suppress(rule)

struct kernel_style {
	long usage __write_hot;
	unsigned long max __read_mostly, min;
	long rx __write_hot_group("rx"), tx __write_hot_group("t" "x");
	struct {
		int inner __read_mostly_field;
	} named;
	/* __read_mostly in a comment is not an annotation */ int plain;
};
// CHECK: empty_macros.c:[[#MAX:@LINE-7]]:23: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct kernel_style' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: empty_macros.c:[[#USAGE:@LINE-9]]:14: note: 'usage' is written on hot paths
// CHECK-NEXT: empty_macros.c:[[#MAX]]:23: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct kernel_style' with write-hot field 'rx' [cachelint-false-sharing]
// CHECK-NEXT: empty_macros.c:[[#RX:@LINE-9]]:14: note: 'rx' is written on hot paths (write group 'rx')
// CHECK-NEXT: empty_macros.c:[[#MAX]]:23: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct kernel_style' with write-hot field 'tx' [cachelint-false-sharing]
// CHECK-NEXT: empty_macros.c:[[#RX]]:42: note: 'tx' is written on hot paths (write group 'tx')
// CHECK-NEXT: empty_macros.c:[[#INNER:@LINE-10]]:21: warning: read-mostly field 'named.inner' shares cache line 0 (bytes 0-63) of 'struct kernel_style' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: empty_macros.c:[[#USAGE]]:14: note: 'usage' is written on hot paths
// CHECK-NEXT: empty_macros.c:[[#INNER]]:21: warning: read-mostly field 'named.inner' shares cache line 0 (bytes 0-63) of 'struct kernel_style' with write-hot field 'rx' [cachelint-false-sharing]
// CHECK-NEXT: empty_macros.c:[[#RX]]:14: note: 'rx' is written on hot paths (write group 'rx')
// CHECK-NEXT: empty_macros.c:[[#INNER]]:21: warning: read-mostly field 'named.inner' shares cache line 0 (bytes 0-63) of 'struct kernel_style' with write-hot field 'tx' [cachelint-false-sharing]
// CHECK-NEXT: empty_macros.c:[[#RX]]:42: note: 'tx' is written on hot paths (write group 'tx')
// CHECK-NEXT: empty_macros.c:[[#RX]]:14: warning: write-hot field 'rx' (group 'rx') shares cache line 0 (bytes 0-63) of 'struct kernel_style' with write-hot field 'tx' (group 'tx') [cachelint-write-groups]
// CHECK-NEXT: empty_macros.c:[[#RX]]:42: note: 'tx' is written on hot paths (write group 'tx')

struct __cachelint_suppress("cachelint-false-sharing") quiet {
	long hot __write_hot;
	long rm __read_mostly;
};

struct after {
	long hot __write_hot;
	long rm __read_mostly;
} __cachelint_suppress("all");

// DUMP:struct kernel_style: size 48, align 8
// DUMP-NEXT:  usage: offset 0, size 8, align 8, write_hot
// DUMP-NEXT:  max: offset 8, size 8, align 8, read_mostly
// DUMP-NEXT:  min: offset 16, size 8, align 8, none
// DUMP-NEXT:  rx: offset 24, size 8, align 8, write_hot(rx)
// DUMP-NEXT:  tx: offset 32, size 8, align 8, write_hot(tx)
// DUMP-NEXT:  named: offset 40, size 4, align 4, struct <anonymous>, none
// DUMP-NEXT:    named.inner: offset 40, size 4, align 4, read_mostly
// DUMP-NEXT:  plain: offset 44, size 4, align 4, none
// DUMP-NEXT:struct quiet: size 16, align 8
// DUMP-NEXT:  hot: offset 0, size 8, align 8, write_hot
// DUMP-NEXT:  rm: offset 8, size 8, align 8, read_mostly
// DUMP-NEXT:struct after: size 16, align 8
// DUMP-NEXT:  hot: offset 0, size 8, align 8, write_hot
// DUMP-NEXT:  rm: offset 8, size 8, align 8, read_mostly

_Static_assert(offsetof(struct kernel_style, named) == 40, "premise");
