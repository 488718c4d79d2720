// struct page_counter as in Linux v5.10: 'usage' is written on every charge,
// 'parent' and the limits are read on every charge, all in cache line 0.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

typedef struct {
	long counter;
} atomic_long_t;

struct page_counter {
	atomic_long_t usage __write_hot;
	unsigned long min __read_mostly;
// CHECK: page_counter_v5_10.c:[[#@LINE-1]]:23: warning: read-mostly field 'min' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: page_counter_v5_10.c:[[#USAGE:@LINE-3]]:23: note: 'usage' is written on hot paths
	unsigned long low __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:23: warning: read-mostly field 'low' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: :[[#USAGE]]:23: note: 'usage' is written on hot paths
	unsigned long high __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:23: warning: read-mostly field 'high' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: :[[#USAGE]]:23: note: 'usage' is written on hot paths
	unsigned long max __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:23: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: :[[#USAGE]]:23: note: 'usage' is written on hot paths
	struct page_counter *parent __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:30: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: :[[#USAGE]]:23: note: 'usage' is written on hot paths

	/* effective memory.min and memory.min usage tracking */
	unsigned long emin;
	atomic_long_t min_usage;
	atomic_long_t children_min_usage;

	/* effective memory.low and memory.low usage tracking */
	unsigned long elow;
	atomic_long_t low_usage;
	atomic_long_t children_low_usage;

	/* legacy */
	unsigned long watermark;
	unsigned long failcnt;
};

/* The premise: 112 bytes, parent in line 0 next to usage. */
_Static_assert(sizeof(struct page_counter) == 112, "v5.10 layout");
_Static_assert(offsetof(struct page_counter, parent) == 40, "parent in line 0");
