/*
 * A producer fills a job and hands it to a consumer through a queue; the
 * consumer works on it and hands it back: each job is used by one thread
 * at a time, one after the other.  -DTOGETHER: the producer keeps updating
 * a job's progress while the consumer reads its data, at the same time.
 */
#include <stdio.h>
#include "shape.h"

struct job {
	long data[4];
	long progress;
	long done;
} __attribute__((aligned(64)));	/* a line each: jobs are used one at a time */
static struct job jobs[8];
static struct job *queue[2][8];
static int qn[2];
static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qcond = PTHREAD_COND_INITIALIZER;
static volatile long seen;

/* Hand @j to side @to (0: producer, 1: consumer). */
static void put(int to, struct job *j)
{
	pthread_mutex_lock(&qlock);
	queue[to][qn[to]++] = j;
	pthread_cond_broadcast(&qcond);
	pthread_mutex_unlock(&qlock);
}

static struct job *take(int side, double end)
{
	struct job *j = NULL;
	struct timespec ts;

	pthread_mutex_lock(&qlock);
	while (!qn[side] && !shape_done(end)) {
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 1000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&qcond, &qlock, &ts);
	}
	if (qn[side])
		j = queue[side][--qn[side]];
	pthread_mutex_unlock(&qlock);
	return j;
}

static void *producer(void *arg)
{
	double end = shape_start();
	struct job *j;

	(void)arg;
	for (int i = 0; i < 8; i++)
		put(1, &jobs[i]);
	while ((j = take(0, end))) {
		for (int k = 0; k < 20000; k++) {
			j->data[k & 3] = k;
			j->progress = k;
		}
		put(1, j);
	}
	return NULL;
}

static void *consumer(void *arg)
{
	double end = shape_start();
	struct job *j;
	long s = 0;

	(void)arg;
	while ((j = take(1, end))) {
		for (int k = 0; k < 20000; k++)
			s += j->data[k & 3];
		j->done++;
		put(0, j);
	}
	seen = s;
	return NULL;
}

#ifdef TOGETHER
static void *together(void *arg)
{
	double end = shape_start();
	long s = 0;

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++) {
			if ((long)arg)
				s += jobs[0].data[k & 3];
			else
				jobs[0].progress = k;
		}
	seen = s;
	return NULL;
}
#endif

static void *side(void *arg)
{
#ifdef TOGETHER
	return together(arg);
#else
	return (long)arg ? consumer(arg) : producer(arg);
#endif
}

int main(void)
{
	shape_run(2, side);
	printf("%d\n", seen >= 0);
	return 0;
}
