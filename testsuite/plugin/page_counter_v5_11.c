// struct page_counter as in Linux v5.11 (commit "mm: page_counter: relayout
// structure to reduce false sharing"): 'parent' moved to the end, into line 1.
// The limits still share line 0 with 'usage', as Roman Gushchin asked in
// review ("group all mostly-read-only fields ... and separate them").
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

typedef struct {
	long counter;
} atomic_long_t;

struct page_counter {
	atomic_long_t usage __write_hot;
	unsigned long min __read_mostly;
// CHECK: :[[#@LINE-1]]:23: warning: read-mostly field 'min' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: :[[#USAGE:@LINE-3]]:23: note: 'usage' is written on hot paths
	unsigned long low __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:23: warning: read-mostly field 'low' shares cache line 0
// CHECK-NEXT: :[[#USAGE]]:23: note: 'usage' is written on hot paths
	unsigned long high __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:23: warning: read-mostly field 'high' shares cache line 0
// CHECK-NEXT: :[[#USAGE]]:23: note: 'usage' is written on hot paths
	unsigned long max __read_mostly;
// CHECK-NEXT: :[[#@LINE-1]]:23: warning: read-mostly field 'max' shares cache line 0
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

	/*
	 * 'parent' is placed here to be far from 'usage' to reduce
	 * cache false sharing, as 'usage' is written mostly while
	 * parent is frequently read for cgroup's hierarchical
	 * counting nature.
	 */
	struct page_counter *parent __read_mostly;
};

_Static_assert(sizeof(struct page_counter) == 112, "v5.11 layout");
_Static_assert(offsetof(struct page_counter, parent) == 104, "parent in line 1");
