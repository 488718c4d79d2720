/* A unit compiled from src/ with -I../include: the header is outside it. */
#include <stddef.h>
#include "x/y.h"

#ifdef PREMISE
_Static_assert(offsetof(struct x_queue, node.next) / 64 == offsetof(struct x_queue, size) / 64,
	       "'node.next' shares a line with 'size'");
#endif

unsigned long x_size(struct x_queue *q)
{
	return q->size;
}
