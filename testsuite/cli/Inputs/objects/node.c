/* Issue 23's 10-line program: thread-1 writes 'hits' of nodes 0-999,
 * thread-2 reads 'key' of nodes 1000-1999.  Per type, the two share a
 * line; per object, no line of one node is ever touched by both. */
#include <stddef.h>

struct node {
	long key;
	long hits;
} __attribute__((aligned(64)));

_Static_assert(offsetof(struct node, hits) == 8, "key and hits share line 0");
_Static_assert(sizeof(struct node) == 64, "one node per line");

struct node nodes[2000];
