/* Inputs/c2c/fs.c in C++, its functions in a namespace: worker threads bump
 * 'hits', every thread reads 'limit' and 'scale'; all three on cache line 0. */
#include <stddef.h>

struct stats {
	unsigned long hits;
	unsigned long limit;
	unsigned long scale;
	unsigned long spare;
};
#ifndef PATCHED	/* the premise of the report: the proposal moves them */
static_assert(offsetof(struct stats, limit) == 8, "limit at 8");
static_assert(offsetof(struct stats, scale) == 16, "scale at 16");
#endif

namespace ns {
void count(struct stats *s)
{
	s->hits++;
}

unsigned long budget(const struct stats *s)
{
	return s->limit * s->scale;
}

void reset(struct stats *s)
{
	s->spare = s->limit;
}
}
