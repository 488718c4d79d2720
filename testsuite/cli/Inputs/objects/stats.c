/* Counters that every worker writes: per type, true sharing of each.
 * Per object, only what two threads wrote on one object is. */
#include <stddef.h>

struct stats {
	long curr_items;
	long total_items;
} __attribute__((aligned(64)));

_Static_assert(offsetof(struct stats, total_items) == 8, "one line");

struct stats stats;
