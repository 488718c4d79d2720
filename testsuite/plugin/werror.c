// Under -Werror (the kernel's CONFIG_WERROR) cachelint's warnings stay
// warnings: loading the plugin never breaks a build.  The `werror` argument
// makes them errors for builds that gate on them.  -w silences them.
// RUN: %gcc-cl -Werror -Wall -c %s -o %t.o 2>&1 | %check
// RUN: not %gcc-cl -fplugin-arg-cachelint-werror -c %s -o %t.o 2>&1 | %check --check-prefix=GATE
// RUN: %gcc-cl -w -c %s -o %t.o 2>&1 | %check --check-prefix=QUIET --allow-empty
// RUN: not %gcc-cl -w -fplugin-arg-cachelint-werror -c %s -o %t.o 2>&1 | %check --check-prefix=GATE
#include "cachelint.h"

struct s {
	long hot __write_hot;
	long rm __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct s' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
// GATE: :[[#@LINE-3]]:14: error: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct s' with write-hot field 'hot' [cachelint-false-sharing]
// GATE-NEXT: :[[#@LINE-5]]:14: note: 'hot' is written on hot paths
// QUIET-NOT: {{.}}
};
