#define KEY_T short
#define PAIR_NAME pair_b
#include "keys.h"

_Static_assert(__builtin_offsetof(struct conf, b) == 2, "short a");

struct {
	long q __write_hot;
	long r __read_mostly;
} anon_b;

long use_b(struct holder *h, pair_b *p)
{
	return h->tail + p->x + anon_b.q;
}
