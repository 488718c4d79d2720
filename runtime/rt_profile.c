// SPDX-License-Identifier: MIT
/*
 * rt_profile.c - libcachelint-rt: the profile's text
 *
 *   cachelint-profile: 1
 *   paths:
 *     worker_libevent: concurrent
 *   structs:
 *     page_counter:
 *       usage.counter: {read: {thread-1: 1200, thread-2: 1100}, write: {thread-1: 300}}
 *   contention:
 *     ...                     (rt_contention.c)
 *
 * One path per thread start routine (`worker_libevent`; the threads that
 * run one routine are one concurrent path), `main` for the main thread,
 * `thread-N` for the Nth thread created where the routine has no name;
 * CACHELINT_THREAD_ROLES=name: one path per thread name, =thread: one per
 * thread; CACHELINT_PROFILE_COUNTS=totals: {reads, writes} per member.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cachelint-rt.h"
#include "../core/profile/profile_keys.h"
#include "rt_internal.h"

enum form { FORM_ROUTINES, FORM_THREADS, FORM_ROLES, FORM_TOTALS };

/* A name as YAML: plain when it is a simple word, else double-quoted. */
#define PATH_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-"

void clrt_put_name(FILE *f, const char *s)
{
	if (*s && strspn(s, PATH_CHARS) == strlen(s) && *s != '-' && *s != '.') {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

void clrt_put_rec_name(FILE *f, unsigned rid)
{
	const struct rt_rec *r = &clrt_recs[rid];
	char *s;

	if (!r->twin || !r->defined[0] || asprintf(&s, "%s@%s", r->name, r->defined) < 0) {
		clrt_put_name(f, r->name);
		return;
	}
	clrt_put_name(f, s);
	free(s);
}

/**
 * struct path - one path of the profile
 * @name: "main", "thread-N" or a thread name
 * @threads: how many threads counted on it
 * @counts: their counters, summed
 */
struct path {
	char name[64];
	unsigned threads;
	uint64_t *counts;
};

/**
 * struct profile - what is written
 * @paths, @npaths: the paths with counts
 * @ncounts: counters per path (2 per member)
 * @order: the threads by index, @nthreads of them
 * @names: each thread's path name
 * @form: how threads become paths
 * @seconds: how long the run took
 */
struct profile {
	struct path *paths;
	size_t npaths;
	size_t ncounts;
	struct rt_thread **order;
	size_t nthreads;
	char (*names)[64];
	enum form form;
	double seconds;
	struct clrt_evidence *ev;
};

static struct path *path_get(struct profile *p, const char *name)
{
	for (size_t i = 0; i < p->npaths; i++)
		if (!strcmp(p->paths[i].name, name))
			return &p->paths[i];
	return NULL;
}

/*
 * A thread name as a path name, which profiles and annotations spell alike
 * (letters, digits, '_', '-', '.'; core/model/paths.h): "kworker/0:1" becomes
 * "kworker_0_1".
 */
static void role_path_name(const char *name, char *buf, size_t size)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < size; i++)
		buf[i] = strchr(PATH_CHARS, name[i]) ? name[i] : '_';
	buf[i] = 0;
}

static void thread_path_name(const struct rt_thread *t, enum form form, char *buf, size_t size)
{
	if (form == FORM_ROLES && t->name[0] && strcmp(t->name, "*"))
		role_path_name(t->name, buf, size);
	else if ((form == FORM_ROUTINES || form == FORM_TOTALS) && t->routine[0] && t->index)
		role_path_name(t->routine, buf, size);
	else if (t->index)
		snprintf(buf, size, "thread-%u", t->index);
	else
		snprintf(buf, size, "main");
}

static bool counted(const uint64_t *c, size_t n)
{
	for (size_t i = 2; i < n; i++)
		if (c[i])
			return true;
	return false;
}

static int thread_cmp(const void *a, const void *b)
{
	unsigned x = (*(struct rt_thread *const *)a)->index;
	unsigned y = (*(struct rt_thread *const *)b)->index;

	return x < y ? -1 : x > y;
}

/* Called with clrt_lock held: the threads' counts, by path, in thread order. */
static int profile_collect(struct profile *p)
{
	size_t nthreads = 0, k = 0;
	struct rt_thread **order;
	uint64_t *sum;

	p->ncounts = 2 * (size_t)clrt_nmembers;
	for (struct rt_thread *t = clrt_threads; t; t = t->next)
		nthreads++;
	order = calloc(nthreads + 1, sizeof(*order));
	p->paths = calloc(nthreads + 1, sizeof(*p->paths));
	p->names = calloc(nthreads + 1, sizeof(*p->names));
	sum = calloc(p->ncounts, sizeof(*sum));
	p->order = order;
	p->nthreads = nthreads;
	if (!order || !p->paths || !sum || !p->names) {
		free(sum);
		return -1;
	}
	for (struct rt_thread *t = clrt_threads; t; t = t->next)
		order[k++] = t;
	/* Paths in creation order, whatever order the threads started in. */
	qsort(order, nthreads, sizeof(*order), thread_cmp);
	for (size_t i = 0; i < nthreads; i++) {
		struct rt_thread *t = order[i];
		struct path *path;

		if (!t->done) {
			char comm[64];
			FILE *f;

			snprintf(comm, sizeof(comm), "/proc/self/task/%d/comm", (int)t->tid);
			if ((f = fopen(comm, "r"))) {
				if (fgets(t->name, sizeof(t->name), f))
					t->name[strcspn(t->name, "\n")] = 0;
				fclose(f);
			}
		}
		memset(sum, 0, p->ncounts * sizeof(*sum));
		clrt_thread_sum(t, sum, p->ncounts);
		thread_path_name(t, p->form, p->names[i], sizeof(p->names[i]));
		if (!counted(sum, p->ncounts))
			continue;
		path = path_get(p, p->names[i]);
		if (!path) {
			path = &p->paths[p->npaths++];
			snprintf(path->name, sizeof(path->name), "%s", p->names[i]);
			path->counts = calloc(p->ncounts, sizeof(uint64_t));
			if (!path->counts) {
				free(sum);
				return -1;
			}
		}
		path->threads++;
		for (size_t c = 0; c < p->ncounts; c++)
			path->counts[c] += sum[c];
	}
	free(sum);
	return 0;
}

static int member_cmp(const void *a, const void *b)
{
	const struct rt_member *x = &clrt_members[*(const unsigned *)a];
	const struct rt_member *y = &clrt_members[*(const unsigned *)b];
	int c = strcmp(x->rec, y->rec);

	if (!c && x->rid != y->rid)
		c = x->rid < y->rid ? -1 : 1;
	if (c)
		return c;
	if (x->bit_offset != y->bit_offset)
		return x->bit_offset < y->bit_offset ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* read: {main: 10, thread-1: 20} for counter @rw of member @m; false if none. */
static bool put_uses(FILE *f, const struct profile *p, unsigned m, int rw, const char *key)
{
	bool any = false;

	for (size_t i = 0; i < p->npaths; i++) {
		uint64_t n = p->paths[i].counts[2 * m + rw];

		if (!n)
			continue;
		fprintf(f, "%s", any ? ", " : key);
		clrt_put_name(f, p->paths[i].name);
		fprintf(f, ": %" PRIu64, n);
		any = true;
	}
	if (any)
		fputc('}', f);
	return any;
}

static uint64_t total(const struct profile *p, unsigned m, int rw)
{
	uint64_t n = 0;

	for (size_t i = 0; i < p->npaths; i++)
		n += p->paths[i].counts[2 * m + rw];
	return n;
}

static void put_member(FILE *f, const struct profile *p, unsigned m)
{
	uint64_t r = total(p, m, 0), w = total(p, m, 1);

	fprintf(f, "    %s: {", clrt_members[m].path);
	if (p->form == FORM_TOTALS) {
		fprintf(f, CL_KEY_READS ": %" PRIu64 ", " CL_KEY_WRITES ": %" PRIu64 "}\n", r, w);
		return;
	}
	if (put_uses(f, p, m, 0, CL_KEY_READ ": {") && w)
		fputs(", ", f);
	put_uses(f, p, m, 1, CL_KEY_WRITE ": {");
	fputs("}\n", f);
}

static void put_counts(FILE *f, const struct profile *p)
{
	unsigned *order = malloc(clrt_nmembers * sizeof(*order));
	unsigned n = 0;
	const struct rt_rec *rec = NULL;

	if (p->form == FORM_ROLES || p->form == FORM_ROUTINES) {
		bool any = false;

		for (size_t i = 0; i < p->npaths; i++) {
			if (p->paths[i].threads < 2)
				continue;
			fputs(any ? "" : CL_KEY_PATHS ":\n", f);
			fputs("  ", f);
			clrt_put_name(f, p->paths[i].name);
			fputs(": concurrent\n", f);
			any = true;
		}
	}
	for (unsigned m = 1; order && m < clrt_nmembers; m++)
		if (!clrt_recs[clrt_members[m].rid].variable && (total(p, m, 0) || total(p, m, 1)))
			order[n++] = m;
	if (!n) {
		fputs(CL_KEY_STRUCTS ": {}\n", f);
	} else {
		qsort(order, n, sizeof(*order), member_cmp);
		fputs(CL_KEY_STRUCTS ":\n", f);
	}
	for (unsigned i = 0; i < n; i++) {
		const struct rt_member *m = &clrt_members[order[i]];

		if (!rec || rec != &clrt_recs[m->rid]) {
			fputs("  ", f);
			clrt_put_rec_name(f, m->rid);	/* "ns::box<long int, 3>" */
			fputs(":\n", f);
		}
		rec = &clrt_recs[m->rid];
		put_member(f, p, order[i]);
	}
	free(order);
}

static int put_profile(FILE *f, void *arg)
{
	const struct profile *p = arg;

	fprintf(f, "# Written by libcachelint-rt (cachelint %s): member accesses counted by\n"
		   "# -fplugin-arg-cachelint-instrument, %s.\n",
		CL_RT_VERSION, p->form == FORM_TOTALS ? "summed over threads" :
		p->form == FORM_ROLES ? "one path per thread name" :
		p->form == FORM_ROUTINES ? "one path per thread start routine" : "one path per thread");
	fprintf(f, CL_KEY_CACHELINT_PROFILE ": 1\n");
	put_counts(f, p);
	if (p->ev && clrt_sample)
		clrt_evidence_write(f, p->ev, p->seconds);
	return 0;
}

/*
 * More paths on one member than a profile entry takes: such a profile
 * would not load, so none is written.  Whether that is so.
 */
static bool too_many_paths(const struct profile *p)
{
	bool many = false;

	if (p->form == FORM_TOTALS || p->npaths <= RT_PATHS_MAX)
		return false;
	for (unsigned m = 1; m < clrt_nmembers; m++) {
		size_t n = 0;

		for (size_t i = 0; i < p->npaths; i++)
			n += p->paths[i].counts[2 * m] || p->paths[i].counts[2 * m + 1];
		if (n > RT_PATHS_MAX && !many)
			fprintf(stderr, "cachelint-rt: %zu %s accessed %s.%s, more than the %d paths a profile entry takes: no profile written; %s\n",
				n, p->form == FORM_ROLES ? "thread names" :
				p->form == FORM_ROUTINES ? "paths" : "threads", clrt_members[m].rec,
				clrt_members[m].path, RT_PATHS_MAX,
				p->form == FORM_THREADS ? "set CACHELINT_THREAD_ROLES=name to count by thread name" :
				"set CACHELINT_PROFILE_COUNTS=totals");
		many |= n > RT_PATHS_MAX;
	}
	return many;
}

static int env_form(enum form *form)
{
	const char *roles = secure_getenv("CACHELINT_THREAD_ROLES");
	const char *counts = secure_getenv("CACHELINT_PROFILE_COUNTS");

	*form = FORM_ROUTINES;
	if (roles && *roles) {
		if (!strcmp(roles, "name")) {
			*form = FORM_ROLES;
		} else if (!strcmp(roles, "thread")) {
			*form = FORM_THREADS;
		} else if (strcmp(roles, "routine")) {
			fprintf(stderr, "cachelint-rt: CACHELINT_THREAD_ROLES must be 'routine', 'name' or 'thread', not '%s': no profile written\n",
				roles);
			return -1;
		}
	}
	if (counts && *counts) {
		if (!strcmp(counts, "totals")) {
			*form = FORM_TOTALS;
		} else if (strcmp(counts, "threads")) {
			fprintf(stderr, "cachelint-rt: CACHELINT_PROFILE_COUNTS must be 'threads' or 'totals', not '%s': no profile written\n",
				counts);
			return -1;
		}
	}
	return 0;
}

static void profile_free(struct profile *p)
{
	for (size_t i = 0; i < p->npaths; i++)
		free(p->paths[i].counts);
	free(p->paths);
	free(p->order);
	free(p->names);
	clrt_evidence_free(p->ev);
}

/*
 * Called with clrt_lock held and the samples stopped: collect, replay,
 * write.  0, an errno value, or -1 when nothing is written and stderr says
 * why already.
 */
int clrt_profile_write(const char *path)
{
	struct profile p = { 0 };
	int err;

	if (env_form(&p.form))
		return -1;
	p.seconds = (double)clrt_now() / 1e9;
	if (profile_collect(&p) ||
	    (clrt_sample && !(p.ev = clrt_evidence_build(p.order, p.nthreads, p.names)))) {
		profile_free(&p);
		fprintf(stderr, "cachelint-rt: out of memory: no profile written\n");
		return -1;
	}
	if (clrt_dropped_members)
		fprintf(stderr, "cachelint-rt: more than %d members counted: %lu of them not counted\n",
			RT_MEMBERS - 1, clrt_dropped_members);
	err = too_many_paths(&p) ? -1 : clrt_write_file(path, put_profile, &p);
	profile_free(&p);
	return err;
}
