/* two structs with one header: the crawler is walked as an item */
#include "cachelint.h"

struct item {
	struct item *next;
	long refs __write_hot;
	long flags __read_mostly;
	char data[64];
};

struct crawler {
	struct item *next;
	long visits __write_hot;
	long limit __read_mostly;
	char state[64];
};

/* a slab chunk begins as an item too; nothing classes it */
struct chunk {
	struct item *next;
	long size;
};
