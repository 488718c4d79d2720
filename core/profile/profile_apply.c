// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_apply.c - giving a record the classes its profile entries name
 *
 * Shared by every front end: they build a record, apply the profile, then
 * analyse, so a profile means the same thing to the plugin, the lint and the
 * DWARF checker.  The findings it issues are about the profile and the
 * record (a mismatch, an entry or evidence naming no member, evidence taken
 * at other lines); what the checks and the proposal ask of the evidence
 * afterwards is profile_evidence.c's.
 */
#include "access_profile.h"
#include "model/names.h"
#include "model/paths.h"

#include <inttypes.h>
#include <string.h>

/* A member by name, looking through anonymous members as C does. */
static struct cl_member *find_member(struct cl_record *rec, const char *name,
				     size_t len, unsigned depth)
{
	struct cl_member *m;

	cl_for_each_member(rec, m)
		if (m->name && strlen(m->name) == len && !memcmp(m->name, name, len))
			return m;
	if (depth > CL_NESTING_MAX)
		return NULL;
	cl_for_each_member(rec, m) {
		struct cl_member *found;

		if (m->name || !m->record)
			continue;
		found = find_member(m->record, name, len, depth + 1);
		if (found)
			return found;
	}
	return NULL;
}

/* The member a dotted path names, or NULL. */
/*
 * The member at dotted @path in @rec; *@nested when it is a leaf of an
 * embedded record.  A member whose own name holds a dot (GCC's "_vptr.box"
 * for a C++ class's vtable pointer) is matched whole.
 */
static struct cl_member *resolve_path(struct cl_record *rec, const char *path, bool *nested)
{
	struct cl_member *m = find_member(rec, path, strlen(path), 0);

	*nested = false;
	if (m || !strchr(path, '.'))
		return m;
	*nested = true;
	for (;;) {
		const char *dot = strchr(path, '.');
		size_t len = dot ? (size_t)(dot - path) : strlen(path);

		m = find_member(rec, path, len, 0);
		if (!m || !dot)
			return m;
		if (!m->record)
			return NULL;
		rec = m->record;
		path = dot + 1;
	}
}

static const char *class_words(enum cl_class cls)
{
	switch (cls) {
	case CL_CLASS_READ_MOSTLY:
		return "read-mostly";
	case CL_CLASS_WRITE_HOT:
		return "write-hot";
	case CL_CLASS_COLD:
		return "cold";
	default:
		return "unannotated";
	}
}

static bool same_access(const struct cl_access *x, const struct cl_access *y)
{
	return cl_access_same(x, y);
}

static const char *access_words(struct cl_arena *a, const struct cl_access *acc)
{
	if (acc->cls == CL_CLASS_PATHS)
		return cl_access_describe(acc, a);
	if (acc->group)
		return cl_arena_printf(a, "%s (group '%s')", class_words(acc->cls), acc->group);
	return class_words(acc->cls);
}

/* The entry's place, and the place it was imported from when it says. */
static const char *entry_words(struct cl_arena *a, const struct cl_profile_member *e)
{
	if (!e->from)
		return cl_span_where(&e->span, a);
	/* the loader refuses what does not print; a profile built in memory is escaped here */
	return cl_arena_printf(a, "%s (from %s)", cl_span_where(&e->span, a),
			       cl_name_escape(a, e->from));
}

/* ", concurrent on rx": what the words of cl_access_describe() leave out. */
static const char *concurrent_words(struct cl_arena *a, const struct cl_access *acc)
{
	struct cl_strbuf b = { 0 };

	for (uint32_t i = 0; i < acc->nuses; i++)
		if (acc->uses[i].path && (acc->uses[i].flags & CL_USE_CONCURRENT))
			cl_strbuf_printf(&b, "%s%s", b.len ? ", " : " (concurrent: ",
					 acc->uses[i].path);
	if (!b.len)
		return " (no path concurrent)";
	cl_strbuf_printf(&b, ")");
	return cl_strbuf_take(&b, a);
}

static void report_mismatch(struct cl_findings *out, struct cl_record *rec,
			    const char *path, const struct cl_member *m,
			    const struct cl_profile_member *e)
{
	struct cl_finding *f = cl_findings_add(out, CL_RULE_ANNOTATION_MISMATCH, rec);
	struct cl_arena *a = out->arena;
	const char *counts = "", *source, *profile;

	if (e->access.has_counts)
		counts = cl_arena_printf(a, " (reads %" PRIu64 ", writes %" PRIu64 ")",
					 e->access.reads, e->access.writes);
	f->a.path = path;
	f->a.member = m;
	f->a.access = m->access;
	f->where = m->span;
	source = access_words(a, &m->access);
	profile = access_words(a, &e->access);
	/* They differ where the words do not look: in which paths run concurrently. */
	if (cl_access_same_uses(&m->access, &e->access)) {
		source = cl_arena_printf(a, "%s%s", source, concurrent_words(a, &m->access));
		profile = cl_arena_printf(a, "%s%s", profile, concurrent_words(a, &e->access));
	}
	f->message = cl_arena_printf(a,
		"field '%s' of '%s' is annotated %s in the source but the profile at %s says %s%s [%s]",
		path, f->record_name, source, entry_words(a, e), profile, counts,
		cl_rule_info(CL_RULE_ANNOTATION_MISMATCH)->id);
}

static void report_missing(struct cl_findings *out, struct cl_record *rec,
			   const struct cl_profile_member *e)
{
	struct cl_finding *f = cl_findings_add(out, CL_RULE_PROFILE, rec);
	struct cl_arena *a = out->arena;

	f->a.path = e->path;
	f->where = rec->span;
	f->message = cl_arena_printf(a,
		"profile entry '%s' at %s names no member of '%s' [%s]",
		e->path, entry_words(a, e), f->record_name,
		cl_rule_info(CL_RULE_PROFILE)->id);
}

/* The entry's class; its paths know which of them the profiles declared concurrent. */
static struct cl_access entry_access(const struct cl_profile *p, const struct cl_profile_member *e,
				     struct cl_arena *a)
{
	struct cl_access acc = e->access;
	struct cl_use *u;

	if (acc.cls != CL_CLASS_PATHS || !p->nconcurrent)
		return acc;
	u = cl_arena_alloc(a, acc.nuses * sizeof(*u));
	memcpy(u, acc.uses, acc.nuses * sizeof(*u));
	for (uint32_t i = 0; i < acc.nuses; i++)
		if (cl_profile_path_concurrent(p, u[i].path))
			u[i].flags |= CL_USE_CONCURRENT;
	acc.uses = u;
	return acc;
}

static void apply_entry(const struct cl_profile *p, struct cl_record *rec, struct cl_arena *a,
			struct cl_findings *out, const struct cl_profile_member *pe)
{
	struct cl_profile_member entry = *pe, *e = &entry;
	bool nested;
	struct cl_member *m = resolve_path(rec, e->path, &nested);

	if (!m) {
		if (out && !(rec->suppress & (1u << CL_RULE_PROFILE)))
			report_missing(out, rec, e);
		return;
	}
	e->access = entry_access(p, pe, a);
	if (m->access.origin == CL_ORIGIN_SOURCE) {
		if (out && !same_access(&m->access, &e->access) &&
		    !(rec->suppress & (1u << CL_RULE_ANNOTATION_MISMATCH)))
			report_mismatch(out, rec, e->path, m, e);
		return;
	}
	/*
	 * A leaf of a named embedded record gets its class here only: the
	 * embedded record's own model is shared by every record holding it.
	 */
	if (nested) {
		cl_record_add_path(rec, a, e->path, &e->access, &e->span);
	} else {
		m->access = e->access;
		m->access.source = cl_arena_printf(a, "the profile entry at %s",
						   entry_words(a, e));
	}
}

/* ------------------------------------------------------------------ */
/* Contention evidence                                                  */
/* ------------------------------------------------------------------ */

/*
 * A cachelint-profile finding about what the evidence says of @rec, at
 * @rec; NULL where there is no @out or @rec suppresses the rule.
 */
static struct cl_finding *evidence_finding(struct cl_findings *out, struct cl_record *rec)
{
	struct cl_finding *f;

	if (!out || (rec->suppress & (1u << CL_RULE_PROFILE)))
		return NULL;
	f = cl_findings_add(out, CL_RULE_PROFILE, rec);
	f->where = rec->span;
	return f;
}

/*
 * A cachelint-profile finding: the evidence at @span names @path, which
 * @rec lacks.  Contention evidence about it is not used; an objects: pair
 * says the evidence is of another layout, and the classes judge @rec.
 */
static void report_evidence_missing(struct cl_findings *out, struct cl_record *rec,
				    bool objects, const char *path, const struct cl_span *span)
{
	struct cl_finding *f = evidence_finding(out, rec);
	struct cl_arena *a = out ? out->arena : NULL;

	if (!f)
		return;
	f->a.path = path;
	f->message = cl_arena_printf(a, "%s at %s names '%s', which is no member of '%s': %s [%s]",
		objects ? "the objects: pair" : "contention evidence", cl_span_where(span, a), path,
		f->record_name, objects ? cl_arena_printf(a,
			"that evidence is of another layout, and '%s' is judged by its classes",
			f->record_name) : "that evidence is not used",
		cl_rule_info(CL_RULE_PROFILE)->id);
}

/*
 * Lines of @rec's objects that the run could not judge (its threads lived
 * one after the other, or met on too few samples): one note, so that the
 * silence about them is not read as "no contention".
 */
static void report_unjudged(struct cl_findings *out, struct cl_record *rec,
			    const struct cl_contention_entry *e)
{
	struct cl_finding *f = e->unjudged ? evidence_finding(out, rec) : NULL;

	if (!f)
		return;
	f->severity = CL_SEV_NOTE;
	f->message = cl_arena_printf(out->arena,
		"the run's threads overlapped too little to judge %" PRIu64 " line%s of '%s': the evidence at %s says nothing of %s [%s]",
		e->unjudged, e->unjudged == 1 ? "" : "s", f->record_name,
		cl_span_where(&e->span, out->arena), e->unjudged == 1 ? "it" : "them",
		cl_rule_info(CL_RULE_PROFILE)->id);
}

/*
 * Give the member at @path the class the evidence implies: write-hot in a
 * write group of its own (the conflicts say which writers collide, not the
 * groups), or read-mostly.  A source annotation stays.  False when @rec has
 * no such member.
 */
static bool evidence_class(struct cl_record *rec, struct cl_arena *a, const char *path,
			   bool written, const struct cl_span *span)
{
	struct cl_access acc = { .origin = CL_ORIGIN_PROFILE };
	bool nested;
	struct cl_member *m = resolve_path(rec, path, &nested);

	if (!m)
		return false;
	if (m->access.origin == CL_ORIGIN_SOURCE)
		return true;
	acc.cls = written ? CL_CLASS_WRITE_HOT : CL_CLASS_READ_MOSTLY;
	acc.group = written ? path : NULL;
	acc.source = cl_arena_printf(a, "the contention evidence at %s", cl_span_where(span, a));
	if (nested)
		cl_record_add_path(rec, a, path, &acc, span);
	else
		m->access = acc;
	return true;
}

/*
 * With contention evidence a record is judged by it: the pairs heavy
 * enough (the floor, contention.h) are its only conflicts, and the members
 * they name get classes that say so, written before read, so that the
 * proposal separates exactly those.  Members the evidence names that @rec
 * lacks are a cachelint-profile finding, never a silent nothing.
 */
static void apply_contention(const struct cl_profile *p, struct cl_record *rec,
			     struct cl_arena *a, struct cl_findings *out)
{
	const struct cl_contention_entry *e = rec->contention;
	const struct cl_contention_floor *fl = &p->thresholds.contention;
	const char **pairs = cl_arena_alloc(a, (2 * e->npairs + 1) * sizeof(*pairs));
	struct cl_strset written;
	size_t n = 0;

	rec->contention_floor = fl;
	report_unjudged(out, rec, e);
	cl_strset_init(&written);
	for (size_t i = 0; i < e->npairs; i++) {
		const struct cl_contention_pair *pr = &e->pairs[i];

		if (!cl_contention_heavy(e, pr->weight, pr->samples, fl))
			continue;
		if (!evidence_class(rec, a, pr->write, true, &pr->span)) {
			report_evidence_missing(out, rec, false, pr->write, &pr->span);
			continue;
		}
		cl_strset_add(&written, pr->write);
		/* a member against itself (elements of an array member) is no layout conflict */
		if (!strcmp(pr->write, pr->access))
			continue;
		pairs[2 * n] = pr->write;
		pairs[2 * n++ + 1] = pr->access;
	}
	for (size_t i = 0; i < e->nshared; i++) {
		const struct cl_contention_shared *sh = &e->shared[i];

		if (sh->writers < 2 || !cl_contention_heavy(e, sh->weight, sh->samples, fl))
			continue;
		if (evidence_class(rec, a, sh->member, true, &sh->span))
			cl_strset_add(&written, sh->member);
		else
			report_evidence_missing(out, rec, false, sh->member, &sh->span);
	}
	for (size_t i = 0; i < n; i++) {
		const struct cl_contention_pair *pr = cl_contention_pair(e, pairs[2 * i],
									 pairs[2 * i + 1]);

		if (!cl_strset_add(&written, pairs[2 * i + 1]) &&
		    !evidence_class(rec, a, pairs[2 * i + 1], false, &pr->span))
			report_evidence_missing(out, rec, false, pairs[2 * i + 1], &pr->span);
	}
	cl_strset_free(&written);
	rec->conflicts = pairs;
	rec->nconflicts = n;
}

/* ------------------------------------------------------------------ */
/* Evidence per object                                                  */
/* ------------------------------------------------------------------ */

static uint64_t top_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct cl_record *)ctx)->members[i].name);
}

static bool top_eq(const void *ctx, size_t i, const void *name)
{
	const char *m = ((const struct cl_record *)ctx)->members[i].name;

	return m && !strcmp(m, name);
}

/*
 * Whether @path names a member of @rec: a top-level name through @index
 * (one entry per pair, a struct of 20,000 members and as many pairs), the
 * rest as the structs: entries are resolved.
 */
static bool evidence_member(struct cl_record *rec, const struct cl_index *index,
			    const char *path)
{
	bool nested;

	if (!strchr(path, '.') && *cl_index_slot(index, cl_hash_str(path), top_eq, rec, path))
		return true;
	return resolve_path(rec, path, &nested) != NULL;
}

/*
 * Evidence per object that names a member @rec lacks was recorded for
 * another definition of the struct (an older build, a typo): the pairs it
 * does not list cannot be taken for pairs the runtime never saw.  Say so
 * and judge @rec per type.  Returns whether the evidence fits.
 */
static bool objects_fit(struct cl_record *rec, const struct cl_object_struct *os,
			struct cl_findings *out)
{
	struct cl_index index;
	bool fit = true;

	cl_index_init(&index);
	cl_index_reserve(&index, rec->nmembers + 1, top_hash, rec);
	for (size_t i = 0; i < rec->nmembers; i++) {
		size_t *slot;

		if (!rec->members[i].name)
			continue;
		slot = cl_index_slot(&index, cl_hash_str(rec->members[i].name), top_eq, rec,
				     rec->members[i].name);
		if (!*slot)
			*slot = i + 1;
	}
	for (size_t i = 0; i < os->npairs; i++) {
		const struct cl_object_pair *pr = &os->pairs[i];

		if (!evidence_member(rec, &index, pr->write)) {
			report_evidence_missing(out, rec, true, pr->write, &pr->span);
			fit = false;
		}
		if (strcmp(pr->access, pr->write) && !evidence_member(rec, &index, pr->access)) {
			report_evidence_missing(out, rec, true, pr->access, &pr->span);
			fit = false;
		}
	}
	cl_index_free(&index);
	return fit;
}

static void report_evidence_line(struct cl_findings *out, struct cl_record *rec,
				 const char *section, const struct cl_span *span,
				 uint64_t taken, unsigned line_size)
{
	struct cl_finding *f = evidence_finding(out, rec);

	if (!f)
		return;
	f->message = cl_arena_printf(out->arena,
		"the %s evidence at %s was taken at %" PRIu64 "-byte lines and the analysis uses %u-byte lines: it cannot show which members never shared one, so '%s' is judged by its classes [%s]",
		section, cl_span_where(span, out->arena), taken, line_size, f->record_name,
		cl_rule_info(CL_RULE_PROFILE)->id);
}

void cl_profile_evidence_lines(const struct cl_profile *p, struct cl_record *rec,
			       unsigned line_size, struct cl_findings *out)
{
	const struct cl_contention_entry *cs = rec->contention;

	if (rec->objects && p->objects.line_size && p->objects.line_size < line_size) {
		report_evidence_line(out, rec, "objects:", &rec->objects->span,
				     p->objects.line_size, line_size);
		rec->objects = NULL;
	}
	if (cs && cs->hdr && cs->hdr->line_size && cs->hdr->line_size < line_size) {
		report_evidence_line(out, rec, "contention:", &cs->span, cs->hdr->line_size,
				     line_size);
		rec->contention = NULL;
	}
}

/* A class the source gives @rec, at any depth: an annotation or a cacheline group. */
static bool record_annotated(const struct cl_record *rec, unsigned depth)
{
	for (size_t i = 0; i < rec->nmembers && depth < 16; i++) {
		const struct cl_member *m = &rec->members[i];

		if (m->access.origin == CL_ORIGIN_SOURCE || m->access.origin == CL_ORIGIN_GROUP)
			return true;
		if (m->record && record_annotated(m->record, depth + 1))
			return true;
	}
	return false;
}

size_t cl_profile_apply(struct cl_profile *p, struct cl_record *rec,
			struct cl_arena *a, struct cl_findings *out)
{
	struct cl_record_place at;
	struct cl_profile_struct *ps;
	size_t before = out ? out->n : 0;

	/* the record's place, once: every section's entries are found from it */
	cl_record_place(rec, &at);
	ps = cl_profile_find_record(p, &at);
	/* the evidence per object judges the pairs, whoever gave the classes */
	rec->objects = cl_objects_struct_record(p, &at);
	if (rec->objects && !objects_fit(rec, rec->objects, out))
		rec->objects = NULL;
	rec->contention = cl_contention_record(&p->contention, &at);
	rec->run_judged = p->contention.run;
	rec->budgets = cl_profile_budgets(p, &at, a, &rec->nbudgets);
	/* what the code implies gives way to what anyone said or measured */
	if (ps && ps->statik && (record_annotated(rec, 0) || cl_record_has_evidence(rec)))
		ps = NULL;
	if (ps) {
		ps->defined = true;
		rec->suppress |= ps->suppress;
		for (size_t i = 0; i < ps->nmembers; i++)
			apply_entry(p, rec, a, out, &ps->members[i]);
	}
	if (rec->contention)
		apply_contention(p, rec, a, out);
	return out ? out->n - before : 0;
}

struct embedded_job {
	struct cl_profile *p;
	struct cl_arena *a;
};

static void apply_classes(struct cl_record *r, void *data)
{
	struct embedded_job *j = data;

	cl_profile_apply(j->p, r, j->a, NULL);
}

void cl_profile_apply_embedded(struct cl_profile *p, struct cl_record *rec, struct cl_arena *a)
{
	struct embedded_job j = { p, a };

	cl_record_for_each_embedded(rec, apply_classes, &j);
}
