// True sharing: a field that several threads write moves between them
// whatever the layout; the note says so and what helps instead.  It rests
// on write counts per path (an instrumented run's): one writer and three
// readers get no note, nor paths listed without counts, nor the classes.
// The proposal still separates the readers, and says the counter's own
// traffic remains.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/true_sharing.yaml -fplugin-arg-cachelint-propose -fsyntax-only %s 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

struct stats {
	long hits;
	long limit;
// CHECK: true_sharing.c:[[#@LINE-1]]:14: warning: field 'limit' (read on thread-1, thread-2, thread-3, thread-4) shares cache line 0 (bytes 0-63) of 'struct stats' with field 'hits' (written on thread-1, thread-2, thread-3, thread-4) [cachelint-false-sharing]
// CHECK-NEXT: true_sharing.c:[[#@LINE-3]]:14: note: 'hits' is written on thread-1, thread-2, thread-3, thread-4
// CHECK-NEXT: true_sharing.c:[[#@LINE-5]]:8: note: proposed reordering of 'struct stats': 'hits' aligned to a new line; 16 -> 128 bytes, 1 -> 2 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16); 'hits' written by several writers: its own line still moves between them
// CHECK-NEXT: true_sharing.c:[[#@LINE-5]]:14: note: field 'hits' of 'struct stats' is written on 4 paths (writes: thread-1 5000, thread-2 5000, thread-3 5000, thread-4 5000): its own cache line moves between its writers whatever the layout [cachelint-true-sharing]
// CHECK-NEXT: true_sharing.c:[[#@LINE-6]]:14: note: a per-CPU or per-thread copy of 'hits' merged on read (the kernel's percpu_counter), or batched writes, removes that traffic; a layout only spares the fields next to it
};

struct queue {
	long tail;
	long head;
// CHECK-NEXT: true_sharing.c:[[#@LINE-1]]:14: warning: field 'head' (read on thread-2, thread-3, thread-4) shares cache line 0 (bytes 0-63) of 'struct queue' with field 'tail' (written on thread-1) [cachelint-false-sharing]
// CHECK-NEXT: true_sharing.c:[[#@LINE-3]]:14: note: 'tail' is written on thread-1
// CHECK-NEXT: true_sharing.c:[[#@LINE-5]]:8: note: proposed reordering of 'struct queue': 'head' aligned to a new line; 16 -> 128 bytes, 1 -> 2 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16)
};

struct listed {
	long c;
	long d;
};

// The classes say nothing of how many write: no note either.
struct classes {
	long hits __write_hot;
	long other __write_hot;
};

_Static_assert(offsetof(struct stats, limit) == 8, "premise: one line");
