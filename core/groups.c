// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * groups.c - classes from the kernel's own cacheline groups
 *
 * Since Linux 6.8 the networking structs mark their fast-path members in
 * the source (include/linux/cache.h):
 *
 *	__cacheline_group_begin(tcp_sock_read_tx);
 *	u32 max_window;
 *	...
 *	__cacheline_group_end(tcp_sock_read_tx);
 *
 * Each marker is a zero-size member, __cacheline_group_begin__NAME and
 * __cacheline_group_end__NAME, so every front end sees it as a member of
 * the record: the classes are read here, once, for all of them.  Names
 * that follow the convention <struct>_{read,write}_{tx,rx,txrx,rxtx} say:
 *
 *	_read_P   read on the paths P, not written
 *	_write_P  accessed on the paths P and written on at least one of them
 *
 * Other groups (icmp, frag) classify nothing.  A member that the source or
 * a profile already classes keeps that class; where the two disagree, a
 * cachelint-annotation-mismatch names both.
 */
#include "groups.h"

#include <string.h>

#include "paths.h"

#define BEGIN "__cacheline_group_begin__"
#define END "__cacheline_group_end__"
#define PAD "__cacheline_group_pad__"

static bool starts_with(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

/* The uses a group's name gives its members; 0 when it follows no convention. */
static size_t group_uses(const char *name, struct cl_use *u)
{
	static const struct {
		const char *suffix;
		bool write;
		const char *paths[2];
	} kinds[] = {
		{ "_read_txrx", false, { "tx", "rx" } },
		{ "_read_rxtx", false, { "tx", "rx" } },
		{ "_read_tx", false, { "tx", NULL } },
		{ "_read_rx", false, { "rx", NULL } },
		{ "_write_txrx", true, { "tx", "rx" } },
		{ "_write_rxtx", true, { "tx", "rx" } },
		{ "_write_tx", true, { "tx", NULL } },
		{ "_write_rx", true, { "rx", NULL } },
	};

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		size_t n = 0;

		if (!ends_with(name, kinds[k].suffix))
			continue;
		for (size_t p = 0; p < 2 && kinds[k].paths[p]; p++, n++) {
			u[n].path = kinds[k].paths[p];
			u[n].flags = CL_USE_READ;
			if (kinds[k].write)
				u[n].flags |= kinds[k].paths[1] ? CL_USE_WRITE_SOME : CL_USE_WRITE;
			u[n].reads = u[n].writes = 0;
		}
		return n;
	}
	return 0;
}

/* Whether what a group says and another class say can both be true. */
static const char *disagreement(const struct cl_access *group, const struct cl_access *other)
{
	bool group_writes = cl_access_writes(group);
	struct cl_use buf;
	const struct cl_use *u;
	size_t n;

	if (!group_writes && cl_access_writes(other))
		return "is written, but its group says it is only read";
	if (group_writes && !cl_access_writes(other))
		return "is never written, but its group is a write group";
	if (!group_writes)
		return NULL;
	n = cl_access_uses(other, &buf, &u);
	for (size_t i = 0; i < n; i++) {
		bool named = !u[i].path;

		for (uint32_t k = 0; k < group->nuses && !named; k++)
			named = !strcmp(group->uses[k].path, u[i].path);
		if ((u[i].flags & (CL_USE_WRITE | CL_USE_WRITE_SOME)) && !named)
			return "is written on a path its group does not name";
	}
	return NULL;
}

static const char *where_from(const struct cl_access *acc)
{
	if (acc->source)
		return acc->source;
	return acc->origin == CL_ORIGIN_SOURCE ? "its annotation" : "the profile";
}

static void report_mismatch(struct cl_findings *out, struct cl_record *rec,
			    const struct cl_member *m, const struct cl_access *group,
			    const char *why)
{
	struct cl_finding *f = cl_findings_add(out, CL_RULE_ANNOTATION_MISMATCH, rec);
	struct cl_arena *a = out->arena;

	f->a.path = m->name;
	f->a.member = m;
	f->a.access = m->access;
	f->where = m->span;
	f->message = cl_arena_printf(a,
		"field '%s' of '%s' %s: cacheline group '%s' says %s, %s says %s [%s]",
		m->name, f->record_name, why, group->source,
		cl_access_describe(group, a), where_from(&m->access),
		cl_access_describe(&m->access, a),
		cl_rule_info(CL_RULE_ANNOTATION_MISMATCH)->id);
}

static void classify(struct cl_record *rec, struct cl_member *m, const char *group,
		     const struct cl_use *u, size_t n, struct cl_arena *a,
		     struct cl_findings *out)
{
	struct cl_access acc = { .cls = CL_CLASS_PATHS, .origin = CL_ORIGIN_GROUP };
	struct cl_use *copy = cl_arena_alloc(a, n * sizeof(*copy));
	const char *why;

	memcpy(copy, u, n * sizeof(*copy));
	acc.uses = copy;
	acc.nuses = (uint32_t)n;
	acc.source = group;
	if (m->access.cls == CL_CLASS_NONE || m->access.origin == CL_ORIGIN_GROUP) {
		m->access = acc;
		return;
	}
	why = disagreement(&acc, &m->access);
	if (why && out && !(rec->suppress & (1u << CL_RULE_ANNOTATION_MISMATCH)))
		report_mismatch(out, rec, m, &acc, why);
}

/* The members of @rec in order, anonymous members looked through. */
static void walk(struct cl_record *rec, struct cl_record *owner, const char **open,
		 struct cl_use *u, size_t *n, struct cl_arena *a, struct cl_findings *out,
		 unsigned depth)
{
	struct cl_member *m;

	if (depth > 8)
		return;
	cl_for_each_member(rec, m) {
		if (starts_with(m->name, BEGIN)) {
			*open = m->name + strlen(BEGIN);
			*n = group_uses(*open, u);
		} else if (starts_with(m->name, END)) {
			*open = NULL;
			*n = 0;
		} else if (!m->name && m->record) {
			walk(m->record, owner, open, u, n, a, out, depth + 1);
		} else if (*open && *n && m->bit_size && !starts_with(m->name, PAD)) {
			classify(owner, m, *open, u, *n, a, out);
		}
	}
}

bool cl_groups_begin_marker(const char *name)
{
	return starts_with(name, BEGIN);
}

bool cl_groups_present(const struct cl_record *rec)
{
	const struct cl_member *m;

	cl_for_each_member(rec, m)
		if (starts_with(m->name, BEGIN) || (!m->name && m->record &&
						    cl_groups_present(m->record)))
			return true;
	return false;
}

void cl_groups_apply(struct cl_record *rec, struct cl_arena *a, struct cl_findings *out)
{
	struct cl_use u[2];
	const char *open = NULL;
	size_t n = 0;

	if (!cl_groups_present(rec))
		return;
	walk(rec, rec, &open, u, &n, a, out, 0);
}
