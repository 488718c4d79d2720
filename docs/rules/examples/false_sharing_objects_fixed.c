/* cachelint-false-sharing-objects fixed: each slot on a line of its own */
#include "cachelint.h"

struct slot {
	long hits;
	long misses;
	long bytes;
} __attribute__((aligned(64)));

struct slot slots[16] __per_thread;

/* the price: 24 -> 64 bytes per slot, 384 -> 1024 bytes for the array */
_Static_assert(sizeof(slots) == 1024, "a line per slot");
