/* conn.c with comments after the fields: the padding after 'key' must not
 * come between 'key' and its comment (issue 35 item 10). */
#include <stddef.h>

struct conn {
	long key;	/* key length, read by every lookup, */
			/* set once at creation */
	long hits;	// bumped on every hit
	long misses;
};

struct conn conns[64];
