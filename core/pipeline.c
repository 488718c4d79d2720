// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * pipeline.c - profiles, deduplication, analysis, proposals and output,
 * once for every front end
 */
#include "pipeline.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cl_version.h"
#include "emit/emit.h"
#include "emit/files.h"
#include "model/kernel_groups.h"
#include "propose/propose.h"
#include "emit/proposal_text.h"
#include "propose/propose_rewrite.h"
#include "emit/view.h"

/* ------------------------------------------------------------------ */
/* worth converting                                                     */

struct worth {
	const struct cl_worth_walk *w;
	const struct cl_profile *p;
	bool no_groups;
	unsigned depth;
};

static bool worth(const struct worth *c, const void *rec);

static bool member_worth(void *ctx, const char *name, bool marked, const void *embedded)
{
	const struct worth *c = ctx;
	struct worth inner = *c;

	if (marked || (!c->no_groups && name && cl_groups_marker(name)))
		return true;
	if (!embedded || c->depth >= CL_NESTING_MAX)
		return false;
	inner.depth++;
	return worth(&inner, embedded);
}

static bool worth(const struct worth *c, const void *rec)
{
	const struct cl_worth_walk *w = c->w;
	int known = w->known ? w->known(w->data, rec) : -1;
	bool yes;

	if (known >= 0)
		return known;
	if (w->remember)
		w->remember(w->data, rec, false);
	yes = cl_profile_names(c->p, w->name(w->data, rec)) ||
	      (!c->depth && w->marked(w->data, rec)) ||
	      w->members(w->data, rec, member_worth, (void *)c);
	if (w->remember)
		w->remember(w->data, rec, yes);
	return yes;
}

bool cl_worth_converting(const struct cl_worth_walk *w, const void *rec,
			 const struct cl_profile *p, bool no_groups)
{
	struct worth c = { w, p, no_groups, 0 };

	return worth(&c, rec);
}

static const char *record_name(void *data, const void *rec)
{
	(void)data;
	return ((const struct cl_record *)rec)->name;
}

static bool record_marked(void *data, const void *rec)
{
	const struct cl_record *r = rec;

	(void)data;
	return r->per_thread || r->npaths;
}

static bool record_members(void *data, const void *rec,
			   bool (*fn)(void *ctx, const char *name, bool marked, const void *embedded),
			   void *ctx)
{
	const struct cl_member *m;

	(void)data;
	cl_for_each_member((const struct cl_record *)rec, m)
		if (fn(ctx, m->name, m->access.cls != CL_CLASS_NONE ||
				     (m->flags & CL_MEMBER_PER_THREAD), m->record))
			return true;
	return false;
}

bool cl_record_worth_converting(const struct cl_record *rec, const struct cl_profile *p,
				bool no_groups)
{
	static const struct cl_worth_walk w = {
		record_name, record_marked, record_members, NULL, NULL, NULL,
	};

	return cl_worth_converting(&w, rec, p, no_groups);
}

/* ------------------------------------------------------------------ */

void cl_pipeline_init(struct cl_pipeline *p, const struct cl_pipeline_config *cfg)
{
	memset(p, 0, sizeof(*p));
	p->cfg = *cfg;
	cl_arena_init(&p->arena);
	cl_findings_init(&p->findings, &p->arena);
	cl_strset_init(&p->seen_records);
	cl_strset_init(&p->seen_variables);
	cl_strset_init(&p->system_names);
	cl_strset_init(&p->seen_findings);
	cl_strset_init(&p->source_paths);
	cl_strset_init(&p->seen_twins);
}

void cl_pipeline_free(struct cl_pipeline *p)
{
	for (size_t i = 0; i < p->source_paths.n; i++)
		if (p->source_texts[i])
			cl_source_text_free(p->source_texts[i]);
	free(p->source_texts);
	cl_strset_free(&p->source_paths);
	cl_strset_free(&p->seen_records);
	cl_strset_free(&p->seen_variables);
	cl_strset_free(&p->system_names);
	cl_strset_free(&p->seen_findings);
	cl_strset_free(&p->seen_twins);
	free(p->twins);
	free(p->records);
	free(p->proposals);
	cl_findings_free(&p->findings);
	cl_arena_free(&p->arena);
	memset(p, 0, sizeof(*p));
}

/* ------------------------------------------------------------------ */
/* one record                                                           */

/* Whether @rec's layout (at @key) was added before; remembers it. */
static bool seen_before(struct cl_pipeline *p, const struct cl_record *rec, const char *key)
{
	char buf[32];
	const char *k;

	snprintf(buf, sizeof(buf), "#%016" PRIx64, cl_record_fingerprint(rec));
	k = key ? cl_arena_printf(&p->arena, "%s%s", key, buf) : buf;
	return cl_strset_add(&p->seen_records, k);
}

/* Keep the findings from @first on that no earlier record gave already. */
static void keep_new_findings(struct cl_pipeline *p, size_t first)
{
	struct cl_findings *f = &p->findings;
	size_t kept = first;

	for (size_t i = first; i < f->n; i++) {
		const struct cl_finding *fd = &f->v[i];
		const char *key = cl_arena_printf(&p->arena, "%s:%u:%u:%s",
						  fd->where.file ? fd->where.file : "",
						  fd->where.line, fd->where.col, fd->message);

		if (!cl_strset_add(&p->seen_findings, key))
			f->v[kept++] = *fd;
	}
	f->n = kept;
}

static bool has_fixable(const struct cl_pipeline *p, size_t first)
{
	for (size_t i = first; i < p->findings.n; i++)
		if (cl_rule_proposal_fixes(p->findings.v[i].rule))
			return true;
	return false;
}

/*
 * A source file's lines, read once per run; NULL when it cannot be read,
 * with *@reason saying why.
 */
static const struct cl_source_text *source_of(struct cl_pipeline *p, const char *path,
					      const char **reason)
{
	size_t n = p->source_paths.n;
	const char *key = cl_strset_intern(&p->source_paths, path), *why;
	struct cl_source_text *t = NULL;

	for (size_t i = 0; p->source_paths.n == n && i < n && !t; i++)
		if (p->source_paths.v[i] == key)
			t = p->source_texts[i];
	if (!t) {
		t = cl_arena_alloc(&p->arena, sizeof(*t));
		if (cl_source_text_load(t, path, &p->arena, &why))
			t->unreadable = cl_arena_printf(&p->arena,
				"the struct's source file '%s' cannot be read (%s)", path, why);
		p->source_texts = cl_xrealloc(p->source_texts,
					      p->source_paths.n * sizeof(*p->source_texts));
		p->source_texts[p->source_paths.n - 1] = t;
	}
	*reason = t->unreadable;
	return t->unreadable ? NULL : t;
}

#define TWINS_NAMED_MAX 4

/* "'crawler' (crawler.c:344)": the other record of @t and where. */
static const char *twin_other(struct cl_arena *a, const struct cl_twin *t, int side)
{
	if (t->via)
		return cl_arena_printf(a, "'%s' (%s:%u) holds it and '%s'", t->via,
				       cl_span_shown_file(&t->where), cl_span_shown_line(&t->where),
				       t->name[!side]);
	return cl_arena_printf(a, "'%s' (%s:%u)", t->name[!side], cl_span_shown_file(&t->where),
			       cl_span_shown_line(&t->where));
}

/*
 * Every twin of @rp's record (keyed @rp->key) takes its patch away; the
 * note names them (each other record once, the first place seen) and keeps
 * the order, for whoever moves them all by hand.
 */
static void twins_of(struct cl_pipeline *p, struct cl_report_proposal *rp)
{
	struct cl_arena *a = &p->arena;
	const char *casts[TWINS_NAMED_MAX], *unions[TWINS_NAMED_MAX];
	struct cl_strbuf why = { 0 };
	struct cl_strset others;
	size_t ncasts = 0, nunions = 0, more = 0;

	if (!rp->key || !rp->p)
		return;
	cl_strset_init(&others);
	for (size_t i = 0; i < p->ntwins; i++) {
		for (int side = 0; side < 2; side++) {
			const struct cl_twin *t = &p->twins[i];

			if (strcmp(t->key[side], rp->key) || cl_strset_add(&others, t->name[!side]))
				continue;
			if (ncasts + nunions >= TWINS_NAMED_MAX)
				more++;
			else if (t->via)
				unions[nunions++] = twin_other(a, t, side);
			else
				casts[ncasts++] = twin_other(a, t, side);
		}
	}
	cl_strset_free(&others);
	if (!ncasts && !nunions)
		return;
	if (ncasts) {
		cl_strbuf_printf(&why, "%s between pointers to it and to ", ncasts > 1 ? "casts" : "a cast");
		for (size_t i = 0; i < ncasts; i++)
			cl_strbuf_printf(&why, "%s%s", !i ? "" : i + 1 < ncasts ? ", " : " and ",
					 casts[i]);
		cl_strbuf_printf(&why, " %s one through the other", ncasts > 1 ? "read" : "reads");
	}
	for (size_t i = 0; i < nunions; i++)
		cl_strbuf_printf(&why, "%s%s", ncasts || i ? "; " : "", unions[i]);
	if (nunions)
		cl_strbuf_printf(&why, ", whose common initial sequence%s read through either",
				 nunions > 1 ? "s are" : " is");
	if (more)
		cl_strbuf_printf(&why, " (and %zu more)", more);
	rp->twinned = true;
	rp->rw = NULL;
	rp->reason = cl_arena_printf(a, "%s: reordering one without the other%s breaks the program; proposed %s",
				     cl_strbuf_take(&why, a), ncasts + nunions + more > 1 ? "s" : "",
				     cl_proposal_order(rp->p, a));
}

void cl_pipeline_twin(struct cl_pipeline *p, const struct cl_twin *t)
{
	const char *k = cl_arena_printf(&p->arena, "%s\n%s", t->key[0], t->key[1]);
	const char *r = cl_arena_printf(&p->arena, "%s\n%s", t->key[1], t->key[0]);

	if (!strcmp(t->key[0], t->key[1]) || cl_strset_has(&p->seen_twins, r) ||
	    cl_strset_add(&p->seen_twins, k))
		return;
	*cl_vec_push(&p->twins, &p->ntwins, &p->twins_cap) = *t;
	for (size_t i = 0; i < p->nproposals; i++)
		if (p->proposals[i].key && (!strcmp(p->proposals[i].key, t->key[0]) ||
					    !strcmp(p->proposals[i].key, t->key[1])))
			twins_of(p, &p->proposals[i]);
}

/* The proposal for @rec, with the rewrite of its text where there is one. */
static void propose(struct cl_pipeline *p, const struct cl_record *rec,
		    struct cl_report_proposal *rp)
{
	struct cl_arena *a = &p->arena;
	struct cl_proposal *pr = cl_arena_alloc(a, sizeof(*pr));
	struct cl_rewrite *rw;

	rp->rec = rec;
	if (cl_propose(rec, &p->cfg.opt, a, pr)) {
		rp->reason = pr->reason;
		return;
	}
	rp->p = pr;
	if (!p->cfg.sources) {
		rp->reason = cl_arena_printf(a, "%s; proposed %s", p->cfg.no_source,
					     cl_proposal_order(pr, a));
		return;
	}
	rp->reason = "the struct's source file is not known";
	if (rec->span.file)
		rp->src = source_of(p, rec->span.file, &rp->reason);
	rw = cl_arena_alloc(a, sizeof(*rw));
	if (rp->src && cl_proposal_rewrite(pr, rp->src, a, rw))
		rp->reason = rw->reason;
	else if (rp->src)
		rp->rw = rw;
	/* an order that clears the findings, which the text cannot take: say it */
	if (!rp->rw)
		rp->reason = cl_arena_printf(a, "%s; proposed %s", rp->reason,
					     cl_proposal_order(pr, a));
	twins_of(p, rp);
}

static void draw(struct cl_pipeline *p, struct cl_record *rec, const struct cl_report_proposal *rp)
{
	struct cl_view_options vo = { .opt = &p->cfg.opt };
	FILE *out = p->cfg.view;

	fprintf(out, "/* cachelint: %s as it is */\n", cl_record_display(rec, &p->arena));
	cl_view(out, rec, &vo);
	cl_view_proposal(out, rec, rp, &vo, &p->arena);
}

/* "'usage'", "'a', 'b'": the fields of the new findings that are truly shared. */
static const char *truly_shared(struct cl_pipeline *p, size_t first)
{
	const char *s = NULL;

	for (size_t i = first; i < p->findings.n; i++)
		if (cl_rule_info(p->findings.v[i].rule)->remains)
			s = cl_arena_printf(&p->arena, "%s%s'%s'", s ? s : "", s ? ", " : "",
					    p->findings.v[i].a.path);
	return s;
}

static void groups_below(struct cl_record *r, void *arena)
{
	cl_groups_apply(r, arena, NULL);
}

bool cl_pipeline_add(struct cl_pipeline *p, struct cl_record *rec, const char *key)
{
	struct cl_findings scratch;
	size_t first = p->findings.n;
	bool spelled = false;

	/*
	 * The classes first, they are part of the layout's identity: the
	 * profile, then the kernel's cacheline groups for what is left.
	 */
	cl_findings_init(&scratch, &p->arena);
	if (cl_profile_has_entries(p->cfg.profile)) {
		cl_profile_apply_embedded(p->cfg.profile, rec, &p->arena);
		cl_profile_apply(p->cfg.profile, rec, &p->arena, &scratch);
		cl_profile_evidence_lines(p->cfg.profile, rec, p->cfg.opt.line_size, &scratch);
	}
	if (!p->cfg.opt.no_cacheline_groups) {
		cl_record_for_each_embedded(rec, groups_below, &p->arena);
		cl_groups_apply(rec, &p->arena, &scratch);
	}
	if (p->cfg.dedup && seen_before(p, rec, key)) {
		cl_findings_free(&scratch);
		return false;
	}
	for (size_t i = 0; i < scratch.n; i++)
		*cl_vec_push(&p->findings.v, &p->findings.n, &p->findings.cap) = scratch.v[i];
	cl_findings_free(&scratch);
	if (p->cfg.dump)
		cl_record_dump(p->cfg.dump, rec);
	cl_analyze(rec, &p->cfg.opt, &p->findings);
	keep_new_findings(p, first);
	*cl_vec_push(&p->records, &p->nrecords, &p->records_cap) = rec;
	if (p->cfg.spell_types && p->cfg.types && p->findings.n > first) {
		p->cfg.types(p->cfg.data, rec);
		spelled = true;
	}
	if ((p->cfg.propose || p->cfg.view) && has_fixable(p, first)) {
		struct cl_report_proposal *rp =
			cl_vec_push(&p->proposals, &p->nproposals, &p->proposals_cap);

		/* the proposal's model copies the member types it is drawn with */
		if (p->cfg.view && p->cfg.types && !spelled)
			p->cfg.types(p->cfg.data, rec);
		rp->key = key;
		propose(p, rec, rp);
		rp->remains = truly_shared(p, first);
		if (p->cfg.view)
			draw(p, rec, rp);
	}
	if (p->cfg.sink && p->findings.n > first)
		p->cfg.sink(p->cfg.data, p, rec, first, p->findings.n - first);
	return true;
}

void cl_pipeline_add_system(struct cl_pipeline *p, const char *name)
{
	if (name)
		cl_strset_add(&p->system_names, name);
}

void cl_pipeline_add_variable(struct cl_pipeline *p, const struct cl_variable *v)
{
	size_t first = p->findings.n;

	cl_strset_add(&p->seen_variables, v->name);
	cl_check_variable(v, p->cfg.profile, &p->cfg.opt, &p->findings);
	keep_new_findings(p, first);
	if (p->cfg.sink && p->findings.n > first)
		p->cfg.sink(p->cfg.data, p, NULL, first, p->findings.n - first);
}

/**
 * struct run_names - the records of a run by name, to say which profile
 * entries no input defined: one look per entry, not a walk of every record
 * (20,000 objects: entries for as many structs)
 * @rec: the named records, sorted by name
 * @n: number of @rec
 */
struct run_names {
	const struct cl_record **rec;
	size_t n;
};

static int record_name_cmp(const void *x, const void *y)
{
	return strcmp((*(const struct cl_record *const *)x)->name,
		      (*(const struct cl_record *const *)y)->name);
}

static void run_names_init(struct run_names *rn, const struct cl_pipeline *p)
{
	rn->rec = cl_xmalloc((p->nrecords + 1) * sizeof(*rn->rec));
	rn->n = 0;
	for (size_t i = 0; i < p->nrecords; i++)
		if (p->records[i]->name)
			rn->rec[rn->n++] = p->records[i];
	qsort(rn->rec, rn->n, sizeof(*rn->rec), record_name_cmp);
}

/* @name against the NAME part of @key, @len bytes, as strcmp() would order them. */
static int name_cmp(const char *name, const char *key, size_t len)
{
	int c = strncmp(name, key, len);

	return c ? c : name[len] ? 1 : 0;
}

/* Whether some record of the run is the one @key names. */
static bool defined_in_run(const struct run_names *rn, const char *key)
{
	size_t len = cl_struct_key_name(key), lo = 0, hi = rn->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (name_cmp(rn->rec[mid]->name, key, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < rn->n && !name_cmp(rn->rec[lo]->name, key, len); lo++) {
		struct cl_record_place at;

		cl_record_place(rn->rec[lo], &at);
		if (cl_struct_key_matches(key, &at))
			return true;
	}
	return false;
}

/*
 * A budget (lines:) for a struct no input defines checks nothing: say so,
 * once per struct key (a set of the keys said, not a look back over the
 * budgets before: a profile of 20,000 structs' budgets was quadratic).
 */
static void budgets_undefined(struct cl_pipeline *p, const struct cl_profile *prof,
			      const struct run_names *rn)
{
	struct cl_strset said;

	cl_strset_init(&said);
	for (size_t i = 0; i < prof->nbudgets; i++) {
		const struct cl_budget *b = &prof->budgets[i];
		struct cl_finding *f;

		if (cl_strset_add(&said, b->record) || defined_in_run(rn, b->record) ||
		    cl_strset_has(&p->system_names, b->record))
			continue;
		f = cl_findings_add(&p->findings, CL_RULE_PROFILE, NULL);
		f->record_name = cl_arena_strdup(&p->arena, b->record);
		f->where = b->span;
		f->message = cl_arena_printf(&p->arena,
			"profile gives struct '%s' a budget of lines, but no input defines it [%s]",
			b->record, cl_rule_info(CL_RULE_PROFILE)->id);
	}
	cl_strset_free(&said);
}

/*
 * Contention evidence for a struct or variable no input defines judges
 * nothing: say so, as for structs: entries.
 */
static void contention_undefined(struct cl_pipeline *p, const struct cl_profile *prof,
				 const struct run_names *rn)
{
	for (size_t i = 0; i < prof->contention.n; i++) {
		const struct cl_contention_entry *e = &prof->contention.entries[i];
		const struct cl_profile_struct *ps;
		struct cl_finding *f;

		if (e->variable ? cl_strset_add(&p->seen_variables, e->name) :
		    defined_in_run(rn, e->name) || cl_strset_has(&p->system_names, e->name))
			continue;
		/* its structs: entry says it already */
		ps = e->variable ? NULL : cl_profile_find(prof, e->name);
		if (ps && (!ps->defined || (ps->suppress & (1u << CL_RULE_PROFILE))))
			continue;
		f = cl_findings_add(&p->findings, CL_RULE_PROFILE, NULL);
		f->record_name = cl_arena_strdup(&p->arena, e->name);
		f->where = e->span;
		f->message = cl_arena_printf(&p->arena,
			"profile has contention evidence for %s '%s', which no input defines [%s]",
			e->variable ? "variable" : "struct", e->name,
			cl_rule_info(CL_RULE_PROFILE)->id);
	}
}

/* A finding of rule cachelint-profile about an entry of the profile. */
static void profile_says(struct cl_pipeline *p, const char *name, const struct cl_span *at,
			 const char *message)
{
	struct cl_finding *f = cl_findings_add(&p->findings, CL_RULE_PROFILE, NULL);

	f->record_name = cl_arena_strdup(&p->arena, name);
	f->where = *at;
	f->message = message;
}

/*
 * Evidence per object (objects:) for a struct or variable no input
 * defines judges nothing: say so, as for structs: entries (where one of
 * those names the struct too, it says it already).
 */
static void objects_undefined(struct cl_pipeline *p, const struct cl_profile *prof,
			      const struct run_names *rn)
{
	const struct cl_objects *o = &prof->objects;
	const char *id = cl_rule_info(CL_RULE_PROFILE)->id;

	for (size_t i = 0; i < o->nstructs; i++) {
		const struct cl_object_struct *os = &o->structs[i];
		const struct cl_profile_struct *ps = cl_profile_find(prof, os->name);

		if (defined_in_run(rn, os->name) || cl_strset_has(&p->system_names, os->name) ||
		    (ps && (!ps->defined || (ps->suppress & (1u << CL_RULE_PROFILE)))))
			continue;
		profile_says(p, os->name, &os->span, cl_arena_printf(&p->arena,
			"profile has evidence per object (objects:) for struct '%s', which no input defines [%s]",
			os->name, id));
	}
	for (size_t i = 0; i < o->nvariables; i++) {
		const struct cl_object_variable *v = &o->variables[i];

		if (cl_strset_has(&p->seen_variables, v->name))
			continue;
		profile_says(p, v->name, &v->span, cl_arena_printf(&p->arena,
			"profile has evidence per object (objects:) for variable '%s', which no input defines [%s]",
			v->name, id));
	}
}

void cl_pipeline_finish(struct cl_pipeline *p)
{
	const struct cl_profile *prof = p->cfg.profile;
	struct run_names rn;

	if (!p->cfg.whole_program || !prof)
		return;
	run_names_init(&rn, p);
	budgets_undefined(p, prof, &rn);
	objects_undefined(p, prof, &rn);
	contention_undefined(p, prof, &rn);
	free(rn.rec);
	for (size_t i = 0; i < prof->nstructs; i++) {
		const struct cl_profile_struct *ps = &prof->structs[i];
		struct cl_finding *f;

		if (ps->defined || (ps->suppress & (1u << CL_RULE_PROFILE)) ||
		    cl_strset_has(&p->system_names, ps->name))
			continue;
		f = cl_findings_add(&p->findings, CL_RULE_PROFILE, NULL);
		f->record_name = cl_arena_strdup(&p->arena, ps->name);
		f->where = ps->span;
		f->message = cl_arena_printf(&p->arena,
			"profile names struct '%s', which no input defines [%s]",
			ps->name, cl_rule_info(CL_RULE_PROFILE)->id);
	}
}

struct cl_report_proposal *cl_pipeline_proposal(struct cl_pipeline *p,
						const struct cl_record *rec)
{
	for (size_t i = p->nproposals; i-- > 0;)
		if (p->proposals[i].rec == rec)
			return &p->proposals[i];
	return NULL;
}

size_t cl_pipeline_apply_baseline(struct cl_pipeline *p, const struct cl_baseline *b)
{
	return cl_baseline_filter(b, &p->findings);
}

/* ------------------------------------------------------------------ */
/* output                                                               */

int cl_pipeline_write(const struct cl_pipeline *p, FILE *out, enum cl_format format,
		      const struct cl_pipeline_output *o)
{
	struct cl_emit_info info = {
		.tool_version = CL_VERSION,
		.opt = &p->cfg.opt,
		.source_root = o ? o->source_root : NULL,
		.records = p->records,
		.nrecords = p->nrecords,
		.profile = p->cfg.profile && p->cfg.profile->nstructs ? p->cfg.profile : NULL,
		.proposals = p->proposals,
		.nproposals = p->nproposals,
		.source = o ? o->source : NULL,
		.every_record = o && o->every_record,
	};
	struct cl_report_info report = {
		.tool_version = CL_VERSION,
		.source = o ? o->source : NULL,
		.opt = &p->cfg.opt,
		.records = p->records,
		.nrecords = p->nrecords,
		.proposals = p->proposals,
		.nproposals = p->nproposals,
	};

	switch (format) {
	case CL_FORMAT_JSON:
		return cl_emit_json(out, &p->findings, &info);
	case CL_FORMAT_SARIF:
		return cl_emit_sarif(out, &p->findings, &info);
	case CL_FORMAT_GITHUB:
		return cl_emit_github(out, &p->findings, &info);
	case CL_FORMAT_YAML:
		return cl_report_yaml(out, &report, &p->findings);
	case CL_FORMAT_HTML:
		return cl_emit_html(out, &p->findings, &info);
	default:
		return cl_emit_text(out, &p->findings, &info);
	}
}

static int by_first_line(const void *x, const void *y)
{
	const struct cl_rewrite *a = x, *b = y;

	return a->first_line < b->first_line ? -1 : a->first_line > b->first_line;
}

int cl_pipeline_write_patch(const struct cl_pipeline *p, FILE *out, const char *source_root)
{
	bool *done = cl_xmalloc((p->nproposals + 1) * sizeof(*done));
	struct cl_rewrite *rw = cl_xmalloc((p->nproposals + 1) * sizeof(*rw));
	int rc = 0;

	memset(done, 0, (p->nproposals + 1) * sizeof(*done));
	for (size_t i = 0; i < p->nproposals && !rc; i++) {
		const struct cl_report_proposal *rp = &p->proposals[i];
		const char *file = rp->rec->span.file;
		char *rel;
		size_t n = 0;

		if (done[i] || !rp->rw)
			continue;
		for (size_t k = i; k < p->nproposals; k++) {
			const struct cl_report_proposal *q = &p->proposals[k];

			if (!done[k] && q->rw && !strcmp(q->rec->span.file, file)) {
				rw[n++] = *q->rw;
				done[k] = true;
			}
		}
		qsort(rw, n, sizeof(*rw), by_first_line);
		/* never "a/../include/x.h", which patch -p1 refuses */
		rel = cl_path_relative(file, source_root ? source_root : ".");
		if (rel) {
			rc = cl_rewrite_diff(out, rel, rp->src, rw, n);
		} else {
			errno = EXDEV;
			rc = -1;
		}
		free(rel);
	}
	free(done);
	free(rw);
	return rc;
}

const struct cl_report_proposal *cl_pipeline_patch_outside(const struct cl_pipeline *p,
							   const char *source_root)
{
	for (size_t i = 0; i < p->nproposals; i++) {
		const struct cl_report_proposal *rp = &p->proposals[i];
		char *rel;
		bool below;

		if (!rp->rw)
			continue;
		rel = cl_path_relative(rp->rec->span.file, source_root ? source_root : ".");
		below = rel != NULL;
		free(rel);
		if (!below)
			return rp;
	}
	return NULL;
}

int cl_pipeline_dump(const struct cl_pipeline *p, FILE *out)
{
	for (size_t i = 0; i < p->nrecords; i++)
		cl_record_dump(out, p->records[i]);
	return ferror(out) ? -1 : 0;
}
