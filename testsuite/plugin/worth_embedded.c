// A struct with nothing of its own to analyse is converted when a struct it
// embeds has something, named or not, as deep as records nest: here the
// kernel's cacheline group markers of 'struct queue', which give the paths
// of 'struct port' too.  One test decides it for the plugin, the lint and the
// DWARF checker (cl_worth_converting()); the differential tests run this
// file through all three (lint/differential.test, dwarf/differential.test).
// RUN: %gcc-cl -fsyntax-only %s 2>&1 | %check
#include <stddef.h>
#include "Inputs/cacheline_groups.h"

/* alone, 'head' and 'limit' are on two lines: nothing to report */
struct queue {
	char pad[56];
	__cacheline_group_begin(queue_write_rx);
	long head;
	__cacheline_group_end(queue_write_rx);
	__cacheline_group_begin(queue_read_tx);
	long limit;
// CHECK: worth_embedded.c:[[#@LINE-1]]:14: warning: field 'q.limit' (read on tx) shares cache line 1 (bytes 64-127) of 'struct port' with field 'q.head' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: worth_embedded.c:[[#@LINE-5]]:14: note: 'q.head' is written on rx
	__cacheline_group_end(queue_read_tx);
};

/* 8 bytes in, they share line 1: reported at the fields, for 'struct port' */
struct port {
	long id;
	struct queue q;
};

_Static_assert(offsetof(struct queue, limit) == 64, "two lines alone");
_Static_assert(offsetof(struct port, q.head) == 64 && offsetof(struct port, q.limit) == 72,
	       "one line in the port");
long use(struct port *p) { return p->id + p->q.head; }
