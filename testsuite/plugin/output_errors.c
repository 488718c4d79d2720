// dump-layout=FILE and view=FILE are written whole at the end of the unit
// or not at all: a file that cannot be written (a full device, a
// directory) is an error naming it, and the compile fails.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %gcc-cl -fplugin-arg-cachelint-dump-layout=/dev/full -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=FULL-DUMP --implicit-check-not=error:
// FULL-DUMP: cc1: error: cachelint: cannot write '/dev/full': No space left on device
// RUN: not %gcc-cl -fplugin-arg-cachelint-view=/dev/full -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=FULL-VIEW --implicit-check-not=error:
// FULL-VIEW: cc1: error: cachelint: cannot write '/dev/full': No space left on device
// RUN: not %gcc-cl -fplugin-arg-cachelint-dump-layout=%t.dir -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=DIR --implicit-check-not=error:
// RUN: not %gcc-cl -fplugin-arg-cachelint-view=%t.dir -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=DIR --implicit-check-not=error:
// DIR: cc1: error: cachelint: cannot write '{{.*}}output_errors.c.tmp.dir': Is a directory
// A missing directory: an error, and no file.
// RUN: not %gcc-cl -fplugin-arg-cachelint-dump-layout=%t.dir/missing/d.txt -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=MISSING --implicit-check-not=error:
// MISSING: cc1: error: cachelint: cannot write '{{.*}}/missing/d.txt': No such file or directory
// RUN: test ! -e %t.dir/missing
// A file that is written keeps no temporary beside it, and a file that
// could not be written again keeps its old text.
// RUN: %gcc-cl -fplugin-arg-cachelint-dump-layout=%t.dir/d.txt -fplugin-arg-cachelint-view=%t.dir/v.txt -fsyntax-only %s 2>/dev/null
// RUN: FileCheck %s --check-prefix=DUMP --input-file %t.dir/d.txt
// DUMP: struct conn: size 16, align 8
// RUN: FileCheck %s --check-prefix=VIEW --input-file %t.dir/v.txt
// VIEW: /* cachelint: struct conn as it is */
// RUN: ls %t.dir | FileCheck %s --check-prefix=LS --implicit-check-not=tmp
// LS: d.txt
// LS: v.txt
#include "cachelint.h"

struct conn {
	long refs __write_hot;
	int state __read_mostly;
};
