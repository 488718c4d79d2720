// A dotted path refines the class its parent member was given as a whole
// (SPEC.md, "Access profiles"): with 'lruvec: write_hot' and
// 'lruvec.pgdat: read_mostly' in one struct's entry, pgdat is read-mostly
// and lruvec's other leaves are write-hot.  Before, the parent's class made
// lruvec one leaf and the refinement was dropped in silence.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/refine.yaml -fsyntax-only %s 2>&1 | %check
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/refine.yaml -fplugin-arg-cachelint-dump-layout -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=DUMP
#include <stddef.h>

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
// CHECK: :[[#@LINE-1]]:15: warning: read-mostly field 'memcg' shares cache line 0 (bytes 0-63) of 'struct mem_cgroup_per_node' with write-hot field 'lruvec.lists' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-8]]:26: note: 'lruvec.lists' is written on hot paths
	struct lruvec lruvec;
};
// CHECK-NEXT: :[[#@LINE-9]]:29: warning: read-mostly field 'lruvec.pgdat' shares cache line 1 (bytes 64-127) of 'struct mem_cgroup_per_node' with write-hot field 'lruvec.lists' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-12]]:26: note: 'lruvec.lists' is written on hot paths
// CHECK-NEXT: :[[#@LINE-11]]:29: warning: read-mostly field 'lruvec.pgdat' shares cache line 1 (bytes 64-127) of 'struct mem_cgroup_per_node' with write-hot field 'lruvec.anon_cost' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-13]]:23: note: 'lruvec.anon_cost' is written on hot paths

// The model says the same: the refined leaf and the parent's default.
// DUMP:      struct mem_cgroup_per_node: size 104, align 8
// DUMP-NEXT:   memcg: offset 0, size 8, align 8, read_mostly
// DUMP-NEXT:   lruvec: offset 8, size 96, align 8, struct lruvec, write_hot
// DUMP-NEXT:     lruvec.lists: offset 8, size 80, align 8, write_hot
// DUMP-NEXT:     lruvec.anon_cost: offset 88, size 8, align 8, write_hot
// DUMP-NEXT:     lruvec.pgdat: offset 96, size 8, align 8, read_mostly

_Static_assert(offsetof(struct mem_cgroup_per_node, lruvec.pgdat) == 96, "premise: line 1");
_Static_assert(offsetof(struct mem_cgroup_per_node, lruvec.anon_cost) == 88, "premise: line 1");
