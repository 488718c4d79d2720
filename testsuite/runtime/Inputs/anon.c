/*
 * A struct with no tag and no typedef (`static struct {…} x;`, a peer
 * corpus's shape): two threads each write a member of their own, on one
 * line.  Counted under the variable's name, `x`, which the profile, the
 * lint, the plugin and the DWARF reader all key it by.  -DPADDED puts the
 * two members on lines of their own.
 */
#include <stdio.h>
#include "shape.h"

#ifdef PADDED
#define LINE __attribute__((aligned(64)))
#else
#define LINE
#endif

static struct {
	long a LINE;
	long b LINE;
} x;

static void *worker(void *arg)
{
	long i = (long)arg;
	double end = shape_start();

	while (!shape_done(end))
		for (int k = 0; k < 1000; k++) {
			if (i)
				x.b++;
			else
				x.a++;
		}
	return NULL;
}

int main(void)
{
	shape_run(2, worker);
	printf("%d\n", x.a + x.b > 0);
	return 0;
}
