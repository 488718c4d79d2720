// A source annotation and a profile that disagree: the annotation is stale
// or the profile is.  cachelint-annotation-mismatch says so at the field; the
// source annotation stays in force.  Entries naming members the struct lacks
// are cachelint-profile warnings at the struct.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/mismatch.yaml -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

struct inner {
	int x;
};

struct conn {
	long refs __write_hot;
	int state __read_mostly;
	struct inner inner;
};
// CHECK: :[[#STATE:@LINE-3]]:13: warning: field 'state' of 'struct conn' is annotated read-mostly in the source but the profile at {{.*}}mismatch.yaml:4:5 says write-hot [cachelint-annotation-mismatch]
// CHECK-NEXT: :[[#CONN:@LINE-6]]:8: warning: profile entry 'nosuch' at {{.*}}mismatch.yaml:6:5 names no member of 'struct conn' [cachelint-profile]
// CHECK-NEXT: :[[#CONN]]:8: warning: profile entry 'inner.nosuch' at {{.*}}mismatch.yaml:7:5 names no member of 'struct conn' [cachelint-profile]
// CHECK-NEXT: :[[#STATE]]:13: warning: read-mostly field 'state' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-8]]:14: note: 'refs' is written on hot paths
