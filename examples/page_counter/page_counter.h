/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct page_counter as in Linux v5.10 (include/linux/page_counter.h),
 * annotated.  Every memory charge adds to 'usage' on every level of the
 * cgroup hierarchy, while the same charge reads 'parent' to walk up and the
 * limits to check them: on 64-bit all of them sit in cache line 0.  perf c2c
 * found the usage/parent false sharing in 2020; v5.11 moved 'parent' to the
 * end (+2.4% to +20.2% on will-it-scale page_fault2).
 */
#ifndef PAGE_COUNTER_H
#define PAGE_COUNTER_H

#include "cachelint.h"

typedef struct {
	long counter;
} atomic_long_t;

struct page_counter {
	atomic_long_t usage __write_hot;	/* written on every charge */
	unsigned long min __read_mostly;	/* limits: read on every charge */
	unsigned long low __read_mostly;
	unsigned long high __read_mostly;
	unsigned long max __read_mostly;
	struct page_counter *parent __read_mostly;	/* walked on every charge */

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

#endif /* PAGE_COUNTER_H */
