// A profile entry's from: (where an imported entry came from: the table
// and line of `cachelint import net-cachelines`) is shown next to the
// entry's own place.  'chrono' is in a read group but the entry writes it:
// the mismatch names the group and the table line.  'rcv_wnd', cold in
// the profile, is not written, which a read group allows: no mismatch.
// 'gone' names no member: the cachelint-profile warning names the line.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/from.yaml -fsyntax-only %s 2>&1 | %check
#include "Inputs/cacheline_groups.h"

struct flow {
	__cacheline_group_begin(flow_read_txrx);
	unsigned int chrono;
	unsigned int rcv_wnd;
	__cacheline_group_end(flow_read_txrx);
};
// CHECK: profile_from.c:[[#@LINE-6]]:8: warning: profile entry 'gone' at {{.*}}from.yaml:8:5 (from flow.rst:14) names no member of 'struct flow' [cachelint-profile]
// CHECK-NEXT: profile_from.c:[[#@LINE-5]]:22: warning: field 'chrono' of 'struct flow' is written, but its group says it is only read: cacheline group 'flow_read_txrx' says read on tx, rx, the profile entry at {{.*}}from.yaml:6:5 (from flow.rst:12) says written on tx [cachelint-annotation-mismatch]
