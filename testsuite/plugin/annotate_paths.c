// Source annotations name the paths that read and write a member, as a
// profile's read:/write: do: __read_on("rx"), __written_on("tx"),
// __written_on_some("tx,rx") (accessed on both, written on at least one, as
// the kernel's _write_txrx groups), "name:concurrent" for a path that many
// CPUs run at once on one object.  The plugin, the lint (from annotate(), and
// from the macro names where a build defines them to nothing) and the DWARF
// checker (from clang's btf_decl_tag) give the same findings.
// RUN: %gcc-cl -fsyntax-only %s 2> %t.plugin
// RUN: %check --input-file %t.plugin
// RUN: %cachelint lint %s -- -I%annotations > %t.lint; test $? = 1
// RUN: diff %t.plugin %t.lint
// RUN: %cachelint lint %s -- -DEMPTY_MACROS > %t.empty; test $? = 1
// RUN: diff %t.plugin %t.empty
// RUN: %clang -g -I%annotations -c %s -o %t.o
// RUN: %cachelint dwarf %t.o > %t.dwarf; test $? = 1
// RUN: diff %t.plugin %t.dwarf
//
// Misuse is an error at the field, the same in each front end (DWARF has
// no column).
// RUN: not %gcc-cl -DBOTH -fsyntax-only %s 2>&1 | %check --check-prefix=BOTH
// RUN: not %cachelint lint %s -- -I%annotations -DBOTH 2>&1 | %check --check-prefix=BOTH
// RUN: %clang -g -I%annotations -DBOTH -c %s -o %t.both.o
// RUN: not %cachelint dwarf %t.both.o 2>&1 | %check --check-prefix=BOTH
// RUN: not %gcc-cl -DLIST -fsyntax-only %s 2>&1 | %check --check-prefix=LIST
// RUN: not %cachelint lint %s -- -I%annotations -DLIST 2>&1 | %check --check-prefix=LIST
// RUN: %clang -g -I%annotations -DLIST -c %s -o %t.list.o
// RUN: not %cachelint dwarf %t.list.o 2>&1 | %check --check-prefix=LIST
// RUN: not %gcc-cl -DVARIABLE -fsyntax-only %s 2>&1 | %check --check-prefix=VARIABLE
#ifdef EMPTY_MACROS
#define __read_on(p)
#define __written_on(p)
#define __written_on_some(p)
#else
#include "cachelint.h"
#endif

#if !defined(BOTH) && !defined(LIST) && !defined(VARIABLE)
struct counter {
	long usage __written_on("charge:concurrent");
	long limit __read_on("charge:concurrent");
// CHECK: annotate_paths.c:[[#@LINE-1]]:14: warning: field 'limit' (read on charge) shares cache line 0 (bytes 0-63) of 'struct counter' with field 'usage' (written on charge) [cachelint-false-sharing]
// CHECK-NEXT: annotate_paths.c:[[#@LINE-3]]:14: note: 'usage' is written on charge
};

// One socket's rx runs on one CPU at a time: rx_seq and rx_win share a line
// on purpose.  snd_una is read on tx and written on rx (the kernel table's
// words): tx fetches its line on every run anyway.  cwnd's own line moves
// between tx and rx whatever its neighbours.
struct conn {
	long rx_seq __written_on("rx");
	long rx_win __read_on("rx");
// CHECK-NEXT: annotate_paths.c:[[#@LINE-1]]:14: warning: field 'rx_win' (read on rx) shares cache line 0 (bytes 0-63) of 'struct conn' with field 'tx_seq' (written on tx) [cachelint-false-sharing]
// CHECK-NEXT: annotate_paths.c:[[#TX:@LINE+3]]:14: note: 'tx_seq' is written on tx
// CHECK-NEXT: annotate_paths.c:[[#@LINE-4]]:14: warning: field 'rx_seq' (written on rx) shares cache line 0 (bytes 0-63) of 'struct conn' with field 'tx_seq' (written on tx) [cachelint-write-groups]
// CHECK-NEXT: annotate_paths.c:[[#TX]]:14: note: 'tx_seq' is written on tx
	long tx_seq __written_on("tx");
	long snd_una __read_on("tx") __written_on("rx");
	long cwnd __written_on_some("tx, rx");
	/* the next line: rx members away from tx's writes */
	long tx_stats __written_on("tx") __attribute__((aligned(64)));
	long tx_limit __read_on("tx");
};

struct counter c;
struct conn k;
#endif

#ifdef BOTH
struct both {
	long x __read_mostly __read_on("rx");
// BOTH: annotate_paths.c:[[#@LINE-1]]:{{(14:)?}} error: cachelint: field 'x' is annotated both read-mostly and with paths
};
struct both b;
#endif

#ifdef LIST
struct list {
	long x __written_on("tx,,rx");
// LIST: annotate_paths.c:[[#@LINE-1]]:{{(14:)?}} error: cachelint: the paths of field 'x' must be path names separated by ',' ("tx,rx", "charge:concurrent"), not "tx,,rx"
};
struct list l;
#endif

#ifdef VARIABLE
long counter __read_on("rx");
// VARIABLE: annotate_paths.c:[[#@LINE-1]]:6: error: cachelint: the read_on annotation applies to struct and union fields only, not to variable 'counter'
#endif
