/* cachelint-false-sharing: page_counter as in Linux v5.10, cut down */
#include <stddef.h>
#include "cachelint.h"

struct page_counter {
	long usage __write_hot;			/* written on every charge */
	unsigned long max __read_mostly;	/* read on every charge */
	struct page_counter *parent __read_mostly;	/* walked on every charge */
	unsigned long watermark;
	unsigned long failcnt;
};

_Static_assert(offsetof(struct page_counter, parent) == 16, "all on line 0");
