// A unit of more than 65,535 strings: clang's DWARF 5 indexes the later
// ones with DW_FORM_strx3, whose 3-byte values libdwarf 20210528 steps over
// as 4 bytes (its bug DW202301-001, dwarf/dwarf_fixes.c).  The struct below
// comes after 66,912 other names, so its own are strx3: it is read right,
// from the object and from a program linked from it, by both readers.
// RUN: %python %inputs/many_strings.py 656 > %t.h
// RUN: %clang -gdwarf-5 -I%annotations -include %t.h -c %s -o %t.o
// RUN: %clang %t.o -o %t.exe
// The premise: the struct's name is a strx3.
// RUN: llvm-dwarfdump -v --name=page_counter %t.o | FileCheck %s --check-prefix=FORM
// FORM: DW_AT_name [DW_FORM_strx3] {{.*}} string = "page_counter")
//
// RUN: %cachelint dwarf %t.o > %t.out; test $? = 1
// RUN: %check --input-file %t.out
// RUN: %cachelint dwarf --reader libdwarf %t.o > %t.out; test $? = 1
// RUN: %check --input-file %t.out
// RUN: %cachelint dwarf %t.exe > %t.out; test $? = 1
// RUN: %check --input-file %t.out
// RUN: %cachelint dwarf --reader libdwarf %t.exe > %t.out; test $? = 1
// RUN: %check --input-file %t.out
//
// The layout, and every one of the 657 structs the same through both readers.
// RUN: %cachelint layout page_counter %t.o > %t.layout; test $? = 1
// RUN: FileCheck %s --check-prefix=LAYOUT --match-full-lines --input-file %t.layout
// RUN: %cachelint layout page_counter %t.exe > %t.layout; test $? = 1
// RUN: FileCheck %s --check-prefix=LAYOUT --match-full-lines --input-file %t.layout
// RUN: %cachelint dwarf --dump-layout=%t.auto %t.exe > /dev/null; test $? = 1
// RUN: %cachelint dwarf --reader libdwarf --dump-layout=%t.libdwarf %t.exe > /dev/null; test $? = 1
// RUN: diff %t.auto %t.libdwarf
// RUN: grep -c '^struct filler' %t.auto | FileCheck %s --check-prefix=COUNT
// COUNT: 656
#include "cachelint.h"

struct page_counter {
	long usage __write_hot;
	long min;
	struct page_counter *parent __read_mostly;
	long failcnt;
};
// CHECK: strx3.c:[[@LINE-3]]:30: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK: strx3.c:[[@LINE-6]]:14: note: 'usage' is written on hot paths
// LAYOUT:struct page_counter {
// LAYOUT-NEXT:	long                       usage;                /*     0     8 */ /* write_hot */ /* !! false sharing with parent */
// LAYOUT-NEXT:	long                       min;                  /*     8     8 */
// LAYOUT-NEXT:	struct page_counter *      parent;               /*    16     8 */ /* read_mostly */ /* !! false sharing with usage */
// LAYOUT-NEXT:	long                       failcnt;              /*    24     8 */
// LAYOUT-EMPTY:
// LAYOUT-NEXT:	/* size: 32, cachelines: 1, members: 4 */
// LAYOUT-NEXT:	/* last cacheline: 32 bytes */
// LAYOUT-NEXT:	/* lines per path: read_mostly 1 (bytes fit in 1), write_hot 1 (1) */
// LAYOUT-NEXT:};

struct page_counter pc;

int main(void)
{
	return 0;
}
