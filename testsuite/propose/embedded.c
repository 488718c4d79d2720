// An embedded struct moves whole.  mem_cgroup_per_node before the 2024 fix
// (commit "memcg: rearrange fields of mem_cgroup_per_node"), shortened: the
// read-only pointers shared a line with the LRU fields updated on every page
// allocation.  The proposal puts the read-only pointers first and the hot
// fields last, as Shakeel Butt's fix did.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines
#include "cachelint.h"

struct list_head {
	struct list_head *next, *prev;
};

struct lruvec {
	struct list_head lists[5] __write_hot;
	unsigned long anon_cost;
	struct pglist_data *pgdat;
};

struct mem_cgroup_per_node {
	struct lruvec lruvec;
	struct lruvec_stats_percpu *lruvec_stats_percpu __read_mostly;
	struct lruvec_stats *lruvec_stats __read_mostly;
	unsigned long lru_zone_size[4][5] __write_hot;
	struct mem_cgroup_reclaim_iter *iter;
	struct shrinker_info *shrinker_info __read_mostly;
	struct mem_cgroup *memcg __read_mostly;
};

// CHECK:struct mem_cgroup_per_node {
// CHECK-NEXT:	struct lruvec_stats_percpu *lruvec_stats_percpu __read_mostly;
// CHECK-NEXT:	struct lruvec_stats *lruvec_stats __read_mostly;
// CHECK-NEXT:	struct shrinker_info *shrinker_info __read_mostly;
// CHECK-NEXT:	struct mem_cgroup *memcg __read_mostly;
// CHECK-NEXT:	struct mem_cgroup_reclaim_iter *iter;
// CHECK-NEXT:	struct lruvec lruvec __attribute__((__aligned__(64)));
// CHECK-NEXT:	unsigned long lru_zone_size[4][5] __write_hot;
// CHECK-NEXT:};
