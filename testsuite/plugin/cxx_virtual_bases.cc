// C++ classes with virtual bases: each virtual base is one subobject of the
// most-derived class, after its non-virtual part; a base subobject holds
// only its class's non-virtual part.  The layout the plugin reports must be
// the one the compiler uses: Inputs/print_virtual_bases.cc, built from this
// file, prints the offsets of a real object of each class, and the two must
// be identical (testsuite/dwarf/virtual_bases.test does the same for DWARF,
// testsuite/lint/cxx.test for the lint).
// RUN: %gxx-cl -std=c++17 -c %s -o %t.o 2>&1 | %check
// RUN: %gxx-cl -std=c++17 -fplugin-arg-cachelint-dump-layout=%t.dump -c %s -o %t.o 2>/dev/null
// RUN: %gxx -std=c++17 -I%annotations -I%S %inputs/print_virtual_bases.cc -o %t.prog
// RUN: %t.prog > %t.compiler
// RUN: %python %srcroot/testsuite/tools/layout_offsets.py %t.compiler vhot mid single A B C D V W X V1 V2 Y > %t.expected
// RUN: %python %srcroot/testsuite/tools/layout_offsets.py %t.dump vhot mid single A B C D V W X V1 V2 Y > %t.plugin
// RUN: diff -u %t.expected %t.plugin
// The premises, as the compiler printed them:
// RUN: FileCheck %s --check-prefix=ABI --input-file %t.expected
// ABI-LABEL: struct D: size 96
// ABI:         <base C>: offset 16
// ABI:         d_rm: offset 56
// ABI:         <base A>: offset 88
// ABI-LABEL: struct X: size 152
// ABI:         <base V>: offset 80
// ABI-LABEL: struct Y: size 40
// ABI:         <base V2>: offset 16
// ABI:         <base V1>: offset 32
// ABI-LABEL: struct single: size 232
// ABI:         <base vhot>: offset 224
#include "cachelint.h"

// A virtual base behind a non-virtual one: it is placed once, after the
// non-virtual part of 'single' (offset 224), not inside 'mid' (offset 16).
struct vhot {
	long hot __write_hot;
// CHECK-DAG: :[[#@LINE-1]]:14: note: 'hot' is written on hot paths
};
struct mid : virtual vhot {
	long m;
};
struct single : mid {
	char big[200];
	long rm __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:14: warning: read-mostly field 'rm' shares cache line 3 (bytes 192-255) of 'struct single' with write-hot field 'hot' [cachelint-false-sharing]
};

// A diamond: one A, after D's own members; B and C hold only their
// non-virtual parts (vptr and data, 16 and 32 bytes).  d_rm crosses from
// line 0 into line 1, where a_hot is; a copy of A inside B or C would be on
// line 0 and give the pair a second time.
struct A {
	long a_hot __write_hot;
// CHECK-DAG: :[[#@LINE-1]]:14: note: 'a_hot' is written on hot paths
};
struct B : virtual A {
	long b;
};
struct C : virtual A {
	char c[24];
};
struct D : B, C {
	char d_pad[8];
	long d_rm[4] __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:14: warning: read-mostly field 'd_rm' shares cache line 1 (bytes 64-127) of 'struct D' with write-hot field 'a_hot' [cachelint-false-sharing]
};

// A virtual base whose own pair is a line apart in V alone, and on one line
// once V follows W's non-virtual part (at 16 in W, at 80 in X).
struct V {
	char pad[56];
	long vhot __write_hot;
	long vrm __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:14: warning: read-mostly field 'vrm' shares cache line 1 (bytes 64-127) of 'struct W' with write-hot field 'vhot' [cachelint-false-sharing]
// CHECK-DAG: :[[#@LINE-2]]:14: warning: read-mostly field 'vrm' shares cache line 2 (bytes 128-191) of 'struct X' with write-hot field 'vhot' [cachelint-false-sharing]
// CHECK-DAG: :[[#@LINE-4]]:14: note: 'vhot' is written on hot paths
// CHECK-DAG: :[[#@LINE-5]]:14: note: 'vhot' is written on hot paths
};
struct W : virtual V {
	long w;
};
struct X : W {
	char big[64];
};

// Inheritance graph order: Y's virtual bases are V2, then V2's V1.
struct V1 {
	long v1;
};
struct V2 : virtual V1 {
	long v2;
};
struct Y : virtual V2 {
	int y;
};

// Objects: gcc writes the DWARF of a class with a vtable where it is used.
single s_obj;
D d_obj;
X x_obj;
Y y_obj;
