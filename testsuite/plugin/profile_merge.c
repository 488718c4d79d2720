// Profiles given as A:B merge in order, a later entry replacing an earlier
// one.  The merge itself is silent (layering hand-written corrections on a
// generated profile is what it is for); a finding that rests on a replaced
// entry, or on a class inferred from counts, says so in a note.  The report
// carries the counts of inferred classes.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/merge_base.yaml:%inputs/merge_override.yaml -fplugin-arg-cachelint-report=%t.yaml -c %s -o %t.o 2>&1 | %check
// RUN: FileCheck %s --input-file %t.yaml --check-prefix=YAML
// The other order: the base wins, 'state' and 'hits' are write-hot, and
// nothing is read-mostly.
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/merge_override.yaml:%inputs/merge_base.yaml -c %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=REVERSED --implicit-check-not=warning: --implicit-check-not=note:

struct conn {
	long refs;
	long hits;
// CHECK: :[[#HITS:@LINE-1]]:14: warning: read-mostly field 'hits' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]
// CHECK-NEXT: :[[#REFS:@LINE-3]]:14: note: 'refs' is written on hot paths
// CHECK-NEXT: :[[#HITS]]:14: note: 'hits' is read-mostly, inferred from reads 1000, writes 0 at {{.*}}merge_override.yaml:6:5, which replaced the one at {{.*}}merge_base.yaml:7:5
	int state;
// CHECK-NEXT: :[[#@LINE-1]]:13: warning: read-mostly field 'state' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]
// CHECK-NEXT: :[[#REFS]]:14: note: 'refs' is written on hot paths
// CHECK-NEXT: :[[#@LINE-3]]:13: note: 'state' is read-mostly by the profile entry at {{.*}}merge_override.yaml:5:5, which replaced the one at {{.*}}merge_base.yaml:6:5
};

// YAML: message: "read-mostly field 'hits' shares
// YAML-NEXT: field: {path: "hits", offset: 8, bit-offset: 64, bit-size: 64, class: read_mostly, inferred-from: {reads: 1000, writes: 0}, file:
// YAML-NEXT: other: {path: "refs", offset: 0, bit-offset: 0, bit-size: 64, class: write_hot, file:
// YAML: message: "read-mostly field 'state' shares
// YAML-NEXT: field: {path: "state", offset: 16, bit-offset: 128, bit-size: 32, class: read_mostly, file:

// REVERSED-NOT: warning:
