/* One slot per thread, each a line already: 64-byte elements of an
 * array aligned to 64 bytes never share a 64-byte line, whatever a
 * profile says.  table8.c is the same array aligned to 8 (the positive
 * control), where they do. */
struct slot {
	long v[8];
};

#ifndef TABLE_ALIGN
#define TABLE_ALIGN 64
#endif
struct slot table[16] __attribute__((aligned(TABLE_ALIGN)));

_Static_assert(sizeof(struct slot) == 64, "64-byte elements");
_Static_assert(__alignof__(table) == TABLE_ALIGN, "the premise");
