/* a/x.c: a unit named as the other folder's */
#include "cachelint.h"

struct sa {
	long hot __write_hot;
	long lim __read_mostly;
	char pad[60];
};

struct sa ga;
