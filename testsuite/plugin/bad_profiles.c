// Profiles that cannot be used are errors naming the file (and, for their
// content, the line and column), never silently skipped.
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile=%t.missing.yaml -c %s -o %t.o 2>&1 | %check --check-prefix=MISSING
// MISSING: cc1: error: cachelint: {{.*}}.missing.yaml: cannot open profile: No such file or directory
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile=%t.dir -c %s -o %t.o 2>&1 | %check --check-prefix=UNREADABLE
// UNREADABLE: cc1: error: cachelint: {{.*}}.dir: cannot read profile: Is a directory
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile=%inputs/malformed.yaml -c %s -o %t.o 2>&1 | %check --check-prefix=MALFORMED
// MALFORMED: cc1: error: cachelint: {{.*}}malformed.yaml:5:4: did not find expected key while parsing a block mapping
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile=%inputs/version2.yaml -c %s -o %t.o 2>&1 | %check --check-prefix=VERSION
// VERSION: cc1: error: cachelint: {{.*}}version2.yaml:1:20: unsupported profile version 2 (this cachelint reads 1)
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile=%inputs/duplicate.yaml -c %s -o %t.o 2>&1 | %check --check-prefix=DUPLICATE
// DUPLICATE: cc1: error: cachelint: {{.*}}duplicate.yaml:5:5: duplicate key 'a' (first at line 4)
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile=%inputs/badclass.yaml -c %s -o %t.o 2>&1 | %check --check-prefix=CLASS
// CLASS: cc1: error: cachelint: {{.*}}badclass.yaml:4:8: unknown class 'hot' (expected read_mostly, write_hot or cold)
// The second of two profiles is bad: still an error.
// RUN: not %gcc-cl -fplugin-arg-cachelint-profile=%inputs/memcg.yaml:%inputs/badclass.yaml -c %s -o %t.o 2>&1 | %check --check-prefix=CLASS
#include "cachelint.h"

struct s {
	long hot __write_hot;
	long rm __read_mostly;
};
