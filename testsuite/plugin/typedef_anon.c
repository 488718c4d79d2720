// `typedef struct {...} name;` is nameless when GCC finishes it; it is
// reported under its typedef name, once.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

typedef struct {
	long hot __write_hot;
	long rm __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'stats_t' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
} stats_t;

stats_t a, b;
stats_t *use(stats_t *p) { return p; }

/*
 * No typedef, no tag: known by its variable's name, as instrument= counts
 * it and a profile names it (instrument_anon.test).
 */
struct {
	long hot __write_hot;
	long rm __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'global_singleton' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
} global_singleton;
