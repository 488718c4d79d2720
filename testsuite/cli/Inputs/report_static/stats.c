struct stats {
	long hits;
	long cap;
};

void stats_init(struct stats *s)
{
	s->cap = 8;
}

void stats_hit(struct stats *s)
{
	if (s->hits < s->cap)
		__atomic_fetch_add(&s->hits, 1, __ATOMIC_RELAXED);
}
