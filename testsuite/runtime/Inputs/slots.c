/*
 * Per-thread counter slots in one array (valkey's used_memory_thread[]):
 * each thread adds to its own element, main sums them after joining the
 * threads.  -DPADDED gives each slot a line of its own.
 */
#include <stdio.h>
#include "shape.h"

#ifdef PADDED
struct slot { long v; } __attribute__((aligned(64)));
#define V(i) used_memory_thread[i].v
#else
struct slot { long v; };
#define V(i) used_memory_thread[i].v
#endif
struct slot used_memory_thread[16] __attribute__((aligned(64)));	/* slots 0 and 1 on one line */

static void *worker(void *arg)
{
	long i = (long)arg;
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++)
			V(i)++;
	return NULL;
}

int main(void)
{
	long sum = 0;

	shape_run(2, worker);
	for (int i = 0; i < 16; i++)
		sum += V(i);
	printf("%d\n", sum > 0);
	return 0;
}
