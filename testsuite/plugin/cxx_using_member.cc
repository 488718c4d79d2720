// A whole C++ object written (value-initialized, as `S o{};` and
// `std::atomic` members' `counters c{};` are) is a line per leaf, walked
// through each member class's field chain.  There C++ also chains a
// using-declaration (`using B::operator long;`, as std::atomic<T> has one),
// which has no type: the walk read its type as a field's and crashed GCC in
// every walking mode.  Every mode at -O0 and -O2 exits 0.
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-access-map=%t.O0.map -c %s -o %t.O0.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-access-map=%t.O2.map -c %s -o %t.O2.o
// RUN: FileCheck %s --input-file %t.O0.map
// RUN: FileCheck %s --input-file %t.O2.map
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-instrument=all -c %s -o %t.i0.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-instrument=all -c %s -o %t.i2.o
struct B {
	long v;
	operator long() const { return v; }
};
struct D : B {
	using B::operator long;
};
struct S {
	D t;
	long n;
};

long zero()
{
	S o{};
// CHECK: # cachelint-access-map 2
// CHECK: cxx_using_member.cc	[[#@LINE-2]]	4	zero	S	n	8	8	w
// CHECK-NEXT: cxx_using_member.cc	[[#@LINE-3]]	4	zero	S	t.v	0	8	w
	return o.n;
// CHECK-NEXT: cxx_using_member.cc	[[#@LINE-1]]	11	zero	S	n	8	8	r
}
