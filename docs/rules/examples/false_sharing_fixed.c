/* cachelint-false-sharing fixed: read-mostly fields first, 'usage' on a line of its own */
#include "cachelint.h"

struct page_counter {
	unsigned long max __read_mostly;
	struct page_counter *parent __read_mostly;
	long usage __write_hot __attribute__((aligned(64)));
	unsigned long watermark;
	unsigned long failcnt;
};

/* the price: 40 -> 128 bytes, and 64-aligned storage */
_Static_assert(sizeof(struct page_counter) == 128, "two lines");
