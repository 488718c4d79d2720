/* the types of keys_a.c again: a third unit repeats them */
#define KEY_T int
#define PAIR_NAME pair_a
#include "keys.h"

long use_c(struct holder *h, pair_a *p)
{
	return h->tail + p->y;
}
