// What an unlikely branch does is rare: the kernel's unlikely(), and
// likely() the other way (__builtin_expect()), through `!`, `&&` and `||`,
// in an `if`, a `?:`, a `while` and the right side of `&&` and `||`.
// Such accesses are `cold` in the map, as in __init code: a write there
// makes no member write-hot (a boost the allocator sets only on its
// fallback), a read none read-mostly.  The control: the free count,
// updated on every allocation, keeps its finding.
// Plugin and lint alike.
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

struct zone {
	long nr_free;
	long boost;
	long limit;
	long slow;
	long tail;
};

void zone_init(struct zone *z, long limit)
{
	z->limit = limit;
	z->boost = 0;
}

long rmqueue(struct zone *z, long n, int fallback)
{
	if (n > z->limit)
		return 0;
	__atomic_fetch_sub(&z->nr_free, n, __ATOMIC_RELAXED);
	if (unlikely(fallback)) {
		__atomic_fetch_add(&z->boost, 1, __ATOMIC_RELAXED);
		if (n > 1)
			z->slow++;
	}
	return n;
}

// The shapes, each once: every `cold` line below, and no other.
long shapes(struct zone *z, int c, int d)
{
	if (likely(d))
		z->slow = 2;
	else
		z->tail = 3;
	if (unlikely(c) && d)
		z->tail = 4;
	if (c || unlikely(d))
		z->tail = 5;
	if (!unlikely(c))
		z->slow = 6;
	else
		z->tail = 7;
	while (unlikely(c--))
		z->tail--;
	if (likely(c) || z->tail)
		z->slow = 8;
	return unlikely(d) ? z->tail : z->slow;
}

// A statement expression's value: the kernel's WARN_ON().
void warn(void);
#define WARN_ON(condition) ({						\
	int __ret_warn_on = !!(condition);				\
	if (unlikely(__ret_warn_on))					\
		warn();							\
	unlikely(__ret_warn_on);					\
})

void recover(struct zone *z, long n)
{
	if (WARN_ON(n < 0))
		z->tail = 0;
}

// A static function that only unlikely branches call, or only such
// functions: cold as a whole (6.1's __rmqueue_fallback(), which __rmqueue()
// calls where unlikely(!page), and what it calls).  The control, called
// from a likely path too, is not.
static void boost_watermark(struct zone *z)
{
	__atomic_fetch_add(&z->boost, 1, __ATOMIC_RELAXED);
}

static int steal_fallback(struct zone *z, int order)
{
	if (order > 3)
		boost_watermark(z);
	return order;
}

static void note_page(struct zone *z)
{
	z->slow = 1;
}

long rmqueue_fallback(struct zone *z, int order, int page)
{
	if (unlikely(!page)) {
		steal_fallback(z, order);
		note_page(z);
	}
	if (order)
		note_page(z);
	return order;
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_unlikely.c:15:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct zone' with write-hot field 'nr_free' [cachelint-false-sharing]
// CHECK-NEXT: infer_unlikely.c:13:14: note: 'nr_free' is written on hot paths
// CHECK-NEXT: infer_unlikely.c:15:14: note: 'limit' is read-mostly, inferred from the code: read in rmqueue ({{.*}}infer_unlikely.c:28), written only in zone_init ({{.*}}infer_unlikely.c:22)
// CHECK-NEXT: infer_unlikely.c:13:14: note: 'nr_free' is write-hot, inferred from the code: updated atomically in rmqueue ({{.*}}infer_unlikely.c:30)
// The maps: the same lines from both front ends.
// RUN: rm -rf %t.maps && mkdir %t.maps && %gcc-cl -O2 -fplugin-arg-cachelint-access-map=%t.maps/p.map -c %s -o %t.o
// RUN: %cachelint lint --quiet --fail-on none --access-map %t.maps/l.map %s > /dev/null
// RUN: diff %t.maps/p.map %t.maps/l.map
// RUN: grep -c cold %t.maps/p.map | FileCheck %s --check-prefix=COLD
// COLD: 12
// RUN: FileCheck %s --check-prefix=MAP --input-file %t.maps/p.map
// MAP: infer_unlikely.c	32	26	rmqueue	zone	boost	8	8	rmw	atomic,cold
// MAP: infer_unlikely.c	34	7	rmqueue	zone	slow	24	8	r	cold
// MAP: infer_unlikely.c	34	7	rmqueue	zone	slow	24	8	w	cold
// MAP: infer_unlikely.c	43	6	shapes	zone	slow	24	8	w	-
// MAP: infer_unlikely.c	45	6	shapes	zone	tail	32	8	w	cold
// MAP: infer_unlikely.c	47	6	shapes	zone	tail	32	8	w	cold
// MAP: infer_unlikely.c	49	6	shapes	zone	tail	32	8	w	-
// MAP: infer_unlikely.c	51	6	shapes	zone	slow	24	8	w	-
// MAP: infer_unlikely.c	53	6	shapes	zone	tail	32	8	w	cold
// MAP: infer_unlikely.c	55	6	shapes	zone	tail	32	8	r	cold
// MAP: infer_unlikely.c	55	6	shapes	zone	tail	32	8	w	cold
// MAP: infer_unlikely.c	56	22	shapes	zone	tail	32	8	r	cold
// MAP: infer_unlikely.c	57	6	shapes	zone	slow	24	8	w	-
// MAP: infer_unlikely.c	58	26	shapes	zone	tail	32	8	r	cold
// MAP: infer_unlikely.c	58	36	shapes	zone	slow	24	8	r	-
// MAP: infer_unlikely.c	73	6	recover	zone	tail	32	8	w	cold
// MAP: infer_unlikely.c	82	25	boost_watermark	zone	boost	8	8	rmw	atomic,cold
// MAP: infer_unlikely.c	94	5	note_page	zone	slow	24	8	w	-
