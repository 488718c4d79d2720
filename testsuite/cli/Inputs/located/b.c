/* One tag, two structs: this unit's struct node (and a.c's). */
#include <stddef.h>

struct node {
	int refs;
	int state;
	long next;
};
_Static_assert(offsetof(struct node, next) == 8, "one line");
struct node b_nodes[16];
