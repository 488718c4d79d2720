/*
 * A write-hot member in pairs with two read-mostly ones whose names are
 * one inside the other: the layout view lists both ends.
 */
#include "cachelint.h"

struct names {
	long m10 __read_mostly;
	long m1 __read_mostly;
	long w __write_hot;
	struct two {
		long x __read_mostly;
		long y __read_mostly;
	} in;
};

struct names names;
