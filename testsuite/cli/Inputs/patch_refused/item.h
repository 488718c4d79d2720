/*
 * memcached's case (issue 43): 'struct item' is reordered by the units that
 * only use it, and read through a cast from 'crawler', which mirrors its
 * header, in crawl.c.  Reordering 'struct item' and not 'crawler' breaks
 * the program: crawl.c's unit refuses, and so must the whole build.
 */
#include "cachelint.h"

struct item {
	struct item *next;
	long refs __write_hot;
	long flags __read_mostly;
	char data[64];
};

/* the same header, then what the crawler keeps */
typedef struct {
	struct item *next;
	long visits;
	char state[64];
} crawler;

/* a struct no unit refuses: its patch is written */
struct counter;
#ifndef ITEM_ONLY
struct counter {
	long usage __write_hot;
	long max __read_mostly;
};
#endif

long use(struct item *it, struct counter *c);
long crawl(int i);
