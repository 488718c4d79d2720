/* Two counters of one struct, each written by its own thread: docs/inference.md. */
#include <pthread.h>
#include <stddef.h>

struct counters {
	long a;
	long b;
};

static struct counters stats;

static void *count_a(void *arg)
{
	for (int i = 0; i < 1000000; i++)
		stats.a++;
	return arg;
}

static void *count_b(void *arg)
{
	for (int i = 0; i < 1000000; i++)
		stats.b++;
	return arg;
}

int main(void)
{
	pthread_t ta, tb;

	pthread_create(&ta, NULL, count_a, NULL);
	pthread_create(&tb, NULL, count_b, NULL);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	return stats.a == stats.b ? 0 : 1;
}
