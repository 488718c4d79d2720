// SPDX-License-Identifier: MIT
/*
 * cachelint-rt.c - libcachelint-rt: per-thread member access counts, written
 * as a cachelint profile at exit
 *
 * Code built with -fplugin-arg-cachelint-instrument adds one to a
 * thread-local counter for every run of reads and writes of counted members
 * (cachelint-rt.h), each unit to counters of its own.  This library names
 * the counters (the units register their members and runs from
 * constructors), finds every thread's counters (it wraps pthread_create,
 * and keeps a thread's counts when it exits), multiplies the runs out and
 * adds up the units' counts of one member and, at exit,
 * writes them to $CACHELINT_PROFILE (default cachelint-profile.yaml) as a
 * cachelint profile: a regular file whole or not at all (a temporary file
 * renamed over it, through any symbolic link), a FIFO or a character
 * device in place (a FIFO nobody reads is not waited for), nothing else;
 * a setuid or setgid program ignores the environment and writes nothing:
 *
 *   cachelint-profile: 1
 *   structs:
 *     page_counter:
 *       usage.counter: {read: {thread-1: 1200, thread-2: 1100}, write: {thread-1: 300}}
 *
 * one serialized path per thread: `main` for the main thread, `thread-N`
 * for the Nth thread created.  Environment:
 *
 *   CACHELINT_PROFILE=FILE          where to write (%p: the process id).  A
 *                                   child of fork() writes its own accesses
 *                                   after the fork to FILE.<pid>
 *   CACHELINT_THREAD_ROLES=name     one path per thread name
 *                                   (pthread_setname_np, /proc/self/task/T/comm)
 *                                   instead of one per thread; a name that
 *                                   two or more threads used is a concurrent
 *                                   path (`paths: {worker: concurrent}`)
 *   CACHELINT_PROFILE_COUNTS=totals one {reads: N, writes: M} per member,
 *                                   summed over threads, from which cachelint
 *                                   infers classes (read_mostly, write_hot)
 *
 * Nothing here runs on the counting path: counting is the instrumented
 * code's own thread-local increment.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cachelint-rt.h"

#define RT_EXPORT __attribute__((visibility("default")))
#define RT_MEMBERS 4096			/* member 0 takes what is not counted */
#define RT_PATHS_MAX 1024		/* paths per member the profile loader takes */

/*
 * In static TLS, as every unit's counters are: a unit's counters are this
 * many bytes from rt_anchor in every thread (cachelint-rt.h).
 */
static __thread uint64_t rt_anchor __attribute__((tls_model("initial-exec")));

/**
 * struct rt_member - one counted member, program-wide
 * @rec: struct tag or typedef name
 * @path: dotted member path ("usage.counter")
 * @bit_offset: where the member starts, to write members in layout order
 */
struct rt_member {
	char *rec;
	char *path;
	uint64_t bit_offset;
};

#define RT_NO_COUNTER PTRDIFF_MIN

/**
 * struct rt_unit - a unit's counters
 * @n: members of the unit
 * @members: the unit's member k is program-wide member @members[k]
 * @nsegs: segments of the unit
 * @segs: what each segment counts: the number of entries, then
 *	(counter 2k + w, times) for each (cachelint-rt.h)
 * @offsets: where member k's own reads (2k) and writes (2k + 1) and
 *	segment s (2n + s) are counted, as the counter's address minus
 *	rt_anchor's, the same in every thread; RT_NO_COUNTER where the unit
 *	never counts
 */
struct rt_unit {
	unsigned n;
	unsigned *members;
	unsigned nsegs;
	unsigned *segs;
	ptrdiff_t *offsets;
};

/**
 * struct rt_thread - a thread that counted
 * @next: list of every thread since the start (or since fork, in a child)
 * @index: 0 for the main thread, then 1, 2, ... in creation order
 * @tid: kernel thread id, for its name while it runs
 * @anchor: its rt_anchor, from which its units' counters are found while it runs
 * @counts: once it has exited, its counts by program-wide member (2m, 2m + 1)
 * @ncounts: counters in @counts (members registered when it exited)
 * @done: it has exited, @counts and @name are final
 * @name: its name when it exited (or when the profile is written)
 */
struct rt_thread {
	struct rt_thread *next;
	unsigned index;
	pid_t tid;
	char *anchor;
	uint64_t *counts;
	size_t ncounts;
	bool done;
	char name[64];
};

static pthread_mutex_t rt_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t rt_once = PTHREAD_ONCE_INIT;
static pthread_key_t rt_key;
static struct rt_member rt_members[RT_MEMBERS];
static unsigned rt_nmembers = 1;	/* member 0: not counted */
static unsigned long rt_dropped;
static struct rt_unit *rt_units;
static size_t rt_nunits;
static unsigned rt_index_next = 1;
static struct rt_thread *rt_threads;
static bool rt_forked;
static __thread struct rt_thread *rt_self;

/* ------------------------------------------------------------------ */
/* Members                                                              */
/* ------------------------------------------------------------------ */

#define RT_HASH_SIZE (2 * RT_MEMBERS)
static unsigned rt_hash[RT_HASH_SIZE];	/* member index, 0 = free */

static unsigned long hash_key(const char *rec, size_t rlen, const char *path, size_t plen)
{
	unsigned long h = 14695981039346656037ul;

	for (size_t i = 0; i < rlen; i++)
		h = (h ^ (unsigned char)rec[i]) * 1099511628211ul;
	h = (h ^ '\t') * 1099511628211ul;
	for (size_t i = 0; i < plen; i++)
		h = (h ^ (unsigned char)path[i]) * 1099511628211ul;
	return h;
}

static bool same(const char *s, const char *p, size_t len)
{
	return !strncmp(s, p, len) && !s[len];
}

/* The index of member @rec.@path, added when new; 0 when there is no room. */
static unsigned member_find(const char *rec, size_t rlen, const char *path, size_t plen,
			    uint64_t bit_offset)
{
	unsigned long h = hash_key(rec, rlen, path, plen) % RT_HASH_SIZE;
	struct rt_member *m;

	for (; rt_hash[h]; h = (h + 1) % RT_HASH_SIZE) {
		m = &rt_members[rt_hash[h]];
		if (same(m->rec, rec, rlen) && same(m->path, path, plen))
			return rt_hash[h];
	}
	if (rt_nmembers == RT_MEMBERS)
		return 0;
	m = &rt_members[rt_nmembers];
	m->rec = strndup(rec, rlen);
	m->path = strndup(path, plen);
	if (!m->rec || !m->path) {
		free(m->rec);
		free(m->path);
		return 0;
	}
	m->bit_offset = bit_offset;
	rt_hash[h] = rt_nmembers;
	return rt_nmembers++;
}

/* ------------------------------------------------------------------ */
/* Threads                                                              */
/* ------------------------------------------------------------------ */

static void thread_name(pid_t tid, char *buf, size_t size)
{
	char path[64];
	FILE *f;

	buf[0] = 0;
	snprintf(path, sizeof(path), "/proc/self/task/%d/comm", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = 0;
	fclose(f);
}

static uint64_t live_count(const struct rt_thread *t, ptrdiff_t offset)
{
	return __atomic_load_n((uint64_t *)(t->anchor + offset), __ATOMIC_RELAXED);
}

/* @count more of @unit's counter @c (2k + w): to its program-wide member's. */
static void unit_add(const struct rt_unit *unit, size_t c, uint64_t count, uint64_t *out,
		     size_t n)
{
	size_t to = 2 * (size_t)unit->members[c / 2] + c % 2;

	if (to < n)
		out[to] += count;
}

/*
 * Called with rt_lock held: add @t's counts by program-wide member to @out
 * (@n counters).  A running thread's are read from its units' counters as
 * they are now.
 */
static void thread_sum(const struct rt_thread *t, uint64_t *out, size_t n)
{
	if (t->done) {
		for (size_t c = 0; c < n && c < t->ncounts; c++)
			out[c] += t->counts[c];
		return;
	}
	for (size_t u = 0; u < rt_nunits; u++) {
		const struct rt_unit *unit = &rt_units[u];
		const unsigned *seg = unit->segs;

		for (size_t c = 0; c < 2 * (size_t)unit->n; c++)
			if (unit->offsets[c] != RT_NO_COUNTER)
				unit_add(unit, c, live_count(t, unit->offsets[c]), out, n);
		for (size_t s = 0; s < unit->nsegs; s++) {
			uint64_t runs = live_count(t, unit->offsets[2 * (size_t)unit->n + s]);
			unsigned entries = *seg++;

			for (unsigned e = 0; e < entries; e++, seg += 2)
				unit_add(unit, seg[0], runs * seg[1], out, n);
		}
	}
}

/* Called with rt_lock held, on @t itself: its counts become final. */
static void thread_finish(struct rt_thread *t)
{
	size_t n = 2 * (size_t)rt_nmembers;
	uint64_t *copy = calloc(n, sizeof(*copy));

	thread_name(t->tid, t->name, sizeof(t->name));
	if (copy)
		thread_sum(t, copy, n);
	t->counts = copy;
	t->ncounts = copy ? n : 0;
	t->done = true;
}

/* Thread exit (return or pthread_exit): its thread-local counters go away. */
static void thread_exit(void *arg)
{
	struct rt_thread *t = arg;

	pthread_mutex_lock(&rt_lock);
	thread_finish(t);
	pthread_mutex_unlock(&rt_lock);
}

/* Called with rt_lock held, on the thread itself. */
static void thread_add(unsigned index)
{
	struct rt_thread *t = calloc(1, sizeof(*t));

	if (!t)
		return;
	t->index = index;
	t->tid = (pid_t)syscall(SYS_gettid);
	t->anchor = (char *)&rt_anchor;
	t->next = rt_threads;
	rt_threads = t;
	rt_self = t;
	pthread_setspecific(rt_key, t);
}

static void thread_begin(unsigned index)
{
	pthread_mutex_lock(&rt_lock);
	thread_add(index);
	pthread_mutex_unlock(&rt_lock);
}

/* @index: given at pthread_create(), so that names follow creation order. */
struct start {
	void *(*fn)(void *);
	void *arg;
	unsigned index;
};

static void *thread_start(void *p)
{
	struct start s = *(struct start *)p;

	free(p);
	thread_begin(s.index);
	return s.fn(s.arg);
}

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

/*
 * Every thread the program creates registers its counters first.  Threads
 * that libraries create with their own (unwrapped) reference to libc's
 * pthread_create are not counted.
 */
RT_EXPORT int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			     void *(*fn)(void *), void *arg)
{
	static create_fn real;
	struct start *s;
	int rc;

	if (!real)
		real = (create_fn)dlsym(RTLD_NEXT, "pthread_create");
	if (!real)
		return EAGAIN;
	s = malloc(sizeof(*s));
	if (!s)
		return real(thread, attr, fn, arg);
	s->fn = fn;
	s->arg = arg;
	s->index = __atomic_fetch_add(&rt_index_next, 1, __ATOMIC_RELAXED);
	rc = real(thread, attr, thread_start, s);
	if (rc)
		free(s);
	return rc;
}

/* ------------------------------------------------------------------ */
/* The profile                                                          */
/* ------------------------------------------------------------------ */

enum form { FORM_THREADS, FORM_ROLES, FORM_TOTALS };

/* A name as YAML: plain when it is a simple word, else double-quoted. */
#define PATH_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-"

static void put_name(FILE *f, const char *s)
{
	if (*s && strspn(s, PATH_CHARS) ==
		  strlen(s) && *s != '-' && *s != '.') {
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

struct profile {
	struct path *paths;
	size_t npaths;
	size_t ncounts;
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
 * (letters, digits, '_', '-', '.'; core/paths.h): "kworker/0:1" becomes
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

/* Called with rt_lock held: the threads' counts, by path, in thread order. */
static int profile_collect(struct profile *p, enum form form)
{
	size_t nthreads = 0, k = 0;
	struct rt_thread **order;
	uint64_t *sum;

	p->ncounts = 2 * (size_t)rt_nmembers;
	for (struct rt_thread *t = rt_threads; t; t = t->next)
		nthreads++;
	order = calloc(nthreads + 1, sizeof(*order));
	p->paths = calloc(nthreads + 1, sizeof(*p->paths));
	sum = calloc(p->ncounts, sizeof(*sum));
	if (!order || !p->paths || !sum) {
		free(order);
		free(sum);
		return -1;
	}
	for (struct rt_thread *t = rt_threads; t; t = t->next)
		order[k++] = t;
	/* Paths in creation order, whatever order the threads started in. */
	qsort(order, nthreads, sizeof(*order), thread_cmp);
	for (size_t i = 0; i < nthreads; i++) {
		struct rt_thread *t = order[i];
		char name[64];
		struct path *path;

		if (!t->done)
			thread_name(t->tid, t->name, sizeof(t->name));
		memset(sum, 0, p->ncounts * sizeof(*sum));
		thread_sum(t, sum, p->ncounts);
		if (!counted(sum, p->ncounts))
			continue;
		thread_path_name(t, form, name, sizeof(name));
		path = path_get(p, name);
		if (!path) {
			path = &p->paths[p->npaths++];
			snprintf(path->name, sizeof(path->name), "%s", name);
			path->counts = calloc(p->ncounts, sizeof(uint64_t));
			if (!path->counts) {
				free(order);
				free(sum);
				return -1;
			}
		}
		path->threads++;
		for (size_t c = 0; c < p->ncounts; c++)
			path->counts[c] += sum[c];
	}
	free(order);
	free(sum);
	return 0;
}

static int member_cmp(const void *a, const void *b)
{
	const struct rt_member *x = &rt_members[*(const unsigned *)a];
	const struct rt_member *y = &rt_members[*(const unsigned *)b];
	int c = strcmp(x->rec, y->rec);

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
		put_name(f, p->paths[i].name);
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

static void put_member(FILE *f, const struct profile *p, unsigned m, enum form form)
{
	uint64_t r = total(p, m, 0), w = total(p, m, 1);

	fprintf(f, "    %s: {", rt_members[m].path);
	if (form == FORM_TOTALS) {
		fprintf(f, "reads: %" PRIu64 ", writes: %" PRIu64 "}\n", r, w);
		return;
	}
	if (put_uses(f, p, m, 0, "read: {") && w)
		fputs(", ", f);
	put_uses(f, p, m, 1, "write: {");
	fputs("}\n", f);
}

static void put_profile(FILE *f, const struct profile *p, enum form form)
{
	unsigned *order = malloc(rt_nmembers * sizeof(*order));
	unsigned n = 0;
	const char *rec = NULL;

	fprintf(f, "# Written by libcachelint-rt (cachelint %s): member accesses counted by\n"
		   "# -fplugin-arg-cachelint-instrument, %s.\n",
		CL_RT_VERSION, form == FORM_TOTALS ? "summed over threads" :
		form == FORM_ROLES ? "one path per thread name" : "one path per thread");
	fprintf(f, "cachelint-profile: 1\n");
	if (form == FORM_ROLES) {
		bool any = false;

		for (size_t i = 0; i < p->npaths; i++) {
			if (p->paths[i].threads < 2)
				continue;
			fputs(any ? "" : "paths:\n", f);
			fputs("  ", f);
			put_name(f, p->paths[i].name);
			fputs(": concurrent\n", f);
			any = true;
		}
	}
	for (unsigned m = 1; order && m < rt_nmembers; m++)
		if (total(p, m, 0) || total(p, m, 1))
			order[n++] = m;
	if (!n) {
		fputs("structs: {}\n", f);
		free(order);
		return;
	}
	qsort(order, n, sizeof(*order), member_cmp);
	fputs("structs:\n", f);
	for (unsigned i = 0; i < n; i++) {
		const struct rt_member *m = &rt_members[order[i]];

		if (!rec || strcmp(rec, m->rec)) {
			fputs("  ", f);
			put_name(f, m->rec);	/* "ns::box<long int, 3>" */
			fputs(":\n", f);
		}
		rec = m->rec;
		put_member(f, p, order[i], form);
	}
	free(order);
}

/*
 * More paths on one member than a profile entry takes: such a profile
 * would not load, so none is written.  Whether that is so.
 */
static bool too_many_paths(const struct profile *p, enum form form)
{
	bool many = false;

	if (form == FORM_TOTALS || p->npaths <= RT_PATHS_MAX)
		return false;
	for (unsigned m = 1; m < rt_nmembers; m++) {
		size_t n = 0;

		for (size_t i = 0; i < p->npaths; i++)
			n += p->paths[i].counts[2 * m] || p->paths[i].counts[2 * m + 1];
		if (n > RT_PATHS_MAX && !many)
			fprintf(stderr, "cachelint-rt: %zu %s accessed %s.%s, more than the %d paths a profile entry takes: no profile written; %s\n",
				n, form == FORM_ROLES ? "thread names" : "threads", rt_members[m].rec,
				rt_members[m].path, RT_PATHS_MAX,
				form == FORM_ROLES ? "set CACHELINT_PROFILE_COUNTS=totals" :
				"set CACHELINT_THREAD_ROLES=name to count by thread name");
		many |= n > RT_PATHS_MAX;
	}
	return many;
}

static int env_form(enum form *form)
{
	const char *roles = secure_getenv("CACHELINT_THREAD_ROLES");
	const char *counts = secure_getenv("CACHELINT_PROFILE_COUNTS");

	*form = FORM_THREADS;
	if (roles && *roles) {
		if (strcmp(roles, "name")) {
			fprintf(stderr, "cachelint-rt: CACHELINT_THREAD_ROLES must be 'name', not '%s': no profile written\n",
				roles);
			return -1;
		}
		*form = FORM_ROLES;
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

/* $CACHELINT_PROFILE with %p expanded; a forked child's gets .<pid>. */
static char *profile_path(void)
{
	const char *env = secure_getenv("CACHELINT_PROFILE");
	const char *name = env && *env ? env : "cachelint-profile.yaml";
	size_t len = strlen(name) + 24;
	bool pid = false;
	char *out, *o;

	for (const char *s = strstr(name, "%p"); s; s = strstr(s + 2, "%p"))
		len += 24;
	out = o = malloc(len);
	if (!out)
		return NULL;
	for (const char *s = name; *s; s++) {
		if (s[0] == '%' && s[1] == 'p') {
			o += sprintf(o, "%d", (int)getpid());
			s++;
			pid = true;
		} else {
			*o++ = *s;
		}
	}
	*o = 0;
	if (rt_forked && !pid)
		sprintf(o, ".%d", (int)getpid());
	return out;
}

/* ------------------------------------------------------------------ */
/* Writing the file                                                     */
/*                                                                      */
/* This runs inside the user's program, at exit, perhaps as root, with  */
/* a name from the environment: it never waits, never replaces what is  */
/* not a regular file, and lets the kernel follow symbolic links (with  */
/* its own protections), as the shell's '>' would.                      */
/* ------------------------------------------------------------------ */

static int put_stream(FILE *f, const struct profile *p, enum form form)
{
	int err;

	if (!f)
		return errno;
	put_profile(f, p, form);
	err = ferror(f) ? EIO : 0;
	if (fclose(f) && !err)
		err = errno;
	return err;
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Standard output or error when @st is the file one of them writes, or -1. */
static int std_stream(const struct stat *st)
{
	for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++) {
		struct stat std;

		if (fstat(fd, &std) == 0 && same_file(st, &std))
			return fd;
	}
	return -1;
}

/*
 * A FIFO or character device (/dev/null, a terminal, a pipe reached as
 * /dev/stdout) is written in place, never replaced, and a FIFO that
 * nobody reads is not waited for (the open was O_NONBLOCK: ENXIO); one
 * whose reader stops reading holds the exit as any pipe would.  The
 * file that standard output or error writes (/dev/stdout when it is
 * redirected to a file) is written through that descriptor, at its
 * offset, after the program's own buffered output.
 */
static int write_in_place(int fd, const struct stat *st, const struct profile *p,
			  enum form form)
{
	int std = std_stream(st);

	if (std >= 0) {
		fflush(stdout);
		close(fd);
		fd = dup(std);
		if (fd < 0)
			return errno;
	} else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)) {
		close(fd);
		return errno;
	}
	return put_stream(fdopen(fd, "w"), p, form);	/* "w" truncates nothing here */
}

/* Where the kernel found the file open as @fd: a malloc'ed path, or NULL. */
static char *fd_path(int fd, const char *path, const struct stat *st)
{
	char proc[64], *buf = malloc(PATH_MAX);
	struct stat l;
	ssize_t n;

	if (!buf)
		return NULL;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, buf, PATH_MAX - 1);
	if (n > 0 && buf[0] == '/') {
		buf[n] = 0;
		return buf;
	}
	free(buf);
	/* no /proc: only a name that is the file itself, not a link to it */
	if (lstat(path, &l) == 0 && S_ISREG(l.st_mode) && same_file(&l, st))
		return strdup(path);
	errno = ENOTSUP;
	return NULL;
}

/* A new file beside @target, that nobody else can have opened or linked. */
static int create_temporary(const char *target, char **tmp)
{
	size_t len = strlen(target) + 32;

	*tmp = malloc(len);
	if (!*tmp)
		return -1;
	for (unsigned i = 0; i < 100; i++) {
		int fd;

		snprintf(*tmp, len, "%s.tmp.%d.%u", target, (int)getpid(), i);
		fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/*
 * A regular file, open as @fd, is replaced whole: a temporary file beside
 * it, with its mode (and, when root writes, its owner), renamed over it
 * if it is still the file that was opened.  @created: this process made
 * it empty a moment ago, and removes it again when the profile fails.
 */
static int write_replace(int fd, const char *path, bool created, const struct profile *p,
			 enum form form)
{
	struct stat st, now;
	char *target = NULL, *tmp = NULL;
	int tfd = -1, err;

	if (fstat(fd, &st) || !(target = fd_path(fd, path, &st))) {
		err = errno;
		goto out;
	}
	tfd = create_temporary(target, &tmp);
	if (tfd < 0) {
		err = errno;
		goto out;
	}
	if (fchmod(tfd, st.st_mode & 0777) ||
	    (geteuid() == 0 && fchown(tfd, st.st_uid, st.st_gid))) {
		err = errno;
		close(tfd);
		goto out_unlink;
	}
	err = put_stream(fdopen(tfd, "w"), p, form);
	if (err)
		goto out_unlink;
	if (lstat(target, &now) || !same_file(&now, &st)) {
		err = EAGAIN;		/* replaced meanwhile: leave it */
		goto out_unlink;
	}
	if (rename(tmp, target) == 0)
		goto out;
	err = errno;
out_unlink:
	unlink(tmp);
out:
	if (err && created && target && lstat(target, &now) == 0 && same_file(&now, &st))
		unlink(target);
	close(fd);
	free(tmp);
	free(target);
	return err;
}

/* Whether @path's directory is sticky and world-writable (/tmp); its owner in *@owner. */
static bool sticky_dir(const char *path, uid_t *owner)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	struct stat d;
	bool sticky;

	sticky = dir && stat(dir, &d) == 0 &&
		 (d.st_mode & (S_ISVTX | S_IWOTH)) == (S_ISVTX | S_IWOTH);
	*owner = sticky ? d.st_uid : 0;
	free(dir);
	return sticky;
}

/*
 * A symbolic link that the kernel's fs.protected_symlinks would not let
 * another user's program follow: in a sticky, world-writable directory
 * (/tmp), owned neither by this user nor by the directory's owner.  Refused
 * whatever the sysctl says, for the last component of the name.  A link
 * that passes cannot be swapped for another: the sticky bit lets only its
 * owner or the directory's rename or remove it.
 */
static bool untrusted_link(const char *path)
{
	struct stat l;
	uid_t owner;

	return lstat(path, &l) == 0 && S_ISLNK(l.st_mode) && sticky_dir(path, &owner) &&
	       l.st_uid != geteuid() && l.st_uid != owner;
}

/*
 * Follow the link at @path in a sticky directory only when it is trusted,
 * after an open with O_NOFOLLOW met it (ELOOP): checked, then opened, with
 * no window for another user to put a link in its place.
 */
static int open_link(const char *path, int flags, mode_t mode)
{
	if (untrusted_link(path)) {
		errno = EPERM;
		return -1;
	}
	return open(path, flags & ~O_NOFOLLOW, mode);
}

/*
 * Open @path for writing as the shell would, without waiting for a FIFO's
 * reader: the file as it is, or a new one (*@created, only when this open
 * made it).  In a sticky directory no link is followed unchecked.  -1 and
 * errno.
 */
static int open_target(const char *path, bool *created)
{
	uid_t owner;
	const int flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
			  (sticky_dir(path, &owner) ? O_NOFOLLOW : 0);
	struct stat l;

	*created = false;
	for (int tries = 0; tries < 3; tries++) {
		int fd = open(path, flags);

		if (fd < 0 && errno == ELOOP && (flags & O_NOFOLLOW))
			fd = open_link(path, flags, 0);
		if (fd >= 0 || errno != ENOENT)
			return fd;
		/* a new name: O_EXCL follows no link */
		fd = open(path, flags | O_CREAT | O_EXCL, 0666);
		if (fd >= 0 || errno != EEXIST) {
			*created = fd >= 0;
			return fd;
		}
		/* a dangling link names the file to create, as for '>' */
		if (lstat(path, &l) == 0 && S_ISLNK(l.st_mode))
			return (flags & O_NOFOLLOW) ? open_link(path, flags | O_CREAT, 0666) :
						      open(path, flags | O_CREAT, 0666);
	}
	return -1;
}

/* Why @path cannot be written: a message for stderr, or NULL for strerror(). */
static const char *refusal(const char *path, int err)
{
	struct stat st;

	if (err == EPERM && untrusted_link(path))
		return "a symbolic link in a sticky directory, owned by another user";
	if (stat(path, &st))
		return NULL;
	if (err == ENXIO && S_ISFIFO(st.st_mode))
		return "a FIFO that no process has open for reading";
	if (S_ISBLK(st.st_mode))
		return "a block device";
	if (S_ISDIR(st.st_mode))
		return "a directory";
	if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode))
		return "not a regular file, FIFO or character device";
	return NULL;
}

/*
 * Write the profile to @path: a regular file (or a new one) whole or not
 * at all, a FIFO or character device in place.  0, or an errno value.
 */
static int write_file(const char *path, const struct profile *p, enum form form)
{
	struct stat st;
	bool created;
	int fd;

	if (stat(path, &st) == 0 && (S_ISBLK(st.st_mode) || S_ISDIR(st.st_mode)))
		return EINVAL;
	fd = open_target(path, &created);
	if (fd < 0)
		return errno;
	if (fstat(fd, &st)) {
		close(fd);
		return errno;
	}
	if (S_ISREG(st.st_mode) && std_stream(&st) < 0)
		return write_replace(fd, path, created, p, form);
	if (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		return write_in_place(fd, &st, p, form);
	close(fd);
	return EINVAL;
}

/*
 * A setuid or setgid program (AT_SECURE) writes nothing: the user who runs
 * it chooses the environment and the working directory, and the file would
 * be written with the program's privileges.
 */
static bool secure_execution(void)
{
	if (!getauxval(AT_SECURE))
		return false;
	fprintf(stderr, "cachelint-rt: a setuid or setgid program: CACHELINT_* ignored, no profile written\n");
	return true;
}

/* At exit, from whichever thread calls exit() (or returns from main). */
static void rt_write(void)
{
	struct profile p = { 0 };
	enum form form;
	char *path;
	int err;

	if (secure_execution() || env_form(&form))
		return;
	pthread_mutex_lock(&rt_lock);
	path = profile_path();
	if (!path || profile_collect(&p, form)) {
		pthread_mutex_unlock(&rt_lock);
		fprintf(stderr, "cachelint-rt: out of memory: no profile written\n");
		free(path);
		return;
	}
	if (rt_dropped)
		fprintf(stderr, "cachelint-rt: more than %d members counted: %lu of them not counted\n",
			RT_MEMBERS - 1, rt_dropped);
	err = too_many_paths(&p, form) ? -1 : write_file(path, &p, form);
	pthread_mutex_unlock(&rt_lock);
	if (err > 0) {
		const char *why = refusal(path, err);

		fprintf(stderr, "cachelint-rt: cannot write profile '%s': %s%s\n", path,
			why ? why : strerror(err), why ? ": no profile written" : "");
	}
	for (size_t i = 0; i < p.npaths; i++)
		free(p.paths[i].counts);
	free(p.paths);
	free(path);
}

/* ------------------------------------------------------------------ */
/* Fork and start-up                                                    */
/* ------------------------------------------------------------------ */

static void fork_prepare(void)
{
	pthread_mutex_lock(&rt_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&rt_lock);
}

/*
 * The child has one thread, this one, and writes its own file with what it
 * counts from now on: the counts so far are the parent's.
 */
static void fork_child(void)
{
	struct rt_thread *self = rt_self;

	pthread_mutex_init(&rt_lock, NULL);
	rt_threads = NULL;
	rt_forked = true;
	for (size_t u = 0; u < rt_nunits; u++)
		for (size_t c = 0; c < 2 * (size_t)rt_units[u].n + rt_units[u].nsegs; c++)
			if (rt_units[u].offsets[c] != RT_NO_COUNTER)
				*(uint64_t *)((char *)&rt_anchor + rt_units[u].offsets[c]) = 0;
	if (self) {
		self->next = NULL;
		rt_threads = self;
	} else {
		thread_add(0);
	}
}

static void rt_init(void)
{
	pthread_key_create(&rt_key, thread_exit);
	pthread_mutex_lock(&rt_lock);
	thread_add(0);
	pthread_mutex_unlock(&rt_lock);
	pthread_atfork(fork_prepare, fork_parent, fork_child);
	atexit(rt_write);
}

__attribute__((constructor(101))) static void rt_constructor(void)
{
	pthread_once(&rt_once, rt_init);
}

/* The length of a table of @nsegs segments (cachelint-rt.h). */
static size_t segments_length(const unsigned *segs, unsigned nsegs)
{
	size_t len = 0;

	for (unsigned s = 0; s < nsegs; s++)
		len += 1 + 2 * (size_t)segs[len];
	return len;
}

/*
 * A unit: its @nmembers members ("struct\tpath\tbit-offset\n" each), its
 * @nsegs segments, and its counters as this thread sees them (2k: member
 * k's reads, 2k + 1: its writes, 2 * nmembers + s: segment s; NULL: none).
 */
RT_EXPORT void __libcachelint_rt_register_v2(const char *members, unsigned int nmembers,
					   const unsigned int *segs, unsigned int nsegs,
					   uint64_t *const *counters)
{
	const char *s = members;
	size_t ncounters = 2 * (size_t)nmembers + nsegs, seglen = segments_length(segs, nsegs);
	struct rt_unit *units, *unit;

	pthread_once(&rt_once, rt_init);
	pthread_mutex_lock(&rt_lock);
	units = realloc(rt_units, (rt_nunits + 1) * sizeof(*units));
	if (!units)
		goto nomem;
	rt_units = units;
	unit = &rt_units[rt_nunits];
	unit->members = calloc(nmembers ? nmembers : 1, sizeof(*unit->members));
	unit->segs = malloc((seglen ? seglen : 1) * sizeof(*unit->segs));
	unit->offsets = calloc(ncounters + 1, sizeof(*unit->offsets));
	if (!unit->members || !unit->segs || !unit->offsets) {
		free(unit->members);
		free(unit->segs);
		free(unit->offsets);
		goto nomem;
	}
	memcpy(unit->segs, segs, seglen * sizeof(*unit->segs));
	for (size_t c = 0; c < ncounters; c++)
		unit->offsets[c] = counters[c] ? (char *)counters[c] - (char *)&rt_anchor :
						 RT_NO_COUNTER;
	unit->n = nmembers;
	unit->nsegs = nsegs;
	for (unsigned k = 0; k < nmembers && *s; k++) {
		const char *tab1 = strchr(s, '\t'), *tab2, *nl;
		unsigned m = 0;

		if (!tab1 || !(tab2 = strchr(tab1 + 1, '\t')) || !(nl = strchr(tab2, '\n')))
			break;
		m = member_find(s, (size_t)(tab1 - s), tab1 + 1, (size_t)(tab2 - tab1 - 1),
				strtoull(tab2 + 1, NULL, 10));
		if (!m)
			rt_dropped++;
		unit->members[k] = m;
		s = nl + 1;
	}
	rt_nunits++;
	pthread_mutex_unlock(&rt_lock);
	return;
nomem:
	pthread_mutex_unlock(&rt_lock);
	fprintf(stderr, "cachelint-rt: out of memory: the %u members of a unit are not counted\n",
		nmembers);
}
