// instrument-notes: every place where a counted member's address leaves a
// function (passed to a function the walk cannot follow, stored outside a
// local variable, returned) gets a note saying that accesses through it
// elsewhere are not counted, each place once, and at most 8 places per
// member and unit: past that, one note at the struct says how many more.
// A whole record's address is no loss (the code it reaches counts its
// members), nor is an atomic builtin's, a lock's or a local pointer's; an
// address passed to a function of the unit is followed into it, and a
// place there where it leaves, or where an access through it does not run
// once per call (so the call cannot count it), is named there.  The notes
// come in the order of the places they are at, then those that say how
// many more.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=slot -fplugin-arg-cachelint-instrument-notes -c %s -o %t.o 2>&1 | %check
// Without the key: silent.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=slot -c %s -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=QUIET --implicit-check-not=note: %s
// QUIET-NOT: cachelint
#include <pthread.h>

_Static_assert(__LINE__ + 1 == 20, "the last note of the file names the line of struct slot");
struct slot {
	unsigned long value;
	long plain;
	long arr[4];
	long kept;
	pthread_mutex_t lock;
};

struct slot slots[4];
long *saved;
void bump(long *p);
void take(struct slot *s);

/* followed: the store through the parameter is counted at the call */
static inline void set(long *p, long v)
{
	*p = v;
}

/* followed, and the address stored: a note here */
static inline void keep(long *p)
{
	saved = p;
// CHECK: instrument_notes.c:[[#@LINE-1]]:15: note: cachelint: the address of 'slot.arr' leaves 'keep' here, passed to it from 'h': accesses through it elsewhere are not counted
}

/* followed, but the store runs only sometimes: not counted at the call */
static inline void maybe(long *p, int c)
{
	if (c)
		*p = 1;
// CHECK: instrument_notes.c:[[#@LINE-1]]:17: note: cachelint: 'slot.plain' is accessed here in 'maybe' under a condition or in a loop, its address passed from 'h': those accesses are not counted
}

void h(int i)
{
	set(&slots[i].plain, 1);
	keep(&slots[i].arr[0]);
	maybe(&slots[i].plain, i);
	pthread_mutex_lock(&slots[i].lock);
	pthread_mutex_unlock(&slots[i].lock);
}

unsigned long *g(int i)
{
	return (unsigned long *)&slots[i].value;
// CHECK: instrument_notes.c:[[#@LINE-1]]:16: note: cachelint: the address of 'slot.value' leaves 'g' here: accesses through it elsewhere are not counted
}

void f(int i)
{
	long *local = &slots[i].kept;

	bump(&slots[i].plain);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.plain' leaves 'f' here: accesses through it elsewhere are not counted
	bump(&slots[i].plain);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.plain' leaves 'f' here: accesses through it elsewhere are not counted
	take(&slots[i]);
	saved = &slots[i].arr[1];
// CHECK: instrument_notes.c:[[#@LINE-1]]:15: note: cachelint: the address of 'slot.arr' leaves 'f' here: accesses through it elsewhere are not counted
	__builtin_memset(slots[i].arr, 0, sizeof(slots[i].arr));
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.arr' leaves 'f' here: accesses through it elsewhere are not counted
	__atomic_fetch_add(&slots[i].value, 1, __ATOMIC_SEQ_CST);
	*local += 1;
}

/* ten places: eight named, two counted */
void many(int i)
{
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
// CHECK: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.kept' leaves 'many' here: accesses through it elsewhere are not counted
	bump(&slots[i].kept);
	bump(&slots[i].kept);
}
// CHECK: instrument_notes.c:20:8: note: cachelint: 'slot.kept': 2 more places like those above are not listed (8 are, per member and unit)
