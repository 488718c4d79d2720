/* cachelint-adjacent-line: one line apart, in one 128-byte block */
#include <stddef.h>
#include "cachelint.h"

struct stats {
	long events __write_hot;
	char other[56];
	const char *name __read_mostly;
};

_Static_assert(offsetof(struct stats, name) == 64, "line 1 of block 0");
