/* A page_counter-like charge loop, with no annotation: docs/inference.md. */
struct pc {
	long usage;
	unsigned long limit;
	struct pc *parent;
};

void pc_init(struct pc *c, struct pc *parent)
{
	c->usage = 0;
	c->limit = ~0UL;
	c->parent = parent;
}

int charge(struct pc *counter, long n)
{
	for (struct pc *c = counter; c; c = c->parent)
		if (__atomic_add_fetch(&c->usage, n, __ATOMIC_RELAXED) > (long)c->limit)
			return 0;
	return 1;
}
