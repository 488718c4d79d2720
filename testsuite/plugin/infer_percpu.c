// A CPU's own copy of a per-CPU object shares no line with another CPU's:
// what the kernel's this_cpu_ptr() gives, what per_cpu_ptr() gives for a
// CPU, and what the this_cpu_*() operations reach (x86-64: an asm on
// `%%gs:`, or a sum with an element of __per_cpu_offset).  Such accesses
// are `percpu` in the map, and a struct any of them reaches gets no
// inferred classes: memcg's stock (memcg_stock_pcp), its per-CPU counters
// (memcg_vmstats_percpu).  The control: the same accesses through a
// pointer any CPU may hold keep their finding.  Plugin and lint alike.
extern unsigned long this_cpu_off;
extern unsigned long __per_cpu_offset[64];
#define __percpu_arg(x) "%%gs:%" #x
#define this_cpu_ptr(ptr)					\
({								\
	unsigned long tcp_ptr__;				\
	asm ("add " __percpu_arg(1) ", %0"			\
	     : "=r" (tcp_ptr__)					\
	     : "m" (this_cpu_off), "0" (ptr));			\
	(typeof(*(ptr)) *)tcp_ptr__;				\
})
#define RELOC_HIDE(ptr, off)					\
({								\
	unsigned long __ptr;					\
	__asm__ ("" : "=r"(__ptr) : "0"(ptr));			\
	(typeof(ptr)) (__ptr + (off));				\
})
#define per_cpu_ptr(ptr, cpu) ({ RELOC_HIDE((ptr), (__per_cpu_offset[(cpu)])); })
#define this_cpu_add(var, val) \
	asm volatile("addq %1, " __percpu_arg(0) : "+m" (var) : "re" ((long)(val)))

struct stock {
	long nr_pages;
	long batch;
};
struct stats_pc {
	long events;
	long limit;
};
struct memcg {
	struct stats_pc *vmstats_percpu;
	long usage;
	long max;
};
struct stock memcg_stock;

void stock_init(struct stock *s, struct memcg *m, long batch)
{
	s->batch = batch;
	m->max = batch;
}

// The running CPU's stock: bumped atomically beside a batch size only its
// setup writes, yet no other CPU's charge touches this copy.
long consume_stock(long n)
{
	struct stock *stock;

	stock = this_cpu_ptr(&memcg_stock);
	if (n > stock->batch)
		return 0;
	__atomic_fetch_sub(&stock->nr_pages, n, __ATOMIC_RELAXED);
	return 1;
}

// Another CPU's stock, drained: per_cpu_ptr().
void drain_stock(int cpu)
{
	struct stock *s = per_cpu_ptr(&memcg_stock, cpu);

	__atomic_store_n(&s->nr_pages, 0, __ATOMIC_RELAXED);
}

// this_cpu_add() on a member of a per-CPU struct, read beside its limit.
void mod_events(struct memcg *memcg, long val)
{
	if (memcg->vmstats_percpu->limit > val)
		this_cpu_add(memcg->vmstats_percpu->events, val);
}

// The control: memcg itself, which every CPU charges.
int charge(struct memcg *memcg, long n)
{
	return __atomic_add_fetch(&memcg->usage, n, __ATOMIC_RELAXED) <= memcg->max;
}

// A local set twice is no longer known to be per-CPU (its line says so).
long stock_pages(struct stock *other, int c)
{
	struct stock *s = this_cpu_ptr(&memcg_stock);

	if (c)
		s = other;
	return s->nr_pages;
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_percpu.c:41:14: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct memcg' with write-hot field 'usage' [cachelint-false-sharing]
// CHECK-NEXT: infer_percpu.c:40:14: note: 'usage' is written on hot paths
// CHECK-NEXT: infer_percpu.c:41:14: note: 'max' is read-mostly, inferred from the code: read in charge ({{.*}}infer_percpu.c:82), written only in stock_init ({{.*}}infer_percpu.c:48)
// CHECK-NEXT: infer_percpu.c:40:14: note: 'usage' is write-hot, inferred from the code: updated atomically in charge ({{.*}}infer_percpu.c:82)
// The maps: the same lines from both front ends, `percpu` where the
// pointer is one: not on memcg's pointer to its counters, nor on the
// limit read through it (a plain load of the pointer), nor on a local
// set twice.
// RUN: rm -rf %t.maps && mkdir %t.maps && %gcc-cl -fplugin-arg-cachelint-access-map=%t.maps/p.map -c %s -o %t.o
// RUN: %cachelint lint --quiet --fail-on none --access-map %t.maps/l.map %s > /dev/null
// RUN: diff %t.maps/p.map %t.maps/l.map
// RUN: FileCheck %s --check-prefix=MAP --input-file %t.maps/p.map
// MAP: infer_percpu.c	58	17	consume_stock	stock	batch	8	8	r	percpu
// MAP: infer_percpu.c	60	29	consume_stock	stock	nr_pages	0	8	rmw	atomic,percpu
// MAP: infer_percpu.c	69	23	drain_stock	stock	nr_pages	0	8	w	atomic,percpu
// MAP: infer_percpu.c	75	13	mod_events	memcg	vmstats_percpu	0	8	r	-
// MAP: infer_percpu.c	75	29	mod_events	stats_pc	limit	8	8	r	-
// MAP: infer_percpu.c	76	3	mod_events	stats_pc	events	0	8	rmw	percpu
// MAP: infer_percpu.c	92	12	stock_pages	stock	nr_pages	0	8	r	-
