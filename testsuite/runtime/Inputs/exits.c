/*
 * The ways a program ends, each of which must still write the profile:
 *   handler   a worker thread busy in sampled accesses gets a signal whose
 *             handler calls exit() (the handler may interrupt the
 *             runtime's own sampling code on that thread)
 *   race      four threads call exit() at the same moment
 *   serial    400 threads run one after another, each touching 8,192
 *             lines (3.3 million in all), every access sampled: memory stays bounded (the
 *             finished threads' samples are folded into a bounded log)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "shape.h"

struct counter {
	long hits;
	long misses;
};
struct counter counters[4];
/* a line each */
struct cell {
	long v;
} __attribute__((aligned(64)));
static struct cell cells[1 << 16];
static pthread_barrier_t all;

static void on_signal(int sig)
{
	(void)sig;
	exit(0);
}

static void *busy(void *arg)
{
	long i = (long)arg;

	for (;;)
		counters[i].hits++;
	return NULL;
}

static void *racer(void *arg)
{
	long i = (long)arg;

	for (int k = 0; k < 100000; k++)
		counters[i].hits++;
	pthread_barrier_wait(&all);
	exit(0);
}

static void *short_lived(void *arg)
{
	long i = (long)arg;

	for (int k = 0; k < (1 << 13); k++)
		cells[(k * 8 + i) & ((1 << 16) - 1)].v += i;
	counters[i & 3].misses++;
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[4];

	if (argc < 2)
		return 2;
	if (!strcmp(argv[1], "handler")) {
		struct timespec wait = { 0, 50000000 };

		signal(SIGUSR1, on_signal);
		pthread_create(&t[0], NULL, busy, (void *)0);
		nanosleep(&wait, NULL);
		pthread_kill(t[0], SIGUSR1);
		pause();
	}
	if (!strcmp(argv[1], "race")) {
		pthread_barrier_init(&all, NULL, 4);
		for (long i = 0; i < 4; i++)
			pthread_create(&t[i], NULL, racer, (void *)i);
		pause();
	}
	if (!strcmp(argv[1], "serial")) {
		for (long i = 0; i < 400; i++) {
			pthread_create(&t[0], NULL, short_lived, (void *)i);
			pthread_join(t[0], NULL);
		}
		printf("%ld\n", counters[0].misses > 0 ? 1L : 0L);
		return 0;
	}
	return 2;
}
