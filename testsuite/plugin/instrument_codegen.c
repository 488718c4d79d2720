// instrument: what counting costs in the generated code.  Each segment (a
// run of accesses in one basic block with no call between them; atomic
// builtins are no call) adds one to a thread-local counter of the unit's
// own, at an offset fixed at link time (load, add, store: the new count
// stays in a register), and compares the new count with the counter's
// thread-local `_next`: when they are equal (about one run in
// CACHELINT_SAMPLE), the objects the segment touched are sampled, in a
// block of their own out of the way.  Nothing else: no load of an index,
// no call on the way through (no __tls_get_addr: initial-exec TLS even
// under -fPIC), no store but the count (a countdown of its own, a second
// read-modify-write per segment, ran a reader loop 2.2x slower than plain),
// no vector add (one variable per counter: SLP made one 16-byte add of
// neighbouring counters, 2.3x slower on the charge workload).  The unit's
// table says what a segment stands for.
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
// one count; its second reads parent: one access, on parent's own counter.
// Each compares the new count with its _next; the unlikely blocks tell the
// runtime which objects were touched: the segment's two accesses (the
// atomic add on usage, the read of max: sites 0 and 1), parent (site 2).
// CHECK-LABEL: charge:
// CHECK: movq %fs:__cachelint_count_2_r@tpoff, [[C:%r[a-z0-9]+]]
// CHECK-NEXT: leaq 1([[C]]), [[CN:%r[a-z0-9]+]]
// CHECK-NEXT: movq [[CN]], %fs:__cachelint_count_2_r@tpoff
// CHECK: cmpq %fs:__cachelint_count_2_r_next@tpoff, [[CN]]
// CHECK-NEXT: je [[PARENT:\.L[0-9]+]]
// CHECK: movq %fs:__cachelint_seg_0@tpoff, [[S:%r[a-z0-9]+]]
// CHECK: leaq 1([[S]]), [[SN:%r[a-z0-9]+]]
// CHECK-NEXT: movq [[SN]], %fs:__cachelint_seg_0@tpoff
// CHECK: cmpq %fs:__cachelint_seg_0_next@tpoff, [[SN]]
// CHECK-NEXT: je [[SEG:\.L[0-9]+]]
// CHECK: ret
// CHECK: [[SEG]]:
// CHECK: movl $__cachelint_unit, %edx
// CHECK: call __libcachelint_rt_sample_v3
// CHECK: movl $1, %ecx
// CHECK: movl $__cachelint_unit, %edx
// CHECK: call __libcachelint_rt_sample_v3
// CHECK: movq %rax, %fs:__cachelint_seg_0_next@tpoff
// CHECK: [[PARENT]]:
// CHECK: movl $2, %ecx
// CHECK-NEXT: movl $__cachelint_unit, %edx
// CHECK-NEXT: call __libcachelint_rt_sample_v3
// CHECK: movq %rax, %fs:__cachelint_count_2_r_next@tpoff
// CHECK: .size charge,

// Segment 0: three counters once each, usage's reads (0) and writes (1) and
// max's reads (2).  The counters are thread-local (.tbss) and static, one
// set per unit; the constructor hands their addresses to the runtime.
// VARS: {{call|jmp}}{{.*}} __libcachelint_rt_register_v3
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

// A shared library (initial-exec): the offsets come from the GOT, once.
// PIC-LABEL: charge:
// PIC-DAG: movq __cachelint_seg_0@gottpoff(%rip), [[SEG:%r[a-z0-9]+]]
// PIC-DAG: movq __cachelint_seg_0_next@gottpoff(%rip), [[SEGNEXT:%r[a-z0-9]+]]
// PIC-DAG: movq __cachelint_count_2_r@gottpoff(%rip), [[PARENT:%r[a-z0-9]+]]
// PIC-DAG: movq __cachelint_count_2_r_next@gottpoff(%rip), [[PARENTNEXT:%r[a-z0-9]+]]
// PIC-DAG: movq %fs:([[SEG]]), {{%r[a-z0-9]+}}
// PIC-DAG: movq {{%r[a-z0-9]+}}, %fs:([[SEG]])
// PIC-DAG: cmpq %fs:([[SEGNEXT]]), {{%r[a-z0-9]+}}
// PIC-DAG: movq %fs:([[PARENT]]), {{%r[a-z0-9]+}}
// PIC-DAG: movq {{%r[a-z0-9]+}}, %fs:([[PARENT]])
// PIC-DAG: cmpq %fs:([[PARENTNEXT]]), {{%r[a-z0-9]+}}
// PIC-DAG: leaq __cachelint_unit(%rip), {{%r[a-z0-9]+}}
// PIC-DAG: call __libcachelint_rt_sample_v3@PLT
// PIC: .size charge,
