// instrument under -Wall -Werror, as memcached builds: the calls the
// instrumentation adds take the objects as void *.  With const void *
// parameters GCC 11 and later took each call for a read of what the
// pointer points to and warned that malloc's block "may be used
// uninitialized" (-Wmaybe-uninitialized), in every function that
// allocates: memcached's build failed in slabs.c and memcached.c.  The
// block is passed to the runtime before a byte of it is written, and an
// object of an instrumented struct is sampled right after malloc, before
// its first member is stored, at -O1, -O2 and -O3.
// RUN: %gcc-cl -O1 -Wall -Wextra -Werror -fplugin-arg-cachelint-instrument=node -c %s -o %t.1.o
// RUN: %gcc-cl -O2 -Wall -Wextra -Werror -fplugin-arg-cachelint-instrument=node -c %s -o %t.2.o
// RUN: %gcc-cl -O3 -Wall -Wextra -Werror -fplugin-arg-cachelint-instrument=all -c %s -o %t.3.o
// The calls are there (a build where they were not would pass too):
// RUN: nm %t.2.o | FileCheck %s
// CHECK-DAG: U __libcachelint_rt_alloc_v3
// CHECK-DAG: U __libcachelint_rt_sample_v3
#include <stdlib.h>

struct node {
	long key;
	long value;
	struct node *next;
};

void *memory_allocate(size_t size);
struct node *node_new(long key, struct node *next);
void *block_aligned(size_t size);

/* memcached's slabs.c: the block is returned, never written here */
void *memory_allocate(size_t size)
{
	void *ret;

	ret = malloc(size);
	return ret;
}

struct node *node_new(long key, struct node *next)
{
	struct node *n = malloc(sizeof(*n));

	if (!n)
		return NULL;
	n->key = key;
	n->value = 0;
	n->next = next;
	return n;
}

void *block_aligned(size_t size)
{
	void *p;

	if (posix_memalign(&p, 64, size))
		return NULL;
	return p;
}
