// The page_counter example (examples/page_counter, Linux v5.10) as a
// picture, from each front end: Chromium renders the page; its DOM has one
// box per leaf at the model's offset and size (against dump-layout of the
// same run), the conflict arcs are exactly the pairs of the text findings
// of the same run, the findings are its warnings, the proposal beside it has
// no conflict, the console is silent and a screenshot is written.
// REQUIRES: chromium
// RUN: rm -rf %t && mkdir -p %t
//
// The plugin: report=FILE.html; the text is GCC's stderr of the same compile.
// RUN: %gcc-cl -fplugin-arg-cachelint-report=%t/gcc.html -fplugin-arg-cachelint-dump-layout=%t/gcc.dump -c %s -o %t/gcc.o 2> %t/gcc.txt
// RUN: %python %srcroot/testsuite/tools/html_check.py --list --text %t/gcc.txt --dump %t/gcc.dump --png %t/gcc.png %t/gcc.html | FileCheck %s --check-prefixes=BOX,PC --implicit-check-not=box --implicit-check-not=arc
// With `propose` the pipeline's proposal is drawn: the same picture.
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fplugin-arg-cachelint-report=%t/propose.html -fplugin-arg-cachelint-dump-layout=%t/propose.dump -c %s -o %t/gcc.o 2> %t/propose.txt
// RUN: %python %srcroot/testsuite/tools/html_check.py --text %t/propose.txt --dump %t/propose.dump %t/propose.html | FileCheck %s --check-prefix=PC
//
// cachelint lint --format html, and the text format of the same inputs.
// RUN: not %cachelint lint --format html -o %t/lint.html --dump-layout=%t/lint.dump %s -- -I%annotations
// RUN: not %cachelint lint %s -- -I%annotations > %t/lint.txt
// RUN: %python %srcroot/testsuite/tools/html_check.py --text %t/lint.txt --dump %t/lint.dump %t/lint.html | FileCheck %s --check-prefix=PC
//
// cachelint dwarf --format html on what clang built (annotations as btf tags).
// RUN: %clang -g -I%annotations -c %s -o %t/clang.o
// RUN: not %cachelint dwarf --format html --dump-layout=%t/dwarf.dump %t/clang.o > %t/dwarf.html
// RUN: not %cachelint dwarf %t/clang.o > %t/dwarf.txt
// RUN: %python %srcroot/testsuite/tools/html_check.py --list --text %t/dwarf.txt --dump %t/dwarf.dump %t/dwarf.html | FileCheck %s --check-prefixes=BOX,PC --implicit-check-not=box --implicit-check-not=arc
//
// cachelint layout --format html draws the struct (the only one with
// findings here, so the same section).
// RUN: not %cachelint layout --format html page_counter %t/clang.o > %t/layout.html
// RUN: %python %srcroot/testsuite/tools/html_check.py --text %t/dwarf.txt --dump %t/dwarf.dump %t/layout.html | FileCheck %s --check-prefix=PC
//
// BOX:      box usage: offset 0, size 8, bits 0+64, write_hot
// BOX-NEXT: box min: offset 8, size 8, bits 64+64, read_mostly
// BOX-NEXT: box low: offset 16, size 8, bits 128+64, read_mostly
// BOX-NEXT: box high: offset 24, size 8, bits 192+64, read_mostly
// BOX-NEXT: box max: offset 32, size 8, bits 256+64, read_mostly
// BOX-NEXT: box parent: offset 40, size 8, bits 320+64, read_mostly
// BOX-NEXT: box emin: offset 48, size 8, bits 384+64, none
// BOX-NEXT: box min_usage.counter: offset 56, size 8, bits 448+64, none
// BOX-NEXT: box children_min_usage.counter: offset 64, size 8, bits 512+64, none
// BOX-NEXT: box elow: offset 72, size 8, bits 576+64, none
// BOX-NEXT: box low_usage.counter: offset 80, size 8, bits 640+64, none
// BOX-NEXT: box children_low_usage.counter: offset 88, size 8, bits 704+64, none
// BOX-NEXT: box watermark: offset 96, size 8, bits 768+64, none
// BOX-NEXT: box failcnt: offset 104, size 8, bits 832+64, none
// BOX-NEXT: arc cachelint-false-sharing: min - usage
// BOX-NEXT: arc cachelint-false-sharing: low - usage
// BOX-NEXT: arc cachelint-false-sharing: high - usage
// BOX-NEXT: arc cachelint-false-sharing: max - usage
// BOX-NEXT: arc cachelint-false-sharing: parent - usage
// PC:      struct page_counter: 112 bytes, 14 boxes, 5 arcs, 5 findings; proposed 128 bytes, 2 lines, 0 arcs
// PC-NEXT: sections: 1, findings: 5 (as in the text output), arcs: 5 (as its pairs)
// PC-NEXT: console: no messages; screenshot: 1600x1000 PNG
#include <stddef.h>

#include "../../examples/page_counter/page_counter.c"

_Static_assert(offsetof(struct page_counter, usage) == 0, "premise: usage first");
_Static_assert(offsetof(struct page_counter, parent) == 40, "premise: parent in line 0");
_Static_assert(offsetof(struct page_counter, failcnt) == 104, "premise: 14 members, no hole");
_Static_assert(sizeof(struct page_counter) == 112, "premise: two lines");
