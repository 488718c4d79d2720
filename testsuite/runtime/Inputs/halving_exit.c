/*
 * exit() from a signal handler that interrupts the runtime halving the
 * thread's own log (rt_sample.c, log_halve()): the handler exits only when
 * it lands inside a halving, so the run ends there every time, not one run
 * in fifty.  The profile must still carry the thread's evidence.  The
 * worker bumps one counter with every access sampled: its log of 65,536
 * samples fills in a few milliseconds and is halved, each halving taking
 * a few hundred microseconds; a high-resolution timer signals the worker
 * every 20 us of real time (a CPU-time timer ticks at the kernel's HZ and
 * missed most halvings).  Exit status 3: no signal landed in a halving
 * within 20 s (the test then fails).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "../../../runtime/rt_internal.h"

struct counter {
	long hits;
	long misses;
};
struct counter counters[2];
static volatile pid_t worker;

static void on_tick(int sig)
{
	struct rt_thread *self = clrt_self;

	(void)sig;
	if (self && __atomic_load_n(&self->log.busy, __ATOMIC_RELAXED))
		exit(0);
}

static void *busy(void *arg)
{
	(void)arg;
	worker = gettid();
	for (;;)
		counters[0].hits++;
	return NULL;
}

int main(void)
{
	struct itimerspec every = { { 0, 20000 }, { 0, 20000 } };
	struct timespec limit = { 20, 0 }, poll = { 0, 1000000 };
	struct sigevent ev = { .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGUSR1 };
	pthread_t t;
	timer_t tm;

	signal(SIGUSR1, on_tick);
	pthread_create(&t, NULL, busy, NULL);
	while (!worker)
		nanosleep(&poll, NULL);
	ev._sigev_un._tid = worker;	/* sigev_notify_thread_id: not named by Debian 12's glibc 2.36 */
	if (timer_create(CLOCK_MONOTONIC, &ev, &tm) || timer_settime(tm, 0, &every, NULL))
		return 4;
	nanosleep(&limit, NULL);
	return 3;
}
