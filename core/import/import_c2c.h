/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_c2c.h - `perf c2c report --stdio` read (import_c2c.c) and joined
 * to struct members through access maps (import_c2c_join.c)
 *
 * The parser keeps what the join needs of the report: its cache lines (the
 * Pareto's per-line totals, checked against the Shared Data Cache Line
 * Table and the Trace Event Information) and their rows, each with its
 * counts already turned from perf's percentages of the line into samples.
 */
#ifndef CACHELINT_IMPORT_C2C_H
#define CACHELINT_IMPORT_C2C_H

#include "access_map/access_map.h"
#include "profile/contention.h"
#include "import_internal.h"

/**
 * struct c2c_row - one row of the Shared Cache Line Distribution Pareto
 * @no: its line in the input
 * @cl: index of its cache line in struct c2c_report's @lines
 * @offset: the data's offset within the cache line
 * @hitm: HITM samples (local and remote); with peer display, peer snoops
 * @stores: store samples
 * @recs: records (loads and stores sampled), "Total records"
 * @cpus: "cpu cnt"
 * @pid: the process, valid if @has_pid (-c pid: a "Pid" column)
 * @tids, @ntids: the distinct threads of the row (-c tid: a "Tid" column), the
 *                rows of one code address that differ only by thread folded
 *                into one; none without that column
 * @iaddr: the code address, valid if @has_iaddr
 * @symoff: the code's offset in @sym, valid if @has_symoff ("[.] name+0x1c")
 * @sym: the function ("[.] name" without "[.] "), NULL if none
 * @kernel: perf marked the symbol "[k]"
 * @obj: the shared object, NULL if none
 * @src: "file.c:12" as perf printed it, NULL if the column is absent
 * @cut: the row stops before its Source:Line column (a posted row cut short)
 */
struct c2c_row {
	unsigned no;
	size_t cl;
	uint64_t offset, hitm, stores, recs, cpus, iaddr, symoff, pid;
	uint64_t *tids;
	size_t ntids;
	bool has_iaddr, has_symoff, has_pid, kernel, cut;
	const char *sym, *obj, *src;
};

/**
 * struct c2c_line - one cache line of the Pareto
 * @no: the line of its header in the input
 * @addr: its address
 */
struct c2c_line {
	unsigned no;
	uint64_t addr;
};

/**
 * struct c2c_report - what the join reads of a report
 * @lines, @nlines, @lines_cap: the cache lines
 * @rows, @nrows, @rows_cap: the rows, in the input's order
 * @line_size: 64, or 128 for --double-cl
 * @peer: the weights are peer snoops (Arm SPE), not HITMs
 * @records: "Total records" of the Trace Event Information, or the rows' sum
 * @cpus: the most CPUs of a row
 * @has_tid: the Pareto has a "Tid" column (-c tid, -c pid,tid)
 * @threads: the distinct Tids of all rows, if @has_tid
 */
struct c2c_report {
	struct c2c_line *lines;
	size_t nlines, lines_cap;
	struct c2c_row *rows;
	size_t nrows, rows_cap;
	uint64_t line_size;
	bool peer, has_tid;
	uint64_t records, cpus, threads;
};

int c2c_parse(struct imp_stage *st, const char *buf, size_t len, struct c2c_report *r);
/*
 * The rows of @rep to members through @m and @bin (NULL if none): rows for
 * the stage, evidence into @j.
 */
int c2c_join(struct imp_stage *st, const struct c2c_report *rep, const struct cl_access_map *m,
	     const struct cl_c2c_binaries *bin, struct cl_c2c *j);
void c2c_report_free(struct c2c_report *r);
/*
 * An access map indexed by source line, as the join reads it: made once
 * for many lookups (c2c_map_index_new(), freed by c2c_map_index_free()).
 */
struct c2c_map_index;
struct c2c_map_index *c2c_map_index_new(const struct cl_access_map *m);
void c2c_map_index_free(struct c2c_map_index *ix);
/*
 * The members the access map @ix gives row @r (its Source:Line, or @src
 * from a binary's line table; @code_why: why the binary gave none), as the
 * join finds them: NULL with *@v (malloc'd, *@n of them), or why none.
 */
const char *c2c_row_members(const struct c2c_map_index *ix, const struct c2c_row *r,
			    const char *src, const char *code_why,
			    const struct cl_access_line ***v, size_t *n);

#endif /* CACHELINT_IMPORT_C2C_H */
