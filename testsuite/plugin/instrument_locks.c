// instrument: pthread_mutex_*, pthread_spin_* and pthread_rwlock_* on a
// member's address are accesses of that member: each lock, trylock and
// unlock changes the lock word (a read and a write: a read-modify-write),
// init and destroy write it.  The member is counted as the one the code
// names (`lock`), not as the leaves of libc's union.  A lock taken through
// a static wrapper that is given the mutex's address counts at the call.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=table %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
#include <pthread.h>

struct table {
	pthread_mutex_t lock;
	pthread_spinlock_t spin;
	pthread_rwlock_t rw;
	long count;
};

static struct table t;

static void locked(pthread_mutex_t *m)
{
	pthread_mutex_lock(m);
}

static void *bump(void *arg)
{
	for (int i = 0; i < 3; i++) {
		pthread_mutex_lock(&t.lock);
		t.count++;
		pthread_mutex_unlock(&t.lock);
	}
	if (pthread_mutex_trylock(&t.lock) == 0)
		pthread_mutex_unlock(&t.lock);
	locked(&t.lock);
	pthread_mutex_unlock(&t.lock);
	pthread_spin_lock(&t.spin);
	pthread_spin_unlock(&t.spin);
	pthread_rwlock_rdlock(&t.rw);
	pthread_rwlock_unlock(&t.rw);
	pthread_rwlock_wrlock(&t.rw);
	pthread_rwlock_unlock(&t.rw);
	return arg;
}

int main(void)
{
	pthread_t th;

	pthread_mutex_init(&t.lock, NULL);
	pthread_spin_init(&t.spin, PTHREAD_PROCESS_PRIVATE);
	pthread_rwlock_init(&t.rw, NULL);
	pthread_create(&th, NULL, bump, NULL);
	pthread_join(th, NULL);
	pthread_rwlock_destroy(&t.rw);
	pthread_spin_destroy(&t.spin);
	pthread_mutex_destroy(&t.lock);
	return 0;
}

// main inits and destroys (2 writes each); the thread locks and unlocks.
// CHECK:cachelint-profile: 1
// CHECK-NEXT:structs:
// CHECK-NEXT:  table:
// CHECK-NEXT:    lock: {read: {thread-1: 10}, write: {main: 2, thread-1: 10}}
// CHECK-NEXT:    spin: {read: {thread-1: 2}, write: {main: 2, thread-1: 2}}
// CHECK-NEXT:    rw: {read: {thread-1: 4}, write: {main: 2, thread-1: 4}}
// CHECK-NEXT:    count: {read: {thread-1: 3}, write: {thread-1: 3}}
// CHECK-EMPTY:
