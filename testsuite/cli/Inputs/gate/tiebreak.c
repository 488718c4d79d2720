/*
 * What decides when findings do not (testsuite/cli/diff_gate.test): BASE
 * is HEAD=0, HEAD is HEAD=1.  'lines' keeps its findings (none) and its
 * read path goes from one line to two; 'size' keeps its findings and
 * lines per path and grows from one cache line to two; 'fixed' loses its
 * finding, which does not excuse the other two: HEAD is worse.
 */
#include <stddef.h>
#include "cachelint.h"

struct lines {
	long a __read_mostly;
#if HEAD
	char pad[64];
#endif
	long b __read_mostly;
};
_Static_assert(offsetof(struct lines, b) == (HEAD ? 72 : 8), "b on line 1 in HEAD only");

struct size {
	long hot __write_hot;
	char cold[HEAD ? 64 : 56];
};
_Static_assert(sizeof(struct size) == (HEAD ? 72 : 64), "two lines in HEAD only");

struct fixed {
	long hot __write_hot;
#if HEAD
	char pad[56];
#endif
	long limit __read_mostly;
};
_Static_assert(offsetof(struct fixed, limit) == (HEAD ? 64 : 8), "limit off line 0 in HEAD only");

struct lines l;
struct size s;
struct fixed f;
