// SPDX-License-Identifier: MIT
/*
 * cachelint-rt.c - libcachelint-rt: per-thread member access counts and
 * samples, written as a cachelint profile at exit
 *
 * Code built with -fplugin-arg-cachelint-instrument adds one to a
 * thread-local counter for every run of reads and writes of counted members
 * (cachelint-rt.h), each unit to counters of its own, and now and then
 * hands the runtime a sample of one access: the object, the bytes, read or
 * write.  The runtime names the counters (rt_registry.c), follows every
 * thread from its creation to its exit (rt_threads.c), keeps each thread's
 * samples, time-stamped and bounded (rt_sample.c), and at exit replays the
 * samples of every cache line in time order to see what the lines cost
 * (rt_contention.c): the profile it writes (rt_profile.c) to
 * $CACHELINT_PROFILE (default cachelint-profile.yaml; rt_output.c says
 * how) has the counts per path under `structs:` and that evidence under
 * `contention:` (docs/profiles.md).  A setuid or setgid program ignores
 * the environment and writes nothing.  Environment:
 *
 *   CACHELINT_PROFILE=FILE          where to write (%p: the process id).  A
 *                                   relative FILE is in the directory the
 *                                   program started in, whatever it chdir()s
 *                                   to.  A child of fork() writes its own
 *                                   accesses after the fork to FILE.<pid>
 *   CACHELINT_THREAD_ROLES=name     one path per thread name
 *                                   (pthread_setname_np, /proc/self/task/T/comm)
 *                                   instead of one per routine; a name that
 *                                   two or more threads used is a concurrent
 *                                   path (`paths: {worker: concurrent}`)
 *   CACHELINT_THREAD_ROLES=thread   one serialized path per thread
 *                                   (`thread-N`)
 *   CACHELINT_SAMPLE=N              record about one access in N per thread
 *                                   (default 1024; 1: every access; 0: none)
 *   CACHELINT_LINE_SIZE=N           the line size samples are replayed at
 *                                   (default 64; a power of two, 16-512)
 *   CACHELINT_PROFILE_COUNTS=totals one {reads: N, writes: M} per member,
 *                                   summed over threads, from which cachelint
 *                                   infers classes (read_mostly, write_hot)
 *
 * The profile is written once, by the first thread that gets there: a
 * return from main (atexit), or exit() called from any thread (this
 * library's exit() writes it before the C library's runs, and a second
 * thread calling exit() meanwhile waits for it), also from a signal
 * handler: every lock the runtime takes is held with signals blocked, so a
 * handler never waits for a lock its own thread holds, and the samples are
 * read without locks.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <time.h>
#include <unistd.h>

#include "cachelint-rt.h"
#include "rt_internal.h"

pthread_mutex_t clrt_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
unsigned clrt_sample = 1024;
unsigned clrt_line_size = 64;
int clrt_stopping;
static struct timespec start;	/* set once, before any thread but main runs */

/* The profile: 0 not yet, 1 being written, 2 written (or given up). */
static int written;
typedef void (*exit_fn)(int) __attribute__((noreturn));
static exit_fn real_exit;

void clrt_lock_take(sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, old);
	pthread_mutex_lock(&clrt_lock);
}

void clrt_lock_drop(const sigset_t *old)
{
	pthread_mutex_unlock(&clrt_lock);
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

uint64_t clrt_now(void)
{
	struct timespec ts;
	int64_t ns;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ns = (ts.tv_sec - start.tv_sec) * 1000000000ll + (ts.tv_nsec - start.tv_nsec);
	return ns < 0 ? 1 : (uint64_t)ns + 1;
}

/*
 * The working directory the program started in, where a relative
 * $CACHELINT_PROFILE is written: a daemon that chdir()s to / before it
 * exits still writes where it was started.  Empty when it cannot be known.
 */
static char start_dir[PATH_MAX];

/* $CACHELINT_PROFILE with %p expanded; a forked child's gets .<pid>. */
static char *profile_path(void)
{
	const char *env = secure_getenv("CACHELINT_PROFILE");
	const char *name = env && *env ? env : "cachelint-profile.yaml";
	size_t len = strlen(name) + strlen(start_dir) + 25;
	bool pid = false;
	char *out, *o;

	for (const char *s = strstr(name, "%p"); s; s = strstr(s + 2, "%p"))
		len += 24;
	out = o = malloc(len);
	if (!out)
		return NULL;
	if (name[0] != '/' && start_dir[0])
		o += sprintf(o, "%s/", strcmp(start_dir, "/") ? start_dir : "");
	for (const char *s = name; *s; s++) {
		if (s[0] == '%' && s[1] == 'p') {
			o += sprintf(o, "%d", (int)getpid());
			s++;
			pid = true;
		} else {
			*o++ = *s;
		}
	}
	*o = 0;
	if (clrt_forked && !pid)
		sprintf(o, ".%d", (int)getpid());
	return out;
}

/*
 * A setuid or setgid program (AT_SECURE) writes nothing: the user who runs
 * it chooses the environment and the working directory, and the file would
 * be written with the program's privileges.
 */
static bool secure_execution(void)
{
	if (!getauxval(AT_SECURE))
		return false;
	fprintf(stderr, "cachelint-rt: a setuid or setgid program: CACHELINT_* ignored, no profile written\n");
	return true;
}

static void write_profile(void)
{
	sigset_t old;
	char *path;
	int err;

	if (secure_execution())
		return;
	clrt_samples_quiesce();
	clrt_lock_take(&old);
	clrt_names_report();
	path = profile_path();
	err = path ? clrt_profile_write(path) : ENOMEM;
	clrt_lock_drop(&old);
	if (err > 0) {
		const char *why = path ? clrt_refusal(path, err) : NULL;

		fprintf(stderr, "cachelint-rt: cannot write profile '%s': %s%s\n",
			path ? path : "?", why ? why : strerror(err),
			why ? ": no profile written" : "");
	}
	free(path);
}

/*
 * Write the profile once: the first caller writes, any other waits until
 * it is written, so that no thread's exit() ends the process halfway.
 * The writer itself, called again (its own exit handlers), returns.
 */
static void profile_once(void)
{
	static pthread_t writer;
	int expected = 0;
	struct timespec tick = { 0, 1000000 };
	sigset_t all, old;

	/*
	 * Signals stay blocked from before the claim until the profile is
	 * written: a handler installed with SA_NODEFER that calls exit()
	 * again on this thread would otherwise end the process halfway
	 * through, with no profile and nothing said.  A thread that waits
	 * for another's writing waits with them blocked too: a repeating
	 * signal whose handler exits would pile its frames on its stack
	 * until it overflowed (a crash, when the writing took seconds on a
	 * busy machine).
	 */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (__atomic_compare_exchange_n(&written, &expected, 1, false, __ATOMIC_ACQ_REL,
					__ATOMIC_ACQUIRE)) {
		writer = pthread_self();
		write_profile();
		__atomic_store_n(&written, 2, __ATOMIC_RELEASE);
	} else if (!pthread_equal(writer, pthread_self())) {
		while (__atomic_load_n(&written, __ATOMIC_ACQUIRE) != 2)
			nanosleep(&tick, NULL);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/*
 * This thread is inside the C library's exit(): set before it is called,
 * never cleared (it does not return).  Initial-exec, as clrt_anchor: read
 * from a signal handler, it must not allocate.
 */
static __thread int in_real_exit __attribute__((tls_model("initial-exec")));

/* At exit, from whichever thread returns from main. */
static void at_exit(void)
{
	in_real_exit = 1;
	profile_once();
}

/*
 * exit() from any thread, a signal handler's included: the profile first.
 * glibc's own exit runs after it (and the atexit handler above returns).
 *
 * exit() again on a thread already inside glibc's -- a signal handler
 * that interrupted it -- ends the process at once with its status: the
 * profile is written by then, and glibc's exit() is not reentrant.  It
 * holds a lock of its own between exit handlers; a handler's exit() that
 * came in that window waited for it forever, and a repeating signal
 * (SA_NODEFER) piled its frames on the waiting ones until the stack
 * overflowed: a crash, 1 run in about 200 of testsuite/runtime/ends.c
 * nodefer on a loaded machine.  The exit handlers the interrupted exit()
 * had not run yet are not run.  A return from main enters glibc's exit()
 * without this function: the mark is set when its handler (at_exit) runs.
 */
RT_EXPORT void exit(int status)
{
	if (in_real_exit)
		_exit(status);
	clrt_init_once();
	profile_once();
	if (!real_exit)
		real_exit = (exit_fn)dlsym(RTLD_NEXT, "exit");
	in_real_exit = 1;
	if (real_exit)
		real_exit(status);
	_exit(status);
}

static void fork_prepare(void)
{
	pthread_mutex_lock(&clrt_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&clrt_lock);
}

static void fork_child(void)
{
	pthread_mutex_init(&clrt_lock, NULL);
	clrt_fork_child_threads();
	written = 0;
	clrt_stopping = 0;
	in_real_exit = 0;	/* an exit handler's child is not exiting */
}

static void env_read(void)
{
	const char *sample = secure_getenv("CACHELINT_SAMPLE");
	const char *line = secure_getenv("CACHELINT_LINE_SIZE");
	char *end;
	unsigned long v;

	if (sample && *sample) {
		v = strtoul(sample, &end, 10);
		if (*end || v > 1u << 30)
			fprintf(stderr, "cachelint-rt: CACHELINT_SAMPLE must be a number from 0 to %u, not '%s': 1024 used\n",
				1u << 30, sample);
		else
			clrt_sample = (unsigned)v;
	}
	if (line && *line) {
		v = strtoul(line, &end, 10);
		if (*end || v < 16 || v > 512 || (v & (v - 1)))
			fprintf(stderr, "cachelint-rt: CACHELINT_LINE_SIZE must be a power of two from 16 to 512, not '%s': 64 used\n",
				line);
		else
			clrt_line_size = (unsigned)v;
	}
}

static void rt_init(void)
{
	sigset_t old;

	env_read();
	if (!getcwd(start_dir, sizeof(start_dir)))
		start_dir[0] = 0;
	clock_gettime(CLOCK_MONOTONIC, &start);
	/* resolved now: a signal handler's exit() cannot call dlsym() safely */
	real_exit = (exit_fn)dlsym(RTLD_NEXT, "exit");
	clrt_thread_key_init();
	clrt_lock_take(&old);
	clrt_thread_add(0, NULL);
	clrt_lock_drop(&old);
	pthread_atfork(fork_prepare, fork_parent, fork_child);
	atexit(at_exit);
}

void clrt_init_once(void)
{
	pthread_once(&once, rt_init);
}

__attribute__((constructor(101))) static void rt_constructor(void)
{
	clrt_init_once();
}
