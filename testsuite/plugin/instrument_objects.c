// instrument: the objects.  With CACHELINT_SAMPLE=1 every access is
// sampled, so which objects the runtime's `contention:` evidence has, and
// how many accesses, is exact; what they cost depends on whether the
// threads ran at once (testsuite/runtime has the shapes with controls):
//   stats   one global both workers write (hits: the same bytes, true
//           sharing) and a reader reads (limit): pairs on one object; the
//           variable is named stats too (memcached's stats_state): the
//           struct and the variable are two entries, not "stats@…" twins
//   node    one per worker, each on its own line: instances, nothing shared
//   slot    24-byte per-worker slots, two on one line: `between`
//   PAIR_T  the typedef of an anonymous struct, named by it (per-worker)
//   per_thread  a global array, one element per worker (instrument=NAME
//           names a variable): `variables`
//   midline an object that starts in the middle of a line (its first
//           member on the first line's second half): both workers write a
//   handoff one object two threads use one after the other: not shared
//           (nor is main's write of stats.limit, 30 ms before the reader)
// Threads are named by their start routine; the two that run worker() are
// one concurrent path.  A name that is in no declaration of a unit that
// sees others is warned about, and one that no unit of the program saw is
// said at exit; CACHELINT_SAMPLE=0 writes counts only; a bad value says so.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=stats:node:slot:PAIR_T:per_thread:handoff:midline:nosuch %s -o %t %rt-static -pthread 2>&1 | FileCheck --check-prefix=WARN %s
// WARN: cc1: warning: cachelint: 'instrument=nosuch': no struct, typedef or variable of that name in this unit: nothing counted for it
// RUN: rm -f %t.yaml && env CACHELINT_SAMPLE=1 CACHELINT_THREAD_ROLES= CACHELINT_PROFILE=%t.yaml %t 2>&1 | FileCheck --check-prefix=RTWARN %s
// RTWARN: cachelint-rt: instrument=nosuch: no unit of this program counted an access of a struct, typedef or variable of that name: nothing counted for it
// A unit that sees none of the names (it does not include the structs'
// header) says nothing: the runtime, which sees every unit, does.  Under
// -Werror the warning stays one.
// RUN: echo 'int twice(int x) { return 2 * x; }' > %t.other.c
// RUN: %gcc-cl -Werror -fplugin-arg-cachelint-instrument=stats:nosuch -c %t.other.c -o %t.other.o 2>&1 | count 0
// RUN: %gcc-cl -Werror -fplugin-arg-cachelint-instrument=stats:nosuch -c %s -o %t.werror.o 2>&1 | FileCheck --check-prefix=WARN %s
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
// RUN: rm -f %t.none.yaml && env CACHELINT_SAMPLE=0 CACHELINT_THREAD_ROLES= CACHELINT_PROFILE=%t.none.yaml %t
// RUN: FileCheck --check-prefix=NONE --strict-whitespace --match-full-lines %s --input-file %t.none.yaml
// RUN: rm -f %t.bad.yaml && env CACHELINT_SAMPLE=often CACHELINT_PROFILE=%t.bad.yaml %t 2>&1 | FileCheck --check-prefix=BAD %s
// BAD: cachelint-rt: CACHELINT_SAMPLE must be a number from 0 to 1073741824, not 'often': 1024 used
// RUN: FileCheck --check-prefix=DEFAULT --match-full-lines %s --input-file %t.bad.yaml
// DEFAULT:contention:
// DEFAULT:  sample: 1024
// `instrument=all`: every struct and every global array.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=all %s -o %t.all %rt-static -pthread
// RUN: rm -f %t.all.yaml && env CACHELINT_SAMPLE=1 CACHELINT_THREAD_ROLES= CACHELINT_PROFILE=%t.all.yaml %t.all
// RUN: FileCheck --check-prefix=ALL --match-full-lines %s --input-file %t.all.yaml
// ALL:structs:
// ALL-NEXT:  PAIR_T:
// ALL:  node:
// ALL:  slot:
// ALL:  stats:
// ALL:contention:
// ALL:  variables:
// ALL-NEXT:    nodes:
// ALL-NEXT:      element: 64
// ALL:      false-sharing: 0
// ALL:    slots:
// ALL-NEXT:      element: 24
// ALL:    pairs:
// ALL-NEXT:      element: 16
// ALL:    per_thread:
// ALL-NEXT:      element: 8
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

struct stats {
	long hits;
	long misses;
	long limit;
};

struct node {
	long key;
	long hits;
} __attribute__((aligned(64)));

struct slot {
	long count;
	long bytes;
	long calls;
};

typedef struct {
	long x;
	long y;
} PAIR_T;

static struct stats stats;	/* a variable of the struct's name: both counted */
static struct node nodes[2];
static struct slot slots[2] __attribute__((aligned(64)));
static PAIR_T pairs[2] __attribute__((aligned(64)));
long per_thread[4] __attribute__((aligned(64)));

/* an object that starts in the middle of a line: a is on the first, partial one */
struct midline {
	long a;
	long b;
};

static char midpad[200] __attribute__((aligned(64)));
static struct midline *const mid = (struct midline *)(midpad + 40);

struct handoff {
	long x;
	long y;
};

static struct handoff h;
/* the three threads run at once: each touches its objects before and after the middle barrier */
static pthread_barrier_t middle;

static void *worker(void *arg)
{
	long i = (long)arg;

	for (int k = 0; k < 100; k++) {
		if (k == 50)
			pthread_barrier_wait(&middle);
		stats.hits++;
		nodes[i].hits++;
		slots[i].count++;
		pairs[i].x++;
		per_thread[i]++;
		mid->a++;
	}
	return NULL;
}

static void *reader(void *arg)
{
	long sum = 0;

	for (int k = 0; k < 100; k++) {
		if (k == 50)
			pthread_barrier_wait(&middle);
		sum += __atomic_load_n(&stats.limit, __ATOMIC_RELAXED);
	}
	return (void *)sum;
}

/* One object, two threads one after the other (a connection a worker closes and another's fd reuses). */
static void *first_user(void *arg)
{
	for (int k = 0; k < 100; k++)
		h.x++;
	return arg;
}

static void *second_user(void *arg)
{
	for (int k = 0; k < 100; k++)
		h.y += h.x;
	return arg;
}

int main(void)
{
	const struct timespec later = { 0, 30000000 };	/* 30 ms: the runtime's clock is coarse */
	pthread_t t[3];

	pthread_barrier_init(&middle, NULL, 3);
	stats.limit = 5;		/* main's writes, long before the reader reads */
	stats.limit = 10;		/* (two: one sample says when, not how long) */
	nanosleep(&later, NULL);
	pthread_create(&t[0], NULL, worker, (void *)0);
	pthread_create(&t[1], NULL, worker, (void *)1);
	pthread_create(&t[2], NULL, reader, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	pthread_create(&t[0], NULL, first_user, NULL);
	pthread_join(t[0], NULL);
	nanosleep(&later, NULL);
	pthread_create(&t[0], NULL, second_user, NULL);
	pthread_join(t[0], NULL);
	return 0;
}

// CHECK:cachelint-profile: 1
// CHECK-NEXT:paths:
// CHECK-NEXT:  worker: concurrent
// CHECK-NEXT:structs:
// CHECK-NEXT:  PAIR_T:
// CHECK-NEXT:    x: {read: {worker: 200}, write: {worker: 200}}
// CHECK-NEXT:  handoff:
// CHECK-NEXT:    x: {read: {first_user: 100, second_user: 100}, write: {first_user: 100}}
// CHECK-NEXT:    y: {read: {second_user: 100}, write: {second_user: 100}}
// CHECK-NEXT:  midline:
// CHECK-NEXT:    a: {read: {worker: 200}, write: {worker: 200}}
// CHECK-NEXT:  node:
// CHECK-NEXT:    hits: {read: {worker: 200}, write: {worker: 200}}
// CHECK-NEXT:  slot:
// CHECK-NEXT:    count: {read: {worker: 200}, write: {worker: 200}}
// CHECK-NEXT:  stats:
// CHECK-NEXT:    hits: {read: {worker: 200}, write: {worker: 200}}
// CHECK-NEXT:    limit: {read: {reader: 100}, write: {main: 2}}
// CHECK-NEXT:contention:
// CHECK-NEXT:  source: libcachelint-rt
// CHECK-NEXT:  measure: transfers
// CHECK-NEXT:  line-size: 64
// CHECK-NEXT:  seconds: {{[0-9]+\.[0-9]+}}
// CHECK-NEXT:  sample: 1
// CHECK-NEXT:  samples: {{[0-9]+}}
// CHECK-NEXT:  dropped: 0
// CHECK-NEXT:  threads: 6
// CHECK-NEXT:  structs:
// CHECK:    stats:
// CHECK-NEXT:      instances: 1
// CHECK-NEXT:      base-align: {{[0-9]+}}
// CHECK-NEXT:      alloc: [static]
// CHECK-NEXT:      accesses: 502
// stats: hits written by both workers, limit read by the reader: true
// sharing of hits, and the pair of hits and limit, when they ran at once
// CHECK-NEXT:      false-sharing: {{[0-9]+}}
// CHECK:    handoff:
// CHECK-NEXT:      instances: 1
// CHECK-NEXT:      base-align: {{[0-9]+}}
// CHECK-NEXT:      alloc: [static]
// CHECK-NEXT:      accesses: 500
// CHECK-NEXT:      false-sharing: 0
// CHECK-NEXT:      true-sharing: 0
// CHECK-NEXT:      samples: 0
// CHECK:    node:
// CHECK-NEXT:      instances: 2
// CHECK-NEXT:      base-align: {{64|128|256|512|1024|2048|4096}}
// CHECK-NEXT:      alloc: [static]
// CHECK-NEXT:      accesses: 400
// CHECK-NEXT:      false-sharing: 0
// CHECK-NEXT:      true-sharing: 0
// CHECK-NEXT:      samples: 0
// CHECK:    slot:
// CHECK-NEXT:      instances: 2
// CHECK-NEXT:      base-align: 8
// CHECK-NEXT:      alloc: [static]
// CHECK-NEXT:      accesses: 400
// CHECK-NEXT:      false-sharing: {{[0-9]+}}
// CHECK-NEXT:      true-sharing: 0
// CHECK:    PAIR_T:
// CHECK-NEXT:      instances: 2
// CHECK-NEXT:      base-align: 16
// CHECK-NEXT:      alloc: [static]
// CHECK-NEXT:      accesses: 400
// CHECK-NEXT:      false-sharing: {{[0-9]+}}
// CHECK-NEXT:      true-sharing: 0
// CHECK:    midline:
// CHECK-NEXT:      instances: 1
// CHECK-NEXT:      base-align: 8
// CHECK-NEXT:      alloc: [static]
// CHECK-NEXT:      accesses: 400
// CHECK-NEXT:      false-sharing: 0
// A scalar variable (stats) is its struct's entry; an array has elements.
// CHECK:  variables:
// CHECK:    per_thread:
// CHECK-NEXT:      element: 8
// CHECK-NEXT:      elements: 4
// CHECK-NEXT:      base-align: {{64|128|256|512|1024|2048|4096}}
// CHECK-NEXT:      alloc: [static]
// CHECK-NEXT:      accesses: 400
// CHECK-NEXT:      false-sharing: {{[0-9]+}}
// CHECK-NEXT:      true-sharing: 0
// Which lines the threads share when they run at once, and what it costs,
// is testsuite/runtime's: these threads may run one after the other.

// NONE:cachelint-profile: 1
// NONE-NEXT:paths:
// NONE-NEXT:  worker: concurrent
// NONE-NEXT:structs:
// NONE:    limit: {read: {reader: 100}, write: {main: 2}}
// NONE-EMPTY:
