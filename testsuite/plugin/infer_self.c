// The running thread's own object is nobody else's line: what the kernel's
// `current` (get_current()) points to, and a __thread variable.  Their
// writes make no member write-shared and their reads none read-mostly
// (task_struct's pagefault_disabled, written by the task itself in
// pagefault_disabled_dec(), which callers under a lock reach).  Each shape
// beside its control: the same accesses through a pointer any thread may
// hold, which keep their finding.  Plugin and lint alike.
#include <pthread.h>

struct task {
	long pagefault_disabled;
	const void *active_memcg;
	long pf_other;
	long ops;
};
struct task *get_current(void);
#define current get_current()

static pthread_mutex_t big_lock = PTHREAD_MUTEX_INITIALIZER;

void task_init(struct task *t, const void *memcg)
{
	t->pagefault_disabled = 0;
	t->active_memcg = memcg;
	t->pf_other = 0;
	t->ops = 0;
}

// the task's own write, reached under a lock: no write-shared member
static void pf_disabled_dec(void)
{
	current->pagefault_disabled--;
}

// the control: the same write through a pointer, under the same lock
static void pf_other_dec(struct task *t)
{
	t->pf_other--;
}

const void *task_memcg(struct task *t)
{
	return t->active_memcg;
}

void task_fault(struct task *t)
{
	pthread_mutex_lock(&big_lock);
	pf_disabled_dec();
	pf_other_dec(t);
	pthread_mutex_unlock(&big_lock);
}

// A reader of the task's own member is no evidence it is read-mostly.
long task_ops(void)
{
	return current->ops;
}

// A thread's own counters, bumped atomically, beside a limit: not shared.
struct tstats {
	long hits;
	long cap;
};
static __thread struct tstats mine;
static struct tstats all;

void tstats_init(long cap)
{
	mine.cap = cap;
	all.cap = cap;
}

int tstats_hit(void)
{
	__atomic_fetch_add(&mine.hits, 1, __ATOMIC_RELAXED);
	return mine.hits < mine.cap;
}

// the control: one copy for every thread
int tstats_hit_all(void)
{
	__atomic_fetch_add(&all.hits, 1, __ATOMIC_RELAXED);
	return all.hits < all.cap;
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_self.c:12:21: warning: read-mostly field 'active_memcg' shares cache line 0 (bytes 0-63) of 'struct task' with write-hot field 'pf_other' [cachelint-false-sharing]
// CHECK-NEXT: infer_self.c:13:14: note: 'pf_other' is written on hot paths
// CHECK-NEXT: infer_self.c:12:21: note: 'active_memcg' is read-mostly, inferred from the code: read in task_memcg ({{.*}}infer_self.c:43), written only in task_init ({{.*}}infer_self.c:24)
// CHECK-NEXT: infer_self.c:13:14: note: 'pf_other' is write-hot, inferred from the code: written under a lock in pf_other_dec ({{.*}}infer_self.c:38)
// CHECK-NEXT: infer_self.c:63:14: warning: read-mostly field 'cap' shares cache line 0 (bytes 0-63) of 'struct tstats' with write-hot field 'hits' [cachelint-false-sharing]
// CHECK-NEXT: infer_self.c:62:14: note: 'hits' is written on hot paths
// CHECK-NEXT: infer_self.c:63:14: note: 'cap' is read-mostly, inferred from the code: read in tstats_hit_all ({{.*}}infer_self.c:84), written only in tstats_init ({{.*}}infer_self.c:70)
// CHECK-NEXT: infer_self.c:62:14: note: 'hits' is write-hot, inferred from the code: updated atomically in tstats_hit_all ({{.*}}infer_self.c:83)
// The maps: the same lines from both front ends, `self` on the task's own
// and the thread's own accesses only.
// RUN: rm -rf %t.maps && mkdir %t.maps && %gcc-cl -fplugin-arg-cachelint-access-map=%t.maps/p.map -c %s -o %t.o
// RUN: %cachelint lint --quiet --fail-on none --access-map %t.maps/l.map %s > /dev/null
// RUN: diff %t.maps/p.map %t.maps/l.map
// RUN: FileCheck %s --check-prefix=MAP --input-file %t.maps/p.map
// MAP: infer_self.c	32	11	pf_disabled_dec	task	pagefault_disabled	0	8	w	locked,self
// MAP: infer_self.c	38	5	pf_other_dec	task	pf_other	16	8	w	locked
// MAP: infer_self.c	57	18	task_ops	task	ops	24	8	r	self
// MAP: infer_self.c	70	7	tstats_init	tstats	cap	8	8	w	setup,self
// MAP: infer_self.c	71	6	tstats_init	tstats	cap	8	8	w	setup
// MAP: infer_self.c	76	27	tstats_hit	tstats	hits	0	8	rmw	atomic,self
// MAP: infer_self.c	83	26	tstats_hit_all	tstats	hits	0	8	rmw	atomic
