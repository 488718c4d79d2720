// instrument: a local pointer is followed to the member it was set to
// (<stdatomic.h>'s macros keep the address so) only while nothing else
// assigns it: after an asm that writes it, it may point anywhere, and the
// store through it is not counted as the member's.
// RUN: %gcc-cl -O0 -fplugin-arg-cachelint-instrument=s %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
struct s {
	long followed;
	long rewritten;
};

struct s v;

int main(void)
{
	long *p = &v.followed, *q = &v.rewritten;

	__asm__ volatile("" : "+r"(q));
	*p = 1;		/* followed: w1 */
	*q = 2;		/* not counted: q is what the asm left */
	return 0;
}

// CHECK:cachelint-profile: 1
// CHECK-NEXT:structs:
// CHECK-NEXT:  s:
// CHECK-NEXT:    followed: {write: {main: 1}}
// CHECK-EMPTY:
