// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_words.c - the words both front ends read the same way when they
 * walk a unit for its access map (docs/access-map.md): which calls take
 * and release a lock, and what a lock call does to its lock (pthread, C11,
 * the kernel's families, the C++ standard library's mutexes and guards);
 * which calls start a thread; the roles a line lists
 */
#include "access_map.h"

#include <stdlib.h>
#include <string.h>

#include "model/arena.h"

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

bool cl_access_allocator(const char *fn)
{
	const char *w = fn;

	if (!fn)
		return false;
	if (!strncmp(fn, "operator new", 12))
		return true;
	while (*w) {
		size_t n = strcspn(w, "_");

		if (n >= 5 && !strncmp(w + n - 5, "alloc", 5) && strncmp(w, "de", 2))
			return true;
		w += n;
		w += strspn(w, "_");
	}
	return false;
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
