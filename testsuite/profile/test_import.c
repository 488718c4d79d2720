// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_import.c - the importers (core/import/): perf-typeoff,
 * perf-annotate-data-type, net-cachelines, and the profile they write
 *
 * Fixtures in the tools' exact formats are in testsuite/import/Inputs/ (the
 * lit suite runs them through the command and the plugin); corner cases are
 * written inline here.  The kernel's own net_cachelines tables are read
 * from the shared data folder next to the repository; where it is absent
 * those tests say so and are skipped.
 */
#define _GNU_SOURCE	/* open_memstream */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "access_map/access_map.h"
#include "profile/access_profile.h"
#include "model/paths.h"
#include "import/import.h"
#include "model/names.h"
#include "model/names.h"
#include "import/import_internal.h"

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

static char *fixture(const char *name, size_t *len)
{
	char path[1024];
	char *buf;

	snprintf(path, sizeof(path), "%s/%s", IMPORT_INPUTS, name);
	buf = read_file(path, len);
	if (!buf)
		fail_msg("cannot read fixture %s", path);
	return buf;
}

enum parser { TYPEOFF, ANNOTATE, NET };

static int run(struct cl_import *imp, enum parser p, const char *name, const char *text,
	       size_t len, enum cl_events ev, const char *st, struct cl_diag *err)
{
	memset(err, 0, sizeof(*err));
	switch (p) {
	case TYPEOFF:
		return cl_import_perf_typeoff(imp, name, text, len, ev, err);
	case ANNOTATE:
		return cl_import_perf_annotate(imp, name, text, len, ev, err);
	default:
		return cl_import_net_cachelines(imp, name, text, len, st, err);
	}
}

static void ok(struct cl_import *imp, enum parser p, const char *name, const char *text,
	       enum cl_events ev)
{
	struct cl_diag err;

	if (run(imp, p, name, text, strlen(text), ev, NULL, &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
}

static void ok_file(struct cl_import *imp, enum parser p, const char *fixture_name,
		    enum cl_events ev)
{
	size_t len;
	char *buf = fixture(fixture_name, &len);
	struct cl_diag err;

	if (run(imp, p, fixture_name, buf, len, ev, NULL, &err))
		fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
	free(buf);
}

/* Columns at 0, 9, 17, 37 and 57. */
#define NET_HEAD "Type     Name    fastpath_tx_access  fastpath_rx_access  Comments\n"

/* Fails at @line:@col with a message containing @msg, and changes nothing. */
static void fails(enum parser p, const char *text, enum cl_events ev, const char *st,
		  unsigned line, unsigned col, const char *msg)
{
	struct cl_import imp;
	struct cl_diag err;

	cl_import_init(&imp);
	ok(&imp, NET, "base.rst", NET_HEAD "..struct ..base\n"
	   "int      kept    read_mostly         -\n", CL_EVENTS_BY_NAME);
	assert_int_equal(run(&imp, p, "bad.txt", text, strlen(text), ev, st, &err), -1);
	if (err.line != line || err.col != col || !strstr(err.msg, msg))
		fail_msg("got %s:%u:%u: %s; expected %u:%u: ...%s...", err.file, err.line,
			 err.col, err.msg, line, col, msg);
	assert_string_equal(err.file, "bad.txt");
	/* The failed file added nothing: not a member, a source or a note. */
	assert_int_equal(imp.nstructs, 1);
	assert_int_equal(cl_import_count(&imp), 1);
	assert_int_equal(imp.said.nsources, 1);
	assert_int_equal(imp.said.nnotes, 0);
	cl_import_free(&imp);
}

/*
 * @text imports, with one warning at @line that says @msg, and leaves the
 * counts of @kind incomplete (CL_EVENTS_BY_NAME: both).
 */
static void warns(enum parser p, const char *text, enum cl_events ev, unsigned line,
		  const char *msg, enum cl_events kind)
{
	struct cl_import imp;
	struct cl_diag err;
	char at[32];

	cl_import_init(&imp);
	assert_int_equal(run(&imp, p, "cut.txt", text, strlen(text), ev, NULL, &err), 0);
	assert_int_equal(imp.said.nwarnings, 1);
	snprintf(at, sizeof(at), "cut.txt:%u: ", line);
	if (strncmp(imp.said.warnings[0], at, strlen(at)) || !strstr(imp.said.warnings[0], msg))
		fail_msg("got %s; expected %s...%s...", imp.said.warnings[0], at, msg);
	assert_int_equal(imp.said.loads_partial,
			 kind == CL_EVENTS_LOADS || kind == CL_EVENTS_BY_NAME);
	assert_int_equal(imp.said.stores_partial,
			 kind == CL_EVENTS_STORES || kind == CL_EVENTS_BY_NAME);
	cl_import_free(&imp);
}

static const struct cl_import_member *member(const struct cl_import *imp, const char *st,
					     const char *path)
{
	for (size_t i = 0; i < imp->nstructs; i++) {
		const struct cl_import_struct *s = &imp->structs[i];

		if (strcmp(s->name, st))
			continue;
		for (size_t j = 0; j < s->nmembers; j++)
			if (!strcmp(s->members[j].path, path))
				return &s->members[j];
	}
	fail_msg("no member %s.%s", st, path);
	return NULL;
}

static void counts(const struct cl_import *imp, const char *st, const char *path,
		   uint64_t reads, uint64_t writes)
{
	const struct cl_import_member *m = member(imp, st, path);

	if (m->reads != reads || m->writes != writes)
		fail_msg("%s.%s: {reads: %llu, writes: %llu}, expected {%llu, %llu}", st, path,
			 (unsigned long long)m->reads, (unsigned long long)m->writes,
			 (unsigned long long)reads, (unsigned long long)writes);
	assert_int_equal(m->cls, CL_CLASS_NONE);
}

static void has_class(const struct cl_import *imp, const char *st, const char *path,
		      enum cl_class cls)
{
	assert_int_equal(member(imp, st, path)->cls, cls);
}

/* The uses of tx and rx a table gave (R read, W written, "-" neither). */
static void has_uses(const struct cl_import *imp, const char *st, const char *path,
		     const char *tx, const char *rx)
{
	const struct cl_import_member *m = member(imp, st, path);
	const char *want[CL_IMPORT_NPATHS] = { tx, rx };

	assert_true(m->has_uses);
	for (size_t i = 0; i < CL_IMPORT_NPATHS; i++) {
		uint32_t u = 0;

		for (const char *c = want[i]; *c; c++)
			u |= *c == 'R' ? CL_USE_READ : *c == 'W' ? CL_USE_WRITE : 0;
		if (m->uses[i] != u)
			fail_msg("%s.%s on %s: uses %#x, want %s", st, path,
				 cl_import_path_name((enum cl_import_path)i), m->uses[i], want[i]);
	}
}

static bool has_member(const struct cl_import *imp, const char *st, const char *path)
{
	for (size_t i = 0; i < imp->nstructs; i++)
		for (size_t j = 0; !strcmp(imp->structs[i].name, st) &&
				   j < imp->structs[i].nmembers; j++)
			if (!strcmp(imp->structs[i].members[j].path, path))
				return true;
	return false;
}

static bool has_note(const struct cl_import *imp, const char *text)
{
	for (size_t i = 0; i < imp->said.nnotes; i++)
		if (strstr(imp->said.notes[i], text))
			return true;
	return false;
}

/* What the import writes, loaded back as a profile. */
static char *written(const struct cl_import *imp, enum cl_import_kind kind,
		     struct cl_profile *p)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct cl_diag err;

	assert_int_equal(cl_import_write(f, imp, kind), 0);
	fclose(f);
	cl_profile_init(p);
	if (cl_profile_load_buffer(p, "written.yaml", text, len, &err))
		fail_msg("written profile does not load: %u:%u: %s\n%s", err.line, err.col,
			 err.msg, text);
	return text;
}

static const struct cl_profile_member *profile_entry(const struct cl_profile *p,
						     const char *st, const char *path)
{
	const struct cl_profile_struct *s = cl_profile_find(p, st);

	assert_non_null(s);
	for (size_t i = 0; i < s->nmembers; i++)
		if (!strcmp(s->members[i].path, path))
			return &s->members[i];
	fail_msg("profile has no %s.%s", st, path);
	return NULL;
}

static enum cl_class profile_class(const struct cl_profile *p, const char *st,
				   const char *path)
{
	return profile_entry(p, st, path)->access.cls;
}

/* ------------------------------------------------------------------ */
/* Shared pieces                                                        */
/* ------------------------------------------------------------------ */

static void test_event_kinds(void **state)
{
	(void)state;
	assert_int_equal(cl_import_event_kind("cpu/mem-loads,ldlat=30/P"), CL_EVENTS_LOADS);
	assert_int_equal(cl_import_event_kind("cpu_core/mem-loads,ldlat=3/P"), CL_EVENTS_LOADS);
	assert_int_equal(cl_import_event_kind("mem_inst_retired.all_loads"), CL_EVENTS_LOADS);
	assert_int_equal(cl_import_event_kind("mem-loads"), CL_EVENTS_LOADS);
	assert_int_equal(cl_import_event_kind("cpu/mem-stores/P"), CL_EVENTS_STORES);
	assert_int_equal(cl_import_event_kind("MEM_INST_RETIRED.ALL_STORES"), CL_EVENTS_STORES);
	assert_int_equal(cl_import_event_kind("L1-dcache-stores"), CL_EVENTS_STORES);
	assert_int_equal(cl_import_event_kind("dummy:u"), CL_EVENTS_IGNORED);
	assert_int_equal(cl_import_event_kind("ibs_op//"), CL_EVENTS_UNKNOWN);
	assert_int_equal(cl_import_event_kind("arm_spe_0//"), CL_EVENTS_UNKNOWN);
	assert_int_equal(cl_import_event_kind("cycles"), CL_EVENTS_UNKNOWN);
	/* Both words: which one is it? */
	assert_int_equal(cl_import_event_kind("loads-and-stores"), CL_EVENTS_UNKNOWN);
	/* Intel hybrid's auxiliary group leader samples nothing. */
	assert_int_equal(cl_import_event_kind("cpu_core/mem-loads-aux/"), CL_EVENTS_IGNORED);
	/* Arm SPE as perf mem record -t load / -t store configures it. */
	assert_int_equal(cl_import_event_kind("arm_spe_0/ts_enable=1,pa_enable=1,load_filter=1,"
					      "store_filter=0,min_latency=30/"), CL_EVENTS_LOADS);
	assert_int_equal(cl_import_event_kind("arm_spe_0/ts_enable=1,load_filter=0,"
					      "store_filter=1/"), CL_EVENTS_STORES);
	assert_int_equal(cl_import_event_kind("arm_spe_0/load_filter=1,store_filter=1/"),
			 CL_EVENTS_UNKNOWN);
	assert_int_equal(cl_import_event_kind("arm_spe_0/store_filter/"), CL_EVENTS_STORES);
	/* AMD IBS with load latency filtering samples loads only. */
	assert_int_equal(cl_import_event_kind("ibs_op/ldlat=128/"), CL_EVENTS_LOADS);
}

static void test_numbers(void **state)
{
	uint64_t v;

	(void)state;
	assert_true(imp_parse_offset("0x1f", 4, &v));
	assert_int_equal(v, 31);
	assert_true(imp_parse_offset("31", 2, &v));
	assert_int_equal(v, 31);
	assert_true(imp_parse_offset("0", 1, &v));
	assert_int_equal(v, 0);
	assert_false(imp_parse_offset("0x", 2, &v) && v != 0);
	assert_false(imp_parse_offset("0xg", 3, &v));
	assert_false(imp_parse_offset("0x10000000000000000", 19, &v));
	assert_false(imp_parse_u64("18446744073709551616", 20, &v));
	assert_true(imp_parse_u64("18446744073709551615", 20, &v));
	assert_false(imp_parse_u64("-1", 2, &v));
	/* 9.57% of 2958226, rounded to nearest. */
	assert_int_equal(imp_scale(957, 2958226, 10000), 283102);
	assert_int_equal(imp_scale(5, 1, 10), 1);
	assert_int_equal(imp_scale(4, 1, 10), 0);
	assert_int_equal(imp_scale(UINT64_MAX, 10000, 10000), UINT64_MAX);
	assert_int_equal(imp_scale(UINT64_MAX, UINT64_MAX, 1), UINT64_MAX);
	assert_int_equal(imp_scale(1, 1, 0), 0);
}

static void test_kind_names(void **state)
{
	(void)state;
	for (int k = 0; k < CL_IMPORT_KIND_COUNT; k++)
		assert_int_equal(cl_import_kind_lookup(cl_import_kind_name(k)), k);
	assert_int_equal(cl_import_kind_lookup("perf-c3c"), -1);
}

/* ------------------------------------------------------------------ */
/* perf-typeoff                                                         */
/* ------------------------------------------------------------------ */

static void test_typeoff_fixtures(void **state)
{
	struct cl_import flat, hier;
	struct cl_profile p;
	char *text;

	(void)state;
	cl_import_init(&flat);
	ok_file(&flat, TYPEOFF, "typeoff-loads.txt", CL_EVENTS_BY_NAME);
	ok_file(&flat, TYPEOFF, "typeoff-stores.txt", CL_EVENTS_BY_NAME);
	/* 21.40% of 2481652 load events, 62.33% of 1736040 store events. */
	counts(&flat, "page_counter", "usage.counter", 531074, 1082074);
	counts(&flat, "page_counter", "max", 279186, 0);
	counts(&flat, "page_counter", "watermark", 22087, 95656);
	counts(&flat, "page_counter", "failcnt", 0, 1042);
	counts(&flat, "task_struct", "rcu_read_lock_nesting", 43925, 20659);
	/* Pseudo types, base types and "()" are not members. */
	assert_int_equal(flat.nstructs, 2);
	assert_int_equal(cl_import_count(&flat), 9);
	assert_true(has_note(&flat, "left out 4 rows of types that are no struct"));
	assert_true(has_note(&flat, "left out 1 row without a field name"));
	assert_int_equal(flat.said.nsources, 2);
	assert_string_equal(flat.said.sources[0],
		"typeoff-loads.txt: event 'cpu/mem-loads,ldlat=30/P': reads, 1131882 of "
		"2481652 events on struct members");

	cl_import_init(&hier);
	ok_file(&hier, TYPEOFF, "typeoff-hierarchy.txt", CL_EVENTS_BY_NAME);
	for (size_t i = 0; i < flat.structs[0].nmembers; i++) {
		const struct cl_import_member *m = &flat.structs[0].members[i];

		counts(&hier, "page_counter", m->path, m->reads, m->writes);
		assert_int_equal(member(&hier, "page_counter", m->path)->offset, m->offset);
	}
	assert_int_equal(cl_import_count(&hier), 9);

	/* Offsets order the members; the classes follow from the counts. */
	text = written(&flat, CL_IMPORT_PERF_TYPEOFF, &p);
	assert_non_null(strstr(text, "  page_counter:\n    usage.counter: {reads: 531074, "
				     "writes: 1082074}\n    min: {reads: 2978, writes: 0}\n"));
	assert_int_equal(profile_class(&p, "page_counter", "max"), CL_CLASS_READ_MOSTLY);
	assert_int_equal(profile_class(&p, "page_counter", "high"), CL_CLASS_COLD);
	assert_int_equal(profile_class(&p, "page_counter", "watermark"), CL_CLASS_WRITE_HOT);
	assert_int_equal(profile_class(&p, "page_counter", "failcnt"), CL_CLASS_COLD);
	free(text);
	cl_profile_free(&p);
	cl_import_free(&flat);
	cl_import_free(&hier);
}

#define PERF_HEAD "# Samples: 1K of event 'cpu/mem-loads,ldlat=30/P'\n" \
		  "# Event count (approx.): 10000\n#\n"

/* -n and --show-total-period: the Period column is the count when present. */
static void test_typeoff_columns(void **state)
{
	struct cl_import imp;

	(void)state;
	cl_import_init(&imp);
	ok(&imp, TYPEOFF, "period.txt", PERF_HEAD
	   "# Overhead  Samples  Period  Data Type Offset\n"
	   "# ........  .......  ......  ................\n#\n"
	   "    60.00%       12    6001  struct s +0 (a)\n"
	   "    40.00%        8    3999  struct s +0x8 (b)\n", CL_EVENTS_BY_NAME);
	counts(&imp, "s", "a", 6001, 0);
	counts(&imp, "s", "b", 3999, 0);
	/* Samples alone, without an event count: samples. */
	ok(&imp, TYPEOFF, "samples.txt",
	   "# Samples: 1K of event 'cpu/mem-stores/P'\n#\n"
	   "# Overhead  Samples  Data Type Offset\n#\n"
	   "    60.00%       12  struct s +0 (a)\n"
	   "    40.00%        8  struct s +8 (b)\n", CL_EVENTS_BY_NAME);
	counts(&imp, "s", "a", 6001, 12);
	/* Typeoff before type, and other sort keys around it. */
	ok(&imp, TYPEOFF, "order.txt", PERF_HEAD
	   "# Overhead  Data Type Offset  Data Type  Symbol\n#\n"
	   "    50.00%  union u +4 (x.y)  union u  [k] do_it\n"
	   "    25.00%  atomic_t +0 (counter)  atomic_t  [k] do_it\n"
	   "    25.00%  int +0 (some_global)  int  [k] do_it\n", CL_EVENTS_BY_NAME);
	counts(&imp, "u", "x.y", 5000, 0);
	counts(&imp, "atomic_t", "counter", 2500, 0);
	assert_false(has_member(&imp, "int", "some_global"));
	cl_import_free(&imp);
}

/* The same member at several offsets, and call-graph lines under rows. */
static void test_typeoff_sums(void **state)
{
	struct cl_import imp;

	(void)state;
	cl_import_init(&imp);
	ok(&imp, TYPEOFF, "sum.txt", PERF_HEAD
	   "# Overhead  Data Type Offset\n#\n"
	   "    30.00%  struct s +0x10 (lock.val)\n"
	   "            |\n"
	   "            ---do_it\n"
	   "    20.00%  struct s +0x12 (lock.val)\n"
	   "    50.00%  struct s +8 (b)\n"
	   "     0.00%  struct s +0x18 (never)\n", CL_EVENTS_BY_NAME);
	counts(&imp, "s", "lock.val", 5000, 0);
	assert_int_equal(member(&imp, "s", "lock.val")->offset, 16);
	/* A row that stands for no event adds no member. */
	assert_false(has_member(&imp, "s", "never"));
	cl_import_free(&imp);
}

/* A dummy event's section counts nothing; --loads and --stores decide all. */
static void test_typeoff_events(void **state)
{
	struct cl_import imp;

	(void)state;
	cl_import_init(&imp);
	ok(&imp, TYPEOFF, "dummy.txt",
	   "# Samples: 0  of event 'dummy:u'\n# Event count (approx.): 100\n#\n"
	   "# Overhead  Data Type Offset\n#\n"
	   "   100.00%  struct s +0 (a)\n", CL_EVENTS_BY_NAME);
	assert_int_equal(cl_import_count(&imp), 0);
	ok(&imp, TYPEOFF, "forced.txt",
	   "# Samples: 1K of event 'cpu/mem-loads,ldlat=30/P'\n# Event count (approx.): 100\n#\n"
	   "# Overhead  Data Type Offset\n#\n"
	   "   100.00%  struct s +0 (a)\n", CL_EVENTS_STORES);
	counts(&imp, "s", "a", 0, 100);
	/* No "# Samples" line at all (perf report -q): the caller says. */
	ok(&imp, TYPEOFF, "quiet.txt",
	   "# Overhead  Period  Data Type Offset\n"
	   "   100.00%      77  struct s +0 (a)\n", CL_EVENTS_LOADS);
	counts(&imp, "s", "a", 77, 100);
	cl_import_free(&imp);
}

static void test_typeoff_errors(void **state)
{
	(void)state;
	fails(TYPEOFF, "# Samples: 1K of events 'mem-loads, cycles'\n# Event count (approx.): 5\n"
	      "# Overhead  Data Type Offset\n   50.00%  50.00%  struct s +0 (a)\n",
	      CL_EVENTS_BY_NAME, NULL, 1, 0, "event 'cycles' does not tell loads from stores");
	fails(TYPEOFF, "# Samples: 1K of events 'mem-loads, mem-stores'\n# Event count (approx.): 5\n"
	      "# Overhead  Data Type Offset\n   50.00%  struct s +0 (a)\n",
	      CL_EVENTS_BY_NAME, NULL, 4, 12, "expected a value for column Overhead, found 'struct'");
	fails(TYPEOFF, "# Samples: 1K of event 'cycles'\n# Event count (approx.): 5\n"
	      "# Overhead  Data Type Offset\n   100.00%  struct s +0 (a)\n",
	      CL_EVENTS_BY_NAME, NULL, 1, 0, "event 'cycles' does not tell loads from stores");
	fails(TYPEOFF, "# Overhead  Period  Data Type Offset\n   100.00%      77  struct s +0 (a)\n",
	      CL_EVENTS_BY_NAME, NULL, 2, 0, "cannot tell loads from stores");
	fails(TYPEOFF, "# Samples: 1K of event 'mem-loads'\n# Overhead  Data Type Offset\n"
	      "   100.00%  struct s +0 (a)\n", CL_EVENTS_BY_NAME, NULL, 3, 0,
	      "no '# Event count' line");
	fails(TYPEOFF, PERF_HEAD "# Overhead  Data Type Offset\n    10.0x%  struct s +0 (a)\n",
	      CL_EVENTS_BY_NAME, NULL, 5, 5, "expected a value for column Overhead, found '10.0x%'");
	fails(TYPEOFF, PERF_HEAD "# Overhead  Data Type Offset\n    10.00%  struct s (a)\n",
	      CL_EVENTS_BY_NAME, NULL, 5, 13, "expected 'TYPE +OFFSET (FIELD)'");
	fails(TYPEOFF, PERF_HEAD "# Overhead  Data Type Offset\n    10.00%\n",
	      CL_EVENTS_BY_NAME, NULL, 5, 11, "expected 'TYPE +OFFSET (FIELD)'");
	fails(TYPEOFF, "# Event count (approx.): lots\n", CL_EVENTS_BY_NAME, NULL, 1, 26,
	      "invalid event count 'lots'");
	fails(TYPEOFF, "# Overhead  Symbol\n", CL_EVENTS_BY_NAME, NULL, 1, 1,
	      "not sorted by data type offset");
	fails(TYPEOFF, "    10.00%  struct s +0 (a)\n", CL_EVENTS_BY_NAME, NULL, 1, 5,
	      "a row before any column header");
	fails(TYPEOFF, "", CL_EVENTS_BY_NAME, NULL, 0, 0, "no 'Data Type Offset' column");
	fails(TYPEOFF, "cachelint-profile: 1\n", CL_EVENTS_BY_NAME, NULL, 1, 1,
	      "a row before any column header");
}

/* ------------------------------------------------------------------ */
/* perf-annotate-data-type                                              */
/* ------------------------------------------------------------------ */

static void test_annotate_fixtures(void **state)
{
	struct cl_import group, v68;

	(void)state;
	cl_import_init(&group);
	ok_file(&group, ANNOTATE, "annotate-group.txt", CL_EVENTS_BY_NAME);
	counts(&group, "page_counter", "usage.counter", 6634, 12466);
	counts(&group, "page_counter", "watermark", 276, 1102);
	counts(&group, "page_counter", "failcnt", 0, 12);
	/* Union members: the first with samples gets them, once. */
	counts(&group, "page", "lru.next", 861, 2);
	counts(&group, "page", "lru.prev", 3, 1);
	assert_false(has_member(&group, "page", "__filler"));
	assert_false(has_member(&group, "page", "mlock_count"));
	assert_false(has_member(&group, "page", "buddy_list.next"));
	counts(&group, "page", "_mapcount.counter", 20, 22);
	assert_int_equal(member(&group, "page", "memcg_data")->offset, 56);
	assert_int_equal(cl_import_count(&group), 15);
	assert_true(has_note(&group, "left out 1 table of types that are no struct or union"));

	cl_import_init(&v68);
	ok_file(&v68, ANNOTATE, "annotate-loads-6.8.txt", CL_EVENTS_LOADS);
	ok_file(&v68, ANNOTATE, "annotate-stores-6.8.txt", CL_EVENTS_STORES);
	for (size_t i = 0; i < v68.structs[0].nmembers; i++) {
		const struct cl_import_member *m = &v68.structs[0].members[i];

		counts(&group, "page_counter", m->path, m->reads, m->writes);
	}
	assert_int_equal(v68.structs[0].nmembers, 8);
	cl_import_free(&group);
	cl_import_free(&v68);
}

#define ANNOT_HEAD(type) "Annotate type: '" type "' in a.out (10 samples):\n" \
			 " event[0] = mem-loads\n event[1] = mem-stores\n" \
			 "==========\n" \
			 "                 Samples     offset       size  field\n"

/*
 * What perf's group descriptions and pasted text look like: every spelling
 * of a group, elision marks, spaces for tabs, indentation.
 */
static void test_pasted_text(void **state)
{
	static const char *const groups[] = {
		"{cpu/mem-loads,ldlat=30/P,cpu/mem-stores/P}",
		"anon group { cpu/mem-loads,ldlat=30/P, cpu/mem-stores/P }",
		"cpu/mem-loads,ldlat=30/P, cpu/mem-stores/P",
	};
	static const char *const elisions[] = { "...", "<snip>", "[...]", "[ snip ]", "\xe2\x80\xa6",
						"........" };
	struct cl_import imp;
	char text[512];

	(void)state;
	for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++) {
		cl_import_init(&imp);
		snprintf(text, sizeof(text), "  # Samples: 2K of events '%s'\n"
			 "  # Overhead       Samples  Data Type Offset\n"
			 "     50.00%%  25.00%%  30  10  struct s +0 (a)\n"
			 "     50.00%%  75.00%%  30  30  struct s +8 (b)\n", groups[i]);
		ok(&imp, TYPEOFF, "group.txt", text, CL_EVENTS_BY_NAME);
		counts(&imp, "s", "a", 30, 10);
		cl_import_free(&imp);
	}
	for (size_t i = 0; i < sizeof(elisions) / sizeof(elisions[0]); i++) {
		cl_import_init(&imp);
		snprintf(text, sizeof(text), "# Samples: 1K of event 'mem-loads'\n"
			 "# Event count (approx.): 1000\n# Overhead  Data Type Offset\n"
			 "   10.00%%  struct s +0 (a)\n  %s\n   5.00%%  struct s +8 (b)\n",
			 elisions[i]);
		ok(&imp, TYPEOFF, "cut.txt", text, CL_EVENTS_BY_NAME);
		counts(&imp, "s", "a", 100, 0);
		counts(&imp, "s", "b", 50, 0);
		assert_true(has_note(&imp, "skipped 1 line marking rows cut out"));
		cl_import_free(&imp);
	}
	/* Spaces for tabs: "union"/"struct" alone are anonymous, never a path component. */
	cl_import_init(&imp);
	ok(&imp, ANNOTATE, "spaces.txt", ANNOT_HEAD("struct s")
	   "       4       1       0      0x10  struct s {\n"
	   "       4       1       0      0x10      union {\n"
	   "       4       1       0      0x10          struct list_head lru {\n"
	   "       4       1       0       0x8              struct list_head* next;\n"
	   "                                            };\n"
	   "                                        };\n"
	   "                                    };\n", CL_EVENTS_BY_NAME);
	counts(&imp, "s", "lru.next", 4, 1);
	assert_int_equal(cl_import_count(&imp), 1);
	/* Percent, one event: shares of the header's 10 samples. */
	ok(&imp, ANNOTATE, "pct.txt", "Annotate type: 'struct t' in a.out (10 samples):\n"
	   "=====\n Percent     offset       size  field\n"
	   "  100.00          0       0x10  struct t\t {\n"
	   "   70.00          0        0x8      long\ta;\n"
	   "   30.00        0x8        0x8      long\tb;\n"
	   "                                };\n", CL_EVENTS_STORES);
	counts(&imp, "t", "a", 0, 7);
	counts(&imp, "t", "b", 0, 3);
	cl_import_free(&imp);
}

static void test_annotate_shapes(void **state)
{
	struct cl_import imp;

	(void)state;
	cl_import_init(&imp);
	/* Period columns; a second table for the same type adds up. */
	ok(&imp, ANNOTATE, "period.txt",
	   "Annotate type: 'struct s' in a.out (10 samples):\n"
	   " event[0] = mem-loads\n event[1] = mem-stores\n==========\n"
	   "                         Period     offset       size  field\n"
	   "         500         100          0          8  struct s\t {\n"
	   "         500         100          0          8      struct {\t {\n"
	   "         500           0          0          4          int\ta;\n"
	   "           0         100          4          4          int\tb;\n"
	   "                                                    };\n"
	   "                                                };\n"
	   "\n"
	   "Annotate type: 'struct s' in libc.so.6 (1 samples):\n"
	   " event[0] = mem-loads\n event[1] = mem-stores\n==========\n"
	   "                         Period     offset       size  field\n"
	   "           7           0          0          8  struct s\t {\n"
	   "           7           0          0          4      int\ta;\n"
	   "                                                };\n", CL_EVENTS_BY_NAME);
	counts(&imp, "s", "a", 507, 0);
	counts(&imp, "s", "b", 0, 100);
	assert_true(strstr(imp.said.sources[0], "counted in events") != NULL);
	/* An enclosing member whose name is no identifier: no path (fuzzer find). */
	ok(&imp, ANNOTATE, "bad-name.txt",
	   "Annotate type: 'struct t' in a.out (10 samples):\n"
	   " event[0] = mem-loads\n event[1] = mem-stores\n==========\n"
	   "                         Period     offset       size  field\n"
	   "         500         100          0          8  struct t\t {\n"
	   "         500         100          0          8      struct x\tData Type Offsetx {\n"
	   "         500           0          0          4          int\ta;\n"
	   "                                                    };\n"
	   "                                                };\n", CL_EVENTS_BY_NAME);
	assert_int_equal(cl_import_count(&imp), 2);
	/* A type without members, and tables of types that are no struct. */
	ok(&imp, ANNOTATE, "base.txt", ANNOT_HEAD("int")
	   "       5       5       0          0          4  int\t;\n\n", CL_EVENTS_BY_NAME);
	assert_int_equal(cl_import_count(&imp), 2);
	assert_true(has_note(&imp, "base.txt: left out 1 table"));
	cl_import_free(&imp);
}

/* A table cut short imports what it lists, with a warning naming what is missing. */
static void test_annotate_cut(void **state)
{
	(void)state;
	warns(ANNOTATE, "Annotate type: 'struct s' in x (1 samples):\n====\n",
	      CL_EVENTS_LOADS, 2, "ends here, before its column header", CL_EVENTS_LOADS);
	warns(ANNOTATE, ANNOT_HEAD("struct s") "       1       1       0       16  struct s\t {\n"
	      "       1       1       0       8      long\tx;\n", CL_EVENTS_BY_NAME, 7,
	      "before the '};' that closes its type: the output was cut short; its members "
	      "not listed get no count", CL_EVENTS_BY_NAME);
}

static void test_annotate_errors(void **state)
{
	(void)state;
	fails(ANNOTATE, "Annotate type: 'struct s' (1 samples):\n", CL_EVENTS_LOADS, NULL, 1, 1,
	      "expected \"Annotate type: 'TYPE' in OBJECT");
	fails(ANNOTATE, "Annotate type: 'struct s' in x (1 samples):\n event[0] = cycles\n",
	      CL_EVENTS_BY_NAME, NULL, 2, 13, "event 'cycles' does not tell loads from stores");
	fails(ANNOTATE, "Annotate type: 'struct s' in x (1 samples):\nfoo\n",
	      CL_EVENTS_LOADS, NULL, 2, 1, "expected event lines or '===='");
	fails(ANNOTATE, "Annotate type: 'struct s' in x:\n====\n"
	      "    Percent     offset       size  field\n", CL_EVENTS_LOADS, NULL, 1, 1,
	      "a Percent column needs the table's sample total");
	fails(ANNOTATE, "Annotate type: 'struct s' in x (1 samples):\n====\n"
	      "    Weight     offset       size  field\n", CL_EVENTS_LOADS, NULL, 3, 5,
	      "expected a Percent, Samples or Period column, found 'Weight'");
	fails(ANNOTATE, "Annotate type: 'struct s' in x (1 samples):\n====\n"
	      "    samples     offset\n", CL_EVENTS_LOADS, NULL, 3, 0,
	      "expected the columns offset, size and field");
	fails(ANNOTATE, ANNOT_HEAD("struct s") "       1       2       0  struct s\t {\n",
	      CL_EVENTS_BY_NAME, NULL, 6, 27, "expected a number, found 'struct'");
	fails(ANNOTATE, ANNOT_HEAD("struct s") "       1       2       0       8  struct s\tx\n",
	      CL_EVENTS_BY_NAME, NULL, 6, 35, "expected 'TYPE<tab>NAME;'");
	/* Spaces for the tab: a lone word below the type's row has no type. */
	fails(ANNOTATE, ANNOT_HEAD("struct s") "       1       2       0       8  struct s {\n"
	      "       1       2       0       8      x;\n",
	      CL_EVENTS_BY_NAME, NULL, 7, 39, "expected 'TYPE NAME;'");
	fails(ANNOTATE, ANNOT_HEAD("struct s") "    };\n", CL_EVENTS_BY_NAME, NULL, 6, 5,
	      "'};' closes nothing");
	fails(ANNOTATE, "Annotate type: 'struct s' in x (1 samples):\n====\n"
	      "    samples     offset       size  field\n", CL_EVENTS_BY_NAME, NULL, 1, 0,
	      "names the events only with --group");
	fails(ANNOTATE, "Annotate type: 'struct s' in x (1 samples):\n event[0] = a = b\n",
	      CL_EVENTS_BY_NAME, NULL, 2, 13, "event 'a = b' does not tell");
	fails(ANNOTATE, "perf annotate: no samples\n", CL_EVENTS_LOADS, NULL, 0, 0,
	      "no 'Annotate type:' table");
}

/* ------------------------------------------------------------------ */
/* net-cachelines                                                       */
/* ------------------------------------------------------------------ */

static char *shared_table(const char *name, size_t *len)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/net_cachelines/%s", SHARED_DATA, name);
	return read_file(path, len);
}

static void test_net_kernel_tables(void **state)
{
	static const char *const files[] = {
		"inet_connection_sock.rst", "inet_sock.rst", "netns_ipv4_sysctl.rst",
	};
	struct cl_import imp;
	struct cl_profile p;
	struct cl_diag err;
	size_t len;
	char *text;

	(void)state;
	cl_import_init(&imp);
	for (size_t i = 0; i < 3; i++) {
		char *buf = shared_table(files[i], &len);

		if (!buf) {
			cl_import_free(&imp);
			print_message("%s/net_cachelines is absent: the kernel's tables are not "
				      "tested\n", SHARED_DATA);
			skip();
		}
		if (run(&imp, NET, files[i], buf, len, CL_EVENTS_BY_NAME, NULL, &err))
			fail_msg("%s:%u:%u: %s", err.file, err.line, err.col, err.msg);
		free(buf);
	}
	assert_int_equal(imp.nstructs, 3);
	/*
	 * read_mostly on both paths; read_write on tx; write_mostly on tx;
	 * '-' on both.  The folded class is kept for the summary.
	 */
	has_uses(&imp, "inet_connection_sock", "icsk_inet", "R", "R");
	has_class(&imp, "inet_connection_sock", "icsk_inet", CL_CLASS_READ_MOSTLY);
	has_uses(&imp, "inet_connection_sock", "icsk_rto", "RW", "");
	has_uses(&imp, "inet_connection_sock", "icsk_backoff", "W", "");
	has_class(&imp, "inet_connection_sock", "icsk_backoff", CL_CLASS_WRITE_HOT);
	has_uses(&imp, "inet_connection_sock", "icsk_rto_min", "", "");
	has_class(&imp, "inet_connection_sock", "icsk_rto_min", CL_CLASS_COLD);
	/* read_mostly on tx but written on rx. */
	has_uses(&imp, "inet_connection_sock", "icsk_ack.ato", "R", "W");
	/* Types like struct_icsk_ack_unsigned_long and struct_icsk_mtup_u32:31. */
	has_uses(&imp, "inet_connection_sock", "icsk_ack.timeout", "RW", "RW");
	has_uses(&imp, "inet_connection_sock", "icsk_mtup.probe_size", "RW", "");
	has_class(&imp, "inet_connection_sock", "icsk_ca_priv", CL_CLASS_COLD);
	assert_int_equal(imp.structs[0].nmembers, 41);
	/* The line each member came from, without the file's directory. */
	assert_string_equal(member(&imp, "inet_connection_sock", "icsk_rto")->from,
			    "inet_connection_sock.rst:17");
	/* The '..struct' row names inet_sock; its title says otherwise. */
	has_uses(&imp, "inet_sock", "sk", "R", "R");
	assert_int_equal(imp.structs[1].nmembers, 35);
	assert_true(has_note(&imp, "inet_sock.rst:5: the title names 'inet_connection_sock'"));
	/* Only a cell's position tells tx from rx; a size is no part of a name. */
	assert_string_equal(member(&imp, "netns_ipv4", "sysctl_ip_early_demux")->comment,
			    "tx (empty), rx read_mostly");
	has_uses(&imp, "netns_ipv4", "sysctl_ip_early_demux", "", "R");
	assert_string_equal(member(&imp, "netns_ipv4", "sysctl_ip_fwd_use_pmtu")->comment,
			    "tx read_mostly, rx (empty)");
	has_uses(&imp, "netns_ipv4", "sysctl_tcp_wmem", "R", "");
	assert_int_equal(imp.structs[2].nmembers, 18);
	assert_false(has_member(&imp, "netns_ipv4", "sysctl_ip_default_ttl"));
	assert_true(has_note(&imp, "left out 136 rows"));

	/* Written and loaded back: the paths, and where each entry came from. */
	text = written(&imp, CL_IMPORT_NET_CACHELINES, &p);
	{
		const struct cl_profile_member *e =
			profile_entry(&p, "inet_connection_sock", "icsk_ack.ato");
		struct cl_arena a;

		cl_arena_init(&a);
		assert_int_equal(e->access.cls, CL_CLASS_PATHS);
		assert_string_equal(cl_access_describe(&e->access, &a),
				    "read on tx; written on rx");
		assert_string_equal(e->from, "inet_connection_sock.rst:39");
		cl_arena_free(&a);
	}
	assert_int_equal(profile_class(&p, "inet_connection_sock", "icsk_rto_min"),
			 CL_CLASS_COLD);
	assert_non_null(strstr(text, "    icsk_rto: {read: [tx], write: [tx], "
				     "from: \"inet_connection_sock.rst:17\"}  # tx read_write, rx -\n"));
	free(text);
	cl_profile_free(&p);
	cl_import_free(&imp);
}

static void test_net_corner_cases(void **state)
{
	static const char given[] = NET_HEAD "int      x       read_mostly         -\n";
	struct cl_import imp;

	(void)state;
	cl_import_init(&imp);
	/* Tabs, CRLF, a repeated row (the uses of both stay), --struct. */
	ok(&imp, NET, "t.rst",
	   "s struct fast path usage breakdown\r\n"
	   NET_HEAD
	   "u32\t\ta\t-\t\tread_mostly\t\tx\r\n"
	   "u32      b       read_mostly         -                   y, with spaces\r\n"
	   "u32      b       -                   read_write          again\r\n"
	   "u32      c                                               only a comment\r\n"
	   "u8:1     d       write_mostly\r\n", CL_EVENTS_BY_NAME);
	ok(&imp, NET, "u.rst", "Type                     Name  fastpath_tx_access  fastpath_rx_access\n"
	   "..struct                 ..s\n"
	   "struct_k_unsigned_long   e     -                   -\n", CL_EVENTS_BY_NAME);
	has_uses(&imp, "s", "a", "", "R");
	has_uses(&imp, "s", "b", "R", "RW");
	has_class(&imp, "s", "b", CL_CLASS_WRITE_HOT);
	assert_string_equal(member(&imp, "s", "b")->comment, "tx -, rx read_write");
	assert_string_equal(member(&imp, "s", "b")->from, "t.rst:4");
	assert_true(has_note(&imp, "t.rst:5: 'b' repeats line 4; the uses of both are kept"));
	assert_false(has_member(&imp, "s", "c"));
	has_uses(&imp, "s", "d", "W", "");
	has_uses(&imp, "s", "k.e", "", "");
	has_class(&imp, "s", "k.e", CL_CLASS_COLD);
	cl_import_free(&imp);

	cl_import_init(&imp);
	assert_int_equal(cl_import_net_cachelines(&imp, "n.rst", given, strlen(given), "given",
						  &(struct cl_diag){ 0 }), 0);
	has_class(&imp, "given", "x", CL_CLASS_READ_MOSTLY);
	cl_import_free(&imp);
}

static void test_net_errors(void **state)
{
	(void)state;
	fails(NET, "t struct fast path usage breakdown\n" NET_HEAD "u32      a       read_often\n",
	      CL_EVENTS_BY_NAME, NULL, 3, 18, "unknown access 'read_often'");
	fails(NET, "t struct fast path usage breakdown\n" NET_HEAD "u32      a b\n",
	      CL_EVENTS_BY_NAME, NULL, 3, 12, "two values in the Name column");
	fails(NET, "t struct fast path usage breakdown\n" NET_HEAD
	      "u32      a       -   read_mostly\n", CL_EVENTS_BY_NAME, NULL, 3, 22,
	      "two values in the fastpath_tx_access column");
	fails(NET, "t struct fast path usage breakdown\n" NET_HEAD "u32      a-b     -\n",
	      CL_EVENTS_BY_NAME, NULL, 3, 10, "invalid member name 'a-b'");
	fails(NET, "t struct fast path usage breakdown\n" NET_HEAD "u32\n",
	      CL_EVENTS_BY_NAME, NULL, 3, 1, "the row has no member name");
	fails(NET, NET_HEAD "..struct ..s\n..struct ..t\n", CL_EVENTS_BY_NAME, NULL, 3, 1,
	      "a second '..struct' row (the first is at line 2)");
	fails(NET, NET_HEAD "..struct s\n", CL_EVENTS_BY_NAME, NULL, 2, 1,
	      "expected '..struct ..NAME'");
	fails(NET, NET_HEAD "u32      a       read_mostly\n", CL_EVENTS_BY_NAME, NULL, 1, 0,
	      "cannot tell which struct the table describes");
	fails(NET, NET_HEAD, CL_EVENTS_BY_NAME, "struct s", 0, 0, "invalid struct name 'struct s'");
	fails(NET, "Type Name tx rx\n", CL_EVENTS_BY_NAME, NULL, 0, 0, "not a net_cachelines table");
}

/* ------------------------------------------------------------------ */
/* The profile written                                                  */
/* ------------------------------------------------------------------ */

static void test_write(void **state)
{
	struct cl_import imp;
	struct cl_profile p;
	char *text;

	(void)state;
	cl_import_init(&imp);
	/* Names YAML 1.1 readers would take for booleans are quoted. */
	ok(&imp, NET, "y.rst", NET_HEAD "..struct ..on\n"
	   "int      null    read_mostly         -\n"
	   "int      off     read_write          -\n", CL_EVENTS_BY_NAME);
	text = written(&imp, CL_IMPORT_NET_CACHELINES, &p);
	assert_non_null(strstr(text, "  \"on\":\n    \"null\": {read: [tx], from: \"y.rst:3\"}"
				     "  # tx read_mostly, rx -\n"
				     "    \"off\": {read: [tx], write: [tx], from: \"y.rst:4\"}"));
	assert_int_equal(profile_class(&p, "on", "null"), CL_CLASS_PATHS);
	assert_non_null(strstr(text, "# Generated by `cachelint import net-cachelines` from:\n"
				     "#   y.rst: struct on: 1 only read, 1 written on tx or rx, 0 on neither\n"));
	free(text);
	cl_profile_free(&p);
	cl_import_free(&imp);

	/* A hostile file name, in the header comment and in from:, still loads. */
	cl_import_init(&imp);
	ok(&imp, NET, "x\"y: #z\n\xff\\.rst", NET_HEAD "..struct ..s\n"
	   "int      f       read_mostly         -\n", CL_EVENTS_BY_NAME);
	text = written(&imp, CL_IMPORT_NET_CACHELINES, &p);
	assert_int_equal(profile_class(&p, "s", "f"), CL_CLASS_PATHS);
	assert_non_null(strstr(text, "#   x\"y: #z??\\.rst: struct s:"));
	free(text);
	cl_profile_free(&p);
	cl_import_free(&imp);
}

/*
 * What a hostile input can reach in a profile: the sources and row text in
 * comments, from: (a file name) in full; keys are C names and paths (the
 * loader takes no other), YAML 1.1's words among them.  libyaml quotes
 * every scalar and each loads back as itself (a byte that is not UTF-8 as
 * the text \xNN, as names show it).  A key over 128 characters is written
 * "? key", as one over 1024 must be: no YAML reader takes it as a plain key.
 */
static void test_write_hostile(void **state)
{
	static const char *const names[] = {
		"on", "null", "y", "No", "\xc3\xa9t\xc3\xa9", "a.b", "_", NULL, NULL,
	};
	static const char *const from[] = {
		"x\"y: #z\n\\.rst:3", "- a", "#c", "'q'", "[f], {g}", "\xc3\xa9t\xc3\xa9:1",
		"tab\there", "a \xff.rst:1", "\x01:1",
	};
	enum { N = sizeof(names) / sizeof(names[0]) };
	struct cl_import_member m[N] = { 0 };
	struct cl_import_struct s = { .name = "\xc3\xa9t\xc3\xa9", .members = m, .nmembers = N };
	const char *sources[] = { "x\"y: #z\n\xff\\.rst: struct s" };
	struct cl_import imp;
	struct cl_profile p;
	struct cl_arena a;
	char *long_key = malloc(200), *longer_key = malloc(1100), *text;

	(void)state;
	assert_non_null(long_key);
	assert_non_null(longer_key);
	memset(long_key, 'k', 199);
	long_key[199] = '\0';
	memset(longer_key, 'l', 1099);
	longer_key[1099] = '\0';
	for (size_t i = 0; i < N; i++) {
		m[i].path = names[i] ? names[i] : i == N - 2 ? long_key : longer_key;
		m[i].comment = i % 2 ? "row \"3\"\n# x: y\xff" : NULL;
		m[i].has_uses = true;
		m[i].uses[CL_IMPORT_TX] = CL_USE_READ;
		m[i].uses[CL_IMPORT_RX] = i % 3 ? CL_USE_WRITE : 0;
		m[i].from = from[i];
	}
	cl_import_init(&imp);
	imp.structs = &s;
	imp.nstructs = 1;
	imp.said.sources = sources;
	imp.said.nsources = 1;
	cl_arena_init(&a);
	text = written(&imp, CL_IMPORT_NET_CACHELINES, &p);
	for (size_t i = 0; i < N; i++) {
		const struct cl_profile_member *e = profile_entry(&p, s.name, m[i].path);

		assert_int_equal(e->access.cls, CL_CLASS_PATHS);
		/* what does not print is written, and read back, as \xNN */
		assert_string_equal(e->from, cl_name_escape(&a, m[i].from));
	}
	assert_non_null(strstr(text, "#   x\"y: #z??\\.rst: struct s\n"));
	assert_non_null(strstr(text, "\n  \xc3\xa9t\xc3\xa9:\n    \"on\": {read: [tx], from: \"x\\\"y: #z\\\\x0a\\\\.rst:3\"}\n"
				     "    \"null\": {read: [tx], write: [rx], from: \"- a\"}  # row \"3\"?# x: y?\n"));
	assert_non_null(strstr(text, "\n    ? kkkk"));
	assert_non_null(strstr(text, "\n    ? llll"));
	cl_arena_free(&a);
	free(text);
	cl_profile_free(&p);
	imp.structs = NULL;
	imp.nstructs = 0;
	imp.said.sources = NULL;
	imp.said.nsources = 0;
	cl_import_free(&imp);
	free(long_key);
	free(longer_key);
}

/*
 * A role is a thread's start routine as the front end prints it: a C++
 * name has spaces and may have quotes, and nothing stops a byte that is a
 * TAB, a newline, a '\\' or a control character.  Written into field 10 of
 * an access map it is escaped as the other fields are, and read back as
 * itself; unescaped, a TAB made the line eleven fields and the map
 * unreadable.
 */
static void test_access_map_roles(void **state)
{
	static const char *const roles[] = {
		"run(int, char)", "say \"hi\"", "tab\there", "new\nline", "back\\slash",
		"ctl\x01", "worker+",
	};
	enum { N = sizeof(roles) / sizeof(roles[0]) };
	char path[] = "/tmp/cachelint-test-map-XXXXXX";
	struct cl_access_map m, back;
	struct cl_diag err;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	cl_access_map_init(&m, "/src");
	for (size_t i = 0; i < N; i++) {
		struct cl_access_line l = {
			.file = "a.c", .line = (unsigned)i + 1, .column = 3, .function = "f",
			.record = "s", .member = "m", .offset = 0, .size = 8,
			.kind = CL_ACCESS_WRITE, .facts = CL_FACT_ATOMIC, .roles = roles[i],
		};

		cl_access_map_add(&m, &l);
	}
	assert_int_equal(cl_access_map_save(&m, path), 0);
	cl_access_map_init(&back, "/src");
	memset(&err, 0, sizeof(err));
	if (cl_access_map_load(&back, path, &err))
		fail_msg("%s:%u: %s", err.file, err.line, err.msg);
	assert_int_equal(back.n, N);
	for (size_t i = 0; i < N; i++) {
		assert_int_equal(back.v[i].line, i + 1);
		assert_int_equal(back.v[i].facts, CL_FACT_ATOMIC);
		assert_string_equal(back.v[i].roles, roles[i]);
	}
	cl_access_map_free(&back);
	cl_access_map_free(&m);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_kinds),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_pasted_text),
		cmocka_unit_test(test_kind_names),
		cmocka_unit_test(test_typeoff_fixtures),
		cmocka_unit_test(test_typeoff_columns),
		cmocka_unit_test(test_typeoff_sums),
		cmocka_unit_test(test_typeoff_events),
		cmocka_unit_test(test_typeoff_errors),
		cmocka_unit_test(test_annotate_fixtures),
		cmocka_unit_test(test_annotate_shapes),
		cmocka_unit_test(test_annotate_cut),
		cmocka_unit_test(test_annotate_errors),
		cmocka_unit_test(test_net_kernel_tables),
		cmocka_unit_test(test_net_corner_cases),
		cmocka_unit_test(test_net_errors),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_write_hostile),
		cmocka_unit_test(test_access_map_roles),
	};

	return cmocka_run_group_tests_name("import", tests, NULL, NULL);
}
