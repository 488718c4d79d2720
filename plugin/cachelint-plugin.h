/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plugin.h - what the parts of the GCC plugin share
 *
 * attributes.cc registers and checks the annotations, convert.cc turns GCC
 * trees into the core model, cachelint.cc hands each record to core's
 * pipeline and prints what it finds, propose.cc turns proposals into fix-its.
 * access_walk.cc finds the member accesses of the unit's code, which
 * instrument.cc counts and access_map.cc writes down (access_pass.cc runs
 * the walk).
 * GCC trees stay in the plugin; the core only ever sees struct cl_record.
 */
#ifndef CACHELINT_PLUGIN_H
#define CACHELINT_PLUGIN_H

#include "gcc-compat.h"

#include "checks/analysis.h"
#include "model/layout.h"
#include "propose/propose_rewrite.h"
#include "emit/report.h"

#define ATTR_READ_MOSTLY "cachelint_read_mostly"
#define ATTR_WRITE_HOT "cachelint_write_hot"
#define ATTR_SUPPRESS "cachelint_suppress"
#define ATTR_PIN "cachelint_pin"
#define ATTR_READ_ON "cachelint_read_on"
#define ATTR_WRITTEN_ON "cachelint_written_on"
#define ATTR_WRITTEN_ON_SOME "cachelint_written_on_some"
#define ATTR_PER_THREAD "cachelint_per_thread"

/* attributes.cc */
void attributes_register(void *event_data, void *user_data);
/* The class and write group a field's attributes give it. */
void attributes_read_field(tree field, struct cl_access *acc, struct cl_arena *a);
/* Whether a field is pinned (cachelint_pin). */
bool attributes_pinned(tree field);
/* Rules suppressed on a record type by cachelint_suppress. */
unsigned attributes_read_suppress(tree type);
/* Whether a variable or a record type is __per_thread (cachelint_per_thread). */
bool attributes_per_thread(tree node);
/* Whether any field of the record carries a cachelint attribute. */
bool attributes_on_fields(tree type);
/* Whether field @f carries a class or a path (a write group). */
bool attributes_field_marked(tree f);

/* convert.cc */
/*
 * The model of a laid-out RECORD_TYPE/UNION_TYPE, converted once per type
 * and cached for the translation unit, or NULL when it has no fixed layout
 * (C++ template patterns, variable-size members, erroneous types).
 */
struct cl_record *convert_record(tree type, struct cl_arena *arena);
/* The record's tag or typedef name, NULL when it has none (yet). */
const char *convert_record_name(tree type, struct cl_arena *a);
/* Where a record is defined, for system-header checks. */
location_t convert_record_location(tree type);
/* Fill the members' type spellings (for layout views). */
void convert_fill_types(tree type, struct cl_record *rec, struct cl_arena *a);
/*
 * The model of an array variable for the objects check, in @v; false when
 * it has no fixed size (a flexible or unknown bound, a variable length).
 */
bool convert_variable(tree decl, struct cl_variable *v, struct cl_arena *a);
/* Whether the type was converted (possibly as part of another record). */
bool convert_seen(tree type);
void convert_reset(void);

/* access_pass.cc: the walk of the unit's accesses (access_walk.cc) */
struct cl_profile;
struct access_sink;
/**
 * struct access_pass_config - what the walk is for
 * @instrument: count the accesses at run time (`instrument`)
 * @list: its structs ("a:b"), NULL or "" for those with annotations or in
 *	@profile
 * @notes: a note where a member's address leaves a function
 *	(`instrument-notes`)
 * @map: `access-map=`: FILE, or DIR/ (NULL: none)
 * @profile: the loaded profiles
 * @arena: strings
 * @infer: the static tier: once the unit's accesses are walked, they go
 *	to this (cachelint.cc: classes for the structs nothing describes)
 */
struct access_pass_config {
	bool instrument;
	const char *list;
	bool notes;
	const char *map;
	const struct cl_profile *profile;
	struct cl_arena *arena;
	void (*infer)(const struct cl_access_map *lines);
};
/*
 * Add the pass (a pass exists only with `instrument`, `access-map` or the
 * static tier).
 */
void access_pass_register(const char *plugin_name, const struct access_pass_config *cfg);
/* At the end of the unit (PLUGIN_FINISH): write the access map, unless @errors. */
void access_pass_finish(bool errors);

/* instrument.cc: the counting code */
/*
 * Whether @list is a list of struct names for `instrument=`, as the plugin
 * names them (cl_record_name_valid): `conn:ns::box<int>`.
 */
bool instrument_list_valid(const char *list);
void instrument_configure(const char *list, bool notes, const struct cl_profile *profile,
			  struct cl_arena *arena);
/* For the unit: the sink that counts, or NULL after an error. */
const struct access_sink *instrument_begin(void);
/* Walk and count every function, then the unit's table and constructor. */
void instrument_unit(void);
void instrument_end(void);

/* access_map.cc: the access map */
void access_map_configure(const char *path);
/* The lines the walk found so far (access_map_begin() was called). */
const struct cl_access_map *access_map_lines(void);
const struct access_sink *access_map_begin(void);
/* After the walk, before access_walk_finish(): what each thread does once (CL_FACT_START). */
void access_map_mark_starts(void);
void access_map_finish(bool errors);

/* access_walk.cc */
/* A typedef @decl: the name an anonymous record is known by (`typedef struct {…} t;`). */
void access_walk_typedef(tree decl);
/* `static struct {…} x;`: the nameless record @type is known as the variable @decl. */
void access_walk_anonymous_variable(tree decl, tree type);
/* @type's name (a tag, the typedef of an anonymous one, or its variable's), NULL if none. */
const char *access_record_name(tree type);

/* twins.cc: records read through each other (`propose`) */
struct cl_pipeline;
/* For the unit: twins go to @p, their strings in @a. */
void twins_start(struct cl_pipeline *p, struct cl_arena *a);
/* PLUGIN_PRE_GENERICIZE: the casts of a function body. */
void twins_function(void *event_data, void *user_data);
/* The casts of a variable's initializer. */
void twins_initializer(tree decl);
/* A complete union: the records it holds that begin alike. */
void twins_union(tree type);
void twins_finish(void);

/* propose.cc */
/*
 * GCC prints fix-its in time that grows with the square of their number
 * (each line it shows looks at every fix-it): a proposal that changes more
 * lines than this gets a note instead of fix-its.
 */
#define PROPOSE_FIXITS_MAX 1000
/* How many lines the proposal's rewrite changes. */
size_t propose_changed_lines(const struct cl_report_proposal *rp);
/*
 * Attach the proposal's rewrite as fix-its that replace whole lines of the
 * file that declares the struct being reordered (its span), whichever member
 * the warning names; false if GCC cannot place them there.
 */
bool propose_add_fixits(rich_location *richloc, const struct cl_report_proposal *rp);

#endif /* CACHELINT_PLUGIN_H */
