// alignment=any: a struct that is not line-aligned may start at any offset
// its alignment allows.  A pair is reported as "may share" when some start
// puts both on one line, "shares" when every start does.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check --check-prefix=LINE
// RUN: %gcc-cl -fplugin-arg-cachelint-alignment=any -c %s -o %t.o 2>&1 | %check --check-prefix=ANY
#include "cachelint.h"

/* 8-byte aligned: apart only when it starts at 56 mod 64. */
struct a8 {
	long hot __write_hot;
	long rm __read_mostly;
// LINE: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct a8' with write-hot field 'hot' [cachelint-false-sharing]
// LINE-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
// ANY: :[[#@LINE-3]]:14: warning: read-mostly field 'rm' may share a cache line of 'struct a8' with write-hot field 'hot' at 7 of 8 start offsets its alignment (8) allows [cachelint-false-sharing]
// ANY-NEXT: :[[#@LINE-5]]:14: note: 'hot' is written on hot paths
};

/* 16-byte aligned, both in one 16-byte unit: together wherever it starts. */
struct a16 {
	long hot __write_hot;
	long rm __read_mostly;
// LINE-NEXT: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct a16' with write-hot field 'hot' [cachelint-false-sharing]
// LINE-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
// ANY-NEXT: :[[#@LINE-3]]:14: warning: read-mostly field 'rm' shares a cache line of 'struct a16' with write-hot field 'hot' at every start offset its alignment (16) allows [cachelint-false-sharing]
// ANY-NEXT: :[[#@LINE-5]]:14: note: 'hot' is written on hot paths
} __attribute__((aligned(16)));

/* 120 bytes apart: never on one line, whatever the start. */
struct far {
	long hot __write_hot;
	char gap[112];
	long rm __read_mostly;
};

/* 64-byte aligned: every start is a line start. */
struct a64 {
	long hot __write_hot;
	int rm __read_mostly;
// LINE-NEXT: :[[#@LINE-1]]:13: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct a64' with write-hot field 'hot' [cachelint-false-sharing]
// LINE-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
// ANY-NEXT: :[[#@LINE-3]]:13: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct a64' with write-hot field 'hot' [cachelint-false-sharing]
// ANY-NEXT: :[[#@LINE-5]]:14: note: 'hot' is written on hot paths
} __attribute__((aligned(64)));

/* Line-aligned they are apart; at 7 of the 8 starts allowed, together. */
struct split {
	char head[56];
	long hot __write_hot;
	long rm __read_mostly;
// ANY-NEXT: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' may share a cache line of 'struct split' with write-hot field 'hot' at 7 of 8 start offsets its alignment (8) allows [cachelint-false-sharing]
// ANY-NEXT: :[[#@LINE-3]]:14: note: 'hot' is written on hot paths
};
