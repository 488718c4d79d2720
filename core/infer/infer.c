// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * infer.c - the static tier: from a unit's or a build's access map lines
 * to the classes a reviewer would give (docs/inference.md)
 *
 * A member is write-shared when the code makes it move between CPUs: a
 * lock taken on it, an atomic update of it, a write under a lock, or
 * plain writes from two threads (or from one thread started several
 * times) — always outside setup and teardown (initializers, allocators,
 * setters of limits, constructors, __init code, objects not yet
 * published).  It is read-mostly when it is read on a hot path and
 * written only in setup, or nowhere in the code seen.  Where the code
 * starts threads (pthread_create, thrd_create), the accesses are the
 * threads' — the start routines, through the call graph — and a struct
 * they touch is written as paths (`write: [producer]`, `read:
 * [consumer]`), so the paths rule decides, as it does for an
 * instrumented run; elsewhere (the kernel, a library) every function may
 * run on every CPU at once and the struct gets classes.
 *
 * Nothing here knows a layout: the profile names members, and the front
 * end that loads it lays them out.  Only the ranking guesses lines, from
 * the offsets the map gives.
 */
#include "infer.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile/access_profile.h"
#include "profile/profile_keys.h"
#include "model/arena.h"
#include "model/names.h"

#define ROLES_MAX 16

/* ------------------------------------------------------------------ */
/* Setup functions, by the words of their names                        */
/* ------------------------------------------------------------------ */

/*
 * Words that name setup whatever the access: an initializer, a teardown,
 * a constructor or a registration, which takes a global lock to link the
 * new object in (cgwb_create, register_shrinker); and the OOM path, which
 * runs once memory has run out (mem_cgroup_oom_trylock, mark_oom_victim).
 */
static const char *const setup_words[] = {
	"init", "initialise", "initialize", "setup", "create", "ctor", "dtor", "construct",
	"register", "unregister", "configure", "reconfigure",
	"config", "destroy", "exit", "cleanup", "teardown", "fini", "deinit", "probe",
	"attach", "detach", "install", "uninstall", "shutdown", "offline", "online", "resize",
	"swapoff", "release", "kill", "finalize", "finalise", "oom",
};

/*
 * Words that name setup only for what needs no lock: an allocator, a
 * setter or a free of the object itself works on it unpublished, but
 * vb_alloc() and free_percpu() carve a shared pool under its lock, and
 * that is their hot path.
 */
static const char *const weak_setup_words[] = { "alloc", "new", "free", "remove" };

/*
 * A setter of limits (page_counter_set_max, bdi_set_min_ratio, which
 * takes a global lock to check the sum) configures, unless a word says it
 * works on state: test_and_set_tsk_thread_flag() and set_bit() are no
 * setters of limits.
 */
static const char *const setter_words[] = { "set", "reset" };

static const char *const state_words[] = { "bit", "bits", "flag", "flags", "state" };

static bool word_in(const char *w, size_t n, const char *const *list, size_t nlist)
{
	/* asked for each word of each function's name: the first letter rules out most */
	for (size_t k = 0; k < nlist; k++)
		if (tolower((unsigned char)w[0]) == list[k][0] &&
		    strlen(list[k]) == n && !strncasecmp(w, list[k], n))
			return true;
	return false;
}

#define WORD_IN(w, n, list) word_in(w, n, list, sizeof(list) / sizeof(list[0]))

/* The last component of a C++ name, template arguments and parameters left out. */
static void last_component(const char *fn, const char **s, size_t *n, const char **prev,
			   size_t *prevn)
{
	const char *start = fn, *pstart = NULL;
	size_t depth = 0;
	const char *p;

	*prev = NULL;
	*prevn = 0;
	for (p = fn; *p && *p != '('; p++) {
		if (*p == '<')
			depth++;
		else if (*p == '>' && depth)
			depth--;
		else if (!depth && p[0] == ':' && p[1] == ':') {
			pstart = start;
			*prevn = (size_t)(p - start);
			start = p + 2;
			p++;
		}
	}
	*prev = pstart;
	*s = start;
	*n = strcspn(start, "<(");
	if (*prev)
		*prevn = strcspn(*prev, "<(:") < *prevn ? strcspn(*prev, "<(:") : *prevn;
}

/*
 * The last word of a handler of a control file (the kernel's cgroup and
 * sysfs files: memory_max_write, foo_store): it configures.
 */
static const char *const config_last_words[] = { "write", "store" };

static bool config_last_word(const char *w, size_t n)
{
	for (size_t i = 0; i < sizeof(config_last_words) / sizeof(config_last_words[0]); i++)
		if (strlen(config_last_words[i]) == n && !strncmp(w, config_last_words[i], n))
			return true;
	return false;
}

enum setup_strength { SETUP_NONE, SETUP_WEAK, SETUP_STRONG };

static enum setup_strength setup_strength(const char *function)
{
	const char *s, *prev;
	size_t n, prevn, i = 0, words = 0;
	bool weak = false, setter = false, state = false;

	if (!function || !*function || !strcmp(function, "-"))
		return SETUP_NONE;
	last_component(function, &s, &n, &prev, &prevn);
	/* a constructor (A::A) or a destructor (A::~A) */
	if (n && s[0] == '~')
		return SETUP_STRONG;
	if (prev && prevn == n && !strncmp(prev, s, n))
		return SETUP_STRONG;
	/* words: between '_', and at a lower-to-upper change (setValue) */
	while (i < n) {
		size_t j = i;

		while (j < n && s[j] == '_')
			j++;
		i = j;
		while (j < n && s[j] != '_' &&
		       !(j > i && islower((unsigned char)s[j - 1]) && isupper((unsigned char)s[j])))
			j++;
		if (j > i && WORD_IN(s + i, j - i, setup_words))
			return SETUP_STRONG;
		if (j > i && j >= n && words && config_last_word(s + i, j - i))
			return SETUP_STRONG;
		weak |= j > i && WORD_IN(s + i, j - i, weak_setup_words);
		setter |= j > i && WORD_IN(s + i, j - i, setter_words);
		state |= j > i && WORD_IN(s + i, j - i, state_words);
		words += j > i;
		i = j;
	}
	if (setter && !state)
		return SETUP_STRONG;
	return weak && !state ? SETUP_WEAK : SETUP_NONE;
}

/*
 * setup_strength() of @function, remembered: the static tier asks it of
 * every line of every struct a unit's functions touch, and a unit has
 * few functions and many lines (mm/memcontrol.o: 12 million instructions
 * of the plugin's 128 went to reading the same names again).  One slot
 * per hash of the name, per thread (the lint parses units in parallel);
 * a unit has some hundreds of functions (mm/memcontrol.c: 609), so a
 * thousand slots; names longer than a slot are read each time.
 */
#define STRENGTH_SLOTS 1024
#define STRENGTH_NAME 80

static enum setup_strength setup_strength_of(const char *function)
{
	static _Thread_local struct {
		char name[STRENGTH_NAME];
		unsigned char strength;
	} memo[STRENGTH_SLOTS];
	size_t n, h = 5381;

	if (!function)
		return SETUP_NONE;
	for (n = 0; function[n] && n < STRENGTH_NAME; n++)
		if (n < 24)	/* the hash of the first bytes and the length */
			h = h * 33 + (unsigned char)function[n];
	if (n >= STRENGTH_NAME)
		return setup_strength(function);
	h = h * 33 + n;
	h %= STRENGTH_SLOTS;
	if (!memo[h].name[0] || strcmp(memo[h].name, function)) {
		memcpy(memo[h].name, function, n + 1);
		memo[h].strength = (unsigned char)setup_strength(function);
	}
	return (enum setup_strength)memo[h].strength;
}

bool cl_infer_setup_function(const char *function)
{
	return setup_strength_of(function) != SETUP_NONE;
}

unsigned cl_infer_setup_facts(const char *function, unsigned facts)
{
	switch (setup_strength_of(function)) {
	case SETUP_STRONG:
		return facts | CL_FACT_SETUP;
	case SETUP_WEAK:
		return facts & (CL_FACT_LOCK | CL_FACT_LOCKED) ? facts : facts | CL_FACT_SETUP;
	default:
		return facts;
	}
}

/*
 * A function that reports (a /proc or debugfs show, a printer, a dump, a
 * cgroup file's read handler: mem_cgroup_read_u64): it reads everything
 * once per request, and its reads make nothing read-mostly.
 */
static const char *const report_words[] = { "show", "print", "dump", "debug", "seq" };

/* A value's type named last in a handler's name: mem_cgroup_read_u64. */
static bool type_word(const char *w, size_t n)
{
	return n == 3 && strchr("usUS", w[0]) && isdigit((unsigned char)w[1]) &&
	       isdigit((unsigned char)w[2]);
}

bool cl_infer_report_function(const char *function)
{
	const char *s, *prev, *last = NULL, *before = NULL;
	size_t n, prevn, i = 0, lastn = 0, beforen = 0;

	if (!function || !*function || !strcmp(function, "-"))
		return false;
	last_component(function, &s, &n, &prev, &prevn);
	while (i < n) {
		size_t j;

		while (i < n && s[i] == '_')
			i++;
		for (j = i; j < n && s[j] != '_'; j++)
			;
		if (j == i)
			break;
		if (WORD_IN(s + i, j - i, report_words))
			return true;
		before = last;
		beforen = lastn;
		last = s + i;
		lastn = j - i;
		i = j;
	}
	/* a control file's read handler: memory_max_read, mem_cgroup_read_u64 */
	if (before && type_word(last, lastn)) {
		last = before;
		lastn = beforen;
		before = NULL;
	}
	return last && last != s && lastn == 4 && !strncmp(last, "read", 4);
}

/* ------------------------------------------------------------------ */
/* What one member's lines say                                          */
/* ------------------------------------------------------------------ */

/**
 * struct roles - thread start routines, each once
 * @name: the routine's name
 * @many: started more than once, or in a loop
 * @n: how many
 */
struct roles {
	const char *name[ROLES_MAX];
	bool many[ROLES_MAX];
	size_t n;
};

/**
 * struct member_view - one member of one struct, from all its lines
 * @record: the struct as profiles key it
 * @member: the member's path
 * @offset: the lowest offset an access of it had
 * @end: the end of the bytes its accesses touched
 * @lock: a lock taken on it outside setup
 * @atomic: an atomic update of it outside setup
 * @locked: a plain write of it under a lock outside setup
 * @write: a plain write outside setup
 * @read: a read outside setup (by a thread, where the struct has threads)
 *	and outside a function that reports (cl_infer_report_function())
 * @uread: such a read, and not under a lock
 * @setup: a write in setup
 * @self: a write by the running thread of its own object (current->flags)
 * @wfns: the functions outside setup that write it, counted once each
 * @wfn: the last of them
 * @writers: the threads that write it outside setup
 * @readers: the threads that read it outside setup
 * @threads: some line of it said which threads run its function
 * @shared: inferred write-shared
 * @mostly: inferred read-mostly
 * @embedded: the record whose lines these are, where it is held in this
 *	one (views_embed()); NULL for the record's own
 */
struct member_view {
	const char *record, *member;
	uint64_t offset, end;
	const struct cl_access_line *lock, *atomic, *locked, *write, *read, *uread, *setup, *self;
	unsigned wfns;
	const char *wfn;
	struct roles writers, readers;
	bool threads;
	bool shared, mostly;
	const char *embedded;
};

static void roles_add(struct roles *r, const char *list, struct cl_arena *a)
{
	while (list && *list) {
		const char *e = strchr(list, ',');
		size_t n = e ? (size_t)(e - list) : strlen(list);
		bool many = n && list[n - 1] == '+';
		size_t k = many ? n - 1 : n, i;

		for (i = 0; i < r->n; i++)
			if (strlen(r->name[i]) == k && !strncmp(r->name[i], list, k))
				break;
		if (i == r->n && r->n < ROLES_MAX)
			r->name[r->n++] = cl_arena_strndup(a, list, k);
		if (i < r->n)
			r->many[i] |= many;
		list += n + (e ? 1 : 0);
	}
}

/* A header's line is often a helper's (arch_atomic64_inc): the caller's says more. */
static bool in_header(const struct cl_access_line *l)
{
	size_t n = strlen(l->file);

	return n > 2 && !strcmp(l->file + n - 2, ".h");
}

/* Keep in *@site the first line of a kind, or a .c file's over a header's. */
static void site_keep(const struct cl_access_line **site, const struct cl_access_line *l)
{
	if (!*site || (in_header(*site) && !in_header(l)))
		*site = l;
}

/*
 * Setup and teardown: by the function's words, its section, an object not
 * yet published, or a thread's own start before and after its loop (what
 * storage_compact_thread() sets in the IO it hands over, once).
 */
static bool line_setup(const struct cl_access_line *l)
{
	return (cl_infer_setup_facts(l->function, l->facts) &
		(CL_FACT_COLD | CL_FACT_FRESH | CL_FACT_SETUP | CL_FACT_START)) != 0;
}

/*
 * Read @l into @v.  @threads: the struct's lines name threads somewhere,
 * so an access by a function no thread runs (main before it starts them,
 * after it joins them) is setup, not a hot path.
 */
static void view_line(struct member_view *v, const struct cl_access_line *l, bool threads,
		      struct cl_arena *a)
{
	bool writes = l->kind != CL_ACCESS_READ, held;

	if (l->offset < v->offset)
		v->offset = l->offset;
	if (l->offset + l->size > v->end)
		v->end = l->offset + l->size;
	if (l->roles)
		v->threads = true;
	if (line_setup(l) || (threads && !l->roles)) {
		if (writes)
			site_keep(&v->setup, l);
		return;
	}
	/*
	 * The running thread's own object (`current`, a __thread variable), or
	 * a CPU's own copy of a per-CPU object: its writes share it with no
	 * other writer, and its reads make nothing read-mostly, however often
	 * they run.
	 */
	if (l->facts & (CL_FACT_SELF | CL_FACT_PERCPU)) {
		if (writes)
			site_keep(&v->self, l);
		return;
	}
	/*
	 * A plain access under a lock is the lock holder's: the line goes
	 * where the lock goes, and a thread that makes it there is no path
	 * of the member (extstore's io and maintenance threads both count
	 * their stats under e->stats_mutex).
	 */
	held = (l->facts & CL_FACT_LOCKED) && !(l->facts & (CL_FACT_LOCK | CL_FACT_ATOMIC)) &&
	       l->kind != CL_ACCESS_RMW;
	if (writes) {
		if (!v->wfn || strcmp(v->wfn, l->function))
			v->wfns++;
		v->wfn = l->function;
		if (!held)
			roles_add(&v->writers, l->roles, a);
	}
	if (l->kind != CL_ACCESS_WRITE) {
		if (l->kind == CL_ACCESS_READ && !cl_infer_report_function(l->function)) {
			site_keep(&v->read, l);
			if (!(l->facts & CL_FACT_LOCKED))
				site_keep(&v->uread, l);
		}
		if (!held)
			roles_add(&v->readers, l->roles, a);
	}
	if (l->facts & CL_FACT_LOCK)
		site_keep(&v->lock, l);
	else if (l->kind == CL_ACCESS_RMW || (writes && (l->facts & CL_FACT_ATOMIC)))
		site_keep(&v->atomic, l);
	else if (writes && (l->facts & CL_FACT_LOCKED))
		site_keep(&v->locked, l);
	else if (writes)
		site_keep(&v->write, l);
}

static bool roles_shared(const struct roles *r)
{
	return r->n > 1 || (r->n == 1 && r->many[0]);
}

static void view_classify(struct member_view *v, bool threads)
{
	/* where threads are known, a write under a lock is the holder's (view_line()) */
	v->shared = v->lock || v->atomic || (v->locked && !threads) || roles_shared(&v->writers);
	/*
	 * Written nowhere in the code seen is no evidence: a unit sees a
	 * page's flags read, and the units that set them are elsewhere.
	 */
	v->mostly = !v->shared && v->read && v->setup && !v->write && !v->locked && !v->self &&
		    !v->writers.n;
}

/* ------------------------------------------------------------------ */
/* The structs                                                          */
/* ------------------------------------------------------------------ */

/**
 * struct struct_view - one struct's members, and its rank
 * @record: the struct's key
 * @members: its members with lines
 * @n: how many
 * @threads: some line names threads: paths, not classes
 * @pairs: write-shared and read-mostly (or thread-written) members the
 *	map's offsets put on one line: the ranking's first key
 * @apairs: those whose write-shared member is updated atomically with
 *	no lock: every CPU can do that at once, and its readers pay each
 *	time; ranked before the pairs a lock serializes
 * @sites: write-shared members: the last key
 * @hot: the measured profile's accesses of the struct: the first, when given
 * @generic: more than EMBED_HOLDERS_MAX records hold it (a list_head, an
 *	rb_node, a work_struct): no entry of its own, which a front end would
 *	lend to every struct that holds one
 * @percpu: some line reaches it through a per-CPU pointer or operation
 *	(CL_FACT_PERCPU): each CPU has its own copy, which no other CPU's
 *	accesses share a line with, so it gets no entry (unless @generic: a
 *	spinlock in one per-CPU struct is not every spinlock)
 */
struct struct_view {
	const char *record;
	struct member_view *members;
	size_t n;
	bool threads, generic, percpu;
	uint64_t apairs, pairs, sites, hot;
};

static int line_order(const void *x, const void *y)
{
	const struct cl_access_line *a = *(const struct cl_access_line *const *)x;
	const struct cl_access_line *b = *(const struct cl_access_line *const *)y;
	int c;

	if ((c = strcmp(a->record, b->record)) || (c = strcmp(a->member, b->member)) ||
	    (c = strcmp(a->function, b->function)) || (c = strcmp(a->file, b->file)))
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	return (int)a->kind - (int)b->kind;
}

/*
 * A member path the profile can name: identifiers joined by '.'.  An
 * anonymous member's lines (a C++ base, a lambda's capture) are left out.
 */
static bool path_plain(const char *s)
{
	bool start = true;

	for (; *s; s++) {
		if (*s == '.') {
			if (start)
				return false;
			start = true;
		} else if (isalnum((unsigned char)*s) || *s == '_') {
			if (start && isdigit((unsigned char)*s))
				return false;
			start = false;
		} else {
			return false;
		}
	}
	return !start;
}

static bool ranges_meet(const struct member_view *x, const struct member_view *y)
{
	return x->offset < y->end && y->offset < x->end;
}

/*
 * The views of one word a union gives (a qspinlock's val, locked,
 * pending, tail; a refcount and its atomic), and the leaves of one lock
 * (an rw_semaphore's count, owner, wait_list): one write-shared member is
 * enough, or every pair would be said once per view.
 */
/* The same lock operation: one site took both (the leaves of an rw_semaphore). */
static bool same_lock(const struct member_view *x, const struct member_view *y)
{
	return x->lock && y->lock && x->lock->line == y->lock->line &&
	       x->lock->column == y->lock->column && !strcmp(x->lock->file, y->lock->file) &&
	       !strcmp(x->lock->function, y->lock->function);
}

static void views_collapse(struct member_view *m, size_t n)
{
	/* a lock is one write-shared member: its first leaf stands for the others */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < i && m[i].shared; j++)
			if (m[j].shared && same_lock(&m[i], &m[j])) {
				m[i].shared = false;
				m[i].writers.n = 0;
			}
	for (size_t i = 0; i < n; i++) {
		if (!m[i].shared)
			continue;
		for (size_t j = 0; j < n; j++) {
			uint64_t wi = m[i].end - m[i].offset, wj = m[j].end - m[j].offset;

			if (j == i || !m[j].shared || !ranges_meet(&m[i], &m[j]))
				continue;
			if (wj > wi || (wj == wi && j < i)) {
				m[i].shared = false;
				m[i].writers.n = 0;
				break;
			}
		}
	}
}

static bool member_counts(const struct member_view *v, bool threads)
{
	if (threads)
		return v->shared || v->writers.n || (v->mostly && v->readers.n);
	return v->shared || v->mostly;
}

/* The pairs a line of @line_size bytes would hold, if the struct started on one. */
static void struct_rank(struct struct_view *s, unsigned line_size)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct member_view *w = &s->members[i];

		if (!w->shared && !(s->threads && w->writers.n))
			continue;
		s->sites++;
		for (size_t j = 0; j < s->n; j++) {
			const struct member_view *r = &s->members[j];

			if (j == i || !member_counts(r, s->threads) || r->offset / line_size !=
			    w->offset / line_size)
				continue;
			if (s->threads ? r->mostly || r->writers.n : r->mostly) {
				s->pairs++;
				s->apairs += w->atomic && !w->lock;
			}
		}
	}
}

static uint64_t hot_accesses(const struct cl_profile *hot, const char *record)
{
	const struct cl_profile_struct *ps = hot ? cl_profile_find(hot, record) : NULL;
	uint64_t sum = 0;

	for (size_t i = 0; ps && i < ps->nmembers; i++)
		sum += ps->members[i].access.reads + ps->members[i].access.writes;
	return sum;
}

static int struct_order(const void *x, const void *y)
{
	const struct struct_view *a = x, *b = y;

	if (a->hot != b->hot)
		return a->hot > b->hot ? -1 : 1;
	if (a->apairs != b->apairs)
		return a->apairs > b->apairs ? -1 : 1;
	if (a->pairs != b->pairs)
		return a->pairs > b->pairs ? -1 : 1;
	if (a->sites != b->sites)
		return a->sites > b->sites ? -1 : 1;
	return strcmp(a->record, b->record);
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

static const char *where(const struct cl_infer_config *cfg, const struct cl_access_line *l,
			 struct cl_arena *a)
{
	const char *f = l->file;
	size_t n = cfg->dir ? strlen(cfg->dir) : 0;

	if (n && !strncmp(f, cfg->dir, n) && f[n] == '/')
		f += n + 1;
	return cl_arena_printf(a, "%s (%s:%u)", l->function, f, l->line);
}

static const char *roles_text(const struct roles *r, struct cl_arena *a)
{
	const char *t = "";

	for (size_t i = 0; i < r->n; i++)
		t = cl_arena_printf(a, "%s%s%s%s", t, i ? (i + 1 == r->n ? " and " : ", ") : "",
				    r->name[i], r->many[i] ? " (several threads)" : "");
	return t;
}

/* Why @v is what it is, for the entry's from: and the finding's note. */
static const char *view_reason(const struct cl_infer_config *cfg, const struct member_view *v,
			       struct cl_arena *a)
{
	const char *why, *more = "";

	if (v->wfns > 1)
		more = cl_arena_printf(a, " and %u more function%s", v->wfns - 1,
				       v->wfns > 2 ? "s" : "");
	if (v->lock)
		why = cl_arena_printf(a, "a lock, taken in %s%s", where(cfg, v->lock, a), more);
	else if (v->atomic)
		why = cl_arena_printf(a, "updated atomically in %s%s", where(cfg, v->atomic, a),
				      more);
	else if (v->locked)
		why = cl_arena_printf(a, "written under a lock in %s%s", where(cfg, v->locked, a),
				      more);
	else if (v->writers.n)
		why = cl_arena_printf(a, "written by thread%s %s in %s%s",
				      roles_shared(&v->writers) ? "s" : "",
				      roles_text(&v->writers, a), where(cfg, v->write, a), more);
	else
		why = cl_arena_printf(a, "read in %s, written only in %s",
				      where(cfg, v->uread ? v->uread : v->read, a),
				      where(cfg, v->setup, a));
	if (v->embedded)
		why = cl_arena_printf(a, "as struct %s's, %s", v->embedded, why);
	return why;
}

/*
 * A YAML double-quoted scalar.  A name that does not print (a file name
 * is anyone's) is written as cl_name_escape() shows it, \xNN as text, so
 * the profile loads and no byte of it reaches a terminal or a CI log.
 */
static void put_quoted(FILE *out, const char *s, struct cl_arena *a)
{
	fputc('"', out);
	for (s = cl_name_escape(a, s); *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* A path name: letters, digits, '_', '-' and '.'; anything else becomes '_'. */
static const char *path_name(const char *role, struct cl_arena *a)
{
	char *p = cl_arena_strdup(a, role);

	for (char *q = p; *q; q++)
		if (!isalnum((unsigned char)*q) && *q != '_' && *q != '-' && *q != '.')
			*q = '_';
	return p;
}

static void put_roles(FILE *out, const char *key, const struct roles *r, struct cl_arena *a)
{
	fprintf(out, "%s: [", key);
	for (size_t i = 0; i < r->n; i++)
		fprintf(out, "%s%s", i ? ", " : "", path_name(r->name[i], a));
	fputc(']', out);
}

static void put_member(FILE *out, const struct cl_infer_config *cfg, const struct struct_view *s,
		       const struct member_view *v, struct cl_arena *a)
{
	fprintf(out, "    %s: {", v->member);
	if (s->threads && (v->writers.n || v->readers.n)) {
		if (v->writers.n) {
			put_roles(out, CL_KEY_WRITE, &v->writers, a);
			fputs(", ", out);
		}
		if (v->readers.n) {
			put_roles(out, CL_KEY_READ, &v->readers, a);
			fputs(", ", out);
		}
	} else {
		fprintf(out, CL_KEY_CLASS ": %s, ", v->shared ? "write_hot" : "read_mostly");
	}
	fputs(CL_KEY_FROM ": ", out);
	put_quoted(out, view_reason(cfg, v, a), a);
	fputs("}\n", out);
}

static void put_struct(FILE *out, const struct cl_infer_config *cfg, const struct struct_view *s,
		       size_t rank, struct cl_infer_result *res, struct cl_arena *a)
{
	fputs("  ", out);
	put_quoted(out, s->record, a);
	fprintf(out, ":  # %zu: %" PRIu64 " pair%s on a line", rank, s->pairs,
		s->pairs == 1 ? "" : "s");
	if (s->apairs)
		fprintf(out, " (%" PRIu64 " beside an atomic)", s->apairs);
	fprintf(out, ", %" PRIu64 " write-shared member%s", s->sites, s->sites == 1 ? "" : "s");
	if (s->hot)
		fprintf(out, ", %" PRIu64 " measured accesses", s->hot);
	fputc('\n', out);
	for (size_t i = 0; i < s->n; i++) {
		const struct member_view *v = &s->members[i];

		if (!member_counts(v, s->threads))
			continue;
		put_member(out, cfg, s, v, a);
		res->write_shared += v->shared;
		res->read_mostly += v->mostly;
	}
	res->structs++;
}

/* Threads that run on several CPUs at once are concurrent paths. */
static void put_paths(FILE *out, const struct struct_view *sv, size_t n, struct cl_arena *a)
{
	struct roles all = { 0 };
	bool any = false;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < sv[i].n; j++) {
			const struct member_view *v = &sv[i].members[j];

			for (int k = 0; k < 2; k++) {
				const struct roles *r = k ? &v->readers : &v->writers;

				for (size_t x = 0; x < r->n; x++)
					if (r->many[x])
						roles_add(&all, cl_arena_printf(a, "%s+", r->name[x]), a);
			}
		}
	for (size_t i = 0; i < all.n; i++) {
		if (!any)
			fputs(CL_KEY_PATHS ":\n", out);
		any = true;
		fprintf(out, "  %s: concurrent\n", path_name(all.name[i], a));
	}
}

/* Whether the struct says enough for a finding: two members that count. */
static bool struct_worth(const struct struct_view *s)
{
	size_t shared = 0, counted = 0;

	for (size_t i = 0; i < s->n; i++) {
		const struct member_view *v = &s->members[i];

		shared += v->shared || (s->threads && v->writers.n);
		counted += member_counts(v, s->threads);
	}
	return shared && counted > 1;
}

static struct struct_view *view_find(struct struct_view *sv, size_t n, const char *rec)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(sv[mid].record, rec);

		if (!c)
			return &sv[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static struct member_view *view_member(struct struct_view *s, const char *member)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->members[i].member, member))
			return &s->members[i];
	return NULL;
}

/*
 * What the code says of a record's members holds for every record that
 * holds it (not through a pointer): the outer record gets the inner one's
 * members that count, at their paths and offsets there, unless its own
 * lines say something of them already.  @sv is sorted by record.
 */
/*
 * How many records hold @inner: a type that many records hold (a
 * list_head, a spinlock, a work_struct, an atomic_t) says nothing of one
 * of them.  Any list_head written somewhere is no reason to call every
 * struct's list_head write-hot; a lruvec, held by two, is that lruvec.
 */
#define EMBED_HOLDERS_MAX 3

static size_t embed_holders(const struct cl_access_map *m, const char *inner)
{
	const char *seen[EMBED_HOLDERS_MAX + 1];
	size_t n = 0;

	for (size_t e = 0; e < m->nembeds && n <= EMBED_HOLDERS_MAX; e++) {
		size_t k;

		if (strcmp(m->embeds[e].inner, inner))
			continue;
		for (k = 0; k < n && strcmp(seen[k], m->embeds[e].outer); k++)
			;
		if (k == n)
			seen[n++] = m->embeds[e].outer;
	}
	return n;
}

struct holder_key {
	const char *inner, *outer;
	size_t e;
};

static int holder_cmp(const void *x, const void *y)
{
	const struct holder_key *a = x, *b = y;
	int c = strcmp(a->inner, b->inner);

	return c ? c : strcmp(a->outer, b->outer);
}

/*
 * embed_holders() of every embed's inner record at once, by embed (in
 * @a), sorting the embeds by inner record once: asked per embed, it read
 * every embed again (mm/memcontrol.o's map: a quarter of a million
 * strcmp() calls).  NULL when out of memory: ask embed_holders().
 */
static size_t *embed_holders_all(const struct cl_access_map *m, struct cl_arena *a)
{
	size_t n = m->nembeds, *count;
	struct holder_key *v;

	if (!n || !(v = malloc(n * sizeof(*v))))
		return NULL;
	count = cl_arena_alloc(a, n * sizeof(*count));
	for (size_t e = 0; e < n; e++)
		v[e] = (struct holder_key){ m->embeds[e].inner, m->embeds[e].outer, e };
	qsort(v, n, sizeof(*v), holder_cmp);
	for (size_t i = 0, j; i < n; i = j) {
		size_t distinct = 0;

		for (j = i; j < n && !strcmp(v[j].inner, v[i].inner); j++)
			distinct += j == i || strcmp(v[j].outer, v[j - 1].outer);
		for (size_t k = i; k < j; k++)
			count[v[k].e] = distinct;
	}
	free(v);
	return count;
}

static void views_embed(struct struct_view *sv, size_t n, const struct cl_access_map *m,
			struct cl_arena *a)
{
	const size_t *holders = embed_holders_all(m, a);

	for (size_t e = 0; e < m->nembeds; e++) {
		const struct cl_access_embed *em = &m->embeds[e];
		struct struct_view *out = view_find(sv, n, em->outer);
		struct struct_view *in = view_find(sv, n, em->inner);
		size_t cap = out ? out->n : 0;

		if (in && (holders ? holders[e] : embed_holders(m, em->inner)) > EMBED_HOLDERS_MAX)
			in->generic = true;
		if (!out || !in || in == out || in->threads != out->threads || in->generic)
			continue;
		for (size_t i = 0; i < in->n; i++) {
			const struct member_view *v = &in->members[i];
			const char *path;
			struct member_view *c;

			if (v->embedded || !member_counts(v, in->threads))
				continue;
			path = cl_arena_join(a, em->path, ".", v->member);
			c = view_member(out, path);
			/*
			 * The record's own lines say more of its copy, but not that a
			 * member the inner record's code updates atomically is only
			 * read: mem_cgroup's memory.usage is charged through a
			 * `struct page_counter *`.
			 */
			if (c && !(v->shared && c->mostly))
				continue;
			if (!c)
				c = cl_vec_push(&out->members, &out->n, &cap);
			*c = *v;
			c->record = out->record;
			c->member = path;
			c->offset += em->offset;
			c->end += em->offset;
			c->embedded = in->record;
		}
	}
}

/*
 * Writes the map cannot place: a list_head's next and prev are written
 * through a `struct list_head *` by every list_add() on a neighbour, an
 * xarray's head through a `struct xarray *`.  When the code writes a
 * member of a record through a pointer to that record outside setup, no
 * record that holds one can call its copy read-mostly: the writes it sees
 * not are those.  Unlike views_embed(), this holds however many records
 * hold the inner one.
 */
static void views_unseen_writes(struct struct_view *sv, size_t n, const struct cl_access_map *m,
				struct cl_arena *a)
{
	for (size_t e = 0; e < m->nembeds; e++) {
		const struct cl_access_embed *em = &m->embeds[e];
		struct struct_view *out = view_find(sv, n, em->outer);
		const struct struct_view *in = view_find(sv, n, em->inner);

		if (!out || !in || in == out)
			continue;
		for (size_t i = 0; i < in->n; i++) {
			const struct member_view *v = &in->members[i];
			struct member_view *c;

			if (!v->wfns || v->embedded)
				continue;
			c = view_member(out, cl_arena_join(a, em->path, ".", v->member));
			if (c && c->mostly)
				c->mostly = false;
		}
	}
}

/*
 * A member read only under a lock is the lock holder's: the writes beside
 * it under a lock move the line to the holder, who reads it there at no
 * further cost, and moving it off the line saves nothing (vmap_block's va,
 * read in vb_alloc under vb->lock beside the free count).  An atomic
 * update, or a plain write no lock orders, on its line still costs its
 * readers: there it stays read-mostly.
 */
static void views_locked_readers(struct struct_view *s, unsigned line_size)
{
	for (size_t i = 0; i < s->n; i++) {
		struct member_view *r = &s->members[i];
		bool costs = false;

		if (!r->mostly || r->uread)
			continue;
		for (size_t j = 0; j < s->n && !costs; j++) {
			const struct member_view *w = &s->members[j];

			costs = j != i && w->offset / line_size == r->offset / line_size &&
				((w->atomic && !w->lock) || (w->write && !w->locked && w->shared));
		}
		r->mostly = costs;
	}
}

static struct struct_view *views_build(const struct cl_access_map *m,
				       const struct cl_infer_config *cfg, size_t *nout,
				       struct cl_arena *a)
{
	const struct cl_access_line **v = malloc((m->n ? m->n : 1) * sizeof(*v));
	struct struct_view *sv = NULL;
	size_t n = 0, cap = 0, i = 0, kept = 0;

	if (!v)
		abort();
	for (size_t k = 0; k < m->n; k++)
		v[k] = &m->v[k];
	qsort(v, m->n, sizeof(*v), line_order);
	while (i < m->n) {
		const char *rec = v[i]->record;
		struct struct_view s = { .record = rec };
		size_t end = i, mcap = 0;

		while (end < m->n && !strcmp(v[end]->record, rec)) {
			s.threads |= v[end]->roles != NULL;
			s.percpu |= (v[end]->facts & CL_FACT_PERCPU) != 0;
			end++;
		}
		while (i < end) {
			struct member_view *mv = cl_vec_push(&s.members, &s.n, &mcap);

			mv->record = rec;
			mv->member = v[i]->member;
			mv->offset = UINT64_MAX;
			for (; i < end && !strcmp(v[i]->member, mv->member); i++)
				view_line(mv, v[i], s.threads, a);
			view_classify(mv, s.threads);
			if (!path_plain(mv->member))
				s.n--;
		}
		*(struct struct_view *)cl_vec_push(&sv, &n, &cap) = s;
	}
	free(v);
	views_embed(sv, n, m, a);
	views_unseen_writes(sv, n, m, a);
	for (size_t k = 0; k < n; k++) {
		struct struct_view *s = &sv[k];

		views_collapse(s->members, s->n);
		views_locked_readers(s, cfg->line_size ? cfg->line_size : 64);
		if ((!cfg->only || cfg->only(cfg->only_data, s->record)) && !s->generic &&
		    !s->percpu && struct_worth(s)) {
			struct_rank(s, cfg->line_size ? cfg->line_size : 64);
			s->hot = hot_accesses(cfg->hot, s->record);
			sv[kept++] = *s;
		} else {
			free(s->members);
		}
	}
	if (kept)
		qsort(sv, kept, sizeof(*sv), struct_order);
	*nout = kept;
	return sv;
}

int cl_infer_write(const struct cl_access_map *m, const struct cl_infer_config *cfg,
		   FILE *out, struct cl_infer_result *res)
{
	struct cl_arena a;
	struct struct_view *sv;
	size_t n;

	memset(res, 0, sizeof(*res));
	cl_arena_init(&a);
	sv = views_build(m, cfg, &n, &a);
	fputs("# Inferred from the code by cachelint (docs/inference.md): each entry says\n"
	      "# from which accesses.  The structs with the most evidence come first.\n"
	      CL_KEY_CACHELINT_PROFILE ": 1\n" CL_KEY_EVIDENCE ": static\n", out);
	put_paths(out, sv, n, &a);
	fputs(n ? CL_KEY_STRUCTS ":\n" : CL_KEY_STRUCTS ": {}\n", out);
	for (size_t i = 0; i < n; i++) {
		put_struct(out, cfg, &sv[i], i + 1, res, &a);
		free(sv[i].members);
	}
	free(sv);
	cl_arena_free(&a);
	return ferror(out) ? -1 : 0;
}
