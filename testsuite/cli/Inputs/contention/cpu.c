struct counter {
	long usage;
	unsigned long max;
	struct counter *parent;
};
struct counter c;
