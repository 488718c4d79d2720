/* cachelint-path-lines: the tx path's members spread over three lines */
#include <stddef.h>
#include "cachelint.h"

struct conn {
	long tx_head __written_on("tx");
	char pad1[64];
	long tx_tail __written_on("tx");
	char pad2[64];
	long tx_more __read_on("tx");
};

_Static_assert(offsetof(struct conn, tx_more) == 144, "three lines");
