// The kernel's cacheline groups classify their members by path, with no
// annotation and no profile: _read_P members are read on the paths P,
// _write_P members accessed on P and written on at least one of them
// (core/model/kernel_groups.c).  A write on one path costs an access on another a miss;
// one path on one CPU does not (rcvbuf next to rx_head), nor a member that
// both paths touch anyway (snd_una).  Groups that follow no convention
// classify nothing (frag).
// RUN: %gcc-cl -fsyntax-only %s 2>&1 | %check
// RUN: %gcc-cl -fplugin-arg-cachelint-cacheline-groups=off -fsyntax-only %s 2>&1 | count 0
// RUN: %gcc-cl -fplugin-arg-cachelint-dump-layout -fsyntax-only -DTUNED %s 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: not %gcc-cl -fplugin-arg-cachelint-cacheline-groups=maybe -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: cachelint: argument 'cacheline-groups': invalid cacheline-groups 'maybe': expected 'on' or 'off'
#include <stddef.h>
#include "Inputs/cacheline_groups.h"

#ifdef TUNED
#define TX_LINE __attribute__((aligned(64)))
#else
#define TX_LINE
#endif

struct sk {
	__cacheline_group_begin(sk_write_rx);
	long rx_head;
	long rx_tail;
	__cacheline_group_end(sk_write_rx);
	__cacheline_group_begin(sk_read_rx);
	long rcvbuf;
	__cacheline_group_end(sk_read_rx);
	__cacheline_group_begin(sk_write_tx) TX_LINE;
	long wmem;
	__cacheline_group_end(sk_write_tx);
	__cacheline_group_begin(sk_write_txrx);
	long snd_una;
	__cacheline_group_end(sk_write_txrx);
	__cacheline_group_begin(sk_read_tx);
	long sndbuf;
	__cacheline_group_end(sk_read_tx);
	__cacheline_group_begin(frag);
	long frag_count;
	__cacheline_group_end(frag);
};
// CHECK: cacheline_groups.c:[[#@LINE-15]]:14: warning: field 'rcvbuf' (read on rx) shares cache line 0 (bytes 0-63) of 'struct sk' with field 'wmem' (written on tx) [cachelint-false-sharing]
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-13]]:14: note: 'wmem' is written on tx
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-8]]:14: warning: field 'sndbuf' (read on tx) shares cache line 0 (bytes 0-63) of 'struct sk' with field 'rx_head' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-22]]:14: note: 'rx_head' is written on rx
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-10]]:14: warning: field 'sndbuf' (read on tx) shares cache line 0 (bytes 0-63) of 'struct sk' with field 'rx_tail' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-23]]:14: note: 'rx_tail' is written on rx
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-25]]:14: warning: field 'rx_head' (written on rx) shares cache line 0 (bytes 0-63) of 'struct sk' with field 'wmem' (written on tx) [cachelint-write-groups]
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-19]]:14: note: 'wmem' is written on tx
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-26]]:14: warning: field 'rx_tail' (written on rx) shares cache line 0 (bytes 0-63) of 'struct sk' with field 'wmem' (written on tx) [cachelint-write-groups]
// CHECK-NEXT: cacheline_groups.c:[[#@LINE-21]]:14: note: 'wmem' is written on tx

// With the tx groups on a line of their own (the alignment a careless
// patch deletes), nothing is left; the model shows what each group says.
// DUMP:      struct sk: size 128, align 64
// DUMP:        rx_head: offset 0, size 8, align 8, paths(rx:rw)
// DUMP:        rcvbuf: offset 16, size 8, align 8, paths(rx:r)
// DUMP:        wmem: offset 64, size 8, align 8, paths(tx:rw)
// DUMP:        snd_una: offset 72, size 8, align 8, paths(tx:rs rx:rs)
// DUMP:        sndbuf: offset 80, size 8, align 8, paths(tx:r)
// DUMP:        frag_count: offset 88, size 8, align 8, none
// DUMP-NOT: warning:

#ifndef TUNED
_Static_assert(offsetof(struct sk, sndbuf) == 40, "premise: one line");
#else
_Static_assert(offsetof(struct sk, wmem) == 64, "premise: tx on line 1");
#endif
