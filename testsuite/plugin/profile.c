// Profiles annotate structs out of source: classes by name, by counts
// (inferred, and a note says from which counts, once per field), by path
// into an embedded struct ('lruvec.pgdat'), and write groups.  A profile
// struct the unit never defines is not a finding.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/memcg.yaml -c %s -o %t.o 2>&1 | %check
#include <stddef.h>

typedef struct {
	long counter;
} atomic_long_t;

struct page_counter {
	atomic_long_t usage;
	unsigned long min;
// CHECK: :[[#MIN:@LINE-1]]:23: warning: read-mostly field 'min' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: :[[#USAGE:@LINE-3]]:23: note: 'usage' is written on hot paths
// CHECK-NEXT: :[[#MIN]]:23: note: 'min' is read-mostly, inferred from reads 912345, writes 12 at {{.*}}memcg.yaml:6:5
// CHECK-NEXT: :[[#MIN]]:23: warning: read-mostly field 'min' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'watermark' [cachelint-false-sharing]
// CHECK-NEXT: :[[#WATERMARK:@LINE+11]]:23: note: 'watermark' is written on hot paths
// CHECK-NEXT: :[[#WATERMARK]]:23: note: 'watermark' is write-hot, inferred from reads 1000, writes 400000 at {{.*}}memcg.yaml:8:5
	unsigned long low;
	unsigned long high;
	unsigned long max;
	struct page_counter *parent;
// CHECK-NEXT: :[[#PARENT:@LINE-1]]:30: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: :[[#USAGE]]:23: note: 'usage' is written on hot paths
// CHECK-NEXT: :[[#PARENT]]:30: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'watermark' [cachelint-false-sharing]
// CHECK-NEXT: :[[#WATERMARK]]:23: note: 'watermark' is written on hot paths
	unsigned long emin;
	unsigned long watermark;
	unsigned long failcnt;
};

struct list_head {
	struct list_head *next, *prev;
};

struct lruvec {
	struct list_head lists[5];
	unsigned long anon_cost;
	struct pglist_data *pgdat;
};

struct mem_cgroup_per_node {
	void *memcg;
	struct lruvec lruvec;
};
// CHECK-NEXT: :[[#@LINE-7]]:29: warning: read-mostly field 'lruvec.pgdat' shares cache line 1 (bytes 64-127) of 'struct mem_cgroup_per_node' with write-hot field 'lruvec.lists' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-10]]:26: note: 'lruvec.lists' is written on hot paths

struct stats {
	unsigned long rx_packets;
// CHECK-NEXT: :[[#@LINE-1]]:23: warning: write-hot field 'rx_packets' (group 'rx') shares cache line 0 (bytes 0-63) of 'struct stats' with write-hot field 'tx_packets' (group 'tx') [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE+1]]:23: note: 'tx_packets' is written on hot paths (write group 'tx')
	unsigned long tx_packets;
};

_Static_assert(offsetof(struct mem_cgroup_per_node, lruvec.pgdat) == 96, "premise: line 1");
