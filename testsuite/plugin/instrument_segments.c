// instrument counts once per segment: a run of accesses in one basic block
// with no call between them (instrument_codegen.c shows the code), and the
// runtime multiplies out.  The counts stay those of the accesses made: a
// call that does not return (exit, longjmp) ends a segment, so what follows
// it in the block is not counted; setjmp's second return counts again what
// runs again; an access made twice in a segment counts twice.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=s %s -o %t %rt-static -pthread
// RUN: rm -f %t.*.yaml
// RUN: env CACHELINT_PROFILE=%t.loop.yaml %t loop
// RUN: FileCheck --check-prefix=LOOP --strict-whitespace --match-full-lines %s --input-file %t.loop.yaml
// RUN: env CACHELINT_PROFILE=%t.exit.yaml %t exit
// RUN: FileCheck --check-prefix=EXIT --strict-whitespace --match-full-lines %s --input-file %t.exit.yaml
// RUN: env CACHELINT_PROFILE=%t.jump.yaml %t jump
// RUN: FileCheck --check-prefix=JUMP --strict-whitespace --match-full-lines %s --input-file %t.jump.yaml
// The same without optimization, where nothing is merged.
// RUN: %gcc-cl -O0 -fplugin-arg-cachelint-instrument=s %s -o %t.O0 %rt-static -pthread
// RUN: env CACHELINT_PROFILE=%t.loop0.yaml %t.O0 loop
// RUN: FileCheck --check-prefix=LOOP --strict-whitespace --match-full-lines %s --input-file %t.loop0.yaml
// RUN: env CACHELINT_PROFILE=%t.exit0.yaml %t.O0 exit
// RUN: FileCheck --check-prefix=EXIT --strict-whitespace --match-full-lines %s --input-file %t.exit0.yaml
// RUN: env CACHELINT_PROFILE=%t.jump0.yaml %t.O0 jump
// RUN: FileCheck --check-prefix=JUMP --strict-whitespace --match-full-lines %s --input-file %t.jump0.yaml
/*
 * No system header: this file is also in the DWARF differential corpus
 * (testsuite/dwarf/differential.test), where the types of libc's headers
 * would be in the DWARF but not in the plugin's view.
 */
void exit(int status) __attribute__((noreturn));
int strcmp(const char *a, const char *b);

struct s {
	long a;
	long b;
	long c;
	long d;
};

static struct s v;
static void *env[5];	/* __builtin_setjmp's buffer */

__attribute__((noinline)) static void leave(int how)
{
	if (how)
		__builtin_longjmp(env, 1);
	exit(0);
}

__attribute__((noinline)) static long loop(struct s *p, int n)
{
	long r = 0;

	for (int i = 0; i < n; i++) {
		r += p->a;		/* a: r1 */
		p->a = r - p->a;	/* a: r1 w1 */
		r += p->b;		/* b: r1; all three one segment */
	}
	return r + p->c;		/* c: r1 (a segment of its own) */
}

/* a, b counted; c and d not: leave() does not return. */
__attribute__((noinline)) static void stop(struct s *p, int how)
{
	p->a++;				/* a: r1 w1 */
	p->b = 1;			/* b: w1 */
	leave(how);
	p->c = 2;
	p->d++;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	if (!strcmp(mode, "loop"))
		return loop(&v, 10) == 42;
	if (!strcmp(mode, "exit"))
		stop(&v, 0);
	if (__builtin_setjmp(env) == 0) {
		v.c = 3;		/* c: w1, before the jump only */
		stop(&v, 1);
	}
	v.d = 4;			/* d: w1, after setjmp's second return */
	return 0;
}

// LOOP:cachelint-profile: 1
// LOOP-NEXT:structs:
// LOOP-NEXT:  s:
// LOOP-NEXT:    a: {read: {main: 20}, write: {main: 10}}
// LOOP-NEXT:    b: {read: {main: 10}}
// LOOP-NEXT:    c: {read: {main: 1}}
// LOOP-EMPTY:

// EXIT:cachelint-profile: 1
// EXIT-NEXT:structs:
// EXIT-NEXT:  s:
// EXIT-NEXT:    a: {read: {main: 1}, write: {main: 1}}
// EXIT-NEXT:    b: {write: {main: 1}}
// EXIT-EMPTY:

// JUMP:cachelint-profile: 1
// JUMP-NEXT:structs:
// JUMP-NEXT:  s:
// JUMP-NEXT:    a: {read: {main: 1}, write: {main: 1}}
// JUMP-NEXT:    b: {write: {main: 1}}
// JUMP-NEXT:    c: {write: {main: 1}}
// JUMP-NEXT:    d: {write: {main: 1}}
// JUMP-EMPTY:
