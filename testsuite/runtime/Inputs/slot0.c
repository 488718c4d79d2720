/* Every thread increments slot 0 of one array: true sharing of that slot. */
#include <stdio.h>
#include "shape.h"

long hits[16];

static void *worker(void *arg)
{
	double end = shape_start();

	(void)arg;
	while (!shape_done(end))
		for (int k = 0; k < 1000; k++)
			__atomic_fetch_add(&hits[0], 1, __ATOMIC_RELAXED);
	return NULL;
}

int main(void)
{
	shape_run(2, worker);
	printf("%d\n", hits[0] > 0);
	return 0;
}
