/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * access_profile.h - access profiles: out-of-source annotations in YAML
 *
 *   cachelint-profile: 1
 *   line-size: 64                      # optional
 *   thresholds: {write-hot: 0.01, read-mostly: 0.01}   # optional
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
 *
 * Classes inferred from counts (see cl_infer_class()) are relative to the
 * hottest member of the same struct in the same profile.  Loading several
 * profiles merges them: a later entry for the same struct member replaces
 * the earlier one, and remembers where that was (@replaced_at), so that a
 * finding which rests on it can say so (cl_profile_finding_notes()).  The
 * schema, with a commented example, is annotations/profile-schema.md.
 */
#ifndef CACHELINT_ACCESS_PROFILE_H
#define CACHELINT_ACCESS_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "hash.h"
#include "layout.h"

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
 */
struct cl_thresholds {
	double write_hot;
	double read_mostly;
};

#define CL_THRESHOLD_WRITE_HOT_DEFAULT 0.01
#define CL_THRESHOLD_READ_MOSTLY_DEFAULT 0.01

/**
 * struct cl_inference - what the counts of an entry are weighed against
 * @hottest: the accesses of the hottest member of its struct in its file
 * @path_hottest: the same for counted paths: the busiest path's accesses
 * @counted: its read:/write: uses as loaded, counts and all, when some
 *           were counted: the thresholds pick its uses from them; else NULL
 * @ncounted: number of @counted
 *
 * One per struct of a file, shared by its entries of counts (a generated
 * profile has millions), and one of its own for each entry of counted paths.
 */
struct cl_inference {
	uint64_t hottest, path_hottest;
	const struct cl_use *counted;
	uint32_t ncounted;
};

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
 */
struct cl_profile_struct {
	const char *name;
	struct cl_profile_member *members;
	size_t nmembers, cap;
	uint32_t suppress;
	struct cl_span span;
	bool defined;
};

/**
 * struct cl_profile - one or more merged profiles
 * @arena: owns every string and entry
 * @line_size: from the newest profile that sets it, 0 if none does
 * @thresholds: inference thresholds
 * @structs: the structs; pointers into it are invalidated by the next load
 * @nstructs: number of @structs
 * @cap: allocated @structs
 * @index: @structs by name
 * @concurrent: the paths declared concurrent (top-level "paths:"); the
 *              others are serialized
 * @nconcurrent: number of @concurrent
 */
struct cl_profile {
	struct cl_arena arena;
	unsigned line_size;
	struct cl_thresholds thresholds;
	struct cl_profile_struct *structs;
	size_t nstructs, cap;
	struct cl_index index;
	const char **concurrent;
	size_t nconcurrent;
};

void cl_profile_init(struct cl_profile *p);
void cl_profile_free(struct cl_profile *p);

/*
 * Load and merge one YAML file.  Returns 0, or -1 with @err naming the file
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
 * The classes only (no findings: @out NULL above) of every named record
 * that @rec embeds, at any depth, each once.  Applying a profile twice to
 * one record changes nothing, so records that share embedded models (one
 * translation unit's) can each have it applied.
 */
void cl_profile_apply_embedded(struct cl_profile *p, struct cl_record *rec, struct cl_arena *a);
/* Whether a profile declared path @name concurrent. */
bool cl_profile_path_concurrent(const struct cl_profile *p, const char *name);
/* Whether the profile names @rec or a record it embeds: worth loading. */
bool cl_profile_reaches(const struct cl_profile *p, const struct cl_record *rec);

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
