// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_map_write.c - writing a unit's access map (docs/access-map.md)
 *
 * The front ends add lines as they find accesses, in any order and as
 * often as they like; the file is sorted by file, line, column and member
 * (then the other fields, so that it is the same every time), each line
 * once, so that a unit's map is deterministic and `sort | diff` compares
 * two front ends' maps of one source.  A field cannot hold a TAB or a
 * newline: those, and '\', are written as `\t`, `\n`, `\\`.
 */
#include "access_map.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emit/files.h"

void cl_access_map_init(struct cl_access_map *m, const char *dir)
{
	char cwd[PATH_MAX];

	memset(m, 0, sizeof(*m));
	cl_arena_init(&m->arena);
	if (!dir)
		dir = getcwd(cwd, sizeof(cwd)) ? cwd : "/";
	m->dir = cl_path_absolute(dir);
}

void cl_access_map_free(struct cl_access_map *m)
{
	free(m->embeds);
	free(m->v);
	free(m->dir);
	cl_arena_free(&m->arena);
	memset(m, 0, sizeof(*m));
}

/* @s stored in @m, or @was (the previous line's copy) when they are the same. */
static const char *keep(struct cl_access_map *m, const char *was, const char *s)
{
	return was && !strcmp(was, s) ? was : cl_arena_strdup(&m->arena, s);
}

/*
 * A unit's lines come function by function, file by file: each string is
 * stored once for a run of lines that share it, and a file's name is
 * made absolute once per run (mm/memcontrol.o: 7 of the plugin's 123
 * million instructions went to joining and copying the same names).
 */
void cl_access_map_add(struct cl_access_map *m, const struct cl_access_line *l)
{
	struct cl_access_line *n = cl_vec_push(&m->v, &m->n, &m->cap);
	const struct cl_access_line *prev = m->n > 1 ? &m->v[m->n - 2] : NULL;
	const char *given = l->file && *l->file ? l->file : "-";

	*n = *l;
	if (m->file_given && !strcmp(m->file_given, given)) {
		n->file = m->file_stored;
	} else {
		char *file = cl_path_join(m->dir, given);

		n->file = cl_arena_strdup(&m->arena, file);
		free(file);
		m->file_given = cl_arena_strdup(&m->arena, given);
		m->file_stored = n->file;
	}
	n->function = keep(m, prev ? prev->function : NULL,
			   l->function && *l->function ? l->function : "-");
	n->record = keep(m, prev ? prev->record : NULL, l->record);
	n->member = keep(m, prev ? prev->member : NULL, l->member);
	n->roles = l->roles && *l->roles ? keep(m, prev ? prev->roles : NULL, l->roles) : NULL;
}

static int start_cmp(const void *x, const void *y)
{
	const struct cl_access_start *a = x, *b = y;
	int c = strcmp(a->function, b->function);

	return c ? c : strcmp(a->role, b->role);
}

/* The first of the @n sorted starts @s of function @fn, or @n. */
static size_t start_first(const struct cl_access_start *s, size_t n, const char *fn)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(s[mid].function, fn) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !strcmp(s[lo].function, fn) ? lo : n;
}

void cl_access_map_mark_starts(struct cl_access_map *m, struct cl_access_start *s, size_t n)
{
	const char *fn = NULL;
	size_t first = n;

	if (!n)
		return;
	qsort(s, n, sizeof(*s), start_cmp);
	for (size_t i = 0; i < m->n; i++) {
		struct cl_access_line *l = &m->v[i];

		/* a function's lines come together, and share its stored name */
		if (l->function != fn) {
			fn = l->function;
			first = start_first(s, n, fn);
		}
		for (size_t k = first; k < n && !strcmp(s[k].function, fn); k++)
			if (l->roles && cl_role_listed(l->roles, s[k].role)) {
				if (!s[k].lo || l->line < s[k].lo || l->line > s[k].hi)
					l->facts |= CL_FACT_START;
				break;
			}
	}
}

void cl_access_map_embed(struct cl_access_map *m, const struct cl_access_embed *e)
{
	struct cl_access_embed *n = cl_vec_push(&m->embeds, &m->nembeds, &m->embeds_cap);

	n->outer = cl_arena_strdup(&m->arena, e->outer);
	n->path = cl_arena_strdup(&m->arena, e->path);
	n->offset = e->offset;
	n->inner = cl_arena_strdup(&m->arena, e->inner);
}

void cl_access_map_bytes(uint64_t bits, uint64_t bit_size, uint64_t *offset, uint64_t *size)
{
	uint64_t end = bits + (bit_size ? bit_size : 1);

	*offset = bits / 8;
	*size = bit_size ? (end + 7) / 8 - *offset : 0;
}

/*
 * The lock families, by the name of the call: what takes a lock and what
 * releases it.  A prefix names a family (spin_lock_irqsave is spin_lock's),
 * so a name that only starts like one (spin_lock_init) is tested first.
 */
static const char *const lock_takes[] = {
	"pthread_mutex_lock", "pthread_mutex_trylock", "pthread_mutex_timedlock",
	"pthread_mutex_clocklock", "pthread_spin_lock", "pthread_spin_trylock",
	"pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "pthread_rwlock_tryrdlock",
	"pthread_rwlock_trywrlock", "pthread_rwlock_timedrdlock", "pthread_rwlock_timedwrlock",
	"mtx_lock", "mtx_trylock", "mtx_timedlock",
	"spin_lock", "spin_trylock", "raw_spin_lock", "raw_spin_trylock", "_raw_spin_lock",
	"_raw_spin_trylock", "mutex_lock", "mutex_trylock", "read_lock", "write_lock",
	"_raw_read_lock", "_raw_write_lock", "down_read", "down_write", "rt_mutex_lock",
};
static const char *const lock_releases[] = {
	"pthread_mutex_unlock", "pthread_spin_unlock", "pthread_rwlock_unlock", "mtx_unlock",
	"spin_unlock", "raw_spin_unlock", "_raw_spin_unlock", "mutex_unlock", "read_unlock",
	"write_unlock", "_raw_read_unlock", "_raw_write_unlock", "up_read", "up_write",
	"rt_mutex_unlock",
};

/*
 * Every call of a unit asks, most of them for names of no family: the first
 * byte rules out nearly all of the prefixes before a comparison starts.
 */
static bool prefix_in(const char *fn, const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (fn[0] == v[i][0] && !strncmp(fn, v[i], strlen(v[i])))
			return true;
	return false;
}

/* Names of the families that are not operations on the lock word. */
static bool lock_aside(const char *fn)
{
	return strstr(fn, "attr") || strstr(fn, "_init") || strstr(fn, "_destroy") ||
	       strstr(fn, "is_locked") || strstr(fn, "_held") || strstr(fn, "assert") ||
	       strstr(fn, "_contended") || strstr(fn, "_owner");
}

int cl_access_lock_step(const char *fn)
{
	int step;

	if (!fn)
		return 0;
	if (prefix_in(fn, lock_releases, sizeof(lock_releases) / sizeof(lock_releases[0])))
		step = -1;
	else if (prefix_in(fn, lock_takes, sizeof(lock_takes) / sizeof(lock_takes[0])))
		step = 1;
	else
		return 0;
	return lock_aside(fn) ? 0 : step;
}

int cl_access_thread_start_arg(const char *fn)
{
	if (!fn)
		return -1;
	if (!strcmp(fn, "pthread_create"))
		return 2;
	if (!strcmp(fn, "thrd_create"))
		return 1;
	return -1;
}

/* The length of the role at @s, its '+' left out; *@next past its ','. */
static size_t role_at(const char *s, const char **next)
{
	size_t n = strcspn(s, ",");

	*next = s[n] ? s + n + 1 : s + n;
	return n && s[n - 1] == '+' ? n - 1 : n;
}

bool cl_role_listed(const char *list, const char *name)
{
	size_t k = strlen(name);

	while (list && *list) {
		const char *next;
		size_t n = role_at(list, &next);

		if (n == k && !strncmp(list, name, k))
			return true;
		list = next;
	}
	return false;
}

const char *cl_role_join(struct cl_arena *a, const char *list, const char *role)
{
	const char *next, *s = list;
	size_t rn = strcspn(role, "+");

	while (*s) {
		size_t n = role_at(s, &next);
		int c = strncmp(s, role, n < rn ? n : rn);

		if (c > 0 || (!c && n > rn))
			break;
		s = next;
	}
	if (s == list)
		return cl_arena_printf(a, "%s,%s", role, list);
	if (!*s)
		return cl_arena_printf(a, "%s,%s", list, role);
	return cl_arena_printf(a, "%.*s%s,%s", (int)(s - list), list, role, s);
}

unsigned cl_access_lock_kinds(const char *fn, unsigned arg)
{
	static const char *const families[] = {
		"pthread_mutex_", "pthread_spin_", "pthread_rwlock_", "pthread_cond_",
	};
	bool family = false;

	for (size_t k = 0; k < sizeof(families) / sizeof(families[0]) && fn[0] == 'p'; k++)
		family |= !strncmp(fn, families[k], strlen(families[k]));
	if (!family) {
		/* the C11 and kernel families: the lock word, argument 0 */
		return !arg && cl_access_lock_step(fn) ? CL_ACCESS_RMW : 0;
	}
	if (strstr(fn, "attr"))
		return 0;
	if (!strncmp(fn, "pthread_cond_", 13) && arg == 1)
		return strstr(fn, "wait") ? CL_ACCESS_RMW : 0;
	if (arg)
		return 0;
	if (strstr(fn, "_init") || strstr(fn, "_destroy"))
		return CL_ACCESS_WRITE;
	if (strstr(fn, "_get"))
		return CL_ACCESS_READ;
	return CL_ACCESS_RMW;
}

static const char *const fact_names[] = {
	"atomic", "lock", "locked", "once", "cold", "fresh", "setup", "self", "start",
	"percpu",
};

const char *cl_access_fact_name(unsigned bit)
{
	return bit < sizeof(fact_names) / sizeof(fact_names[0]) ? fact_names[bit] : NULL;
}

static int fact_token(const char *t, size_t n, unsigned *facts)
{
	for (unsigned b = 0; cl_access_fact_name(b); b++)
		if (strlen(fact_names[b]) == n && !strncmp(t, fact_names[b], n)) {
			*facts |= 1u << b;
			return 0;
		}
	return -1;
}

int cl_access_facts_parse(const char *s, unsigned *facts, const char **roles,
			  struct cl_arena *a, const char **bad)
{
	const char *r = NULL;

	*facts = 0;
	*roles = NULL;
	if (!strcmp(s, "-"))
		return 0;
	for (;;) {
		const char *e = strchr(s, ',');
		int n = e ? (int)(e - s) : (int)strlen(s);

		if (n > 5 && !strncmp(s, "role=", 5))
			r = r ? cl_arena_printf(a, "%s,%.*s", r, n - 5, s + 5) :
				cl_arena_printf(a, "%.*s", n - 5, s + 5);
		else if (!n || fact_token(s, (size_t)n, facts)) {
			*bad = cl_arena_printf(a, "%.*s", n, s);
			return -1;
		}
		if (!e)
			break;
		s = e + 1;
	}
	*roles = r;
	return 0;
}

/* "std::mutex::lock" is a method of one of @classes named one of @methods. */
static bool method_of(const char *fn, const char *const *classes, size_t nc,
		      const char *const *methods, size_t nm)
{
	for (size_t c = 0; c < nc; c++) {
		size_t n = strlen(classes[c]);

		if (strncmp(fn, classes[c], n) || strncmp(fn + n, "::", 2))
			continue;
		for (size_t m = 0; m < nm; m++)
			if (!strcmp(fn + n + 2, methods[m]))
				return true;
	}
	return false;
}

unsigned cl_access_cxx_lock_kinds(const char *fn, unsigned arg, const char *tag)
{
	static const char *const mutexes[] = {
		"std::mutex", "std::recursive_mutex", "std::timed_mutex",
		"std::recursive_timed_mutex", "std::shared_mutex", "std::shared_timed_mutex",
	};
	static const char *const ops[] = {
		"lock", "try_lock", "try_lock_for", "try_lock_until", "unlock",
		"lock_shared", "try_lock_shared", "try_lock_shared_for",
		"try_lock_shared_until", "unlock_shared",
	};
	static const char *const guards[] = {
		"std::lock_guard::lock_guard", "std::unique_lock::unique_lock",
		"std::shared_lock::shared_lock", "std::scoped_lock::scoped_lock",
	};
	size_t nmutexes = sizeof(mutexes) / sizeof(mutexes[0]);

	if (method_of(fn, mutexes, nmutexes, ops, sizeof(ops) / sizeof(ops[0])))
		return arg ? 0 : CL_ACCESS_RMW;
	if (!strcmp(fn, "std::lock") || !strcmp(fn, "std::try_lock"))
		return CL_ACCESS_RMW;
	for (size_t g = 0; g < sizeof(guards) / sizeof(guards[0]); g++) {
		if (strcmp(fn, guards[g]) || !arg)
			continue;
		/* deferred: not locked yet; adopted: locked by the caller before */
		if (tag && (!strcmp(tag, "std::defer_lock_t") || !strcmp(tag, "std::adopt_lock_t")))
			return 0;
		return CL_ACCESS_RMW;
	}
	return 0;
}

static int u64_cmp(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

static int line_cmp(const void *x, const void *y)
{
	const struct cl_access_line *a = x, *b = y;
	int c;

	if ((c = strcmp(a->file, b->file)) || (c = u64_cmp(a->line, b->line)) ||
	    (c = u64_cmp(a->column, b->column)) || (c = strcmp(a->member, b->member)) ||
	    (c = strcmp(a->record, b->record)) || (c = strcmp(a->function, b->function)) ||
	    (c = u64_cmp(a->offset, b->offset)) || (c = u64_cmp(a->size, b->size)) ||
	    (c = (int)a->kind - (int)b->kind) || (c = u64_cmp(a->facts, b->facts)))
		return c;
	return strcmp(a->roles ? a->roles : "", b->roles ? b->roles : "");
}

/* @n bytes of @s as a field: TAB, newline and '\\' escaped. */
static void put_bytes(FILE *out, const char *s, size_t n)
{
	for (; n; s++, n--) {
		if (*s == '\t')
			fputs("\\t", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else if (*s == '\\')
			fputs("\\\\", out);
		else
			fputc(*s, out);
	}
}

static void put_field(FILE *out, const char *s)
{
	put_bytes(out, s, strlen(s));
}

static const char *kind_name(enum cl_access_kind k)
{
	return k == CL_ACCESS_RMW ? "rmw" : k == CL_ACCESS_WRITE ? "w" : "r";
}

/* Field 10: the facts, then the roles, comma-separated; "-" for none. */
static void put_facts(FILE *out, const struct cl_access_line *l)
{
	const char *sep = "";

	for (unsigned b = 0; cl_access_fact_name(b); b++)
		if (l->facts & (1u << b)) {
			fprintf(out, "%s%s", sep, cl_access_fact_name(b));
			sep = ",";
		}
	for (const char *r = l->roles; r && *r;) {
		const char *e = strchr(r, ',');
		size_t n = e ? (size_t)(e - r) : strlen(r);

		/* a role is a function's name: C++ prints it with spaces, a quote or any byte */
		fprintf(out, "%srole=", sep);
		put_bytes(out, r, n);
		sep = ",";
		r += n + (e ? 1 : 0);
	}
	if (!*sep)
		fputc('-', out);
}

static int embed_cmp(const void *x, const void *y)
{
	const struct cl_access_embed *a = x, *b = y;
	int c;

	if ((c = strcmp(a->outer, b->outer)) || (c = strcmp(a->path, b->path)) ||
	    (c = u64_cmp(a->offset, b->offset)))
		return c;
	return strcmp(a->inner, b->inner);
}

/* The `# embed` lines: sorted, each once, after the header. */
static void put_embeds(FILE *out, struct cl_access_map *m)
{
	if (m->nembeds)
		qsort(m->embeds, m->nembeds, sizeof(*m->embeds), embed_cmp);
	for (size_t i = 0; i < m->nembeds; i++) {
		const struct cl_access_embed *e = &m->embeds[i];

		if (i && !embed_cmp(e, &m->embeds[i - 1]))
			continue;
		fputs(CL_ACCESS_EMBED_TAG "\t", out);
		put_field(out, e->outer);
		fputc('\t', out);
		put_field(out, e->path);
		fprintf(out, "\t%" PRIu64 "\t", e->offset);
		put_field(out, e->inner);
		fputc('\n', out);
	}
}

int cl_access_map_write(FILE *out, struct cl_access_map *m)
{
	if (m->n)
		qsort(m->v, m->n, sizeof(*m->v), line_cmp);
	fprintf(out, "%s\n", CL_ACCESS_MAP_HEADER);
	put_embeds(out, m);
	for (size_t i = 0; i < m->n; i++) {
		const struct cl_access_line *l = &m->v[i];

		if (i && !line_cmp(l, &m->v[i - 1]))
			continue;
		put_field(out, l->file);
		fprintf(out, "\t%u\t%u\t", l->line, l->column);
		put_field(out, l->function);
		fputc('\t', out);
		put_field(out, l->record);
		fputc('\t', out);
		put_field(out, l->member);
		fprintf(out, "\t%" PRIu64 "\t%" PRIu64 "\t%s\t", l->offset, l->size, kind_name(l->kind));
		put_facts(out, l);
		fputc('\n', out);
	}
	return ferror(out) ? -1 : 0;
}

static int write_cb(FILE *out, void *data)
{
	return cl_access_map_write(out, data);
}

int cl_access_map_save(struct cl_access_map *m, const char *file)
{
	return cl_write_atomic(file, write_cb, m);
}

char *cl_access_map_unit_path(const char *path, const char *source)
{
	return cl_unit_output_path(path, source, CL_ACCESS_MAP_SUFFIX);
}
