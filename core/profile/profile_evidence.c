// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_evidence.c - what the rest of cachelint asks of a profile's
 * evidence, and the words its findings cite it in
 *
 * The sections are read, stored and layered in their own files
 * (profile_objects.c, contention_read.c); this file answers the
 * questions asked of them once they are: the checks' (does a pair of
 * leaves conflict, is an entry heavy enough, which pair or shared member
 * says so), the proposal's (the alignment the objects were seen at) and
 * the front ends' (does the profile name variables), and writes the
 * evidence into a finding's words: weights, rates, threads and source.
 */
#include "access_profile.h"
#include "model/paths.h"

#include <inttypes.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Records, variables, entries                                          */
/* ------------------------------------------------------------------ */

bool cl_record_has_evidence(const struct cl_record *rec)
{
	return rec->objects || rec->contention;
}

uint64_t cl_record_seen_align(const struct cl_record *rec)
{
	if (rec->contention)
		return rec->contention->base_align;
	return rec->objects ? rec->objects->base_align : 0;
}

bool cl_profile_has_variables(const struct cl_profile *p)
{
	return p && (p->objects.nvariables || p->contention.n);
}

bool cl_profile_names_variable(const struct cl_profile *p, const char *name)
{
	return p && (cl_objects_variable(p, name) || cl_contention_find(&p->contention, name, true));
}

bool cl_profile_has_entries(const struct cl_profile *p)
{
	return p && (p->nstructs || p->objects.nstructs || p->objects.nvariables ||
		     p->nbudgets || p->contention.n);
}

/* ------------------------------------------------------------------ */
/* Evidence per object                                                  */
/* ------------------------------------------------------------------ */

const struct cl_object_pair *cl_evidence_pair(const struct cl_record *rec,
					      const struct cl_leaf *a, const struct cl_leaf *b)
{
	if (!rec->objects || !a->path || !b->path)
		return NULL;
	return cl_objects_pair(rec->objects, a->path, b->path);
}

/*
 * "threads thread-1 and thread-2", "16 threads (thread-1, thread-2, ...)"
 * or NULL; built in one buffer (a list of 20,000 names printed into a new
 * string per name took 11 s).
 */
static const char *threads_list(uint64_t threads, const char **paths, uint32_t npaths,
				struct cl_arena *a)
{
	struct cl_strbuf b = { 0 };
	const char *s;

	for (uint32_t i = 0; i < npaths; i++)
		cl_strbuf_printf(&b, "%s%s", !i ? "" : i + 1 < npaths || threads > npaths ?
				 ", " : " and ", paths[i]);
	s = cl_strbuf_take(&b, a);
	if (!s)
		s = "";
	if (threads > npaths)
		return npaths ? cl_arena_printf(a, "%" PRIu64 " threads (%s, ...)", threads, s) :
				cl_arena_printf(a, "%" PRIu64 " threads", threads);
	if (npaths)
		return cl_arena_printf(a, "thread%s %s", npaths == 1 ? "" : "s", s);
	return NULL;
}

static const char *threads_text(const struct cl_object_pair *pr, struct cl_arena *a)
{
	return threads_list(pr->threads, pr->paths, pr->npaths, a);
}

static const char *sample_text(uint64_t sample, struct cl_arena *a)
{
	if (sample == 1)
		return "every access recorded; ";
	if (sample)
		return cl_arena_printf(a, "1 access in %" PRIu64 " sampled; ", sample);
	return "";
}

const char *cl_evidence_text(const struct cl_object_struct *os,
			     const struct cl_object_pair *pr, bool same, struct cl_arena *a)
{
	uint64_t n = same ? pr->same_written : pr->objects;
	const char *what, *threads = threads_text(pr, a);
	const char *objects = n ? cl_arena_printf(a, "%" PRIu64 " object%s", n, n == 1 ? "" : "s") :
				  "an object";

	if (same)
		what = cl_arena_printf(a, "two threads write the same bytes of '%s' on %s",
				       pr->write, objects);
	else if (!strcmp(pr->write, pr->access))
		what = cl_arena_printf(a, "'%s' written by one thread and accessed by another on %s",
				       pr->write, objects);
	else
		what = cl_arena_printf(a, "'%s' written by one thread and '%s' accessed by another on %s",
				       pr->write, pr->access, objects);
	return cl_arena_printf(a, "libcachelint-rt saw %s%s%s (%s%s)", what,
			       threads ? ", " : "", threads ? threads : "",
			       sample_text(os->sample, a), cl_span_where(&pr->span, a));
}

const char *cl_evidence_threads(uint64_t threads, const char **paths, uint32_t npaths,
				struct cl_arena *a)
{
	return threads_list(threads, paths, npaths, a);
}

const char *cl_evidence_source(uint64_t sample, const struct cl_span *span, struct cl_arena *a)
{
	return cl_arena_printf(a, "libcachelint-rt; %s%s", sample_text(sample, a),
			       cl_span_where(span, a));
}

/*
 * Per-type classes say a pair could share a line between threads; the
 * runtime's evidence per object says whether it ever did.  Both must hold:
 * the evidence filters, it does not invent conflicts the classes deny.
 */
bool cl_leaves_conflict(const struct cl_record *rec, const struct cl_leaf *w,
			const struct cl_leaf *v)
{
	/* what the lines cost at run time decides alone (layout.h, @conflicts) */
	if (rec->contention) {
		for (size_t i = 0; w->path && v->path && i < rec->nconflicts; i++)
			if (!strcmp(rec->conflicts[2 * i], w->path) &&
			    !strcmp(rec->conflicts[2 * i + 1], v->path))
				return true;
		return false;
	}
	if (!cl_paths_conflict(&w->access, &v->access))
		return false;
	return !rec->objects || cl_evidence_pair(rec, w, v);
}

/* ------------------------------------------------------------------ */
/* Contention evidence                                                  */
/* ------------------------------------------------------------------ */

bool cl_contention_heavy(const struct cl_contention_entry *e, uint64_t weight,
			 uint64_t samples, const struct cl_contention_floor *floor)
{
	const struct cl_contention_header *h = e->hdr;

	if (!weight || samples < floor->min_samples)
		return false;
	/*
	 * Weights per second of the threads' own CPU time are the program's;
	 * an absolute rate on them is the user's to ask for.  The share of
	 * the run's most contended line, the share of the accesses that moved
	 * a line and the samples decide: a run whose most contended line is a
	 * cold scan's has only the accesses to tell it is cold.
	 */
	if (h->measure == CL_MEASURE_TRANSFERS && e->cpu_seconds > 0) {
		if ((double)weight < CL_CONTENTION_MIN_PER_ACCESS * (double)e->accesses)
			return false;
		if (floor->transfers_set &&
		    (double)weight / e->cpu_seconds < (double)floor->min_transfers)
			return false;
	} else if (h->measure == CL_MEASURE_TRANSFERS &&
		   (h->seconds > 0 ? (double)weight / h->seconds : (double)weight) <
		   (double)floor->min_transfers) {
		return false;
	}
	return (double)weight * 100.0 >= floor->min_share * (double)h->top;
}

const struct cl_contention_pair *cl_contention_pair(const struct cl_contention_entry *e,
						    const char *a, const char *b)
{
	const struct cl_contention_pair *other = NULL;

	for (size_t i = 0; i < e->npairs; i++) {
		const struct cl_contention_pair *pr = &e->pairs[i];

		if (!strcmp(pr->write, a) && !strcmp(pr->access, b))
			return pr;
		if (!other && !strcmp(pr->write, b) && !strcmp(pr->access, a))
			other = pr;
	}
	return other;
}

const struct cl_contention_shared *cl_contention_shared_member(const struct cl_contention_entry *e,
							       const char *path)
{
	for (size_t i = 0; i < e->nshared; i++)
		if (e->shared[i].member && !strcmp(e->shared[i].member, path))
			return &e->shared[i];
	return NULL;
}

/* @digits with a comma every three: "12,345,678". */
static const char *grouped_digits(const char *digits, struct cl_arena *a)
{
	size_t n = strlen(digits), o = 0;
	char *out = cl_arena_alloc(a, n + n / 3 + 1);

	for (size_t i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = 0;
	return out;
}

/* @v, up to 2^65 - 2 (two counts added up), in decimal with commas. */
static const char *grouped(unsigned __int128 v, struct cl_arena *a)
{
	char digits[48], *d = digits + sizeof(digits) - 1;

	*d = 0;
	do {
		*--d = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v);
	return grouped_digits(d, a);
}

/*
 * A rate, rounded to a whole number: a double, since a count of up to
 * 2^64-1 over less than a second is past what 64 bits hold (converting
 * such a double to an integer is undefined, and gave 0).
 */
static const char *grouped_rate(double v, struct cl_arena *a)
{
	return grouped_digits(cl_arena_printf(a, "%.0f", v), a);
}

const char *cl_contention_weights_text(const struct cl_contention_entry *e, uint64_t w1,
				       uint64_t w2, struct cl_arena *a)
{
	const struct cl_contention_header *h = e->hdr;
	unsigned __int128 weight = (unsigned __int128)w1 + w2;

	if (h->measure == CL_MEASURE_HITM)
		return cl_arena_printf(a, "%s HITM sample%s", grouped(weight, a),
				       weight == 1 ? "" : "s");
	if (e->cpu_seconds > 0)
		return cl_arena_printf(a, "~%s transfers per CPU-second",
				       grouped_rate(((double)w1 + (double)w2) / e->cpu_seconds, a));
	if (h->seconds > 0)
		return cl_arena_printf(a, "~%s transfers/s",
				       grouped_rate(((double)w1 + (double)w2) / h->seconds, a));
	return cl_arena_printf(a, "~%s transfers", grouped(weight, a));
}

const char *cl_contention_weight_text(const struct cl_contention_entry *e, uint64_t weight,
				      struct cl_arena *a)
{
	return cl_contention_weights_text(e, weight, 0, a);
}

const char *cl_contention_rates_text(const struct cl_contention_entry *e, double weight,
				     struct cl_arena *a)
{
	const struct cl_contention_header *h = e->hdr;
	double total = (double)e->weight_false + (double)e->weight_true;
	const char *s;

	if (h->measure != CL_MEASURE_TRANSFERS || !(e->core_seconds > 0))
		return NULL;
	s = cl_arena_printf(a, "each thread on its own core: ~%s transfers/s",
			    grouped_rate(weight / e->core_seconds, a));
	/* the run's own count, in the weight's share of the entry's */
	if (h->seconds > 0 && total > 0)
		s = cl_arena_printf(a, "%s (observed: ~%s/s)", s,
				    grouped_rate(weight * (double)e->observed / total / h->seconds,
						 a));
	return s;
}

const char *cl_contention_source_text(const struct cl_contention_entry *e, uint64_t weight,
				      uint64_t samples, const struct cl_span *span,
				      struct cl_arena *a)
{
	const struct cl_contention_header *h = e->hdr;
	const char *how = "", *rates = cl_contention_rates_text(e, (double)weight, a);

	if (h->sample == 1)
		how = ", every access recorded";
	else if (h->sample)
		how = cl_arena_printf(a, ", 1 access in %" PRIu64 " sampled", h->sample);
	return cl_arena_printf(a, "%s sample%s; %s%s; %s%s%s", grouped(samples, a),
			       samples == 1 ? "" : "s", h->source, how, rates ? rates : "",
			       rates ? "; " : "", cl_span_where(span, a));
}

const char *cl_contention_who_text(const struct cl_contention_who *w, struct cl_arena *a)
{
	return cl_evidence_threads(w->threads, w->paths, w->npaths, a);
}
