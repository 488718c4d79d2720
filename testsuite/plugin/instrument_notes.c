// instrument-notes: where a counted member's address leaves a function
// (passed to a call, stored outside a local variable, returned), a note
// says that accesses through it elsewhere are not counted, once per member
// in the unit.  A whole record's address is no loss (the code it reaches
// counts its members), nor is an atomic builtin's, nor a local pointer.
// Functions are walked in the call graph's order: CHECK-DAG.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=slot -fplugin-arg-cachelint-instrument-notes -c %s -o %t.o 2>&1 | %check
// Without the key: silent.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=slot -c %s -o %t.o 2>&1 | FileCheck --allow-empty --check-prefix=QUIET --implicit-check-not=note: %s
// QUIET-NOT: cachelint
struct slot {
	unsigned long value;
	long plain;
	long arr[4];
	long kept;
};

struct slot slots[4];
long *saved;
void bump(long *p);
void take(struct slot *s);

void f(int i)
{
	long *local = &slots[i].kept;

	bump(&slots[i].plain);
// CHECK-DAG: instrument_notes.c:[[#@LINE-1]]:9: note: cachelint: the address of 'slot.plain' leaves 'f' here: accesses through it elsewhere are not counted
	bump(&slots[i].plain);
	take(&slots[i]);
	saved = &slots[i].arr[1];
// CHECK-DAG: instrument_notes.c:[[#@LINE-1]]:15: note: cachelint: the address of 'slot.arr' leaves 'f' here: accesses through it elsewhere are not counted
	__builtin_memset(slots[i].arr, 0, sizeof(slots[i].arr));
	__atomic_fetch_add(&slots[i].value, 1, __ATOMIC_SEQ_CST);
	*local += 1;
}

unsigned long *g(int i)
{
	return (unsigned long *)&slots[i].value;
// CHECK-DAG: instrument_notes.c:[[#@LINE-1]]:16: note: cachelint: the address of 'slot.value' leaves 'g' here: accesses through it elsewhere are not counted
}
