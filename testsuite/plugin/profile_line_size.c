// A profile's line-size applies unless line-size is given, which wins: one
// rule (cl_options_profile_line_size()) for the plugin, the lint and the
// DWARF checker.  'reader' is 64 bytes after 'hot': one line of 128, two of 64.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/line_size_128.yaml -c %s -o %t/a.o 2>&1 | %check --check-prefix=L128
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%inputs/line_size_128.yaml -fplugin-arg-cachelint-line-size=64 -c %s -o %t/a.o 2>&1 | %check --allow-empty
// RUN: %gcc-cl -fplugin-arg-cachelint-line-size=64 -fplugin-arg-cachelint-profile=%inputs/line_size_128.yaml -c %s -o %t/a.o 2>&1 | %check --allow-empty
// RUN: %cachelint lint --profile %inputs/line_size_128.yaml %s -- -I%annotations > %t/lint.txt 2>&1; test $? -eq 1
// RUN: %check --check-prefix=L128 --input-file %t/lint.txt
// RUN: %cachelint lint --line-size 64 --profile %inputs/line_size_128.yaml %s -- -I%annotations 2>&1 | %check --allow-empty
// RUN: %clang -g -I%annotations -c %s -o %t/c.o
// RUN: %cachelint dwarf --profile %inputs/line_size_128.yaml %t/c.o > %t/dwarf.txt 2>&1; test $? -eq 1
// RUN: %check --check-prefix=L128 --input-file %t/dwarf.txt
// RUN: %cachelint dwarf --profile %inputs/line_size_128.yaml --line-size 64 %t/c.o 2>&1 | %check --allow-empty
#include <stddef.h>
#include "cachelint.h"

struct pair {
	long hot __write_hot;
	char pad[56];
	long reader __read_mostly;
// L128: :[[#@LINE-1]]:14: warning: read-mostly field 'reader' shares cache line 0 (bytes 0-127) of 'struct pair' with write-hot field 'hot' [cachelint-false-sharing]
// L128-NEXT: :[[#@LINE-4]]:14: note: 'hot' is written on hot paths
};

_Static_assert(offsetof(struct pair, reader) == 64, "one line of 128, two of 64");
long use(struct pair *p) { return p->reader + p->hot; }
