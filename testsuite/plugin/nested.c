// Embedded structs are analysed by their leaves ('in.counter').  A pair
// inside one named embedded struct is reported once, by that struct's own
// analysis, not again by every struct that embeds it -- unless the
// embedding is what puts the two on one line.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

struct inner {
	long counter __write_hot;
	long limit __read_mostly;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct inner' with write-hot field 'counter' [cachelint-false-sharing]
// CHECK-NEXT: :[[#COUNTER:@LINE-3]]:14: note: 'counter' is written on hot paths
};

struct outer {
	void *ops __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:15: warning: read-mostly field 'ops' shares cache line 0 (bytes 0-63) of 'struct outer' with write-hot field 'in.counter' [cachelint-false-sharing]
// CHECK-NEXT: :[[#COUNTER]]:14: note: 'in.counter' is written on hot paths
	struct inner in;
	char pad[48];
	struct inner far;
};

/* Three levels: the leaf path names every level. */
struct outermost {
	long stat __write_hot;
	struct outer o;
};
// CHECK-NEXT: :[[#@LINE-13]]:15: warning: read-mostly field 'o.ops' shares cache line 0 (bytes 0-63) of 'struct outermost' with write-hot field 'stat' [cachelint-false-sharing]
// CHECK-NEXT: :[[#STAT:@LINE-4]]:14: note: 'stat' is written on hot paths
// CHECK-NEXT: :[[#@LINE-21]]:14: warning: read-mostly field 'o.in.limit' shares cache line 0 (bytes 0-63) of 'struct outermost' with write-hot field 'stat' [cachelint-false-sharing]
// CHECK-NEXT: :[[#STAT]]:14: note: 'stat' is written on hot paths

/* Apart when line-aligned on their own ... */
struct spaced {
	char head[56];
	long hot __write_hot;
	long rm __read_mostly;
};

/* ... but on one line at offset 8 inside another struct. */
struct host {
	long x;
	struct spaced s;
};
// CHECK-NEXT: :[[#@LINE-8]]:14: warning: read-mostly field 's.rm' shares cache line 1 (bytes 64-127) of 'struct host' with write-hot field 's.hot' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-10]]:14: note: 's.hot' is written on hot paths

_Static_assert(offsetof(struct outer, far) == 72, "premise");
_Static_assert(offsetof(struct host, s.hot) == 64, "premise");
_Static_assert(offsetof(struct host, s.rm) == 72, "premise");
