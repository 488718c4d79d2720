/*
 * What one front end's access map has and the other's cannot
 * (access_map_differential.test, docs/access-map.md), each once.
 */
#include <stdatomic.h>

#define AT(p, k) (*((long *)(p) + (k)))

struct in {
	int x, y;
};

struct s {
	long a;
	long b;
	struct in in;
	_Atomic long n;
};

struct s g;

/* never called: neither front end walks it (GCC never emits it) */
static inline void unused(struct s *p)
{
	p->a = 1;
}

long f(struct s *p)
{
	struct in *local = &p->in;	/* a local pointer: the plugin follows it */
	struct s copy = { 0 };		/* a local struct initialized: the plugin only */

	local->y = 2;
	g = *p;				/* a whole variable written: the plugin only */
	AT(p, 1) = 3;			/* pointer arithmetic in a macro: both */
	atomic_fetch_add_explicit(&p->n, 1, memory_order_relaxed);	/* the headers' macros differ */
	return copy.a + p->b;
}
