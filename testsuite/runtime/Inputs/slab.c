/*
 * A slab of chunks that threads allocate, use for a while and free to one
 * free list (last in, first out, as memcached's slab classes keep them): a
 * chunk one thread frees is often the next one the other thread gets, and
 * each uses a chunk alone.  -DTOGETHER: both threads on the same chunks
 * at once, on refcount only (data beside it is a pair: page_counter.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"

#define CHUNKS 64

struct chunk {
	struct chunk *next;
	long refcount;
	long data[6];
};
static struct chunk *slab, *free_list;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct chunk *chunk_alloc(void)
{
	struct chunk *c;

	pthread_mutex_lock(&lock);
	c = free_list;
	if (c)
		free_list = c->next;
	pthread_mutex_unlock(&lock);
	return c;
}

static void chunk_free(struct chunk *c)
{
	pthread_mutex_lock(&lock);
	c->next = free_list;
	free_list = c;
	pthread_mutex_unlock(&lock);
}

static void *worker(void *arg)
{
	long me = (long)arg;
	double end = shape_start();
	unsigned seed = (unsigned)me;

	while (!shape_done(end)) {
#ifdef TOGETHER
		struct chunk *c = &slab[rand_r(&seed) % 4];
#else
		struct chunk *c = chunk_alloc();
#endif
		if (!c)
			continue;
		for (int k = 0; k < 100000; k++) {
			c->refcount++;
#ifndef TOGETHER
			c->data[me] = k;
#endif
		}
#ifndef TOGETHER
		chunk_free(c);
#endif
	}
	return NULL;
}

int main(void)
{
	slab = aligned_alloc(64, CHUNKS * sizeof(*slab));	/* a line each */
	memset(slab, 0, CHUNKS * sizeof(*slab));
	for (int i = CHUNKS - 1; i >= 0; i--)
		chunk_free(&slab[i]);
	shape_run(2, worker);
	printf("%d\n", slab[0].refcount >= 0);
	return 0;
}
