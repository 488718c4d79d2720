// struct page_counter as in Linux 6.1: the read-mostly fields are grouped
// after cache-line padding, so nothing shares a line with 'usage'.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check --allow-empty
//
// Positive control: the silence above is the padding's doing, not annotations
// the plugin failed to see.  With 256-byte lines the padding no longer
// separates anything, and every limit shares line 0 with 'usage' again.
// RUN: %gcc-cl -fplugin-arg-cachelint-line-size=256 -c %s -o %t.256.o 2>&1 | %check --check-prefix=LINE256
// LINE256: {{.*}}page_counter_padded.c:[[@LINE+35]]:23: warning: read-mostly field 'min' shares cache line 0 (bytes 0-255) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// LINE256-NEXT: note: 'usage' is written on hot paths
// LINE256: {{.*}}page_counter_padded.c:[[@LINE+34]]:23: warning: read-mostly field 'low' shares cache line 0 (bytes 0-255) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// LINE256-NEXT: note: 'usage' is written on hot paths
// LINE256: {{.*}}page_counter_padded.c:[[@LINE+33]]:23: warning: read-mostly field 'high' shares cache line 0 (bytes 0-255) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// LINE256-NEXT: note: 'usage' is written on hot paths
// LINE256: {{.*}}page_counter_padded.c:[[@LINE+32]]:23: warning: read-mostly field 'max' shares cache line 0 (bytes 0-255) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// LINE256-NEXT: note: 'usage' is written on hot paths
// LINE256: {{.*}}page_counter_padded.c:[[@LINE+31]]:30: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-255) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// LINE256-NEXT: note: 'usage' is written on hot paths
#include <stddef.h>
#include "cachelint.h"

typedef struct {
	long counter;
} atomic_long_t;

struct cacheline_padding {
	char x[0];
} __attribute__((aligned(64)));

struct page_counter {
	atomic_long_t usage __write_hot;
	unsigned long failcnt;
	struct cacheline_padding _pad1_;

	unsigned long emin;
	atomic_long_t min_usage;
	atomic_long_t children_min_usage;
	unsigned long elow;
	atomic_long_t low_usage;
	atomic_long_t children_low_usage;
	unsigned long watermark;
	struct cacheline_padding _pad2_;

	unsigned long min __read_mostly;
	unsigned long low __read_mostly;
	unsigned long high __read_mostly;
	unsigned long max __read_mostly;
	struct page_counter *parent __read_mostly;
};

_Static_assert(sizeof(struct page_counter) == 192, "6.1 layout");
_Static_assert(offsetof(struct page_counter, min) == 128, "limits in line 2");
