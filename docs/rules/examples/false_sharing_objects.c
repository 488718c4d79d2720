/* cachelint-false-sharing-objects: a slot per thread, four to a line */
#include "cachelint.h"

struct slot {
	long hits;
	long misses;
	long bytes;
};

struct slot slots[16] __per_thread;
