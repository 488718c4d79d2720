// instrument: a ring whose indexes are loaded and stored only through a
// library's inline-asm primitives, `static inline` functions that take the
// member's address (Concurrency Kit's ck_pr_load_64/ck_pr_store_64, as
// ck_pr.h writes them for x86-64).  The address is followed into the
// primitive: its asm reads ("m") or writes ("=m") what the parameter points
// to, so each call counts a read or a write of the member the argument
// names, on the thread that calls.  The producer (thread-1) writes tail and
// polls head; the consumer (thread-2) writes head and polls tail; each
// also loads its own index once per item.  Writes and own loads are exact
// (N = 20000 items); a poll runs at least once per item, so its count is
// at least N (the pattern: 20000 or more) and otherwise the run's.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=ring %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
// At -O0 the primitives are not inlined: the same counts.
// RUN: %gcc-cl -O0 -fplugin-arg-cachelint-instrument=ring %s -o %t.O0 %rt-static -pthread
// RUN: rm -f %t.O0.yaml && env CACHELINT_PROFILE=%t.O0.yaml %t.O0
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.O0.yaml
#include <pthread.h>
#include <sched.h>
#include <stdint.h>

#define N 20000
#define SLOTS 16

static inline uint64_t ck_pr_load_64(const uint64_t *target)
{
	uint64_t r;

	__asm__ __volatile__("movq %1, %0" : "=r"(r) : "m"(*(const uint64_t *)target) : "memory");
	return r;
}

static inline void ck_pr_store_64(uint64_t *target, uint64_t v)
{
	__asm__ __volatile__("movq %1, %0" : "=m"(*(uint64_t *)target) : "r"(v) : "memory");
}

struct ring {
	uint64_t head;			/* the consumer's index */
	uint64_t tail;			/* the producer's */
	uint64_t slot[SLOTS];
};

static struct ring ring;

static void *producer(void *arg)
{
	struct ring *r = arg;

	for (uint64_t i = 0; i < N; i++) {
		uint64_t t = ck_pr_load_64(&r->tail);

		while (t - ck_pr_load_64(&r->head) == SLOTS)
			sched_yield();
		r->slot[t % SLOTS] = i;
		ck_pr_store_64(&r->tail, t + 1);
	}
	return NULL;
}

static void *consumer(void *arg)
{
	struct ring *r = arg;
	uint64_t sum = 0;

	for (uint64_t i = 0; i < N; i++) {
		uint64_t h = ck_pr_load_64(&r->head);

		while (h == ck_pr_load_64(&r->tail))
			sched_yield();
		sum += r->slot[h % SLOTS];
		ck_pr_store_64(&r->head, h + 1);
	}
	return (void *)(uintptr_t)sum;
}

int main(void)
{
	pthread_t p, c;

	ring.head = 0;
	ring.tail = 0;
	pthread_create(&p, NULL, producer, &ring);
	pthread_create(&c, NULL, consumer, &ring);
	pthread_join(p, NULL);
	pthread_join(c, NULL);
	return 0;
}

// CHECK:cachelint-profile: 1
// CHECK-NEXT:structs:
// CHECK-NEXT:  ring:
// CHECK-NEXT:    head: {read: {thread-1: {{([2-9][0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9]+)}}, thread-2: 20000}, write: {main: 1, thread-2: 20000}}
// CHECK-NEXT:    tail: {read: {thread-1: 20000, thread-2: {{([2-9][0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9]+)}}}, write: {main: 1, thread-1: 20000}}
// CHECK-NEXT:    slot: {read: {thread-2: 20000}, write: {thread-1: 20000}}
