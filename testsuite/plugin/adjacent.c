// adjacent: the L2 adjacent-line prefetcher pulls 128-byte aligned pairs of
// lines; with the `adjacent` argument a read-mostly field in the other half
// of a write-hot field's 128-byte block is reported too (Linux 2d146aa3aa:
// only 128-byte padding recovered a 36% regression).
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check --allow-empty
// RUN: %gcc-cl -fplugin-arg-cachelint-adjacent -c %s -o %t.o 2>&1 | %check --check-prefix=ADJ
// RUN: %gcc-cl -fplugin-arg-cachelint-adjacent -fplugin-arg-cachelint-line-size=128 -c %s -o %t.o 2>&1 | %check --check-prefix=L128
#include <stddef.h>
#include "cachelint.h"

struct adj {
	long hot __write_hot;
	char pad[64];
	long rm __read_mostly;
// ADJ: :[[#@LINE-1]]:14: note: read-mostly field 'rm' of 'struct adj' is in the cache line adjacent to write-hot field 'hot' in 128-byte block 0 (bytes 0-127) [cachelint-adjacent-line]
// ADJ-NEXT: :[[#@LINE-4]]:14: note: 'hot' is written on hot paths
// L128: :[[#@LINE-3]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-127) of 'struct adj' with write-hot field 'hot' [cachelint-false-sharing]
// L128-NEXT: :[[#@LINE-6]]:14: note: 'hot' is written on hot paths
	char pad2[120];
	long rm2 __read_mostly;
// L128-NEXT: :[[#@LINE-1]]:14: note: read-mostly field 'rm2' of 'struct adj' is in the cache line adjacent to write-hot field 'hot' in 256-byte block 0 (bytes 0-255) [cachelint-adjacent-line]
// L128-NEXT: :[[#@LINE-10]]:14: note: 'hot' is written on hot paths
};

_Static_assert(offsetof(struct adj, rm) == 72, "premise: line 1, block 0");
_Static_assert(offsetof(struct adj, rm2) == 200, "premise: line 3, block 1");

// With paths, the pairs of the paths rule (core/model/paths.h), a line apart: an
// rx reader next to a tx writer is reported; rx_seq, written on rx, is
// nothing to rx_win (one socket's rx on one CPU), and two writers a line
// apart are not this rule's.
struct paths {
	long tx_seq __written_on("tx");
	char pad[56];
	long rx_win __read_on("rx");
// ADJ: :[[#@LINE-1]]:14: note: field 'rx_win' (read on rx) of 'struct paths' is in the cache line adjacent to field 'tx_seq' (written on tx) in 128-byte block 0 (bytes 0-127) [cachelint-adjacent-line]
// ADJ-NEXT: :[[#@LINE-4]]:14: note: 'tx_seq' is written on tx
// L128: :[[#@LINE-3]]:14: warning: field 'rx_win' (read on rx) shares cache line 0 (bytes 0-127) of 'struct paths' with field 'tx_seq' (written on tx) [cachelint-false-sharing]
// L128-NEXT: :[[#@LINE-6]]:14: note: 'tx_seq' is written on tx
	long rx_seq __written_on("rx");
// L128-NEXT: :[[#@LINE-8]]:14: warning: field 'tx_seq' (written on tx) shares cache line 0 (bytes 0-127) of 'struct paths' with field 'rx_seq' (written on rx) [cachelint-write-groups]
// L128-NEXT: :[[#@LINE-2]]:14: note: 'rx_seq' is written on rx
};

_Static_assert(offsetof(struct paths, rx_win) == 64, "premise: line 1, block 0");
