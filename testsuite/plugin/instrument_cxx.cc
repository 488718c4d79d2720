// instrument: C++ classes.  `instrument=` takes names as the plugin spells
// them (`ns::box<long int, 3>`, a ':' inside '<...>' or in '::' does not
// separate), a template's name stands for each of its instances, and the
// profile the runtime writes loads back whole: quoted class names, and the
// vtable pointer `_vptr.box` as one member, not a path.
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-instrument=box:ns::pair %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
// (the run makes a handful of accesses: Inputs/no_floor.yaml lowers the
// floor of counts, thresholds.min-accesses, to 0)
// RUN: %gxx-cl -fplugin-arg-cachelint-profile=%t.yaml:%inputs/no_floor.yaml -fplugin-arg-cachelint-dump-layout -c %s -o /dev/null 2>&1 | FileCheck --check-prefix=LAYOUT --implicit-check-not=warning: %s
// One instance named with its arguments, as GCC prints them.
// RUN: %gxx-cl -O2 '-fplugin-arg-cachelint-instrument=box<int>:ns::pair<long int, 3>' %s -o %t.one %rt-static -pthread
// RUN: rm -f %t.one.yaml && env CACHELINT_PROFILE=%t.one.yaml %t.one
// RUN: FileCheck --check-prefix=ONE --strict-whitespace --match-full-lines %s --input-file %t.one.yaml
// Not names: an unclosed '<', text after '>', a stray ':'.
// RUN: not %gxx-cl '-fplugin-arg-cachelint-instrument=box<int' -c %s -o /dev/null 2>&1 | FileCheck --check-prefix=BAD1 %s
// RUN: not %gxx-cl '-fplugin-arg-cachelint-instrument=box<int>x' -c %s -o /dev/null 2>&1 | FileCheck --check-prefix=BAD2 %s
// RUN: not %gxx-cl '-fplugin-arg-cachelint-instrument=a:::b' -c %s -o /dev/null 2>&1 | FileCheck --check-prefix=BAD3 %s
// BAD1: error: cachelint: argument 'instrument': 'box<int' is not a list of struct names (STRUCT[:STRUCT...], a C++ name as ns::box<int>)
// BAD2: error: cachelint: argument 'instrument': 'box<int>x' is not a list of struct names
// BAD3: error: cachelint: argument 'instrument': 'a:::b' is not a list of struct names

template <typename T> struct box {
	T v;
	long hits;
	virtual ~box() {}
	virtual long get() { return hits; }
};

namespace ns {
template <typename T, int N> struct pair {
	T a[N];
	long b;
};
}

box<int> bi;
box<char> bc;
ns::pair<long, 3> p;

int main()
{
	box<int> *q = &bi;	/* the constructors wrote _vptr.box: 2 each */

	q->v = 1;
	q->hits++;
	bc.v = 'x';
	p.b = q->get();		/* a virtual call reads _vptr.box */
	return (int)p.a[1];
}

// CHECK:cachelint-profile: 1
// CHECK-NEXT:structs:
// CHECK-NEXT:  "box<char>":
// CHECK-NEXT:    _vptr.box: {write: {main: 2}}
// CHECK-NEXT:    v: {write: {main: 1}}
// CHECK-NEXT:  "box<int>":
// CHECK-NEXT:    _vptr.box: {read: {main: 1}, write: {main: 2}}
// CHECK-NEXT:    v: {write: {main: 1}}
// CHECK-NEXT:    hits: {read: {main: 2}, write: {main: 1}}
// CHECK-NEXT:  "ns::pair<long int, 3>":
// CHECK-NEXT:    a: {read: {main: 1}}
// CHECK-NEXT:    b: {write: {main: 1}}
// CHECK-EMPTY:

// LAYOUT: struct box<int>: size 24, align 8
// LAYOUT-NEXT:   _vptr.box: offset 0, size 8, align 8, paths(main:rw)
// LAYOUT-NEXT:   v: offset 8, size 4, align 4, paths(main:w)
// LAYOUT-NEXT:   hits: offset 16, size 8, align 8, paths(main:rw)

// ONE:cachelint-profile: 1
// ONE-NEXT:structs:
// ONE-NEXT:  "box<int>":
// ONE-NEXT:    _vptr.box: {read: {main: 1}, write: {main: 2}}
// ONE-NEXT:    v: {write: {main: 1}}
// ONE-NEXT:    hits: {read: {main: 2}, write: {main: 1}}
// ONE-NEXT:  "ns::pair<long int, 3>":
// ONE-NEXT:    a: {read: {main: 1}}
// ONE-NEXT:    b: {write: {main: 1}}
// ONE-EMPTY:
