// cachelint diff: two builds of this file, BASE (-DHEAD=0) and HEAD
// (-DHEAD=1).  In HEAD, 'limit' moved back beside the write-hot 'hits',
// 'rx_win' (read on rx) beside the counters written on tx, 'ring' grew past
// its budget of one line for tx, 'added' is new and 'removed' gone.  BASE
// to HEAD: exit 1, each pair named with the member that moved; HEAD to
// BASE: exit 0, the same findings listed as gone.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: printf 'cachelint-profile: 1\nlines:\n  ring: {tx: 1}\n' > budget.yaml
// RUN: %clang -g -I%annotations -DHEAD=0 -c %s -o base.o
// RUN: %clang -g -I%annotations -DHEAD=1 -c %s -o head.o
// RUN: %cachelint diff --profile budget.yaml base.o head.o > worse.txt; test $? = 1
// RUN: %check --check-prefixes=WORSE,BOTH --input-file worse.txt
// RUN: %cachelint diff --profile budget.yaml head.o base.o > better.txt; test $? = 0
// RUN: %check --check-prefixes=BETTER,BOTH --input-file better.txt
//
// BOTH-LABEL: cachelint: diff: BASE {{.*}}.o, HEAD {{.*}}.o: 3 structs compared, 3 changed, 1 only in BASE, 1 only in HEAD
// WORSE-NEXT: struct added: only in HEAD (16 bytes, 1 cache line)
// BETTER-NEXT: struct added: only in BASE (16 bytes, 1 cache line)
// BOTH-NEXT: [[ADDED:[-+]]] {{.*}}diff_layouts.c:[[#ADDED_B:]]:14: warning: read-mostly field 'b' shares cache line 0 (bytes 0-63) of 'struct added' with write-hot field 'a' [cachelint-false-sharing]
// BOTH-NEXT: [[ADDED]] {{.*}}diff_layouts.c:[[#ADDED_B-1]]:14: note: 'a' is written on hot paths
// WORSE-NEXT:   verdict: worse by its findings: 1 new, 0 gone
// BETTER-NEXT:   verdict: better by its findings: 0 new, 1 gone
#include <stddef.h>
#include "cachelint.h"

struct conn {
	long hits __write_hot;
#if HEAD
	long limit __read_mostly;
	char pad[56];
#else
	char pad[56];
	long limit __read_mostly;
#endif
	long key __read_mostly;
};
_Static_assert(offsetof(struct conn, limit) == (HEAD ? 8 : 64), "limit beside hits in HEAD only");
// BOTH-NEXT: struct conn: 80 bytes, 2 cache lines
// WORSE-NEXT:   lines per path: read_mostly 1 -> 2 (more), write_hot 1
// WORSE-NEXT:   moved: 'limit' from byte 64 to byte 8, onto cache line 0 with 'hits' [cachelint-false-sharing]
// WORSE-NEXT: + {{.*}}diff_layouts.c:[[#@LINE-12]]:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'hits' [cachelint-false-sharing]
// WORSE-NEXT: + {{.*}}diff_layouts.c:[[#@LINE-15]]:14: note: 'hits' is written on hot paths
// WORSE-NEXT:   verdict: worse by its findings: 1 new, 0 gone
// BETTER-NEXT:   lines per path: read_mostly 2 -> 1, write_hot 1
// BETTER-NEXT: - {{.*}}diff_layouts.c:[[#@LINE-16]]:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'hits' [cachelint-false-sharing]
// BETTER-NEXT: - {{.*}}diff_layouts.c:[[#@LINE-19]]:14: note: 'hits' is written on hot paths
// BETTER-NEXT:   verdict: better by its findings: 0 new, 1 gone

struct flow {
	unsigned long tx_bytes __written_on("tx");
	unsigned long tx_pkts __written_on("tx");
#if HEAD
	unsigned long rx_win __read_on("rx");
	char pad[48];
#else
	char pad[48];
	unsigned long rx_win __read_on("rx");
#endif
};
_Static_assert(offsetof(struct flow, rx_win) == (HEAD ? 16 : 64), "rx_win beside the tx counters in HEAD only");
// BOTH-NEXT: struct flow: 72 bytes, 2 cache lines
// BOTH-NEXT:   lines per path: rx 1, tx 1
// WORSE-NEXT:   moved: 'rx_win' from byte 64 to byte 16, onto cache line 0 with 'tx_bytes' [cachelint-false-sharing]
// WORSE-NEXT:   moved: 'rx_win' from byte 64 to byte 16, onto cache line 0 with 'tx_pkts' [cachelint-false-sharing]
// BOTH-NEXT: [[FLOW:[-+]]] {{.*}}diff_layouts.c:[[#@LINE-12]]:23: warning: field 'rx_win' (read on rx) shares cache line 0 (bytes 0-63) of 'struct flow' with field 'tx_bytes' (written on tx) [cachelint-false-sharing]
// BOTH-NEXT: [[FLOW]] {{.*}}diff_layouts.c:[[#@LINE-16]]:23: note: 'tx_bytes' is written on tx
// BOTH-NEXT: [[FLOW]] {{.*}}diff_layouts.c:[[#@LINE-14]]:23: warning: field 'rx_win' (read on rx) shares cache line 0 (bytes 0-63) of 'struct flow' with field 'tx_pkts' (written on tx) [cachelint-false-sharing]
// BOTH-NEXT: [[FLOW]] {{.*}}diff_layouts.c:[[#@LINE-17]]:23: note: 'tx_pkts' is written on tx
// WORSE-NEXT:   verdict: worse by its findings: 2 new, 0 gone
// BETTER-NEXT:   verdict: better by its findings: 0 new, 2 gone
// WORSE-NEXT: struct removed: only in BASE (8 bytes, 1 cache line)
// BETTER-NEXT: struct removed: only in HEAD (8 bytes, 1 cache line)

struct ring {
	unsigned long head __written_on("tx");
#if HEAD
	char big[64];
#endif
	unsigned long tail __written_on("tx");
};
_Static_assert(offsetof(struct ring, tail) == (HEAD ? 72 : 8), "tail a line further in HEAD");
// WORSE-NEXT: struct ring: 16 -> 80 bytes, 1 -> 2 cache lines
// WORSE-NEXT:   lines per path: tx 1 -> 2 (more)
// BETTER-NEXT: struct ring: 80 -> 16 bytes, 2 -> 1 cache lines
// BETTER-NEXT:   lines per path: tx 2 -> 1
// BOTH-NEXT: [[RING:[-+]]] {{.*}}diff_layouts.c:[[#@LINE-12]]:8: warning: path 'tx' of 'struct ring' touches 2 cache lines, more than its budget of 1 [cachelint-path-lines]
// BOTH-NEXT: [[RING]] {{.*}}diff_layouts.c:[[#@LINE-13]]:8: note: budget at budget.yaml:3:10; cache line 0 (bytes 0-63): 'head'; cache line 1 (bytes 64-127): 'tail'
// WORSE-NEXT:   verdict: worse by its findings: 1 new, 0 gone
// BETTER-NEXT:   verdict: better by its findings: 0 new, 1 gone
// WORSE-NEXT: cachelint: diff: HEAD is worse than BASE: 5 new findings, 2 paths on more cache lines, 1 budget newly exceeded, 3 pairs brought onto one line by moves; findings weigh first: 4 structs worse, 0 better
// BETTER-NEXT: cachelint: diff: HEAD is not worse than BASE: 5 findings gone; findings weigh first: 0 structs worse, 4 better
// BOTH-NOT: {{.}}

#if HEAD
struct added {
	long a __write_hot;
	long b __read_mostly;
};
struct added added;
#else
struct removed {
	long a __read_mostly;
};
struct removed removed;
#endif
struct conn conn;
struct flow flow;
struct ring ring;
