// A comment after a field that goes on below in comments lined up under it,
// as kernel headers write them (mem_cgroup_per_node in Linux 6.1), moves
// with that field, not with the next one.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines --strict-whitespace
#include "cachelint.h"

struct node {
	long		hot __write_hot;
	unsigned long		usage_in_excess;/* Set to the value by which */
						/* the soft limit is exceeded*/
	long		rm __read_mostly;	/* read on every lookup */
	char		pad[40];
};

// CHECK:struct node {
// CHECK-NEXT:	long		rm __read_mostly;	/* read on every lookup */
// CHECK-NEXT:	unsigned long		usage_in_excess;/* Set to the value by which */
// CHECK-NEXT:						/* the soft limit is exceeded*/
// CHECK-NEXT:	char		pad[40];
// CHECK-NEXT:	long		hot __write_hot __attribute__((__aligned__(64)));
// CHECK-NEXT:};
