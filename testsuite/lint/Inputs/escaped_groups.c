#ifdef EMPTY
#define __write_hot_group(g)
#else
#include "cachelint.h"
#endif
struct e {
	long a __write_hot_group("r\170");
	long b __write_hot_group("rx");
	long c __write_hot_group("r\u00e9" "\x21");
	long d __write_hot_group("t\x78");
};
