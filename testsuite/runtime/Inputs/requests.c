/*
 * memcached's stats_state as its workers use it (requests.test): each
 * request does work of its own for about a millisecond (here a walk of a
 * buffer of its own), then replaces an item, which updates the counters
 * twice under one lock, a few microseconds apart (the old item unlinked,
 * the new one linked).  Every worker writes the counters: true sharing.
 * It prints how many times an update found the counters last updated by
 * another worker: each of those moved their line.
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
static long last_writer = -1, moves;	/* under stats_lock */
#define BUF (8u << 20)
static unsigned char *buf[4];

/* @n steps of a walk of this worker's buffer, a few ns each */
static void walk(long me, unsigned *at, int n)
{
	for (int k = 0; k < n; k++, *at = (*at + 4160) % BUF)
		buf[me][*at]++;
}

/* Under stats_lock: worker @me's update, one more move if another's came last. */
static void count_move(long me)
{
	moves += last_writer != me;
	last_writer = me;
}

static void __attribute__((noinline)) unlink_item(long me)
{
	pthread_mutex_lock(&stats_lock);
	count_move(me);
	stats_state.curr_items -= 1;
	stats_state.curr_bytes -= 48;
	pthread_mutex_unlock(&stats_lock);
}

static void __attribute__((noinline)) link_item(long me)
{
	pthread_mutex_lock(&stats_lock);
	count_move(me);
	stats_state.curr_items += 1;
	stats_state.curr_bytes += 48;
	pthread_mutex_unlock(&stats_lock);
}

static void *worker(void *arg)
{
	long me = (long)arg;
	unsigned at = 0;
	double end;

	buf[me] = calloc(BUF, 1);
	end = shape_start();
	while (!shape_done(end)) {
		walk(me, &at, 100000);	/* the request */
		unlink_item(me);
		walk(me, &at, 200);	/* the new item made */
		link_item(me);
	}
	return NULL;
}

int main(void)
{
	shape_run(4, worker);
	printf("moves: %ld\n", moves);
	return 0;
}
