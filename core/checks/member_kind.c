// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * member_kind.c - what a member is (a counter, a reference count, a lock,
 * a ring's index, a list's link, state bits) by its type, then its name, and the fix for each kind
 * (member_kind.h says the rules)
 */
#include "member_kind.h"

#include <stdbool.h>
#include <string.h>

static const char *const lock_types[] = {
	"pthread_mutex_t", "pthread_spinlock_t", "pthread_rwlock_t", "mtx_t", "spinlock_t",
	"raw_spinlock_t", "rwlock_t", "seqlock_t", "struct mutex", "struct rw_semaphore",
	"std::mutex", "std::shared_mutex", "std::recursive_mutex",
};

static const char *const ref_types[] = {
	"refcount_t", "struct kref", "struct percpu_ref",
};

static const char *const ref_names[] = { "refcount", "refcnt", "ref", "refs" };

static const char *const ring_words[] = {
	"head", "tail", "prod", "cons", "producer", "consumer", "start", "end", "in", "out",
	"rd", "wr",
};

/* @type without its qualifiers ("volatile ", "const ", "_Atomic "). */
static const char *type_core(const char *type)
{
	static const char *const quals[] = { "volatile ", "const ", "_Atomic " };
	bool again = true;

	while (again) {
		again = false;
		for (size_t i = 0; i < sizeof(quals) / sizeof(quals[0]); i++)
			if (!strncmp(type, quals[i], strlen(quals[i]))) {
				type += strlen(quals[i]);
				again = true;
			}
	}
	return type;
}

static bool in_list(const char *s, size_t n, const char *const *v, size_t nv)
{
	for (size_t i = 0; i < nv; i++)
		if (strlen(v[i]) == n && !strncmp(s, v[i], n))
			return true;
	return false;
}

#define IN(s, n, v) in_list(s, n, v, sizeof(v) / sizeof(v[0]))

static bool is_ref_name(const char *name)
{
	const char *u = strrchr(name, '_');

	return IN(name, strlen(name), ref_names) ||
	       (u && (!strcmp(u + 1, "refcount") || !strcmp(u + 1, "refcnt") ||
		      !strcmp(u + 1, "ref")));
}

/*
 * "a_end", "read_idx", "head", "cons_pos": a ring word alone or after the
 * last '_', before an `_idx`/`_pos`/`_index` suffix or not, or
 * `read`/`write` before one.
 */
static bool is_ring_name(const char *name)
{
	static const char *const suffixes[] = { "_idx", "_pos", "_index" };
	size_t n = strlen(name);
	const char *w;

	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t k = strlen(suffixes[i]);

		if (n > k && !strcmp(name + n - k, suffixes[i])) {
			n -= k;
			break;
		}
	}
	if ((n == 4 && !strncmp(name, "read", 4)) || (n == 5 && !strncmp(name, "write", 5)))
		return n < strlen(name);
	for (w = name + n; w > name && w[-1] != '_'; w--)
		;
	return IN(w, (size_t)(name + n - w), ring_words);
}

static bool is_integer_type(const char *type)
{
	static const char *const words[] = { "int", "long", "short", "size_t", "int32_t",
					     "uint32_t", "int64_t", "uint64_t", "uint16_t",
					     "unsigned", "atomic_t", "atomic_long_t", "u32", "u64" };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strstr(type, words[i]))
			return !strchr(type, '*') && !strchr(type, '[');
	return false;
}

/* @name is @word, or ends in "_" @word. */
static bool named(const char *name, const char *word)
{
	size_t n = strlen(name), k = strlen(word);

	return !strcmp(name, word) || (n > k + 1 && name[n - k - 1] == '_' && !strcmp(name + n - k, word));
}

/*
 * A list's link: a pointer (a front end that spells no type: by the name
 * alone) named as one, or a pointer to the record's own type.
 */
static bool is_link(const char *type, const char *name, const struct cl_record *rec)
{
	static const char *const words[] = { "next", "prev", "link" };
	bool pointer = strchr(type, '*') && !strchr(type, '[') && !strchr(type, '(');

	if (*type && !pointer)
		return false;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (named(name, words[i]))
			return true;
	if (pointer && rec && rec->name) {
		size_t n = strlen(rec->name);
		const char *at = strstr(type, rec->name);

		/* "struct _stritem *": the record's name as a whole word */
		return at && (at == type || at[-1] == ' ') && (at[n] == ' ' || at[n] == '*');
	}
	return false;
}

static bool is_flags(const char *type, const char *name)
{
	static const char *const words[] = { "flags", "flag", "state", "status" };

	if (*type && !is_integer_type(type))
		return false;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (named(name, words[i]))
			return true;
	return false;
}

/* The record holds an array: a ring's storage. */
static bool holds_array(const struct cl_record *rec)
{
	for (size_t i = 0; rec && i < rec->nmembers; i++) {
		const struct cl_member *m = &rec->members[i];

		if ((m->flags & CL_MEMBER_FLEXIBLE) || (m->type && strchr(m->type, '[')))
			return true;
	}
	return false;
}

enum cl_member_kind cl_member_kind(const struct cl_leaf *l)
{
	const struct cl_member *m = l->member;
	const char *type = m && m->type ? type_core(m->type) : "";

	if (!m || !m->name)
		return CL_KIND_COUNTER;
	if (IN(type, strlen(type), lock_types))
		return CL_KIND_LOCK;
	if (IN(type, strlen(type), ref_types))
		return CL_KIND_REFCOUNT;
	/* a front end that spells no type (the plugin, but for its views): by the name */
	if ((!*type || is_integer_type(type)) && is_ref_name(m->name))
		return CL_KIND_REFCOUNT;
	if ((!*type || is_integer_type(type)) && is_ring_name(m->name) && l->scope &&
	    holds_array(l->scope->rec))
		return CL_KIND_RING_INDEX;
	if (is_link(type, m->name, l->scope ? l->scope->rec : NULL))
		return CL_KIND_LINK;
	if (is_flags(type, m->name))
		return CL_KIND_FLAGS;
	return CL_KIND_COUNTER;
}

const char *cl_kind_true_fix(enum cl_member_kind kind, const char *path, struct cl_arena *a)
{
	switch (kind) {
	case CL_KIND_REFCOUNT:
		return cl_arena_printf(a,
			"'%s' is a reference count whose exact value is tested (the last put frees the object): no per-CPU copy or batching fits it; a layout can keep the fields read beside it off its line, and only fewer gets and puts lessen its own traffic",
			path);
	case CL_KIND_LOCK:
		return cl_arena_printf(a,
			"'%s' is a lock, and its line moves with every hand-off: give it a line of its own, or put beside it only the data its holder touches under it, never fields read without it; a finer lock or a shorter hold lessens the hand-offs",
			path);
	case CL_KIND_RING_INDEX:
		return cl_arena_printf(a,
			"'%s' is an index of a ring: give the producer's index and the consumer's each a line of their own, and let each side keep a cached copy of the other's, read again only when the ring looks full or empty",
			path);
	case CL_KIND_LINK:
		return cl_arena_printf(a,
			"'%s' links the object into a list, written by whichever thread adds or removes a neighbour (under the list's lock): no per-CPU copy or batching fits it; a layout can keep the fields read beside it off its line, and only fewer moves in the list lessen its own traffic",
			path);
	case CL_KIND_FLAGS:
		return cl_arena_printf(a,
			"'%s' holds state bits that several threads set and test: no per-CPU copy fits it; a layout can keep the fields read beside it off its line, and bits set on every operation can move to a word of their own",
			path);
	case CL_KIND_COUNTER:
	default:
		return cl_arena_printf(a,
			"a per-CPU or per-thread copy of '%s' merged on read (the kernel's percpu_counter), or batched writes, removes that traffic; a layout only spares the fields next to it",
			path);
	}
}

const char *cl_kind_pair_fix(enum cl_member_kind kind, const char *path, struct cl_arena *a)
{
	switch (kind) {
	case CL_KIND_REFCOUNT:
		return cl_arena_printf(a,
			"'%s' is a reference count: keep the fields read beside it off its line", path);
	case CL_KIND_LOCK:
		return cl_arena_printf(a,
			"'%s' is a lock: give it a line of its own, or beside it only the data its holder touches",
			path);
	case CL_KIND_RING_INDEX:
		return cl_arena_printf(a,
			"'%s' is an index of a ring: a line of its own, with the other side's copy cached",
			path);
	case CL_KIND_LINK:
		return cl_arena_printf(a, "'%s' is a list's link: keep the fields read beside it off its line",
				       path);
	case CL_KIND_FLAGS:
		return cl_arena_printf(a, "'%s' holds state bits: keep the fields read beside it off its line",
				       path);
	case CL_KIND_COUNTER:
	default:
		return NULL;
	}
}
