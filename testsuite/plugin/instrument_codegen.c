// instrument: what a counted access costs in the generated code.  Each
// access adds one to a thread-local counter of the unit's own, at an offset
// fixed at link time: one `addq $1, %fs:…` and nothing else, no load of an
// index, no call (no __tls_get_addr: initial-exec TLS even under -fPIC),
// and no vector add (one variable per counter: SLP made one 16-byte add of
// a member's read and write counters, 2.3x slower on the charge workload).
// bench/instrument_overhead/run.sh measures the time; this pins the code.
// RUN: %gcc-cl -O2 -fno-pie -fplugin-arg-cachelint-instrument=s -S %s -o %t.s
// RUN: sed -n '/^charge:/,/\.size/p' %t.s | FileCheck %s --implicit-check-not=__tls_get_addr --implicit-check-not=xmm --implicit-check-not=__cachelint_slots
// RUN: FileCheck %s --check-prefix=VARS --input-file %t.s
// RUN: %gcc-cl -O2 -fPIC -fplugin-arg-cachelint-instrument=s -S %s -o %t.pic.s
// RUN: sed -n '/^charge:/,/\.size/p' %t.pic.s | FileCheck %s --check-prefix=PIC --implicit-check-not=__tls_get_addr --implicit-check-not=xmm
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

// In an executable (local-exec), the counter's address is a constant.
// CHECK-LABEL: charge:
// CHECK-DAG: addq $1, %fs:__cachelint_count_0_r@tpoff
// CHECK-DAG: addq $1, %fs:__cachelint_count_0_w@tpoff
// CHECK-DAG: addq $1, %fs:__cachelint_count_1_r@tpoff
// CHECK-DAG: addq $1, %fs:__cachelint_count_2_r@tpoff
// CHECK: .size charge,

// The counters are thread-local (.tbss) and static: one set per unit; the
// constructor hands their addresses to the runtime.
// VARS: {{call|jmp}}{{.*}} __cachelint_rt_register_v2
// VARS: .section .tbss,"awT",@nobits
// VARS-NOT: .globl
// VARS: __cachelint_count_2_r:

// A shared library (initial-exec): the offset comes from the GOT, once.
// PIC-LABEL: charge:
// PIC-DAG: movq __cachelint_count_0_r@gottpoff(%rip), [[R0:%r[a-z0-9]+]]
// PIC-DAG: movq __cachelint_count_0_w@gottpoff(%rip), [[W0:%r[a-z0-9]+]]
// PIC-DAG: addq $1, %fs:([[R0]])
// PIC-DAG: addq $1, %fs:([[W0]])
// PIC: .size charge,
