// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_profile_apply.c - giving records the classes of a profile
 * (core/profile/profile_apply.c) and the notes on where they came from
 * (core/profile/profile_notes.c)
 *
 * The record is built by hand, as a front end would fill it:
 *
 *   struct conn {                      offset
 *       long refs;                          0
 *       int state;                          8
 *       long hits;                         16
 *       struct inner { int x, y; } inner;  24
 *   };                                     size 32
 *
 * Each test gives some members a source annotation, loads a profile from a
 * buffer, applies it and checks the findings (exact messages) and the
 * classes the members end up with.  The point is the stale annotation: a
 * source class that the profile's counts contradict is a finding, and the
 * source class stays in force.
 */
#include "../core/test_helpers.h"

#include "profile/access_profile.h"

struct fixture {
	struct cl_arena a;
	struct cl_findings f;
	struct cl_profile p;
	struct cl_record *rec, *inner;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	cl_arena_init(&fx->a);
	cl_findings_init(&fx->f, &fx->a);
	cl_profile_init(&fx->p);
	fx->inner = new_record(&fx->a, "inner", 8, 4, 2);
	set_member(fx->inner, 0, "x", 0, 4, CL_CLASS_NONE);
	set_member(fx->inner, 1, "y", 4, 4, CL_CLASS_NONE);
	fx->rec = new_record(&fx->a, "conn", 32, 8, 4);
	set_member(fx->rec, 0, "refs", 0, 8, CL_CLASS_NONE);
	set_member(fx->rec, 1, "state", 8, 4, CL_CLASS_NONE);
	set_member(fx->rec, 2, "hits", 16, 8, CL_CLASS_NONE);
	set_member(fx->rec, 3, "inner", 24, 8, CL_CLASS_NONE)->record = fx->inner;
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	cl_profile_free(&fx->p);
	cl_findings_free(&fx->f);
	cl_arena_free(&fx->a);
	free(fx);
	return 0;
}

static void load(struct fixture *fx, const char *name, const char *text)
{
	struct cl_diag err;

	if (cl_profile_load_buffer(&fx->p, name, text, strlen(text), &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
}

static struct cl_member *member(struct fixture *fx, const char *name)
{
	struct cl_member *m;

	cl_for_each_member(fx->rec, m)
		if (!strcmp(m->name, name))
			return m;
	fail_msg("no member %s", name);
	return NULL;
}

static void annotate(struct fixture *fx, const char *name, enum cl_class cls)
{
	struct cl_member *m = member(fx, name);

	m->access.cls = cls;
	m->access.origin = CL_ORIGIN_SOURCE;
}

static size_t apply(struct fixture *fx)
{
	return cl_profile_apply(&fx->p, fx->rec, &fx->a, &fx->f);
}

#define V1 "cachelint-profile: 1\n"

/* ------------------------------------------------------------------ */
/* Stale annotations                                                    */
/* ------------------------------------------------------------------ */

/* __read_mostly in the source, but the counts say the field is written. */
static void test_read_mostly_but_written(void **state)
{
	struct fixture *fx = *state;
	const struct cl_finding *f;

	annotate(fx, "state", CL_CLASS_READ_MOSTLY);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    refs: {reads: 0, writes: 100000}\n"
	     "    state: {reads: 10, writes: 90000}\n");
	assert_int_equal(apply(fx), 1);
	f = &fx->f.v[0];
	assert_int_equal(f->rule, CL_RULE_ANNOTATION_MISMATCH);
	assert_string_equal(f->message,
		"field 'state' of 'struct conn' is annotated read-mostly in the source but "
		"the profile at p.yaml:5:5 says write-hot (reads 10, writes 90000) "
		"[cachelint-annotation-mismatch]");
	assert_string_equal(f->a.path, "state");
	assert_int_equal(f->where.line, 2);	/* the member's source line */
	/* The source annotation stays in force. */
	assert_int_equal(member(fx, "state")->access.cls, CL_CLASS_READ_MOSTLY);
	assert_int_equal(member(fx, "state")->access.origin, CL_ORIGIN_SOURCE);
	/* The unannotated member took the inferred class, with its counts. */
	assert_int_equal(member(fx, "refs")->access.cls, CL_CLASS_WRITE_HOT);
	assert_int_equal(member(fx, "refs")->access.origin, CL_ORIGIN_INFERRED);
	assert_int_equal(member(fx, "refs")->access.writes, 100000);
	assert_true(cl_profile_find(&fx->p, "conn")->defined);
}

/* The writes are under 1% of the hottest member's accesses: they agree. */
static void test_read_mostly_confirmed(void **state)
{
	struct fixture *fx = *state;

	annotate(fx, "state", CL_CLASS_READ_MOSTLY);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    refs: {reads: 0, writes: 100000}\n"
	     "    state: {reads: 500000, writes: 999}\n");
	assert_int_equal(apply(fx), 0);
	assert_int_equal(member(fx, "state")->access.cls, CL_CLASS_READ_MOSTLY);
}

/* Exactly at the threshold is written: 1% of the 100000 hottest is 1000. */
static void test_write_threshold_boundary(void **state)
{
	struct fixture *fx = *state;

	annotate(fx, "state", CL_CLASS_READ_MOSTLY);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    refs: {reads: 99000, writes: 0}\n"
	     "    state: {reads: 0, writes: 1000}\n");
	assert_int_equal(apply(fx), 1);
	assert_non_null(strstr(fx->f.v[0].message, "says write-hot (reads 0, writes 1000)"));
}

/* __write_hot in the source, but the field is hardly touched any more. */
static void test_write_hot_but_cold(void **state)
{
	struct fixture *fx = *state;

	annotate(fx, "hits", CL_CLASS_WRITE_HOT);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    refs: {writes: 1000000}\n"
	     "    hits: {reads: 1, writes: 1}\n");
	assert_int_equal(apply(fx), 1);
	assert_string_equal(fx->f.v[0].message,
		"field 'hits' of 'struct conn' is annotated write-hot in the source but "
		"the profile at p.yaml:5:5 says cold (reads 1, writes 1) "
		"[cachelint-annotation-mismatch]");
}

/* The file's own thresholds decide: at 50%, 90000 of 100010 is read-mostly. */
static void test_thresholds_decide(void **state)
{
	struct fixture *fx = *state;

	annotate(fx, "state", CL_CLASS_READ_MOSTLY);
	load(fx, "p.yaml", V1 "thresholds: {write-hot: 0.95}\n"
	     "structs:\n"
	     "  conn:\n"
	     "    state: {reads: 10000, writes: 90000}\n");
	assert_int_equal(apply(fx), 0);
	assert_int_equal(cl_profile_find(&fx->p, "conn")->members[0].access.cls,
			 CL_CLASS_READ_MOSTLY);
}

/* A class named in the profile is compared the same way, groups included. */
static void test_group_mismatch(void **state)
{
	struct fixture *fx = *state;

	set_group(member(fx, "hits"), "rx");
	annotate(fx, "hits", CL_CLASS_WRITE_HOT);
	annotate(fx, "refs", CL_CLASS_WRITE_HOT);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    hits: {class: write_hot, group: tx}\n"
	     "    refs: write_hot\n");
	assert_int_equal(apply(fx), 1);
	assert_string_equal(fx->f.v[0].message,
		"field 'hits' of 'struct conn' is annotated write-hot (group 'rx') in the "
		"source but the profile at p.yaml:4:5 says write-hot (group 'tx') "
		"[cachelint-annotation-mismatch]");
}

static void test_mismatch_suppressed(void **state)
{
	struct fixture *fx = *state;

	annotate(fx, "state", CL_CLASS_READ_MOSTLY);
	load(fx, "p.yaml", V1 "suppress: {conn: cachelint-annotation-mismatch}\n"
	     "structs:\n"
	     "  conn:\n"
	     "    state: {writes: 5}\n"
	     "    nosuch: cold\n");
	/* Only the other rule is left. */
	assert_int_equal(apply(fx), 1);
	assert_int_equal(fx->f.v[0].rule, CL_RULE_PROFILE);
	assert_int_equal(member(fx, "state")->access.cls, CL_CLASS_READ_MOSTLY);
}

/* A leaf of an embedded record, annotated in the source, named by path. */
static void test_path_mismatch(void **state)
{
	struct fixture *fx = *state;

	fx->inner->members[1].access.cls = CL_CLASS_READ_MOSTLY;
	fx->inner->members[1].access.origin = CL_ORIGIN_SOURCE;
	/* tiny counts: the floor (min-accesses, 1000) is not what is tested */
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    inner.y: {reads: 3, writes: 70}\n"
	     "thresholds: {min-accesses: 0}\n");
	assert_int_equal(apply(fx), 1);
	assert_string_equal(fx->f.v[0].message,
		"field 'inner.y' of 'struct conn' is annotated read-mostly in the source but "
		"the profile at p.yaml:4:5 says write-hot (reads 3, writes 70) "
		"[cachelint-annotation-mismatch]");
	assert_int_equal(fx->rec->npaths, 0);
}

/* Unannotated leaves by path become path classes of this record only. */
static void test_path_inferred(void **state)
{
	struct fixture *fx = *state;
	const struct cl_path_access *pa;

	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    inner.x: {reads: 1000, writes: 0}\n"
	     "    inner.y: {reads: 0, writes: 20}\n");
	assert_int_equal(apply(fx), 0);
	pa = cl_record_find_path(fx->rec, "inner.x");
	assert_non_null(pa);
	assert_int_equal(pa->access.cls, CL_CLASS_READ_MOSTLY);
	assert_int_equal(pa->access.origin, CL_ORIGIN_INFERRED);
	assert_int_equal(pa->span.line, 4);
	pa = cl_record_find_path(fx->rec, "inner.y");
	assert_int_equal(pa->access.cls, CL_CLASS_WRITE_HOT);
	/* struct inner itself is untouched. */
	assert_int_equal(fx->inner->members[0].access.cls, CL_CLASS_NONE);
}

static void test_missing_members(void **state)
{
	struct fixture *fx = *state;

	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    nosuch: {writes: 1}\n"
	     "    inner.nosuch: cold\n"
	     "    refs.deeper: cold\n"
	     "  other:\n"
	     "    whatever: write_hot\n");
	assert_int_equal(apply(fx), 3);
	assert_string_equal(fx->f.v[0].message,
		"profile entry 'nosuch' at p.yaml:4:5 names no member of 'struct conn' "
		"[cachelint-profile]");
	assert_string_equal(fx->f.v[1].a.path, "inner.nosuch");
	assert_string_equal(fx->f.v[2].a.path, "refs.deeper");
	/* A profile struct that the unit never defines is not applied at all. */
	assert_false(cl_profile_find(&fx->p, "other")->defined);
}

/* ------------------------------------------------------------------ */
/* Notes: inferred classes and replaced entries                         */
/* ------------------------------------------------------------------ */

static size_t analyse_and_note(struct fixture *fx, struct cl_profile_note *notes)
{
	fx->f.n = 0;
	assert_int_equal(analyse(fx->rec, 64, CL_ALIGN_LINE, false, &fx->f), 1);
	return cl_profile_finding_notes(&fx->p, &fx->f, 0, &fx->a, notes);
}

static void test_notes_inferred(void **state)
{
	struct fixture *fx = *state;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];

	annotate(fx, "refs", CL_CLASS_WRITE_HOT);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    hits: {reads: 912345, writes: 12}\n");
	apply(fx);
	assert_int_equal(analyse_and_note(fx, notes), 1);
	assert_string_equal(notes[0].text,
		"'hits' is read-mostly, inferred from reads 912345, writes 12 at p.yaml:4:5");
	assert_ptr_equal(notes[0].where, &fx->f.v[0].where);
}

/* The write-hot side gets its note at the other leaf's location. */
static void test_notes_both_leaves(void **state)
{
	struct fixture *fx = *state;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];

	load(fx, "a.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    refs: read_mostly\n"
	     "    hits: write_hot\n");
	load(fx, "b.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    refs: {reads: 0, writes: 400}\n"
	     "    hits: {reads: 900, writes: 0}\n"
	     "thresholds: {min-accesses: 0}\n");
	apply(fx);
	assert_int_equal(analyse_and_note(fx, notes), 2);
	assert_string_equal(fx->f.v[0].a.path, "hits");
	assert_string_equal(notes[0].text,
		"'hits' is read-mostly, inferred from reads 900, writes 0 at b.yaml:5:5, "
		"which replaced the one at a.yaml:5:5");
	assert_string_equal(notes[1].text,
		"'refs' is write-hot, inferred from reads 0, writes 400 at b.yaml:4:5, "
		"which replaced the one at a.yaml:4:5");
	assert_ptr_equal(notes[1].where, &fx->f.v[0].note_where);
}

/* A named class says nothing new unless it replaced another profile's. */
static void test_notes_replaced_class(void **state)
{
	struct fixture *fx = *state;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];

	load(fx, "a.yaml", V1 "structs:\n  conn:\n    refs: write_hot\n    state: cold\n");
	load(fx, "b.yaml", V1 "structs:\n  conn:\n    state: read_mostly\n");
	apply(fx);
	assert_int_equal(analyse_and_note(fx, notes), 1);
	assert_string_equal(notes[0].text,
		"'state' is read-mostly by the profile entry at b.yaml:4:5, which replaced "
		"the one at a.yaml:5:5");
	assert_non_null(cl_profile_find(&fx->p, "conn")->members[1].replaced_at);
}

/* Source annotations and plain profile classes get no note. */
static void test_notes_none(void **state)
{
	struct fixture *fx = *state;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];

	annotate(fx, "refs", CL_CLASS_WRITE_HOT);
	load(fx, "p.yaml", V1 "structs:\n  conn:\n    state: read_mostly\n");
	apply(fx);
	assert_int_equal(analyse_and_note(fx, notes), 0);
}

/* A leaf classed by the embedded record's own profile entry. */
static void test_notes_embedded_record(void **state)
{
	struct fixture *fx = *state;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];

	annotate(fx, "refs", CL_CLASS_WRITE_HOT);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  inner:\n"
	     "    x: {reads: 50}\n"
	     "thresholds: {min-accesses: 0}\n");
	/* Front ends apply the profile to every record they convert. */
	cl_profile_apply(&fx->p, fx->inner, &fx->a, &fx->f);
	apply(fx);
	assert_int_equal(analyse_and_note(fx, notes), 1);
	assert_string_equal(fx->f.v[0].a.path, "inner.x");
	assert_string_equal(notes[0].text,
		"'inner.x' is read-mostly, inferred from reads 50, writes 0 at p.yaml:4:5");
}

/* A leaf in several findings of one record is explained in the first. */
static void test_notes_once_per_leaf(void **state)
{
	struct fixture *fx = *state;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];
	struct cl_finding again;

	annotate(fx, "state", CL_CLASS_READ_MOSTLY);
	load(fx, "p.yaml", V1 "structs:\n"
	     "  conn:\n"
	     "    refs: {writes: 100}\n"
	     "    hits: {writes: 100}\n"
	     "thresholds: {min-accesses: 0}\n");
	apply(fx);
	assert_int_equal(analyse(fx->rec, 64, CL_ALIGN_LINE, false, &fx->f), 2);
	assert_string_equal(fx->f.v[0].b.path, "refs");
	assert_string_equal(fx->f.v[1].b.path, "hits");
	assert_int_equal(cl_profile_finding_notes(&fx->p, &fx->f, 0, &fx->a, notes), 1);
	assert_string_equal(notes[0].text,
		"'refs' is write-hot, inferred from reads 0, writes 100 at p.yaml:4:5");
	assert_int_equal(cl_profile_finding_notes(&fx->p, &fx->f, 1, &fx->a, notes), 1);
	assert_string_equal(notes[0].text,
		"'hits' is write-hot, inferred from reads 0, writes 100 at p.yaml:5:5");
	/* A third finding about refs again: nothing new to say. */
	again = fx->f.v[0];
	*cl_findings_add(&fx->f, CL_RULE_FALSE_SHARING, fx->rec) = again;
	assert_int_equal(cl_profile_finding_notes(&fx->p, &fx->f, 2, &fx->a, notes), 0);
}

/* Mismatch findings are about the source's class: no note. */
static void test_notes_mismatch(void **state)
{
	struct fixture *fx = *state;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];

	annotate(fx, "state", CL_CLASS_READ_MOSTLY);
	load(fx, "p.yaml", V1 "structs:\n  conn:\n    state: {writes: 3}\n");
	assert_int_equal(apply(fx), 1);
	assert_int_equal(cl_profile_finding_notes(&fx->p, &fx->f, 0, &fx->a, notes), 0);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_read_mostly_but_written),
		T(test_read_mostly_confirmed),
		T(test_write_threshold_boundary),
		T(test_write_hot_but_cold),
		T(test_thresholds_decide),
		T(test_group_mismatch),
		T(test_mismatch_suppressed),
		T(test_path_mismatch),
		T(test_path_inferred),
		T(test_missing_members),
		T(test_notes_inferred),
		T(test_notes_both_leaves),
		T(test_notes_replaced_class),
		T(test_notes_none),
		T(test_notes_embedded_record),
		T(test_notes_once_per_leaf),
		T(test_notes_mismatch),
	};

	return cmocka_run_group_tests_name("profile_apply", tests, NULL, NULL);
}
