/*
 * Variables that are not plain file-scope definitions: a function's static
 * (memcached's next_crawls in lru_maintainer_crawler_check) and a global
 * defined after an extern declaration (memcached's lru_locks, declared in
 * a header).  Both threads add to element 0 of each: true sharing, found
 * at their definitions by the lint and by the DWARF reader, never "no
 * input defines".  -DONE: only the first thread adds: nothing.
 */
#include <stdio.h>
#include "shape.h"

extern long locks[16];
long locks[16];

static long crawl(long i)
{
	static long next_crawls[16];

#ifdef ONE
	if (i)
		return 0;
#endif
	__atomic_fetch_add(&next_crawls[0], 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&locks[0], 1, __ATOMIC_RELAXED);
	return next_crawls[0];
}

static void *worker(void *arg)
{
	long i = (long)arg, s = 0;
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++)
			s += crawl(i);
	return (void *)s;
}

int main(void)
{
	shape_run(2, worker);
	printf("%ld\n", locks[0]);
	return 0;
}
