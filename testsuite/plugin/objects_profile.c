// cachelint-false-sharing-objects from the runtime's evidence: a profile's
// objects: section says which lines held elements of a variable, or
// objects of a struct, that different threads touched, one writing, and
// whether they touched the same bytes.  Different bytes: the finding, at
// the declaration, with the fix and its memory cost, no annotation needed.
// The same bytes (true sharing), or no such line: silent.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/objects.yaml -c %s -o %t.o 2>&1 | %check
// RUN: %cachelint lint --profile %inputs/objects.yaml %s -- -I%annotations > %t.lint; test $? -eq 1
// RUN: %check --input-file %t.lint
// Without the profile, nothing:
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | count 0

struct slot {
// CHECK: :[[#@LINE-1]]:8: warning: objects of 'struct slot' (24 bytes each, 3 on one 64-byte line) belong to different threads and share cache lines: 6 lines seen, 16 threads (thread-1, thread-2, ...) [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:8: note: __attribute__((aligned(64))) on 'struct slot' (____cacheline_aligned in the kernel) gives each object lines of its own: 24 -> 64 bytes per object; objects on the heap then need aligned allocation (aligned_alloc(64, ...) or posix_memalign(); malloc() gives 16); its instances were seen 8-aligned, so their allocation must change (libcachelint-rt; 1 access in 64 sampled; {{.*}}objects.yaml:17:16)
	long hits, misses, bytes;
};

/* the same bytes written by several threads: true sharing, not this rule */
struct counter {
	long a, b;
};

/* never on a line with another instance */
struct node {
	long key;
	char pad[56];
};

struct slot slots[16];
struct node nodes[2];
struct counter counters[4];

unsigned long used_memory_thread[16];
// CHECK: :[[#@LINE-1]]:15: warning: elements of 'used_memory_thread' (8 bytes each, 8 on one 64-byte line) belong to different threads and share cache lines: 2 lines seen, 16 threads (thread-1, thread-2, ...) [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:15: note: align the element to the line, a struct with __attribute__((aligned(64))) around each element: 8 -> 64 bytes per element, 16 elements: 128 -> 1024 bytes (+896) (libcachelint-rt; 1 access in 64 sampled; {{.*}}objects.yaml:29:5)
unsigned long stats[4];
unsigned long quiet[16];
/* not named in the profile */
unsigned long other[16];
