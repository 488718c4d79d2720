// instrument: <stdatomic.h> operations count as docs/instrumentation.md says (a load
// reads, a store writes, the rest read and write; memory orders do not
// matter), through the local pointer its macros keep the address in, and
// so do the generic __atomic builtins on a member too big for the _N forms.
// The same program with plain accesses (-DPLAIN) gives the same profile.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=slot %s -o %t %rt-static -pthread -latomic
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
// RUN: %gcc-cl -O2 -DPLAIN -fplugin-arg-cachelint-instrument=slot %s -o %t.plain %rt-static -pthread -latomic
// RUN: rm -f %t.plain.yaml && env CACHELINT_PROFILE=%t.plain.yaml %t.plain
// RUN: diff %t.yaml %t.plain.yaml
// Four threads, each on its own slot: 1000 loads and 1000 stores each.
// RUN: env CACHELINT_PROFILE=%t.threads.yaml %t threads
// RUN: FileCheck --check-prefix=THREADS --match-full-lines %s --input-file %t.threads.yaml
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

struct big {
	long a, b, c;
};

struct slot {
	_Atomic unsigned long value;
	_Atomic int flags;
	struct big big;		/* 24 bytes: the generic __atomic_* forms */
	unsigned char lock;	/* what atomic_flag_test_and_set() sets (atomic_flag
				   itself differs between GCC's and clang's headers) */
};

struct slot slots[4];

#ifdef PLAIN
/* What each operation reads and writes, as plain accesses. */
#define LOAD(p) (*(p))
#define STORE(p, v) (*(p) = (v))
#define RMW(p, v) (*(p) += (v))
#define CAS(p, e, d) (*(p) == *(e) ? (*(p) = (d), 1) : (*(e) = *(p), 0))
#define BIG_LOAD(p, r) (*(r) = *(p))
#define BIG_STORE(p, v) (*(p) = *(v))
#define BIG_XCHG(p, v, r) (*(r) = *(p), *(p) = *(v))
#define BIG_CAS(p, e, d) (*(e) = *(p), *(p) = *(d), 1)
#define FLAG_SET(p) (*(p) |= 1)
#else
#define LOAD(p) atomic_load_explicit(p, memory_order_acquire)
#define STORE(p, v) atomic_store_explicit(p, v, memory_order_release)
#define RMW(p, v) atomic_fetch_add_explicit(p, v, memory_order_relaxed)
#define CAS(p, e, d) atomic_compare_exchange_strong(p, e, d)
#define BIG_LOAD(p, r) __atomic_load(p, r, __ATOMIC_SEQ_CST)
#define BIG_STORE(p, v) __atomic_store(p, v, __ATOMIC_SEQ_CST)
#define BIG_XCHG(p, v, r) __atomic_exchange(p, v, r, __ATOMIC_SEQ_CST)
#define BIG_CAS(p, e, d) __atomic_compare_exchange(p, e, d, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define FLAG_SET(p) __atomic_test_and_set(p, __ATOMIC_SEQ_CST)
#endif

static void *run(void *arg)
{
	struct slot *s = &slots[(intptr_t)arg];

	for (int k = 0; k < 1000; k++)
		STORE(&s->value, LOAD(&s->value) + 1);
	return NULL;
}

int main(int argc, char **argv)
{
	struct slot *s = &slots[1];
	unsigned long expected = 0;
	struct big b = { 1, 2, 3 }, r;
	pthread_t t[4];

	if (argc > 1) {
		for (intptr_t i = 0; i < 4; i++)
			pthread_create(&t[i], NULL, run, (void *)i);
		for (int i = 0; i < 4; i++)
			pthread_join(t[i], NULL);
		return 0;
	}
	STORE(&s->value, 5);			/* value: w1 */
	expected = LOAD(&s->value);		/* value: r1 */
	RMW(&s->value, 2);			/* value: r1 w1 */
	RMW(&s->flags, 1);			/* flags: r1 w1 */
	(void)CAS(&s->flags, &(int){ 1 }, 3);	/* flags: r1 w1 */
	BIG_STORE(&s->big, &b);			/* big.a, big.b, big.c: w1 */
	BIG_LOAD(&s->big, &r);			/* r1 */
	BIG_XCHG(&s->big, &b, &r);		/* r1 w1 */
	(void)BIG_CAS(&s->big, &r, &b);		/* r1 w1 */
	(void)FLAG_SET(&s->lock);		/* lock: r1 w1 */
	return (int)(expected != 5);
}

// CHECK:cachelint-profile: 1
// CHECK-NEXT:structs:
// CHECK-NEXT:  slot:
// CHECK-NEXT:    value: {read: {main: 2}, write: {main: 2}}
// CHECK-NEXT:    flags: {read: {main: 2}, write: {main: 2}}
// CHECK-NEXT:    big.a: {read: {main: 3}, write: {main: 3}}
// CHECK-NEXT:    big.b: {read: {main: 3}, write: {main: 3}}
// CHECK-NEXT:    big.c: {read: {main: 3}, write: {main: 3}}
// CHECK-NEXT:    lock: {read: {main: 1}, write: {main: 1}}
// CHECK-EMPTY:

// THREADS:    value: {read: {thread-1: 1000, thread-2: 1000, thread-3: 1000, thread-4: 1000}, write: {thread-1: 1000, thread-2: 1000, thread-3: 1000, thread-4: 1000}}
