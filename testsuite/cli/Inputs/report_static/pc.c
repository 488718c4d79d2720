struct pc {
	long usage;
	long max;
	long low;
	struct pc *parent;
};

void pc_init(struct pc *p, struct pc *parent)
{
	p->parent = parent;
	p->max = 100;
	p->low = 0;
	p->usage = 0;
}

void pc_set_max(struct pc *p, long m)
{
	p->max = m;
}

void pc_set_low(struct pc *p, long m)
{
	p->low = m;
}

int pc_charge(struct pc *p, long n)
{
	for (struct pc *c = p; c; c = c->parent)
		if (__atomic_add_fetch(&c->usage, n, __ATOMIC_RELAXED) > c->max + c->low)
			return -1;
	return 0;
}
