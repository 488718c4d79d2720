/*
 * struct mem_cgroup_per_node (include/linux/memcontrol.h, x86_64, no
 * CONFIG_LRU_GEN, no zswap) as commit 70a64b7919cb ("memcg: dynamically
 * allocate lruvec_stats", Linux 6.10-rc1) left it (FIXED=0), and as
 * fefc6e6631ff ("memcg: rearrange fields of mem_cgroup_per_node") fixed
 * it (FIXED=1).  The first made lruvec_stats a pointer, so the pointers
 * read on every statistics update (memcg, lruvec_stats_percpu,
 * lruvec_stats, shrinker_info) came to share lines with the fields
 * updated on every LRU page allocation and free (the lruvec, and
 * lru_zone_size): will-it-scale page_fault2 lost 38-50%.  The fix put the
 * read-mostly pointers first, the cgroup v1 soft-limit fields between,
 * and the often-updated fields last.  The classes are the seed's
 * (testsuite/cli/diff_gate.test).
 */
#include <stddef.h>
#include "cachelint.h"

#define MAX_NR_ZONES 5
#define NR_LRU_LISTS 5

struct list_head {
	struct list_head *next, *prev;
};

struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
};

struct lruvec {
	struct list_head lists[NR_LRU_LISTS];
	int lru_lock;
	unsigned long anon_cost;
	unsigned long file_cost;
	long nonresident_age;
	unsigned long refaults[2];
	unsigned long flags;
	void *pgdat;
};

struct mem_cgroup_reclaim_iter {
	void *position;
	unsigned int generation;
};

struct mem_cgroup_per_node {
#if FIXED
	/* Keep the read-only fields at the start */
	void *memcg __read_mostly;
	void *lruvec_stats_percpu __read_mostly;
	void *lruvec_stats __read_mostly;
	void *shrinker_info __read_mostly;

	/* memcg-v1 only stuff in the middle, a buffer between the two */
	struct rb_node tree_node;
	unsigned long usage_in_excess;
	_Bool on_tree;

	/* Fields which get updated often at the end. */
	struct lruvec lruvec __write_hot;
	unsigned long lru_zone_size[MAX_NR_ZONES][NR_LRU_LISTS] __write_hot;
	struct mem_cgroup_reclaim_iter iter __write_hot;
#else
	struct lruvec lruvec __write_hot;

	void *lruvec_stats_percpu __read_mostly;
	void *lruvec_stats __read_mostly;

	unsigned long lru_zone_size[MAX_NR_ZONES][NR_LRU_LISTS] __write_hot;

	struct mem_cgroup_reclaim_iter iter __write_hot;

	void *shrinker_info __read_mostly;

	struct rb_node tree_node;
	unsigned long usage_in_excess;
	_Bool on_tree;
	void *memcg __read_mostly;
#endif
};

/* The premise: the same 432 bytes, the pointers beside lru_zone_size before the fix only. */
_Static_assert(sizeof(struct mem_cgroup_per_node) == 432, "432 bytes either way");
_Static_assert(offsetof(struct mem_cgroup_per_node, lruvec_stats_percpu) == (FIXED ? 8 : 144),
	       "lruvec_stats_percpu on line 2 with lru_zone_size before the fix, line 0 after");
_Static_assert(offsetof(struct mem_cgroup_per_node, lru_zone_size) == (FIXED ? 216 : 160),
	       "lru_zone_size from line 2 before the fix, from line 3 after");

struct mem_cgroup_per_node pn;
