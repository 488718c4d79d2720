/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diff.h - `cachelint diff BASE HEAD`: what a change did to the layouts
 *
 * Each side is a build (ELF objects, ar archives of them, executables,
 * shared libraries, a vmlinux), read by the DWARF front end into the same
 * pipeline `cachelint dwarf` runs (dwarf_run.c), or a baseline file that
 * --write-baseline wrote (its findings, no layouts).  The comparison
 * (diff_compare.c) pairs the structs of the two sides by name, and for
 * each pair whose layout changed gives its size and cache lines, the lines
 * each path touches before and after, the findings new and gone, and the
 * members that moved onto a line where a new pair finding has them.  The
 * findings are compared by fingerprint (rule, struct, both members), as a
 * baseline compares them, so the two kinds of side mix.  Everything is a
 * pass over each side plus hash lookups: linear in the number of structs.
 * The output (diff_emit.c) is text, JSON, markdown for a pull-request
 * comment, or the regressions alone as SARIF or GitHub annotations through
 * core's emitters.
 */
#ifndef CACHELINT_DIFF_H
#define CACHELINT_DIFF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "dwarf_run.h"
#include "emit/baseline.h"
#include "emit/emit.h"
#include "model/lines.h"

/**
 * struct diff_entry - a finding on one side, by its fingerprint
 * @fp: the fingerprint (cl_finding_fingerprint())
 * @f: the finding (a build), NULL for a baseline's line
 * @what: a baseline's line after the fingerprint ("cachelint-false-sharing
 *        'struct s' 'a' 'b'"), NULL for a build's finding
 * @rule: its rule (a baseline's: looked up by the ID its line starts with;
 *        -1 when it names none this version knows)
 * @group: the struct (or variable) it is about, as the finding names it
 */
struct diff_entry {
	char fp[17];
	const struct cl_finding *f;
	const char *what;
	int rule;
	const char *group;
};

/**
 * struct diff_side - BASE or HEAD
 * @file: as given on the command line
 * @baseline: a baseline file, not a build
 * @run: the DWARF front end's run over a build (records, findings)
 * @ran: @run was set up (freed with the side)
 * @entries: the side's findings, each fingerprint once, in order
 * @nentries: number of @entries
 * @index: @entries by fingerprint
 * @arena: a baseline's lines
 */
struct diff_side {
	const char *file;
	bool baseline;
	struct cli_dwarf_run run;
	bool ran;
	struct diff_entry *entries;
	size_t nentries, cap;
	struct cl_index index;
	struct cl_arena arena;
};

/*
 * Read @s->file with the common options @c (profiles, line size...) and
 * -j @jobs: a baseline, or a build whose every unit must be read (an error
 * in one is an error of the side: a diff of half a build says nothing).
 * 0, or -1 after printing the error.
 */
int diff_side_load(struct diff_side *s, struct cli_common *c, unsigned jobs);
void diff_side_free(struct diff_side *s);
/* Whether the side has a finding of fingerprint @fp. */
bool diff_side_has(const struct diff_side *s, const char *fp);

/**
 * struct diff_path - the lines one path (or class) touches on each side
 * @path: its name
 * @base, @head: lines; 0 where the side's layout has no member on it
 */
struct diff_path {
	const char *path;
	uint64_t base, head;
};

/**
 * struct diff_end - one member of a pair finding, where it was and is
 * @path: its path
 * @base_bit, @head_bit: its bit offset in BASE and HEAD
 * @added: it is not in BASE at all (@base_bit means nothing)
 * @moved: it is not where it was (or @added)
 */
struct diff_end {
	const char *path;
	uint64_t base_bit, head_bit;
	bool added, moved;
};

/**
 * struct diff_move - a new pair finding whose members are not both where
 * they were: one moved onto the line the other is on, or both did
 * @f: the new finding (HEAD's)
 * @a, @b: its two members (the reported one first)
 */
struct diff_move {
	const struct cl_finding *f;
	struct diff_end a, b;
};

/* What decided a struct's verdict: the first of these that differs. */
enum diff_basis {
	DIFF_BY_NOTHING,
	DIFF_BY_FINDINGS,
	DIFF_BY_LINES,
	DIFF_BY_SIZE,
};

/**
 * struct diff_struct - one struct (or a group of findings by name) that
 * changed
 * @name: "struct tcp_sock", or what a finding without a record names
 * @base, @head: its layout on each side, NULL where that side has none (a
 *               struct only in one build, a baseline side)
 * @paths: lines per path, by path name, when both layouts are there
 * @npaths: number of @paths
 * @more_lines: paths of @paths on more lines in HEAD (both sides have them)
 * @new_f, @gone: the findings new in HEAD and gone from BASE
 * @nnew, @ngone: their numbers
 * @moves: new pair findings with a member that moved
 * @nmoves: number of @moves
 * @budgets: new findings that are budgets exceeded (cachelint-path-lines)
 * @warn_new, @warn_gone: of @new_f and @gone, those of warning severity
 *                        and up (notes weigh nothing)
 * @lines_delta: HEAD's lines less BASE's, added up over the paths both
 *               sides have
 * @verdict: 1 worse, -1 better, 0 even: weighed on findings first (fewer
 *           is better, whatever it costs in lines), then on @lines_delta,
 *           then on the cache lines the struct spans
 * @basis: which of the three decided
 * @layout_changed: both layouts are there and differ
 */
struct diff_struct {
	const char *name;
	const struct cl_record *base, *head;
	struct diff_path *paths;
	size_t npaths;
	size_t more_lines;
	const struct diff_entry **new_f, **gone;
	size_t nnew, ngone, new_cap, gone_cap;
	struct diff_move *moves;
	size_t nmoves, moves_cap;
	size_t budgets;
	size_t warn_new, warn_gone;
	int64_t lines_delta;
	int verdict;
	enum diff_basis basis;
	bool layout_changed;
};

/**
 * struct diff_result - the comparison
 * @base, @head: the sides
 * @opt: the options of the analysis (line size, alignment)
 * @v: the structs that changed, sorted by name
 * @n: number of @v
 * @compared: structs (layouts) on both sides
 * @only_base, @only_head: structs (layouts) on one side only
 * @new_warnings: new findings of severity warning or error
 * @new_notes: new findings of severity note
 * @gone: findings gone
 * @more_lines: paths on more lines
 * @budgets: budgets newly exceeded
 * @moves: new pair findings with a member that moved (struct diff_move)
 * @worse, @better: structs whose verdict is worse, better
 * @costs: paths on more lines in structs that are better by their findings
 * @regressions: what makes HEAD worse, as findings (the new findings of
 *               warning severity and up of a struct worse by its findings,
 *               and one cachelint-path-lines finding per path on more lines
 *               of a struct worse by its findings or its lines), for SARIF
 *               and GitHub
 * @arena: the result's strings
 */
struct diff_result {
	struct diff_side *base, *head;
	const struct cl_options *opt;
	struct diff_struct *v;
	size_t n, cap;
	size_t compared, only_base, only_head;
	size_t new_warnings, new_notes, gone, more_lines, budgets, moves;
	size_t worse, better, costs;
	struct cl_findings regressions;
	struct cl_arena arena;
};

void diff_compare(struct diff_result *r, struct diff_side *base, struct diff_side *head,
		  const struct cl_options *opt);
void diff_result_free(struct diff_result *r);
/* HEAD is worse: a struct is worse, weighed as struct diff_struct says. */
bool diff_worse(const struct diff_result *r);
/*
 * Why @d is better or worse ("worse by its findings: 1 new, 0 gone"), with
 * the cost in lines of a struct better by its findings; NULL when even.
 */
const char *diff_struct_verdict(const struct diff_result *r, const struct diff_struct *d,
				struct cl_arena *a);
/* Anything at all is listed: a change of layout, a finding new or gone. */
bool diff_any(const struct diff_result *r);
/* Cache lines a record of @size bytes spans when it starts on a line. */
uint64_t diff_record_lines(uint64_t size, const struct cl_options *opt);

/* The output formats of diff. */
enum diff_format {
	DIFF_TEXT,
	DIFF_JSON,
	DIFF_SARIF,
	DIFF_MARKDOWN,
	DIFF_GITHUB,
};

/* "text", ... for --format; 0, or -1 for another name. */
int diff_format_parse(const char *name, enum diff_format *out);

/* Write @r in @format; @source_root as the output options' --source-root. */
int diff_write(FILE *out, const struct diff_result *r, enum diff_format format,
	       const char *source_root);

#endif /* CACHELINT_DIFF_H */
