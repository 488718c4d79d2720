// instrument: what counting costs in the generated code.  Each segment (a
// run of accesses in one basic block with no call between them; atomic
// builtins are no call) adds one to a thread-local counter of the unit's
// own, at an offset fixed at link time: one `addq $1, %fs:…`, and nothing
// else: no load of an index, no call (no __tls_get_addr: initial-exec TLS
// even under -fPIC), no vector add (one variable per counter: SLP made one
// 16-byte add of neighbouring counters, 2.3x slower on the charge
// workload).  The unit's table says what a segment stands for.
// bench/instrument_overhead/run.sh measures the time; this pins the code.
// RUN: %gcc-cl -O2 -fno-pie -fplugin-arg-cachelint-instrument=s -S %s -o %t.s
// RUN: sed -n '/^charge:/,/\.size/p' %t.s | FileCheck %s --implicit-check-not=__tls_get_addr --implicit-check-not=xmm --implicit-check-not=__cachelint
// RUN: FileCheck %s --check-prefix=VARS --input-file %t.s
// RUN: %gcc-cl -O2 -fPIC -fplugin-arg-cachelint-instrument=s -S %s -o %t.pic.s
// RUN: sed -n '/^charge:/,/\.size/p' %t.pic.s | FileCheck %s --check-prefix=PIC --implicit-check-not=__tls_get_addr --implicit-check-not=xmm --implicit-check-not=__cachelint
// RUN: FileCheck %s --check-prefix=VARS --input-file %t.pic.s
#include "cachelint.h"

struct s {
	long usage;
	unsigned long max;
	struct s *parent;
};

int charge(struct s *c, long n)
{
	for (; c; c = c->parent)
		if ((unsigned long)__atomic_add_fetch(&c->usage, n, __ATOMIC_RELAXED) > c->max)
			return 0;
	return 1;
}

// In an executable (local-exec), the counter's address is a constant.  The
// loop's first block reads and writes usage and reads max: one segment,
// one add; its second reads parent: one access, on parent's own counter.
// CHECK-LABEL: charge:
// CHECK-DAG: addq $1, %fs:__cachelint_seg_0@tpoff
// CHECK-DAG: addq $1, %fs:__cachelint_count_2_r@tpoff
// CHECK: .size charge,

// Segment 0: three counters once each, usage's reads (0) and writes (1) and
// max's reads (2).  The counters are thread-local (.tbss) and static, one
// set per unit; the constructor hands their addresses to the runtime.
// VARS: {{call|jmp}}{{.*}} __libcachelint_rt_register_v2
// VARS: __cachelint_segments:
// VARS-NEXT: .long 3
// VARS-NEXT: .long 0
// VARS-NEXT: .long 1
// VARS-NEXT: .long 1
// VARS-NEXT: .long 1
// VARS-NEXT: .long 2
// VARS-NEXT: .long 1
// VARS: .section .tbss,"awT",@nobits
// VARS-NOT: .globl
// VARS: __cachelint_count_2_r:
// VARS-NOT: .globl
// VARS: __cachelint_seg_0:

// A shared library (initial-exec): the offset comes from the GOT, once.
// PIC-LABEL: charge:
// PIC-DAG: movq __cachelint_seg_0@gottpoff(%rip), [[SEG:%r[a-z0-9]+]]
// PIC-DAG: addq $1, %fs:([[SEG]])
// PIC-DAG: movq __cachelint_count_2_r@gottpoff(%rip), [[PARENT:%r[a-z0-9]+]]
// PIC-DAG: addq $1, %fs:([[PARENT]])
// PIC: .size charge,
