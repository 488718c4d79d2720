/* Members of many cache lines, for bench_limits.test. */
#include <stddef.h>

#include "cachelint.h"

/* a reader of 'buf' and 'rm' touches 201 lines (bytes 0-12815) */
struct wide {
	long hot __write_hot;
	char buf[12800] __read_mostly;
	long rm __read_mostly;
};
_Static_assert(offsetof(struct wide, rm) == 12808, "rm on line 200");

/* 4 MiB: 65537 lines */
struct huge {
	long hot __write_hot;
	char big[4 << 20] __read_mostly;
	long rm __read_mostly;
};

struct wide w;
struct huge h;
