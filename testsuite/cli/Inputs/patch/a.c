#include "counter.h"

long charge(struct counter *c)
{
	return ++c->usage < c->max;
}
