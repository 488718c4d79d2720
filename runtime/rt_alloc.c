// SPDX-License-Identifier: MIT
/*
 * rt_alloc.c - libcachelint-rt: where the heap blocks of instrumented code
 * came from (rt_alloc.h)
 *
 * Recording runs after every allocation the instrumented code makes, so it
 * is kept to what a signal handler could do: no lock, no allocation, no
 * call.  A global ticket (one relaxed atomic add) gives each allocation its
 * entry and its order; the entry is claimed with a compare-and-swap of its
 * sequence word (so that two threads given one entry of the ring, one of
 * them lapped while it wrote, cannot mix their fields: the second gives
 * up and counts a loss), written, and published with a release store of
 * the allocation's ticket + 1.  The table is static: RT_ALLOC_ENTRIES
 * entries of 32 bytes (32 MiB of address space, the pages touched as the
 * table fills).
 *
 * The lookup sorts a snapshot once, in memory from mmap: a sweep over the
 * blocks' starts and ends by address, with a heap of the blocks open at
 * each point ordered by ticket, cuts the address space into segments each
 * labelled with the newest block that covers it.  A lookup is then a
 * binary search over the segments, whatever the blocks overlap (memory
 * freed and handed out again, realloc).
 */
#define _GNU_SOURCE
#include "rt_alloc.h"

#include <sched.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cachelint-rt.h"

#define RT_EXPORT __attribute__((visibility("default")))
#define SEQ_BUSY UINT64_MAX

/**
 * struct rt_alloc_entry - one recorded allocation
 * @start: the block
 * @size: its size in bytes
 * @site: "file:line" of the call, a string constant of the unit
 * @seq: 0 empty, SEQ_BUSY being written, else the allocation's ticket + 1
 */
struct rt_alloc_entry {
	uintptr_t start;
	uintptr_t size;
	const char *site;
	uint64_t seq;
};

static struct rt_alloc_entry rt_allocs[RT_ALLOC_ENTRIES];
static uint64_t rt_alloc_next;		/* the next ticket */
static uint64_t rt_alloc_lost;

/* ticket -> entry: the first RT_ALLOC_KEEP stay, the rest go round the ring */
static size_t slot_of(uint64_t t)
{
	return t < RT_ALLOC_KEEP ? (size_t)t : RT_ALLOC_KEEP + (size_t)((t - RT_ALLOC_KEEP) %
									 RT_ALLOC_RING);
}

RT_EXPORT void __libcachelint_rt_alloc_v3(void *ptr, unsigned long size, const char *site)
{
	uint64_t t, old;
	struct rt_alloc_entry *e;

	if (!ptr)
		return;
	t = __atomic_fetch_add(&rt_alloc_next, 1, __ATOMIC_RELAXED);
	e = &rt_allocs[slot_of(t)];
	old = __atomic_load_n(&e->seq, __ATOMIC_RELAXED);
	/* a newer allocation has the entry, or one is writing it: give up */
	if (old == SEQ_BUSY || old > t ||
	    !__atomic_compare_exchange_n(&e->seq, &old, SEQ_BUSY, false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED)) {
		__atomic_fetch_add(&rt_alloc_lost, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_store_n(&e->start, (uintptr_t)ptr, __ATOMIC_RELAXED);
	__atomic_store_n(&e->size, (uintptr_t)size, __ATOMIC_RELAXED);
	__atomic_store_n(&e->site, site, __ATOMIC_RELAXED);
	__atomic_store_n(&e->seq, t + 1, __ATOMIC_RELEASE);
}

/* ------------------------------------------------------------------ */
/* The lookup: a snapshot cut into segments, built once                 */
/* ------------------------------------------------------------------ */

/**
 * struct block - a snapshot's allocation
 * @start, @end: its bytes [start, end)
 * @site: where it was made
 * @seq: its order
 */
struct block {
	uintptr_t start, end;
	const char *site;
	uint64_t seq;
};

/**
 * struct rt_index - the segments
 * @blocks: the snapshot
 * @nblocks: how many
 * @at: segment k covers [at[k], at[k + 1])
 * @id: ... and is block id[k]'s, or -1 for none
 * @nsegs: how many
 */
static struct rt_index {
	struct block *blocks;
	size_t nblocks;
	uintptr_t *at;
	int32_t *id;
	size_t nsegs;
} rt_index;

enum { INDEX_NONE, INDEX_BUILDING, INDEX_READY };
static int rt_index_state;
static pid_t rt_index_builder;

static void *map_zero(size_t bytes)
{
	void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* The entries published when the snapshot reads them (a torn one is left out). */
static size_t snapshot(struct block *out)
{
	uint64_t n = __atomic_load_n(&rt_alloc_next, __ATOMIC_ACQUIRE);
	size_t k = 0;

	if (n > RT_ALLOC_ENTRIES)
		n = RT_ALLOC_ENTRIES;
	for (size_t i = 0; i < n; i++) {
		struct rt_alloc_entry *e = &rt_allocs[i];
		uint64_t s1 = __atomic_load_n(&e->seq, __ATOMIC_ACQUIRE), s2;
		struct block b;

		if (!s1 || s1 == SEQ_BUSY)
			continue;
		b.start = __atomic_load_n(&e->start, __ATOMIC_RELAXED);
		b.end = b.start + __atomic_load_n(&e->size, __ATOMIC_RELAXED);
		b.site = __atomic_load_n(&e->site, __ATOMIC_RELAXED);
		b.seq = s1;
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		s2 = __atomic_load_n(&e->seq, __ATOMIC_RELAXED);
		if (s1 != s2)
			continue;
		if (b.end < b.start)
			b.end = UINTPTR_MAX;
		out[k++] = b;
	}
	return k;
}

/* Heapsort of @n indices by @key (no allocation: this may run where malloc may not). */
static void sort_by(uint32_t *v, size_t n, const struct block *b, bool by_end)
{
#define KEY(i) (by_end ? b[v[i]].end : b[v[i]].start)
	for (size_t start = n / 2; n > 1;) {
		size_t root, child;

		if (start > 0) {
			root = --start;
		} else {
			uint32_t t = v[--n];

			v[n] = v[0];
			v[0] = t;
			root = 0;
		}
		while ((child = 2 * root + 1) < n) {
			uint32_t t;

			if (child + 1 < n && KEY(child + 1) > KEY(child))
				child++;
			if (KEY(root) >= KEY(child))
				break;
			t = v[root];
			v[root] = v[child];
			v[child] = t;
			root = child;
		}
	}
#undef KEY
}

/* The heap of open blocks, newest (highest seq) on top. */
static void heap_push(uint32_t *h, size_t *n, uint32_t x, const struct block *b)
{
	size_t i = (*n)++;

	while (i && b[h[(i - 1) / 2]].seq < b[x].seq) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = x;
}

static void heap_pop(uint32_t *h, size_t *n, const struct block *b)
{
	uint32_t x = h[--(*n)];
	size_t i = 0, c;

	while ((c = 2 * i + 1) < *n) {
		if (c + 1 < *n && b[h[c + 1]].seq > b[h[c]].seq)
			c++;
		if (b[h[c]].seq <= b[x].seq)
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n)
		h[i] = x;
}

/*
 * The sweep: at each address where a block starts or ends, the newest
 * block still open labels the segment from there to the next such address.
 */
static void sweep(struct rt_index *ix, uint32_t *by_start, uint32_t *by_end, uint32_t *heap,
		  unsigned char *ended)
{
	const struct block *b = ix->blocks;
	size_t n = ix->nblocks, i = 0, j = 0, nh = 0;

	while (i < n || j < n) {
		uintptr_t x = UINTPTR_MAX;
		int32_t label;

		if (i < n)
			x = b[by_start[i]].start;
		if (j < n && b[by_end[j]].end < x)
			x = b[by_end[j]].end;
		while (j < n && b[by_end[j]].end == x)
			ended[by_end[j++]] = 1;
		while (i < n && b[by_start[i]].start == x)
			heap_push(heap, &nh, by_start[i++], b);
		while (nh && ended[heap[0]])
			heap_pop(heap, &nh, b);
		label = nh ? (int32_t)heap[0] : -1;
		if (!ix->nsegs || ix->id[ix->nsegs - 1] != label) {
			ix->at[ix->nsegs] = x;
			ix->id[ix->nsegs++] = label;
		}
		if (x == UINTPTR_MAX)
			break;
	}
}

static bool index_build(struct rt_index *ix)
{
	size_t cap = RT_ALLOC_ENTRIES, segs = 2 * cap + 1;
	uint32_t *by_start, *by_end, *heap;
	unsigned char *ended;

	ix->blocks = map_zero(cap * sizeof(*ix->blocks));
	ix->at = map_zero(segs * sizeof(*ix->at));
	ix->id = map_zero(segs * sizeof(*ix->id));
	by_start = map_zero(cap * sizeof(uint32_t));
	by_end = map_zero(cap * sizeof(uint32_t));
	heap = map_zero(cap * sizeof(uint32_t));
	ended = map_zero(cap);
	if (!ix->blocks || !ix->at || !ix->id || !by_start || !by_end || !heap || !ended)
		return false;
	ix->nblocks = snapshot(ix->blocks);
	for (size_t k = 0; k < ix->nblocks; k++)
		by_start[k] = by_end[k] = (uint32_t)k;
	sort_by(by_start, ix->nblocks, ix->blocks, false);
	sort_by(by_end, ix->nblocks, ix->blocks, true);
	sweep(ix, by_start, by_end, heap, ended);
	munmap(by_start, cap * sizeof(uint32_t));
	munmap(by_end, cap * sizeof(uint32_t));
	munmap(heap, cap * sizeof(uint32_t));
	munmap(ended, cap);
	return true;
}

/* The index, built by the first caller; NULL if it cannot be (no memory, or asked from inside the build). */
static const struct rt_index *index_get(void)
{
	int state = INDEX_NONE;
	pid_t self = (pid_t)syscall(SYS_gettid);

	if (__atomic_compare_exchange_n(&rt_index_state, &state, INDEX_BUILDING, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		__atomic_store_n(&rt_index_builder, self, __ATOMIC_RELAXED);
		if (!index_build(&rt_index))
			rt_index.nsegs = 0;
		__atomic_store_n(&rt_index_state, INDEX_READY, __ATOMIC_RELEASE);
		return &rt_index;
	}
	while (state != INDEX_READY) {
		/* a signal handler on the building thread: do not wait for ourselves */
		if (__atomic_load_n(&rt_index_builder, __ATOMIC_RELAXED) == self)
			return NULL;
		sched_yield();
		state = __atomic_load_n(&rt_index_state, __ATOMIC_ACQUIRE);
	}
	return &rt_index;
}

const char *rt_alloc_site(uintptr_t addr, uintptr_t *start)
{
	const struct rt_index *ix = index_get();
	size_t lo = 0, hi;
	int32_t id;

	if (!ix || !ix->nsegs || addr < ix->at[0])
		return NULL;
	/* the last segment that starts at or before addr */
	hi = ix->nsegs;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ix->at[mid] <= addr)
			lo = mid;
		else
			hi = mid;
	}
	id = ix->id[lo];
	if (id < 0)
		return NULL;
	if (start)
		*start = ix->blocks[id].start;
	return ix->blocks[id].site;
}

/*
 * The table's counts, which only the tests read: no header of the runtime
 * declares this, testsuite/plugin/Inputs/rt_alloc_test.h does.
 */
void rt_alloc_stats(uint64_t *recorded, uint64_t *kept, uint64_t *replaced, uint64_t *lost)
{
	uint64_t n = __atomic_load_n(&rt_alloc_next, __ATOMIC_RELAXED);

	*lost = __atomic_load_n(&rt_alloc_lost, __ATOMIC_RELAXED);
	*recorded = n - *lost;
	*replaced = n > RT_ALLOC_ENTRIES ? n - RT_ALLOC_ENTRIES : 0;
	*kept = n - *replaced - *lost;
}
