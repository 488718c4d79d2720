#include "counter.h"

struct unit2 {
	long hits __write_hot;
	const char *name __read_mostly;
};

long use2(struct counter *c, struct unit2 *u) { return c->usage + u->hits; }
