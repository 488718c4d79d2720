// A field's own aligned(N) is read through the macros the kernel spells it
// with (____cacheline_aligned_in_smp -> __aligned__(SMP_CACHE_BYTES) -> ...),
// and the layout model equals the GCC plugin's.
// RUN: %cachelint lint --dump-layout=%t.lint %s > /dev/null
// RUN: FileCheck %s --input-file %t.lint --match-full-lines
// RUN: %gcc-cl -fplugin-arg-cachelint-dump-layout=%t.gcc -fsyntax-only %s
// RUN: diff %t.gcc %t.lint
#include <stddef.h>

#define CONFIG_X86_L1_CACHE_SHIFT 6
#define L1_CACHE_SHIFT (CONFIG_X86_L1_CACHE_SHIFT)
#define L1_CACHE_BYTES (1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES L1_CACHE_BYTES
#define __aligned(x) __attribute__((__aligned__(x)))
#define ____cacheline_aligned __attribute__((__aligned__(SMP_CACHE_BYTES)))
#define ____cacheline_aligned_in_smp ____cacheline_aligned
#define TWICE(x) ((x) * 2)

struct kernel_aligned {
	char c;
	long a ____cacheline_aligned_in_smp;
	int b __aligned(TWICE(16));
	_Alignas(16) short d;
	char e __attribute__((aligned));
	char f __attribute__((aligned(sizeof(long))));
};

struct __attribute__((packed)) packed_aligned_member {
	char c;
	int i __aligned(4);
	long l;
};

/* an alignment a typedef carries, and one #pragma pack caps (libclang shows
   neither on the canonical type) */
typedef long aligned_long __attribute__((aligned(16)));
struct typedef_aligned {
	char c;
	aligned_long x;
};

#pragma pack(push, 4)
struct pragma_packed {
	char c;
	long x;
	int y;
};
#pragma pack(pop)

// CHECK:struct kernel_aligned: size 192, align 64
// CHECK-NEXT:  c: offset 0, size 1, align 1, none
// CHECK-NEXT:  a: offset 64, size 8, align 64, none
// CHECK-NEXT:  b: offset 96, size 4, align 32, none
// CHECK-NEXT:  d: offset 112, size 2, align 16, none
// CHECK-NEXT:  e: offset 128, size 1, align 16, none
// CHECK-NEXT:  f: offset 136, size 1, align 8, none
// CHECK-NEXT:struct packed_aligned_member: size 16, align 4, packed
// CHECK-NEXT:  c: offset 0, size 1, align 1, none
// CHECK-NEXT:  i: offset 4, size 4, align 4, none
// CHECK-NEXT:  l: offset 8, size 8, align 1, none
// CHECK-NEXT:struct typedef_aligned: size 32, align 16
// CHECK-NEXT:  c: offset 0, size 1, align 1, none
// CHECK-NEXT:  x: offset 16, size 8, align 16, none
// CHECK-NEXT:struct pragma_packed: size 16, align 4
// CHECK-NEXT:  c: offset 0, size 1, align 1, none
// CHECK-NEXT:  x: offset 4, size 8, align 4, none
// CHECK-NEXT:  y: offset 12, size 4, align 4, none

_Static_assert(offsetof(struct kernel_aligned, a) == 64, "premise");
