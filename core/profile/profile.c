// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile.c - load access profiles (YAML) and layer them
 *
 * The loader reads libyaml events, not a document tree: profiles generated
 * from perf data run to hundreds of megabytes, and a tree costs several
 * times the file size.  Streaming keeps memory proportional to the distinct
 * entries.  The schema is walked by recursive descent, one function per
 * kind of node; each starts on the first event of its node and returns on
 * its last one, so the caller's next event is the next key.
 *
 * A file is read into a temporary profile and layered on the caller's
 * only once all of it is valid, so a bad file never leaves half its entries
 * behind.  Strings go straight into the caller's arena, which is why an
 * error leaves some memory there and nothing else.
 *
 * libyaml hands duplicate keys over as ordinary events and leaves aliases
 * to a document tree.  A profile allows neither: a duplicate is nearly
 * always a merge mistake that would otherwise silently drop an entry, and
 * aliases would need the tree that streaming avoids.
 *
 * This file is the store (structs by name, the classes inferred from
 * counts, a file's entries layered on the caller's profile) and the
 * drivers that load a file, a buffer or a list.  The reading tools are
 * profile_loader.c's (profile_loader.h), the schema of the top level, the
 * structs and their member entries profile_schema.c's;
 * cl_profile_apply() is elsewhere (profile_apply.c): it needs the layout
 * model, loading does not.  The objects: section has a file of its own
 * (profile_objects.c), which reads with the same tools.
 *
 * Two words, two jobs: profiles are layered here (profile=a:b, a later
 * file's entry replacing an earlier one: the _layer functions), and
 * summed by `cachelint merge` (profile_merge.c: counts and weights added
 * up).
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
#include "profile_loader.h"
#include "model/rules.h"


/* Profiles                                                             */
/* ------------------------------------------------------------------ */

void cl_thresholds_init(struct cl_thresholds *t)
{
	t->write_hot = CL_THRESHOLD_WRITE_HOT_DEFAULT;
	t->read_mostly = CL_THRESHOLD_READ_MOSTLY_DEFAULT;
	t->min_accesses = CL_THRESHOLD_MIN_ACCESSES_DEFAULT;
	t->contention.min_transfers = CL_CONTENTION_MIN_TRANSFERS_DEFAULT;
	t->contention.min_samples = CL_CONTENTION_MIN_SAMPLES_DEFAULT;
	t->contention.min_share = CL_CONTENTION_MIN_SHARE_DEFAULT;
}

void cl_profile_init(struct cl_profile *p)
{
	memset(p, 0, sizeof(*p));
	cl_arena_init(&p->arena);
	cl_thresholds_init(&p->thresholds);
	cl_contention_init(&p->contention);
}

/* Leaves @p empty and initialised, so freeing twice is harmless. */
void cl_profile_free(struct cl_profile *p)
{
	size_t i;

	for (i = 0; i < p->nstructs; i++)
		free(p->structs[i].members);
	free(p->structs);
	cl_index_free(&p->index);
	free(p->concurrent);
	free(p->located);
	cl_objects_free(&p->objects);
	cl_contention_free(&p->contention);
	cl_budgets_free(p);
	cl_arena_free(&p->arena);
	cl_profile_init(p);
}


static bool key_named(const char *key, const char *name)
{
	size_t n = cl_struct_key_name(key);

	return strlen(name) == n && !memcmp(key, name, n);
}

bool cl_profile_names(const struct cl_profile *p, const char *name)
{
	if (!p || !name || (!p->nstructs && !p->objects.nstructs && !p->nbudgets &&
			    !p->contention.n))
		return false;
	if (cl_profile_budgets_named(p, name, strlen(name), NULL))
		return true;
	if (cl_profile_find(p, name))
		return true;
	for (size_t i = 0; i < p->nlocated; i++)
		if (key_named(p->structs[p->located[i]].name, name))
			return true;
	if (cl_objects_names(&p->objects, name))
		return true;
	for (size_t i = 0; i < p->contention.n; i++)
		if (!p->contention.entries[i].variable &&
		    key_named(p->contention.entries[i].name, name))
			return true;
	return false;
}

enum cl_class cl_infer_class(uint64_t reads, uint64_t writes, uint64_t hottest,
			     const struct cl_thresholds *t)
{
	const struct cl_thresholds defaults = {
		.write_hot = CL_THRESHOLD_WRITE_HOT_DEFAULT,
		.read_mostly = CL_THRESHOLD_READ_MOSTLY_DEFAULT,
	};

	if (!t)
		t = &defaults;
	if (hottest && writes && (double)writes >= t->write_hot * (double)hottest)
		return CL_CLASS_WRITE_HOT;
	if (reads && (double)reads >= t->read_mostly * (double)hottest)
		return CL_CLASS_READ_MOSTLY;
	return CL_CLASS_COLD;
}

/* reads + writes, saturated: counts from tools can be near UINT64_MAX. */
static uint64_t access_total(const struct cl_access *a)
{
	return a->reads > UINT64_MAX - a->writes ? UINT64_MAX : a->reads + a->writes;
}

/* A path use whose reads or writes were counted (profile_loader.h). */

static uint64_t use_total(const struct cl_use *u)
{
	return u->reads > UINT64_MAX - u->writes ? UINT64_MAX : u->reads + u->writes;
}

/*
 * Counted paths: a path's reads or writes of a member are a use of it when
 * they are at least the thresholds' fraction of the busiest path's accesses
 * to the struct's hottest member (one path's, so that many threads that
 * share the work do not each fall below it).  A write while the program
 * sets up, a read at exit, are not how the member is used.  A member left
 * with no use is cold.  The uses are picked from @in->counted, which keeps
 * them all, so that thresholds set later can pick again.
 */
static void infer_paths(struct cl_profile_member *m, struct cl_arena *arena,
			const struct cl_thresholds *t, bool floor)
{
	const struct cl_inference *in = m->inferred;
	struct cl_access *a = &m->access;
	struct cl_use *u = cl_arena_alloc(arena, in->ncounted * sizeof(*u));
	uint32_t k = 0;

	for (uint32_t j = 0; j < in->ncounted; j++) {
		u[k] = in->counted[j];
		if (u[k].flags & LD_USE_COUNTED) {
			if (floor || (double)u[k].writes < t->write_hot * (double)in->path_hottest)
				u[k].flags &= ~CL_USE_WRITE;
			if (floor || (double)u[k].reads < t->read_mostly * (double)in->path_hottest)
				u[k].flags &= ~CL_USE_READ;
			u[k].flags &= ~LD_USE_COUNTED;
		}
		if (u[k].flags & (CL_USE_READ | CL_USE_WRITE | CL_USE_WRITE_SOME))
			k++;
	}
	a->cls = k ? CL_CLASS_PATHS : CL_CLASS_COLD;
	a->origin = k ? CL_ORIGIN_PROFILE : CL_ORIGIN_INFERRED;
	a->uses = k ? u : NULL;
	a->nuses = k;
}

/*
 * An entry of counts without a class, against its struct's hottest member.
 * Below the floor the counts say nothing: a struct touched a few hundred
 * times in a run is not on a hot path, however its accesses divide.
 */
static void infer_member(struct cl_profile_member *m, struct cl_arena *arena,
			 const struct cl_thresholds *t)
{
	struct cl_access *a = &m->access;
	bool floor;

	if (!m->inferred)
		return;
	floor = !m->inferred->samples && m->inferred->total < t->min_accesses;
	if (m->inferred->counted)
		infer_paths(m, arena, t, floor);
	else if (a->has_counts && a->origin == CL_ORIGIN_INFERRED)
		a->cls = floor ? CL_CLASS_COLD :
			 cl_infer_class(a->reads, a->writes, m->inferred->hottest, t);
}

static uint64_t add_sat(uint64_t x, uint64_t y)
{
	return x > UINT64_MAX - y ? UINT64_MAX : x + y;
}

static bool has_counted_use(const struct cl_access *a)
{
	for (uint32_t j = 0; a->cls == CL_CLASS_PATHS && j < a->nuses; j++)
		if (a->uses[j].flags & LD_USE_COUNTED)
			return true;
	return false;
}

/*
 * Entries with counts and no class get one relative to the hottest member
 * of their struct, which is only known once the file has been read.  Each
 * member keeps what its class was inferred from (infer_member()), and is
 * classed here unless !@classify (infer_again() classes every member next).
 */
static void infer_struct(struct cl_profile_struct *s, struct cl_arena *arena,
			 const struct cl_thresholds *t, bool classify, bool samples)
{
	uint64_t hottest = 0, path_hottest = 0, total = 0;
	struct cl_inference *base = NULL;
	size_t i;

	for (i = 0; i < s->nmembers; i++) {
		const struct cl_access *a = &s->members[i].access;

		if (a->has_counts) {
			hottest = access_total(a) > hottest ? access_total(a) : hottest;
			total = add_sat(total, access_total(a));
		}
		for (uint32_t j = 0; a->cls == CL_CLASS_PATHS && j < a->nuses; j++) {
			if (!(a->uses[j].flags & LD_USE_COUNTED))
				continue;
			if (use_total(&a->uses[j]) > path_hottest)
				path_hottest = use_total(&a->uses[j]);
			total = add_sat(total, use_total(&a->uses[j]));
		}
	}
	for (i = 0; i < s->nmembers; i++) {
		struct cl_profile_member *m = &s->members[i];
		struct cl_inference *in;

		if (has_counted_use(&m->access)) {
			in = cl_arena_alloc(arena, sizeof(*in));
			in->counted = m->access.uses;
			in->ncounted = m->access.nuses;
		} else if (m->access.has_counts) {
			if (!base) {
				base = cl_arena_alloc(arena, sizeof(*base));
				memset(base, 0, sizeof(*base));
			}
			in = base;
		} else {
			continue;
		}
		in->hottest = hottest;
		in->path_hottest = path_hottest;
		in->total = total;
		in->samples = samples;
		m->inferred = in;
		if (classify)
			infer_member(m, arena, t);
	}
}

/* Thresholds that a later profile set hold for the classes inferred before it too. */
static void infer_again(struct cl_profile *p)
{
	for (size_t i = 0; i < p->nstructs; i++)
		for (size_t j = 0; j < p->structs[i].nmembers; j++)
			infer_member(&p->structs[i].members[j], &p->arena, &p->thresholds);
}


/*
 * Hand the array @from.@v (@n elements, @cap allocated) to @to, whose own
 * is freed, and leave @from's empty: a move, not a copy.
 */
#define VEC_TAKE(to, from, v, n, cap)					\
	do {								\
		free((to)->v);						\
		(to)->v = (from)->v;					\
		(to)->n = (from)->n;					\
		(to)->cap = (from)->cap;				\
		(from)->v = NULL;					\
		(from)->n = (from)->cap = 0;				\
	} while (0)

/* Hand @ts's members to @ps, which has none: no copy for the common case. */
static void members_take(struct cl_profile_struct *ps, struct cl_profile_struct *ts)
{
	VEC_TAKE(ps, ts, members, nmembers, cap);
}

/*
 * A later entry replaces an earlier one in place, so members keep the
 * order of the file that first named them; new ones are appended.
 */
static void members_layer(struct cl_arena *a, struct cl_profile_struct *ps,
			  const struct cl_profile_struct *ts)
{
	size_t old = ps->nmembers, i;
	struct cl_index paths;

	/* Room for one more than the @old members, which it indexes as it grows. */
	cl_index_init(&paths);
	cl_index_reserve(&paths, old + 1, ld_path_hash, ps);
	/* One file has no duplicate paths, so appended members need no slot. */
	for (i = 0; i < ts->nmembers; i++) {
		size_t *slot = ld_path_slot(&paths, ps, ts->members[i].path);

		if (*slot) {
			struct cl_span *was = cl_arena_alloc(a, sizeof(*was));

			*was = ps->members[*slot - 1].span;
			ps->members[*slot - 1] = ts->members[i];
			ps->members[*slot - 1].replaced_at = was;
		} else {
			*ld_member_push(ps) = ts->members[i];
		}
	}
	cl_index_free(&paths);
}

/*
 * @ts's strings are in @p's arena already: only the arrays move.  Any
 * other evidence for a struct outranks what was inferred from the code:
 * an inferred struct does not add to one described, and one described
 * replaces what was inferred.
 */
static void struct_layer(struct cl_profile *p, struct cl_profile_struct *ts)
{
	struct cl_profile_struct *ps = cl_profile_find(p, ts->name);

	if (ps && ts->statik && !ps->statik && ps->nmembers)
		return;
	if (ps && ps->statik && !ts->statik && ts->nmembers) {
		ps->nmembers = 0;
		ps->statik = false;
	}
	if (!ps) {
		ps = ld_struct_add(p, ts->name, &ts->span);
		ps->statik = ts->statik;
	}
	ps->suppress |= ts->suppress;
	if (!ps->nmembers)
		members_take(ps, ts);
	else if (ts->nmembers)
		members_layer(&p->arena, ps, ts);
}

/*
 * The first file loaded into an empty profile becomes it, arrays and
 * index as they are: most runs load one profile, and copying a million
 * structs would double the peak memory of the load.
 */
static void profile_take(struct cl_profile *p, struct cl_profile *tmp)
{
	VEC_TAKE(p, tmp, structs, nstructs, cap);
	VEC_TAKE(p, tmp, located, nlocated, located_cap);
	cl_index_free(&p->index);
	p->index = tmp->index;
	cl_index_init(&tmp->index);
}

/*
 * STREAM-START, DOCUMENT-START, the root, DOCUMENT-END, STREAM-END.  A
 * second document is refused at its start rather than read: which one a
 * reader should believe is anyone's guess.
 */
static int load_stream(struct loader *ld)
{
	if (ld_next(ld) || ld_next(ld))
		return -1;
	if (ld->ev.type == YAML_STREAM_END_EVENT)
		return ld_err_at(ld, NULL, "empty profile");
	if (ld_next(ld) || ld_load_root(ld) || ld_next(ld) || ld_next(ld))
		return -1;
	if (ld->ev.type != YAML_STREAM_END_EVENT)
		return ld_err_here(ld, "more than one document in a profile");
	return 0;
}

static void load_commit(struct loader *ld)
{
	struct cl_profile *p = ld->p, *tmp = &ld->tmp;
	bool thresholds = ld->set_write_hot || ld->set_read_mostly || ld->set_min_accesses;
	size_t i;

	for (i = 0; i < tmp->nstructs; i++) {
		infer_struct(&tmp->structs[i], &p->arena, &tmp->thresholds, !thresholds,
			     ld->samples);
		tmp->structs[i].statik = ld->statik;
	}
	if (!p->nstructs) {
		profile_take(p, tmp);
	} else {
		for (i = 0; i < tmp->nstructs; i++)
			struct_layer(p, &tmp->structs[i]);
	}
	if (tmp->line_size)
		p->line_size = tmp->line_size;
	cl_objects_layer(&p->objects, &tmp->objects);
	cl_contention_layer(&p->contention, &tmp->contention);
	cl_budgets_layer(p, tmp);
	for (i = 0; i < tmp->nconcurrent; i++) {
		if (cl_profile_path_concurrent(p, tmp->concurrent[i]))
			continue;
		p->concurrent = cl_xrealloc(p->concurrent, (p->nconcurrent + 1) * sizeof(char *));
		p->concurrent[p->nconcurrent++] = tmp->concurrent[i];
	}
	p->thresholds_set |= (ld->set_write_hot ? CL_THRESHOLD_SET_WRITE_HOT : 0) |
			     (ld->set_read_mostly ? CL_THRESHOLD_SET_READ_MOSTLY : 0) |
			     (ld->set_min_accesses ? CL_THRESHOLD_SET_MIN_ACCESSES : 0) |
			     (ld->set_min_transfers ? CL_THRESHOLD_SET_MIN_TRANSFERS : 0) |
			     (ld->set_min_samples ? CL_THRESHOLD_SET_MIN_SAMPLES : 0) |
			     (ld->set_min_share ? CL_THRESHOLD_SET_MIN_SHARE : 0);
	if (ld->set_write_hot)
		p->thresholds.write_hot = tmp->thresholds.write_hot;
	if (ld->set_read_mostly)
		p->thresholds.read_mostly = tmp->thresholds.read_mostly;
	if (ld->set_min_accesses)
		p->thresholds.min_accesses = tmp->thresholds.min_accesses;
	if (ld->set_min_transfers) {
		p->thresholds.contention.min_transfers = tmp->thresholds.contention.min_transfers;
		p->thresholds.contention.transfers_set = true;
	}
	if (ld->set_min_samples)
		p->thresholds.contention.min_samples = tmp->thresholds.contention.min_samples;
	if (ld->set_min_share)
		p->thresholds.contention.min_share = tmp->thresholds.contention.min_share;
	/* The last thresholds win, for the files before this one too. */
	if (thresholds)
		infer_again(p);
}

bool cl_profile_path_concurrent(const struct cl_profile *p, const char *name)
{
	for (size_t i = 0; i < p->nconcurrent; i++)
		if (!strcmp(p->concurrent[i], name))
			return true;
	return false;
}

static int loader_start(struct loader *ld, struct cl_profile *p, const char *name,
			struct cl_diag *err)
{
	memset(ld, 0, sizeof(*ld));
	ld->p = p;
	ld->err = err;
	ld->name = cl_arena_strdup(&p->arena, name);
	cl_profile_init(&ld->tmp);
	/* Inference in this file uses the thresholds in force, unless it sets its own. */
	ld->tmp.thresholds = p->thresholds;
	if (!yaml_parser_initialize(&ld->parser))
		return ld_err_at(ld, NULL, "out of memory");
	return 0;
}

/* Parse, and on success layer; the loader is finished either way. */
static int loader_run(struct loader *ld)
{
	int rc = load_stream(ld);

	if (!rc)
		load_commit(ld);
	if (ld->have_ev)
		yaml_event_delete(&ld->ev);
	yaml_parser_delete(&ld->parser);
	cl_profile_free(&ld->tmp);
	cl_index_free(&ld->paths);
	free(ld->struct_lines);
	return rc;
}

int cl_profile_load_buffer(struct cl_profile *p, const char *name,
			   const char *buf, size_t len, struct cl_diag *err)
{
	struct loader ld;

	if (loader_start(&ld, p, name, err)) {
		cl_profile_free(&ld.tmp);
		return -1;
	}
	ld.buf = buf;
	ld.buflen = buf ? len : 0;
	yaml_parser_set_input_string(&ld.parser, (const unsigned char *)(buf ? buf : ""),
				     buf ? len : 0);
	return loader_run(&ld);
}

static FILE *profile_open(const char *path, struct cl_diag *err)
{
	struct stat st;
	FILE *f = fopen(path, "rb");

	if (!f) {
		cl_diag_set(err, path, 0, 0, "cannot open profile: %s", strerror(errno));
		return NULL;
	}
	/* fopen() opens a directory; libyaml would then say only "input error". */
	if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		cl_diag_set(err, path, 0, 0, "cannot read profile: %s", strerror(EISDIR));
		fclose(f);
		return NULL;
	}
	return f;
}

int cl_profile_load(struct cl_profile *p, const char *path, struct cl_diag *err)
{
	struct loader ld;
	FILE *f = profile_open(path, err);
	int rc;

	if (!f)
		return -1;
	if (loader_start(&ld, p, path, err)) {
		cl_profile_free(&ld.tmp);
		fclose(f);
		return -1;
	}
	/* libyaml reads the file in small blocks: memory does not grow with it. */
	ld.file = f;
	yaml_parser_set_input_file(&ld.parser, f);
	rc = loader_run(&ld);
	fclose(f);
	return rc;
}

/* "a::b" or a trailing ':' is a typo, not a request to skip: refuse it up front. */
static int list_check(const char *list, struct cl_diag *err)
{
	char lb[SHOW_MAX];
	const char *s;

	for (s = list;; s++) {
		if ((*s == ':' || !*s) && (s == list || s[-1] == ':')) {
			cl_diag_set(err, "", 0, 0, "empty file name in profile list '%s'",
				    ld_show(lb, list));
			return -1;
		}
		if (!*s)
			return 0;
	}
}

/*
 * Each file is loaded (and layered) in turn: when one fails, the files
 * before it stay loaded.  Callers treat any failure as fatal anyway.
 */
int cl_profile_load_list(struct cl_profile *p, const char *list, struct cl_diag *err)
{
	const char *s = list;

	if (list_check(list, err))
		return -1;
	for (;;) {
		const char *end = strchr(s, ':');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		char *path = cl_xmalloc(len + 1);
		int rc;

		memcpy(path, s, len);
		path[len] = '\0';
		rc = cl_profile_load(p, path, err);
		free(path);
		if (rc || !end)
			return rc;
		s = end + 1;
	}
}
