// A std::atomic member and its member functions, walked for the access map
// and for counting: GCC 12 crashed in the walk (C++ chains methods and
// typedefs among a class's fields, and the walk read one as a field).
// Every mode at -O0 and -O2 exits 0; the map names the member at the call,
// with the facts of the atomic in libstdc++'s function it reaches, and has
// no line in that function: a system header's body is every caller's, and
// the lint walks none either (infer_cxx_threads.cc).
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-access-map=%t.O0.map -c %s -o %t.O0.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-access-map=%t.O2.map -c %s -o %t.O2.o
// RUN: grep -v '^/usr/' %t.O0.map | FileCheck %s
// RUN: grep -v '^/usr/' %t.O2.map | FileCheck %s
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-instrument=all -c %s -o %t.i0.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-instrument=all -c %s -o %t.i2.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-instrument=A -c %s -o %t.ia.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-propose -fplugin-arg-cachelint-report=%t.yaml -c %s -o %t.p.o
// RUN: not grep atomic_base.h %t.O0.map %t.O2.map
#include <atomic>
struct A { std::atomic<unsigned long> head; };
A g;
void worker() { g.head.fetch_add(1); }
// CHECK: # cachelint-access-map 2
// CHECK-NEXT: cxx_atomic_member.cc	[[#@LINE-2]]	19	worker	A	head	0	8	rmw	atomic

struct S { std::atomic<long> b; long c; };
long f(S *s) { return s->b.load() + s->c; }
// CHECK-NEXT: cxx_atomic_member.cc	[[#@LINE-1]]	26	f	S	b	0	8	r	atomic
// CHECK-NEXT: cxx_atomic_member.cc	[[#@LINE-2]]	40	f	S	c	8	8	r	-
