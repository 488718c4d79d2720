// access-map=FILE: every member access of the unit, one line each (docs/
// access-map.md): the file, line and column of the member's name (of the
// macro, where a macro wrote the access; of the `*`, where an address is
// dereferenced), the function, the struct, the member's path, the bytes
// touched and r, w or rmw.  A read-modify-write that is not atomic is a
// read and a write; an atomic builtin, a pthread lock or an asm "+m" is
// one rmw.  An access a static function makes through a member's address
// it was given is at the call and in the function (even where it runs only
// sometimes: the map says where, not how often).
// RUN: rm -f %t.map
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-access-map=%t.map -c %s -o %t.o
// RUN: FileCheck %s --match-full-lines --strict-whitespace -DFILE=%s --input-file %t.map
// The lint's map of this file is compared with this one in
// testsuite/lint/access_map_differential.test.
// CHECK:# cachelint-access-map 2
// The records the lines name hold these (struct s's in; its anonymous
// union has no name and holds none; pthread_mutex_t is a system header's):
// CHECK-NEXT:# embed	s	in	12	in
#include <pthread.h>
#include <stdint.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct in {
	int x, y;
};

struct s {
	long a;
	unsigned flag : 3;
	unsigned mode : 5;
	struct in in;
	long arr[4];
	union {
		int u1;
		long u2;
	};
	pthread_mutex_t lock;
	struct s *next;
};

_Static_assert(__builtin_offsetof(struct s, in) == 12, "in");
_Static_assert(__builtin_offsetof(struct s, arr) == 24, "arr");
_Static_assert(__builtin_offsetof(struct s, u2) == 56, "u2");
_Static_assert(__builtin_offsetof(struct s, lock) == 64, "lock");

static inline long load(const long *p)
{
	long r;

	__asm__ volatile("movq %1, %0" : "=r"(r) : "m"(*p));
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	49	load	s	arr	32	8	r	locked
// (its one caller, f, holds p->lock: what it does is under it)
	return r;
}

static inline void maybe_set(long *p, int c)
{
	if (c)
		*p = 1;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	3	maybe_set	s	arr	48	8	w	locked,setup
// (a setter by its name: setup; f, which calls it, is not)
}

long f(struct s *p, struct s *q, int i)
{
	long v = p->a;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	14	f	s	a	0	8	r	-

	p->a = v + 1;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	5	f	s	a	0	8	w	-
	p->flag = 2;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	5	f	s	flag	8	1	w	-
	p->in.y += 3;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	8	f	s	in.y	16	4	r	-
// CHECK-NEXT:[[FILE]]	[[#@LINE-2]]	8	f	s	in.y	16	4	w	-
// CHECK-NEXT:[[FILE]]	[[#@LINE-3]]	8	f	in	y	4	4	r	-
// CHECK-NEXT:[[FILE]]	[[#@LINE-4]]	8	f	in	y	4	4	w	-
	v += p->arr[2];
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	10	f	s	arr	40	8	r	-
	v += p->arr[i];
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	10	f	s	arr	24	32	r	-
	p->u2 = 7;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	5	f	s	u2	56	8	w	-
	v += READ_ONCE(p->in.x);
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	7	f	s	in.x	12	4	r	once
// CHECK-NEXT:[[FILE]]	[[#@LINE-2]]	7	f	in	x	0	4	r	once
	__atomic_fetch_add(&p->a, 1, __ATOMIC_RELAXED);
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	25	f	s	a	0	8	rmw	atomic
	pthread_mutex_lock(&p->lock);
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	25	f	s	lock	64	40	rmw	lock
	v += load(&p->arr[1]);
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	16	f	s	arr	32	8	r	locked
	maybe_set(&p->arr[3], i);
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	16	f	s	arr	48	8	w	locked
	v += p->next->a;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	10	f	s	next	104	8	r	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-2]]	16	f	s	a	0	8	r	locked
	q->in = p->in;
// CHECK-NEXT:[[FILE]]	[[#@LINE-1]]	5	f	s	in.x	12	4	w	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-2]]	5	f	s	in.y	16	4	w	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-3]]	5	f	in	x	0	4	w	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-4]]	5	f	in	y	4	4	w	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-5]]	13	f	s	in.x	12	4	r	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-6]]	13	f	s	in.y	16	4	r	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-7]]	13	f	in	x	0	4	r	locked
// CHECK-NEXT:[[FILE]]	[[#@LINE-8]]	13	f	in	y	4	4	r	locked
	return v;
}
