// A bit-field tested as a truth value (`!p->d`, `p->a ? :`) is a read of
// that bit-field: GCC folds the test into a load of the byte that holds
// it, BIT_FIELD_REF <*p, 8, 64>, and a mask.  The walk dropped the load (a
// run of bits straight off a record was neither a member nor a
// reinterpretation), so the map had the store and no read.  Only the bits
// the mask keeps are read: `!p->a` reads a, not b beside it in the byte.
// The read is at the test (GCC's place for the folded load; the lint's map
// puts it at the member's name).
// RUN: %gcc-cl -O0 -fplugin-arg-cachelint-access-map=%t.O0.map -c %s -o %t.O0.o
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-access-map=%t.O2.map -c %s -o %t.O2.o
// RUN: FileCheck %s --input-file %t.O0.map --match-full-lines --implicit-check-not=bitfield_test.c
// RUN: FileCheck %s --input-file %t.O2.map --match-full-lines --implicit-check-not=bitfield_test.c
#include <stddef.h>

struct bits {
	unsigned a : 3, b : 5;
	unsigned long c : 40;
	int : 0;
	unsigned d : 1;
};
_Static_assert(sizeof(struct bits) == 16, "d is in the second 8 bytes");

void flip(struct bits *p)
{
	p->d = !p->d;
// CHECK: # cachelint-access-map 2
// CHECK-NEXT: {{.*}}bitfield_test.c	[[#@LINE-2]]	5	flip	bits	d	8	1	w	-
// CHECK-NEXT: {{.*}}bitfield_test.c	[[#@LINE-3]]	9	flip	bits	d	8	1	r	-
	p->a = !p->a;
// CHECK-NEXT: {{.*}}bitfield_test.c	[[#@LINE-1]]	5	flip	bits	a	0	1	w	-
// CHECK-NEXT: {{.*}}bitfield_test.c	[[#@LINE-2]]	9	flip	bits	a	0	1	r	-
}
