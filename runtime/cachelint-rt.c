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
 * one path per thread start routine (`worker_libevent`; the threads that
 * run one routine are one concurrent path, `paths: {worker_libevent:
 * concurrent}`), `main` for the main thread, `thread-N` for the Nth thread
 * created where the routine has no name.  It also samples the objects the
 * accesses touch (below) and writes what it saw under `objects:`.
 * Environment:
 *
 *   CACHELINT_PROFILE=FILE          where to write (%p: the process id).  A
 *                                   child of fork() writes its own accesses
 *                                   after the fork to FILE.<pid>
 *   CACHELINT_THREAD_ROLES=name     one path per thread name
 *                                   (pthread_setname_np, /proc/self/task/T/comm)
 *                                   instead of one per routine; a name that
 *                                   two or more threads used is a concurrent
 *                                   path (`paths: {worker: concurrent}`)
 *   CACHELINT_THREAD_ROLES=thread   one serialized path per thread
 *                                   (`thread-N`)
 *   CACHELINT_SAMPLE=N              record about one access in N per thread
 *                                   (default 1024; 1: every access; 0: none)
 *   CACHELINT_LINE_SIZE=N           the line size objects are grouped by
 *                                   (default 64; a power of two, 16-512)
 *   CACHELINT_PROFILE_COUNTS=totals one {reads: N, writes: M} per member,
 *                                   summed over threads, from which cachelint
 *                                   infers classes (read_mostly, write_hot)
 *
 * Nothing here runs on the counting path: counting is the instrumented
 * code's own thread-local increment.  Sampling: when a counter reaches
 * the count its `next` says, the code calls __libcachelint_rt_sample_v3()
 * (cachelint-rt.h); that records (object, line, bytes read, bytes written) in a table
 * of the thread's own, at most RT_TABLE_MAX entries (about 2.5 MiB; past
 * that samples are dropped and counted), and returns the next random
 * interval.  At exit the tables say which objects two threads touched and
 * which lines two objects shared (docs/profiles.md, "Objects").
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
#include <time.h>
#include <unistd.h>

#include "cachelint-rt.h"

#define RT_EXPORT __attribute__((visibility("default")))
#define RT_MEMBERS 4096			/* member 0 takes what is not counted */
#define RT_PATHS_MAX 1024		/* paths per member the profile loader takes */
#define RT_UNITS_MAX 16384		/* units registered (a fixed array: read unlocked) */
#define RT_RECS_MAX 4096		/* structs and variables */
#define RT_TABLE_MIN 256		/* a thread's table of sampled lines, entries */
#define RT_TABLE_MAX 65536
#define RT_PAIRS_SHOWN 8		/* path names per evidence entry */

/*
 * In static TLS, as every unit's counters are: a unit's counters are this
 * many bytes from rt_anchor in every thread (cachelint-rt.h).
 */
static __thread uint64_t rt_anchor __attribute__((tls_model("initial-exec")));

/**
 * struct rt_rec - a struct or a variable whose members are counted
 * @name: tag, typedef name or variable name
 * @kind: "s:SIZE:FINGERPRINT" or "v:ELEMENT:COUNT" (cachelint-rt.h): two
 *	structs of one tag with different members are two records; one struct
 *	that two units see through two paths is one
 * @defined: "file:line" of its definition (the first unit's)
 * @variable: a global or static variable (`instrument=NAME`), not a struct
 * @size: the struct's size; a variable's element size
 * @elements: a variable's elements (1: a scalar)
 * @twin: another record has the same @name: the profile names it
 *	"name@file:line"
 */
struct rt_rec {
	char *name;
	char *kind;
	char *defined;
	bool variable;
	uint64_t size, elements;
	bool twin;
};

/**
 * struct rt_member - one counted member, program-wide
 * @rec: its record's name (rt_recs[@rid].name)
 * @path: dotted member path ("usage.counter"); "" for a variable
 * @bit_offset: where the member starts, to write members in layout order
 * @bit_size: its size, to tell which member sampled bytes belong to
 * @rid: its record in rt_recs
 */
struct rt_member {
	char *rec;
	char *path;
	uint64_t bit_offset, bit_size;
	unsigned rid;
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
	const unsigned *sites;
};

/**
 * struct rt_line - one line of one object that a thread touched (sampled)
 * @line: the line's address / line size
 * @base: the object's address
 * @rid: its record (rt_recs)
 * @read: bytes read, bit b for bytes [b * size / 64, (b + 1) * size / 64)
 * @write: bytes written, likewise
 * @first, @last: when the thread touched it first and last (milliseconds
 *	since the runtime started, a coarse clock): two threads that use one
 *	object one after the other (a connection whose descriptor another
 *	worker gets when the first closed it) do not share it
 * @samples: how many samples it took (one sample says when, not how long)
 */
struct rt_line {
	uintptr_t line, base;
	unsigned rid, first, last, samples;
	uint64_t read, write;
};

/**
 * struct rt_table - a thread's sampled lines (open addressing)
 * @v: @cap entries, @n used (line 0 and base 0: free)
 * @dropped: samples not kept: the table was full
 * @rng: xorshift state for the intervals
 * @lock: the thread itself takes it to record, the exit to read
 */
struct rt_table {
	struct rt_line *v;
	size_t cap, n;
	unsigned long dropped;
	uint64_t rng;
	pthread_mutex_t lock;
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
 * @routine: the function it started in, when it has a name
 * @table: the lines it touched, sampled
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
	char routine[64];
	struct rt_table table;
};

static pthread_mutex_t rt_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t rt_once = PTHREAD_ONCE_INIT;
static pthread_key_t rt_key;
static struct rt_member rt_members[RT_MEMBERS];
static unsigned rt_nmembers = 1;	/* member 0: not counted */
static unsigned long rt_dropped;
static struct rt_unit rt_units[RT_UNITS_MAX];
static size_t rt_nunits;
static struct rt_rec rt_recs[RT_RECS_MAX];
static unsigned rt_nrecs;
static unsigned rt_sample = 1024;	/* CACHELINT_SAMPLE */
static unsigned rt_line_size = 64;	/* CACHELINT_LINE_SIZE */
static struct timespec rt_start;	/* set once, before any thread but main runs */
static unsigned long rt_units_dropped;
/* `instrument=` names: "name\tS\n" (a unit saw it) or "name\tU\n", each once */
static char *rt_names;
/* thread start routines of the units: address, name */
static void **rt_routines;
static size_t rt_nroutines;
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

/*
 * The record @name defined at @defined with @kind ("s:SIZE",
 * "v:ELEMENT:COUNT"); added when new.  RT_RECS_MAX when there is no room.
 */
static unsigned rec_find(const char *name, size_t nlen, const char *defined, size_t dlen,
			 const char *kind)
{
	struct rt_rec *r;
	bool twin = false;

	for (unsigned i = 0; i < rt_nrecs; i++) {
		r = &rt_recs[i];
		if (!same(r->name, name, nlen) || r->variable != (kind[0] == 'v'))
			continue;
		/*
		 * A variable is one by its name (two units' statics of one
		 * name are written as one); a struct by its members too.
		 */
		if (r->variable || !strcmp(r->kind, kind))
			return i;
		twin = r->twin = true;
	}
	if (rt_nrecs == RT_RECS_MAX)
		return RT_RECS_MAX;
	r = &rt_recs[rt_nrecs];
	r->name = strndup(name, nlen);
	r->kind = strdup(kind);
	r->defined = strndup(defined, dlen);
	if (!r->name || !r->defined || !r->kind) {
		free(r->name);
		free(r->kind);
		free(r->defined);
		return RT_RECS_MAX;
	}
	r->twin = twin;
	r->variable = kind[0] == 'v';
	r->size = strtoull(kind + 2, NULL, 10);
	r->elements = r->variable ? strtoull(strchr(kind + 2, ':') ?
					     strchr(kind + 2, ':') + 1 : "1", NULL, 10) : 1;
	return rt_nrecs++;
}

/* The index of member @path of record @rid, added when new; 0 when there is no room. */
static unsigned member_find(unsigned rid, const char *path, size_t plen, uint64_t bit_offset,
			    uint64_t bit_size)
{
	const struct rt_rec *r = &rt_recs[rid];
	size_t rlen = strlen(r->name);
	unsigned long h = (hash_key(r->name, rlen, path, plen) ^ rid) % RT_HASH_SIZE;
	struct rt_member *m;

	for (; rt_hash[h]; h = (h + 1) % RT_HASH_SIZE) {
		m = &rt_members[rt_hash[h]];
		if (m->rid == rid && same(m->path, path, plen))
			return rt_hash[h];
	}
	if (rt_nmembers == RT_MEMBERS)
		return 0;
	m = &rt_members[rt_nmembers];
	m->rec = r->name;
	m->path = strndup(path, plen);
	if (!m->path)
		return 0;
	m->rid = rid;
	m->bit_offset = bit_offset;
	m->bit_size = bit_size;
	rt_hash[h] = rt_nmembers;
	return rt_nmembers++;
}

/*
 * A unit's `instrument=` names (cachelint-rt.h): each added to rt_names
 * once, as seen when any unit saw it.
 */
static void names_add(const char *names)
{
	for (const char *s = names; s && *s;) {
		const char *tab = strchr(s, '\t'), *nl = tab ? strchr(tab, '\n') : NULL;
		size_t n, have = rt_names ? strlen(rt_names) : 0;
		char *at = NULL, *v;

		if (!tab || !nl || nl != tab + 2)
			return;
		n = (size_t)(tab - s);
		for (char *r = rt_names; r && *r; r = strchr(r, '\n') + 1)
			if (!strncmp(r, s, n) && r[n] == '\t') {
				at = r;
				break;
			}
		if (at) {
			if (tab[1] == 'S')
				at[n + 1] = 'S';
		} else if ((v = realloc(rt_names, have + n + 4))) {
			memcpy(v + have, s, n + 3);
			v[have + n + 3] = 0;
			rt_names = v;
		}
		s = nl + 1;
	}
}

/* At exit: the names that no unit of the program saw. */
static void names_report(void)
{
	for (const char *r = rt_names; r && *r; r = strchr(r, '\n') + 1) {
		const char *tab = strchr(r, '\t');

		if (tab[1] == 'U')
			fprintf(stderr, "cachelint-rt: instrument=%.*s: no unit of this program has a struct, typedef or variable of that name: nothing counted for it\n",
				(int)(tab - r), r);
	}
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

/* Called with rt_lock held: the name of the start routine @fn, or "". */
static void routine_name(void *(*fn)(void *), char *buf, size_t size)
{
	Dl_info info;

	buf[0] = 0;
	for (size_t i = 0; fn && i < rt_nroutines; i++) {
		if (rt_routines[2 * i] == (void *)fn) {
			snprintf(buf, size, "%s", (const char *)rt_routines[2 * i + 1]);
			return;
		}
	}
	/* a routine of a unit not instrumented: its dynamic symbol, if any */
	if (fn && dladdr((void *)fn, &info) && info.dli_sname && info.dli_saddr == (void *)fn)
		snprintf(buf, size, "%s", info.dli_sname);
}

/* Called with rt_lock held, on the thread itself. */
static void thread_add(unsigned index, void *(*fn)(void *))
{
	struct rt_thread *t = calloc(1, sizeof(*t));

	if (!t)
		return;
	pthread_mutex_init(&t->table.lock, NULL);
	routine_name(fn, t->routine, sizeof(t->routine));
	t->table.rng = 0x9e3779b97f4a7c15ull * (index + 1) ^ (uintptr_t)t;
	t->index = index;
	t->tid = (pid_t)syscall(SYS_gettid);
	t->anchor = (char *)&rt_anchor;
	t->next = rt_threads;
	rt_threads = t;
	rt_self = t;
	pthread_setspecific(rt_key, t);
}

static void thread_begin(unsigned index, void *(*fn)(void *))
{
	pthread_mutex_lock(&rt_lock);
	thread_add(index, fn);
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
	thread_begin(s.index, s.fn);
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
/* Objects: the sampled lines                                           */
/* ------------------------------------------------------------------ */

static unsigned long line_hash(uintptr_t line, uintptr_t base, unsigned rid)
{
	uint64_t h = (line * 0x9e3779b97f4a7c15ull) ^ (base * 0xc2b2ae3d27d4eb4full) ^ rid;

	return (unsigned long)(h ^ (h >> 29));
}

static struct rt_line *table_slot(struct rt_line *v, size_t cap, uintptr_t line, uintptr_t base,
				  unsigned rid)
{
	size_t h = line_hash(line, base, rid) & (cap - 1);

	while (v[h].base && !(v[h].line == line && v[h].base == base && v[h].rid == rid))
		h = (h + 1) & (cap - 1);
	return &v[h];
}

/* Room for one more entry: grown up to RT_TABLE_MAX; false when full. */
static bool table_room(struct rt_table *t)
{
	size_t cap = t->cap ? 2 * t->cap : RT_TABLE_MIN;
	struct rt_line *v;

	if (t->cap && 4 * (t->n + 1) <= 3 * t->cap)
		return true;
	if (cap > RT_TABLE_MAX)
		return false;
	v = calloc(cap, sizeof(*v));
	if (!v)
		return false;
	for (size_t i = 0; i < t->cap; i++)
		if (t->v[i].base)
			*table_slot(v, cap, t->v[i].line, t->v[i].base, t->v[i].rid) = t->v[i];
	free(t->v);
	t->v = v;
	t->cap = cap;
	return true;
}

/* Bits of a line's mask for bytes [@lo, @hi] of it. */
static uint64_t byte_bits(unsigned lo, unsigned hi)
{
	unsigned a = lo * 64 / rt_line_size, b = hi * 64 / rt_line_size;

	return (b == 63 ? ~0ull : (2ull << b) - 1) & ~((1ull << a) - 1);
}

/* Milliseconds since the runtime started, from 1: 0 is "not yet" (struct rt_line). */
static unsigned clock_ms(void)
{
	struct timespec ts;
	int64_t ms;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	ms = (ts.tv_sec - rt_start.tv_sec) * 1000 + (ts.tv_nsec - rt_start.tv_nsec) / 1000000;
	return ms < 0 ? 1 : ms >= UINT_MAX - 1 ? UINT_MAX - 1 : (unsigned)ms + 1;
}

/* The next interval: uniform in [1, 2N - 1], mean N; 0 for none. */
static unsigned next_interval(struct rt_table *t)
{
	uint64_t x = t->rng;

	if (rt_sample <= 1)
		return rt_sample ? 1 : UINT_MAX;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	t->rng = x;
	return 1 + (unsigned)(x % (2 * (uint64_t)rt_sample - 1));
}

/*
 * An instrumented access of @size bytes at @addr, of the object at @base,
 * at site @site of the unit numbered *@unitp (cachelint-rt.h).  Returns the
 * accesses to the next call.
 */
RT_EXPORT unsigned int __libcachelint_rt_sample_v3(const void *base, const void *addr,
						   const unsigned int *unitp, unsigned int site)
{
	struct rt_thread *self = rt_self;
	unsigned u = __atomic_load_n(unitp, __ATOMIC_ACQUIRE);
	const struct rt_unit *unit;
	uintptr_t a = (uintptr_t)addr, first, last;
	unsigned info, k, m, size, rid, now;
	struct rt_table *t;

	if (!self)
		return 1u << 20;	/* a thread the runtime did not see start */
	t = &self->table;
	if (!u || u > RT_UNITS_MAX || !rt_sample)
		return next_interval(t);
	unit = &rt_units[u - 1];
	if (site >= unit->sites[0])
		return next_interval(t);
	k = unit->sites[1 + 2 * site];
	info = unit->sites[2 + 2 * site];
	m = k < unit->n ? unit->members[k] : 0;
	size = info >> 2;
	if (!m || !size || !base)
		return next_interval(t);
	rid = rt_members[m].rid;
	now = clock_ms();
	first = a / rt_line_size;
	last = (a + size - 1) / rt_line_size;
	pthread_mutex_lock(&t->lock);
	for (uintptr_t l = first; l <= last; l++) {
		unsigned lo = l == first ? (unsigned)(a % rt_line_size) : 0;
		unsigned hi = l == last ? (unsigned)((a + size - 1) % rt_line_size) : rt_line_size - 1;
		uint64_t bits = byte_bits(lo, hi);
		struct rt_line *e;

		e = t->cap ? table_slot(t->v, t->cap, l, (uintptr_t)base, rid) : NULL;
		if (!e || !e->base) {
			if (!table_room(t)) {
				t->dropped++;
				continue;
			}
			e = table_slot(t->v, t->cap, l, (uintptr_t)base, rid);
			e->line = l;
			e->base = (uintptr_t)base;
			e->rid = rid;
			t->n++;
		}
		if (info & 1)
			e->read |= bits;
		if (info & 2)
			e->write |= bits;
		if (!e->first)
			e->first = now;
		e->last = now;
		e->samples += e->samples < UINT_MAX;
	}
	pthread_mutex_unlock(&t->lock);
	return next_interval(t);
}

/* ------------------------------------------------------------------ */
/* The profile                                                          */
/* ------------------------------------------------------------------ */

/*
 * How threads become paths: by start routine (the default), by thread name
 * (CACHELINT_THREAD_ROLES=name), one per thread (=thread); or no paths,
 * counts summed (CACHELINT_PROFILE_COUNTS=totals, whose object evidence
 * names threads by routine).
 */
enum form { FORM_ROUTINES, FORM_THREADS, FORM_ROLES, FORM_TOTALS };

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

/**
 * struct ev - a sampled line of an object, and the thread that touched it
 * @thread: the thread's place in struct profile's @order
 */
struct ev {
	uintptr_t line, base;
	unsigned rid, thread, first, last, samples;
	uint64_t read, write;
};

/*
 * Whether two threads' uses of an object, [a, b] from @n samples and
 * [c, d] from @m, may have been at once.  Apart only when both are
 * intervals of two samples or more that do not meet: a single sample of
 * a thread that touches each of thousands of objects now and then (an
 * item that every worker reads) says when, not for how long.
 */
static bool at_once(unsigned a, unsigned b, unsigned n, unsigned c, unsigned d, unsigned m)
{
	return n < 2 || m < 2 || (a <= d && c <= b);
}

/**
 * struct ev_rec - what the samples say about one record
 * @sampled: it was sampled at all
 * @instances, @shared: objects seen; of them touched by 2+ threads, one writing
 * @align: the least alignment of an object's address seen
 * @pairs: the `pairs:` entries (x, y, counts), a hash table of @cap with
 *	@npairs used (@threads NULL: free), then sorted (out_cmp())
 * @lines, @per_line, @same_bytes: `between:` (or a variable's elements)
 * @threads: the threads of @lines, a bit per thread
 */
struct ev_rec {
	bool sampled;
	uint64_t instances, shared;
	uintptr_t align;
	struct ev_out {
		unsigned x, y;
		uint64_t objects, same_bytes, same_written;
		uintptr_t last, last_same, last_written;
		uint8_t *threads;
	} *pairs;
	size_t npairs, cap;
	uint64_t lines, per_line, same_bytes;
	uint8_t *threads;
};

struct profile {
	struct path *paths;
	size_t npaths;
	size_t ncounts;
	struct rt_thread **order;
	size_t nthreads;
	char (*names)[64];
	struct ev_rec *recs;
	unsigned long dropped;
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
	p->names = calloc(nthreads + 1, sizeof(*p->names));
	sum = calloc(p->ncounts, sizeof(*sum));
	p->order = order;
	p->nthreads = nthreads;
	if (!order || !p->paths || !sum || !p->names) {
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
		thread_path_name(t, form, name, sizeof(name));
		snprintf(p->names[i], sizeof(p->names[i]), "%s", name);
		if (!counted(sum, p->ncounts))
			continue;
		path = path_get(p, name);
		if (!path) {
			path = &p->paths[p->npaths++];
			snprintf(path->name, sizeof(path->name), "%s", name);
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
	const struct rt_member *x = &rt_members[*(const unsigned *)a];
	const struct rt_member *y = &rt_members[*(const unsigned *)b];
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

/* A record's key: its name, or "name@file:line" when two records have that name. */
static void put_rec_name(FILE *f, unsigned rid)
{
	const struct rt_rec *r = &rt_recs[rid];
	char *s;

	if (!r->twin || !r->defined[0] || asprintf(&s, "%s@%s", r->name, r->defined) < 0) {
		put_name(f, r->name);
		return;
	}
	put_name(f, s);
	free(s);
}

/* ------------------------------------------------------------------ */
/* Objects: what the samples say (docs/profiles.md, "Objects")          */
/* ------------------------------------------------------------------ */

static int ev_cmp_object(const void *a, const void *b)
{
	const struct ev *x = a, *y = b;

	if (x->rid != y->rid)
		return x->rid < y->rid ? -1 : 1;
	if (x->base != y->base)
		return x->base < y->base ? -1 : 1;
	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

static int ev_cmp_line(const void *a, const void *b)
{
	const struct ev *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->rid != y->rid)
		return x->rid < y->rid ? -1 : 1;
	if (x->base != y->base)
		return x->base < y->base ? -1 : 1;
	return x->thread < y->thread ? -1 : x->thread > y->thread;
}

/*
 * Member @m's bits in the mask of line @e (of its object), 0 when it is
 * not on it.  The object may start in the middle of the line: offsets
 * from the object's start are signed.
 */
static uint64_t member_bits(const struct ev *e, unsigned m)
{
	const struct rt_member *mb = &rt_members[m];
	int64_t lo = (int64_t)(mb->bit_offset / 8);
	int64_t hi = (int64_t)((mb->bit_offset + (mb->bit_size ? mb->bit_size : 8) + 7) / 8);
	int64_t start = (int64_t)(e->line * rt_line_size) - (int64_t)e->base;
	int64_t end = start + rt_line_size;

	if (hi <= start || lo >= end)
		return 0;
	lo = lo > start ? lo : start;
	hi = hi < end ? hi : end;
	return byte_bits((unsigned)(lo - start), (unsigned)(hi - 1 - start));
}

static bool ev_grow(void **v, size_t *cap, size_t n, size_t size)
{
	void *w;

	if (n < *cap)
		return true;
	w = realloc(*v, (*cap ? 2 * *cap : 64) * size);
	if (!w)
		return false;
	*v = w;
	*cap = *cap ? 2 * *cap : 64;
	return true;
}

static void bit_set(uint8_t *set, unsigned i)
{
	set[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* Entry (@x, @y) of @r's pairs, added when new; NULL without memory. */
static struct ev_out *pair_get(struct ev_rec *r, unsigned x, unsigned y, size_t tbytes)
{
	size_t h;

	if (4 * (r->npairs + 1) > 3 * r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 64;
		struct ev_out *v = calloc(cap, sizeof(*v));

		if (!v)
			return NULL;
		for (size_t i = 0; i < r->cap; i++) {
			if (!r->pairs[i].threads)
				continue;
			for (h = (r->pairs[i].x * 31u + r->pairs[i].y) & (cap - 1); v[h].threads;
			     h = (h + 1) & (cap - 1))
				;
			v[h] = r->pairs[i];
		}
		free(r->pairs);
		r->pairs = v;
		r->cap = cap;
	}
	for (h = (x * 31u + y) & (r->cap - 1); r->pairs[h].threads; h = (h + 1) & (r->cap - 1))
		if (r->pairs[h].x == x && r->pairs[h].y == y)
			return &r->pairs[h];
	r->pairs[h].threads = calloc(tbytes, 1);
	if (!r->pairs[h].threads)
		return NULL;
	r->pairs[h].x = x;
	r->pairs[h].y = y;
	r->npairs++;
	return &r->pairs[h];
}

/* On object @obj, @x written by thread @t1 and @y touched by thread @t2 (@same: the same bytes, @written: both wrote). */
static void pair_add(struct ev_rec *r, unsigned x, unsigned y, uintptr_t obj, unsigned t1,
		     unsigned t2, int same, size_t tbytes)
{
	struct ev_out *o = pair_get(r, x, y, tbytes);

	if (!o)
		return;
	if (o->last != obj) {
		o->last = obj;
		o->objects++;
	}
	if (same && o->last_same != obj) {
		o->last_same = obj;
		o->same_bytes++;
	}
	if (same > 1 && o->last_written != obj) {
		o->last_written = obj;
		o->same_written++;
	}
	bit_set(o->threads, t1);
	bit_set(o->threads, t2);
}

/* When the thread of evs [@a, @b) touched the object: first and last, and in how many samples. */
static void span_of(const struct ev *evs, size_t a, size_t b, unsigned *first, unsigned *last,
		    unsigned *samples)
{
	*first = UINT_MAX;
	*last = 0;
	*samples = 0;
	for (size_t i = a; i < b; i++) {
		*samples += evs[i].samples;
		if (evs[i].first < *first)
			*first = evs[i].first;
		if (evs[i].last > *last)
			*last = evs[i].last;
	}
}

/*
 * One object's entries evs [0, n), sorted by thread then line: for each
 * two threads, each member the first wrote and each the second touched
 * (on any line: a pair is a pair whatever the layout), and where two
 * threads' bytes met on one line, the member they met in.  @marks: room
 * for two marks per program-wide member.
 */
static bool object_pairs(struct ev_rec *r, const struct ev *evs, size_t n,
			 const unsigned *members, size_t nm, unsigned *wset, unsigned *aset,
			 size_t tbytes)
{
	bool shared = false;

	for (size_t a = 0; a < n;) {
		size_t b = a, nw = 0;
		unsigned fa, la, sa;

		while (b < n && evs[b].thread == evs[a].thread)
			b++;
		span_of(evs, a, b, &fa, &la, &sa);
		/* what thread evs[a].thread wrote */
		for (size_t m = 0; m < nm; m++)
			for (size_t i = a; i < b; i++)
				if (member_bits(&evs[i], members[m]) & evs[i].write) {
					wset[nw++] = members[m];
					break;
				}
		for (size_t c = 0; nw && c < n;) {
			size_t d = c, na = 0;
			unsigned fc, lc, sc;

			while (d < n && evs[d].thread == evs[c].thread)
				d++;
			span_of(evs, c, d, &fc, &lc, &sc);
			/* the same thread, or one after the other: not shared */
			if (evs[c].thread == evs[a].thread || !at_once(fa, la, sa, fc, lc, sc)) {
				c = d;
				continue;
			}
			shared = true;
			for (size_t m = 0; m < nm; m++)
				for (size_t i = c; i < d; i++)
					if (member_bits(&evs[i], members[m]) & (evs[i].read | evs[i].write)) {
						aset[na++] = members[m];
						break;
					}
			for (size_t x = 0; x < nw; x++)
				for (size_t y = 0; y < na; y++)
					pair_add(r, wset[x], aset[y], evs[a].base, evs[a].thread,
						 evs[c].thread, 0, tbytes);
			c = d;
		}
		a = b;
	}
	/* the same bytes: two threads' entries on one line */
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++) {
			uint64_t any, both;

			if (evs[i].thread == evs[j].thread || evs[i].line != evs[j].line ||
			    !evs[i].write ||
			    !at_once(evs[i].first, evs[i].last, evs[i].samples, evs[j].first, evs[j].last,
				     evs[j].samples))
				continue;
			any = evs[i].write & (evs[j].read | evs[j].write);
			both = evs[i].write & evs[j].write;
			for (size_t m = 0; any && m < nm; m++) {
				uint64_t mb = member_bits(&evs[i], members[m]);

				if (mb & any)
					pair_add(r, members[m], members[m], evs[i].base, evs[i].thread,
						 evs[j].thread, mb & both ? 2 : 1, tbytes);
			}
		}
	}
	return shared;
}

static int out_cmp(const void *a, const void *b)
{
	const struct ev_out *x = a, *y = b;

	if (!x->threads || !y->threads)
		return !x->threads - !y->threads;
	if (x->x != y->x)
		return x->x < y->x ? -1 : 1;
	return x->y < y->y ? -1 : x->y > y->y;
}

/* The element of variable @r that byte @b of line @e is in. */
static uint64_t element_of(const struct rt_rec *r, const struct ev *e, unsigned bit)
{
	uint64_t byte = e->line * rt_line_size + (uint64_t)bit * rt_line_size / 64;

	return byte < e->base || !r->size ? UINT64_MAX : (byte - e->base) / r->size;
}

/* Distinct elements (or objects) on one line, evs [0, n): how many; *@split: two threads, different ones, one writing. */
static size_t line_elements(const struct rt_rec *r, const struct ev *evs, size_t n, bool *split,
			    bool *same)
{
	uint64_t seen[64];
	size_t nseen = 0;

	*split = *same = false;
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++) {
			if (evs[i].thread == evs[j].thread || !evs[i].write ||
			    !at_once(evs[i].first, evs[i].last, evs[i].samples, evs[j].first, evs[j].last,
				     evs[j].samples))
				continue;
			*same |= (evs[i].write & (evs[j].read | evs[j].write)) != 0;
			if (!r->variable) {
				*split |= evs[i].base != evs[j].base;
				continue;
			}
			for (unsigned a = 0; a < 64 && !*split; a++)
				for (unsigned b = 0; b < 64 && (evs[i].write >> a & 1); b++)
					if (((evs[j].read | evs[j].write) >> b & 1) &&
					    element_of(r, &evs[i], a) != element_of(r, &evs[j], b)) {
						*split = true;
						break;
					}
		}
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t mask = evs[i].read | evs[i].write;

		for (unsigned bit = 0; bit < 64; bit++) {
			uint64_t id = r->variable ? element_of(r, &evs[i], bit) : evs[i].base;
			size_t k;

			if (!(mask >> bit & 1))
				continue;
			for (k = 0; k < nseen && seen[k] != id; k++)
				;
			if (k == nseen && nseen < 64)
				seen[nseen++] = id;
			if (!r->variable)
				break;
		}
	}
	return nseen;
}

/* Called with rt_lock held, after profile_collect(): p->recs from the threads' tables. */
static int objects_collect(struct profile *p)
{
	size_t n = 0, cap = 0, tbytes = p->nthreads / 8 + 1;
	struct ev *evs = NULL;
	unsigned *members, *wset, *aset;

	p->recs = calloc(rt_nrecs + 1, sizeof(*p->recs));
	members = calloc(rt_nmembers + 1, sizeof(*members));
	wset = calloc(rt_nmembers + 1, sizeof(*wset));
	aset = calloc(rt_nmembers + 1, sizeof(*aset));
	if (!p->recs || !members || !wset || !aset) {
		free(members);
		free(wset);
		free(aset);
		return -1;
	}
	for (size_t i = 0; i < p->nthreads; i++) {
		struct rt_table *t = &p->order[i]->table;

		pthread_mutex_lock(&t->lock);
		p->dropped += t->dropped;
		for (size_t k = 0; k < t->cap; k++) {
			if (!t->v[k].base || !ev_grow((void **)&evs, &cap, n, sizeof(*evs)))
				continue;
			evs[n].line = t->v[k].line;
			evs[n].base = t->v[k].base;
			evs[n].rid = t->v[k].rid;
			evs[n].thread = (unsigned)i;
			evs[n].read = t->v[k].read;
			evs[n].write = t->v[k].write;
			evs[n].first = t->v[k].first;
			evs[n].last = t->v[k].last;
			evs[n].samples = t->v[k].samples;
			n++;
		}
		pthread_mutex_unlock(&t->lock);
	}
	/* objects: instances, alignment, pairs */
	qsort(evs, n, sizeof(*evs), ev_cmp_object);
	for (size_t i = 0; i < n;) {
		unsigned rid = evs[i].rid;
		struct ev_rec *r = &p->recs[rid];
		size_t nm = 0, j;

		for (unsigned m = 1; m < rt_nmembers; m++)
			if (rt_members[m].rid == rid)
				members[nm++] = m;
		r->sampled = true;
		r->align = 4096;
		for (j = i; j < n && evs[j].rid == rid;) {
			size_t k = j;
			bool write = false, two = false;

			for (; k < n && evs[k].rid == rid && evs[k].base == evs[j].base; k++) {
				write |= evs[k].write != 0;
				two |= evs[k].thread != evs[j].thread;
			}
			r->instances++;
			while (r->align > 1 && evs[j].base % r->align)
				r->align /= 2;
			/* two threads, one writing, at the same time */
			if (write && two && !rt_recs[rid].variable &&
			    object_pairs(r, &evs[j], k - j, members, nm, wset, aset, tbytes))
				r->shared++;
			j = k;
		}
		if (r->pairs)
			qsort(r->pairs, r->cap, sizeof(*r->pairs), out_cmp);
		i = j;
	}
	/* lines: instances (or elements) of one record that two threads split */
	qsort(evs, n, sizeof(*evs), ev_cmp_line);
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && evs[j].line == evs[i].line && evs[j].rid == evs[i].rid)
			j++;
		if (j - i > 1) {
			struct ev_rec *r = &p->recs[evs[i].rid];
			bool split, same;
			size_t per = line_elements(&rt_recs[evs[i].rid], &evs[i], j - i, &split, &same);

			if (split) {
				r->lines++;
				r->same_bytes += same;
				if (per > r->per_line)
					r->per_line = per;
				if (!r->threads)
					r->threads = calloc(tbytes, 1);
				for (size_t k = i; k < j && r->threads; k++)
					bit_set(r->threads, evs[k].thread);
			}
		}
		i = j;
	}
	free(evs);
	free(members);
	free(wset);
	free(aset);
	return 0;
}

/* threads: N, paths: [a, b] for the threads in @set. */
static void put_threads(FILE *f, const struct profile *p, const uint8_t *set)
{
	const char *shown[RT_PAIRS_SHOWN];
	size_t nshown = 0, n = 0;

	for (size_t i = 0; set && i < p->nthreads; i++) {
		size_t k;

		if (!(set[i / 8] >> (i % 8) & 1))
			continue;
		n++;
		for (k = 0; k < nshown && strcmp(shown[k], p->names[i]); k++)
			;
		if (k == nshown && nshown < RT_PAIRS_SHOWN)
			shown[nshown++] = p->names[i];
	}
	fprintf(f, "threads: %zu, paths: [", n);
	for (size_t k = 0; k < nshown; k++) {
		fputs(k ? ", " : "", f);
		put_name(f, shown[k]);
	}
	fputs("]", f);
}

static void put_objects(FILE *f, const struct profile *p)
{
	bool structs = false, variables = false;

	if (!p->recs || !rt_nrecs || !rt_sample)
		return;
	fprintf(f, "objects:\n  sample: %u\n  line-size: %u\n  dropped: %lu\n", rt_sample,
		rt_line_size, p->dropped);
	for (unsigned rid = 0; rid < rt_nrecs; rid++) {
		const struct ev_rec *r = &p->recs[rid];

		if (!r->sampled || rt_recs[rid].variable)
			continue;
		fputs(structs ? "" : "  structs:\n", f);
		structs = true;
		fputs("    ", f);
		put_rec_name(f, rid);
		fprintf(f, ":\n      instances: %" PRIu64 "\n      shared: %" PRIu64
			   "\n      base-align: %zu\n", r->instances, r->shared, (size_t)r->align);
		for (size_t i = 0; i < r->npairs; i++) {
			const struct ev_out *o = &r->pairs[i];

			fprintf(f, "%s        - {write: %s, access: %s, objects: %" PRIu64
				   ", same-bytes: %" PRIu64 ", same-written: %" PRIu64 ", ",
				i ? "" : "      pairs:\n", rt_members[o->x].path, rt_members[o->y].path,
				o->objects, o->same_bytes, o->same_written);
			put_threads(f, p, o->threads);
			fputs("}\n", f);
		}
		if (r->lines) {
			fprintf(f, "      between: {lines: %" PRIu64 ", per-line: %" PRIu64
				   ", size: %" PRIu64 ", same-bytes: %" PRIu64 ", ",
				r->lines, r->per_line, rt_recs[rid].size, r->same_bytes);
			put_threads(f, p, r->threads);
			fputs("}\n", f);
		}
	}
	for (unsigned rid = 0; rid < rt_nrecs; rid++) {
		const struct ev_rec *r = &p->recs[rid];

		if (!r->sampled || !rt_recs[rid].variable)
			continue;
		fputs(variables ? "" : "  variables:\n", f);
		variables = true;
		fputs("    ", f);
		put_rec_name(f, rid);
		fprintf(f, ": {element: %" PRIu64 ", elements: %" PRIu64 ", base-align: %zu, lines: %"
			   PRIu64 ", per-line: %" PRIu64 ", same-bytes: %" PRIu64 ", ",
			rt_recs[rid].size, rt_recs[rid].elements, (size_t)r->align, r->lines,
			r->per_line, r->same_bytes);
		put_threads(f, p, r->threads);
		fputs("}\n", f);
	}
}

static void objects_free(struct profile *p)
{
	for (unsigned rid = 0; p->recs && rid < rt_nrecs; rid++) {
		for (size_t i = 0; i < p->recs[rid].npairs; i++)
			free(p->recs[rid].pairs[i].threads);
		free(p->recs[rid].pairs);
		free(p->recs[rid].threads);
	}
	free(p->recs);
}

static void put_profile(FILE *f, const struct profile *p, enum form form)
{
	unsigned *order = malloc(rt_nmembers * sizeof(*order));
	unsigned n = 0;
	const struct rt_rec *rec = NULL;

	fprintf(f, "# Written by libcachelint-rt (cachelint %s): member accesses counted by\n"
		   "# -fplugin-arg-cachelint-instrument, %s.\n",
		CL_RT_VERSION, form == FORM_TOTALS ? "summed over threads" :
		form == FORM_ROLES ? "one path per thread name" :
		form == FORM_ROUTINES ? "one path per thread start routine" : "one path per thread");
	fprintf(f, "cachelint-profile: 1\n");
	if (form == FORM_ROLES || form == FORM_ROUTINES) {
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
		if (!rt_recs[rt_members[m].rid].variable && (total(p, m, 0) || total(p, m, 1)))
			order[n++] = m;
	if (!n) {
		fputs("structs: {}\n", f);
	} else {
		qsort(order, n, sizeof(*order), member_cmp);
		fputs("structs:\n", f);
	}
	for (unsigned i = 0; i < n; i++) {
		const struct rt_member *m = &rt_members[order[i]];

		if (!rec || rec != &rt_recs[m->rid]) {
			fputs("  ", f);
			put_rec_name(f, m->rid);	/* "ns::box<long int, 3>" */
			fputs(":\n", f);
		}
		rec = &rt_recs[m->rid];
		put_member(f, p, order[i], form);
	}
	free(order);
	put_objects(f, p);
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
				n, form == FORM_ROLES ? "thread names" :
				form == FORM_ROUTINES ? "paths" : "threads", rt_members[m].rec,
				rt_members[m].path, RT_PATHS_MAX,
				form == FORM_THREADS ? "set CACHELINT_THREAD_ROLES=name to count by thread name" :
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
	names_report();
	path = profile_path();
	if (!path || profile_collect(&p, form) || objects_collect(&p)) {
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
	free(p.order);
	free(p.names);
	objects_free(&p);
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
		pthread_mutex_init(&self->table.lock, NULL);
		self->table.n = 0;
		if (self->table.v)
			memset(self->table.v, 0, self->table.cap * sizeof(*self->table.v));
		self->table.dropped = 0;
	} else {
		thread_add(0, NULL);
	}
}

static void rt_init(void)
{
	const char *sample = secure_getenv("CACHELINT_SAMPLE");
	const char *line = secure_getenv("CACHELINT_LINE_SIZE");
	char *end;
	unsigned long v;

	if (sample && *sample) {
		v = strtoul(sample, &end, 10);
		if (*end || v > 1u << 30)
			fprintf(stderr, "cachelint-rt: CACHELINT_SAMPLE must be a number from 0 to %u, not '%s': 1024 used\n",
				1u << 30, sample);
		else
			rt_sample = (unsigned)v;
	}
	if (line && *line) {
		v = strtoul(line, &end, 10);
		if (*end || v < 16 || v > 512 || (v & (v - 1)))
			fprintf(stderr, "cachelint-rt: CACHELINT_LINE_SIZE must be a power of two from 16 to 512, not '%s': 64 used\n",
				line);
		else
			rt_line_size = (unsigned)v;
	}
	clock_gettime(CLOCK_MONOTONIC_COARSE, &rt_start);
	pthread_key_create(&rt_key, thread_exit);
	pthread_mutex_lock(&rt_lock);
	thread_add(0, NULL);
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

/* The next field of a member line, up to @sep: its start, *@len; NULL at the line's end. */
static const char *field(const char **s, char sep, size_t *len)
{
	const char *f = *s, *e = f;

	while (*e && *e != sep && *e != '\n')
		e++;
	if (*e != sep)
		return NULL;
	*len = (size_t)(e - f);
	*s = e + 1;
	return f;
}

/*
 * Member @k of a unit's table at *@s ("rec\tpath\tbit-offset\tbit-size\t
 * kind\tdefined\n", cachelint-rt.h): its program-wide index, 0 when it
 * is not counted.  *@s moves to the next line; false at a malformed one.
 */
static bool member_line(const char **s, unsigned *m)
{
	const char *rec, *path, *bits, *size, *kind, *defined;
	size_t rlen, plen, blen, slen, klen, dlen;
	char kbuf[64];
	unsigned rid;

	if (!(rec = field(s, '\t', &rlen)) || !(path = field(s, '\t', &plen)) ||
	    !(bits = field(s, '\t', &blen)) || !(size = field(s, '\t', &slen)) ||
	    !(kind = field(s, '\t', &klen)) || !(defined = field(s, '\n', &dlen)) ||
	    klen < 3 || klen >= sizeof(kbuf))
		return false;
	memcpy(kbuf, kind, klen);
	kbuf[klen] = 0;
	rid = rec_find(rec, rlen, defined, dlen, kbuf);
	*m = rid == RT_RECS_MAX ? 0 : member_find(rid, path, plen, strtoull(bits, NULL, 10),
						   strtoull(size, NULL, 10));
	return true;
}

/* A unit's thread start routines: address and name, @n of them. */
static void routines_add(void *const *routines, unsigned n)
{
	void **v;

	if (!n)
		return;
	v = realloc(rt_routines, 2 * (rt_nroutines + n) * sizeof(*v));
	if (!v)
		return;
	rt_routines = v;
	memcpy(v + 2 * rt_nroutines, routines, 2 * (size_t)n * sizeof(*v));
	rt_nroutines += n;
}

/*
 * A unit: its @nmembers members (cachelint-rt.h), its @nsegs segments, its
 * counters as this thread sees them (2k: member k's reads, 2k + 1: its
 * writes, 2 * nmembers + s: segment s; NULL: none), its table of sampled
 * sites and its number *@unit, its thread start routines.
 */
RT_EXPORT void __libcachelint_rt_register_v3(const char *members, unsigned int nmembers,
					     const unsigned int *segs, unsigned int nsegs,
					     uint64_t *const *counters, const unsigned int *sites,
					     unsigned int *unitp, void *const *routines,
					     unsigned int nroutines, const char *names)
{
	const char *s = members;
	size_t ncounters = 2 * (size_t)nmembers + nsegs, seglen = segments_length(segs, nsegs);
	struct rt_unit *unit;

	pthread_once(&rt_once, rt_init);
	pthread_mutex_lock(&rt_lock);
	routines_add(routines, nroutines);
	names_add(names);
	if (rt_nunits == RT_UNITS_MAX) {
		rt_units_dropped++;
		pthread_mutex_unlock(&rt_lock);
		return;
	}
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
	unit->sites = sites;
	for (unsigned k = 0; k < nmembers && *s; k++) {
		unsigned m;

		if (!member_line(&s, &m))
			break;
		if (!m)
			rt_dropped++;
		unit->members[k] = m;
	}
	rt_nunits++;
	/* the unit's samples count from now on */
	if (unitp)
		__atomic_store_n(unitp, (unsigned)rt_nunits, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&rt_lock);
	return;
nomem:
	pthread_mutex_unlock(&rt_lock);
	fprintf(stderr, "cachelint-rt: out of memory: the %u members of a unit are not counted\n",
		nmembers);
}
