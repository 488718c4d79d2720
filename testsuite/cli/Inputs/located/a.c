/* One tag, two structs: this unit's struct node (and b.c's). */
#include <stddef.h>
struct node {
	long key;
	long hits;
};
_Static_assert(offsetof(struct node, hits) == 8, "one line");
struct node a_nodes[16];
