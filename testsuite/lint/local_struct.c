// libclang skips function bodies (half of clang's time on kernel files);
// a unit whose bodies define a struct that could have a finding (annotated,
// or named by a profile) is parsed again whole, so local structs are
// checked as the plugin checks them.  A body in a block that the
// preprocessor left out does not count.
// RUN: %cachelint lint --fail-on none %s -- -I%annotations | %check
// RUN: printf 'cachelint-profile: 1\nstructs:\n  profiled_local:\n    a: write_hot\n    b: read_mostly\n' > %t.yaml
// RUN: %cachelint lint --fail-on none --profile %t.yaml %s -- -I%annotations | FileCheck %s --check-prefixes=CHECK,PROF --implicit-check-not=warning: --implicit-check-not=note:
#include <stddef.h>
#include "cachelint.h"

int annotated(void)
{
	struct local {
		long a __write_hot;
		long b __read_mostly;
	} x = { 0, 0 };
	_Static_assert(offsetof(struct local, b) == 8, "one line");
	return (int)x.a;
}
// CHECK: local_struct.c:[[#@LINE-5]]:22: warning: read-mostly field 'b' shares cache line 0 (bytes 0-63) of 'struct local' with write-hot field 'a' [cachelint-false-sharing]
// CHECK-NEXT: local_struct.c:[[#@LINE-7]]:22: note: 'a' is written on hot paths

int profiled(void)
{
	struct profiled_local {
		long a;
		long b;
	} y = { 0, 0 };
	return (int)y.b;
}
// PROF: local_struct.c:[[#@LINE-4]]:22: warning: read-mostly field 'b' shares cache line 0 (bytes 0-63) of 'struct profiled_local' with write-hot field 'a' [cachelint-false-sharing]
// PROF-NEXT: local_struct.c:[[#@LINE-6]]:22: note: 'a' is written on hot paths
