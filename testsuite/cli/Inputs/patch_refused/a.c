#include "item.h"

long use(struct item *it, struct counter *c)
{
	c->usage++;
	return it->refs++ + it->flags + c->max;
}
