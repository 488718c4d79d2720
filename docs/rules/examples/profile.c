/* cachelint-profile: the profile names a member the struct lost */
#include "cachelint.h"

struct conn {
	unsigned long flags;
	unsigned long tx_bytes;
	char pad[112];
};
