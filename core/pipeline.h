/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pipeline.h - everything after a front end has built a record
 *
 * The GCC plugin, the lint (libclang) and the DWARF checker only load: they
 * turn their input into struct cl_record and hand each one to
 * cl_pipeline_add().  The pipeline does the rest, once for all of them:
 *
 *   1. applies the access profiles (the record's own entries, and the
 *      classes of every named record it embeds),
 *   2. drops a record whose layout it has already seen (a header struct in
 *      every translation unit, a type in every compile unit),
 *   3. analyses it with every check of the rules table,
 *   4. proposes a reordering when a finding is one a proposal fixes, with a
 *      rewrite of the source when the front end has source text,
 *   5. hands the new findings to the front end's sink (the plugin prints
 *      them as GCC diagnostics as it goes) or keeps them for the end,
 *
 * and at the end reports the profile structs that no input defined (when
 * the inputs are the whole program) and writes every output format.
 */
#ifndef CACHELINT_PIPELINE_H
#define CACHELINT_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "profile/access_profile.h"
#include "checks/analysis.h"
#include "emit/baseline.h"
#include "model/findings.h"
#include "emit/formats.h"
#include "model/hash.h"
#include "emit/report.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cl_pipeline;

/**
 * struct cl_twin - two records that the program reads through each other,
 * so that no patch may reorder one without the other
 * @key: where each is defined, as the front end names records in
 *       cl_pipeline_add() ("realpath:line:col" for the lint)
 * @name: each one's name as reported ("struct crawler", "item_t")
 * @where: the cast between pointers to the two, or the union that holds
 *         both
 * @via: NULL for a cast; for a union holding both (their common initial
 *       sequence read through either), the union's name
 */
struct cl_twin {
	const char *key[2];
	const char *name[2];
	struct cl_span where;
	const char *via;
};

/**
 * struct cl_pipeline_config - what the front end wants done
 * @opt: the assumptions of the analysis
 * @profile: merged profiles to apply, or NULL; cl_pipeline marks the
 *           structs it meets as defined
 * @dedup: drop records whose layout (and @key) was added before; a front end
 *         that hands each type over once (the plugin) leaves it off
 * @propose: propose a reordering for every record with a finding that a
 *           proposal fixes (cl_rule_proposal_fixes())
 * @sources: the records' spans point into source files that can be read:
 *           proposals come with a rewrite of the struct's text
 * @no_source: with @sources false, why no patch is offered ("read from
 *             DWARF, which holds no source text to patch"); the proposal's
 *             order and sizes follow it
 * @whole_program: the inputs are the whole program: cl_pipeline_finish()
 *                 reports profile structs that none of them defined
 * @dump: print each new record's model here as it arrives, or NULL
 * @view: draw every record with a finding a proposal fixes here, as it is
 *        and as proposed (pahole style), or NULL
 * @types: called before a record is proposed and drawn, to spell its
 *         members' types
 * @spell_types: call @types for every record with a finding, drawn or not
 *               (an HTML report shows them)
 * @sink: called when a record's findings are in (and its proposal made):
 *        findings @first .. @first + @n - 1 of cl_pipeline_findings()
 * @data: passed to @types and @sink
 */
struct cl_pipeline_config {
	struct cl_options opt;
	struct cl_profile *profile;
	bool dedup;
	bool propose;
	bool sources;
	const char *no_source;
	bool whole_program;
	FILE *dump;
	FILE *view;
	void (*types)(void *data, struct cl_record *rec);
	bool spell_types;
	void (*sink)(void *data, struct cl_pipeline *p, const struct cl_record *rec,
		     size_t first, size_t n);
	void *data;
};

/**
 * struct cl_pipeline - one run: the records, their findings and proposals
 * @cfg: as given
 * @arena: findings' text, proposals, rewrites, source lines
 * @findings: every finding, record by record in the order they were added
 * @records: the records analysed (not the duplicates), in order
 * @nrecords: number of @records
 * @records_cap: allocated @records
 * @proposals: one per record with a finding that a proposal fixes (with
 *             @cfg.propose or @cfg.view), in record order
 * @nproposals: number of @proposals
 * @proposals_cap: allocated @proposals
 * @seen_records: dedup keys of the records added
 * @seen_findings: "file:line:col:message" of the findings kept (two layouts
 *                 of one header struct can give the same finding)
 * @system_names: structs and typedefs a system header defines, given by
 *                cl_pipeline_add_system()
 * @twins: the twins handed over (cl_pipeline_twin())
 * @ntwins: number of @twins
 * @twins_cap: allocated @twins
 * @seen_twins: their keys, "KEY_A\nKEY_B", once
 * @source_paths: source files read for rewrites
 * @source_texts: their lines, or why a file cannot be read
 * @nsource_texts: allocated @source_texts
 */
struct cl_pipeline {
	struct cl_pipeline_config cfg;
	struct cl_arena arena;
	struct cl_findings findings;
	const struct cl_record **records;
	size_t nrecords, records_cap;
	struct cl_report_proposal *proposals;
	size_t nproposals, proposals_cap;
	struct cl_strset seen_records, seen_findings;
	struct cl_strset seen_variables;
	struct cl_strset system_names;
	struct cl_twin *twins;
	size_t ntwins, twins_cap;
	struct cl_strset seen_twins;
	struct cl_strset source_paths;
	struct cl_source_text **source_texts;
	size_t nsource_texts;
};

/**
 * struct cl_worth_walk - a record as a front end holds it before converting
 * it (a GCC tree, a libclang cursor, a converted record), for
 * cl_worth_converting()
 * @name: the name a profile keys @rec by, or NULL
 * @marked: whether @rec itself is annotated: __per_thread (or, converted,
 *          given paths)
 * @members: call @fn on each member of @rec, with its name (NULL when it
 *           has none), whether it is annotated (a class or a path), and the
 *           record it embeds (NULL when none), until @fn returns true;
 *           return whether it did
 * @known: the answer an earlier question found for @rec, 0 or 1, or -1
 *         when it was not asked; NULL when the front end remembers nothing
 * @remember: keep @yes for @rec (false first, while it is being asked: a
 *            record cannot contain itself); NULL with @known
 * @data: the front end's, passed to each
 */
struct cl_worth_walk {
	const char *(*name)(void *data, const void *rec);
	bool (*marked)(void *data, const void *rec);
	bool (*members)(void *data, const void *rec,
			bool (*fn)(void *ctx, const char *name, bool marked, const void *embedded),
			void *ctx);
	int (*known)(void *data, const void *rec);
	void (*remember)(void *data, const void *rec, bool yes);
	void *data;
};

/*
 * Whether a front end's record is worth converting and handing over: it is
 * itself annotated (@w->marked), a member of it is, a profile (@p, or NULL) names
 * it, a member is one of the kernel's cacheline group markers (unless
 * @no_groups), or a record it embeds is any of these but @w->marked, down
 * to CL_NESTING_MAX.  Most records of a unit are none of these; asking
 * before converting keeps a front end's cost near zero.  The one test for
 * the plugin, the lint and the DWARF checker.
 */
bool cl_worth_converting(const struct cl_worth_walk *w, const void *rec,
			 const struct cl_profile *p, bool no_groups);
/* The same question about a record already converted. */
bool cl_record_worth_converting(const struct cl_record *rec, const struct cl_profile *p,
				bool no_groups);

void cl_pipeline_init(struct cl_pipeline *p, const struct cl_pipeline_config *cfg);
void cl_pipeline_free(struct cl_pipeline *p);

/*
 * Hand over @rec, which must live until cl_pipeline_free(); @key names
 * where it is defined ("file:line:col") for deduplication (with @dedup)
 * and twins (cl_pipeline_twin()), or is NULL (the layout alone decides).  Returns whether it was new (and analysed).
 */
bool cl_pipeline_add(struct cl_pipeline *p, struct cl_record *rec, const char *key);
/*
 * Hand over a variable (an array whose elements may each belong to one
 * thread): its findings go to the sink, with no record, as they come.
 * @v need not outlive the call; its strings must live until
 * cl_pipeline_free().
 */
void cl_pipeline_add_variable(struct cl_pipeline *p, const struct cl_variable *v);
/*
 * A struct (or typedef) @name that a system header defines: not analysed,
 * since nobody can change libc's layouts and the plugin skips them too,
 * but a profile's entries for it (an instrumented run with instrument=all
 * counts the program's accesses to struct iovec) are of a struct the
 * inputs define, not "no input defines" warnings.  The lint, which skips
 * system headers, and the DWARF reader, for declarations under the system
 * include folders (cl_path_is_system()), give these.
 */
void cl_pipeline_add_system(struct cl_pipeline *p, const char *name);
/*
 * @t's two records are twins: the proposal of either, made or to come,
 * gets no patch, and its note says why (and what order it would take).
 * Its strings must live until cl_pipeline_free().  A front end sees the
 * casts after the structs (in function bodies): it holds its output back
 * until the unit is done.
 */
void cl_pipeline_twin(struct cl_pipeline *p, const struct cl_twin *t);
/* After the last input: the profile structs no input defined (whole_program). */
void cl_pipeline_finish(struct cl_pipeline *p);

/* The proposal of @rec, or NULL when it has none. */
struct cl_report_proposal *cl_pipeline_proposal(struct cl_pipeline *p,
						const struct cl_record *rec);
/* Drop the findings that a baseline holds; returns how many. */
size_t cl_pipeline_apply_baseline(struct cl_pipeline *p, const struct cl_baseline *b);

/**
 * struct cl_pipeline_output - where the findings are written for
 * @source: the input named in YAML and HTML reports, NULL when there are several
 * @source_root: directory that SARIF and GitHub paths are relative to, or NULL
 * @every_record: HTML draws every record analysed, not only those with
 *                findings
 */
struct cl_pipeline_output {
	const char *source;
	const char *source_root;
	bool every_record;
};

/* The findings in @format.  0, or -1 when writing failed. */
int cl_pipeline_write(const struct cl_pipeline *p, FILE *out, enum cl_format format,
		      const struct cl_pipeline_output *o);
/*
 * The proposals' rewrites as one unified diff, file by file, with paths
 * relative to @source_root (or the working directory) for `patch -p1`.
 * -1 (EXDEV) when a file is not below it: check first with
 * cl_pipeline_patch_outside().
 */
int cl_pipeline_write_patch(const struct cl_pipeline *p, FILE *out, const char *source_root);
/*
 * The first proposal whose rewrite edits a file that is not below
 * @source_root (or the working directory), which `patch -p1` run there
 * cannot reach; NULL when there is none.
 */
const struct cl_report_proposal *cl_pipeline_patch_outside(const struct cl_pipeline *p,
							   const char *source_root);
/* The model of every record analysed (dump-layout), in order. */
int cl_pipeline_dump(const struct cl_pipeline *p, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_PIPELINE_H */
