/*
 * Records packed in a byte ring (memcached's lru_bump_entry in a bipbuf):
 * the ring is a header with a char array at its end, one malloc; the
 * producer writes fixed-size records at computed byte offsets in it, the
 * consumer reads the record two before the one being written.  Each side
 * touches one member, the record's sequence number (its key and hash are
 * its payload, set before the threads start): the consumer reads the very
 * bytes the producer wrote, a handoff, and the two members of one record
 * never make a pair of their own.  Records of 24
 * bytes from byte 24 of a malloc() share lines: aligned(64) on 'struct
 * rec' would not move them, since the ring places them, not the type.
 * -DPADDED pads the record to a line and starts the ring's storage on one
 * (an aligned allocation, the array aligned to the line).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include "shape.h"

struct rec {
	long key;
	long hv;
	long seq;
#ifdef PADDED
	char pad[40];
#endif
};

struct bring {
	unsigned long size;
	unsigned long nrec;
	unsigned long stride;
#ifdef PADDED
	unsigned char data[] __attribute__((aligned(64)));
#else
	unsigned char data[];
#endif
};

#ifdef PADDED
_Static_assert(sizeof(struct rec) == 64, "a record is a line");
_Static_assert(offsetof(struct bring, data) == 64, "the storage starts on a line");
#else
_Static_assert(sizeof(struct rec) == 24, "records of 24 bytes share lines");
_Static_assert(offsetof(struct bring, data) == 24, "the storage starts 24 bytes into the malloc");
#endif

#define NREC 40

static struct bring *ring;
static long produced;	/* records written so far: not instrumented */

/* The record at index @k of the ring of @nrec records: a computed offset into its bytes. */
static struct rec *rec_at(struct bring *b, unsigned long nrec, unsigned long stride,
			  unsigned long k)
{
	return (struct rec *)&b->data[k % nrec * stride];
}

static void *producer(void)
{
	double end = shape_start();
	unsigned long k = 0;

	while (!shape_done(end))
		for (int i = 0; i < 1000; i++, k++) {
			struct rec *r = rec_at(ring, ring->nrec, ring->stride, k);

			r->seq = (long)k;
			__atomic_store_n(&produced, (long)k + 1, __ATOMIC_RELEASE);
		}
	return NULL;
}

/*
 * The consumer reads the ring's header once, before the barrier: its
 * bytes share the first records' line, and a header read beside the
 * producer's writes would be a second finding (on 'struct bring'), which
 * this test is not about.
 */
static void *consumer(void)
{
	unsigned long nrec = ring->nrec, stride = ring->stride;
	double end = shape_start();
	long sum = 0;

	while (!shape_done(end))
		for (int i = 0; i < 1000; i++) {
			long k = __atomic_load_n(&produced, __ATOMIC_ACQUIRE);
			struct rec *r;

			if (k < 2)
				continue;
			r = rec_at(ring, nrec, stride, (unsigned long)k - 2);
			sum += r->seq;
		}
	return (void *)(sum & 1);
}

static void *worker(void *arg)
{
	return arg ? consumer() : producer();
}

int main(void)
{
	size_t bytes = NREC * sizeof(struct rec);

#ifdef PADDED
	ring = aligned_alloc(64, sizeof(*ring) + bytes);
#else
	ring = malloc(sizeof(*ring) + bytes);
#endif
	if (!ring)
		return 1;
	ring->size = bytes;
	ring->nrec = NREC;
	ring->stride = sizeof(struct rec);
	for (unsigned long k = 0; k < NREC; k++) {
		rec_at(ring, NREC, sizeof(struct rec), k)->key = (long)k;
		rec_at(ring, NREC, sizeof(struct rec), k)->hv = (long)k * 31;
	}
	shape_run(2, worker);
	printf("%d\n", rec_at(ring, NREC, sizeof(struct rec), 0)->seq >= 0);
	free(ring);
	return 0;
}
