// __per_thread on an array member: a table of per-thread slots inside one
// object (a struct in a shared mapping, a global table with a header).  Its
// elements are checked where the member puts them, the struct starting on a
// line (with alignment=any, wherever the struct's alignment lets it start).
// And a 64-byte struct aligned to 8 only: the note says that the type's
// alignment is the cause, that objects starting on a line are fine, and
// what aligning the type costs.  An array of no elements is silent.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: %gcc-cl -fplugin-arg-cachelint-alignment=any -c %s -o %t.o 2>&1 | %check --check-prefix=ANY
#include <stddef.h>
#include "cachelint.h"

struct slot {
	long hits, misses, bytes;
};

struct shared_table {
	long nslots;
	long counts[16] __per_thread;
// CHECK: :[[#@LINE-1]]:14: warning: elements of 'counts' in 'struct shared_table' (8 bytes each, up to 8 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:14: note: align the element to the line, __attribute__((aligned(64))) on its struct (or on a struct around a scalar element): 8 -> 64 bytes per element, 16 elements: 128 -> 1024 bytes (+896)
// ANY: :[[#@LINE-3]]:14: warning: elements of 'counts' in 'struct shared_table' (8 bytes each, up to 8 per 64-byte line)
// ANY-NEXT: :[[#@LINE-4]]:14: note: align the element to the line
	struct slot slots[4] __per_thread;
// CHECK: :[[#@LINE-1]]:21: warning: elements of 'slots' in 'struct shared_table' (24 bytes each, up to 3 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:21: note: align the element to the line, {{.*}}: 24 -> 64 bytes per element, 4 elements: 96 -> 256 bytes (+160)
// ANY: :[[#@LINE-3]]:21: warning: elements of 'slots' in 'struct shared_table' (24 bytes each, up to 4 per 64-byte line)
// ANY-NEXT: :[[#@LINE-4]]:21: note: align the element to the line
	/* line-sized elements that start mid-line: the member's offset is the cause */
	char lines[2][64] __per_thread;
// CHECK: :[[#@LINE-1]]:14: warning: elements of 'lines' in 'struct shared_table' (64 bytes each, up to 2 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:14: note: 'lines' starts at byte 232 of 'struct shared_table', so its 64-byte elements straddle lines: __attribute__((aligned(64))) on 'lines' gives each element lines of its own, at no cost per element (the padding before it, under 64 bytes)
// ANY: :[[#@LINE-3]]:14: warning: elements of 'lines' in 'struct shared_table'
// ANY-NEXT: :[[#@LINE-4]]:14: note: 'lines' starts at byte 232 of 'struct shared_table', so its 64-byte elements straddle lines: {{.*}} (the padding before it, under 64 bytes); 'struct shared_table' is aligned to 8 and needs the same alignment
	/* silent: one element has no neighbour */
	long single[1] __per_thread;
	/* silent: no elements */
	long none[0] __per_thread;
};
_Static_assert(offsetof(struct shared_table, lines) == 232, "shared_table premise");

/* silent: each element on lines of its own, the member aligning the struct */
struct aligned_table {
	long nslots;
	char rows[2][64] __attribute__((aligned(64))) __per_thread;
};
_Static_assert(offsetof(struct aligned_table, rows) == 64 && _Alignof(struct aligned_table) == 64,
	       "aligned_table premise");

/* the same table unmarked: nothing is known about owners */
struct plain_table {
	long nslots;
	long counts[16];
};

/* 64 bytes, aligned to 8: an object starting mid-line straddles two */
struct __per_thread stats64 {
// CHECK: :[[#@LINE-1]]:21: warning: objects of 'struct stats64' (64 bytes each, up to 2 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:21: note: 'struct stats64' is aligned to 8 bytes, so an object may start mid-line and straddle two lines, each shared with a neighbour; objects that start on a line boundary (an array aligned to 64) already have lines of their own. __attribute__((aligned(64))) on 'struct stats64' (____cacheline_aligned in the kernel) makes every object start on one at no cost in size (64 bytes per object); a struct that embeds it gets up to 56 bytes of padding before it, and objects on the heap then need aligned allocation (aligned_alloc(64, ...) or posix_memalign(); malloc() gives 16)
// ANY: :[[#@LINE-3]]:21: warning: objects of 'struct stats64' (64 bytes each, up to 2 per 64-byte line)
// ANY-NEXT: :[[#@LINE-4]]:21: note: 'struct stats64' is aligned to 8 bytes
	long v[8];
};
_Static_assert(sizeof(struct stats64) == 64 && _Alignof(struct stats64) == 8, "stats64 premise");

/* silent: an array variable of no elements */
long empty[0] __per_thread;

struct shared_table table;
struct aligned_table aligned;
struct plain_table plain;

long sum(void)
{
	/* a static local is storage like a global: checked */
	static long per_call[4] __per_thread;
// CHECK: :[[#@LINE-1]]:21: warning: elements of 'per_call' (8 bytes each, up to 4 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:21: note: align the element to the line, a struct with __attribute__((aligned(64))) around each element: 8 -> 64 bytes per element, 4 elements: 32 -> 256 bytes (+224)
// ANY: :[[#@LINE-3]]:21: warning: elements of 'per_call'
// ANY-NEXT: :[[#@LINE-4]]:21: note: align the element

	return table.counts[0] + aligned.rows[0][0] + plain.counts[0] + per_call[0] + empty[0];
}
