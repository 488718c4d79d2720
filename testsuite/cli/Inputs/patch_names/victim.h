/* a header the patch may name by a link to it */
#include "cachelint.h"

struct sv {
	long hot __write_hot;
	long lim __read_mostly;
	char pad[60];
};
