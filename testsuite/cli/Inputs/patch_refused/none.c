/* no annotation, no profile: nothing to reorder */
struct plain {
	long a;
	long b;
};

long sum(struct plain *p)
{
	return p->a + p->b;
}
