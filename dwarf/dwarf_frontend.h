/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf_frontend.h - the DWARF front end: struct layouts of ELF objects,
 * shared libraries and executables (libdwarf) in the core layout model
 *
 * Struct, union and class definitions are converted into struct cl_record
 * exactly as the GCC plugin converts GCC's trees (plugin/convert.cc), so
 * that `cachelint dwarf --dump-layout` prints what the plugin's dump-layout
 * prints.  What DWARF does not say is derived the way the x86-64 System V
 * ABI lays records out (dwarf_types.c).
 *
 * Classes come from clang's btf_decl_tag("cachelint:…") annotations
 * (DW_TAG_LLVM_annotation children of members and records) and from access
 * profiles.  A binary holds the same struct once per compile unit that uses
 * it: each distinct layout (cl_record_fingerprint) is handed to the caller
 * once, copied out of the per-unit memory; the caller (core's pipeline)
 * applies the profile.  In an
 * executable or shared library, a definition whose structural key
 * (dwarf_shape.c) an earlier unit had is not even converted again, and
 * without dw_config.all neither is one that no annotation or profile
 * reaches.
 */
#ifndef CACHELINT_DWARF_FRONTEND_H
#define CACHELINT_DWARF_FRONTEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/access_profile.h"
#include "checks/analysis.h"
#include "model/layout.h"

struct dw_frontend;

/**
 * struct dw_stats - what a run has seen
 * @files: input files read
 * @units: compile and type units read
 * @units_total: units of .debug_info in the files read so far and the one
 *               being read, where they can be counted in place (else 0)
 * @record_dies: struct/union/class definitions met
 * @recognised: definitions left alone: their structural key was decided
 *              in an earlier unit, or nothing reaches them
 * @records: distinct layouts handed to the caller
 * @unconvertible: definitions without a fixed layout (variable-size
 *                 members, unknown member types), skipped like the plugin
 *                 skips them
 * @errors: errors in annotations reported through dw_config.error
 * @split_no_lines: units of split-DWARF .dwo files whose declarations name
 *                  files of a line table the .dwo does not hold (clang
 *                  writes no .debug_line.dwo: the names are in the
 *                  skeleton's table), so they have no file:line
 */
struct dw_stats {
	size_t files;
	size_t units;
	size_t units_total;
	size_t record_dies;
	size_t recognised;
	size_t records;
	size_t unconvertible;
	size_t errors;
	size_t split_no_lines;
};

/**
 * struct dw_config - what the caller wants
 * @profile: the access profiles, or NULL: a record they reach is worth
 *           loading (they are applied by the caller)
 * @no_groups: the kernel's cacheline group markers do not make a record
 *             worth loading (--cacheline-groups off)
 * @all: hand out every distinct layout (--dump-layout); otherwise only
 *       those that an annotation or the profile reaches, since the others
 *       have nothing to analyse (and are not even converted)
 * @types: spell member types ("struct inner *") for layout views
 * @only: convert only records of this name (tag or typedef name) and what
 *        they embed; NULL for all
 * @record: called once per distinct layout, in the order of first
 *          appearance; @rec lives until dw_frontend_free()
 * @variable: called for each definition of a __per_thread array (a unit's
 *            after its records), or NULL; @v's strings and element record
 *            live until dw_frontend_free(), @v itself only for the call
 * @error: called for an error in an input that is not fatal to the file
 *         (a contradictory annotation); the run ends with status 2
 * @note: called for what the reader leaves out and why (a C++ virtual
 *        base it cannot place), once per place and message; or NULL
 * @progress: called after each unit, or NULL
 * @data: passed to the callbacks
 * @track_allocations: let libdwarf track every allocation so that
 *                     dwarf_finish() frees what a failed unit still held
 *                     (slower; the fuzzer uses it to hunt leaks)
 * @jobs: threads that read the units of a linked file in place ahead of
 *        the walk (structural keys); 0 or 1: none.  The records, their
 *        order and every count are the same whatever the number.
 * @reference: read every DIE of every file through libdwarf and its own
 *             ELF reader, as a relocatable object is read: no reading in
 *             place, no structural keys.  The reference that the fast
 *             paths are checked against (slower); the records are the same.
 */
struct dw_config {
	const struct cl_profile *profile;
	bool no_groups;
	bool all;
	bool types;
	const char *only;
	void (*record)(void *data, struct cl_record *rec);
	void (*variable)(void *data, const struct cl_variable *v);
	void (*error)(void *data, const struct cl_diag *diag);
	void (*note)(void *data, const struct cl_diag *diag);
	void (*progress)(void *data, const char *file, const struct dw_stats *st);
	void *data;
	bool track_allocations;
	unsigned jobs;
	bool reference;
};

/* Most threads dw_config.jobs may ask for. */
#define DW_JOBS_MAX 64

struct dw_frontend *dw_frontend_new(const struct dw_config *cfg);
/*
 * Read one file.  0, or -1 with @err naming the file (missing, not ELF,
 * truncated, no DWARF, split-DWARF skeleton, corrupt DWARF).  Records of a
 * file that fails half-way may already have been handed to the caller.
 */
int dw_frontend_read(struct dw_frontend *fe, const char *path, struct cl_diag *err);
const struct dw_stats *dw_frontend_stats(const struct dw_frontend *fe);
void dw_frontend_free(struct dw_frontend *fe);

#endif /* CACHELINT_DWARF_FRONTEND_H */
