/* Arrays of 128 to 255 elements (and 256, whose upper bound is 255): gcc
   writes DW_AT_upper_bound and clang DW_AT_count as data1 (0x7f..0xff),
   data2 above; the dataN forms are unsigned. */
#include <stddef.h>

struct bounds {
	int n;
	char c256[256];		/* gcc: upper bound 255, data1 0xff */
	char c255[255];		/* clang: count 255, data1 0xff */
	char c128[128];		/* clang: count 128, data1 0x80 */
	short s40000[40000];	/* gcc: upper bound 39999, data2 0x9c3f */
	int z[0];
};
_Static_assert(offsetof(struct bounds, c256) == 4, "c256");
_Static_assert(offsetof(struct bounds, c255) == 260, "c255");
_Static_assert(offsetof(struct bounds, c128) == 515, "c128");
_Static_assert(offsetof(struct bounds, s40000) == 644, "s40000");
_Static_assert(offsetof(struct bounds, z) == 80644, "z");
_Static_assert(sizeof(struct bounds) == 80644, "size");

struct bounds b;
