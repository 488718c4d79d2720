// Profiles name paths: who reads and who writes each member, with counts
// when they were counted, and which paths run on many CPUs at once
// (`paths:`, else one CPU at a time).  A group's class and a profile's that
// disagree are a mismatch naming both; the profile's stays in force.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/paths.yaml -fsyntax-only %s 2>&1 | %check
#include <stddef.h>
#include "Inputs/cacheline_groups.h"

struct counter {
	long usage;
	long limit;
// CHECK: profile_paths.c:[[#@LINE-1]]:14: warning: field 'limit' (read on charge) shares cache line 0 (bytes 0-63) of 'struct counter' with field 'usage' (written on charge) [cachelint-false-sharing]
// CHECK-NEXT: profile_paths.c:[[#@LINE-3]]:14: note: 'usage' is written on charge
};

struct conn {
	long rx_seq;
	long rx_win;
	long tx_seq;
	long snd_una;
};
// rx_win/rx_seq: one socket's rx on one CPU.  tx_seq/snd_una: tx reads
// snd_una on every run anyway.  rx_win/tx_seq and rx_seq/tx_seq cross.
// CHECK-NEXT: profile_paths.c:[[#@LINE-6]]:14: warning: field 'rx_win' (read on rx) shares cache line 0 (bytes 0-63) of 'struct conn' with field 'tx_seq' (written on tx) [cachelint-false-sharing]
// CHECK-NEXT: profile_paths.c:[[#@LINE-6]]:14: note: 'tx_seq' is written on tx
// CHECK-NEXT: profile_paths.c:[[#@LINE-9]]:14: warning: field 'rx_seq' (written on rx) shares cache line 0 (bytes 0-63) of 'struct conn' with field 'tx_seq' (written on tx) [cachelint-write-groups]
// CHECK-NEXT: profile_paths.c:[[#@LINE-8]]:14: note: 'tx_seq' is written on tx

struct sk {
	__cacheline_group_begin(sk_read_rx);
	long rcvbuf;
// CHECK-NEXT: profile_paths.c:[[#@LINE-1]]:14: warning: field 'rcvbuf' of 'struct sk' is written, but its group says it is only read: cacheline group 'sk_read_rx' says read on rx, the profile entry at {{.*}}paths.yaml:15:5 says written on rx [cachelint-annotation-mismatch]
	__cacheline_group_end(sk_read_rx);
	__cacheline_group_begin(sk_write_tx);
	long wmem;
// CHECK-NEXT: profile_paths.c:[[#@LINE-1]]:14: warning: field 'wmem' of 'struct sk' is never written, but its group is a write group: cacheline group 'sk_write_tx' says written on tx, the profile entry at {{.*}}paths.yaml:17:5 says read on tx [cachelint-annotation-mismatch]
	__cacheline_group_end(sk_write_tx);
};
// With the profile's classes: rcvbuf is written on rx, wmem read on tx.
// CHECK-NEXT: profile_paths.c:[[#@LINE-5]]:14: warning: field 'wmem' (read on tx) shares cache line 0 (bytes 0-63) of 'struct sk' with field 'rcvbuf' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: profile_paths.c:[[#@LINE-10]]:14: note: 'rcvbuf' is written on rx

_Static_assert(offsetof(struct conn, snd_una) == 24, "premise: one line");
