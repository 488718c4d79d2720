/*
 * A page_counter charge loop, the shape of Linux's page_counter_try_charge()
 * (mm/page_counter.c) that the 2020 false-sharing fix was about: threads
 * charge a counter and its parent, each adding to 'usage' atomically and
 * reading 'max' and 'parent' beside it, while a reader thread polls the
 * limits.  The program of import perf-script's tests (perf_script.test):
 * pc.script is `perf script` of `perf record -e cpu-clock -g` of it.
 *
 *   gcc -O2 -g -pthread pc.c -o pc && ./pc SECONDS
 */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct {
	long counter;
} atomic_long_t;

struct page_counter {
	atomic_long_t usage;
	unsigned long min;
	unsigned long low;
	unsigned long high;
	unsigned long max;
	struct page_counter *parent;
	unsigned long watermark;
	unsigned long failcnt;
};

/* The kernel's helper, inlined: its line is atomic_long_t's and the caller's member. */
static inline long atomic_long_add_return(long i, atomic_long_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __ATOMIC_RELAXED);
}

static struct page_counter root = { .max = 1UL << 62 };
static struct page_counter child = { .max = 1UL << 62, .parent = &root };
static volatile int stop;

__attribute__((noinline)) static int try_charge(struct page_counter *counter, long nr)
{
	for (struct page_counter *c = counter; c; c = c->parent) {
		long new = atomic_long_add_return(nr, &c->usage);

		if ((unsigned long)new > c->max)
			return 0;
	}
	return 1;
}

__attribute__((noinline)) static void uncharge(struct page_counter *counter, long nr)
{
	for (struct page_counter *c = counter; c; c = c->parent)
		atomic_long_add_return(-nr, &c->usage);
}

static void *charger(void *arg)
{
	(void)arg;
	while (!stop)
		if (try_charge(&child, 1))
			uncharge(&child, 1);
	return NULL;
}

/* memory.max read by a monitor: the limits, never usage. */
__attribute__((noinline)) static unsigned long limits(const struct page_counter *counter)
{
	unsigned long sum = 0;

	for (const struct page_counter *c = counter; c; c = c->parent)
		sum += c->max / 3;	/* the divide keeps the load's samples on its line */
	return sum;
}

static void *reader(void *arg)
{
	unsigned long sum = 0;

	(void)arg;
	while (!stop)
		sum += limits(&child);
	return (void *)sum;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	struct timespec ts = { (time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9) };
	pthread_t t[3];

	pthread_create(&t[0], NULL, charger, NULL);
	pthread_create(&t[1], NULL, charger, NULL);
	pthread_create(&t[2], NULL, reader, NULL);
	nanosleep(&ts, NULL);
	stop = 1;
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	printf("%ld\n", child.usage.counter);
	return 0;
}
