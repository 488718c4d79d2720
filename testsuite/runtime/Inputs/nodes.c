/*
 * main initialises every node; then one thread writes `hits` of nodes
 * 0-999 while another reads `key` of nodes 1000-1999: no object, and no
 * line (32-byte nodes, the array aligned to the line), is used by both.
 * -DSAME: the reader reads the writer's nodes 0-999, the pair that is
 * false sharing inside each node.
 */
#include <stdio.h>
#include "shape.h"

struct node {
	long key;
	long hits;
	long pad[2];
};
static struct node nodes[2000] __attribute__((aligned(64)));
static volatile long seen;

static void *writer(void *arg)
{
	double end = shape_start();

	(void)arg;
	while (!shape_done(end))
		for (int i = 0; i < 1000; i++)
			nodes[i].hits++;
	return NULL;
}

static void *reader(void *arg)
{
	double end = shape_start();
	long s = 0;

	(void)arg;
	while (!shape_done(end))
		for (int i = 0; i < 1000; i++)
#ifdef SAME
			s += nodes[i].key;
#else
			s += nodes[1000 + i].key;
#endif
	seen = s;
	return NULL;
}

static void *either(void *arg)
{
	return (long)arg ? reader(arg) : writer(arg);
}

int main(void)
{
	for (int i = 0; i < 2000; i++) {
		nodes[i].key = i;
		nodes[i].hits = 0;
	}
	shape_run(2, either);
	printf("%d\n", seen >= 0);
	return 0;
}
