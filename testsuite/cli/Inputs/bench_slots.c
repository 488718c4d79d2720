/*
 * bench_slots.test's structs: issue 23's per-thread slots.  A 24-byte slot
 * marked __per_thread (its counters written by the thread that owns the
 * slot), a hot pair of them by annotation, and valkey's used_memory_thread[]
 * counter as a struct of one 8-byte member (bench takes a struct).
 */
#include <stdint.h>

#include "cachelint.h"

struct __per_thread slot {
	uint64_t hits, misses, bytes;
};

struct __per_thread hot_slot {
	uint64_t hits __cachelint_wh;
	uint64_t misses __cachelint_wh;
	uint64_t limit __cachelint_rm;
};

struct used_memory {
	uint64_t used;
};

struct slot slots[4];
struct hot_slot hot_slots[4];
struct used_memory used_memory_thread[16];

/* nothing to measure: an error, not an empty program */
struct empty_slot {
};
struct empty_slot empty_slots[4];
