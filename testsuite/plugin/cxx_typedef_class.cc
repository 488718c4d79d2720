// C++ names `typedef struct {…} pair_t;` by its typedef (for linkage), and
// GCC prints that class "typedef pair_t pair_t".  The plugin used that
// spelling as the record's name: the access map's struct column, the
// layout view's member type ("struct typedef pair_t pair_t") and the
// profile the runtime writes, which the loader then refused as an invalid
// struct name.  It is pair_t, as in C and in DWARF.
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-access-map=%t.map -c %s -o %t.o
// RUN: FileCheck %s --input-file %t.map
// RUN: %gxx-cl -fplugin-arg-cachelint-dump-layout -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LAYOUT --implicit-check-not=typedef
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-instrument=all %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck %s --check-prefix=PROFILE --input-file %t.yaml
// RUN: %gxx-cl -fplugin-arg-cachelint-profile=%t.yaml:%inputs/no_floor.yaml -c %s -o %t.o
typedef struct {
	long x;
	long y;
} pair_t;

typedef union {
	long word;
	char bytes[40];
} lock_t;

struct holder {
	lock_t lock;
	pair_t pair;
	long n;
};
// LAYOUT: struct holder: size 64, align 8
// LAYOUT-NEXT:   lock: offset 0, size 40, align 8, lock_t, none
// LAYOUT:        pair: offset 40, size 16, align 8, pair_t, none

void set(pair_t *p)
{
	p->x = 1;
// CHECK: cxx_typedef_class.cc	[[#@LINE-1]]	5	set	pair_t	x	0	8	w
}

void bump(holder *h)
{
	h->pair.y++;
// CHECK: cxx_typedef_class.cc	[[#@LINE-1]]	10	bump	holder	pair.y	48	8	r
// CHECK: cxx_typedef_class.cc	[[#@LINE-2]]	10	bump	pair_t	y	8	8	r
}

int main()
{
	holder h = {};

	set(&h.pair);
	bump(&h);
	return h.pair.y == 1 ? 0 : 1;
}
// PROFILE: structs:
// PROFILE: pair_t:
// PROFILE-NEXT: x: {write: {main: 1}}
