// A record that many others hold (a list_head, an rb_node, a work_struct)
// gets no entry of its own in the inferred profile: a front end would lend
// its classes to every struct that holds one, and a list written somewhere
// would make each holder's link write-hot beside its read-mostly members
// (backing_dev_info's rb_node and bdi_list in mm/, written only when a bdi
// registers).  `struct link` here is held by four records; `struct stat`,
// held by one (as mem_cgroup holds its page_counters), still lends its
// classes.
#include <pthread.h>

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;

struct link {
	struct link *next, *prev;
};

struct stat {
	long hits;
};

struct a { struct link l; long ro; long hot; };
struct b { struct link l; long ro; };
struct c { struct link l; long ro; };
struct d { struct link l; long ro; struct stat st; };

void link_add(struct link *n, struct link *head)
{
	pthread_mutex_lock(&list_lock);
	n->next = head->next;
	n->prev = head;
	head->next->prev = n;
	head->next = n;
	pthread_mutex_unlock(&list_lock);
}

void stat_hit(struct stat *s)
{
	__atomic_fetch_add(&s->hits, 1, __ATOMIC_RELAXED);
}

void a_init(struct a *x) { x->ro = 1; }
void b_init(struct b *x) { x->ro = 1; }
void c_init(struct c *x) { x->ro = 1; }
void d_init(struct d *x) { x->ro = 1; }
long a_get(struct a *x) { return x->ro; }
void a_hit(struct a *x) { __atomic_fetch_add(&x->hot, 1, __ATOMIC_RELAXED); }
long b_get(struct b *x) { return x->ro; }
long c_get(struct c *x) { return x->ro; }
long d_get(struct d *x) { return x->ro; }

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_generic.c:21:32: warning: read-mostly field 'ro' shares cache line 0 (bytes 0-63) of 'struct a' with write-hot field 'hot' [cachelint-false-sharing]
// CHECK-NEXT: infer_generic.c:21:41: note: 'hot' is written on hot paths
// CHECK-NEXT: infer_generic.c:21:32: note: 'ro' is read-mostly, inferred from the code: read in a_get ({{.*}}infer_generic.c:45), written only in a_init ({{.*}}infer_generic.c:41)
// CHECK-NEXT: infer_generic.c:21:41: note: 'hot' is write-hot, inferred from the code: updated atomically in a_hit ({{.*}}infer_generic.c:46)
// CHECK-NEXT: infer_generic.c:24:32: warning: read-mostly field 'ro' shares cache line 0 (bytes 0-63) of 'struct d' with write-hot field 'st.hits' [cachelint-false-sharing]
// CHECK-NEXT: infer_generic.c:18:14: note: 'st.hits' is written on hot paths
// CHECK-NEXT: infer_generic.c:24:32: note: 'ro' is read-mostly, inferred from the code: read in d_get ({{.*}}infer_generic.c:49), written only in d_init ({{.*}}infer_generic.c:44)
// CHECK-NEXT: infer_generic.c:18:14: note: 'st.hits' is write-hot, inferred from the code: as struct stat's, updated atomically in stat_hit ({{.*}}infer_generic.c:38)

// A whole build's profile has no entry for it either.
// RUN: rm -rf %t.maps && mkdir %t.maps && %gcc-cl -fplugin-arg-cachelint-infer=off -fplugin-arg-cachelint-access-map=%t.maps/p.map -c %s -o %t.o
// RUN: %cachelint infer --access-map %t.maps/p.map -o %t.yaml 2>&1 | FileCheck %s --check-prefix=INFER
// INFER: cachelint: infer: 16 accesses: 2 structs, 2 write-shared and 2 read-mostly members
// RUN: grep '^  "' %t.yaml | FileCheck %s --check-prefix=PROF --match-full-lines
// PROF:  "a":  # 1: 1 pair on a line (1 beside an atomic), 1 write-shared member
// PROF-NEXT:  "d":  # 2: 1 pair on a line (1 beside an atomic), 1 write-shared member
// PROF-NOT:{{.}}
