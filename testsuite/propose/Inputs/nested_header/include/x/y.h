/* The struct being reordered: a read-mostly member nested in 'node'. */
#include "cachelint.h"
#include "x/list.h"

struct x_queue {
	struct x_node node;
	unsigned long size __write_hot;
	void *owner;
};
