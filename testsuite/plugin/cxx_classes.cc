// C++: a base class is a subobject whose leaves are the derived class's;
// template patterns have no layout and are skipped (GCC crashes if their
// offsets are read); instantiations are checked.
// RUN: %gxx-cl -std=c++17 -c %s -o %t.o 2>&1 | %check
// The layouts dumped are the program's: no RTTI pseudo type of the compiler.
// RUN: %gxx-cl -std=c++17 -fplugin-arg-cachelint-dump-layout=%t.dump -c %s -o %t.o 2>/dev/null
// RUN: FileCheck %s --input-file %t.dump --check-prefix=DUMP --implicit-check-not=pseudo
// DUMP: struct base: size 8, align 8
// DUMP: struct derived: size 16, align 8
// DUMP: struct with_vtable: size 24, align 8
// DUMP: struct pair_t<int>: size 8, align 4
// DUMP: struct tmpl<long int>: size 16, align 8
// DUMP: struct tmpl<char>: size 2, align 1
#include "cachelint.h"

struct base {
	long hot __write_hot;
};

struct derived : base {
	long rm __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct derived' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-DAG: :[[#@LINE-6]]:14: note: 'hot' is written on hot paths
};

struct with_vtable {
	virtual ~with_vtable() {}
	long count __write_hot;
	long limit __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct with_vtable' with write-hot field 'count' [cachelint-false-sharing]
// CHECK-DAG: :[[#@LINE-3]]:14: note: 'count' is written on hot paths
};

template <typename T> struct tmpl {
	T hot __write_hot;
	T rm __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:11: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct tmpl<long int>' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-DAG: :[[#@LINE-2]]:11: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct tmpl<char>' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-DAG: :[[#@LINE-4]]:11: note: 'hot' is written on hot paths
// CHECK-DAG: :[[#@LINE-5]]:11: note: 'hot' is written on hot paths
};

template <typename T> struct never_instantiated {
	T a __write_hot;
	T b __read_mostly;
};

// Only a structured binding's hidden (artificial) variable has this type.
template <typename T> struct pair_t {
	T hot __write_hot;
	T rm __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:11: warning: read-mostly field 'rm' shares cache line 0 (bytes 0-63) of 'struct pair_t<int>' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-DAG: :[[#@LINE-3]]:11: note: 'hot' is written on hot paths
};
pair_t<int> make_pair_t();
auto [ph, pr] = make_pair_t();

tmpl<long> t1;
tmpl<char> t2;
derived d;
with_vtable v;

long sum() { return t1.hot + t2.rm + d.rm + v.limit; }
