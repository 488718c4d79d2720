// instrument: every kind of member access, counted exactly, on the main
// thread.  The expected profile is below: each member's reads and writes
// follow from the code of run().
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=s:in %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
// Without a list: the structs with annotations (here: none but t).
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument %s -o %t.default %rt-static -pthread
// RUN: rm -f %t.default.yaml && env CACHELINT_PROFILE=%t.default.yaml %t.default
// RUN: FileCheck --check-prefix=DEFAULT --strict-whitespace --match-full-lines %s --input-file %t.default.yaml
// The shared library, found by -L/-l.
// RUN: %gcc-cl -O0 -fplugin-arg-cachelint-instrument=s:in %s -o %t.shared -L%rt-dir -lcachelint-rt -Wl,-rpath,%rt-dir -pthread
// RUN: rm -f %t.shared.yaml && env CACHELINT_PROFILE=%t.shared.yaml %t.shared
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.shared.yaml
#include <stddef.h>
#include "cachelint.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct in {
	int a;
	int b;
};

struct s {
	long x;
	unsigned f : 3, g : 5;
	struct in in;		/* nested: in.a, in.b */
	struct in arr[2];	/* an array member is one member */
	_Atomic long at;
	long y;
	long untouched;
};

struct t {
	long hot __write_hot;
	long cold;
};

struct s g;
struct s many[3];
struct t tt;

__attribute__((noinline)) static long run(struct s *p, int i)
{
	long r = p->x + READ_ONCE(p->y);	/* x: r1; y: r1 (through &p->y) */

	p->f = 3;				/* f: w1 */
	p->g++;					/* g: r1 w1 (bit-field) */
	r += p->in.b + p->arr[i].a;		/* in.b: r1 (s and in); arr: r1 (s), a: r1 (in) */
	__atomic_add_fetch(&p->x, 1, __ATOMIC_RELAXED);	/* x: r1 w1 */
	__sync_fetch_and_or(&p->in.a, 1);	/* in.a: r1 w1 (s and in) */
	p->at++;				/* at: r1 w1 (_Atomic: a fetch-add) */
	r += p->at;				/* at: r1 (an atomic load) */
	__atomic_store_n(&p->y, 5, __ATOMIC_RELEASE);	/* y: w1 */
	g = *p;					/* every member of s: r1 (from *p), w1 (to g);
						   struct in's own members: nothing */
	r += many[i].x;				/* x: r1 (an array of structs) */
	tt.hot++;				/* hot: r1 w1 */
	return r + g.in.a;			/* in.a: r1 (s and in) */
}

int main(void)
{
	struct s v = { 0 };	/* every member of s: w1 */

	return run(&v, 1) == 42;
}

// CHECK:cachelint-profile: 1
// CHECK-NEXT:structs:
// CHECK-NEXT:  in:
// CHECK-NEXT:    a: {read: {main: 3}, write: {main: 1}}
// CHECK-NEXT:    b: {read: {main: 1}}
// CHECK-NEXT:  s:
// CHECK-NEXT:    x: {read: {main: 4}, write: {main: 3}}
// CHECK-NEXT:    f: {read: {main: 1}, write: {main: 3}}
// CHECK-NEXT:    g: {read: {main: 2}, write: {main: 3}}
// CHECK-NEXT:    in.a: {read: {main: 3}, write: {main: 3}}
// CHECK-NEXT:    in.b: {read: {main: 2}, write: {main: 2}}
// CHECK-NEXT:    arr: {read: {main: 2}, write: {main: 2}}
// CHECK-NEXT:    at: {read: {main: 3}, write: {main: 3}}
// CHECK-NEXT:    y: {read: {main: 2}, write: {main: 3}}
// CHECK-NEXT:    untouched: {read: {main: 1}, write: {main: 2}}
// CHECK-EMPTY:

// DEFAULT:cachelint-profile: 1
// DEFAULT-NEXT:structs:
// DEFAULT-NEXT:  t:
// DEFAULT-NEXT:    hot: {read: {main: 1}, write: {main: 1}}
// DEFAULT-EMPTY:

_Static_assert(offsetof(struct s, in) == 12, "premise: in after the bit-fields");
