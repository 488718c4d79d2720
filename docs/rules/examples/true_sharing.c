/* cachelint-true-sharing: one counter that every worker increments */
#include "cachelint.h"

struct stats {
	long hits;
	char pad[56];
	long limit;
};
