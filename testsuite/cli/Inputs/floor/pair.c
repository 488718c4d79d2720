/* Two fields on one line: 'hot' read, 'w' written, by two threads. */
#include <stddef.h>

struct pair {
	long hot;
	long w;
};

_Static_assert(offsetof(struct pair, w) == 8, "one line");

struct pair v;
