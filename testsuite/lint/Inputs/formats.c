#include "cachelint.h"

struct page_counter {
	long usage __write_hot;
	struct page_counter *parent __read_mostly;
	long rx __write_hot_group("rx");
	long tx __write_hot_group("tx");
};

struct profiled {
	long a;
	long b;
};
