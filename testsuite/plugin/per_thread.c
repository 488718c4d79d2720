// __per_thread: each element of an array, or each object of a struct type,
// belongs to one thread.  Two of them on one cache line are false sharing
// between objects (cachelint-false-sharing-objects): reported where the
// stride is not a multiple of the line or the alignment is below it, with
// the fix and its memory cost.  Aligned elements are silent.
// (The types come before the variables, and the used one before the unused
// one: the DWARF checker, which the differential tests run on this file
// too, hands a unit's records over in DIE order, then its variables.)
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: %gcc-cl -fplugin-arg-cachelint-line-size=128 -c %s -o %t.o 2>&1 | %check --check-prefix=L128
#include "cachelint.h"

struct slot {
	long hits, misses, bytes;
};
_Static_assert(sizeof(struct slot) == 24 && _Alignof(struct slot) == 8, "slot premise");

/* each object on lines of its own: silent (at 64; at 128 two share one) */
struct __per_thread __attribute__((aligned(64))) padded {
// L128: :[[#@LINE-1]]:50: warning: objects of 'struct padded' (64 bytes each, up to 2 per 128-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// L128-NEXT: :[[#@LINE-2]]:50: note: __attribute__((aligned(128))) on 'struct padded' (____cacheline_aligned in the kernel) gives each object lines of its own: 64 -> 128 bytes per object; objects on the heap then need aligned allocation (aligned_alloc(128, ...) or posix_memalign(); malloc() gives 16)
	long hits;
};
_Static_assert(sizeof(struct padded) == 64, "padded premise");

struct __per_thread stat {
// CHECK: :[[#@LINE-1]]:21: warning: objects of 'struct stat' (24 bytes each, up to 4 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:21: note: __attribute__((aligned(64))) on 'struct stat' (____cacheline_aligned in the kernel) gives each object lines of its own: 24 -> 64 bytes per object; objects on the heap then need aligned allocation (aligned_alloc(64, ...) or posix_memalign(); malloc() gives 16)
// L128: :[[#@LINE-3]]:21: warning: objects of 'struct stat' (24 bytes each, up to 6 per 128-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// L128-NEXT: :[[#@LINE-4]]:21: note: __attribute__((aligned(128))) on 'struct stat' (____cacheline_aligned in the kernel) gives each object lines of its own: 24 -> 128 bytes per object; objects on the heap then need aligned allocation (aligned_alloc(128, ...) or posix_memalign(); malloc() gives 16)
	long hits, misses, bytes;
};

/* the same type without the annotation: nothing is known about owners */
struct shared_stat {
	long hits, misses, bytes;
};

struct big {
	char bytes[128];
};

/* valkey's used_memory_thread[]: 8 slots per line */
unsigned long long used_memory_thread[16] __per_thread;
// CHECK: :[[#@LINE-1]]:20: warning: elements of 'used_memory_thread' (8 bytes each, up to 8 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:20: note: align the element to the line, a struct with __attribute__((aligned(64))) around each element: 8 -> 64 bytes per element, 16 elements: 128 -> 1024 bytes (+896)
// L128: :[[#@LINE-3]]:20: warning: elements of 'used_memory_thread' (8 bytes each, up to 16 per 128-byte line)
// L128-NEXT: :[[#@LINE-4]]:20: note: {{.*}}: 8 -> 128 bytes per element, 16 elements: 128 -> 2048 bytes (+1920)

static struct slot slots[16] __per_thread;
// CHECK: :[[#@LINE-1]]:20: warning: elements of 'slots' (24 bytes each, up to 4 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:20: note: align the element to the line, __attribute__((aligned(64))) on 'struct slot' (____cacheline_aligned in the kernel): 24 -> 64 bytes per element, 16 elements: 384 -> 1024 bytes (+640)
// L128: :[[#@LINE-3]]:20: warning: elements of 'slots' (24 bytes each, up to 6 per 128-byte line)
// L128-NEXT: :[[#@LINE-4]]:20: note: {{.*}}: 24 -> 128 bytes per element, 16 elements: 384 -> 2048 bytes (+1664)

/* a line-aligned array of 24-byte slots: lines 0 and 2 hold three, line 1 four */
struct slot aligned_slots[8] __attribute__((aligned(64))) __per_thread;
// CHECK: :[[#@LINE-1]]:13: warning: elements of 'aligned_slots' (24 bytes each, up to 4 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:13: note: align the element to the line, __attribute__((aligned(64))) on 'struct slot' (____cacheline_aligned in the kernel): 24 -> 64 bytes per element, 8 elements: 192 -> 512 bytes (+320)
// L128: :[[#@LINE-3]]:13: warning: elements of 'aligned_slots'
// L128-NEXT: :[[#@LINE-4]]:13: note:

/* two lines per element, but the array itself may start mid-line */
struct big bigs[4] __per_thread;
// CHECK: :[[#@LINE-1]]:12: warning: elements of 'bigs' (128 bytes each, up to 2 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:12: note: 'bigs' is aligned to 1 byte, so its 128-byte elements straddle lines: __attribute__((aligned(64))) on 'bigs' gives each element lines of its own, at no cost per element
// L128: :[[#@LINE-3]]:12: warning: elements of 'bigs' (128 bytes each, up to 2 per 128-byte line)
// L128-NEXT: :[[#@LINE-4]]:12: note: 'bigs' is aligned to 1 byte, so its 128-byte elements straddle lines: __attribute__((aligned(128))) on 'bigs'

/* silent: elements a multiple of the line, the array aligned to it */
struct big aligned_bigs[4] __attribute__((aligned(64))) __per_thread;
// L128: :[[#@LINE-1]]:12: warning: elements of 'aligned_bigs' (128 bytes each, up to 2 per 128-byte line)
// L128-NEXT: :[[#@LINE-2]]:12: note: 'aligned_bigs' is aligned to 64 bytes
struct padded padded_slots[16] __per_thread;
// L128: :[[#@LINE-1]]:15: warning: elements of 'padded_slots' (64 bytes each, up to 2 per 128-byte line)
// L128-NEXT: :[[#@LINE-2]]:15: note: align the element to the line, __attribute__((aligned(128))) on 'struct padded' {{.*}}: 64 -> 128 bytes per element, 16 elements: 1024 -> 2048 bytes (+1024)

/* silent: no owner is said, or one element has no neighbour, or no storage here */
struct shared_stat shared[16];
unsigned long long counters[16];
struct slot single[1] __per_thread;
extern struct slot elsewhere[16] __per_thread;

long sum(void)
{
	return slots[1].hits + shared[0].hits + elsewhere[0].hits;
}
