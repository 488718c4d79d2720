// A preprocessed .i input (as ccache and distcc compile): the annotations
// are already expanded to the plugin's attributes and the line markers point
// into the original header.
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
# 1 "page_counter.c"
# 1 "page_counter.h" 1
typedef struct {
 long counter;
} atomic_long_t;

struct page_counter {
 atomic_long_t usage __attribute__((cachelint_write_hot));
 unsigned long max __attribute__((cachelint_read_mostly));
 struct page_counter *parent __attribute__((cachelint_read_mostly));
 unsigned long watermark;
};
# 2 "page_counter.c" 2
unsigned long limit(struct page_counter *c) { return c->max; }
// CHECK: page_counter.h:7:16: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: page_counter.h:6:16: note: 'usage' is written on hot paths
// CHECK-NEXT: page_counter.h:8:23: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct page_counter' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: page_counter.h:6:16: note: 'usage' is written on hot paths
