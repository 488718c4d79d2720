/*
 * A table of per-reader slots (as an RCU or an epoch scheme keeps them):
 * each reader owns one 24-byte slot, found by scanning every slot's pid
 * once when it registers, and bumps its own epoch from then on; a writer
 * scans all slots now and then for the oldest epoch.  -DPADDED: a line
 * per slot, as such tables should be.
 */
#include <stdio.h>
#include "shape.h"

struct rslot {
	long pid;
	long epoch;
	long count;
}
#ifdef PADDED
__attribute__((aligned(64)))
#endif
;
/*
 * On a line boundary, as the test reads it: the linker places an 8-aligned
 * array anywhere, and one 32 bytes into a line gives the two readers' hot
 * slots lines of their own (slot 1 straddles the boundary, its epoch and
 * count past it): no false sharing to find, rightly, in that run.
 */
struct rslot readers[8] __attribute__((aligned(64)));
static pthread_mutex_t reg = PTHREAD_MUTEX_INITIALIZER;
static volatile long oldest;

static struct rslot *reader_register(long pid)
{
	struct rslot *mine = NULL;

	pthread_mutex_lock(&reg);
	for (int i = 0; i < 8 && !mine; i++)
		if (!readers[i].pid)
			mine = &readers[i];
	mine->pid = pid;
	pthread_mutex_unlock(&reg);
	return mine;
}

static void *reader(void *arg)
{
	double end = shape_start();
	struct rslot *s = reader_register((long)arg);

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++) {
			s->epoch++;
			s->count += 2;
		}
	return NULL;
}

static void *writer(void *arg)
{
	double end = shape_start();
	struct timespec ms = { 0, 1000000 };

	(void)arg;
	while (!shape_done(end)) {
		long o = -1;

		for (int i = 0; i < 8; i++)
			if (readers[i].pid && (o < 0 || readers[i].epoch < o))
				o = readers[i].epoch;
		oldest = o;
		nanosleep(&ms, NULL);
	}
	return NULL;
}

static void *role(void *arg)
{
	return (long)arg == 2 ? writer(arg) : reader((void *)((long)arg + 100));
}

int main(void)
{
	shape_run(3, role);
	printf("%d\n", oldest >= -1);
	return 0;
}
