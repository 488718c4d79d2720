// instrument-notes: a member's address chosen through `?:`, or kept in a
// local pointer assigned in more than one place, is one the walk does not
// follow (an access through the pointer may touch either member): each
// such address is named, so that "not accessed" can be told from "not
// seen".  Before, the counting passed over them in silence.  A local
// pointer assigned once is followed and counted: no note (the control).
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=ring -fplugin-arg-cachelint-instrument-notes -c %s -o %t.o 2>&1 | %check
struct ring {
	long idx[2];
	long head, tail;
};

void choose(struct ring *s, int producer)
{
	long *p = producer ? &s->head : &s->tail;
// CHECK: instrument_notes_choice.c:[[#@LINE-1]]:39: note: cachelint: the address of 'ring.head' is one of several a pointer may hold here (a '?:', or a local pointer assigned in more than one place): accesses through it are not counted
// CHECK-NEXT: instrument_notes_choice.c:[[#@LINE-2]]:39: note: cachelint: the address of 'ring.tail' is one of several a pointer may hold here (a '?:', or a local pointer assigned in more than one place): accesses through it are not counted

	(*p)++;
}

void cursor(struct ring *s, int n)
{
	long *q = &s->idx[0];
// CHECK: instrument_notes_choice.c:[[#@LINE-1]]:15: note: cachelint: the address of 'ring.idx' is one of several a pointer may hold here (a '?:', or a local pointer assigned in more than one place): accesses through it are not counted

	if (n)
		q = &s->head;
// CHECK: instrument_notes_choice.c:[[#@LINE-1]]:19: note: cachelint: the address of 'ring.head' is one of several a pointer may hold here (a '?:', or a local pointer assigned in more than one place): accesses through it are not counted
	*q = 1;
}

/* assigned once: followed, counted, no note */
void once(struct ring *s)
{
	long *t = &s->tail;

	*t += 1;
}
