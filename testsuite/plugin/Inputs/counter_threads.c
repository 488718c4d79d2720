/*
 * Four threads and one counter: with WRITERS=4 every thread increments it
 * (true sharing), with WRITERS=1 one thread increments it and three read
 * it (no true sharing: one writer).  Built with instrument, run, and the
 * profile it writes fed back (true_sharing_instrumented.test).
 */
#include <pthread.h>

struct counter {
	long count;
	long limit;
};

static struct counter c = { 0, 1L << 40 };

static void *work(void *arg)
{
	long id = (long)arg, sum = 0;

	for (int i = 0; i < 20000; i++) {
		if (id < WRITERS)
			__atomic_add_fetch(&c.count, 1, __ATOMIC_RELAXED);
		else
			sum += __atomic_load_n(&c.count, __ATOMIC_RELAXED);
		sum += c.limit;
	}
	return (void *)sum;
}

int main(void)
{
	pthread_t t[4];

	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, work, (void *)i);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 0;
}
