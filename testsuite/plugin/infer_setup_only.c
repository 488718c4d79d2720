// A helper that only setup code calls is setup too: bdi_unregister() is
// the one caller of bdi_remove_from_list(), which unlinks the bdi under
// bdi_lock, so that write is no hot path and backing_dev_info's read-mostly
// members beside the link keep no finding for it.  The control's helper is
// also called on a hot path (an eviction): its write stays write-hot.
// Plugin and lint alike, and their maps byte for byte.
#include <pthread.h>
#include <stddef.h>

struct link {
	struct link *next, *prev;
};

static pthread_mutex_t bdi_lock = PTHREAD_MUTEX_INITIALIZER;

struct bdi {
	struct link list;
	long ra_pages;
};

struct dev {
	struct link list;
	long ra_pages;
};

void bdi_init(struct bdi *b)
{
	b->ra_pages = 32;
}

static void bdi_remove_from_list(struct bdi *b)
{
	pthread_mutex_lock(&bdi_lock);
	b->list.prev->next = b->list.next;
	b->list.next->prev = b->list.prev;
	b->list.prev = NULL;
	pthread_mutex_unlock(&bdi_lock);
}

void bdi_unregister(struct bdi *b)
{
	bdi_remove_from_list(b);
}

long bdi_readahead(struct bdi *b, long n)
{
	return n * b->ra_pages;
}

void dev_init(struct dev *d)
{
	d->ra_pages = 32;
}

static void dev_remove_from_list(struct dev *d)
{
	pthread_mutex_lock(&bdi_lock);
	d->list.prev->next = d->list.next;
	d->list.next->prev = d->list.prev;
	d->list.prev = NULL;
	pthread_mutex_unlock(&bdi_lock);
}

void dev_unregister(struct dev *d)
{
	dev_remove_from_list(d);
}

void dev_evict(struct dev *d)
{
	dev_remove_from_list(d);
}

long dev_readahead(struct dev *d, long n)
{
	return n * d->ra_pages;
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_setup_only.c:23:14: warning: read-mostly field 'ra_pages' shares cache line 0 (bytes 0-63) of 'struct dev' with write-hot field 'list.next' [cachelint-false-sharing]
// CHECK-NEXT: infer_setup_only.c:11:22: note: 'list.next' is written on hot paths
// CHECK-NEXT: infer_setup_only.c:23:14: note: 'ra_pages' is read-mostly, inferred from the code: read in dev_readahead ({{.*}}infer_setup_only.c:76), written only in dev_init ({{.*}}infer_setup_only.c:52)
// CHECK-NEXT: infer_setup_only.c:11:22: note: 'list.next' is write-hot, inferred from the code: written under a lock in dev_remove_from_list ({{.*}}infer_setup_only.c:58)
// CHECK-NEXT: infer_setup_only.c:23:14: warning: read-mostly field 'ra_pages' shares cache line 0 (bytes 0-63) of 'struct dev' with write-hot field 'list.prev' [cachelint-false-sharing]
// CHECK-NEXT: infer_setup_only.c:11:29: note: 'list.prev' is written on hot paths
// CHECK-NEXT: infer_setup_only.c:11:29: note: 'list.prev' is write-hot, inferred from the code: written under a lock in dev_remove_from_list ({{.*}}infer_setup_only.c:60)

// RUN: rm -rf %t.maps && mkdir %t.maps && %gcc-cl -fplugin-arg-cachelint-access-map=%t.maps/p.map -c %s -o %t.o
// RUN: %cachelint lint --quiet --fail-on none --access-map %t.maps/l.map %s > /dev/null
// RUN: diff %t.maps/p.map %t.maps/l.map
// RUN: cut -f2,4,5,6,9,10 %t.maps/p.map | grep -e '	w	' | FileCheck %s --check-prefix=MAP --match-full-lines --strict-whitespace
// MAP:28	bdi_init	bdi	ra_pages	w	setup
// MAP-NEXT:34	bdi_remove_from_list	link	next	w	locked,setup
// MAP-NEXT:35	bdi_remove_from_list	link	prev	w	locked,setup
// MAP-NEXT:36	bdi_remove_from_list	bdi	list.prev	w	locked,setup
// MAP-NEXT:36	bdi_remove_from_list	link	prev	w	locked,setup
// MAP-NEXT:52	dev_init	dev	ra_pages	w	setup
// MAP-NEXT:58	dev_remove_from_list	link	next	w	locked
// MAP-NEXT:59	dev_remove_from_list	link	prev	w	locked
// MAP-NEXT:60	dev_remove_from_list	dev	list.prev	w	locked
// MAP-NEXT:60	dev_remove_from_list	link	prev	w	locked
// MAP-NOT:{{.}}
