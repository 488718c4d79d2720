// instrument: one path per thread start routine by default (rx, tx,
// logger; the threads of one routine are one concurrent path,
// plugin/instrument_objects.c), one path per thread (main, then thread-N
// in creation order) with CACHELINT_THREAD_ROLES=thread (what lit sets,
// testsuite/lit.cfg.py), one per thread name with CACHELINT_THREAD_ROLES=name, totals with
// CACHELINT_PROFILE_COUNTS=totals; exit() from a thread and a forked child
// write what was counted.  Every thread does a fixed, small amount of work.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=conn %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --check-prefix=THREADS --strict-whitespace --match-full-lines %s --input-file %t.yaml
// RUN: rm -f %t.routines.yaml && env CACHELINT_PROFILE=%t.routines.yaml CACHELINT_THREAD_ROLES= %t
// RUN: FileCheck --check-prefix=ROUTINES --strict-whitespace --match-full-lines %s --input-file %t.routines.yaml
// RUN: rm -f %t.roles.yaml && env CACHELINT_PROFILE=%t.roles.yaml CACHELINT_THREAD_ROLES=name %t
// RUN: FileCheck --check-prefix=ROLES --strict-whitespace --match-full-lines %s --input-file %t.roles.yaml
// RUN: %cachelint lint --fail-on none --profile %t.roles.yaml %s > /dev/null
// RUN: rm -f %t.totals.yaml && env CACHELINT_PROFILE=%t.totals.yaml CACHELINT_PROFILE_COUNTS=totals %t
// RUN: FileCheck --check-prefix=TOTALS --strict-whitespace --match-full-lines %s --input-file %t.totals.yaml
// RUN: rm -f %t.exit.yaml && env CACHELINT_PROFILE=%t.exit.yaml %t exit
// RUN: FileCheck --check-prefix=EXIT --strict-whitespace --match-full-lines %s --input-file %t.exit.yaml
// RUN: rm -f %t.fork.yaml* && env CACHELINT_PROFILE=%t.fork.yaml %t fork > %t.pid
// RUN: FileCheck --check-prefix=PARENT --strict-whitespace --match-full-lines %s --input-file %t.fork.yaml
// RUN: sh -c 'FileCheck --check-prefix=CHILD --strict-whitespace --match-full-lines %s --input-file %t.fork.yaml.$(cat %t.pid)'
// A bad setting writes nothing and says why.
// RUN: rm -f %t.bad.yaml && env CACHELINT_PROFILE=%t.bad.yaml CACHELINT_THREAD_ROLES=comm %t 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: not test -e %t.bad.yaml
// BAD: cachelint-rt: CACHELINT_THREAD_ROLES must be 'routine', 'name' or 'thread', not 'comm': no profile written
// An unwritable profile is an error on stderr, and no file.
// RUN: env CACHELINT_PROFILE=%t.nodir/p.yaml %t 2>&1 | FileCheck --check-prefix=NODIR %s
// NODIR: cachelint-rt: cannot write profile '{{.*}}.nodir/p.yaml': No such file or directory
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct conn {
	long rx;
	long tx;
	long mtu;
};

static struct conn c;

static void *rx(void *arg)
{
	pthread_setname_np(pthread_self(), "worker");
	for (int i = 0; i < 1000; i++)
		c.rx += c.mtu;		/* rx: r1000 w1000, mtu: r1000 */
	if (arg)
		exit(0);		/* from this thread: main is still in pthread_join */
	return NULL;
}

static void *tx(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "worker");
	for (int i = 0; i < 500; i++)
		c.tx += c.mtu;		/* tx: r500 w500, mtu: r500 */
	return NULL;
}

static void *logger(void *arg)
{
	(void)arg;
	/* a name no path may have: it becomes log_0_1, which a profile loads */
	pthread_setname_np(pthread_self(), "log/0:1");
	for (int i = 0; i < 10; i++)
		__atomic_load_n(&c.rx, __ATOMIC_RELAXED);	/* rx: r10 */
	return NULL;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	pthread_t t[3];

	pthread_setname_np(pthread_self(), "main");
	c.mtu = 1500;				/* mtu: w1 on main */
	if (!strcmp(mode, "fork")) {
		pid_t pid = fork();

		if (pid == 0) {
			c.tx = 2;		/* the child's own: tx w1 */
			c.tx++;			/* tx r1 w1 */
			exit(0);
		}
		waitpid(pid, NULL, 0);
		printf("%d\n", (int)pid);
		return 0;
	}
	if (!strcmp(mode, "exit")) {
		pthread_create(&t[0], NULL, rx, "exit");
		pthread_join(t[0], NULL);
		return 1;
	}
	pthread_create(&t[0], NULL, rx, NULL);
	pthread_join(t[0], NULL);	/* one after the other: exact counts */
	pthread_create(&t[1], NULL, tx, NULL);
	pthread_join(t[1], NULL);
	pthread_create(&t[2], NULL, logger, NULL);
	pthread_join(t[2], NULL);
	return 0;
}

// THREADS:cachelint-profile: 1
// THREADS-NEXT:structs:
// THREADS-NEXT:  conn:
// THREADS-NEXT:    rx: {read: {thread-1: 1000, thread-3: 10}, write: {thread-1: 1000}}
// THREADS-NEXT:    tx: {read: {thread-2: 500}, write: {thread-2: 500}}
// THREADS-NEXT:    mtu: {read: {thread-1: 1000, thread-2: 500}, write: {main: 1}}
// THREADS-EMPTY:

// ROUTINES:cachelint-profile: 1
// ROUTINES-NEXT:structs:
// ROUTINES-NEXT:  conn:
// ROUTINES-NEXT:    rx: {read: {rx: 1000, logger: 10}, write: {rx: 1000}}
// ROUTINES-NEXT:    tx: {read: {tx: 500}, write: {tx: 500}}
// ROUTINES-NEXT:    mtu: {read: {rx: 1000, tx: 500}, write: {main: 1}}
// ROUTINES-EMPTY:

// ROLES:cachelint-profile: 1
// ROLES-NEXT:paths:
// ROLES-NEXT:  worker: concurrent
// ROLES-NEXT:structs:
// ROLES-NEXT:  conn:
// ROLES-NEXT:    rx: {read: {worker: 1000, log_0_1: 10}, write: {worker: 1000}}
// ROLES-NEXT:    tx: {read: {worker: 500}, write: {worker: 500}}
// ROLES-NEXT:    mtu: {read: {worker: 1500}, write: {main: 1}}
// ROLES-EMPTY:

// TOTALS:cachelint-profile: 1
// TOTALS-NEXT:structs:
// TOTALS-NEXT:  conn:
// TOTALS-NEXT:    rx: {reads: 1010, writes: 1000}
// TOTALS-NEXT:    tx: {reads: 500, writes: 500}
// TOTALS-NEXT:    mtu: {reads: 1500, writes: 1}
// TOTALS-EMPTY:

// EXIT:cachelint-profile: 1
// EXIT-NEXT:structs:
// EXIT-NEXT:  conn:
// EXIT-NEXT:    rx: {read: {thread-1: 1000}, write: {thread-1: 1000}}
// EXIT-NEXT:    mtu: {read: {thread-1: 1000}, write: {main: 1}}
// EXIT-EMPTY:

// PARENT:cachelint-profile: 1
// PARENT-NEXT:structs:
// PARENT-NEXT:  conn:
// PARENT-NEXT:    mtu: {write: {main: 1}}
// PARENT-EMPTY:

// CHILD:cachelint-profile: 1
// CHILD-NEXT:structs:
// CHILD-NEXT:  conn:
// CHILD-NEXT:    tx: {read: {main: 1}, write: {main: 2}}
// CHILD-EMPTY:
