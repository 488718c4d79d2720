// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench_perf.c - `cachelint bench --perf`: perf c2c recorded for each
 * layout's run and the HITMs of its report, or in one line why not
 */
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_cmd.h"

/* ---- perf c2c ------------------------------------------------------ */

/* The first line of what @o says, else of @e, else "nothing". */
static const char *bench_first_line(const struct bench_output *o, const struct bench_output *e,
			      struct cl_arena *a)
{
	const char *s = o->text && *o->text ? o->text : e->text && *e->text ? e->text : NULL;

	if (!s)
		return "it printed nothing";
	while (*s == '\n')
		s++;
	return cl_arena_printf(a, "'%.*s'", (int)strcspn(s, "\n"), s);
}

/*
 * NULL when perf c2c can record here (`perf c2c record -- true` does);
 * else, in one line, why not: no perf, or what perf said (on a machine
 * without PEBS, IBS or SPE: "failed: memory events not supported").
 */
const char *bench_perf_probe(struct cl_arena *a)
{
	const char *data = cl_arena_printf(a, "%s/probe.data", bench_tmp_dir());
	char *argv[] = { "perf", "c2c", "record", "-o", (char *)data, "--", "true", NULL };
	struct bench_output out = { 0 }, err = { 0 };
	const char *why = NULL;
	int rc = bench_tool(argv, &out, &err);

	if (rc == 127)
		why = "--perf skipped: no perf here ('perf' is not on PATH); the plain numbers follow";
	else if (rc)
		why = cl_arena_printf(a, "--perf skipped: perf c2c cannot record here (perf c2c "
				      "record -- true: %s, status %d); the plain numbers follow",
				      bench_first_line(&out, &err, a), rc);
	free(out.text);
	free(err.text);
	return why;
}

/* The HITMs of `perf c2c report --stdio`'s Trace Event Information; false if none. */
static bool report_hitm(const char *text, uint64_t *hitm)
{
	bool any = false;

	*hitm = 0;
	for (const char *line = text ? text : ""; *line;) {
		size_t n = strcspn(line, "\n");
		const char *colon = memchr(line, ':', n);
		unsigned long long v;

		if (colon && (strstr(line, "Load Local HITM") == line + strspn(line, " ") ||
			      strstr(line, "Load Remote HITM") == line + strspn(line, " ")) &&
		    sscanf(colon + 1, "%llu", &v) == 1) {
			*hitm += v;
			any = true;
		}
		line += n + (line[n] == '\n');
	}
	return any;
}

/*
 * `perf c2c record` of one round of layout @l alone (the program's third
 * argument), then `perf c2c report --stdio`: its HITMs into @hitm.  NULL,
 * or why not.
 */
static const char *perf_layout(const struct bench_plan *p, const struct bench_cmd *b,
			       const char *bin, size_t l, uint64_t *hitm, struct cl_arena *a)
{
	const char *data = cl_arena_printf(a, "%s/layout-%zu.data", bench_tmp_dir(), l);
	char *secs = cl_arena_printf(a, "%g", b->seconds), *which = cl_arena_printf(a, "%zu", l);
	char *rec[] = { "perf", "c2c", "record", "-o", (char *)data, "--", (char *)bin, secs,
			"1", which, NULL };
	char *rep[] = { "perf", "c2c", "report", "-i", (char *)data, "--stdio", NULL };
	struct bench_output out = { 0 }, err = { 0 };
	const char *why = NULL;
	int rc = bench_tool(rec, &out, &err);

	if (rc) {
		why = cl_arena_printf(a, "--perf: perf c2c record of layout %s failed (status %d: "
				      "%s)", p->layouts[l].name, rc, bench_first_line(&err, &out, a));
		goto out;
	}
	free(out.text);
	free(err.text);
	out = (struct bench_output){ 0 };
	err = (struct bench_output){ 0 };
	rc = bench_tool(rep, &out, &err);
	if (rc)
		why = cl_arena_printf(a, "--perf: perf c2c report of layout %s failed (status %d: "
				      "%s)", p->layouts[l].name, rc, bench_first_line(&err, &out, a));
	else if (!report_hitm(out.text, hitm))
		why = cl_arena_printf(a, "--perf: perf c2c report of layout %s has no 'Load Local "
				      "HITM' or 'Load Remote HITM' line", p->layouts[l].name);
out:
	free(out.text);
	free(err.text);
	return why;
}

/* Each layout's HITMs (malloc'ed), or NULL with @why. */
uint64_t *bench_perf_hitms(const struct bench_plan *p, const struct bench_cmd *b,
			    const char *bin, struct cl_arena *a, const char **why)
{
	uint64_t *h = calloc(p->nlayouts + 1, sizeof(*h));

	for (size_t l = 0; l < p->nlayouts && !*why && !bench_interrupted(); l++)
		if (l != AA)	/* the control is the original's code: not shown */
			*why = perf_layout(p, b, bin, l, &h[l], a);
	if (*why || bench_interrupted()) {
		free(h);
		return NULL;
	}
	return h;
}
