// The static tier's rules that a kernel's mm/ taught (docs/inference.md,
// "What the code says"): each shape the kernel has, beside a control that
// differs in the one thing the rule reads.
#include <pthread.h>
#include <stddef.h>

// (1) A member read only under the lock that orders the writes beside it
// is the lock holder's: hugepage_subpool's max_hpages, read in
// hugepage_subpool_get_pages() under spool->lock.  Silent.
struct subpool {
	pthread_mutex_t lock;
	long used;
	long max;
};

void subpool_init(struct subpool *s, long max)
{
	pthread_mutex_init(&s->lock, NULL);
	s->used = 0;
	s->max = max;
}

int subpool_get(struct subpool *s, long n)
{
	int ok;

	pthread_mutex_lock(&s->lock);
	ok = s->used + n <= s->max;
	if (ok)
		s->used += n;
	pthread_mutex_unlock(&s->lock);
	return ok;
}

// (1') The same, with a fast check of the limit before the lock: that read
// pays for every locked write on its line.
struct subpool_fast {
	pthread_mutex_t lock;
	long used;
	long max;
};

void subpool_fast_init(struct subpool_fast *s, long max)
{
	pthread_mutex_init(&s->lock, NULL);
	s->used = 0;
	s->max = max;
}

int subpool_fast_get(struct subpool_fast *s, long n)
{
	if (n > s->max)
		return 0;
	pthread_mutex_lock(&s->lock);
	s->used += n;
	pthread_mutex_unlock(&s->lock);
	return 1;
}

// (2) What a helper does for a caller that holds the lock is under it:
// the helper reads the limit through the address it is given, and its
// only caller holds the pool's lock.  Silent.
struct dpool {
	pthread_mutex_t lock;
	long in_use;
	long allocation;
};

void dpool_init(struct dpool *p)
{
	pthread_mutex_init(&p->lock, NULL);
	p->allocation = 4096;
}

static __attribute__((noinline)) long dpool_fits(const long *allocation, long off)
{
	return off < *allocation ? off : -1;
}

long dpool_put(struct dpool *p, long off)
{
	long at;

	pthread_mutex_lock(&p->lock);
	at = dpool_fits(&p->allocation, off);
	p->in_use--;
	pthread_mutex_unlock(&p->lock);
	return at;
}

// (2c) A helper that only setup code calls is setup's, lock or not: the
// seed's alloc_mem_cgroup_per_node_info(), which mem_cgroup_alloc()
// calls, writes lruvec_stats_percpu that every stat update reads beside
// the counters other CPUs update.
struct pernode {
	long *stats_percpu;
	long events;
};

static int pernode_info_alloc(struct pernode *pn, long *stats)
{
	pn->stats_percpu = stats;
	return 0;
}

int pernode_create(struct pernode *pn, long *stats)
{
	return pernode_info_alloc(pn, stats);
}

void pernode_mod_state(struct pernode *pn, int cpu)
{
	pn->stats_percpu[cpu]++;
	__atomic_fetch_add(&pn->events, 1, __ATOMIC_RELAXED);
}

// (3) A list head is written through a `struct link *` by every push of a
// neighbour: no copy of one is read-mostly, though only the initializer
// writes it by name.  Silent beside the atomic count.
struct link {
	struct link *next, *prev;
};

struct queue {
	struct link head;
	long count;
};

void queue_init(struct queue *q)
{
	q->head.next = &q->head;
	q->head.prev = &q->head;
	q->count = 0;
}

static void link_add(struct link *n, struct link *prev, struct link *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

void queue_push(struct queue *q, struct link *n)
{
	link_add(n, q->head.prev, &q->head);
	__atomic_fetch_add(&q->count, 1, __ATOMIC_RELAXED);
}

struct link *queue_first(struct queue *q)
{
	return q->head.next;
}

// (3') A pointer that only the initializer writes, beside the same count.
struct table {
	struct link *first;
	long count;
};

void table_init(struct table *t, struct link *first)
{
	t->first = first;
	t->count = 0;
}

void table_hit(struct table *t)
{
	__atomic_fetch_add(&t->count, 1, __ATOMIC_RELAXED);
}

struct link *table_first(struct table *t)
{
	return t->first;
}

// (4) A function that reports (a show, a debug file, a cgroup file's
// read_u64) reads everything once per request: its reads make nothing
// read-mostly.  Silent.
struct bdi {
	long bandwidth;
	long min_ratio;
};

void bdi_init(struct bdi *b)
{
	b->min_ratio = 0;
}

void bdi_update_bandwidth(struct bdi *b, long n)
{
	__atomic_fetch_add(&b->bandwidth, n, __ATOMIC_RELAXED);
}

long bdi_min_ratio_show(struct bdi *b)
{
	return b->min_ratio;
}

// (4') The same member read on the writeback path.
struct bdi_hot {
	long bandwidth;
	long min_ratio;
};

void bdi_hot_init(struct bdi_hot *b)
{
	b->min_ratio = 0;
}

void bdi_hot_update_bandwidth(struct bdi_hot *b, long n)
{
	__atomic_fetch_add(&b->bandwidth, n, __ATOMIC_RELAXED);
}

long bdi_hot_wb_ratio(struct bdi_hot *b)
{
	return b->min_ratio;
}

// (5) Setting a flag bit is no setter of limits: task_struct's
// thread_info.flags, set by test_and_set_tsk_thread_flag() on hot paths.
struct task {
	unsigned long flags;
	const void *ops;
};

void task_init(struct task *t, const void *ops)
{
	t->flags = 0;
	t->ops = ops;
}

static inline int task_test_and_set_flag(struct task *t, int bit)
{
	return (__atomic_fetch_or(&t->flags, 1UL << bit, __ATOMIC_SEQ_CST) >> bit) & 1;
}

const void *task_wake(struct task *t)
{
	task_test_and_set_flag(t, 3);
	return t->ops;
}

// (5') A setter of a limit configures, though it exchanges atomically
// (page_counter_set_max): silent.
struct limit {
	long max;
	const void *ops;
};

void limit_init(struct limit *l, const void *ops)
{
	l->ops = ops;
}

long limit_set_max(struct limit *l, long max)
{
	return __atomic_exchange_n(&l->max, max, __ATOMIC_SEQ_CST);
}

const void *limit_ops(struct limit *l)
{
	return l->ops;
}

// (6) An allocator that carves a shared pool under its lock is the pool's
// hot path (vb_alloc): the free count it writes there is write-hot, and
// the base read without the lock pays for it.
struct vblock {
	pthread_mutex_t lock;
	long free;
	char *base;
};

void vblock_init(struct vblock *b, char *base)
{
	pthread_mutex_init(&b->lock, NULL);
	b->free = 64;
	b->base = base;
}

char *vblock_addr(struct vblock *b, long off)
{
	return b->base + off;
}

long vblock_alloc(struct vblock *b, long n)
{
	long off = -1;

	pthread_mutex_lock(&b->lock);
	if (b->free >= n) {
		b->free -= n;
		off = b->free;
	}
	pthread_mutex_unlock(&b->lock);
	return off;
}

// (6') An allocator of the object itself sets it up, with no lock: the
// free count it writes there is no hot write.  Silent.
struct obj {
	long free;
	char *base;
};

struct obj *obj_alloc(struct obj *o, char *base)
{
	o->free = 64;
	o->base = base;
	return o;
}

char *obj_base(struct obj *o)
{
	return o->free ? o->base : NULL;
}

// (2b) Likewise a helper given the pool itself, when every call of it in
// the unit is under the lock or in setup code (pool_find_page(), which
// dma_pool_free() calls with the pool's lock held; mempool's add_element(),
// which mempool_init_node() calls too): silent.
struct mpool {
	pthread_mutex_t lock;
	long nr;
	long min_nr;
};

static __attribute__((noinline)) int mpool_full(struct mpool *p)
{
	return p->nr >= p->min_nr;
}

/* setup code calls it too, with no lock: nobody else sees the pool yet */
int mpool_init(struct mpool *p)
{
	pthread_mutex_init(&p->lock, NULL);
	p->min_nr = 4;
	return mpool_full(p);
}

int mpool_put(struct mpool *p)
{
	int full;

	pthread_mutex_lock(&p->lock);
	full = mpool_full(p);
	if (!full)
		p->nr++;
	pthread_mutex_unlock(&p->lock);
	return full;
}

// (2b') The same helper, called once more with no lock held: it is no
// longer the lock holder's.
struct mpool2 {
	pthread_mutex_t lock;
	long nr;
	long min_nr;
};

void mpool2_init(struct mpool2 *p)
{
	pthread_mutex_init(&p->lock, NULL);
	p->min_nr = 4;
}

static __attribute__((noinline)) int mpool2_full(struct mpool2 *p)
{
	return p->nr >= p->min_nr;
}

int mpool2_put(struct mpool2 *p)
{
	int full;

	pthread_mutex_lock(&p->lock);
	full = mpool2_full(p);
	if (!full)
		p->nr++;
	pthread_mutex_unlock(&p->lock);
	return full;
}

int mpool2_peek(struct mpool2 *p)
{
	return mpool2_full(p);
}

// (2b'') A helper whose address an ops table holds runs from anywhere.
struct mpool3 {
	pthread_mutex_t lock;
	long nr;
	long min_nr;
};

void mpool3_init(struct mpool3 *p)
{
	pthread_mutex_init(&p->lock, NULL);
	p->min_nr = 4;
}

static int mpool3_full(struct mpool3 *p)
{
	return p->nr >= p->min_nr;
}

int (*const mpool3_ops[])(struct mpool3 *) = { mpool3_full };

int mpool3_put(struct mpool3 *p)
{
	int full;

	pthread_mutex_lock(&p->lock);
	full = mpool3_full(p);
	if (!full)
		p->nr++;
	pthread_mutex_unlock(&p->lock);
	return full;
}

// (7) A creator links the new object in under a global lock: setup
// (cgwb_create).  Silent.
struct wb {
	struct wb *next;
	const void *css;
};

static pthread_mutex_t wb_lock = PTHREAD_MUTEX_INITIALIZER;
static struct wb *wb_list;

void wb_create(struct wb *w, const void *css)
{
	w->css = css;
	pthread_mutex_lock(&wb_lock);
	w->next = wb_list;
	wb_list = w;
	pthread_mutex_unlock(&wb_lock);
}

const void *wb_css(struct wb *w)
{
	return w->css;
}

// (7') The same link made outside setup: write-hot beside the css.
struct wb2 {
	struct wb2 *next;
	const void *css;
};

static pthread_mutex_t wb2_lock = PTHREAD_MUTEX_INITIALIZER;
static struct wb2 *wb2_list;

void wb2_init(struct wb2 *w, const void *css)
{
	w->css = css;
}

void wb2_link(struct wb2 *w)
{
	pthread_mutex_lock(&wb2_lock);
	w->next = wb2_list;
	wb2_list = w;
	pthread_mutex_unlock(&wb2_lock);
}

const void *wb2_css(struct wb2 *w)
{
	return w->css;
}

// (8) Two threads that count under one mutex: the line goes where the
// mutex goes, and neither count is a path of its own (memcached's
// extstore counts its io and maintenance threads' stats under
// e->stats_mutex).  Silent; infer_shapes.c has the same counters written
// with no lock, and their finding.
struct xstats {
	pthread_mutex_t mutex;
	long objects_read;
	long page_evictions;
};
static struct xstats xst;

static void *x_io(void *arg)
{
	for (int i = 0; i < 100; i++) {
		pthread_mutex_lock(&xst.mutex);
		xst.objects_read++;
		pthread_mutex_unlock(&xst.mutex);
	}
	return arg;
}

static void *x_maint(void *arg)
{
	for (int i = 0; i < 100; i++) {
		pthread_mutex_lock(&xst.mutex);
		xst.page_evictions++;
		pthread_mutex_unlock(&xst.mutex);
	}
	return arg;
}

void x_start(void)
{
	pthread_t t[2];

	pthread_create(&t[0], NULL, x_io, NULL);
	pthread_create(&t[1], NULL, x_maint, NULL);
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_rules.c:40:14: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct subpool_fast' with write-hot field 'lock' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:38:25: note: 'lock' is written on hot paths
// CHECK-NEXT: infer_rules.c:40:14: note: 'max' is read-mostly, inferred from the code: read in subpool_fast_get ({{.*}}infer_rules.c:52), written only in subpool_fast_init ({{.*}}infer_rules.c:47)
// CHECK-NEXT: infer_rules.c:38:25: note: 'lock' is write-hot, inferred from the code: a lock, taken in subpool_fast_get ({{.*}}infer_rules.c:54)
// CHECK: infer_rules.c:40:14: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct subpool_fast' with write-hot field 'used' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:39:14: note: 'used' is written on hot paths
// CHECK-NEXT: infer_rules.c:39:14: note: 'used' is write-hot, inferred from the code: written under a lock in subpool_fast_get ({{.*}}infer_rules.c:55)
// CHECK: infer_rules.c:96:15: warning: read-mostly field 'stats_percpu' shares cache line 0 (bytes 0-63) of 'struct pernode' with write-hot field 'events' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:97:14: note: 'events' is written on hot paths
// CHECK-NEXT: infer_rules.c:96:15: note: 'stats_percpu' is read-mostly, inferred from the code: read in pernode_mod_state ({{.*}}infer_rules.c:113), written only in pernode_info_alloc ({{.*}}infer_rules.c:102)
// CHECK-NEXT: infer_rules.c:97:14: note: 'events' is write-hot, inferred from the code: updated atomically in pernode_mod_state ({{.*}}infer_rules.c:114)
// CHECK: infer_rules.c:157:22: warning: read-mostly field 'first' shares cache line 0 (bytes 0-63) of 'struct table' with write-hot field 'count' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:158:14: note: 'count' is written on hot paths
// CHECK-NEXT: infer_rules.c:157:22: note: 'first' is read-mostly, inferred from the code: read in table_first ({{.*}}infer_rules.c:174), written only in table_init ({{.*}}infer_rules.c:163)
// CHECK-NEXT: infer_rules.c:158:14: note: 'count' is write-hot, inferred from the code: updated atomically in table_hit ({{.*}}infer_rules.c:169)
// CHECK: infer_rules.c:203:14: warning: read-mostly field 'min_ratio' shares cache line 0 (bytes 0-63) of 'struct bdi_hot' with write-hot field 'bandwidth' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:202:14: note: 'bandwidth' is written on hot paths
// CHECK-NEXT: infer_rules.c:203:14: note: 'min_ratio' is read-mostly, inferred from the code: read in bdi_hot_wb_ratio ({{.*}}infer_rules.c:218), written only in bdi_hot_init ({{.*}}infer_rules.c:208)
// CHECK-NEXT: infer_rules.c:202:14: note: 'bandwidth' is write-hot, inferred from the code: updated atomically in bdi_hot_update_bandwidth ({{.*}}infer_rules.c:213)
// CHECK: infer_rules.c:225:21: warning: read-mostly field 'ops' shares cache line 0 (bytes 0-63) of 'struct task' with write-hot field 'flags' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:224:23: note: 'flags' is written on hot paths
// CHECK-NEXT: infer_rules.c:225:21: note: 'ops' is read-mostly, inferred from the code: read in task_wake ({{.*}}infer_rules.c:242), written only in task_init ({{.*}}infer_rules.c:231)
// CHECK-NEXT: infer_rules.c:224:23: note: 'flags' is write-hot, inferred from the code: updated atomically in task_test_and_set_flag ({{.*}}infer_rules.c:236)
// CHECK: infer_rules.c:273:15: warning: read-mostly field 'base' shares cache line 0 (bytes 0-63) of 'struct vblock' with write-hot field 'lock' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:271:25: note: 'lock' is written on hot paths
// CHECK-NEXT: infer_rules.c:273:15: note: 'base' is read-mostly, inferred from the code: read in vblock_addr ({{.*}}infer_rules.c:285), written only in vblock_init ({{.*}}infer_rules.c:280)
// CHECK-NEXT: infer_rules.c:271:25: note: 'lock' is write-hot, inferred from the code: a lock, taken in vblock_alloc ({{.*}}infer_rules.c:292)
// CHECK: infer_rules.c:273:15: warning: read-mostly field 'base' shares cache line 0 (bytes 0-63) of 'struct vblock' with write-hot field 'free' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:272:14: note: 'free' is written on hot paths
// CHECK-NEXT: infer_rules.c:272:14: note: 'free' is write-hot, inferred from the code: written under a lock in vblock_alloc ({{.*}}infer_rules.c:294)
// CHECK: infer_rules.c:360:14: warning: read-mostly field 'min_nr' shares cache line 0 (bytes 0-63) of 'struct mpool2' with write-hot field 'lock' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:358:25: note: 'lock' is written on hot paths
// CHECK-NEXT: infer_rules.c:360:14: note: 'min_nr' is read-mostly, inferred from the code: read in mpool2_full ({{.*}}infer_rules.c:371), written only in mpool2_init ({{.*}}infer_rules.c:366)
// CHECK-NEXT: infer_rules.c:358:25: note: 'lock' is write-hot, inferred from the code: a lock, taken in mpool2_put ({{.*}}infer_rules.c:378)
// CHECK: infer_rules.c:360:14: warning: read-mostly field 'min_nr' shares cache line 0 (bytes 0-63) of 'struct mpool2' with write-hot field 'nr' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:359:14: note: 'nr' is written on hot paths
// CHECK-NEXT: infer_rules.c:359:14: note: 'nr' is write-hot, inferred from the code: written under a lock in mpool2_put ({{.*}}infer_rules.c:381)
// CHECK: infer_rules.c:395:14: warning: read-mostly field 'min_nr' shares cache line 0 (bytes 0-63) of 'struct mpool3' with write-hot field 'lock' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:393:25: note: 'lock' is written on hot paths
// CHECK-NEXT: infer_rules.c:395:14: note: 'min_nr' is read-mostly, inferred from the code: read in mpool3_full ({{.*}}infer_rules.c:406), written only in mpool3_init ({{.*}}infer_rules.c:401)
// CHECK-NEXT: infer_rules.c:393:25: note: 'lock' is write-hot, inferred from the code: a lock, taken in mpool3_put ({{.*}}infer_rules.c:415)
// CHECK: infer_rules.c:395:14: warning: read-mostly field 'min_nr' shares cache line 0 (bytes 0-63) of 'struct mpool3' with write-hot field 'nr' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:394:14: note: 'nr' is written on hot paths
// CHECK-NEXT: infer_rules.c:394:14: note: 'nr' is write-hot, inferred from the code: written under a lock in mpool3_put ({{.*}}infer_rules.c:418)
// CHECK: infer_rules.c:450:21: warning: read-mostly field 'css' shares cache line 0 (bytes 0-63) of 'struct wb2' with write-hot field 'next' [cachelint-false-sharing]
// CHECK-NEXT: infer_rules.c:449:21: note: 'next' is written on hot paths
// CHECK-NEXT: infer_rules.c:450:21: note: 'css' is read-mostly, inferred from the code: read in wb2_css ({{.*}}infer_rules.c:471), written only in wb2_init ({{.*}}infer_rules.c:458)
// CHECK-NEXT: infer_rules.c:449:21: note: 'next' is write-hot, inferred from the code: written under a lock in wb2_link ({{.*}}infer_rules.c:464)
