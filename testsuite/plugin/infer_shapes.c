// The static tier (docs/inference.md): with no annotation and no profile,
// the classes the unit's code implies, and a finding that says so.  Each
// shape has a negative control beside it that the same rules leave silent.
#include <pthread.h>
#include <stddef.h>

// (1) page_counter's charge loop: usage updated atomically in every charge,
// limit and parent written only while set up and read in the loop.
struct pc {
	long usage;
	unsigned long limit;
	struct pc *parent;
};
_Static_assert(offsetof(struct pc, parent) == 16, "one line");

void pc_init(struct pc *c, struct pc *parent)
{
	c->usage = 0;
	c->limit = ~0UL;
	c->parent = parent;
}

int pc_charge(struct pc *counter, long n)
{
	for (struct pc *c = counter; c; c = c->parent)
		if (__atomic_add_fetch(&c->usage, n, __ATOMIC_RELAXED) > (long)c->limit)
			return 0;
	return 1;
}

// (1') the same code with usage on its own line: silent.
struct pc_padded {
	_Alignas(64) long usage;
	_Alignas(64) unsigned long limit;
	struct pc_padded *parent;
};

void pc_padded_init(struct pc_padded *c)
{
	c->limit = ~0UL;
	c->parent = NULL;
}

int pc_padded_charge(struct pc_padded *counter, long n)
{
	for (struct pc_padded *c = counter; c; c = c->parent)
		if (__atomic_add_fetch(&c->usage, n, __ATOMIC_RELAXED) > (long)c->limit)
			return 0;
	return 1;
}

// (2) two atomics of one struct bumped by two threads; (3) plain counters
// written by two threads; (4) a ring whose producer writes the head and
// reads its buffer and mask, while the consumer writes the tail.
struct stats {
	long hits;
	long misses;
};
static struct stats st;

struct counters {
	long a;
	long b;
};
static struct counters cnt;

struct ring {
	unsigned long head;
	unsigned long tail;
	int *buf;
	unsigned long mask;
};
static struct ring rg;

// (5) negative: written by one thread only, read by nobody else.
struct solo {
	long x;
	long y;
};
static struct solo so;

// (6) negative: only read, never written by any thread.
struct consts {
	long k1;
	long k2;
};
static struct consts cs;

static void *thread_a(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		__atomic_fetch_add(&st.hits, 1, __ATOMIC_RELAXED);
		cnt.a++;
		so.x++;
		so.y += cs.k1 + cs.k2;
	}
	return arg;
}

static void *thread_b(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		__atomic_fetch_add(&st.misses, 1, __ATOMIC_RELAXED);
		cnt.b++;
	}
	return arg;
}

static void *producer(void *arg)
{
	for (int i = 0; i < 100; i++) {
		rg.buf[rg.head & rg.mask] = i;
		__atomic_store_n(&rg.head, rg.head + 1, __ATOMIC_RELEASE);
	}
	return arg;
}

static void *consumer(void *arg)
{
	long s = 0;

	for (int i = 0; i < 100; i++) {
		while (__atomic_load_n(&rg.head, __ATOMIC_ACQUIRE) == rg.tail)
			;
		s += rg.buf[rg.tail & rg.mask];
		__atomic_store_n(&rg.tail, rg.tail + 1, __ATOMIC_RELEASE);
	}
	return (void *)s;
}

int main(void)
{
	static int storage[16];
	pthread_t t[4];

	rg.buf = storage;
	rg.mask = 15;
	pthread_create(&t[0], NULL, thread_a, NULL);
	pthread_create(&t[1], NULL, thread_b, NULL);
	pthread_create(&t[2], NULL, producer, NULL);
	pthread_create(&t[3], NULL, consumer, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return (int)(cnt.a + cnt.b + so.x);
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// The tier off: nothing judged, and the lint says so.
// RUN: %gcc-cl -fplugin-arg-cachelint-infer=off -c %s -o %t.o 2>&1 | count 0
// RUN: %cachelint lint --no-infer %s 2>&1 | %check --check-prefix=OFF
// OFF: cachelint: lint: 7 structs seen, none with evidence (no annotation, no profile entry; --no-infer)
// CHECK: infer_shapes.c:11:23: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct pc' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: infer_shapes.c:10:14: note: 'usage' is written on hot paths
// CHECK-NEXT: infer_shapes.c:11:23: note: 'limit' is read-mostly, inferred from the code: read in pc_charge ({{.*}}infer_shapes.c:26), written only in pc_init ({{.*}}infer_shapes.c:19)
// CHECK-NEXT: infer_shapes.c:10:14: note: 'usage' is write-hot, inferred from the code: updated atomically in pc_charge ({{.*}}infer_shapes.c:26)
// CHECK-NEXT: infer_shapes.c:12:20: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct pc' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: infer_shapes.c:10:14: note: 'usage' is written on hot paths
// CHECK-NEXT: infer_shapes.c:12:20: note: 'parent' is read-mostly, inferred from the code: read in pc_charge ({{.*}}infer_shapes.c:25), written only in pc_init ({{.*}}infer_shapes.c:20)
// CHECK-NEXT: infer_shapes.c:56:14: warning: field 'hits' (written on thread_a) shares cache line 0 (bytes 0-63) of 'struct stats' with field 'misses' (written on thread_b) [cachelint-write-groups]
// CHECK-NEXT: infer_shapes.c:57:14: note: 'misses' is written on thread_b
// CHECK-NEXT: infer_shapes.c:56:14: note: 'hits' is written on thread_a, inferred from the code: updated atomically in thread_a ({{.*}}infer_shapes.c:92)
// CHECK-NEXT: infer_shapes.c:57:14: note: 'misses' is written on thread_b, inferred from the code: updated atomically in thread_b ({{.*}}infer_shapes.c:103)
// CHECK-NEXT: infer_shapes.c:62:14: warning: field 'a' (written on thread_a) shares cache line 0 (bytes 0-63) of 'struct counters' with field 'b' (written on thread_b) [cachelint-write-groups]
// CHECK-NEXT: infer_shapes.c:63:14: note: 'b' is written on thread_b
// CHECK-NEXT: infer_shapes.c:62:14: note: 'a' is written on thread_a, inferred from the code: written by thread thread_a in thread_a ({{.*}}infer_shapes.c:93)
// CHECK-NEXT: infer_shapes.c:63:14: note: 'b' is written on thread_b, inferred from the code: written by thread thread_b in thread_b ({{.*}}infer_shapes.c:104)
// CHECK-NEXT: infer_shapes.c:70:14: warning: field 'buf' (read on consumer, producer) shares cache line 0 (bytes 0-63) of 'struct ring' with field 'tail' (written on consumer) [cachelint-false-sharing]
// CHECK-NEXT: infer_shapes.c:69:23: note: 'tail' is written on consumer
// CHECK-NEXT: infer_shapes.c:70:14: note: 'buf' is read on consumer, producer, inferred from the code: read in consumer ({{.*}}infer_shapes.c:125), written only in main ({{.*}}infer_shapes.c:136)
// CHECK-NEXT: infer_shapes.c:69:23: note: 'tail' is written on consumer, inferred from the code: updated atomically in consumer ({{.*}}infer_shapes.c:126)
// CHECK-NEXT: infer_shapes.c:71:23: warning: field 'mask' (read on consumer, producer) shares cache line 0 (bytes 0-63) of 'struct ring' with field 'tail' (written on consumer) [cachelint-false-sharing]
// CHECK-NEXT: infer_shapes.c:69:23: note: 'tail' is written on consumer
// CHECK-NEXT: infer_shapes.c:71:23: note: 'mask' is read on consumer, producer, inferred from the code: read in consumer ({{.*}}infer_shapes.c:125), written only in main ({{.*}}infer_shapes.c:137)
