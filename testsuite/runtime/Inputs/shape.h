/*
 * shape.h - what the contention tests' programs share: threads that start
 * together (a barrier) and run for a time, not for a count, so that they
 * overlap on a busy machine too.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#ifndef SHAPE_SECONDS
#define SHAPE_SECONDS 0.3
#endif

static pthread_barrier_t shape_go;

static double shape_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Called by each of the @n threads: they start together, and run until shape_done(). */
static double shape_start(void)
{
	pthread_barrier_wait(&shape_go);
	return shape_now() + SHAPE_SECONDS;
}

static int shape_done(double end)
{
	return shape_now() >= end;
}

/* Start @n threads at @fn, each given its index, and join them. */
static void shape_run(int n, void *(*fn)(void *))
{
	pthread_t *t = calloc((size_t)n, sizeof(*t));

	pthread_barrier_init(&shape_go, NULL, (unsigned)n);
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, fn, (void *)i);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&shape_go);
	free(t);
}
