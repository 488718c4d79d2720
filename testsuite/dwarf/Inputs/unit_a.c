#include "counters.h"

long read_a(struct counters *c)
{
	struct local { int x; long y; } l = { 1, 2 };
	return c->min + l.y;
}
