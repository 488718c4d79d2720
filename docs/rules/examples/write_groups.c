/* cachelint-write-groups: a ring's producer and consumer indexes */
#include <stddef.h>
#include "cachelint.h"

struct ring {
	unsigned long head __write_hot_group("producer");
	unsigned long tail __write_hot_group("consumer");
	void *slots[6];
};

_Static_assert(offsetof(struct ring, tail) == 8, "both on line 0");
