/* cachelint-annotation-mismatch: the source says read-mostly, the profile disagrees */
#include "cachelint.h"

struct conn {
	unsigned long flags __read_mostly;
	unsigned long bytes __write_hot;
	char pad[112];
};
