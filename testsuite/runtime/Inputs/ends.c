/*
 * Ways a run ends that the profile must survive (ends.test):
 *   plain     main returns
 *   chdir     main chdir()s to ".." first, as a daemon chdir()s to "/"
 *   nodefer   a repeating SIGALRM whose handler, installed with SA_NODEFER,
 *             calls exit(5): the signal comes back into exit() while the
 *             profile is being written, and while the C library's exit()
 *             runs an exit handler that takes 20 ms
 *   reenter   exit(3) runs an exit handler that raises a signal whose
 *             handler calls exit(7): the status is the second call's, and
 *             the exit handler registered before (run after) never runs
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>
#include "shape.h"

struct node {
	long hits;
	long key;
	char pad[48];
};
static struct node v[4096];

static void on_alarm(int sig)
{
	(void)sig;
	exit(5);
}

/* An exit handler that takes a while (flushing a log, say). */
static void slow_exit_handler(void)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < 20000000L);
}

static void on_usr1(int sig)
{
	(void)sig;
	exit(7);
}

static void late_handler(void)
{
	fputs("late handler ran\n", stderr);
}

static void raising_handler(void)
{
	raise(SIGUSR1);
}

static void reenter(void)
{
	atexit(late_handler);
	atexit(raising_handler);
	signal(SIGUSR1, on_usr1);
	exit(3);
}

static void *spin(void *arg)
{
	long id = (long)arg;

	for (unsigned long i = 0;; i++) {
		v[(i * 13 + (unsigned long)id * 7) % 4096].hits++;
		v[(i * 3 + (unsigned long)id) % 4096].key += 1;
	}
	return NULL;
}

static void nodefer(void)
{
	struct sigaction sa;
	struct itimerval it = { { 0, 200 }, { 0, 200 } };
	pthread_t t[2];

	atexit(slow_exit_handler);
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, spin, (void *)i);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGALRM, &sa, NULL);
	usleep(100000);
	setitimer(ITIMER_REAL, &it, NULL);
	for (;;)
		v[0].key++;
}

int main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "plain";

	for (int i = 0; i < 1000; i++)
		v[i % 64].hits++;
	if (!strcmp(how, "nodefer"))
		nodefer();
	if (!strcmp(how, "reenter"))
		reenter();
	if (!strcmp(how, "chdir") && chdir(".."))
		return 9;
	printf("%ld\n", v[0].hits);
	return 0;
}
