// The kernel's cacheline group markers read as brackets: each shape the
// kernel never writes is a cachelint-group-markers warning at the marker's
// line (core/model/kernel_groups.c), and the struct gets no proposal (the proposal moves
// groups whole, by their markers).  The lint and the DWARF of gcc and clang
// print the same (testsuite/dwarf/malformed_groups.test).
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fsyntax-only %s 2>&1 | %check
// RUN: %gcc-cl -fplugin-arg-cachelint-cacheline-groups=off -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=group-markers
// OFF: read-mostly field 'state' shares cache line 0 (bytes 0-63) of 'struct unterminated_proposal'
#include <stddef.h>
#include "cachelint.h"
#include "Inputs/cacheline_groups.h"

// A group that never ends classes nothing: before, it classed every member
// after its begin (here 'unrelated', which no group names).
struct unterminated {
	__cacheline_group_begin(unterminated_read_rx);
	long rcvbuf;
	__cacheline_group_end(unterminated_read_rx);
	__cacheline_group_begin(unterminated_write_tx);
	long wmem;
	long unrelated;
};
// CHECK: malformed_groups.c:[[#@LINE-4]]:9: warning: malformed cacheline group markers in 'struct unterminated': group 'unterminated_write_tx' never ends; there is no __cacheline_group_end(unterminated_write_tx), and the group classes no member [cachelint-group-markers]

// An end that names another group than the one it closes: that group
// classes nothing (before, 'rcvbuf' was read on rx, silently).
struct misnamed_end {
	__cacheline_group_begin(misnamed_end_read_rx);
	long rcvbuf;
	__cacheline_group_end(misnamed_end_read_tx);
	__cacheline_group_begin(misnamed_end_write_tx);
	long wmem;
	__cacheline_group_end(misnamed_end_write_tx);
};
// CHECK: malformed_groups.c:[[#@LINE-5]]:9: warning: malformed cacheline group markers in 'struct misnamed_end': __cacheline_group_end(misnamed_end_read_tx) ends group 'misnamed_end_read_rx' (begun at line [[#@LINE-7]]); group 'misnamed_end_read_rx' classes no member [cachelint-group-markers]

// An end with no group open.
struct stray_end {
	long a;
	__cacheline_group_end(stray_end_read_rx);
};
// CHECK: malformed_groups.c:[[#@LINE-2]]:9: warning: malformed cacheline group markers in 'struct stray_end': __cacheline_group_end(stray_end_read_rx) ends no group; it is ignored [cachelint-group-markers]

// The rule is suppressed as any other.
struct stray_end_suppressed {
	long a;
	__cacheline_group_end(stray_end_suppressed_read_rx);
} __cachelint_suppress("cachelint-group-markers");

// A group inside another: the inner classes its members, the outer the
// rest ('rcvlowat' lost its group before), and no proposal is made.
struct nested {
	__cacheline_group_begin(nested_read_rx);
	long rcvbuf;
	__cacheline_group_begin(nested_write_rx);
	long rx_head;
	__cacheline_group_end(nested_write_rx);
	long rcvlowat;
	__cacheline_group_end(nested_read_rx);
	__cacheline_group_begin(nested_write_tx);
	long wmem;
	__cacheline_group_end(nested_write_tx);
};
// CHECK: malformed_groups.c:[[#@LINE-9]]:9: warning: malformed cacheline group markers in 'struct nested': group 'nested_write_rx' begins inside group 'nested_read_rx' (begun at line [[#@LINE-11]]); groups do not nest: 'nested_write_rx' classes its members, 'nested_read_rx' those after its end [cachelint-group-markers]
// CHECK: malformed_groups.c:[[#@LINE-11]]:14: warning: field 'rcvbuf' (read on rx) shares cache line 0 (bytes 0-63) of 'struct nested' with field 'wmem' (written on tx) [cachelint-false-sharing]
// CHECK-NEXT: malformed_groups.c:[[#@LINE-5]]:14: note: 'wmem' is written on tx
// CHECK-NEXT: malformed_groups.c:[[#@LINE-15]]:8: note: no patch is offered for 'struct nested': its cacheline group markers are malformed: group 'nested_write_rx' begins inside group 'nested_read_rx' (begun at line [[#@LINE-14]]); the proposal moves groups whole, by their markers
// CHECK-NEXT: malformed_groups.c:[[#@LINE-10]]:14: warning: field 'rcvlowat' (read on rx) shares cache line 0 (bytes 0-63) of 'struct nested' with field 'wmem' (written on tx) [cachelint-false-sharing]
// CHECK-NEXT: malformed_groups.c:[[#@LINE-8]]:14: note: 'wmem' is written on tx
// CHECK-NEXT: malformed_groups.c:[[#@LINE-14]]:14: warning: field 'rx_head' (written on rx) shares cache line 0 (bytes 0-63) of 'struct nested' with field 'wmem' (written on tx) [cachelint-write-groups]
// CHECK-NEXT: malformed_groups.c:[[#@LINE-10]]:14: note: 'wmem' is written on tx

// The finding of an unterminated group's struct gets no proposal: before,
// it moved 'refs' in front of the group's own begin marker.
struct unterminated_proposal {
	long refs __write_hot;
	__cacheline_group_begin(unterminated_proposal_read_tx);
	int state __read_mostly;
	long next __read_mostly;
};
// CHECK: malformed_groups.c:[[#@LINE-4]]:9: warning: malformed cacheline group markers in 'struct unterminated_proposal': group 'unterminated_proposal_read_tx' never ends; there is no __cacheline_group_end(unterminated_proposal_read_tx), and the group classes no member [cachelint-group-markers]
// CHECK-NEXT: malformed_groups.c:[[#@LINE-4]]:13: warning: read-mostly field 'state' shares cache line 0 (bytes 0-63) of 'struct unterminated_proposal' with write-hot field 'refs' [cachelint-false-sharing]
// CHECK-NEXT: malformed_groups.c:[[#@LINE-7]]:14: note: 'refs' is written on hot paths
// CHECK-NEXT: malformed_groups.c:[[#@LINE-9]]:8: note: no patch is offered for 'struct unterminated_proposal': its cacheline group markers are malformed: group 'unterminated_proposal_read_tx' never ends; the proposal moves groups whole, by their markers
// CHECK-NEXT: malformed_groups.c:[[#@LINE-6]]:14: warning: read-mostly field 'next' shares cache line 0 (bytes 0-63) of 'struct unterminated_proposal' with write-hot field 'refs' [cachelint-false-sharing]
// CHECK-NEXT: malformed_groups.c:[[#@LINE-10]]:14: note: 'refs' is written on hot paths

// An aligned marker (include/linux/cache.h's __cacheline_group_begin_aligned)
// is reported where the macro is written, by every front end (for clang's
// DWARF, which has no column, cachelint dwarf finds it on the line).
#define __cacheline_group_begin_aligned(GROUP) \
	__cacheline_group_begin(GROUP) __attribute__((__aligned__(8)))
struct unterminated_aligned {
	long refs;
	__cacheline_group_begin_aligned(unterminated_aligned_read_tx);
	int state;
};
// CHECK: malformed_groups.c:[[#@LINE-3]]:9: warning: malformed cacheline group markers in 'struct unterminated_aligned': group 'unterminated_aligned_read_tx' never ends; there is no __cacheline_group_end(unterminated_aligned_read_tx), and the group classes no member [cachelint-group-markers]

_Static_assert(offsetof(struct nested, wmem) == 24, "premise: one line");
_Static_assert(offsetof(struct unterminated_proposal, next) == 16, "premise: one line");
