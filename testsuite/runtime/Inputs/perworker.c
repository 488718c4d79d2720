/*
 * Per-worker objects (memcached's per-worker LRU bump buffers): each of
 * four workers bumps 'hits' in an object of its own, a line each, and one
 * maintainer reads every object's 'limit' beside it.  Each object's line
 * moves between two threads, its worker and the maintainer, however many
 * workers there are: the pair's threads are counted per object, never
 * summed over the objects (which made it 5).  -DAPART: 'limit' on a line
 * of its own: nothing.
 */
#include <stdio.h>
#include "shape.h"

struct wobj {
	long hits;
#ifdef APART
	long limit __attribute__((aligned(64)));
#else
	long limit;
#endif
} __attribute__((aligned(64)));

_Static_assert(sizeof(struct wobj) == 64 || sizeof(struct wobj) == 128, "a line per object");

static struct wobj objs[4];
static volatile long total;

static void *worker(long i)
{
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++)
			__atomic_store_n(&objs[i].hits, objs[i].hits + 1, __ATOMIC_RELAXED);
	return NULL;
}

static void *maintainer(void)
{
	double end = shape_start();
	long s = 0;

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++)
			for (int i = 0; i < 4; i++)
				s += __atomic_load_n(&objs[i].limit, __ATOMIC_RELAXED);
	total = s;
	return NULL;
}

static void *role(void *arg)
{
	return (long)arg == 4 ? maintainer() : worker((long)arg);
}

int main(void)
{
	for (int i = 0; i < 4; i++)
		objs[i].limit = 100;
	shape_run(5, role);
	printf("%ld\n", total >= 0);
	return 0;
}
