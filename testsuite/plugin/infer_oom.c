// The OOM path is no hot path: it runs when memory has run out.  memcg's
// oom_lock and under_oom are written in mem_cgroup_oom_trylock() and
// mem_cgroup_mark_under_oom() under memcg_oom_lock, and make no finding
// beside the limits every charge reads.  The control writes the same
// under the same lock on a path of no such name, and keeps its finding.
#include <pthread.h>

static pthread_mutex_t memcg_oom_lock = PTHREAD_MUTEX_INITIALIZER;

struct memcg {
	long oom_lock;
	long under_oom;
	long high;
};

struct pool {
	long busy;
	long waiters;
	long high;
};

void memcg_init(struct memcg *m, long high)
{
	m->high = high;
}

long memcg_high(struct memcg *m)
{
	return m->high;
}

int mem_cgroup_oom_trylock(struct memcg *m)
{
	pthread_mutex_lock(&memcg_oom_lock);
	m->oom_lock = 1;
	pthread_mutex_unlock(&memcg_oom_lock);
	return 1;
}

void mem_cgroup_mark_under_oom(struct memcg *m)
{
	pthread_mutex_lock(&memcg_oom_lock);
	m->under_oom++;
	pthread_mutex_unlock(&memcg_oom_lock);
}

void pool_init(struct pool *p, long high)
{
	p->high = high;
}

long pool_high(struct pool *p)
{
	return p->high;
}

int pool_trylock(struct pool *p)
{
	pthread_mutex_lock(&memcg_oom_lock);
	p->busy = 1;
	pthread_mutex_unlock(&memcg_oom_lock);
	return 1;
}

void pool_mark_waiting(struct pool *p)
{
	pthread_mutex_lock(&memcg_oom_lock);
	p->waiters++;
	pthread_mutex_unlock(&memcg_oom_lock);
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_oom.c:19:14: warning: read-mostly field 'high' shares cache line 0 (bytes 0-63) of 'struct pool' with write-hot field 'busy' [cachelint-false-sharing]
// CHECK-NEXT: infer_oom.c:17:14: note: 'busy' is written on hot paths
// CHECK-NEXT: infer_oom.c:19:14: note: 'high' is read-mostly, inferred from the code: read in pool_high ({{.*}}infer_oom.c:54), written only in pool_init ({{.*}}infer_oom.c:49)
// CHECK-NEXT: infer_oom.c:17:14: note: 'busy' is write-hot, inferred from the code: written under a lock in pool_trylock ({{.*}}infer_oom.c:60)
// CHECK-NEXT: infer_oom.c:19:14: warning: read-mostly field 'high' shares cache line 0 (bytes 0-63) of 'struct pool' with write-hot field 'waiters' [cachelint-false-sharing]
// CHECK-NEXT: infer_oom.c:18:14: note: 'waiters' is written on hot paths
// CHECK-NEXT: infer_oom.c:18:14: note: 'waiters' is write-hot, inferred from the code: written under a lock in pool_mark_waiting ({{.*}}infer_oom.c:68)
