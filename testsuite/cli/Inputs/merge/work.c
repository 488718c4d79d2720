/*
 * Work for cachelint merge's test (testsuite/cli/merge_runs.test): each
 * argument is a workload, done in turn by two threads of one start
 * routine, each on an object of its own, after main sets the objects up.
 * `work rx` and `work tx` are two runs; `work rx tx` is one run doing
 * both, whose profile the merged profiles of the two must be.
 */
#include <pthread.h>
#include <string.h>

struct conn {
	long rx;
	long tx;
	long mtu;
};

struct stats {
	long hits;
	long misses;
};

static struct conn conns[2];
static struct stats stats[2];
static const char *workload;

static void *worker(void *arg)
{
	struct conn *c = arg;
	struct stats *st = &stats[c - conns];

	if (!strcmp(workload, "rx")) {
		for (int i = 0; i < 1000; i++) {
			c->rx += c->mtu;	/* rx: r1000 w1000, mtu: r1000 */
			st->hits++;		/* hits: r1000 w1000 */
		}
	} else {
		for (int i = 0; i < 300; i++) {
			c->tx += c->mtu;	/* tx: r300 w300, mtu: r300 */
			st->misses++;		/* misses: r300 w300 */
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	for (int w = 1; w < argc; w++) {
		pthread_t t[2];

		workload = argv[w];
		for (int i = 0; i < 2; i++)
			conns[i].mtu = 1500;	/* mtu: w1 per object, on main */
		for (int i = 0; i < 2; i++)
			pthread_create(&t[i], NULL, worker, &conns[i]);
		for (int i = 0; i < 2; i++)
			pthread_join(t[i], NULL);
	}
	return 0;
}
