/*
 * Every static sharing fact of the access map, and the roles
 * (access_map_facts.test): two start routines, one started in a loop, a
 * helper both call, a lock region, READ_ONCE and WRITE_ONCE, cold code,
 * atomic builtins, a locked asm, an _Atomic member, and a static function
 * given a member's address in a lock region and in cold code.
 */
#include <pthread.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

struct stats {
	pthread_mutex_t lock;
	long total;
	long hits;
	long flag;
	long seq;
	long events;
	_Atomic long ready;
};

static struct stats st;

static void setup(void) __attribute__((cold));

/* given &st.events: its write is also one of the caller's, at the call */
static void bump(long *p)
{
	*p += 1;
}

/* both routines call it: both roles */
static long peek(struct stats *s)
{
	return READ_ONCE(s->flag);
}

static void *reader(void *arg)
{
	long seen = peek(&st);

	__atomic_fetch_add(&st.hits, 1, __ATOMIC_RELAXED);
	__sync_fetch_and_add(&st.hits, 1);
	return (void *)seen;
}

static void *writer(void *arg)
{
	long one = 1;

	pthread_mutex_lock(&st.lock);
	st.total++;
	bump(&st.events);
	pthread_mutex_unlock(&st.lock);
	st.total = peek(&st);
	__asm__ volatile("lock; xaddq %0, %1" : "+r"(one), "+m"(st.seq) : : "memory");
	return arg;
}

/* cold by its declaration's attribute (GCC merges them) */
static void setup(void)
{
	WRITE_ONCE(st.flag, 1);
	st.ready = 1;
	bump(&st.events);
}

int main(void)
{
	pthread_t r, w[2];

	setup();
	pthread_create(&r, NULL, reader, NULL);
	for (int i = 0; i < 2; i++)
		pthread_create(&w[i], NULL, (void *(*)(void *))writer, NULL);
	pthread_join(r, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(w[i], NULL);
	return (int)st.total;
}
