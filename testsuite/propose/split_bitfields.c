// A run of bit-fields whose members are written on different paths (the
// 6.1 tcp_sock's `u8 chrono_type:2, rate_app_limited:1, ...`: tx writes one,
// rx the other) is split: each member moves on its own, and the ones that
// end up next to each other pack together again.  Their new bits are
// computed as the compiler lays bit-fields out (a member that would cross a
// storage unit of its declared type starts the next one), so the proposal
// is the layout the patched source really gets: the view of the proposal
// drawn from this file's DWARF is, line for line, the view of the patched
// file compiled.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines
// RUN: FileCheck %s --input-file %t/diag.txt --check-prefix=NOTE
// RUN: %clang -g -I%annotations -DUSE -c %s -o %t/orig.o
// RUN: %clang -g -I%annotations -DUSE -c %t/case.c -o %t/fixed.o
// RUN: %cachelint layout --propose conn %t/orig.o > %t/proposed.txt; test $? = 1
// RUN: sed '1,/as proposed/d' %t/proposed.txt > %t/model.txt
// RUN: %cachelint layout conn %t/fixed.o > %t/compiled.txt
// RUN: diff %t/model.txt %t/compiled.txt
// RUN: FileCheck %s --input-file %t/compiled.txt --check-prefix=VIEW
#include "cachelint.h"

struct conn {
	long rx_head __written_on("rx");
	unsigned char tx_flag:2 __written_on("tx");
	unsigned char spare:3;
	unsigned char rx_flag:6 __written_on("rx");
	unsigned short rx_win:12 __read_on("rx");
	unsigned int rx_cnt:28 __written_on("rx");
	long tx_seq __written_on("tx");
	long pad[9];
};

#ifdef USE
struct conn c;
#endif

// CHECK:struct conn {
// CHECK-NEXT:	unsigned short rx_win:12 __read_on("rx");
// CHECK-NEXT:	long rx_head __written_on("rx");
// CHECK-NEXT:	unsigned char rx_flag:6 __written_on("rx");
// CHECK-NEXT:	unsigned int rx_cnt:28 __written_on("rx");
// CHECK-NEXT:	unsigned char spare:3;
// CHECK-NEXT:	long tx_seq __written_on("tx") __attribute__((__aligned__(64)));
// CHECK-NEXT:	unsigned char tx_flag:2 __written_on("tx");
// CHECK-NEXT:	long pad[9];
// CHECK-NEXT:};

// NOTE: note: proposed reordering of 'struct conn': 'tx_seq' aligned to a new line; 96 -> 192 bytes, 2 -> 3 cache lines

// rx_cnt would cross the 32-bit unit rx_flag's byte starts: the next one.
// VIEW: rx_flag:6;            /*    16: 0   6b */
// VIEW: rx_cnt:28;            /*    20: 0  28b */
// VIEW-NEXT: spare:3;              /*    23: 4   3b */
