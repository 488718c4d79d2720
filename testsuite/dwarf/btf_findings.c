// Findings from clang's btf_decl_tag annotations in DWARF are the plugin's
// warnings for the same source, line for line: same text, same file, line
// and column (clang writes no DW_AT_decl_column: the column is found in the
// source, and tabs count as GCC counts them).
// RUN: %gcc-cl -fsyntax-only %s 2> %t.plugin
// RUN: %clang -g -I%annotations -c %s -o %t.o
// RUN: %cachelint dwarf %t.o > %t.dwarf; test $? = 1
// RUN: diff %t.plugin %t.dwarf
// RUN: %check --input-file %t.dwarf
#include "cachelint.h"

struct page_counter {
	long usage __write_hot;
	long min;
	struct page_counter *parent __read_mostly;
	long failcnt;
};
// CHECK: btf_findings.c:[[@LINE-3]]:30: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK: btf_findings.c:[[@LINE-6]]:14: note: 'usage' is written on hot paths

struct lruvec {
	long lists[4];
	void *pgdat __read_mostly;
};

struct per_node {
	struct lruvec lruvec;
	long stat __write_hot;
	long rx __write_hot_group("rx");
	long tx __write_hot_group("tx");
};
// CHECK: btf_findings.c:[[@LINE-9]]:15: warning: read-mostly field 'lruvec.pgdat' shares cache line 0 (bytes 0-63) of 'struct per_node' with write-hot field 'stat' [cachelint-false-sharing]
// CHECK: btf_findings.c:[[@LINE-5]]:14: note: 'stat' is written on hot paths
// CHECK: btf_findings.c:[[@LINE-11]]:15: warning: read-mostly field 'lruvec.pgdat' shares cache line 0 (bytes 0-63) of 'struct per_node' with write-hot field 'rx' [cachelint-false-sharing]
// CHECK: btf_findings.c:[[@LINE-6]]:14: note: 'rx' is written on hot paths (write group 'rx')
// CHECK: btf_findings.c:[[@LINE-13]]:15: warning: read-mostly field 'lruvec.pgdat' shares cache line 0 (bytes 0-63) of 'struct per_node' with write-hot field 'tx' [cachelint-false-sharing]
// CHECK: btf_findings.c:[[@LINE-7]]:14: note: 'tx' is written on hot paths (write group 'tx')
// CHECK: btf_findings.c:[[@LINE-9]]:14: warning: write-hot field 'rx' (group 'rx') shares cache line 0 (bytes 0-63) of 'struct per_node' with write-hot field 'tx' (group 'tx') [cachelint-write-groups]
// CHECK: btf_findings.c:[[@LINE-9]]:14: note: 'tx' is written on hot paths (write group 'tx')

struct quiet {
	long hot __write_hot;
	long cold __read_mostly;
} __cachelint_suppress("cachelint-false-sharing");

struct padded {
	long hot __write_hot;
	char pad[56];
	long cold __read_mostly;
};

struct page_counter pc;
struct per_node pn;
struct quiet q;
struct padded pd;
