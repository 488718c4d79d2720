/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import.h - access profiles from other tools' output
 *
 * `cachelint import KIND FILE…` turns measurements and documentation into a
 * profile (docs/profiles.md):
 *
 *   perf-typeoff             `perf report --stdio --sort type,typeoff`
 *                            (perf data-type profiling, Linux 6.8+)
 *   perf-annotate-data-type  `perf annotate --stdio --data-type`
 *   perf-c2c                 `perf c2c report --stdio`, joined to members
 *                            through access maps (import_c2c*.c)
 *   net-cachelines           the kernel's
 *                            Documentation/networking/net_cachelines/NAME.rst
 *   perf-script              `perf script` samples of any event, joined to
 *                            members through access maps (import_perf_script.c)
 *   perf-profile             the kernel test robot's perf-profile.self.* lines:
 *                            functions' shares to the members they touch
 *                            (import_perf_profile.c)
 *
 * Each parser reads the text of one file into a struct cl_import, which
 * sums what every file says per struct member: load and store events
 * become {reads, writes} counts, a fast-path table becomes a class.
 * cl_import_write() prints the result as a profile that cl_profile_load()
 * reads back.  A parser either takes all of a file or nothing: on error the
 * import is as it was (apart from arena memory), and @err names the file,
 * line and column.  Input of the wrong kind is an error, never an empty
 * import.
 */
#ifndef CACHELINT_IMPORT_H
#define CACHELINT_IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/findings.h"
#include "model/options.h"
#include "profile/contention.h"
#include "model/arena.h"
#include "model/hash.h"
#include "model/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

enum cl_import_kind {
	CL_IMPORT_PERF_TYPEOFF,
	CL_IMPORT_PERF_ANNOTATE,
	CL_IMPORT_NET_CACHELINES,
	CL_IMPORT_PERF_C2C,
	CL_IMPORT_PERF_SCRIPT,
	CL_IMPORT_PERF_PROFILE,
	CL_IMPORT_KIND_COUNT
};

/* "perf-typeoff", … and back; -1 for an unknown name. */
const char *cl_import_kind_name(enum cl_import_kind kind);
int cl_import_kind_lookup(const char *name);

/**
 * enum cl_events - what the samples of a perf file count
 * @CL_EVENTS_BY_NAME: decide per event from its name ("mem-loads",
 *                     "cpu/mem-stores/P", "mem_inst_retired.all_loads")
 * @CL_EVENTS_LOADS: every event of the file counts loads (reads)
 * @CL_EVENTS_STORES: every event of the file counts stores (writes)
 * @CL_EVENTS_IGNORED: (a name's verdict only) an event that counts
 *                     nothing, such as perf's "dummy:u"
 * @CL_EVENTS_UNKNOWN: (a name's verdict only) neither loads nor stores
 */
enum cl_events {
	CL_EVENTS_BY_NAME,
	CL_EVENTS_LOADS,
	CL_EVENTS_STORES,
	CL_EVENTS_IGNORED,
	CL_EVENTS_UNKNOWN,
};

enum cl_events cl_import_event_kind(const char *event);

/* The fast paths of a net_cachelines table, in the order of its columns. */
enum cl_import_path {
	CL_IMPORT_TX,
	CL_IMPORT_RX,
	CL_IMPORT_NPATHS
};

/* "tx", "rx": the path names an imported profile gives them. */
const char *cl_import_path_name(enum cl_import_path path);

/**
 * struct cl_import_member - what the inputs say about one member
 * @path: member name or dotted path ("icsk_ack.pending")
 * @reads: load events (perf importers)
 * @writes: store events (perf importers)
 * @cls: class (net-cachelines), CL_CLASS_NONE when the inputs gave counts
 * @offset: byte offset in the struct, for ordering (valid if @has_offset)
 * @has_offset: the input told the offset
 * @comment: written after the entry ("tx read_mostly, rx -"), or NULL
 * @uses: per path, CL_USE_READ and CL_USE_WRITE (net-cachelines); valid
 *        when @has_uses
 * @has_uses: the inputs said how each path they name accesses the member
 *            (a member with no use on any path is not accessed: cold)
 * @from: "tcp_sock.rst:57", the first table line that named the member,
 *        or NULL
 * @has_reads: a row of loads named the member (its @reads are measured,
 *             0 included), which an input cut short does not do for the
 *             members it lost
 * @has_writes: likewise stores and @writes
 */
struct cl_import_member {
	const char *path;
	uint64_t reads, writes;
	enum cl_class cls;
	uint64_t offset;
	bool has_offset;
	const char *comment;
	uint32_t uses[CL_IMPORT_NPATHS];
	bool has_uses;
	const char *from;
	bool has_reads, has_writes;
};

/**
 * struct cl_import_struct - the members of one struct, in first-seen order
 * @name: tag or typedef name
 * @members: the members
 * @nmembers: number of @members
 * @cap: allocated @members
 * @index: @members by path
 */
struct cl_import_struct {
	const char *name;
	struct cl_import_member *members;
	size_t nmembers, cap;
	struct cl_index index;
};

/**
 * struct cl_import_said - what inputs say besides their rows: one file's
 * while it is read (struct imp_stage), all committed files' in the import
 * @sources: one line per input event or table, for the profile's header
 * @nsources: number of @sources
 * @sources_cap: allocated @sources
 * @notes: remarks for the user ("skipped 3 rows of types that are not
 *         structs"), each naming its file; the CLI prints them
 * @nnotes: number of @notes
 * @notes_cap: allocated @notes
 * @loads: some input recorded loads (an event or column that counts them):
 *         members get a reads count, 0 where none fell on them (unless
 *         @loads_partial); without it reads were not measured and the
 *         profile gives no count
 * @stores: likewise stores and writes
 * @anonymous: rows or tables of anonymous structs and unions, which have no
 *             name to key a profile, left out
 * @warnings: what an input lacks that the import went on without ("the rows
 *            of event 'x' add up to 85.00%"), each naming its file and
 *            line; the CLI prints them, also with --quiet
 * @nwarnings: number of @warnings
 * @warnings_cap: allocated @warnings
 * @loads_partial: some input's loads are incomplete (rows not listed, a
 *                 table cut short): a member with no reads count was not
 *                 seen, which is no "reads: 0"
 * @stores_partial: likewise stores and writes
 * @samples: some counts are perf samples, not events: the profile says
 *           `counts: samples`, and the min-accesses floor (a number of
 *           accesses) does not apply to them
 * @function_level: some counts are functions' shares given to every member
 *                  they touch (perf-profile), not the members' own: the
 *                  profile says so, and each entry's from: names the functions
 */
struct cl_import_said {
	const char **sources;
	size_t nsources, sources_cap;
	const char **notes;
	size_t nnotes, notes_cap;
	bool loads, stores;
	size_t anonymous;
	const char **warnings;
	size_t nwarnings, warnings_cap;
	bool loads_partial, stores_partial;
	bool samples;
	bool function_level;
};

/**
 * struct cl_import - everything imported so far
 * @arena: owns every string
 * @structs: the structs, in first-seen order
 * @nstructs: number of @structs
 * @cap: allocated @structs
 * @index: @structs by name
 * @said: what the committed inputs said besides their rows
 */
struct cl_import {
	struct cl_arena arena;
	struct cl_import_struct *structs;
	size_t nstructs, cap;
	struct cl_index index;
	struct cl_import_said said;
};

void cl_import_init(struct cl_import *imp);
void cl_import_free(struct cl_import *imp);

/*
 * The parsers.  @name is what errors and the profile's header call the
 * input; @buf need not be NUL-terminated.  Return 0, or -1 with @err.
 */
int cl_import_perf_typeoff(struct cl_import *imp, const char *name, const char *buf,
			   size_t len, enum cl_events events, struct cl_diag *err);
int cl_import_perf_annotate(struct cl_import *imp, const char *name, const char *buf,
			    size_t len, enum cl_events events, struct cl_diag *err);
/* @struct_name: the struct the table describes, NULL to read it from the file */
int cl_import_net_cachelines(struct cl_import *imp, const char *name, const char *buf,
			     size_t len, const char *struct_name, struct cl_diag *err);

struct cl_access_map;
struct cl_access_line;

#define CL_C2C_REASONS 8

/**
 * struct cl_c2c - what perf c2c reports said besides their members' counts
 * @hdr: the contention: section's header (source perf-c2c, measure hitm)
 * @entries: per struct, its cache lines' evidence (cl_contention_write())
 * @nentries: number of @entries
 * @entries_cap: allocated
 * @rows: Pareto rows read
 * @unresolved: rows not resolved to a member
 * @reason: the distinct reasons why, at most CL_C2C_REASONS
 * @reason_rows: rows per reason
 * @nreasons: number of @reason
 * @why: one line per unresolved row ("FILE:LINE: SYMBOL at SRC: reason")
 * @nwhy: number of @why
 * @why_cap: allocated
 * @peer: some report's weights are peer snoops (Arm SPE), not HITMs
 */
struct cl_c2c {
	struct cl_contention_header hdr;
	struct cl_contention_entry *entries;
	size_t nentries, entries_cap;
	size_t rows, unresolved;
	const char *reason[CL_C2C_REASONS];
	size_t reason_rows[CL_C2C_REASONS];
	size_t nreasons;
	const char **why;
	size_t nwhy, why_cap;
	bool peer;
};

void cl_c2c_free(struct cl_c2c *c);

/**
 * struct cl_c2c_binaries - the join by address, through binaries' DWARF
 * (import perf-c2c --binary; dwarf/dwarf_addr.c)
 * @ctx: the binaries
 * @code: the source line of code address @iaddr, in function @sym (NULL if
 *        the row names none) at @symoff from its start if @has_symoff, of
 *        object @obj (perf's Object column, NULL if none): true with @file
 *        and @line, or false with @why.  Rows naming a function are asked
 *        first: they give a PIE's or a KASLR kernel's load offset, which
 *        rows naming none then use.
 * @data: the member of a static object (a global struct or array) at data
 *        address @addr: true with @out's record, member, offset and size
 *        (its file, line and function unset), or false with @why
 * The strings they return live as long as @ctx.
 */
struct cl_c2c_binaries {
	void *ctx;
	bool (*code)(void *ctx, const char *obj, const char *sym, uint64_t symoff,
		     bool has_symoff, uint64_t iaddr, const char **file, unsigned *line,
		     const char **why);
	bool (*data)(void *ctx, uint64_t addr, struct cl_access_line *out, const char **why);
};

/*
 * Read `perf c2c report --stdio` output and join its rows to members
 * through @map and @bin (NULL: no --binary): the members' loads and stores
 * into @imp, the cache lines' contention evidence into @c2c.  All or
 * nothing, as the other parsers.
 */
int cl_import_perf_c2c(struct cl_import *imp, const char *name, const char *buf, size_t len,
		       const struct cl_access_map *map, const struct cl_c2c_binaries *bin,
		       struct cl_c2c *c2c, struct cl_diag *err);
/*
 * Read `perf script` output (any event, any -F with the sample's code
 * address or source line) and join each sample's leaf line to the members
 * @map lists on it (through @bin's line tables where perf printed no source
 * line): their read and write samples into @imp, per thread and CPU in each
 * entry's comment, the concurrency on their lines in notes.  The samples
 * not resolved are counted by reason in @unres (its @rows: the samples).
 */
int cl_import_perf_script(struct cl_import *imp, const char *name, const char *buf, size_t len,
			  const struct cl_access_map *map, const struct cl_c2c_binaries *bin,
			  struct cl_c2c *unres, struct cl_diag *err);

/* Which column of a robot's comparison perf-profile reads. */
enum cl_profile_side {
	CL_SIDE_ONE,		/* a single report: one value per line */
	CL_SIDE_BASE,
	CL_SIDE_PATCHED,
};

/*
 * Read the kernel test robot's perf-profile.self.cycles-pp.FUNC lines
 * (children where there are none) and give every member @map says FUNC
 * reads or writes the function's share.  Functions with no line in the
 * map are counted in @unres (its @rows: the functions).
 */
int cl_import_perf_profile(struct cl_import *imp, const char *name, const char *buf, size_t len,
			   const struct cl_access_map *map, enum cl_profile_side side,
			   struct cl_c2c *unres, struct cl_diag *err);

/* Members imported, over all structs. */
size_t cl_import_count(const struct cl_import *imp);

/*
 * Print @imp as a profile (cachelint-profile: 1), with a header comment
 * saying it was generated by "cachelint import @kind" from the sources.
 * Members with known offsets are sorted by offset.  Returns 0 or -1.
 */
int cl_import_write(FILE *out, const struct cl_import *imp, enum cl_import_kind kind);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_IMPORT_H */
