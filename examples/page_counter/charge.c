// SPDX-License-Identifier: GPL-2.0
/*
 * charge.c - a workload for struct page_counter: THREADS threads (4) each
 * charge and uncharge a two-level hierarchy ITERATIONS times (100000), as
 * memcg's try_charge does: page_counter_try_charge() (page_counter.c) adds
 * to 'usage' at every level while it reads 'max', 'parent' and
 * 'watermark'; the reclaim protection reads 'min' and 'low' and the high
 * limit check reads 'high' on every charge.
 *
 * Built with -fplugin-arg-cachelint-instrument and linked with
 * libcachelint-rt, a run writes the access profile that gives the same
 * findings as the hand annotations in page_counter.h (docs/instrumentation.md,
 * "An example").
 *
 *   charge [THREADS [ITERATIONS]]
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "page_counter.h"

bool page_counter_try_charge(struct page_counter *counter, unsigned long nr_pages,
			     struct page_counter **fail);

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

static struct page_counter root, child;
static unsigned long iterations = 100000;

/* What the charge path reads besides page_counter_try_charge(). */
static bool protected_or_high(const struct page_counter *c)
{
	return READ_ONCE(c->min) + READ_ONCE(c->low) == 1 ||
	       (unsigned long)__atomic_load_n(&c->usage.counter, __ATOMIC_RELAXED) >
		       READ_ONCE(c->high);
}

static void *charger(void *arg)
{
	struct page_counter *fail;
	unsigned long high = 0;

	for (unsigned long i = 0; i < iterations; i++) {
		if (!page_counter_try_charge(&child, 1, &fail))
			continue;
		high += protected_or_high(&child);
		for (struct page_counter *c = &child; c; c = c->parent)
			__atomic_sub_fetch(&c->usage.counter, 1, __ATOMIC_RELAXED);
	}
	return (void *)high;
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 4;
	pthread_t t[64];

	if (argc > 2)
		iterations = strtoul(argv[2], NULL, 10);
	if (threads < 1 || threads > 64) {
		fprintf(stderr, "charge: THREADS must be 1 to 64\n");
		return 2;
	}
	root.max = child.max = ~0UL;
	root.high = child.high = ~0UL;
	child.parent = &root;
	for (int i = 0; i < threads; i++)
		pthread_create(&t[i], NULL, charger, NULL);
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	printf("usage %ld, watermark %lu\n", root.usage.counter, root.watermark);
	return 0;
}
