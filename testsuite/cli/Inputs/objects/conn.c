/* Three fields on one line, three threads: per type, three conflicts;
 * per object, the runtime saw only 'hits' and 'key' on one line. */
#include <stddef.h>

struct conn {
	long key;
	long hits;
	long misses;
};

_Static_assert(offsetof(struct conn, misses) == 16, "one line");

struct conn conns[64];
