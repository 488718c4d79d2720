// The proposal for struct page_counter as in Linux v5.10: the read-mostly
// limits and parent first, the neutral fields filling line 0, 'usage'
// aligned to line 1 -- 112 -> 128 bytes, as the reviewers accepted.  The
// fix-it patch applies with `patch`, keeps comments and annotations with
// their fields, and the patched file compiles without a finding.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/pc.c
// RUN: cd %t && %gcc-cl -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c pc.c -o pc.o 2> diag.txt
// RUN: FileCheck %s --input-file %t/diag.txt --check-prefix=DIAG
// RUN: cd %t && sed -n '/^--- /,$p' diag.txt > fix.patch && patch -p0 --dry-run < fix.patch && patch -p0 < fix.patch
// RUN: FileCheck %s --input-file %t/pc.c --check-prefix=FIXED --match-full-lines
// RUN: cd %t && %gcc-cl -c pc.c -o pc2.o 2>&1 | %check --check-prefix=CLEAN --allow-empty
// RUN: cd %t && %gcc-cl -fplugin-arg-cachelint-dump-layout -fsyntax-only pc.c 2>&1 | FileCheck %s --check-prefix=LAYOUT
#include "cachelint.h"

typedef struct {
	long counter;
} atomic_long_t;

struct page_counter {
	atomic_long_t usage __write_hot;	/* written on every charge */
	unsigned long min __read_mostly;
	unsigned long low __read_mostly;
	unsigned long high __read_mostly;
	unsigned long max __read_mostly;
	struct page_counter *parent __read_mostly;

	/* effective memory.min and memory.min usage tracking */
	unsigned long emin;
	atomic_long_t min_usage;
	atomic_long_t children_min_usage;

	/* effective memory.low and memory.low usage tracking */
	unsigned long elow;
	atomic_long_t low_usage;
	atomic_long_t children_low_usage;

	/* legacy */
	unsigned long watermark;
	unsigned long failcnt;
};

// DIAG: pc.c:[[#@LINE-21]]:23: warning: read-mostly field 'min' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// DIAG-NEXT: pc.c:[[#@LINE-23]]:23: note: 'usage' is written on hot paths
// DIAG-NEXT: pc.c:[[#@LINE-25]]:8: note: proposed reordering of 'struct page_counter': 'usage' aligned to a new line; 112 -> 128 bytes, 2 -> 2 cache lines
// DIAG-NEXT: pc.c:[[#@LINE-23]]:23: warning: read-mostly field 'low'
// DIAG: --- pc.c
// DIAG-NEXT: +++ pc.c

// FIXED:struct page_counter {
// FIXED-NEXT:	unsigned long min __read_mostly;
// FIXED-NEXT:	unsigned long low __read_mostly;
// FIXED-NEXT:	unsigned long high __read_mostly;
// FIXED-NEXT:	unsigned long max __read_mostly;
// FIXED-NEXT:	struct page_counter *parent __read_mostly;
// FIXED-EMPTY:
// FIXED-NEXT:	/* effective memory.min and memory.min usage tracking */
// FIXED-NEXT:	unsigned long emin;
// FIXED-NEXT:	atomic_long_t min_usage;
// FIXED-NEXT:	atomic_long_t children_min_usage;
// FIXED-NEXT:	atomic_long_t usage __write_hot __attribute__((__aligned__(64)));	/* written on every charge */
// FIXED-EMPTY:
// FIXED-NEXT:	/* effective memory.low and memory.low usage tracking */
// FIXED-NEXT:	unsigned long elow;
// FIXED-NEXT:	atomic_long_t low_usage;
// FIXED-NEXT:	atomic_long_t children_low_usage;
// FIXED-EMPTY:
// FIXED-NEXT:	/* legacy */
// FIXED-NEXT:	unsigned long watermark;
// FIXED-NEXT:	unsigned long failcnt;
// FIXED-NEXT:};

// CLEAN-NOT: warning

// LAYOUT: struct page_counter: size 128, align 64
// LAYOUT: usage: offset 64, size 8, align 64, atomic_long_t, write_hot
