// instrument: one path per thread, and a profile entry takes 1,024 paths
// (it took 32): 40 threads give a profile that loads; more than 1,024
// threads on one member give no profile (it would not load), and say so.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=conn %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t 40
// RUN: FileCheck --check-prefix=FORTY %s --input-file %t.yaml
// FORTY: rx: {write: {thread-1: 1, thread-2: 1, {{.*}}, thread-39: 1, thread-40: 1}}
// (loaded by the lint: the front-end differentials take a plugin RUN line's
// profile= for a configuration of their own, and this one is made here;
// 40 threads each writing rx once are below the floor of counts,
// thresholds.min-accesses, which Inputs/no_floor.yaml lowers to 0)
// RUN: %cachelint lint --fail-on none --profile %t.yaml --profile %inputs/no_floor.yaml --dump-layout %s | FileCheck --check-prefix=LOADED %s
// LOADED: rx: offset 0, size 8, align 8, paths(thread-1:w thread-2:w {{.*}} thread-40:w)
// RUN: rm -f %t.many.yaml && env CACHELINT_PROFILE=%t.many.yaml %t 1025 2>&1 | FileCheck --check-prefix=MANY %s
// RUN: not test -e %t.many.yaml
// MANY: cachelint-rt: 1025 threads accessed conn.rx, more than the 1024 paths a profile entry takes: no profile written; set CACHELINT_THREAD_ROLES=name to count by thread name
#include <pthread.h>
#include <stdlib.h>

struct conn {
	long rx;
	long tx;
};

static struct conn c;

static void *run(void *arg)
{
	(void)arg;
	c.rx = 1;
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	for (int i = 0; i < n; i++) {	/* one after the other: exact counts */
		pthread_t t;

		pthread_create(&t, NULL, run, NULL);
		pthread_join(t, NULL);
	}
	return 0;
}
