// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_true_sharing.c - cachelint-true-sharing: a field that several
 * threads or concurrent paths write, per the write counts of a profile
 *
 * No layout helps such a field: its own line moves between its writers on
 * every update.  The note says so, and what helps instead for what the
 * field is (member_kind.h: a counter, a reference count, a lock, a ring's
 * index), so that nobody pads a struct to cure it.  It rests on counts only -- a path listed
 * without a count, or a class, says too little.
 *
 * Counts per type cannot tell "two threads write this field of one
 * object" from "each thread writes the field of its own object".  Where
 * the profile has evidence per object for the record, the field must also
 * have been written, same bytes, by two threads on one object
 * (same-written of its pair with itself).
 */
#include "profile/access_profile.h"
#include "check.h"
#include "member_kind.h"

#include <inttypes.h>

#define WRITERS_SHOWN 4

/* The paths that wrote @l, counted; concurrent ones count as several. */
static size_t writers(const struct cl_leaf *l, bool *concurrent)
{
	size_t n = 0;

	*concurrent = false;
	if (l->access.cls != CL_CLASS_PATHS)
		return 0;
	for (uint32_t i = 0; i < l->access.nuses; i++) {
		const struct cl_use *u = &l->access.uses[i];

		if (!(u->flags & CL_USE_WRITE) || !u->writes)
			continue;
		n++;
		*concurrent |= u->flags & CL_USE_CONCURRENT;
	}
	return n;
}

static const char *writer_list(const struct cl_check_ctx *ctx, const struct cl_leaf *l)
{
	struct cl_arena *a = ctx->out->arena;
	const char *s = "";
	size_t shown = 0, n = 0;

	for (uint32_t i = 0; i < l->access.nuses; i++) {
		const struct cl_use *u = &l->access.uses[i];

		if (!(u->flags & CL_USE_WRITE) || !u->writes)
			continue;
		if (shown++ < WRITERS_SHOWN)
			s = cl_arena_printf(a, "%s%s%s %" PRIu64 "%s", s, *s ? ", " : "", u->path,
					    u->writes, u->flags & CL_USE_CONCURRENT ? " (concurrent)" : "");
		n++;
	}
	if (n > WRITERS_SHOWN)
		s = cl_arena_printf(a, "%s, ...", s);
	return s;
}

/* The evidence that threads wrote the same bytes of @l on one object, or NULL. */
static const struct cl_object_pair *same_written(const struct cl_check_ctx *ctx,
						 const struct cl_leaf *l)
{
	const struct cl_object_pair *pr = cl_evidence_pair(ctx->rec, l, l);

	return pr && pr->same_written ? pr : NULL;
}

/*
 * With contention evidence: the member's true-sharing entry, written by two
 * threads or more and heavy enough, or NULL.
 */
static const struct cl_contention_shared *shared_heavy(const struct cl_check_ctx *ctx,
						       const struct cl_leaf *l)
{
	const struct cl_contention_entry *e = ctx->rec->contention;
	const struct cl_contention_shared *sh = l->path ? cl_contention_shared_member(e, l->path) :
					       NULL;

	if (!sh || sh->writers < 2 ||
	    !cl_contention_heavy(e, sh->weight, sh->samples, ctx->rec->contention_floor))
		return NULL;
	return sh;
}

/* A field the evidence says two threads wrote, the same bytes, at once. */
static void report_evidence(const struct cl_check_ctx *ctx, const struct cl_leaf *l,
			    const struct cl_contention_shared *sh)
{
	const struct cl_contention_entry *e = ctx->rec->contention;
	struct cl_finding *f = cl_check_report(ctx, CL_RULE_TRUE_SHARING, l, NULL);
	struct cl_arena *a = ctx->out->arena;
	const char *who = cl_contention_who_text(&sh->who, a);

	f->message = cl_arena_printf(a,
		"field '%s' of '%s' is written by %" PRIu64 " threads at the same time: %s of true sharing, its own cache line moving between its writers whatever the layout [%s]",
		f->a.path, ctx->name, sh->writers, cl_contention_weight_text(e, sh->weight, a),
		cl_rule_info(CL_RULE_TRUE_SHARING)->id);
	f->note_where = f->where;
	f->note = cl_arena_printf(a, "%s%s%s; %s",
		cl_kind_true_fix(cl_member_kind(l), f->a.path, a), who ? "; " : "", who ? who : "",
		cl_contention_source_text(e, sh->weight, sh->samples, &sh->span, a));
}

/* An element of a variable (or a scalar variable) that two threads or more wrote at once. */
static void check_variable(const struct cl_check_ctx *ctx)
{
	const struct cl_variable *v = ctx->var;
	bool scalar = v->nelems == 1;
	const struct cl_contention_entry *e = ctx->prof ? cl_contention_find(&ctx->prof->contention,
									     v->name, true) : NULL;
	struct cl_arena *a = ctx->out->arena;

	for (size_t i = 0; e && i < e->nshared; i++) {
		const struct cl_contention_shared *sh = &e->shared[i];
		const char *who = cl_contention_who_text(&sh->who, a);
		struct cl_finding *f;

		if (sh->writers < 2 ||
		    !cl_contention_heavy(e, sh->weight, sh->samples, &ctx->prof->thresholds.contention))
			continue;
		f = cl_findings_add(ctx->out, CL_RULE_TRUE_SHARING, NULL);
		f->record_name = v->name;
		f->variable = v->name;
		f->where = v->span;
		f->note_where = v->span;
		f->message = cl_arena_printf(a,
			"%s'%s' is written by %" PRIu64 " threads at the same time: %s of true sharing, its own cache line moving between its writers whatever the layout [%s]",
			scalar ? "" : cl_arena_printf(a, "element %" PRIu64 " of ", sh->element),
			v->name, sh->writers, cl_contention_weight_text(e, sh->weight, a),
			cl_rule_info(CL_RULE_TRUE_SHARING)->id);
		f->note = cl_arena_printf(a,
			"%s, or batched writes, removes that traffic%s%s; %s",
			scalar ? cl_arena_printf(a, "a per-thread copy of '%s' merged on read", v->name) :
				 "a slot each",
			who ? "; " : "", who ? who : "",
			cl_contention_source_text(e, sh->weight, sh->samples, &sh->span, a));
	}
}

void cl_check_true_sharing(const struct cl_check_ctx *ctx)
{
	if (ctx->var) {
		check_variable(ctx);
		return;
	}
	if (ctx->rec->contention) {
		for (size_t i = 0; i < ctx->nwrite; i++) {
			const struct cl_leaf *l = &ctx->leaves[ctx->write[i]];
			const struct cl_contention_shared *sh = shared_heavy(ctx, l);

			if (sh)
				report_evidence(ctx, l, sh);
		}
		return;
	}
	/*
	 * The counts put every thread of a path on one object: a path that
	 * writes a field from several threads says nothing of whether they
	 * write the same one (memcached's per-worker thread_stats, each
	 * written by its own worker).  An instrumented run's evidence says:
	 * it has an entry for every object whose lines it saw shared, the
	 * embedding object's where the struct is a member of another, so a
	 * struct without one is not truly shared in that run.
	 */
	if (ctx->rec->run_judged)
		return;
	for (size_t i = 0; i < ctx->nwrite; i++) {
		const struct cl_leaf *l = &ctx->leaves[ctx->write[i]];
		const struct cl_object_pair *pr = NULL;
		struct cl_finding *f;
		bool concurrent;
		size_t n = writers(l, &concurrent);

		if (n < 2 && !concurrent)
			continue;
		if (ctx->rec->objects && !(pr = same_written(ctx, l)))
			continue;
		f = cl_check_report(ctx, CL_RULE_TRUE_SHARING, l, NULL);
		f->message = cl_arena_printf(ctx->out->arena,
			"field '%s' of '%s' is written on %zu path%s (writes: %s): its own cache line moves between its writers whatever the layout [%s]",
			f->a.path, ctx->name, n, n == 1 ? "" : "s", writer_list(ctx, l),
			cl_rule_info(CL_RULE_TRUE_SHARING)->id);
		f->note_where = f->where;
		f->note = cl_kind_true_fix(cl_member_kind(l), f->a.path, ctx->out->arena);
		if (pr)
			f->note = cl_arena_printf(ctx->out->arena, "%s; %s", f->note,
						  cl_evidence_text(ctx->rec->objects, pr, true,
								   ctx->out->arena));
	}
}
