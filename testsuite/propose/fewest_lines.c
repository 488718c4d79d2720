// Fewest lines per path (issue 24).  The engine's own order for this struct
// (its segments as built: tx's reads, tx's writes, rx's reads, rx's
// writes, then what both read) is clean but lays out
//   line 0: snd_wnd cwnd snd_nxt | line 1: rcv_wnd rtt rcv_nxt snd_una | line 2: mss
// so tx touches 3 lines (snd_una, read on tx, sits with rx's members, and
// mss on a line of its own) and rx 2.  Ordered for the fewest lines, what
// tx reads joins what both read and snd_una, which tx reads anyway: tx 2,
// rx 2, in the same 192 bytes, and still no finding (the round trip
// compiles the patch and finds nothing).  The view, the note and the JSON
// say the counts as it is and as proposed.
// RUN: %roundtrip %s %t %gcc-cl
// RUN: FileCheck %s --input-file %t/case.c --match-full-lines
// RUN: FileCheck %s --input-file %t/diag.txt --check-prefix=NOTE
// RUN: %clang -g -I%annotations -DUSE -c %s -o %t/orig.o
// RUN: %cachelint layout --propose conn %t/orig.o > %t/view.txt; test $? = 1
// RUN: FileCheck %s --input-file %t/view.txt --check-prefix=VIEW --match-full-lines
// RUN: cd %S && %cachelint lint --propose --format json fewest_lines.c -- -I%annotations > %t/out.json; test $? = 1
// RUN: FileCheck %s --input-file %t/out.json --check-prefix=JSON
// RUN: %cachelint layout --propose --format html conn %t/orig.o > %t/view.html; test $? = 1
// RUN: FileCheck %s --input-file %t/view.html --check-prefix=HTML
#include "cachelint.h"

struct conn {
	unsigned long snd_nxt __written_on("tx");
	unsigned long rcv_nxt __written_on("rx");
	unsigned long mss __read_on("tx,rx");
	unsigned long snd_wnd __read_on("tx");
	unsigned long rcv_wnd __read_on("rx");
	unsigned long snd_una __read_on("tx") __written_on("rx");
	unsigned long rtt __read_on("rx");
	unsigned long cwnd __read_on("tx");
	char name[40];
};

#ifdef USE
struct conn c;
#endif

// CHECK:struct conn {
// CHECK-NEXT:	unsigned long snd_nxt __written_on("tx");
// CHECK-NEXT:	char name[40];
// CHECK-NEXT:	unsigned long rcv_wnd __read_on("rx") __attribute__((__aligned__(64)));
// CHECK-NEXT:	unsigned long rtt __read_on("rx");
// CHECK-NEXT:	unsigned long rcv_nxt __written_on("rx");
// CHECK-NEXT:	unsigned long snd_wnd __read_on("tx") __attribute__((__aligned__(64)));
// CHECK-NEXT:	unsigned long cwnd __read_on("tx");
// CHECK-NEXT:	unsigned long snd_una __read_on("tx") __written_on("rx");
// CHECK-NEXT:	unsigned long mss __read_on("tx,rx");
// CHECK-NEXT:};

// NOTE: case.c:[[#]]:8: note: proposed reordering of 'struct conn': 'rcv_wnd', 'snd_wnd' aligned to a new line; 104 -> 192 bytes, 2 -> 3 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16); lines per path: rx 1 -> 2, tx 1 -> 2

// VIEW:	/* lines per path: rx 1 (bytes fit in 1), tx 1 (1) */
// VIEW:/* cachelint: struct conn as proposed (order: snd_nxt, name, rcv_wnd, rtt, rcv_nxt, snd_wnd, cwnd, snd_una, mss; 'rcv_wnd' aligned to 64 bytes; 'snd_wnd' aligned to 64 bytes; 104 -> 192 bytes, 2 -> 3 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16); lines per path: rx 1 -> 2, tx 1 -> 2) */
// VIEW-NEXT:struct conn {
// VIEW-NEXT:	unsigned long              snd_nxt;              /*     0     8 */ /* paths */
// VIEW-NEXT:	char                       name[40];             /*     8    40 */
// VIEW-EMPTY:
// VIEW-NEXT:	/* XXX 16 bytes hole, try to pack */
// VIEW-EMPTY:
// VIEW-NEXT:	/* --- cacheline 1 boundary (64 bytes) --- */
// VIEW-NEXT:	unsigned long              rcv_wnd __attribute__((__aligned__(64))); /*    64     8 */ /* paths */
// VIEW-NEXT:	unsigned long              rtt;                  /*    72     8 */ /* paths */
// VIEW-NEXT:	unsigned long              rcv_nxt;              /*    80     8 */ /* paths */
// VIEW-EMPTY:
// VIEW-NEXT:	/* XXX 40 bytes hole, try to pack */
// VIEW-EMPTY:
// VIEW-NEXT:	/* --- cacheline 2 boundary (128 bytes) --- */
// VIEW-NEXT:	unsigned long              snd_wnd __attribute__((__aligned__(64))); /*   128     8 */ /* paths */
// VIEW-NEXT:	unsigned long              cwnd;                 /*   136     8 */ /* paths */
// VIEW-NEXT:	unsigned long              snd_una;              /*   144     8 */ /* paths */
// VIEW-NEXT:	unsigned long              mss;                  /*   152     8 */ /* paths */
// VIEW-EMPTY:
// VIEW-NEXT:	/* size: 192, cachelines: 3, members: 9 */
// VIEW-NEXT:	/* sum members: 104, holes: 2, sum holes: 56 */
// VIEW-NEXT:	/* padding: 32 */
// VIEW-NEXT:	/* lines per path: rx 2 (bytes fit in 1), tx 2 (1) */
// VIEW-NEXT:};

// JSON: "lines-per-path": {"rx": {"before": 1, "after": 2, "least": 1}, "tx": {"before": 1, "after": 2, "least": 1}}

// HTML: <table class="path-lines"><tr><th>lines per path</th><th>as it is</th><th>as proposed</th><th>its bytes fit in</th></tr>
// HTML-NEXT: <tr><td>rx</td><td>1</td><td>2</td><td>1</td></tr>
// HTML-NEXT: <tr><td>tx</td><td>1</td><td>2</td><td>1</td></tr>
// HTML-NEXT: </table>
