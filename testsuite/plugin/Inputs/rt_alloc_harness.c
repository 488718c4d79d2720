/*
 * rt_alloc_harness.c - libcachelint-rt's allocation table (runtime/rt_alloc.c)
 * on allocations made up for it: overlapping blocks (memory freed and
 * handed out again), zero-size ones, and more than the table holds.
 * ./harness fill: the table overfilled; otherwise the overlaps.
 */
#include <stdio.h>
#include <string.h>

#include "cachelint-rt.h"
#include "rt_alloc_test.h"

static void ask(uintptr_t addr)
{
	uintptr_t start = 0;
	const char *site = rt_alloc_site(addr, &start);

	if (site)
		printf("%#lx: %s (from %#lx)\n", (unsigned long)addr, site, (unsigned long)start);
	else
		printf("%#lx: none\n", (unsigned long)addr);
}

/* blocks recorded in this order: the later ones are the more recent */
static void overlaps(void)
{
	__libcachelint_rt_alloc_v3((void *)0x1000, 0x1000, "a.c:1");	/* [0x1000, 0x2000) */
	__libcachelint_rt_alloc_v3((void *)0x1500, 0x100, "b.c:2");	/* inside a */
	__libcachelint_rt_alloc_v3((void *)0x1000, 0x100, "c.c:3");	/* a's start again */
	__libcachelint_rt_alloc_v3((void *)0x1f00, 0x200, "d.c:4");	/* over a's end */
	__libcachelint_rt_alloc_v3((void *)0x3000, 0, "e.c:5");	/* malloc(0): no byte */
	__libcachelint_rt_alloc_v3(NULL, 16, "f.c:6");			/* failed: not recorded */
	__libcachelint_rt_alloc_v3((void *)0x1400, 0x10, "g.c:7");	/* inside a, the newest */
	static const uintptr_t addrs[] = {
		0xfff, 0x1000, 0x10ff, 0x1100, 0x1400, 0x140f, 0x1410, 0x1550, 0x1600, 0x1eff,
		0x1f00, 0x20ff, 0x2100, 0x3000,
	};

	for (size_t i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++)
		ask(addrs[i]);
}

/* more allocations than entries: the first RT_ALLOC_KEEP stay, the ring keeps the newest */
static void fill(void)
{
	static const char *const sites[] = { "even.c:1", "odd.c:2" };
	uint64_t n = (uint64_t)RT_ALLOC_ENTRIES + 10;
	uint64_t recorded, kept, replaced, lost;

	for (uint64_t t = 0; t < n; t++)
		__libcachelint_rt_alloc_v3((void *)(uintptr_t)(0x100000 + 16 * t), 16, sites[t & 1]);
	rt_alloc_stats(&recorded, &kept, &replaced, &lost);
	printf("recorded %llu, kept %llu, replaced %llu, lost %llu\n",
	       (unsigned long long)recorded, (unsigned long long)kept,
	       (unsigned long long)replaced, (unsigned long long)lost);
	ask(0x100000);					/* the first: kept */
	ask(0x100000 + 16 * ((uint64_t)RT_ALLOC_KEEP - 1));	/* the last kept */
	ask(0x100000 + 16 * (uint64_t)RT_ALLOC_KEEP);		/* the ring's first: replaced */
	ask(0x100000 + 16 * ((uint64_t)RT_ALLOC_KEEP + 9));	/* the last replaced */
	ask(0x100000 + 16 * ((uint64_t)RT_ALLOC_KEEP + 10));	/* the oldest still there */
	ask(0x100000 + 16 * (n - 1));				/* the newest */
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "fill"))
		fill();
	else
		overlaps();
	return 0;
}
