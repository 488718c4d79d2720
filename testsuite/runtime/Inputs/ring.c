/*
 * A ring's indexes as one array member (a peer corpus's shape): the
 * producer writes idx[0], the consumer idx[1], elements of one member on
 * one line.  -DPADDED gives each index a line of its own (an element type
 * aligned to the line).
 */
#include <stddef.h>
#include <stdio.h>
#include "shape.h"

#ifdef PADDED
struct slot { long v; } __attribute__((aligned(64)));
#define IDX(p, i) (p)->idx[i].v
#else
#define IDX(p, i) (p)->idx[i]
#endif

struct ring {
#ifdef PADDED
	struct slot idx[2];
#else
	long idx[2];
#endif
	long size;
};

#ifdef PADDED
_Static_assert(offsetof(struct ring, idx[1]) == 64, "idx[1] on a line of its own");
#else
_Static_assert(offsetof(struct ring, idx[1]) == 8, "idx[0] and idx[1] on one line");
#endif

static struct ring r __attribute__((aligned(64)));

static void *worker(void *arg)
{
	long i = (long)arg;
	struct ring *p = &r;
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++)
			IDX(p, i)++;
	return NULL;
}

int main(void)
{
	r.size = 2;
	shape_run(2, worker);
	printf("%d\n", IDX(&r, 0) + IDX(&r, 1) > 0);
	return 0;
}
