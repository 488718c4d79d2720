// -fdiagnostics-parseable-fixits lists the proposal's fix-its, one per
// changed line, each replacing the whole line (no range spans a newline).
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fdiagnostics-parseable-fixits -c %s -o %t.o 2>&1 | FileCheck %s
#include "cachelint.h"

struct s {
	long hot __write_hot;
	long rm __read_mostly;
	long cold;
};

// CHECK: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct s' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: fix-it:"{{.*}}parseable_fixits.c":{[[#LINE:@LINE-6]]:1-[[#@LINE-6]]:23}:"\tlong rm __read_mostly;"
// CHECK-NEXT: fix-it:"{{.*}}parseable_fixits.c":{[[#LINE+1]]:1-[[#LINE+1]]:24}:"\tlong cold;"
// CHECK-NEXT: fix-it:"{{.*}}parseable_fixits.c":{[[#LINE+2]]:1-[[#LINE+2]]:12}:"\tlong hot __write_hot __attribute__((__aligned__(64)));"
// CHECK-NEXT: note: 'hot' is written on hot paths
// CHECK-NEXT: note: proposed reordering of 'struct s': 'hot' aligned to a new line; 24 -> 128 bytes, 1 -> 2 cache lines
