/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_merge.h - several profiles added up into one (`cachelint merge`)
 *
 * Loading profile=a:b layers them: a later entry replaces an earlier one.
 * Measurements are not layers: the runs of a CI's shards, a fleet's
 * machines or a suite's test binaries each saw part of the accesses, and
 * together they saw the sum.  cl_merge_add() folds one loaded profile
 * into the sum so that the profiles that N processes wrote merge into the
 * profile one process running all of their work would have written; the
 * rule for every key is docs/profiles.md, "Several profiles".  In short:
 * counts, weights, samples, accesses, instances, objects, threads and
 * seconds add up; base-align is the least; allocation sites and touched
 * members are the union; paths the union, the first 8; lines are merged
 * by offset and the 16 heaviest kept; first/last the earliest/latest.
 * What is not a measurement (a class, a group, thresholds, budgets,
 * line-size) is layered as profile=a:b layers it: the last file wins.
 *
 * The profiles are loaded (and so checked) one at a time by
 * cl_profile_load(); what cannot be added up (a line size, a source or a
 * measure that differs, counts per path in one file and totals in another)
 * is an error at the entry's file:line:col.  core/profile/merge_write.c writes
 * the sum as a profile.
 */
#ifndef CACHELINT_PROFILE_MERGE_H
#define CACHELINT_PROFILE_MERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "access_profile.h"
#include "contention.h"
#include "model/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most contended lines an entry keeps, as the runtime writes them. */
#define CL_MERGE_LINES_KEPT 16

/**
 * struct cl_merge_member - one member entry, added up
 * @path: member name or dotted path
 * @paths: an entry of paths (read:/write:), else of a class and/or counts
 * @access: the class (@has_class), group, and counts (@access.has_counts)
 * @has_class: a class (or group) was given by hand
 * @uses: with @paths, the paths sorted by name; a counted one carries the
 *        loader's counted bit (profile_loader.h, LD_USE_COUNTED) and its
 *        summed reads and writes
 * @nuses: number of @uses
 * @from: the last from: given, or NULL
 * @span: where the last file that gave the entry has it
 * @counted_at: where counts of it were first given (for errors), if any
 */
struct cl_merge_member {
	const char *path;
	bool paths;
	struct cl_access access;
	bool has_class;
	struct cl_use *uses;
	uint32_t nuses;
	const char *from;
	struct cl_span span;
	struct cl_span counted_at;
};

/**
 * struct cl_merge_struct - the entries of one struct key
 * @name: the key (a tag, a typedef name, or NAME@FILE:LINE)
 * @members: in the order the files first name them
 * @nmembers: number of @members
 * @cap: allocated @members
 * @index: @members by path
 * @suppress: the rules suppressed (the masks of every file)
 */
struct cl_merge_struct {
	const char *name;
	struct cl_merge_member *members;
	size_t nmembers, cap;
	struct cl_index index;
	uint32_t suppress;
};

struct cl_merge_key;

/**
 * struct cl_merge - the sum so far
 * @arena: every string and array of the sum
 * @names: the strings, interned (the arena holds them)
 * @files: profiles added
 * @samples: the counts of structs: are perf samples (`counts: samples`);
 *           every file that counts says the same (@counts_at: the first
 *           entry that counted, for the error when one does not)
 * @counts_at: where the first counted entry is, or no file
 * @overflow: a count of the sum went past 2^64-1 (the entry being added fails)
 * @line_size: the last file's line-size: that set one, 0 if none did
 * @thresholds: each threshold as the last file that set it gave it
 * @thresholds_set: which of them some file set (CL_THRESHOLD_SET_*)
 * @structs: in the order the files first name them
 * @nstructs: number of @structs
 * @structs_cap: allocated @structs
 * @index: @structs by name
 * @concurrent: the paths declared concurrent, in first-seen order
 * @nconcurrent: number of @concurrent
 * @concurrent_cap: allocated @concurrent
 * @objects: the objects: sections added up (sample: the largest given)
 * @objects_line_at: the file that first said @objects.line_size
 * @contention: the contention: entries added up
 * @contention_hdr: their header, added up
 * @contention_at: where the first file's contention: key is
 * @budgets: lines: budgets, a later file's replacing an earlier one's
 * @nbudgets: number of @budgets
 * @budgets_cap: allocated @budgets
 * @keys: where each item of the sum's lists is (an objects: struct, a pair
 *        of a contention entry, a line's touch, a budget, ...), by its key,
 *        so that adding a file is linear in its size (profile_merge.c)
 * @keyv: the keys @keys indexes
 * @nkeys: number of @keyv
 * @keys_cap: allocated @keyv
 */
struct cl_merge {
	struct cl_arena arena;
	struct cl_strset names;
	size_t files;
	bool samples;
	struct cl_span counts_at;
	bool overflow;
	unsigned line_size;
	struct cl_thresholds thresholds;
	unsigned thresholds_set;
	struct cl_merge_struct *structs;
	size_t nstructs, structs_cap;
	struct cl_index index;
	const char **concurrent;
	size_t nconcurrent, concurrent_cap;
	struct cl_objects objects;
	struct cl_span objects_line_at;
	struct cl_contention contention;
	struct cl_contention_header contention_hdr;
	struct cl_span contention_at;
	struct cl_budget *budgets;
	size_t nbudgets, budgets_cap;
	struct cl_index keys;
	struct cl_merge_key *keyv;
	size_t nkeys, keys_cap;
};

void cl_merge_init(struct cl_merge *m);
void cl_merge_free(struct cl_merge *m);
/*
 * Add profile @p (one file, @file, loaded into a profile of its own) to
 * @m.  0, or -1 with @err naming the file, line and column of what cannot
 * be added up (@file alone for what has no line of its own); @m is then in
 * no state to be written.
 */
int cl_merge_add(struct cl_merge *m, const struct cl_profile *p, const char *file,
		 struct cl_diag *err);
/*
 * After the last file: each contention entry's lines sorted by weight
 * (false + true, heaviest first, ties by offset), the CL_MERGE_LINES_KEPT
 * heaviest kept.
 */
void cl_merge_finish(struct cl_merge *m);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_PROFILE_MERGE_H */
