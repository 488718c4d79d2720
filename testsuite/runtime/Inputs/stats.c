/*
 * Global counters that every worker updates under one lock now and then,
 * between requests of its own (memcached's stats_state.curr_items): true
 * sharing of the counters, written by every worker.
 */
#include <stdio.h>
#include "shape.h"

struct stats_state {
	unsigned long curr_items;
	unsigned long curr_bytes;
	unsigned long curr_conns;
};
struct stats_state stats_state;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long work[4][64];

static void *worker(void *arg)
{
	long me = (long)arg;
	double end = shape_start();

	while (!shape_done(end)) {
		/* a request of its own */
		for (int k = 0; k < 400; k++)
			work[me][k & 63] += k;
		pthread_mutex_lock(&stats_lock);
		stats_state.curr_items += 1;
		stats_state.curr_bytes += 48;
		pthread_mutex_unlock(&stats_lock);
	}
	return NULL;
}

int main(void)
{
	shape_run(2, worker);
	printf("%d\n", stats_state.curr_items > 0);
	return 0;
}
