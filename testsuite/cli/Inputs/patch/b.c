#include "counter.h"

long limit(struct counter *c)
{
	return c->min + c->parent->min;
}
