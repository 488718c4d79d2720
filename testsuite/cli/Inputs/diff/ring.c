/* A ring whose tx members a change spreads over two lines (-DGROW=1):
 * more cache lines on tx, and no finding (no budget). */
#include <stddef.h>
#include "cachelint.h"

struct ring {
	unsigned long head __written_on("tx");
#if GROW
	char big[64];
#endif
	unsigned long tail __written_on("tx");
};
_Static_assert(offsetof(struct ring, tail) == (GROW ? 72 : 8), "tail a line further with GROW");
struct ring ring;
