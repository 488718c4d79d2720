/* A header that every unit of a make build includes (issue 35 item 10). */
#include "cachelint.h"

struct counter {
	long usage __write_hot;		/* bumped on every charge */
	long min __read_mostly;		/* limits, read on every charge */
	long max __read_mostly;
	struct counter *parent __read_mostly;
};

struct quiet {
	long a;
	long b;
};

long charge(struct counter *c);
