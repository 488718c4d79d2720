// A struct that a parser generator copied from its grammar, behind a #line
// directive: every front end prints the place the directive gives (the
// presumed location), as GCC does, in findings, notes, errors and every
// format; the lint still reads the text (columns) where it really is.
// Inputs/hashline.y holds the same text at the lines the directive names,
// as a real grammar does, so GCC and the DWARF checker, which read the
// named file for columns, count the same tabs.
// RUN: cd %S && %gcc-cl -c %s -o /dev/null 2> %t.plugin
// RUN: %check --input-file %t.plugin
// RUN: cd %S && %cachelint lint %s -- -I%annotations > %t.lint; test $? = 1
// RUN: %check --input-file %t.lint
// RUN: diff %t.plugin %t.lint
// RUN: cd %S && %clang -g -I%annotations -c %s -o %t.o
// RUN: cd %S && %cachelint dwarf %t.o > %t.dwarf; test $? = 1
// RUN: %check --input-file %t.dwarf
// RUN: sed 's|^%S/||' %t.dwarf | diff %t.plugin -
//
// RUN: cd %S && %cachelint lint --fail-on none --format json %s -- -I%annotations | FileCheck %s --check-prefix=JSON
// JSON: "file": "Inputs/hashline.y", "line": 7, "column": 30}
// JSON: "file": "Inputs/hashline.y", "line": 5, "column": 14}
// RUN: cd %S && %cachelint lint --fail-on none --format sarif %s -- -I%annotations | FileCheck %s --check-prefix=SARIF
// SARIF: "artifactLocation": {"uri": "Inputs/hashline.y"}, "region": {"startLine": 7, "startColumn": 23,
// SARIF: "artifactLocation": {"uri": "Inputs/hashline.y"}, "region": {"startLine": 5, "startColumn": 7,
// RUN: cd %S && %cachelint lint --fail-on none --format github %s -- -I%annotations | FileCheck %s --check-prefix=GITHUB
// GITHUB: ::warning file=Inputs/hashline.y,line=7,col=23,title=cachelint-false-sharing::{{.*}}%0AInputs/hashline.y:5:7: note:
//
// A proposal's patch is for the file that holds the struct, at its lines:
// RUN: cd %S && %cachelint lint --fail-on none --propose --patch-out %t.diff %s -- -I%annotations > /dev/null
// RUN: FileCheck %s --check-prefix=PATCH --input-file %t.diff
// PATCH: --- a/hashline.c
// PATCH-NEXT: +++ b/hashline.c
// PATCH-NEXT: @@ -{{[0-9]+}},10 +{{[0-9]+}},10 @@
// PATCH: #line 4 "Inputs/hashline.y"
//
// An annotation error, at the same place from the plugin and the lint:
// RUN: cd %S && not %gcc-cl -DBOTH -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: cd %S && not %cachelint lint %s -- -I%annotations -DBOTH 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: Inputs/hashline.y:12:13: error: cachelint: field 'x' is annotated both read-mostly and write-hot
#include "cachelint.h"

#line 4 "Inputs/hashline.y"
struct page_counter {
	long usage __write_hot;
	long min;
	struct page_counter *parent __read_mostly;
	long failcnt;
};
// CHECK: Inputs/hashline.y:7:30: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK: Inputs/hashline.y:5:14: note: 'usage' is written on hot paths

#ifdef BOTH
#line 11 "Inputs/hashline.y"
struct both {
	int x __read_mostly __write_hot;
};
#endif

struct page_counter pc;
