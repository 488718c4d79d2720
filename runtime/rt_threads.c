// SPDX-License-Identifier: MIT
/*
 * rt_threads.c - libcachelint-rt: the threads, their lives and their counts
 *
 * Every thread the program creates is wrapped (pthread_create, below): it
 * registers before its start routine runs, so that its counters and
 * samples are found.  A thread's life is four times, which the evidence
 * needs (rt_contention.c): created (pthread_create was called), started,
 * exited and joined.  Nothing a thread did before another was created, or
 * after it exited, happened at the same time as that thread: a main thread
 * that fills a table before it starts the workers, or sums their slots
 * after joining them, is not contending with them.
 *
 * When a thread exits its counts become a short list of the counters it
 * used and its samples go to the process's log (rt_sample.c): memory is
 * the live threads' plus a bound for all finished ones, however many
 * threads a program runs one after another.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rt_internal.h"

struct rt_thread *clrt_threads;
__thread struct rt_thread *clrt_self;
bool clrt_forked;
static pthread_key_t key;
static unsigned index_next = 1;

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

/* A running thread's counts, read from its units' counters as they are now. */
static void live_sum(const struct rt_thread *t, uint64_t *out, size_t n)
{
	for (size_t u = 0; u < clrt_nunits; u++) {
		const struct rt_unit *unit = &clrt_units[u];
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

void clrt_thread_sum(const struct rt_thread *t, uint64_t *out, size_t n)
{
	if (!t->done) {
		live_sum(t, out, n);
		return;
	}
	for (size_t i = 0; i < t->ncounts; i++)
		if (t->counts[i].c < n)
			out[t->counts[i].c] += t->counts[i].n;
}

/* Called with clrt_lock held, on @t itself: its counts become final. */
static void thread_finish(struct rt_thread *t)
{
	size_t n = 2 * (size_t)clrt_nmembers, k = 0;
	uint64_t *all = calloc(n, sizeof(*all));

	thread_name(t->tid, t->name, sizeof(t->name));
	t->exited = clrt_now();
	if (all) {
		live_sum(t, all, n);
		for (size_t c = 0; c < n; c++)
			k += all[c] != 0;
		t->counts = malloc((k ? k : 1) * sizeof(*t->counts));
		k = 0;
		for (size_t c = 0; t->counts && c < n; c++)
			if (all[c])
				t->counts[k++] = (struct rt_sparse){ (uint32_t)c, all[c] };
	}
	t->ncounts = t->counts ? k : 0;
	free(all);
	free(t->seen);
	t->seen = NULL;
	t->seen_cap = t->nseen = 0;
	clrt_log_fold(t);
	__atomic_store_n(&t->done, true, __ATOMIC_RELEASE);
}

/* Thread exit (return or pthread_exit): its thread-local counters go away. */
static void thread_exit(void *arg)
{
	struct rt_thread *t = arg;
	sigset_t old;

	clrt_lock_take(&old);
	if (!t->done)
		thread_finish(t);
	clrt_lock_drop(&old);
}

void clrt_thread_key_init(void)
{
	pthread_key_create(&key, thread_exit);
}

/* Called with clrt_lock held: the name of the start routine @fn, or "". */
static void routine_name(void *(*fn)(void *), char *buf, size_t size)
{
	Dl_info info;

	buf[0] = 0;
	for (size_t i = 0; fn && i < clrt_nroutines; i++) {
		if (clrt_routines[2 * i] == (void *)fn) {
			snprintf(buf, size, "%s", (const char *)clrt_routines[2 * i + 1]);
			return;
		}
	}
	/* a routine of a unit not instrumented: its dynamic symbol, if any */
	if (fn && dladdr((void *)fn, &info) && info.dli_sname && info.dli_saddr == (void *)fn)
		snprintf(buf, size, "%s", info.dli_sname);
}

struct rt_thread *clrt_thread_add(unsigned index, void *(*fn)(void *))
{
	struct rt_thread *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	routine_name(fn, t->routine, sizeof(t->routine));
	t->rng = 0x9e3779b97f4a7c15ull * (index + 1) ^ (uintptr_t)t;
	t->index = index;
	t->tid = (pid_t)syscall(SYS_gettid);
	t->anchor = (char *)&clrt_anchor;
	t->handle = pthread_self();
	t->started = clrt_now();
	t->log.scale = 1;
	t->log.cap = RT_THREAD_SAMPLES;
	t->next = clrt_threads;
	/* published whole: the exit reads the list without waiting */
	__atomic_store_n(&clrt_threads, t, __ATOMIC_RELEASE);
	clrt_self = t;
	pthread_setspecific(key, t);
	return t;
}

/* @index and @created: given at pthread_create(), so that names follow creation order. */
struct start {
	void *(*fn)(void *);
	void *arg;
	unsigned index;
	uint64_t created;
};

static void *thread_start(void *p)
{
	struct start s = *(struct start *)p;
	struct rt_thread *t;
	sigset_t old;

	free(p);
	clrt_lock_take(&old);
	t = clrt_thread_add(s.index, s.fn);
	if (t)
		t->created = s.created;
	clrt_lock_drop(&old);
	return s.fn(s.arg);
}

typedef int (*create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
typedef int (*join_fn)(pthread_t, void **);

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
	s->index = __atomic_fetch_add(&index_next, 1, __ATOMIC_RELAXED);
	s->created = clrt_now();
	rc = real(thread, attr, thread_start, s);
	if (rc)
		free(s);
	return rc;
}

/*
 * The thread @h names and nobody joined yet (a pthread_t is reused once
 * its thread is joined), or NULL.  The list is newest first.
 */
static struct rt_thread *thread_of(pthread_t h)
{
	for (struct rt_thread *t = __atomic_load_n(&clrt_threads, __ATOMIC_ACQUIRE); t; t = t->next)
		if (t->index && !t->joined && pthread_equal(t->handle, h))
			return t;
	return NULL;
}

/* When a thread was joined: pthread_join() returned it. */
RT_EXPORT int pthread_join(pthread_t thread, void **ret)
{
	static join_fn real;
	int rc;

	if (!real)
		real = (join_fn)dlsym(RTLD_NEXT, "pthread_join");
	if (!real)
		return ESRCH;
	rc = real(thread, ret);
	if (!rc) {
		struct rt_thread *t = thread_of(thread);

		if (t)
			t->joined = clrt_now();
	}
	return rc;
}

/*
 * The child has one thread, this one, and writes its own file with what it
 * counts from now on: the counts so far are the parent's.
 */
void clrt_fork_child_threads(void)
{
	struct rt_thread *self = clrt_self;

	clrt_threads = NULL;
	clrt_forked = true;
	for (size_t u = 0; u < clrt_nunits; u++)
		for (size_t c = 0; c < 2 * (size_t)clrt_units[u].n + clrt_units[u].nsegs; c++)
			if (clrt_units[u].offsets[c] != RT_NO_COUNTER)
				*(uint64_t *)((char *)&clrt_anchor + clrt_units[u].offsets[c]) = 0;
	clrt_log_free(&clrt_finished);
	if (self) {
		self->next = NULL;
		clrt_threads = self;
		clrt_log_free(&self->log);
		self->log.cap = RT_THREAD_SAMPLES;
		self->log.scale = 1;
		self->index = 0;
		self->created = self->started = clrt_now();
		self->tid = (pid_t)syscall(SYS_gettid);
	} else {
		clrt_thread_add(0, NULL);
	}
}
