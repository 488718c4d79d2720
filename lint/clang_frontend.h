/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * clang_frontend.h - libclang translation units to the core layout model
 *
 * One translation unit is parsed with libclang (the detailed preprocessing
 * record on, so that annotation macros that expand to nothing are still
 * seen), and every struct or union it defines outside system headers that
 * is worth analysing is converted, in the order the GCC plugin analyses
 * them: each record when its definition closes (nested ones first), a
 * nameless record that is neither a typedef's nor a member's type at the
 * end of the unit.  Annotations come from annotate("cachelint:…")
 * attributes and from the macro names in each field's declaration.
 *
 * Parsing and converting are thread-safe across units: each worker thread
 * has its own CXIndex; the result owns its arena.
 */
#ifndef CACHELINT_CLANG_FRONTEND_H
#define CACHELINT_CLANG_FRONTEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <clang-c/Index.h>

#include "access_map/access_map.h"
#include "profile/access_profile.h"
#include "model/layout.h"
#include "pipeline.h"

/**
 * struct lint_job - one translation unit to parse
 * @file: the source file, as given or as the compile database names it
 * @directory: where the compiler ran (-p), NULL for the working directory
 * @args: compiler flags for libclang (without the compiler and the file)
 * @nargs: number of @args
 */
struct lint_job {
	const char *file;
	const char *directory;
	const char **args;
	size_t nargs;
};

/**
 * struct lint_record - a record of a unit, or a __per_thread array, in
 * analysis order (the GCC plugin's: a variable when its declaration ends)
 * @rec: the model (embedded records are shared within the unit), or NULL
 *       for a variable
 * @key: where it is defined, "realpath:line:col", for deduplication
 * @var: the variable when @rec is NULL
 * @inferred: nothing describes it (no annotation, no profile entry): it is
 *	analysed only if the static tier infers classes for it
 */
struct lint_record {
	struct cl_record *rec;
	const char *key;
	struct cl_variable *var;
	bool inferred;
};

/**
 * struct lint_tu - what one translation unit gave
 * @arena: owns the models and strings
 * @records: records to analyse, in order
 * @nrecords: number of @records
 * @cap: allocated @records
 * @errors: diagnostics to print when the unit could not be analysed
 *          (malloc()ed, NULL when it was)
 * @access: with lint_fe_options.access_map, the unit's member accesses
 *          (clang_access.c; NULL when the unit failed)
 * @system_names: structs and typedefs of system headers that the profile
 *                names: not analysed, but defined (cl_pipeline_add_system())
 * @nsystem_names: number of @system_names
 * @twins: with lint_fe_options.twins, the records the unit reads through
 *         each other (clang_twins.c), strings in @arena
 * @ntwins: number of @twins
 * @twins_cap: allocated @twins
 * @seen: named records the unit defines, described or not
 */
struct lint_tu {
	struct cl_arena arena;
	struct lint_record *records;
	size_t nrecords, cap;
	char *errors;
	char *notes;	/* lines "file:line:col: note: …", or NULL */
	struct cl_access_map *access;
	const char **system_names;
	size_t nsystem_names, system_cap;
	struct cl_twin *twins;
	size_t ntwins, twins_cap;
	size_t seen;
};

/**
 * struct lint_fe_options - what decides which records are converted
 * @all: every record (dump-layout), not just annotated or profiled ones
 * @profile: profile structs are converted even without annotations (read
 *           only here: lookups from several threads)
 * @groups: so are records with the kernel's cacheline group markers
 * @access_map: also walk the function bodies for the access map
 *              (--access-map: the bodies are parsed, not skipped)
 * @twins: also find the records read through each other, whose proposals
 *         get no patch (--propose: the bodies are parsed, not skipped)
 * @infer: the static tier: records nothing describes are converted too
 *         (marked lint_record.inferred) and the bodies walked for their
 *         accesses, as for the access map
 */
struct lint_fe_options {
	bool all;
	const struct cl_profile *profile;
	bool groups;
	bool access_map;
	bool twins;
	bool infer;
};

/*
 * Flags that clang 14 rejects (clang_flags.c): those of its table and those
 * that clang called unknown in an earlier unit are not passed (shared by
 * the threads, under a mutex).  lint_flag_dropped() says whether @arg is
 * one (and remembers it for the note); lint_flag_rejected() adds one that
 * clang rejected; lint_flags_note() says once which were dropped in this
 * run; lint_flags_fini() forgets them all.
 */
bool lint_flag_dropped(const char *arg);
void lint_flag_rejected(const char *arg, size_t len);
void lint_flags_note(void);
void lint_flags_fini(void);

/**
 * struct lint_fields - cursors gathered (a record's fields, in order)
 * @v: them (malloc()ed)
 * @n: how many
 * @cap: allocated
 */
struct lint_fields {
	CXCursor *v;
	size_t n, cap;
};

/* The fields of record type @t as clang_Type_visitFields() gives them, anonymous members too. */
void lint_record_fields(CXType t, struct lint_fields *f);

/*
 * A record's name as the lint reports it: its tag, or the typedef name of
 * `typedef struct {…} t;` (then *@typedef_name), in @a; NULL for none.
 */
const char *lint_record_name(CXCursor decl, struct cl_arena *a, bool *typedef_name);

/* Parse and convert @job into @out (initialised here).  0, or -1 with out->errors. */
int lint_parse(CXIndex idx, const struct lint_job *job, const struct lint_fe_options *opt,
	       struct lint_tu *out);
void lint_tu_free(struct lint_tu *tu);

#endif /* CACHELINT_CLANG_FRONTEND_H */
