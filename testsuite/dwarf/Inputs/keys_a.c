#define KEY_T int
#define PAIR_NAME pair_a
#include "keys.h"

_Static_assert(__builtin_offsetof(struct conf, b) == 4, "int a");

/* a struct without a name or a typedef, in both units */
struct {
	long q __write_hot;
	long r __read_mostly;
} anon_a;

long use_a(struct holder *h, pair_a *p)
{
	return h->tail + p->x + anon_a.q;
}
