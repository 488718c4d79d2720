// The plugin never crashes GCC and never breaks a build that merely loads
// it: erroneous code, -fsyntax-only, `disable`, -Wno-attributes for its own
// attributes (which crashed GCC 12 in register_scoped_attribute), and
// incomplete or variable-size types.
// RUN: not %gcc-cl -DBROKEN -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BROKEN
// BROKEN: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct fine'
// BROKEN: error: unknown type name 'undeclared_t'
// BROKEN-NOT: struct broken
// BROKEN-NOT: internal compiler error
// RUN: %gcc-cl -fsyntax-only %s 2>&1 | %check
// RUN: %gcc-cl -fplugin-arg-cachelint-disable -c %s -o %t.o 2>&1 | %check --check-prefix=DISABLED --allow-empty
// DISABLED-NOT: {{.}}
// RUN: %gcc-cl -Wno-attributes=gnu::cachelint_read_mostly -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOATTR --allow-empty
// NOATTR-NOT: internal compiler error
#include "cachelint.h"

struct incomplete;
struct incomplete *forward(struct incomplete *p) { return p; }

int vla_member(int n)
{
	struct { int len; char buf[n]; long hot __write_hot; } s;
	s.len = n;
	return s.len + (int)sizeof(s);
}

struct fine {
	long hot __write_hot;
	long rm __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct fine' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
};

#ifdef BROKEN
struct broken {
	long hot __write_hot;
	undeclared_t rm __read_mostly;
	long after __read_mostly;
};
#endif
