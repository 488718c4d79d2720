// max-growth=BYTES bounds what a proposal adds per instance: it gives up
// separations, least important first -- the one whose loss brings back the
// fewest pairs on one line, then the one that saves the most bytes -- and
// says what it kept on one line.  Here the read-mostly pair against each
// writer is 2 pairs a writer, the two writers against each other 1: within
// 96 bytes the writers share a line.  Below that, every separation is gone
// and no patch is offered.  Without the bound (the positive control) the
// proposal gives each class a line: 32 -> 192 bytes.
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fplugin-arg-cachelint-max-growth=160 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fplugin-arg-cachelint-max-growth=96 -fdiagnostics-generate-patch -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=G96
// RUN: %gcc-cl -fplugin-arg-cachelint-propose -fplugin-arg-cachelint-max-growth=95 -fdiagnostics-generate-patch -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=G95 --implicit-check-not=+++
// Bad values are errors naming the argument:
// RUN: not %gcc-cl -fplugin-arg-cachelint-max-growth=-1 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %gcc-cl -fplugin-arg-cachelint-max-growth -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: not %gcc-cl -fplugin-arg-cachelint-max-growth=4294967296 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=HUGE
#include <stddef.h>
#include "cachelint.h"

struct ring {
	long cfg1 __read_mostly_field;
	long cfg2 __read_mostly_field;
	long head __write_hot_group("prod");
	long tail __write_hot_group("cons");
};
// FREE: max_growth.c:[[#@LINE-6]]:8: note: proposed reordering of 'struct ring': 'head', 'tail' aligned to a new line; 32 -> 192 bytes, 1 -> 3 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16)
// G96: max_growth.c:[[#@LINE-7]]:8: note: proposed reordering of 'struct ring': 'head' aligned to a new line; 32 -> 128 bytes, 1 -> 2 cache lines; objects need 64-aligned storage (a static, or aligned_alloc(64, ...); malloc() gives 16); kept 'head' and 'tail' on one line to stay within 96 bytes of growth
// G96: +++ {{.*}}max_growth.c
// G96:       long cfg2 __read_mostly_field;
// G96-NEXT: -	long head __write_hot_group("prod");
// G96-NEXT: +	long head __write_hot_group("prod") __attribute__((__aligned__(64)));
// G95: max_growth.c:[[#@LINE-12]]:8: note: no patch is offered for 'struct ring': no order of whole members separates a pair within 95 bytes of growth per instance; without the bound the proposal adds 160 (32 -> 192 bytes)
// BAD: error: cachelint: argument 'max-growth': invalid max-growth '-1': expected a number of bytes from 0 to 4294967295
// NOVALUE: error: cachelint: argument 'max-growth': invalid max-growth '': expected a number of bytes from 0 to 4294967295
// HUGE: error: cachelint: argument 'max-growth': invalid max-growth '4294967296': expected a number of bytes from 0 to 4294967295

_Static_assert(sizeof(struct ring) == 32, "premise: one line as it is");
