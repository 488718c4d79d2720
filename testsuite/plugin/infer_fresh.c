// An object an allocator just returned is nobody else's yet: what the
// function that called the allocator writes through that pointer is
// setup (`fresh` in the map), whatever its name and whatever it locks.
// conn_dup() copies a connection's limit into a new one under a global
// lock; the limit is then only read, beside a counter every request
// bumps.  The control: a connection reached through a parameter, written
// under the same lock, stays a hot write (conn_set_hits).  Plugin and
// lint alike.
#include <pthread.h>
#include <stdlib.h>

struct conn {
	long hits;
	long limit;
};

struct counters {
	long hits;
	long limit;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct conn *conn_dup(const struct conn *o)
{
	struct conn *c = malloc(sizeof(*c));

	if (!c)
		return NULL;
	pthread_mutex_lock(&lock);
	c->limit = o->limit;
	c->hits = 0;
	pthread_mutex_unlock(&lock);
	return c;
}

long conn_hit(struct conn *c)
{
	return __atomic_add_fetch(&c->hits, 1, __ATOMIC_RELAXED) < c->limit;
}

// The control: the same writes through a pointer the caller holds.
void counters_copy(struct counters *c, const struct counters *o)
{
	pthread_mutex_lock(&lock);
	c->limit = o->limit;
	c->hits = 0;
	pthread_mutex_unlock(&lock);
}

long counters_hit(struct counters *c)
{
	return __atomic_add_fetch(&c->hits, 1, __ATOMIC_RELAXED) < c->limit;
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_fresh.c:14:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct conn' with write-hot field 'hits' [cachelint-false-sharing]
// CHECK-NEXT: infer_fresh.c:13:14: note: 'hits' is written on hot paths
// CHECK-NEXT: infer_fresh.c:14:14: note: 'limit' is read-mostly, inferred from the code: read in conn_hit ({{.*}}infer_fresh.c:39), written only in conn_dup ({{.*}}infer_fresh.c:31)
// CHECK-NEXT: infer_fresh.c:13:14: note: 'hits' is write-hot, inferred from the code: updated atomically in conn_hit ({{.*}}infer_fresh.c:39)
// The maps: the same lines from both front ends, `fresh` on the new
// connection's writes only.
// RUN: rm -rf %t.maps && mkdir %t.maps && %gcc-cl -fplugin-arg-cachelint-access-map=%t.maps/p.map -c %s -o %t.o
// RUN: %cachelint lint --quiet --fail-on none --access-map %t.maps/l.map %s > /dev/null
// RUN: diff %t.maps/p.map %t.maps/l.map
// RUN: cut -f10 %t.maps/p.map | grep -c fresh | FileCheck %s --check-prefix=FRESH
// FRESH: 2
// RUN: FileCheck %s --check-prefix=MAP --input-file %t.maps/p.map
// MAP: infer_fresh.c	31	5	conn_dup	conn	limit	8	8	w	locked,fresh
// MAP: infer_fresh.c	32	5	conn_dup	conn	hits	0	8	w	locked,fresh
// MAP: infer_fresh.c	46	5	counters_copy	counters	limit	8	8	w	locked
