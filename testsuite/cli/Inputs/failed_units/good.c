#include <stddef.h>
#include "cachelint.h"

struct pair {
	long hits __write_hot;
	const char *name __read_mostly;
};

_Static_assert(offsetof(struct pair, name) == 8, "one line");
long use(struct pair *p) { return p->hits + (p->name != NULL); }
