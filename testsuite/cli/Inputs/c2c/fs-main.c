/* fs.c's functions linked into a program, on a static object: the test
 * program of import perf-c2c --binary (import_c2c_binary.test). */
#include <stdio.h>

#include "fs.c"

struct stats fs_global __attribute__((aligned(64)));
struct stats fs_table[4] __attribute__((aligned(64)));

int main(int argc, char **argv)
{
	struct stats *s = argc > 1 ? &fs_table[argc & 3] : &fs_global;

	(void)argv;
	count(s);
	reset(s);
	printf("%lu\n", budget(s));
	return 0;
}
