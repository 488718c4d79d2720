// A member of a virtual base reached through a pointer to the derived
// class: the code loads the vtable pointer, reads the virtual base's offset
// from the vtable and adds it to the pointer, an offset only the run knows.
// The access is the virtual base's member, and the vtable pointer is only
// read: the walk took the moved pointer as still pointing at the start of
// `diamond`, and reported the increment's write as a write of the vtable
// pointer at offset 0 (read and write), for the map and the counts.
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-access-map=%t.O0.map -c %s -o %t.O0.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-access-map=%t.O2.map -c %s -o %t.O2.o
// RUN: FileCheck %s --input-file %t.O0.map
// RUN: FileCheck %s --input-file %t.O2.map
// Counted: inc() reads the vtable pointer once a call and never writes it
// (the constructors do: 2 writes); `shared` is vbase's, written by both
// calls and by main, which knows where it is in its own object (so it is
// diamond's too).
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-instrument=diamond:vbase %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --check-prefix=COUNT --strict-whitespace --match-full-lines %s --input-file %t.yaml
struct vbase {
	long shared;
};
struct left : virtual vbase {
	long l;
};
struct right : virtual vbase {
	long r;
};
struct diamond : left, right {
	long d;
};

void inc(diamond *q)
{
	q->shared++;
// CHECK: cxx_virtual_base_access.cc	[[#@LINE-1]]	5	inc	diamond	_vptr.left	0	8	r
// CHECK-NEXT: cxx_virtual_base_access.cc	[[#@LINE-2]]	5	inc	left	_vptr.left	0	8	r
// CHECK-NEXT: cxx_virtual_base_access.cc	[[#@LINE-3]]	5	inc	vbase	shared	0	8	r
// CHECK-NEXT: cxx_virtual_base_access.cc	[[#@LINE-4]]	5	inc	vbase	shared	0	8	w
}

int main()
{
	diamond q;

	q.shared = 0;
	inc(&q);
	inc(&q);
	return q.shared == 2 ? 0 : 1;
}

// COUNT:cachelint-profile: 1
// COUNT-NEXT:structs:
// COUNT-NEXT:  diamond:
// COUNT-NEXT:    _vptr.left: {read: {main: 2}, write: {main: 2}}
// COUNT-NEXT:    _vptr.right: {write: {main: 2}}
// COUNT-NEXT:    shared: {read: {main: 1}, write: {main: 1}}
// COUNT-NEXT:  vbase:
// COUNT-NEXT:    shared: {read: {main: 3}, write: {main: 3}}
