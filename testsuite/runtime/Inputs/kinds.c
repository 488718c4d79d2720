/*
 * Members that two threads write, of six kinds, each in a struct of its
 * own on a line of its own: a lock both take (struct lk), a reference
 * count both get and put, the last put tested (struct rc), a counter both
 * add to (struct ctr), a ring whose producer writes 'tail' and whose
 * consumer writes 'head' beside it (struct ring), a list's link both
 * relink (struct lnk, as an LRU's 'prev') and a word of state bits both
 * set and clear (struct fl, as an item's 'it_flags').  The fix each finding
 * names is the one for what the member is.  -DONE: one thread does it all.
 */
#include <stdio.h>
#include "shape.h"

struct lk {
	pthread_mutex_t mutex;
} __attribute__((aligned(64)));

struct rc {
	unsigned short refcount;
} __attribute__((aligned(64)));

struct ctr {
	long hits;
} __attribute__((aligned(64)));

struct ring {
	unsigned head;
	unsigned tail;
	unsigned char data[56];
} __attribute__((aligned(64)));

struct lnk {
	struct lnk *prev;
} __attribute__((aligned(64)));

struct fl {
	unsigned short it_flags;
} __attribute__((aligned(64)));

static struct lk lk = { PTHREAD_MUTEX_INITIALIZER };
static long owner_data;
static struct rc rc = { 1 };
static struct ctr ctr;
static struct ring ring;
static struct lnk lnk, other[2];
static struct fl fl;
static volatile long freed;

static void put(struct rc *r)
{
	if (__atomic_sub_fetch(&r->refcount, 1, __ATOMIC_ACQ_REL) == 0)
		freed++;
}

static void *role(void *arg)
{
	long i = (long)arg;
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 100; k++) {
#ifdef ONE
			if (i)
				continue;
#endif
			pthread_mutex_lock(&lk.mutex);
			owner_data++;
			pthread_mutex_unlock(&lk.mutex);
			__atomic_add_fetch(&rc.refcount, 1, __ATOMIC_RELAXED);
			put(&rc);
			__atomic_add_fetch(&ctr.hits, 1, __ATOMIC_RELAXED);
			if (i)
				__atomic_store_n(&ring.head, ring.head + 1, __ATOMIC_RELEASE);
			else
				__atomic_store_n(&ring.tail, ring.tail + 1, __ATOMIC_RELEASE);
			__atomic_store_n(&lnk.prev, &other[i], __ATOMIC_RELAXED);
			__atomic_fetch_or(&fl.it_flags, 1u << i, __ATOMIC_RELAXED);
			__atomic_fetch_and(&fl.it_flags, ~(1u << i), __ATOMIC_RELAXED);
		}
	return NULL;
}

int main(void)
{
	shape_run(2, role);
	printf("%ld %ld %ld\n", freed, ctr.hits > 0, owner_data > 0);
	return 0;
}
