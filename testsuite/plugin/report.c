// report=FILE writes the unit's findings as YAML; report=DIR/ names the file
// after the source.  The file is written whole or not at all.
// RUN: rm -rf %t.dir %t.yaml && mkdir -p %t.dir
// RUN: %gcc-cl -fplugin-arg-cachelint-report=%t.yaml -c %s -o %t.o 2>&1 | %check --check-prefix=DIAG
// RUN: FileCheck %s --input-file %t.yaml --check-prefix=YAML
// RUN: %python -c "import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); assert d['summary']['findings'] == 2, d" %t.yaml
// RUN: %gcc-cl -fplugin-arg-cachelint-report=%t.dir/ -c %s -o %t.o 2>&1 | %check --check-prefix=DIAG
// RUN: FileCheck %s --input-file %t.dir%s.cachelint.yaml --check-prefix=YAML
// An unwritable report is an error, and leaves no file behind.
// RUN: not %gcc-cl -fplugin-arg-cachelint-report=%t.dir/missing/r.yaml -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: test ! -e %t.dir/missing
// UNWRITABLE: cc1: error: cachelint: cannot write report '{{.*}}/missing/r.yaml': No such file or directory
#include "cachelint.h"

struct conn {
	long refs __write_hot;
	int state __read_mostly;
	char name[40];
	long next __read_mostly;
};

_Static_assert(__builtin_offsetof(struct conn, next) == 56, "premise: line 0");

struct clean {
	long a __write_hot;
	char gap[64];
	long b __read_mostly;
};

// YAML:      cachelint-report: 1
// YAML-NEXT: tool: {name: cachelint, version: "{{[0-9.]+}}"}
// YAML-NEXT: source: "{{.*}}report.c"
// YAML-NEXT: options: {line-size: 64, alignment: line, adjacent: false}
// YAML-NEXT: summary: {structs-analysed: 2, findings: 2}
// YAML-NEXT: structs:
// YAML-NEXT:   - struct: "struct conn"
// YAML-NEXT:     file: "{{.*}}report.c"
// YAML-NEXT:     line: 15
// YAML-NEXT:     size: 64
// YAML-NEXT:     align: 8
// YAML-NEXT:     cachelines: 1
// YAML-NEXT:     findings:
// YAML-NEXT:       - rule: cachelint-false-sharing
// YAML-NEXT:         severity: warning
// YAML-NEXT:         message: "read-mostly field 'state' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]"
// YAML-NEXT:         field: {path: "state", offset: 8, bit-offset: 64, bit-size: 32, class: read_mostly, file: "{{.*}}report.c", line: 17, column: 6}
// YAML-NEXT:         other: {path: "refs", offset: 0, bit-offset: 0, bit-size: 64, class: write_hot, file: "{{.*}}report.c", line: 16, column: 7}
// YAML-NEXT:         cache-line: 0
// YAML-NEXT:         placements: {conflicting: 1, of: 1}
// YAML-NEXT:       - rule: cachelint-false-sharing
// YAML-NEXT:         severity: warning
// YAML-NEXT:         message: "read-mostly field 'next' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]"

// report=DIR/ makes DIR (and what is above it) when the build has not; the
// report is named by the unit's path as given, absolute here, below DIR.
// RUN: %gcc-cl -fplugin-arg-cachelint-report=%t.dir/new/sub/ -c %s -o %t.o 2>&1 | %check --check-prefix=DIAG
// RUN: FileCheck %s --input-file %t.dir/new/sub%s.cachelint.yaml --check-prefix=YAML
// RUN: touch %t.dir/file
// RUN: not %gcc-cl -fplugin-arg-cachelint-report=%t.dir/file/sub/ -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOTDIR
// NOTDIR: cc1: error: cachelint: cannot make report directory '{{.*}}/file/sub/' (for '{{.*}}report.c'): Not a directory

// The report is written beside the diagnostics, which stay as they are:
// DIAG:      report.c:17:13: warning: read-mostly field 'state' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]
// DIAG-NEXT: report.c:16:14: note: 'refs' is written on hot paths
// DIAG-NEXT: report.c:19:14: warning: read-mostly field 'next' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'refs' [cachelint-false-sharing]
// DIAG-NEXT: report.c:16:14: note: 'refs' is written on hot paths
