/*
 * Scalar globals written by several threads (a peer corpus's shape: a
 * file-scope counter per event, bumped in the hot path).  Two threads
 * each add to a global of their own, g_a and g_b, on one line: false
 * sharing between objects.  -DAPART gives each its own line.  Every
 * thread also adds to g_ops (atomically): true sharing, whatever the
 * layout.  -DONE: only the first thread adds to g_ops.  The premise, where
 * the linker put them, is checked: a wrong one exits 3 and fails the run.
 */
#include <stdint.h>
#include <stdio.h>
#include "shape.h"

#ifdef APART
#define APART_ALIGN __attribute__((aligned(64)))
#else
#define APART_ALIGN
#endif

static long g_a __attribute__((aligned(64)));
static long g_b APART_ALIGN;
static long g_ops __attribute__((aligned(64)));
static long g_mine[2][8] __attribute__((aligned(64)));	/* not instrumented */

static void *worker(void *arg)
{
	long i = (long)arg;
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++) {
			if (i)
				g_b++;
			else
				g_a++;
#ifdef ONE
			if (!i)
#endif
				__atomic_fetch_add(&g_ops, 1, __ATOMIC_RELAXED);
			g_mine[i][0]++;
		}
	return NULL;
}

int main(void)
{
	int together = (uintptr_t)&g_a / 64 == (uintptr_t)&g_b / 64;

#ifdef APART
	together = !together;
#endif
	if (!together || (uintptr_t)&g_ops % 64) {
		fprintf(stderr, "globals.c: g_a at %p, g_b at %p, g_ops at %p: not the layout this test is about\n",
			(void *)&g_a, (void *)&g_b, (void *)&g_ops);
		return 3;
	}
	shape_run(2, worker);
	printf("%d\n", g_a + g_b + g_ops + g_mine[0][0] + g_mine[1][0] > 0);
	return 0;
}
