// instrument: allocation sites.  After each allocation the instrumented
// code makes, libcachelint-rt is told the block, its size and the call's
// "file:line" (the file as the compiler was given it, as findings name
// it); rt_alloc_site() then says which allocation an address is in: the
// most recent one that contains it (a block freed and handed out again is
// the new block's).  posix_memalign's block counts when it returned 0; a
// failed one, a NULL result and memory no instrumented code allocated have
// no site.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=all %s -o %t %rt-static -pthread
// RUN: env CACHELINT_PROFILE=/dev/null %t | FileCheck %s -DFILE=%s
// Without instrument, nothing is recorded (the same program, the calls are not there).
// RUN: %gcc-cl -O2 %s -o %t.plain %rt-static -pthread
// RUN: %t.plain | FileCheck %s --check-prefix=PLAIN
// PLAIN: recorded 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/rt_alloc_test.h"

static char global[64];

static void show(const char *what, const void *p, const void *base)
{
	uintptr_t start = 0;
	const char *site = rt_alloc_site((uintptr_t)p, &start);

	printf("%s: %s%s\n", what, site ? site : "(none)",
	       site && start != (uintptr_t)base ? " (another block)" : "");
}

int main(void)
{
	char *a = malloc(100);
	char *b = calloc(4, 32);
	char *c = malloc(48), *d;
	char *r = malloc(16);
	void *e = NULL, *f = NULL;
	int bad;
	uint64_t recorded, kept, replaced, lost;

	free(c);
	d = malloc(48);
	r = realloc(r, 4096);
	posix_memalign(&e, 64, 200);
	bad = posix_memalign(&f, 3, 200);
	show("malloc, inside", a + 50, a);
	show("calloc, inside", b + 100, b);
	/* the premise: a freed block of one size comes back for the next of that size */
	printf("the second malloc(48) got the first one's block: %s\n", c == d ? "yes" : "no");
	show("freed and reused", c, d);
	show("realloc", r, r);
	show("posix_memalign", e, e);
	printf("bad posix_memalign: %s\n", bad ? "failed" : "succeeded");
	show("a global", global, global);
	rt_alloc_stats(&recorded, &kept, &replaced, &lost);
	printf("recorded %llu\n", (unsigned long long)recorded);
	return 0;
}

// The lines of the calls: malloc(100) 34, calloc 35, malloc(48) 36,
// malloc(16) 37, the second malloc(48) 43, realloc 44, posix_memalign 45.
// CHECK: malloc, inside: [[FILE]]:34
// CHECK-NEXT: calloc, inside: [[FILE]]:35
// CHECK-NEXT: the second malloc(48) got the first one's block: yes
// CHECK-NEXT: freed and reused: [[FILE]]:43
// CHECK-NEXT: realloc: [[FILE]]:44
// CHECK-NEXT: posix_memalign: [[FILE]]:45
// CHECK-NEXT: bad posix_memalign: failed
// CHECK-NEXT: a global: (none)
// CHECK-NEXT: recorded 7
