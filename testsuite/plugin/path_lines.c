// Budgets of cache lines per path (a profile's lines:): a path, or a class,
// whose members sit on more lines than its budget is a finding at the
// struct, the note listing the lines and their members.  conn's rx and
// counter are within their budgets (the silence beside the finding); a
// budget for a path no member is touched on is a cachelint-profile finding.
// lint/path_lines.test and dwarf/path_lines.test check these expectations
// against the other front ends.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/path_lines.yaml -fsyntax-only %s 2>&1 | %check
#include <stddef.h>
#include "cachelint.h"

struct conn {
// CHECK: path_lines.c:[[#@LINE-1]]:8: warning: path 'tx' of 'struct conn' touches 3 cache lines, more than its budget of 2 [cachelint-path-lines]
// CHECK-NEXT: path_lines.c:[[#@LINE-2]]:8: note: budget at {{.*}}path_lines.yaml:4:10; cache line 0 (bytes 0-63): 'tx_head'; cache line 1 (bytes 64-127): 'tx_tail'; cache line 2 (bytes 128-191): 'tx_more'
	long tx_head __written_on("tx");
	char pad1[64];
	long tx_tail __written_on("tx");
	char pad2[64];
	long tx_more __read_on("tx");
	char pad3[64];
	long rx_head __written_on("rx");
	long rx_tail __read_on("rx");
};

struct counter {
	long usage __write_hot;
	char pad[120];
	long parent __read_mostly_field;
	long limit __read_mostly_field;
};

struct spread {
// CHECK-NEXT: path_lines.c:[[#@LINE-1]]:8: warning: class 'read_mostly' of 'struct spread' touches 2 cache lines, more than its budget of 1 [cachelint-path-lines]
// CHECK-NEXT: path_lines.c:[[#@LINE-2]]:8: note: budget at {{.*}}path_lines.yaml:6:12; cache line 0 (bytes 0-63): 'a'; cache line 1 (bytes 64-127): 'b'
	long a __read_mostly_field;
	char pad[64];
	long b __read_mostly_field;
};

struct typo {
// CHECK-NEXT: path_lines.c:[[#@LINE-1]]:8: warning: the budget of lines for 'rx' at {{.*}}path_lines.yaml:7:10 names no path or class that a member of 'struct typo' is touched on [cachelint-profile]
	long x __written_on("tx");
};

_Static_assert(offsetof(struct conn, tx_more) == 144, "premise: tx on lines 0, 1, 2");
_Static_assert(offsetof(struct conn, rx_tail) == 224, "premise: rx on line 3 only");
_Static_assert(offsetof(struct counter, parent) == 128, "premise: classes a line apart");
_Static_assert(offsetof(struct spread, b) == 72, "premise: read_mostly on lines 0 and 1");
