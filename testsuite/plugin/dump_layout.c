// dump-layout prints the model of every struct in a stable text form (the
// basis of the differential tests of the lint and DWARF front ends): one line
// per record, one per member with offset, size, alignment and class, nested
// records indented under their member with dotted paths.
// RUN: %gcc-cl -fplugin-arg-cachelint-dump-layout -fsyntax-only %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace --implicit-check-not=warning:
// RUN: %gcc-cl -fplugin-arg-cachelint-dump-layout=%t.dump -fsyntax-only %s 2>/dev/null
// RUN: FileCheck %s --input-file %t.dump --match-full-lines --strict-whitespace
#include "cachelint.h"

struct node {
	struct node *next;
	int key;
};

struct table {
	long hits __write_hot_group("stats");
	unsigned flags:3 __read_mostly;
	struct node head;
	union {
		long word;
		char bytes[8];
	};
	long tail[];
} __cachelint_suppress("all");

// CHECK:struct node: size 16, align 8
// CHECK-NEXT:  next: offset 0, size 8, align 8, none
// CHECK-NEXT:  key: offset 8, size 4, align 4, none
// CHECK-NEXT:struct table: size 40, align 8
// CHECK-NEXT:  hits: offset 0, size 8, align 8, write_hot(stats)
// CHECK-NEXT:  flags: offset 8:0, bits 3, bitfield, read_mostly
// CHECK-NEXT:  head: offset 16, size 16, align 8, struct node, none
// CHECK-NEXT:    head.next: offset 16, size 8, align 8, none
// CHECK-NEXT:    head.key: offset 24, size 4, align 4, none
// CHECK-NEXT:  <anonymous union>: offset 32, size 8, align 8, union <anonymous>, none
// CHECK-NEXT:    word: offset 32, size 8, align 8, none
// CHECK-NEXT:    bytes: offset 32, size 8, align 1, none
// CHECK-NEXT:  tail: offset 40, size 0, align 8, flexible, none
