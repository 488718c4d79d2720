/*
 * An array of 24-byte per-thread structs (redis's IOThread counters):
 * main sets each one's id before starting the thread that owns it; each
 * thread then counts in its own struct, three to a line.
 */
#include <stdio.h>
#include "shape.h"

struct iot {
	long id;
	long processed;
	long pending;
};
struct iot io_threads[4] __attribute__((aligned(64)));	/* from a line's start, wherever linked */

static void *io_thread(void *arg)
{
	struct iot *t = &io_threads[(long)arg];
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++) {
			t->processed++;
			t->pending = t->processed & 7;
		}
	return NULL;
}

int main(void)
{
	long sum = 0;

	for (long i = 0; i < 4; i++)
		io_threads[i].id = i;
	shape_run(2, io_thread);
	for (int i = 0; i < 4; i++)
		sum += io_threads[i].processed;
	printf("%d\n", sum > 0);
	return 0;
}
