/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * access_profile.h - access profiles: out-of-source annotations in YAML
 *
 *   cachelint-profile: 1
 *   line-size: 64                      # optional
 *   thresholds: {write-hot: 0.01, read-mostly: 0.01, min-accesses: 1000}
 *   suppress:                          # optional, per struct
 *     some_struct: all                 # or a rule ID, or a list of them
 *   structs:
 *     page_counter:
 *       usage: write_hot
 *       parent: read_mostly
 *       min: {reads: 912345, writes: 12}
 *       stats: {class: write_hot, group: percpu}
 *     mem_cgroup_per_node:
 *       lruvec.pgdat: read_mostly       # a leaf of an embedded struct
 *     sock:
 *       sk_rcvbuf: {read: [rx]}          # paths: who reads, who writes
 *       sk_wmem_queued: {read: {tx: 900, rx: 20}, write: {tx: 800}}
 *   paths: {charge: concurrent}        # optional; paths are serialized else
 *   objects:                           # optional: evidence per object, from
 *     sample: 64                       # libcachelint-rt (profile_objects.c)
 *     structs:
 *       node: {instances: 2000, base-align: 64, pairs: [{write: hits, access: key}]}
 *
 * Classes inferred from counts (see cl_infer_class()) are relative to the
 * hottest member of the same struct in the same profile.  Loading several
 * profiles layers them: a later entry for the same struct member replaces
 * the earlier one, and remembers where that was (@replaced_at), so that a
 * finding which rests on it can say so (cl_profile_finding_notes()).  The
 * schema, with a commented example, is docs/profiles.md.
 */
#ifndef CACHELINT_ACCESS_PROFILE_H
#define CACHELINT_ACCESS_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/findings.h"
#include "model/options.h"
#include "contention.h"
#include "model/hash.h"
#include "model/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * struct cl_thresholds - class inference from counts
 * @write_hot: a member whose writes are at least this fraction of the
 *             accesses (reads + writes) of the struct's hottest member is
 *             write-hot
 * @read_mostly: otherwise, one whose reads are at least this fraction is
 *               read-mostly; anything else is cold
 * @min_accesses: the absolute floor: a struct whose counted entries in one
 *                file add up to fewer accesses (reads + writes, per-path
 *                counts included) gets no class from its counts (inferred
 *                classes are cold, counted path uses dropped); 0: no floor.
 *                A struct touched a handful of times in a run is no finding.
 *                Counts of a file that says `counts: samples` (perf samples,
 *                each standing for many accesses) are not floored
 * @contention: how heavy contention evidence must be to count
 *              (min-transfers, min-samples, min-share; contention.h)
 */
struct cl_thresholds {
	double write_hot;
	double read_mostly;
	uint64_t min_accesses;
	struct cl_contention_floor contention;
};

/* Which thresholds a profile set (cl_profile.thresholds_set). */
#define CL_THRESHOLD_SET_WRITE_HOT	(1u << 0)
#define CL_THRESHOLD_SET_READ_MOSTLY	(1u << 1)
#define CL_THRESHOLD_SET_MIN_ACCESSES	(1u << 2)
#define CL_THRESHOLD_SET_MIN_TRANSFERS	(1u << 3)
#define CL_THRESHOLD_SET_MIN_SAMPLES	(1u << 4)
#define CL_THRESHOLD_SET_MIN_SHARE	(1u << 5)

#define CL_THRESHOLD_WRITE_HOT_DEFAULT 0.01
#define CL_THRESHOLD_READ_MOSTLY_DEFAULT 0.01
#define CL_THRESHOLD_MIN_ACCESSES_DEFAULT 1000

/* Every threshold at its default (what a profile sets none of). */
void cl_thresholds_init(struct cl_thresholds *t);

/**
 * struct cl_inference - what the counts of an entry are weighed against
 * @hottest: the accesses of the hottest member of its struct in its file
 * @path_hottest: the same for counted paths: the busiest path's accesses
 * @total: the accesses of all counted entries of its struct in its file,
 *         per-path counts included, for the floor (min_accesses)
 * @counted: its read:/write: uses as loaded, counts and all, when some
 *           were counted: the thresholds pick its uses from them; else NULL
 * @ncounted: number of @counted
 * @samples: its file's counts are perf samples (`counts: samples`): the
 *           floor, a number of accesses, does not apply to them
 *
 * One per struct of a file, shared by its entries of counts (a generated
 * profile has millions), and one of its own for each entry of counted paths.
 */
struct cl_inference {
	uint64_t hottest, path_hottest, total;
	const struct cl_use *counted;
	uint32_t ncounted;
	bool samples;
};

/*
 * Paths of one entry: an instrumented run writes one per thread that
 * accessed the member.  The loader's bound keeps the duplicate search of a
 * hostile entry within a constant of its size; a merge that would pass it
 * says so at the entry (profile_merge.c).
 */
#define CL_ENTRY_PATHS_MAX 1024

/**
 * struct cl_profile_member - one entry under a struct
 * @path: member name or dotted path to a leaf of an embedded record
 * @access: class (given or inferred) and counts
 * @span: where the entry is (profile file, line, column)
 * @replaced_at: where the earlier entry for @path that a later profile
 *               replaced with this one was (in the profile's arena), NULL
 *               when none was; a pointer, since a generated profile has
 *               millions of entries and few are ever replaced
 * @from: where the entry itself came from (its from: key, "tcp_sock.rst:57"
 *        in an imported table), NULL when it does not say
 * @inferred: what its class is inferred from, again when a later profile
 *            sets thresholds; NULL for an entry without counts
 */
struct cl_profile_member {
	const char *path;
	struct cl_access access;
	struct cl_span span;
	const struct cl_span *replaced_at;
	const char *from;
	const struct cl_inference *inferred;
};

/**
 * struct cl_profile_struct - the entries of one struct
 * @name: tag or typedef name
 * @members: entries in the order of their first mention
 * @nmembers: number of @members
 * @cap: allocated @members
 * @suppress: rules suppressed for this struct (1u << enum cl_rule)
 * @span: where the struct's key is first mentioned
 * @defined: cl_profile_apply() met this struct in an input; the lint and
 *           DWARF front ends, which see all inputs, report the profile
 *           structs that no input defined
 * @statik: its entries were inferred from the code (a profile that says
 *          `evidence: static`): a struct that the source annotates, or that
 *          another profile describes, does not take them
 */
struct cl_profile_struct {
	const char *name;
	struct cl_profile_member *members;
	size_t nmembers, cap;
	uint32_t suppress;
	struct cl_span span;
	bool defined;
	bool statik;
};

/**
 * struct cl_object_pair - two members of one object seen on one line by
 * two threads (objects: structs: NAME: pairs:)
 * @write: leaf path of the member written by one thread
 * @access: leaf path of the member read or written by another thread
 * @objects: on how many objects this was seen
 * @same_bytes: of them, on how many the two threads touched the same bytes
 * @same_written: of them, on how many two threads wrote the same bytes
 *                (true sharing of @write when @write and @access are one)
 * @threads: how many threads took part
 * @paths: at most a few of their path names (thread-1, worker_libevent)
 * @npaths: number of @paths
 * @span: where the pair is in the profile
 */
struct cl_object_pair {
	const char *write, *access;
	uint64_t objects, same_bytes, same_written;
	uint64_t threads;
	const char **paths;
	uint32_t npaths;
	struct cl_span span;
};

/**
 * struct cl_object_between - lines that held two or more instances of a
 * struct, one written by one thread and another accessed by another
 * @lines: how many such lines
 * @per_line: most instances seen on one such line
 * @size: the instance size in bytes
 * @same_bytes: lines where the threads touched the same bytes
 * @threads: how many threads took part
 * @paths: some of their path names
 * @npaths: number of @paths
 * @span: where the between: key is
 */
struct cl_object_between {
	uint64_t lines, per_line, size, same_bytes, threads;
	const char **paths;
	uint32_t npaths;
	struct cl_span span;
};

/**
 * struct cl_object_struct - what the runtime saw of the instances of one
 * struct (objects: structs: NAME)
 * @name: tag or typedef name, as under structs:
 * @instances: distinct objects seen
 * @shared: of them, accessed by two or more threads, one writing
 * @base_align: least alignment of an instance's address seen (a power of
 *              two), 0 when the entry does not say
 * @pairs: the member pairs seen on one line of one object
 * @npairs: number of @pairs
 * @by_name: @pairs sorted by write, then access, for cl_objects_pair()
 *           (NULL: look through @pairs, as for an entry cachelint merge
 *           builds)
 * @has_between: the entry has a between: key
 * @between: lines shared by instances, when @has_between
 * @sample: the sample: of the file the entry is from (about one access in
 *          @sample was recorded), 0 when that file does not say
 * @span: where the struct's key is
 */
struct cl_object_struct {
	const char *name;
	uint64_t instances, shared;
	uint64_t base_align;
	struct cl_object_pair *pairs;
	size_t npairs;
	const struct cl_object_pair **by_name;
	bool has_between;
	struct cl_object_between between;
	uint64_t sample;
	struct cl_span span;
};

/**
 * struct cl_object_variable - what the runtime saw of a global or static
 * variable's elements (objects: variables: NAME)
 * @name: the variable
 * @element: element size in bytes (a scalar: its size)
 * @elements: number of elements (1 for a scalar)
 * @base_align: least alignment of its address seen, 0 when not said
 * @lines: lines where two elements were touched by two threads, one writing
 * @per_line: most elements seen on one such line
 * @same_bytes: lines where the threads touched the same bytes
 * @threads: how many threads took part
 * @paths: some of their path names
 * @npaths: number of @paths
 * @span: where the variable's key is
 */
struct cl_object_variable {
	const char *name;
	uint64_t element, elements, base_align;
	uint64_t lines, per_line, same_bytes, threads;
	const char **paths;
	uint32_t npaths;
	struct cl_span span;
};

/**
 * struct cl_objects - the objects: section: evidence per object
 * @present: some profile loaded had an objects: key
 * @sample: about one access in @sample was recorded (1: all); 0 when not said
 * @line_size: the line size the runtime grouped bytes by; 0 when not said
 * @dropped: samples not kept because the runtime's tables were full
 * @structs: per struct; a later profile's entry replaces an earlier one
 * @nstructs: number of @structs
 * @structs_cap: allocated @structs
 * @variables: per variable, likewise
 * @nvariables: number of @variables
 * @variables_cap: allocated @variables
 * @struct_index: @structs by name (the key exactly)
 * @variable_index: @variables by name
 * @located: indices in @structs of the entries keyed NAME@FILE:LINE
 * @nlocated: number of @located
 * @located_cap: allocated @located
 *
 * Looked up by name with cl_objects_struct() and cl_objects_variable(),
 * through the indexes: instrument=all writes an entry for every struct of
 * a program, and a walk of the array per entry or per record was
 * quadratic (29 s for 80,000 entries).
 */
struct cl_objects {
	bool present;
	uint64_t sample, line_size, dropped;
	struct cl_object_struct *structs;
	size_t nstructs, structs_cap;
	struct cl_object_variable *variables;
	size_t nvariables, variables_cap;
	struct cl_index struct_index, variable_index;
	size_t *located;
	size_t nlocated, located_cap;
};

/**
 * struct cl_profile - one or more profiles, layered
 * @arena: owns every string and entry
 * @line_size: from the newest profile that sets it, 0 if none does
 * @thresholds: inference thresholds
 * @thresholds_set: which of them some file loaded set (CL_THRESHOLD_SET_*),
 *                  the others are the defaults
 * @structs: the structs; pointers into it are invalidated by the next load
 * @nstructs: number of @structs
 * @cap: allocated @structs
 * @index: @structs by name
 * @concurrent: the paths declared concurrent (top-level "paths:"); the
 *              others are serialized
 * @nconcurrent: number of @concurrent
 * @located: indices in @structs of the entries keyed NAME@FILE:LINE (one
 *           of two different structs of one tag, cl_struct_key_matches())
 * @nlocated: number of @located
 * @located_cap: allocated @located
 * @objects: the evidence per object (objects:), if any profile had some
 * @contention: the contention evidence (contention:), if any profile had some
 * @budgets: the lines: budgets, one per struct and path; a later file's
 *           replaces an earlier one's for the same struct and path
 * @nbudgets: number of @budgets
 * @budgets_cap: allocated @budgets
 * @budget_index: @budgets by struct key and path (a later file's replaces)
 * @budget_order: the indices of @budgets by the NAME part of their struct
 *                key (cl_struct_key_name()), each name's in file order
 * @budget_runs: where each name's indices start in @budget_order
 * @nbudget_runs: number of @budget_runs (of names)
 * @budget_names: @budget_runs by name: a record finds its budgets without
 *                reading every struct's (profile_budgets.c)
 */
struct cl_profile {
	struct cl_arena arena;
	unsigned line_size;
	struct cl_thresholds thresholds;
	unsigned thresholds_set;
	struct cl_profile_struct *structs;
	size_t nstructs, cap;
	struct cl_index index;
	const char **concurrent;
	size_t nconcurrent;
	size_t *located;
	size_t nlocated, located_cap;
	struct cl_objects objects;
	struct cl_contention contention;
	struct cl_budget *budgets;
	size_t nbudgets, budgets_cap;
	struct cl_index budget_index;
	size_t *budget_order, *budget_runs;
	size_t nbudget_runs;
	struct cl_index budget_names;
};

void cl_profile_init(struct cl_profile *p);
void cl_profile_free(struct cl_profile *p);

/*
 * Load one YAML file and layer it on @p.  Returns 0, or -1 with @err naming the file
 * and, for content errors, the line and column.  On error @p is unchanged
 * except for memory in its arena.
 */
int cl_profile_load(struct cl_profile *p, const char *path, struct cl_diag *err);
/* The same from a buffer; @name is what errors call it. */
int cl_profile_load_buffer(struct cl_profile *p, const char *name,
			   const char *buf, size_t len, struct cl_diag *err);
/* Load a ':'-separated list of files in order. */
int cl_profile_load_list(struct cl_profile *p, const char *list, struct cl_diag *err);

struct cl_profile_struct *cl_profile_find(const struct cl_profile *p, const char *name);

/*
 * A struct key is a tag or typedef name, or NAME@FILE:LINE where a program
 * defines two different structs of one tag in two units (the runtime keys
 * them so): that key names only the record defined at line LINE of a file
 * whose path ends with FILE (whole path components).  cl_struct_key_name()
 * says how long the NAME part of @key is; cl_struct_key_matches() whether
 * @key names @rec.
 */
size_t cl_struct_key_name(const char *key);

/**
 * struct cl_record_place - what struct keys are matched against: a record's
 * name and where it is defined, as shown.  Read once per record where it is
 * applied (cl_record_place()); every section's entries (structs:, objects:,
 * contention:, budgets) are then found from it, not from the record.
 * @name: the record's name, or NULL (no key names it)
 * @file: its file as shown, or NULL
 * @line: its line there
 */
struct cl_record_place {
	const char *name;
	const char *file;
	unsigned line;
};

void cl_record_place(const struct cl_record *rec, struct cl_record_place *at);
bool cl_struct_key_matches(const char *key, const struct cl_record_place *at);
/* The entry for @at: the one keyed by its place if any, else by its name. */
struct cl_profile_struct *cl_profile_find_record(const struct cl_profile *p,
						 const struct cl_record_place *at);
/* Whether an entry (structs:, objects:, keyed by place or not) names @name. */
bool cl_profile_names(const struct cl_profile *p, const char *name);

/*
 * The lines: budgets of the record at @at (keyed by its name or its
 * place), in @a; their number in *@n.  NULL when there are none.
 */
const struct cl_budget *cl_profile_budgets(const struct cl_profile *p,
					   const struct cl_record_place *at, struct cl_arena *a,
					   size_t *n);
/*
 * The indices in @p->budgets of the budgets whose struct key's NAME part is
 * the @len bytes at @name, in file order, and their number in *@n (when
 * @n is not NULL); NULL when there are none.
 */
const size_t *cl_profile_budgets_named(const struct cl_profile *p, const char *name,
				       size_t len, size_t *n);

/*
 * Whether run-time evidence (objects:, contention:) judges @rec's pairs:
 * then leaves are told apart by their paths.
 */
bool cl_record_has_evidence(const struct cl_record *rec);
/* The least alignment of @rec's objects that the run saw; 0 when not known. */
uint64_t cl_record_seen_align(const struct cl_record *rec);

/*
 * Whether the profile has run-time evidence (objects: or contention:) on
 * some variable, and on variable @name: the front ends then model it.
 */
bool cl_profile_has_variables(const struct cl_profile *p);
bool cl_profile_names_variable(const struct cl_profile *p, const char *name);

/* The objects: entry of struct @name (the key exactly), or NULL. */
const struct cl_object_struct *cl_objects_struct(const struct cl_profile *p, const char *name);
/* The objects: entry for @at: keyed by its place if any, else by its name. */
const struct cl_object_struct *cl_objects_struct_record(const struct cl_profile *p,
							const struct cl_record_place *at);
/* Whether an objects: structs: entry (keyed by place or not) names struct @name. */
bool cl_objects_names(const struct cl_objects *o, const char *name);
/* The objects: variables: entry of @name, or NULL. */
const struct cl_object_variable *cl_objects_variable(const struct cl_profile *p,
						     const char *name);
/* The pair {write: @a, access: @b} or {write: @b, access: @a} of @os, or NULL. */
const struct cl_object_pair *cl_objects_pair(const struct cl_object_struct *os,
					     const char *a, const char *b);

/*
 * The evidence for leaves @a and @b of @rec (their paths spelled out) on
 * one line of one object, in either role (@a written and @b accessed
 * preferred); NULL when @rec has no objects: entry or the runtime never
 * saw the pair.
 */
const struct cl_object_pair *cl_evidence_pair(const struct cl_record *rec,
					      const struct cl_leaf *a, const struct cl_leaf *b);

/*
 * Whether leaves @w and @v of the analysed record @rec conflict: their
 * paths do (cl_paths_conflict()), and, when @rec has evidence per object
 * (@rec->objects, a profile's objects: entry), the runtime saw the two on
 * one line of one object, one written by a thread and the other accessed
 * by another.  The leaves' paths must be spelled out when @rec->objects is
 * set.  Every check that reports a pair and the proposal ask this.
 */
bool cl_leaves_conflict(const struct cl_record *rec, const struct cl_leaf *w,
			const struct cl_leaf *v);
/*
 * The evidence in words, for a finding's note: "libcachelint-rt saw 'hits'
 * written by one thread and 'key' accessed by another on one line of 12
 * objects, threads thread-1 and thread-2 (1 access in 64 sampled;
 * rt.yaml:12:11)"; with @same, the same bytes written by two threads.
 */
const char *cl_evidence_text(const struct cl_object_struct *os,
			     const struct cl_object_pair *pr, bool same, struct cl_arena *a);

/*
 * For the evidence of lines shared between objects (between:, variables:):
 * the threads, "threads thread-1 and thread-2" or "16 threads (thread-1,
 * thread-2, ...)", NULL when none are named; and where it comes from,
 * "libcachelint-rt; 1 access in 64 sampled; rt.yaml:9:5".
 */
const char *cl_evidence_threads(uint64_t threads, const char **paths, uint32_t npaths,
				struct cl_arena *a);
const char *cl_evidence_source(uint64_t sample, const struct cl_span *span, struct cl_arena *a);

/* The class that counts imply relative to the hottest member's accesses. */
enum cl_class cl_infer_class(uint64_t reads, uint64_t writes, uint64_t hottest,
			     const struct cl_thresholds *t);

/*
 * Give @rec the classes the profile has for it.  Top-level entries set the
 * member's class unless the source annotated it; dotted paths become
 * path classes of @rec.  Appends cachelint-profile findings for entries that
 * name no member of @rec and cachelint-annotation-mismatch findings where a
 * source annotation and the profile disagree (the source annotation stays in
 * force).  Marks the profile struct defined.  Returns findings added.
 * With @out NULL only the classes are given.
 */
size_t cl_profile_apply(struct cl_profile *p, struct cl_record *rec,
			struct cl_arena *a, struct cl_findings *out);
/*
 * Evidence per object or per line taken at lines smaller than the
 * analysis's @line_size (the runtime's 64 bytes, a 128-byte analysis)
 * cannot say that two members in different small lines of one large line
 * never shared it: it no longer filters @rec's pairs, and a finding in
 * @out says so (docs/profiles.md).
 */
void cl_profile_evidence_lines(const struct cl_profile *p, struct cl_record *rec,
			       unsigned line_size, struct cl_findings *out);
/*
 * The classes only (no findings: @out NULL above) of every named record
 * that @rec embeds, at any depth, each once.  Applying a profile twice to
 * one record changes nothing, so records that share embedded models (one
 * translation unit's) can each have it applied.
 */
void cl_profile_apply_embedded(struct cl_profile *p, struct cl_record *rec, struct cl_arena *a);
/* Whether a profile declared path @name concurrent. */
bool cl_profile_path_concurrent(const struct cl_profile *p, const char *name);
/*
 * Whether @p has anything to apply: struct entries, or evidence per object
 * (a profile of objects: alone still judges structs and variables).
 */
bool cl_profile_has_entries(const struct cl_profile *p);

/**
 * struct cl_profile_note - where a reported leaf's class came from, when
 * that is news: counts (an inferred class) or an entry that replaced one of
 * an earlier profile
 * @text: the note, in the arena given to cl_profile_finding_notes()
 * @where: the leaf's source location (the finding's @where or @note_where)
 */
struct cl_profile_note {
	const char *text;
	const struct cl_span *where;
};

#define CL_PROFILE_NOTES_MAX 2

/*
 * The notes for finding @i of @f, of a record that @p was applied to, one
 * per leaf at most (the reported one first): "'min' is read-mostly,
 * inferred from reads 912345, writes 12 at memcg.yaml:6:5", "'usage' is
 * write-hot by the profile entry at b.yaml:3:5, which replaced the one at
 * a.yaml:4:5".  Leaves classed by the source, or by a profile entry that
 * is neither inferred nor a replacement, get none; so does a leaf that an
 * earlier finding of the same record already had a note for.  Returns how
 * many were written.
 */
size_t cl_profile_finding_notes(const struct cl_profile *p, const struct cl_findings *f,
				size_t i, struct cl_arena *a,
				struct cl_profile_note out[CL_PROFILE_NOTES_MAX]);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_ACCESS_PROFILE_H */
