/*
 * Workers that each add to 'hits' and read 'limit' -- a counter and the
 * bound beside it -- created and joined one after another: the run never
 * has two of them alive at once, so it cannot say what the line costs when
 * they run together.  -DTOGETHER: the same workers started together on a
 * barrier (shape.h), the control: true sharing of 'hits' and the pair
 * limit/hits.
 */
#include <stdio.h>
#include "shape.h"

struct tally {
	long hits;
	long limit;
};
static struct tally tally __attribute__((aligned(64)));

static void *worker(void *arg)
{
	long n = 0;

	(void)arg;
#ifdef TOGETHER
	double end = shape_start();

	while (!shape_done(end))
#else
	for (int k = 0; k < 2000; k++)
#endif
		for (int i = 0; i < 100; i++)
			if (__atomic_add_fetch(&tally.hits, 1, __ATOMIC_RELAXED) < tally.limit)
				n++;
	return (void *)n;
}

int main(void)
{
	tally.limit = 1L << 40;
#ifdef TOGETHER
	shape_run(4, worker);
#else
	for (int i = 0; i < 4; i++) {
		pthread_t t;

		pthread_create(&t, NULL, worker, NULL);
		pthread_join(t, NULL);
	}
#endif
	printf("%d\n", tally.hits > 0);
	return 0;
}
