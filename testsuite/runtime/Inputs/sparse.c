/*
 * A cache of many entries, each on a line of its own, that four threads
 * look up at random: each reads an entry's key and length and bumps its
 * hit count.  Every line is shared, but each thread touches any one entry
 * rarely: a run gives a line a sample or two per thread, never a run of
 * them to place another thread's accesses in (as memcached's items, one
 * of thousands each).  The threads live together all along, and that
 * decides.  -DOWN: each thread looks up only its own quarter of the
 * entries, and no line is shared.
 */
#include <stdio.h>
#include "shape.h"

struct entry {
	long key;
	long len;
	long hits;
} __attribute__((aligned(64)));
#define ENTRIES 65536
static struct entry cache[ENTRIES];
static volatile long seen;

static void *lookup(void *arg)
{
	double end = shape_start();
	unsigned long x = 0x9e3779b97f4a7c15ul * ((unsigned long)arg + 1);
	long s = 0;

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++) {
			struct entry *e;

			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
#ifdef OWN
			e = &cache[(x % (ENTRIES / 4)) * 4 + (unsigned long)arg];
#else
			e = &cache[x % ENTRIES];
#endif
			s += e->key + e->len;
			__atomic_fetch_add(&e->hits, 1, __ATOMIC_RELAXED);
		}
	seen = s;
	return NULL;
}

int main(void)
{
	for (int i = 0; i < ENTRIES; i++) {
		cache[i].key = i;
		cache[i].len = 16;
	}
	shape_run(4, lookup);
	printf("%d\n", seen >= 0);
	return 0;
}
