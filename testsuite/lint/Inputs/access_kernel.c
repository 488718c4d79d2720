/*
 * The shapes of the Linux kernel's member accesses, for the access maps'
 * differential test (access_map_differential.test): atomics as static
 * inline functions with asm "+m" operands on the counter of an embedded
 * atomic_long_t, READ_ONCE()/WRITE_ONCE(), a loop over a parent chain,
 * _Atomic members through <stdatomic.h>'s explicit forms.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

typedef struct {
	long counter;
} atomic64_t;
typedef atomic64_t atomic_long_t;

static inline void arch_atomic64_add(long i, atomic64_t *v)
{
	__asm__ volatile("lock addq %1,%0" : "+m"(v->counter) : "er"(i) : "memory");
}

static inline long arch_atomic64_add_return(long i, atomic64_t *v)
{
	long r = i;

	__asm__ volatile("lock xaddq %0,%1" : "+r"(r), "+m"(v->counter) : : "memory");
	return r + i;
}

static inline long arch_atomic64_read(const atomic64_t *v)
{
	return READ_ONCE(v->counter);
}

static inline void atomic_long_add(long i, atomic_long_t *v)
{
	arch_atomic64_add(i, v);
}

static inline long atomic_long_add_return(long i, atomic_long_t *v)
{
	return arch_atomic64_add_return(i, v);
}

static inline long atomic_long_read(const atomic_long_t *v)
{
	return arch_atomic64_read(v);
}

struct page_counter {
	atomic_long_t usage;
	unsigned long min;
	unsigned long low;
	unsigned long watermark;
	unsigned long failcnt;
	unsigned long max;
	struct page_counter *parent;
};

void page_counter_charge(struct page_counter *counter, unsigned long nr_pages)
{
	struct page_counter *c;

	for (c = counter; c; c = c->parent) {
		long new = atomic_long_add_return((long)nr_pages, &c->usage);

		if ((unsigned long)new > READ_ONCE(c->watermark))
			WRITE_ONCE(c->watermark, (unsigned long)new);
	}
}

int page_counter_try_charge(struct page_counter *counter, unsigned long nr_pages)
{
	for (struct page_counter *c = counter; c; c = c->parent) {
		if ((unsigned long)atomic_long_read(&c->usage) + nr_pages > READ_ONCE(c->max)) {
			c->failcnt++;
			return 0;
		}
		atomic_long_add((long)nr_pages, &c->usage);
	}
	return 1;
}
