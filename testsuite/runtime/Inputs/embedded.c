/*
 * memcached's thread_stats: a stats struct embedded in each worker's own
 * record (LIBEVENT_THREAD), the workers in one calloc'd array, a line or
 * more each; every worker counts in its own stats, main sums them after
 * the join.  The counts put the workers on one path, which writes every
 * stats field from several threads; only the run's evidence says they
 * never write the same one.  Beside it, 'total', which every worker bumps
 * too: true sharing, the positive control.
 */
#include <stdio.h>
#include "shape.h"

struct stats {
	long gets;
	long sets;
};

struct worker {
	long id;
	struct stats stats;
} __attribute__((aligned(64)));

struct total {
	long requests;
};

static struct worker *workers;
static struct total total;

static void *worker(void *arg)
{
	struct worker *me = &workers[(long)arg];
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++) {
			me->stats.gets++;
			if (!(k & 7))
				me->stats.sets++;
			if (!(k & 255))
				__atomic_fetch_add(&total.requests, 1, __ATOMIC_RELAXED);
		}
	return NULL;
}

int main(void)
{
	long gets = 0;

	workers = aligned_alloc(64, 2 * sizeof(*workers));
	for (long i = 0; i < 2; i++)
		workers[i] = (struct worker){ .id = i };
	shape_run(2, worker);
	for (long i = 0; i < 2; i++)
		gets += workers[i].stats.gets;
	printf("%d\n", gets > 0);
	free(workers);
	return 0;
}
