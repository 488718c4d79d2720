#include "counter.h"

struct unit1 {
	long hits __write_hot;
	const char *name __read_mostly;
};

long use1(struct counter *c, struct unit1 *u) { return c->usage + u->hits; }
