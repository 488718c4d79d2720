// SPDX-License-Identifier: GPL-2.0
/*
 * A user-space model of the charge path of mm/page_counter.c (v5.10): the
 * code that the layout of struct page_counter makes slow.
 */
#include <stdbool.h>

#include "page_counter.h"

bool page_counter_try_charge(struct page_counter *counter, unsigned long nr_pages,
			     struct page_counter **fail)
{
	struct page_counter *c;

	for (c = counter; c; c = c->parent) {
		long new = __atomic_add_fetch(&c->usage.counter, (long)nr_pages,
					      __ATOMIC_RELAXED);

		if ((unsigned long)new > c->max) {
			__atomic_sub_fetch(&c->usage.counter, (long)nr_pages, __ATOMIC_RELAXED);
			c->failcnt++;
			*fail = c;
			return false;
		}
		if ((unsigned long)new > c->watermark)
			c->watermark = (unsigned long)new;
	}
	return true;
}
