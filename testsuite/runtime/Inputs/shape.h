/*
 * shape.h - what the contention tests' programs share: threads that start
 * together (a barrier) and run for an amount of their own CPU time, not of
 * the clock on the wall, and stop together (the first to have used it
 * stops them all): each does the same work on a quiet machine and on a
 * busy one, and their lifetimes overlap by construction.
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#ifndef SHAPE_SECONDS
#define SHAPE_SECONDS 0.15
#endif

static pthread_barrier_t shape_go;
static int shape_stop;

/* The calling thread's own CPU time. */
static double shape_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Called by each of the @n threads: they start together, and run until shape_done(). */
static double shape_start(void)
{
	pthread_barrier_wait(&shape_go);
	return shape_cpu() + SHAPE_SECONDS;
}

/*
 * Whether the run is over: this thread has used SHAPE_SECONDS of CPU time
 * since it started, or another thread has (a thread that mostly sleeps,
 * a writer scanning once a millisecond, stops with the busy ones).
 */
static int shape_done(double end)
{
	if (__atomic_load_n(&shape_stop, __ATOMIC_RELAXED))
		return 1;
	if (shape_cpu() < end)
		return 0;
	__atomic_store_n(&shape_stop, 1, __ATOMIC_RELAXED);
	return 1;
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
