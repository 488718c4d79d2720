// A struct with the kernel's cacheline groups: the proposal moves each
// group whole, markers included, puts the rx groups together and the tx
// groups on a line of their own, and aligns the first tx group's begin
// marker -- what __cacheline_group_begin_aligned() does in the kernel.  The
// patch applies and the patched struct has no finding.
// RUN: %roundtrip %s %t %gcc-cl -I%S/../plugin
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines --strict-whitespace
// The lines of the struct's assert function that keep the proposed layout
// checked by the kernel's own build, in the view and in the report: each
// group's members, then its size as CACHELINE_ASSERT_GROUP_SIZE() measures
// it (end marker's offset minus the begin marker's end):
// RUN: %gcc-cl -I%S/../plugin -fplugin-arg-cachelint-view=%t.view -fplugin-arg-cachelint-report=%t.yaml -fsyntax-only %s
// RUN: FileCheck %s --check-prefix=ASSERTS --input-file %t.view
// ASSERTS:      /* cachelint: struct sk's assert function keeps it checked:
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_MEMBER(struct sk, sk_read_rx, rcvbuf);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_SIZE(struct sk, sk_read_rx, 8);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_MEMBER(struct sk, sk_write_rx, rx_head);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_MEMBER(struct sk, sk_write_rx, rx_tail);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_SIZE(struct sk, sk_write_rx, 16);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_MEMBER(struct sk, sk_read_tx, sndbuf);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_SIZE(struct sk, sk_read_tx, 8);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_MEMBER(struct sk, sk_write_tx, wmem);
// ASSERTS-NEXT: 	CACHELINE_ASSERT_GROUP_SIZE(struct sk, sk_write_tx, 8);
// ASSERTS-NEXT:  */
// RUN: FileCheck %s --check-prefix=YAML --input-file %t.yaml
// YAML: kernel-asserts: "\tCACHELINE_ASSERT_GROUP_MEMBER(struct sk, sk_read_rx, rcvbuf);\n\tCACHELINE_ASSERT_GROUP_SIZE(struct sk, sk_read_rx, 8);\n{{.*}}(struct sk, sk_write_tx, wmem);\n\tCACHELINE_ASSERT_GROUP_SIZE(struct sk, sk_write_tx, 8);\n"
#include "Inputs/cacheline_groups.h"

struct sk {
	__cacheline_group_begin(sk_write_rx);
	long rx_head;
	long rx_tail;
	__cacheline_group_end(sk_write_rx);
	__cacheline_group_begin(sk_read_rx);
	long rcvbuf;
	__cacheline_group_end(sk_read_rx);
	__cacheline_group_begin(sk_write_tx);
	long wmem;
	__cacheline_group_end(sk_write_tx);
	__cacheline_group_begin(sk_read_tx);
	long sndbuf;
	__cacheline_group_end(sk_read_tx);
};
// CHECK:struct sk {
// CHECK-NEXT:	__cacheline_group_begin(sk_read_rx);
// CHECK-NEXT:	long rcvbuf;
// CHECK-NEXT:	__cacheline_group_end(sk_read_rx);
// CHECK-NEXT:	__cacheline_group_begin(sk_write_rx);
// CHECK-NEXT:	long rx_head;
// CHECK-NEXT:	long rx_tail;
// CHECK-NEXT:	__cacheline_group_end(sk_write_rx);
// CHECK-NEXT:	__cacheline_group_begin(sk_read_tx) __attribute__((__aligned__(64)));
// CHECK-NEXT:	long sndbuf;
// CHECK-NEXT:	__cacheline_group_end(sk_read_tx);
// CHECK-NEXT:	__cacheline_group_begin(sk_write_tx);
// CHECK-NEXT:	long wmem;
// CHECK-NEXT:	__cacheline_group_end(sk_write_tx);
// CHECK-NEXT:};
