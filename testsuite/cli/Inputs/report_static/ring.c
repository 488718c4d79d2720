#include <pthread.h>

struct ring {
	unsigned long head;
	unsigned long tail;
};

static struct ring r;

static void *producer(void *arg)
{
	for (int i = 0; i < 1000; i++)
		r.head++;
	return arg;
}

static void *consumer(void *arg)
{
	unsigned long n = 0;

	for (int i = 0; i < 1000; i++)
		if (r.tail < r.head)
			r.tail++, n++;
	return (void *)n;
}

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, 0, producer, 0);
	pthread_create(&b, 0, consumer, 0);
	pthread_join(a, 0);
	pthread_join(b, 0);
	return 0;
}
