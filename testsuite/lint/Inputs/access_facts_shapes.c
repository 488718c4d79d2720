/*
 * The shapes the facts and roles are read from, which the plugin and the
 * lint must read alike (access_map_facts.test): how a thread is started
 * (thrd_create, `&f`, twice, in a while loop, in a macro's do-while(0)),
 * a routine's callees' callees, cold by a prototype or by a section, a
 * trylock, a region left by an early return, a store of what a lock call
 * returns, a callee that takes a lock of its own, asm operands in memory
 * and in registers (a register's load is before the asm: not atomic).
 */
#include <pthread.h>
#include <threads.h>

struct q {
	pthread_mutex_t m;
	long a, b, c, d, e, f, g;
	volatile long v;
	long arr[4];
	_Atomic long n;
};

struct q q;

static void *once1(void *x) { q.a = 1; return x; }
static void *inwhile(void *x) { q.b = 1; return x; }
static int c11(void *x) { q.c = 1; return 0; }
static void *twice(void *x) { q.d = 1; return x; }
static void deep1(void) { q.e = 1; }
static void *deep2(void *x) { deep1(); return x; }

void starter(int n)
{
	pthread_t t;
	thrd_t c;

	do { pthread_create(&t, 0, once1, 0); } while (0);
	while (n--)
		pthread_create(&t, 0, inwhile, 0);
	thrd_create(&c, c11, 0);
	pthread_create(&t, 0, twice, 0);
	pthread_create(&t, 0, &twice, 0);
	pthread_create(&t, 0, deep2, 0);
}

static void cold_proto(void) __attribute__((cold));
static void inner(long *x) { *x = 1; }
static void inner_locked(struct q *s, long *x) { pthread_mutex_lock(&s->m); *x = 2; pthread_mutex_unlock(&s->m); }
static void cold_proto(void) { q.a = 1; inner(&q.b); }
__attribute__((section(".init.text"))) void init_fn(void) { q.c = 1; }
__attribute__((section(".exit.text"))) void exit_fn(void) { q.c = 2; }
__attribute__((section(".text.other"))) void other_fn(void) { q.c = 3; }

int regions(int n)
{
	cold_proto();
	if (pthread_mutex_trylock(&q.m) == 0) {
		q.d = 1;
		pthread_mutex_unlock(&q.m);
	}
	q.d = 2;
	while (n--) {
		pthread_mutex_lock(&q.m);
		q.e++;
		inner(&q.f);
		inner_locked(&q, &q.g);
		if (n == 3) {
			pthread_mutex_unlock(&q.m);
			return 1;
		}
		pthread_mutex_unlock(&q.m);
	}
	q.e = pthread_mutex_lock(&q.m);
	q.arr[q.a] = q.v;
	pthread_mutex_unlock(&q.m);
	inner_locked(&q, &q.g);
	return 0;
}

void operands(void)
{
	__asm__ volatile("lock; incq %0" : "=r"(q.a) : "r"(q.b), "m"(q.c));
	__asm__ volatile("xchgq %0, %1" : "+r"(q.d), "+m"(q.e));
	__asm__ volatile("incq %0" : "+m"(q.f));
	q.n = 1;
	q.n++;
	q.v = q.n;
}

/* what a thread does once, before its loop and after it (start), and in it */
struct io {
	long mode, off, done;
};

struct io io;
static int running;

static void *looper(void *x)
{
	io.mode = 1;
	for (int i = 0; running; i++)
		io.off += i;
	io.done = 1;
	return x;
}

void starter2(void)
{
	pthread_t t;

	pthread_create(&t, 0, looper, 0);
}
