// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * contention_report.c - `cachelint report`: the most contended lines of a
 * profile's contention: section, as perf c2c report lists cache lines
 *
 *   #1  ~45,157 transfers/s  100% true  struct _stritem, line at +0 of 4,000 objects (slabs.c:171)
 *       376 samples, 0.012 s .. 10.2 s
 *       worker_libevent (4 threads): 1,234 reads, 567 writes; reads nkey, exptime; writes refcount
 *       finding: cachelint-true-sharing on refcount (4 writers)
 *
 * One ranking for every struct and variable of the profile, by weight
 * (false + true), whatever measured it (libcachelint-rt's estimate, perf
 * c2c's HITMs: each line says which).  A line's finding is what the lint
 * or the plugin reports from the same evidence (the floor of
 * contention.h): the struct's heavy pairs, its heavy true sharing, its
 * lines shared between objects; "none" when nothing passes.  An entry that
 * gives no lines: (perf c2c's import, a profile written by hand) is ranked
 * as a whole, by its own weights: the lint finds in it what its pairs,
 * shared members and between say, so it is evidence too.  A profile the
 * static tier wrote (`cachelint infer`) has no lines: its structs follow,
 * in their rank (static_report.c).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile/access_profile.h"
#include "contention_report.h"
#include "emit.h"
#include "emit_common.h"
#include "model/names.h"
#include "report.h"
#include "static_report.h"

/**
 * struct ranked - one line of one entry, or an entry without lines, as ranked
 * @e: the entry
 * @l: the line, or NULL: @e gives no lines: and stands as a whole
 * @wf, @wt: its false and true sharing
 * @weight: @wf + @wt, at most 2^64-1 (what it is ranked by)
 */
struct ranked {
	const struct cl_contention_entry *e;
	const struct cl_contention_line *l;
	uint64_t wf, wt, weight;
};

static int64_t ranked_offset(const struct ranked *r)
{
	return r->l ? r->l->offset : INT64_MIN;
}

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	int c;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	c = strcmp(x->e->name, y->e->name);
	if (c)
		return c;
	return ranked_offset(x) < ranked_offset(y) ? -1 : ranked_offset(x) > ranked_offset(y);
}

static void ranked_set(struct ranked *r, const struct cl_contention_entry *e,
		       const struct cl_contention_line *l)
{
	r->e = e;
	r->l = l;
	r->wf = l ? l->weight_false : e->weight_false;
	r->wt = l ? l->weight_true : e->weight_true;
	r->weight = r->wf > UINT64_MAX - r->wt ? UINT64_MAX : r->wf + r->wt;
}

/* An entry with no lines: but evidence the checks read. */
static bool entry_whole(const struct cl_contention_entry *e)
{
	return !e->nlines && (e->weight_false || e->weight_true || e->npairs || e->nshared ||
			      e->between.present);
}

/* Every entry's lines (or the entry, without lines:), heaviest first. */
static struct ranked *rank(const struct cl_profile *p, size_t *n)
{
	struct ranked *v = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t i = 0; i < p->contention.n; i++) {
		const struct cl_contention_entry *e = &p->contention.entries[i];

		for (size_t k = 0; k < e->nlines; k++)
			ranked_set(cl_vec_push(&v, n, &cap), e, &e->lines[k]);
		if (entry_whole(e))
			ranked_set(cl_vec_push(&v, n, &cap), e, NULL);
	}
	if (*n)
		qsort(v, *n, sizeof(*v), ranked_cmp);
	return v;
}

static const char *object_words(const struct cl_contention_entry *e, struct cl_arena *a)
{
	return e->variable ? cl_arena_printf(a, "variable %s", e->name) :
			     cl_arena_printf(a, "struct %s", e->name);
}

/* What a line's count of objects counts: objects of a struct, elements of a variable. */
static const char *unit_words(const struct cl_contention_entry *e, uint64_t n)
{
	if (e->variable)
		return n == 1 ? "element" : "elements";
	return n == 1 ? "object" : "objects";
}

/* "slabs.c:171, static", or NULL */
static const char *alloc_words(const struct cl_contention_entry *e, struct cl_arena *a)
{
	const char *s = NULL;

	/* the text report goes to a terminal or a CI log: nothing that does not print */
	for (uint32_t i = 0; i < e->nalloc; i++) {
		const char *site = cl_name_escape(a, e->alloc[i]);

		s = s ? cl_arena_printf(a, "%s, %s", s, site) : site;
	}
	return s;
}

static const char *list_words(const char **v, uint32_t n, struct cl_arena *a)
{
	const char *s = "";

	for (uint32_t i = 0; i < n; i++)
		s = cl_arena_printf(a, "%s%s%s", s, i ? ", " : "", v[i]);
	return s;
}

/*
 * What the analysis makes of the line's struct or variable: its findings
 * from this evidence, in words; "none" when nothing passes the floor.
 */
static const char *finding_words(const struct cl_profile *p, const struct cl_contention_entry *e,
				 struct cl_arena *a)
{
	const struct cl_contention_floor *fl = &p->thresholds.contention;
	const char *s = NULL;
	size_t pairs = 0;

	for (size_t i = 0; i < e->npairs; i++) {
		const struct cl_contention_pair *pr = &e->pairs[i];

		if (!cl_contention_heavy(e, pr->weight, pr->samples, fl))
			continue;
		/* a member against itself: its elements (idx[0] against idx[1]) */
		if (!strcmp(pr->write, pr->access))
			s = cl_arena_printf(a, "%s%scachelint-false-sharing-objects between elements of %s",
					    s ? s : "", s ? "; " : "", pr->write);
		else
			s = cl_arena_printf(a, "%s%s%s written against %s", s ? s : "",
					    pairs++ ? "; " : s ? "; false sharing of " :
					    "false sharing of ", pr->write, pr->access);
	}
	for (size_t i = 0; i < e->nshared; i++) {
		const struct cl_contention_shared *sh = &e->shared[i];
		const char *what = sh->member ? sh->member :
				   cl_arena_printf(a, "element %" PRIu64, sh->element);

		if (sh->writers >= 2 && cl_contention_heavy(e, sh->weight, sh->samples, fl))
			s = cl_arena_printf(a, "%s%scachelint-true-sharing on %s (%" PRIu64 " writers)",
					    s ? s : "", s ? "; " : "", what, sh->writers);
	}
	if (e->between.present &&
	    cl_contention_heavy(e, e->between.weight_false, e->between.samples, fl))
		s = cl_arena_printf(a, "%s%scachelint-false-sharing-objects (%" PRIu64 " on a line)",
				    s ? s : "", s ? "; " : "", e->between.per_line);
	return s ? s : "none (under the floor)";
}

/*
 * @part of @part + @other, rounded.  Counts go to 2^64-1 (and a merge adds
 * them up): in 64 bits part * 100 wraps past 1.8e17, and the sum past 2^64.
 */
static unsigned percent(uint64_t part, uint64_t other)
{
	unsigned __int128 whole = (unsigned __int128)part + other;

	return whole ? (unsigned)(((unsigned __int128)part * 100 + whole / 2) / whole) : 0;
}

/* The objects (elements) of the line, or of the entry without lines. */
static uint64_t ranked_objects(const struct ranked *r)
{
	return r->l ? r->l->objects : r->e->variable ? r->e->elements : r->e->instances;
}

static uint64_t ranked_samples(const struct ranked *r)
{
	return r->l ? r->l->samples : r->e->samples;
}

/*
 * "struct ring, line at +0 of 4 objects (slabs.c:171)"; an entry without
 * lines: is the whole of its objects: "struct ring, no lines given, 4 objects".
 */
static const char *place_words(const struct ranked *r, struct cl_arena *a)
{
	const struct cl_contention_entry *e = r->e;
	const char *alloc = alloc_words(e, a);
	uint64_t n = ranked_objects(r);
	const char *where = r->l ? cl_arena_printf(a, "line at %+" PRId64 " of", r->l->offset) :
			    "no lines given (the entry as a whole),";

	return cl_arena_printf(a, "%s, %s %" PRIu64 " %s%s%s%s", object_words(e, a), where, n,
			       unit_words(e, n), alloc ? " (" : "", alloc ? alloc : "",
			       alloc ? ")" : "");
}

/* ------------------------------------------------------------------ */
/* text                                                                 */

static void text_line(FILE *out, const struct cl_profile *p, const struct ranked *r,
		      size_t rank_no, struct cl_arena *a)
{
	const struct cl_contention_entry *e = r->e;
	const struct cl_contention_line *l = r->l;
	const char *rates = cl_contention_rates_text(e, (double)r->wf + (double)r->wt, a);

	fprintf(out, "#%zu  %s  %u%% false, %u%% true  %s\n", rank_no,
		cl_contention_weights_text(e, r->wf, r->wt, a), percent(r->wf, r->wt),
		percent(r->wt, r->wf), place_words(r, a));
	if (rates)
		fprintf(out, "    %s\n", rates);
	if (!l) {
		fprintf(out, "    %" PRIu64 " samples\n", e->samples);
		fprintf(out, "    finding: %s\n", finding_words(p, e, a));
		return;
	}
	fprintf(out, "    %" PRIu64 " samples, %.3f s .. %.3f s\n", l->samples, l->first, l->last);
	for (uint32_t k = 0; k < l->ntouch; k++) {
		const struct cl_contention_touch *t = &l->touch[k];

		fprintf(out, "    %s (%" PRIu64 " thread%s): %" PRIu64 " reads, %" PRIu64 " writes",
			t->path, t->threads, t->threads == 1 ? "" : "s", t->reads, t->writes);
		if (t->nread)
			fprintf(out, "; reads %s", list_words(t->read, t->nread, a));
		if (t->nwrite)
			fprintf(out, "; writes %s", list_words(t->write, t->nwrite, a));
		fputc('\n', out);
	}
	fprintf(out, "    finding: %s\n", finding_words(p, e, a));
}

static void text_report(FILE *out, const struct cl_profile *p, const struct ranked *v, size_t n,
			size_t top, const char *name, struct cl_arena *a)
{
	const struct cl_contention_header *h = n ? v[0].e->hdr : NULL;

	if (!n) {
		if (!cl_static_report_count(p))
			fprintf(out, "%s: no contention evidence (no contention: entry with lines, "
				"weights or pairs)\n", name);
		return;
	}
	fprintf(out, "%s: the %zu most contended line%s of %zu (%s, %s%s)\n\n", name,
		n < top ? n : top, (n < top ? n : top) == 1 ? "" : "s", n, h->source,
		h->measure == CL_MEASURE_HITM ? "HITM samples" : "transfers estimated",
		h->seconds > 0 ? cl_arena_printf(a, ", %.2f s", h->seconds) : "");
	for (size_t i = 0; i < n && i < top; i++)
		text_line(out, p, &v[i], i + 1, a);
}

/* ------------------------------------------------------------------ */
/* json                                                                 */

static void json_list(FILE *out, const char *key, const char **v, uint32_t n)
{
	fprintf(out, ", \"%s\": [", key);
	for (uint32_t i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		cl_put_quoted(out, v[i]);
	}
	fputs("]", out);
}

static void json_report(FILE *out, const struct cl_profile *p, const struct ranked *v, size_t n,
			size_t top, struct cl_arena *a)
{
	fputs("{\"lines\": [", out);
	for (size_t i = 0; i < n && i < top; i++) {
		const struct cl_contention_entry *e = v[i].e;
		const struct cl_contention_line *l = v[i].l;
		const struct cl_contention_header *h = e->hdr;
		double w = (double)v[i].wf + (double)v[i].wt;

		fprintf(out, "%s\n  {\"rank\": %zu, \"%s\": ", i ? "," : "", i + 1,
			e->variable ? "variable" : "struct");
		cl_put_quoted(out, e->name);
		/* an entry without lines: has no offset and no times: null */
		if (l)
			fprintf(out, ", \"offset\": %" PRId64, l->offset);
		else
			fputs(", \"offset\": null", out);
		fprintf(out, ", \"objects\": %" PRIu64
			", \"source\": \"%s\", \"measure\": \"%s\", \"false\": %" PRIu64
			", \"true\": %" PRIu64 ", \"per-second\": %.0f, \"samples\": %" PRIu64,
			ranked_objects(&v[i]), h->source,
			h->measure == CL_MEASURE_HITM ? "hitm" : "transfers", v[i].wf, v[i].wt,
			h->seconds > 0 ? w / h->seconds : 0.0, ranked_samples(&v[i]));
		/* rates per second of the threads' CPU time, and with a core each */
		if (e->cpu_seconds > 0)
			fprintf(out, ", \"per-cpu-second\": %.0f", w / e->cpu_seconds);
		if (e->core_seconds > 0)
			fprintf(out, ", \"own-core-per-second\": %.0f", w / e->core_seconds);
		if (l)
			fprintf(out, ", \"first\": %.6f, \"last\": %.6f", l->first, l->last);
		else
			fputs(", \"first\": null, \"last\": null", out);
		json_list(out, "alloc", e->alloc, e->nalloc);
		fputs(", \"touch\": [", out);
		for (uint32_t k = 0; l && k < l->ntouch; k++) {
			const struct cl_contention_touch *t = &l->touch[k];

			fprintf(out, "%s{\"path\": ", k ? ", " : "");
			cl_put_quoted(out, t->path);
			fprintf(out, ", \"threads\": %" PRIu64 ", \"reads\": %" PRIu64
				", \"writes\": %" PRIu64, t->threads, t->reads, t->writes);
			json_list(out, "read", t->read, t->nread);
			json_list(out, "write", t->write, t->nwrite);
			fputs("}", out);
		}
		fputs("], \"finding\": ", out);
		cl_put_quoted(out, finding_words(p, e, a));
		fputs("}", out);
	}
	fputs("\n]", out);
}

/* ------------------------------------------------------------------ */
/* html                                                                 */

static void html_report(FILE *out, const struct cl_profile *p, const struct ranked *v, size_t n,
			size_t top, const char *name, struct cl_arena *a)
{
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>cachelint report: ",
	      out);
	cl_put_html(out, name);
	fputs("</title>\n<style>body{font-family:sans-serif}table{border-collapse:collapse}"
	      "td,th{border:1px solid #ccc;padding:4px 8px;vertical-align:top}"
	      ".bar{background:#c33;height:8px}.t{background:#36c}</style></head><body>\n<h1>"
	      "The most contended lines of ", out);
	cl_put_html(out, name);
	fputs("</h1>\n<table>\n<tr><th>#</th><th>weight</th><th>false / true</th><th>object, line"
	      "</th><th>who touched it</th><th>finding</th></tr>\n", out);
	for (size_t i = 0; i < n && i < top; i++) {
		const struct cl_contention_entry *e = v[i].e;
		const struct cl_contention_line *l = v[i].l;
		unsigned pf = percent(v[i].wf, v[i].wt);

		fprintf(out, "<tr><td>%zu</td><td>", i + 1);
		cl_put_html(out, cl_contention_weights_text(e, v[i].wf, v[i].wt, a));
		fprintf(out, "<br>%" PRIu64 " samples</td><td><div class=\"bar\" style=\"width:%upx\">"
			"</div><div class=\"bar t\" style=\"width:%upx\"></div>%u%% / %u%%</td><td>",
			ranked_samples(&v[i]), pf, 100 - pf, pf, 100 - pf);
		cl_put_html(out, place_words(&v[i], a));
		fputs("</td><td>", out);
		for (uint32_t k = 0; l && k < l->ntouch; k++) {
			const struct cl_contention_touch *t = &l->touch[k];

			cl_put_html(out, cl_arena_printf(a, "%s%s (%" PRIu64 "): %" PRIu64 " r, %" PRIu64
							 " w; reads %s; writes %s",
							 k ? "\n" : "", t->path, t->threads, t->reads,
							 t->writes, list_words(t->read, t->nread, a),
							 list_words(t->write, t->nwrite, a)));
			fputs(k + 1 < l->ntouch ? "<br>" : "", out);
		}
		fputs("</td><td>", out);
		cl_put_html(out, finding_words(p, e, a));
		fputs("</td></tr>\n", out);
	}
	fputs("</table>\n", out);
	if (cl_static_report_count(p))
		cl_static_report_html(out, p, top);
	fputs("</body></html>\n", out);
}

int cl_contention_report(FILE *out, const struct cl_profile *p, enum cl_format format,
			 size_t top, const char *name)
{
	struct cl_arena a;
	size_t n;
	struct ranked *v = rank(p, &n);

	cl_arena_init(&a);
	if (format == CL_FORMAT_JSON) {
		json_report(out, p, v, n, top, &a);
		if (cl_static_report_count(p)) {
			fputs(", ", out);
			cl_static_report_json(out, p, top);
		}
		fputs("}\n", out);
	} else if (format == CL_FORMAT_HTML) {
		html_report(out, p, v, n, top, name, &a);
	} else {
		text_report(out, p, v, n, top, name, &a);
		if (cl_static_report_count(p)) {
			fputs(n ? "\n" : "", out);
			cl_static_report_text(out, p, top, name);
		}
	}
	free(v);
	cl_arena_free(&a);
	return ferror(out) ? -1 : 0;
}
