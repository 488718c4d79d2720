// What a thread does once, before its loop or after it, is no hot path
// (the map's `start`): memcached's compaction thread fills in the IO it
// hands to the IO thread before its loop, and its crawler sets a setting
// as it starts and as it stops.  Each shape beside its control, where the
// same write is in the loop and keeps its finding.  Plugin and lint alike.
#include <pthread.h>

static volatile int running;
void submit(void *io);

// set once by the thread that hands it over, read by the one that runs it
struct io {
	long mode;
	long len;
	long iovcnt;
};

// the control: the same, with `pos` written in the compactor's loop
struct job {
	long pos;
	long len;
	long iovcnt;
};

// a flag set as the crawler starts and cleared as it stops
struct settings {
	long crawler_on;
	long page_size;
};

static struct io io;
static struct job job;
static struct settings settings;

static void *compact(void *arg)
{
	io.mode = 1;
	io.len = 4096;
	job.len = 4096;
	while (running) {
		job.pos += 64;
		submit(&io);
		submit(&job);
	}
	return arg;
}

static void *io_thread(void *arg)
{
	long sum = 0;

	while (running)
		sum += io.iovcnt + job.iovcnt;
	return (void *)sum;
}

static void *crawler(void *arg)
{
	settings.crawler_on = 1;
	while (running)
		submit(arg);
	settings.crawler_on = 0;
	return arg;
}

static void *maintainer(void *arg)
{
	long n = 0;

	while (running)
		n += settings.page_size;
	return (void *)n;
}

int main(void)
{
	pthread_t t[4];

	io.iovcnt = 1;
	job.iovcnt = 1;
	settings.page_size = 4096;
	pthread_create(&t[0], 0, compact, 0);
	pthread_create(&t[1], 0, io_thread, 0);
	pthread_create(&t[2], 0, crawler, 0);
	pthread_create(&t[3], 0, maintainer, 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], 0);
	return 0;
}

// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
// RUN: not %cachelint lint %s 2>&1 | %check
// CHECK: infer_start.c:22:14: warning: field 'iovcnt' (read on io_thread) shares cache line 0 (bytes 0-63) of 'struct job' with field 'pos' (written on compact) [cachelint-false-sharing]
// CHECK-NEXT: infer_start.c:20:14: note: 'pos' is written on compact
// CHECK-NEXT: infer_start.c:22:14: note: 'iovcnt' is read on io_thread, inferred from the code: read in io_thread ({{.*}}infer_start.c:53), written only in main ({{.*}}infer_start.c:80)
// CHECK-NEXT: infer_start.c:20:14: note: 'pos' is written on compact, inferred from the code: written by thread compact in compact ({{.*}}infer_start.c:41)

// The map says which accesses each thread makes once.
// RUN: rm -rf %t.maps && mkdir %t.maps && %gcc-cl -fplugin-arg-cachelint-access-map=%t.maps/p.map -c %s -o %t.o
// RUN: %cachelint lint --quiet --fail-on none --access-map %t.maps/l.map %s > /dev/null
// RUN: diff %t.maps/p.map %t.maps/l.map
// RUN: cut -f2,4,6,9,10 %t.maps/p.map | FileCheck %s --check-prefix=MAP --match-full-lines --strict-whitespace
// MAP:# cachelint-access-map 2
// MAP-NEXT:37	compact	mode	w	start,role=compact
// MAP-NEXT:38	compact	len	w	start,role=compact
// MAP-NEXT:39	compact	len	w	start,role=compact
// MAP-NEXT:41	compact	pos	r	role=compact
// MAP-NEXT:41	compact	pos	w	role=compact
// MAP-NEXT:53	io_thread	iovcnt	r	role=io_thread
// MAP-NEXT:53	io_thread	iovcnt	r	role=io_thread
// MAP-NEXT:59	crawler	crawler_on	w	start,role=crawler
// MAP-NEXT:62	crawler	crawler_on	w	start,role=crawler
// MAP-NEXT:71	maintainer	page_size	r	role=maintainer
// MAP-NEXT:79	main	iovcnt	w	-
// MAP-NEXT:80	main	iovcnt	w	-
// MAP-NEXT:81	main	page_size	w	-
// MAP-NOT:{{.}}
