// SPDX-License-Identifier: GPL-2.0
/*
 * A user-space model of mm/page_counter.c as in Linux v5.10, its struct
 * unannotated and unpadded (usage, the limits and parent on cache line
 * 0): the unit whose access map import perf-profile joins the robot's
 * perf-profile lines through (perf_profile.test, docs/kernel.md).
 */
#include <stdbool.h>
#include <stddef.h>

typedef struct {
	long counter;
} atomic_long_t;

struct page_counter {
	atomic_long_t usage;
	unsigned long min;
	unsigned long low;
	unsigned long high;
	unsigned long max;
	struct page_counter *parent;

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

_Static_assert(offsetof(struct page_counter, parent) == 40, "premise: parent on usage's line");

static inline long atomic_long_add_return(long i, atomic_long_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_RELAXED);
}

static inline long atomic_long_read(const atomic_long_t *v)
{
	return __atomic_load_n(&v->counter, __ATOMIC_RELAXED);
}

static inline long atomic_long_xchg(atomic_long_t *v, long i)
{
	return __atomic_exchange_n(&v->counter, i, __ATOMIC_RELAXED);
}

static void propagate_protected_usage(struct page_counter *c, unsigned long usage)
{
	unsigned long protected, old_protected;
	long delta;

	if (!c->parent)
		return;
	if (c->min || atomic_long_read(&c->min_usage)) {
		protected = usage < c->min ? usage : c->min;
		old_protected = (unsigned long)atomic_long_xchg(&c->min_usage, (long)protected);
		delta = (long)(protected - old_protected);
		if (delta)
			atomic_long_add_return(delta, &c->parent->children_min_usage);
	}
	if (c->low || atomic_long_read(&c->low_usage)) {
		protected = usage < c->low ? usage : c->low;
		old_protected = (unsigned long)atomic_long_xchg(&c->low_usage, (long)protected);
		delta = (long)(protected - old_protected);
		if (delta)
			atomic_long_add_return(delta, &c->parent->children_low_usage);
	}
}

void page_counter_cancel(struct page_counter *counter, unsigned long nr_pages)
{
	long new = atomic_long_add_return(-(long)nr_pages, &counter->usage);

	propagate_protected_usage(counter, (unsigned long)new);
}

bool page_counter_try_charge(struct page_counter *counter, unsigned long nr_pages,
			     struct page_counter **fail)
{
	struct page_counter *c;

	for (c = counter; c; c = c->parent) {
		long new = atomic_long_add_return((long)nr_pages, &c->usage);

		if ((unsigned long)new > c->max) {
			atomic_long_add_return(-(long)nr_pages, &c->usage);
			propagate_protected_usage(c, (unsigned long)new);
			c->failcnt++;
			*fail = c;
			return false;
		}
		propagate_protected_usage(c, (unsigned long)new);
		if ((unsigned long)new > c->watermark)
			c->watermark = (unsigned long)new;
	}
	return true;
}

void page_counter_uncharge(struct page_counter *counter, unsigned long nr_pages)
{
	struct page_counter *c;

	for (c = counter; c; c = c->parent)
		page_counter_cancel(c, nr_pages);
}
