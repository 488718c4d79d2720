// -ftrivial-auto-var-init (the kernel's INIT_STACK_ALL_ZERO) makes GCC
// store to every local before the code does.  That store is not what the
// source says: a local pointer declared, then set once, is still followed to what it
// points into, and the map is the same with the flag as without it.
struct in {
	int x;
	int y;
};

struct s {
	long a;
	struct in in;
};

void touch_in(struct s *p)
{
	struct in *q;

	q = &p->in;
	q->x = 1;
}

// RUN: rm -rf %t && mkdir %t
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-access-map=%t/plain.map -c %s -o %t/plain.o
// RUN: %gcc-cl -O2 -ftrivial-auto-var-init=zero -fplugin-arg-cachelint-access-map=%t/zero.map -c %s -o %t/zero.o
// RUN: diff %t/plain.map %t/zero.map
// RUN: FileCheck %s --input-file %t/zero.map
// CHECK: access_auto_var_init.c	20	5	touch_in	s	in.x	8	4	w	-
// CHECK-NEXT: access_auto_var_init.c	20	5	touch_in	in	x	0	4	w	-
