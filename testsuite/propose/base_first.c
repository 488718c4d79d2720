// C's inheritance: a struct whose first member is a struct no one classes
// (tcp_sock's `struct inet_connection_sock inet_conn`, cast to and from)
// keeps it first; the rest moves.  A first member that holds a class (the
// LRU lists of mem_cgroup_per_node's lruvec) moves like any other.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines
#include "cachelint.h"

struct base {
	long refs;
	void *ops;
};

struct derived {
	struct base base;
	long hits __write_hot;
	long limit __read_mostly;
	long spare[4];
};

struct hot_base {
	long count __write_hot;
};

struct leads {
	struct hot_base hb;
	long limit __read_mostly;
};

// CHECK:struct derived {
// CHECK-NEXT:	struct base base;
// CHECK-NEXT:	long limit __read_mostly;
// CHECK-NEXT:	long spare[4];
// CHECK-NEXT:	long hits __write_hot __attribute__((__aligned__(64)));
// CHECK-NEXT:};
// CHECK:struct leads {
// CHECK-NEXT:	long limit __read_mostly;
// CHECK-NEXT:	struct hot_base hb __attribute__((__aligned__(64)));
// CHECK-NEXT:};
