// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_schema.c - what a profile says, key by key: the top level
 * (cachelint-profile, line-size, thresholds, suppress, counts, paths,
 * structs, and the sections read elsewhere), each struct's member entries
 * and their classes, groups, paths and counts, and the suppressions
 *
 * Read with profile_loader.h's tools into the loader's temporary profile;
 * profile.c merges it once the whole file is valid.
 */
#define _POSIX_C_SOURCE 200809L

#include "access_profile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <yaml.h>

#include "model/names.h"
#include "model/paths.h"
#include "profile_keys.h"
#include "profile_loader.h"
#include "model/rules.h"

/* ------------------------------------------------------------------ */
/* Member entries                                                       */
/* ------------------------------------------------------------------ */

/*
 * Profiles name only these three.  cl_class_parse() is not used: the model
 * also has "none" for an unannotated member, and an entry that annotates
 * nothing is a mistake in a profile, not a way to clear a class.
 */
const struct {
	const char *name;
	enum cl_class cls;
} profile_classes[] = {
	{ "read_mostly", CL_CLASS_READ_MOSTLY },
	{ "write_hot", CL_CLASS_WRITE_HOT },
	{ "cold", CL_CLASS_COLD },
};

static const char *profile_class_name(enum cl_class cls)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(profile_classes); i++) {
		if (profile_classes[i].cls == cls)
			return profile_classes[i].name;
	}
	return "none";
}

static int class_value(struct loader *ld, const char *key, enum cl_class *cls)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	size_t i;

	if (!s)
		return -1;
	/* "rm:" with nothing after it: libyaml's empty scalar, no class at all */
	if (!*s)
		return ld_err_here(ld, "'%s' %s an empty class (expected read_mostly, write_hot or cold)",
				ld_show(vb, key), strcmp(key, CL_KEY_CLASS) ? "has" : "is");
	for (i = 0; i < ARRAY_SIZE(profile_classes); i++) {
		if (!strcmp(profile_classes[i].name, s)) {
			*cls = profile_classes[i].cls;
			return 0;
		}
	}
	return ld_err_here(ld, "unknown class '%s' (expected read_mostly, write_hot or cold)",
			ld_show(vb, s));
}

/**
 * struct entry - a member entry written as a mapping, while it is read
 * @acc: class, group and counts so far
 * @has_class: the entry has a class key
 * @group_at: where the group is, for an error about its class
 * @uses: the paths of read: and write: (malloc'ed, entry_free())
 * @nuses: number of @uses
 * @cap: room in @uses, @read_lines and @write_lines
 * @paths_at: where read: or write: is, for an error about the class
 * @from: where the entry came from (from:), or NULL
 * @read_lines: per use, the line of its key in a read: mapping, or 0
 * @write_lines: likewise for write:
 */
struct entry {
	struct cl_access acc;
	bool has_class;
	struct cl_span group_at;
	struct cl_use *uses;
	size_t nuses, cap;
	struct cl_span paths_at;
	const char *from;
	unsigned *read_lines, *write_lines;
};

static void entry_free(struct entry *e)
{
	free(e->uses);
	free(e->read_lines);
	free(e->write_lines);
}

/* Room for one more use in @e. */
static void entry_grow(struct entry *e)
{
	size_t cap = e->cap ? 2 * e->cap : 4;

	if (e->nuses < e->cap)
		return;
	e->uses = cl_xrealloc(e->uses, cap * sizeof(*e->uses));
	e->read_lines = cl_xrealloc(e->read_lines, cap * sizeof(*e->read_lines));
	e->write_lines = cl_xrealloc(e->write_lines, cap * sizeof(*e->write_lines));
	memset(e->uses + e->cap, 0, (cap - e->cap) * sizeof(*e->uses));
	memset(e->read_lines + e->cap, 0, (cap - e->cap) * sizeof(*e->read_lines));
	memset(e->write_lines + e->cap, 0, (cap - e->cap) * sizeof(*e->write_lines));
	e->cap = cap;
}

LD_FLAG_FIELD_FN(entry_class, struct entry, has_class, acc.cls, class_value)

static int entry_group(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;
	const char *s = ld_scalar_value(ld, key);
	char nb[SHOW_MAX];
	bool concurrent;

	if (!s)
		return -1;
	if (!*s)
		return ld_err_here(ld, "'group' must name a write group");
	/* a write group is a path (paths.h); its name reaches bench's program */
	if (cl_path_parse(s, strlen(s), &concurrent) != strlen(s))
		return ld_err_here(ld, "write group '%s' is not a path name: %s", ld_show(nb, s),
				   CL_PATH_NAME_GRAMMAR);
	e->acc.group = cl_arena_strdup(&ld->p->arena, s);
	e->group_at = ld_here(ld);
	return 0;
}

/*
 * from: where an imported entry came from ("tcp_sock.rst:57"), which a
 * mismatch names next to the entry's own place.  It says nothing about
 * the access.
 */
static int entry_from(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;
	const char *s = ld_scalar_value(ld, key);

	if (!s)
		return -1;
	if (!*s)
		return ld_err_here(ld, "'from' must say where the entry came from");
	if (ld_text_check(ld, key, s))
		return -1;
	e->from = cl_arena_strdup(&ld->p->arena, s);
	return 0;
}

static int entry_reads(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;

	e->acc.has_counts = true;
	return ld_count_value(ld, key, &e->acc.reads);
}

static int entry_writes(struct loader *ld, const char *key, void *arg)
{
	struct entry *e = arg;

	e->acc.has_counts = true;
	return ld_count_value(ld, key, &e->acc.writes);
}

/* The use of path @name in @e, added when it is new; NULL after an error. */
static struct cl_use *entry_use(struct loader *ld, struct entry *e, const char *name)
{
	struct cl_use *u = NULL;
	bool concurrent;
	size_t len;

	if (ld_path_name(ld, name, &len, &concurrent))
		return NULL;
	for (size_t i = 0; i < e->nuses && !u; i++)
		if (strlen(e->uses[i].path) == len && !memcmp(e->uses[i].path, name, len))
			u = &e->uses[i];
	if (!u && e->nuses == CL_ENTRY_PATHS_MAX) {
		ld_err_here(ld, "more than %d paths in one entry", CL_ENTRY_PATHS_MAX);
		return NULL;
	}
	if (!u) {
		entry_grow(e);
		u = &e->uses[e->nuses++];
		u->path = cl_arena_strndup(&ld->p->arena, name, len);
	}
	if (concurrent)
		u->flags |= CL_USE_CONCURRENT;
	return u;
}

/*
 * read: and write: take a list of path names, or a mapping of path names
 * to counts (an instrumented run's reads or writes on each path).
 */
static int entry_paths(struct loader *ld, const char *key, struct entry *e, uint32_t flag)
{
	char kb[SHOW_MAX];
	bool list = ld->ev.type == YAML_SEQUENCE_START_EVENT;

	if (!list && ld->ev.type != YAML_MAPPING_START_EVENT)
		return ld_err_here(ld, "'%s' must be a list of paths or a mapping of paths to counts, found %s",
				ld_show(kb, key), ld_node_kind(ld->ev.type));
	if (!e->nuses)
		e->paths_at = ld_here(ld);
	for (;;) {
		unsigned *first;
		struct cl_use *u;
		const char *name;

		if (ld_next(ld))
			return -1;
		if (ld->ev.type == YAML_SEQUENCE_END_EVENT || ld->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		if (ld->ev.type != YAML_SCALAR_EVENT)
			return ld_err_here(ld, "'%s' must be a list of paths or a mapping of paths to "
					"counts: an item of its %s is %s, not a path",
					ld_show(kb, key), list ? "list" : "mapping",
					ld_node_kind(ld->ev.type));
		name = ld_scalar_text(ld);
		if (!(u = entry_use(ld, e, name)))
			return -1;
		/*
		 * A path counted twice in one mapping: which count is meant?
		 * Listed twice: a slip, said as for a mapping.
		 */
		first = &(flag == CL_USE_READ ? e->read_lines : e->write_lines)[u - e->uses];
		if (*first) {
			struct cl_span at = ld_here(ld);
			char nb[SHOW_MAX];

			if (list)
				return ld_err_at(ld, &at, "path '%s' listed twice (first at line %u)",
					      ld_show(nb, name), *first);
			return ld_dup_error(ld, &at, name, *first);
		}
		*first = ld_here(ld).line;
		u->flags |= flag | (list ? 0 : LD_USE_COUNTED);
		/* ld_next() frees @name's event: name the path by its copy. */
		if (!list && (ld_next(ld) || ld_count_value(ld, u->path, flag == CL_USE_READ ?
							  &u->reads : &u->writes)))
			return -1;
	}
}

static int entry_read(struct loader *ld, const char *key, void *arg)
{
	return entry_paths(ld, key, arg, CL_USE_READ);
}

static int entry_write(struct loader *ld, const char *key, void *arg)
{
	return entry_paths(ld, key, arg, CL_USE_WRITE);
}

LD_KEYS(entry_table, "entry key",
	{ CL_KEY_CLASS, entry_class },
	{ CL_KEY_GROUP, entry_group },
	{ CL_KEY_READS, entry_reads },
	{ CL_KEY_WRITES, entry_writes },
	{ CL_KEY_READ, entry_read },
	{ CL_KEY_WRITE, entry_write },
	{ CL_KEY_FROM, entry_from }
);

/*
 * A group implies write_hot and contradicts any other class.  Counts
 * alone leave the class to infer_struct(); a missing count is 0.
 */
static int entry_finish(struct loader *ld, struct entry *e, const char *path,
			const struct cl_span *at)
{
	char pb[SHOW_MAX];

	if (e->nuses) {
		struct cl_use *u = cl_arena_alloc(&ld->p->arena, e->nuses * sizeof(*u));

		if (e->has_class || e->acc.group || e->acc.has_counts)
			return ld_err_at(ld, &e->paths_at,
				      "entry '%s' gives paths (read, write): it takes no class, group, reads or writes",
				      ld_show(pb, path));
		memcpy(u, e->uses, e->nuses * sizeof(*u));
		e->acc.cls = CL_CLASS_PATHS;
		e->acc.origin = CL_ORIGIN_PROFILE;
		e->acc.uses = u;
		e->acc.nuses = (uint32_t)e->nuses;
		return 0;
	}
	if (e->acc.group && !e->has_class) {
		e->acc.cls = CL_CLASS_WRITE_HOT;
		e->has_class = true;
	}
	if (e->acc.group && e->acc.cls != CL_CLASS_WRITE_HOT)
		return ld_err_at(ld, &e->group_at,
			      "write group of '%s' needs class write_hot, not %s",
			      ld_show(pb, path), profile_class_name(e->acc.cls));
	if (e->has_class)
		e->acc.origin = CL_ORIGIN_PROFILE;
	else if (e->acc.has_counts)
		e->acc.origin = CL_ORIGIN_INFERRED;
	else
		return ld_err_at(ld, at, "entry '%s' has no class, group, counts or paths",
			      ld_show(pb, path));
	return 0;
}

static int entry_value(struct loader *ld, const char *path, struct cl_access *acc,
		       const char **from)
{
	struct entry e = { 0 };
	struct cl_span at = ld_here(ld);
	char pb[SHOW_MAX];

	switch (ld->ev.type) {
	case YAML_SCALAR_EVENT:
		acc->origin = CL_ORIGIN_PROFILE;
		return class_value(ld, path, &acc->cls);
	case YAML_MAPPING_START_EVENT:
		if (ld_parse_keys(ld, path, &entry_table, &e) ||
		    entry_finish(ld, &e, path, &at)) {
			entry_free(&e);
			return -1;
		}
		entry_free(&e);
		*acc = e.acc;
		*from = e.from;
		return 0;
	default:
		return ld_err_here(ld, "'%s' must be a class or a mapping, found %s",
				ld_show(pb, path), ld_node_kind(ld->ev.type));
	}
}

/* ------------------------------------------------------------------ */
/* Structs and suppressions                                             */
/* ------------------------------------------------------------------ */

/* Index of the file's struct @name, made on first mention. */
static size_t tmp_struct(struct loader *ld, const char *name, const struct cl_span *at)
{
	struct cl_profile_struct *s = cl_profile_find(&ld->tmp, name);

	if (!s)
		s = ld_struct_add(&ld->tmp, cl_arena_strdup(&ld->p->arena, name), at);
	return (size_t)(s - ld->tmp.structs);
}

/*
 * Empty ld->paths for the next struct.  A big table is dropped rather
 * than cleared: clearing it for each of many small structs after one big
 * one would cost its size every time.
 */
static void paths_reset(struct loader *ld)
{
	if (ld->paths.size > 64)
		cl_index_free(&ld->paths);
	else if (ld->paths.slots)
		memset(ld->paths.slots, 0, ld->paths.size * sizeof(*ld->paths.slots));
}

static int member_key(struct loader *ld, const struct cl_span *at, const char *path,
		      void *arg)
{
	size_t si = *(const size_t *)arg;
	struct cl_profile_struct *s = &ld->tmp.structs[si];
	struct cl_access acc = { 0 };
	const char *from = NULL;
	struct cl_profile_member *m;
	char pb[SHOW_MAX];
	size_t *slot;

	if (!ld_valid_path(path))
		return ld_err_at(ld, at,
			      "invalid member path '%s' (expected identifiers joined by '.')",
			      ld_show(pb, path));
	cl_index_reserve(&ld->paths, s->nmembers + 1, ld_path_hash, s);
	slot = ld_path_slot(&ld->paths, s, path);
	if (*slot)
		return ld_dup_error(ld, at, path, s->members[*slot - 1].span.line);
	/* Reading the entry adds no struct and no member: @s and @slot stay valid. */
	if (ld_next(ld) || entry_value(ld, path, &acc, &from))
		return -1;
	m = ld_member_push(s);
	m->path = cl_arena_strdup(&ld->p->arena, path);
	m->access = acc;
	m->from = from;
	m->span = *at;
	*slot = s->nmembers;
	return 0;
}

/*
 * A generated profile can hold millions of structs, or of members in one
 * struct.  Their names are kept anyway, so structs_key() and member_key()
 * find duplicates through the struct index and ld->paths, where a keyset
 * would copy every key again.
 */
static int structs_key(struct loader *ld, const struct cl_span *at, const char *name,
		       void *arg)
{
	unsigned *line;
	size_t si;

	(void)arg;
	if (ld_check_struct_name(ld, at, name))
		return -1;
	si = tmp_struct(ld, name, at);
	ld->struct_lines = cl_vec_grow(ld->struct_lines, &ld->struct_lines_cap,
				       ld->tmp.nstructs, sizeof(*ld->struct_lines));
	line = &ld->struct_lines[si];
	if (*line)
		return ld_dup_error(ld, at, name, *line);
	*line = at->line;
	if (ld_next(ld))
		return -1;
	paths_reset(ld);
	if (ld_mapping_walk(ld, name, member_key, &si, NULL))
		return -1;
	ld_members_trim(&ld->tmp.structs[si]);
	return 0;
}

/* A rule ID or "all", added to the uint32_t mask at @arg. */
static int rule_value(struct loader *ld, void *arg)
{
	uint32_t *mask = arg;
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, "suppress");
	unsigned m;

	if (!s)
		return -1;
	m = cl_rule_mask(s);
	if (!m)
		return ld_err_here(ld, "unknown rule '%s' (expected all or a cachelint-* rule ID)",
				ld_show(vb, s));
	*mask |= m;
	return 0;
}

static int suppress_key(struct loader *ld, const struct cl_span *at, const char *name,
			void *arg)
{
	char nb[SHOW_MAX];
	uint32_t mask = 0;
	size_t si;
	int rc;

	(void)arg;
	if (ld_check_struct_name(ld, at, name) || ld_next(ld))
		return -1;
	if (ld->ev.type == YAML_SEQUENCE_START_EVENT)
		rc = ld_parse_list(ld, name, "a list of rule IDs", rule_value, &mask);
	else if (ld->ev.type == YAML_SCALAR_EVENT)
		rc = rule_value(ld, &mask);
	else
		rc = ld_err_here(ld, "suppress of '%s' must be a rule ID or a list of them, found %s",
			      ld_show(nb, name), ld_node_kind(ld->ev.type));
	if (rc)
		return -1;
	/* Not in one expression: tmp_struct() may move the array. */
	si = tmp_struct(ld, name, at);
	ld->tmp.structs[si].suppress |= mask;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Top level                                                            */
/* ------------------------------------------------------------------ */

/* "-12" and "7": integers, for telling a wrong version from a non-number. */
static bool looks_integer(const char *s)
{
	if (*s == '-')
		s++;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (!ld_is_digit(*s))
			return false;
	}
	return true;
}

static int parse_version(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	uint64_t v;

	(void)arg;
	if (!s)
		return -1;
	if (!looks_integer(s))
		return ld_err_here(ld, "'%s' must be an integer, found '%s'", key, ld_show(vb, s));
	if (!ld_parse_u64(s, &v) || v != 1)
		return ld_err_here(ld, "unsupported profile version %s (this cachelint reads 1)",
				ld_show(vb, s));
	ld->has_version = true;
	return 0;
}

static int parse_line_size(struct loader *ld, const char *key, void *arg)
{
	uint64_t v;

	(void)arg;
	if (ld_line_size_value(ld, key, &v))
		return -1;
	ld->tmp.line_size = (unsigned)v;
	return 0;
}

static int fraction_value(struct loader *ld, const char *key, double *out)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	double v;

	if (!s)
		return -1;
	/* Written so that NaN fails too. */
	if (!ld_parse_decimal(s, &v) || !(v > 0 && v <= 1))
		return ld_err_here(ld, "'%s' must be a number in (0, 1], found '%s'", key,
				ld_show(vb, s));
	*out = v;
	return 0;
}

static int parse_write_hot(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_write_hot = true;
	return fraction_value(ld, key, &ld->tmp.thresholds.write_hot);
}

static int parse_read_mostly(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_read_mostly = true;
	return fraction_value(ld, key, &ld->tmp.thresholds.read_mostly);
}

static int parse_min_accesses(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_min_accesses = true;
	return ld_count_value(ld, key, &ld->tmp.thresholds.min_accesses);
}

static int parse_min_transfers(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_min_transfers = true;
	return ld_count_value(ld, key, &ld->tmp.thresholds.contention.min_transfers);
}

static int parse_min_samples(struct loader *ld, const char *key, void *arg)
{
	(void)arg;
	ld->set_min_samples = true;
	return ld_count_value(ld, key, &ld->tmp.thresholds.contention.min_samples);
}

/* A percentage of the most contended line: from 0 (no floor) to 100. */
static int parse_min_share(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);
	double v;

	(void)arg;
	if (!s)
		return -1;
	if (!ld_parse_decimal(s, &v) || !(v >= 0 && v <= 100))
		return ld_err_here(ld, "'%s' must be a percentage from 0 to 100, found '%s'", key,
				   ld_show(vb, s));
	ld->set_min_share = true;
	ld->tmp.thresholds.contention.min_share = v;
	return 0;
}

LD_KEYS(threshold_table, "threshold",
	{ CL_KEY_WRITE_HOT, parse_write_hot },
	{ CL_KEY_READ_MOSTLY, parse_read_mostly },
	{ CL_KEY_MIN_ACCESSES, parse_min_accesses },
	{ CL_KEY_MIN_TRANSFERS, parse_min_transfers },
	{ CL_KEY_MIN_SAMPLES, parse_min_samples },
	{ CL_KEY_MIN_SHARE, parse_min_share }
);

static int parse_thresholds(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_keys(ld, key, &threshold_table, arg);
}

static int parse_suppress(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_mapping(ld, key, suppress_key, arg);
}

static int path_kind_key(struct loader *ld, const struct cl_span *at, const char *name,
			 void *arg)
{
	char nb[SHOW_MAX], vb[SHOW_MAX];
	const char *s;

	bool concurrent;
	size_t len;

	(void)arg;
	/* Here the value says how the path runs: "tx:concurrent: serialized" is no path. */
	len = cl_path_parse(name, strlen(name), &concurrent);
	if (!len || concurrent)
		return ld_err_at(ld, at, "'%s' is not a path name: %s%s", ld_show(nb, name),
			      CL_PATH_NAME_GRAMMAR,
			      concurrent ? " (its value says it is concurrent)" : "");
	if (ld_next(ld) || !(s = ld_scalar_value(ld, name)))
		return -1;
	if (!strcmp(s, "concurrent")) {
		ld->tmp.concurrent = cl_vec_grow(ld->tmp.concurrent, &ld->concurrent_cap,
						 ld->tmp.nconcurrent + 1, sizeof(char *));
		ld->tmp.concurrent[ld->tmp.nconcurrent++] = cl_arena_strdup(&ld->p->arena, name);
		return 0;
	}
	if (strcmp(s, "serialized"))
		return ld_err_here(ld, "path '%s' must be serialized or concurrent, not '%s'",
				ld_show(nb, name), ld_show(vb, s));
	return 0;
}

/*
 * counts: accesses (the default: the runtime's counts, hand-written ones,
 * perf rows scaled to events) or samples (perf samples, each standing for
 * a sampling period's accesses, which the importer cannot always know).
 */
static int parse_counts(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	(void)arg;
	if (!s)
		return -1;
	if (strcmp(s, "samples") && strcmp(s, "accesses"))
		return ld_err_here(ld, "'counts' must be accesses or samples, not '%s'",
				   ld_show(vb, s));
	ld->samples = !strcmp(s, "samples");
	return 0;
}

/* evidence: static — the file is the static tier's (cachelint infer, core/infer). */
static int parse_evidence(struct loader *ld, const char *key, void *arg)
{
	char vb[SHOW_MAX];
	const char *s = ld_scalar_value(ld, key);

	(void)arg;
	if (!s)
		return -1;
	if (strcmp(s, "static"))
		return ld_err_here(ld, "'evidence' must be static, not '%s'", ld_show(vb, s));
	ld->statik = true;
	return 0;
}

static int parse_paths(struct loader *ld, const char *key, void *arg)
{
	return ld_parse_mapping(ld, key, path_kind_key, arg);
}

static int parse_structs(struct loader *ld, const char *key, void *arg)
{
	return ld_mapping_walk(ld, key, structs_key, arg, NULL);
}

LD_KEYS(top_table, "key",
	{ CL_KEY_CACHELINT_PROFILE, parse_version },
	{ CL_KEY_LINE_SIZE, parse_line_size },
	{ CL_KEY_THRESHOLDS, parse_thresholds },
	{ CL_KEY_COUNTS, parse_counts },
	{ CL_KEY_EVIDENCE, parse_evidence },
	{ CL_KEY_SUPPRESS, parse_suppress },
	{ CL_KEY_PATHS, parse_paths },
	{ CL_KEY_STRUCTS, parse_structs },
	{ CL_KEY_OBJECTS, ld_parse_objects },
	{ CL_KEY_CONTENTION, ld_parse_contention },
	{ CL_KEY_LINES, ld_parse_lines }
);

int ld_load_root(struct loader *ld)
{
	struct cl_span at = ld_here(ld);

	/* A document of nothing but "---" is as empty as an empty file. */
	if (ld->ev.type == YAML_SCALAR_EVENT && !ld->ev.data.scalar.length &&
	    ld->ev.data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
		return ld_err_at(ld, NULL, "empty profile");
	if (ld_parse_keys(ld, NULL, &top_table, NULL))
		return -1;
	if (!ld->has_version)
		return ld_err_at(ld, &at, "missing 'cachelint-profile: 1'");
	return 0;
}
