/*
 * page_counter_try_charge()'s loop (Linux v5.10, mm/page_counter.c) on
 * struct page_counter as it was then: four threads each add to 'usage'
 * atomically and read 'max' and 'parent' in the same loop.  Between one
 * CPU's add and its read of 'parent', another CPU's add takes the line:
 * the reads of 'max' and 'parent' miss too, false sharing a layout saves
 * (v5.11 moved 'parent' off the line, +2.4% to +20.2% on page_fault2),
 * beside the true sharing of 'usage' that no layout saves.
 */
#include <stdio.h>
#include "shape.h"

struct page_counter {
	long usage;
	unsigned long min;
	unsigned long low;
	unsigned long high;
	unsigned long max;
	struct page_counter *parent;
	unsigned long emin;
	long min_usage;
	long children_min_usage;
	unsigned long elow;
	long low_usage;
	long children_low_usage;
	unsigned long watermark;
	unsigned long failcnt;
};
_Static_assert(__builtin_offsetof(struct page_counter, parent) == 40,
	       "usage, max and parent share line 0");

static struct page_counter root __attribute__((aligned(64))), child __attribute__((aligned(64)));

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

/* page_counter_try_charge(): every level's usage, checked against its max */
static int try_charge(struct page_counter *counter, unsigned long nr_pages)
{
	struct page_counter *c;

	for (c = counter; c; c = READ_ONCE(c->parent)) {
		long new = __atomic_add_fetch(&c->usage, (long)nr_pages, __ATOMIC_RELAXED);

		if ((unsigned long)new > READ_ONCE(c->max)) {
			__atomic_sub_fetch(&c->usage, (long)nr_pages, __ATOMIC_RELAXED);
			return 0;
		}
	}
	return 1;
}

static void uncharge(struct page_counter *counter, unsigned long nr_pages)
{
	for (struct page_counter *c = counter; c; c = READ_ONCE(c->parent))
		__atomic_sub_fetch(&c->usage, (long)nr_pages, __ATOMIC_RELAXED);
}

static void *charger(void *arg)
{
	double end = shape_start();

	(void)arg;
	while (!shape_done(end))
		for (int i = 0; i < 100; i++)
			if (try_charge(&child, 1))
				uncharge(&child, 1);
	return NULL;
}

int main(void)
{
	root.max = child.max = ~0UL;
	child.parent = &root;
	shape_run(4, charger);
	printf("%ld\n", root.usage);
	return 0;
}
