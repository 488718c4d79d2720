// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_false_sharing_objects.c - cachelint-false-sharing-objects: elements
 * of one array, or objects of one type, each owned by one thread, that can
 * share a cache line
 *
 * The other checks look inside one object; this one looks between objects.
 * Two elements each written by its own thread on one line make the line
 * move between the threads on every write, as two fields would.  Statically
 * the owner is __per_thread (on the array or on the type); whether two
 * elements can meet on a line is the geometry of the stride and of the
 * alignment the declaration promises.  At run time libcachelint-rt says it
 * outright (a profile's objects: section): lines that held elements or
 * objects of different threads, one writing, and whether the threads
 * touched the same bytes (then it is true sharing, which no alignment
 * cures, and not this rule).  The note states the fix and what it costs,
 * since it is paid in memory for every element.
 */
#include "profile/access_profile.h"
#include "check.h"
#include "model/names.h"

#include <inttypes.h>
#include <string.h>

/* Lines looked at per placement: the pattern repeats well before. */
#define LINES_MAX 4096

static uint64_t round_up(uint64_t v, uint64_t to)
{
	return (v + to - 1) / to * to;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/*
 * The most elements (of @stride bytes, @n of them) that hold a byte of one
 * line, over every start relative to a line at @first plus a multiple of
 * @step (the alignment the declaration promises).
 */
static uint64_t per_line_max_from(uint64_t stride, uint64_t n, uint64_t first, uint64_t step,
				  unsigned line)
{
	uint64_t most = 0, period = stride / gcd(stride, line) + 1;

	if (!step || step > line)
		step = line;
	for (uint64_t j = 0; j < line / step; j++) {
		uint64_t o = (first + j * step) % line;
		uint64_t lines = (o + n * stride + line - 1) / line;

		if (lines > period)
			lines = period;
		if (lines > LINES_MAX)
			lines = LINES_MAX;
		for (uint64_t k = 0; k < lines; k++) {
			/* elements i with i*stride + o < (k+1)*line and (i+1)*stride + o > k*line */
			uint64_t lo = k * line > o ? (k * line - o) / stride : 0;
			uint64_t hi = ((k + 1) * line - o + stride - 1) / stride - 1;

			if (hi > n - 1)
				hi = n - 1;
			if (hi >= lo && hi - lo + 1 > most)
				most = hi - lo + 1;
		}
	}
	return most;
}

/* The same over every start the alignment @align allows. */
static uint64_t per_line_max(uint64_t stride, uint64_t n, uint64_t align, unsigned line)
{
	return per_line_max_from(stride, n, 0, align, line);
}

/* Whether elements of @size bytes starting @align-aligned can share a line. */
static bool may_share(uint64_t size, uint64_t align, unsigned line)
{
	return size && (size % line || align < line);
}

/* "24 -> 64 bytes per element, 16 elements: 384 -> 1024 bytes (+640)" */
static const char *cost_text(struct cl_arena *a, uint64_t size, uint64_t n, unsigned line,
			     const char *what)
{
	uint64_t to = round_up(size, line);

	if (n < 2)
		return cl_arena_printf(a, "%" PRIu64 " -> %" PRIu64 " bytes per %s", size, to,
				       what);
	return cl_arena_printf(a,
		"%" PRIu64 " -> %" PRIu64 " bytes per %s, %" PRIu64 " %ss: %" PRIu64 " -> %" PRIu64
		" bytes (+%" PRIu64 ")", size, to, what, n, what, size * n, to * n, (to - size) * n);
}

/* How to give each element of @v lines of its own, and what it costs. */
static const char *variable_fix(const struct cl_variable *v, unsigned line, struct cl_arena *a)
{
	if (!(v->elem_size % line))
		return cl_arena_printf(a,
			"'%s' is aligned to %" PRIu32 " byte%s, so its %" PRIu64 "-byte elements straddle lines: __attribute__((aligned(%u))) on '%s' gives each element lines of its own, at no cost per element",
			v->name, v->align, v->align == 1 ? "" : "s", v->elem_size, line, v->name);
	if (v->elem)
		return cl_arena_printf(a,
			"align the element to the line, __attribute__((aligned(%u))) on '%s' (____cacheline_aligned in the kernel): %s",
			line, cl_record_display(v->elem, a),
			cost_text(a, v->elem_size, v->nelems, line, "element"));
	return cl_arena_printf(a,
		"align the element to the line, a struct with __attribute__((aligned(%u))) around each element: %s",
		line, cost_text(a, v->elem_size, v->nelems, line, "element"));
}

/* Lines of different threads' elements, one writing, on different bytes. */
static bool seen_apart(uint64_t lines, uint64_t same_bytes)
{
	return lines && !same_bytes;
}

/*
 * Whether elements of @size bytes, declared @align-aligned and seen
 * @seen-aligned (0: not said), can share a line at all.  Evidence that they
 * did when they cannot (64-byte elements, aligned(64)) was recorded of
 * another layout or at another line size: it makes no finding, whose fix
 * would be the alignment the declaration already has.
 */
static bool can_share(uint64_t size, uint64_t align, uint64_t seen, unsigned line)
{
	return may_share(size, seen && seen < align ? seen : align, line);
}

/*
 * "elements of 'x' (8 bytes each, 8 on one 64-byte line) belong to different
 * threads and share cache lines: 2 lines seen, 16 threads (...)"
 */
static const char *seen_text(struct cl_arena *a, const char *what, const char *name,
			     uint64_t size, uint64_t per_line, unsigned line, uint64_t lines,
			     const char *threads)
{
	return cl_arena_printf(a,
		"%s of '%s' (%" PRIu64 " bytes each, %" PRIu64 " on one %u-byte line) belong to different threads and share cache lines: %" PRIu64 " line%s seen%s%s [%s]",
		what, name, size, per_line, line, lines, lines == 1 ? "" : "s", threads ? ", " : "",
		threads ? threads : "", cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
}

/* ------------------------------------------------------------------ */
/* From contention evidence                                             */
/* ------------------------------------------------------------------ */

/* "allocated at slabs.c:171", "a static", "" */
static const char *origin_text(const struct cl_contention_entry *e, struct cl_arena *a)
{
	const char *s = "";

	for (uint32_t i = 0; i < e->nalloc; i++) {
		/* printed in a diagnostic: escaped, whoever made the profile */
		const char *site = cl_name_escape(a, e->alloc[i]);

		if (!strcmp(site, "unknown"))
			continue;
		s = cl_arena_printf(a, "%s%s%s", s, *s ? ", " : "",
				    !strcmp(site, "static") ? "static storage" : site);
	}
	return s;
}

/* Where the fix goes: at the allocation sites, or on the static object. */
static const char *alloc_fix(const struct cl_contention_entry *e, unsigned line,
			     struct cl_arena *a)
{
	bool heap = false, stat = false;

	for (uint32_t i = 0; i < e->nalloc; i++) {
		stat |= !strcmp(e->alloc[i], "static");
		heap |= strcmp(e->alloc[i], "static") && strcmp(e->alloc[i], "unknown");
	}
	if (heap)
		return cl_arena_printf(a,
			"the objects come from %s: allocate them with aligned_alloc(%u, ...) or posix_memalign() there (malloc() gives 16), or pad each to the line",
			origin_text(e, a), line);
	if (stat)
		return "the objects are in static storage, which takes the type's alignment: no allocation to change";
	return "where the objects come from was not seen (no instrumented allocation holds them)";
}

/* The between: evidence of @e, when it is heavy enough; else NULL. */
static const struct cl_contention_between *between_heavy(const struct cl_contention_entry *e,
							 const struct cl_contention_floor *fl)
{
	const struct cl_contention_between *b = &e->between;

	if (!b->present || !cl_contention_heavy(e, b->weight_false, b->samples, fl))
		return NULL;
	return b;
}

/* "another", "3 others" */
static const char *others_text(uint64_t n, struct cl_arena *a)
{
	return n == 1 ? "another" : cl_arena_printf(a, "%" PRIu64 " others", n);
}

/*
 * What each side does: "written by different threads" when every thread
 * wrote (or the profile does not say), "written by one thread and read by
 * another" when the others only read (a maintainer scanning what workers
 * write): a reader's copy is what the writer invalidates, and a reader
 * misses on the writer's line, but it writes nothing of its own.
 */
static const char *sides_text(const struct cl_contention_between *b, struct cl_arena *a)
{
	uint64_t w = b->writers, n = b->who.threads;

	if (!w || w >= n)
		return "written by different threads";
	return cl_arena_printf(a, "written by %s and read by %s",
			       w == 1 ? "one thread" : cl_arena_printf(a, "%" PRIu64 " threads", w),
			       others_text(n - w, a));
}

/*
 * "objects of 'slot' (24 bytes each, 3 on one 64-byte line) are written by
 * different threads on one line at the same time: ~1,200,000 transfers/s
 * of false sharing on 6 lines, 16 threads (reader, ...) [...]"
 */
static const char *between_text(struct cl_arena *a, const char *what, const char *name,
				const struct cl_contention_entry *e,
				const struct cl_contention_between *b, uint64_t size, unsigned line)
{
	const char *who = cl_contention_who_text(&b->who, a);

	return cl_arena_printf(a,
		"%s of '%s' (%" PRIu64 " bytes each, %" PRIu64 " on one %u-byte line) are %s on one line at the same time: %s of false sharing on %" PRIu64 " line%s%s%s [%s]",
		what, name, size, b->per_line, line, sides_text(b, a),
		cl_contention_weight_text(e, b->weight_false, a),
		b->lines, b->lines == 1 ? "" : "s", who ? ", " : "", who ? who : "",
		cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
}

/*
 * "'g_a' (8 bytes) shares its 64-byte line with other variables, written
 * by different threads at the same time: ~1,200,000 transfers/s of false
 * sharing, 2 threads (worker, ...) [...]": a scalar global is an object of
 * its own, and what it shares its line with is the variables the linker
 * put beside it.
 */
static const char *scalar_text(struct cl_arena *a, const struct cl_variable *v,
			       const struct cl_contention_entry *e,
			       const struct cl_contention_between *b, unsigned line)
{
	const char *who = cl_contention_who_text(&b->who, a);

	return cl_arena_printf(a,
		"'%s' (%" PRIu64 " bytes) shares its %u-byte line with other variables, %s at the same time: %s of false sharing%s%s [%s]",
		v->name, v->elem_size, line, sides_text(b, a),
		cl_contention_weight_text(e, b->weight_false, a),
		who ? ", " : "", who ? who : "", cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
}

/*
 * A line of its own for a scalar: aligned() on the variable starts it on a
 * line, but the next variable may still follow it there; a struct aligned
 * to the line around it is the line's size whatever comes next.
 */
static const char *scalar_fix(const struct cl_variable *v, unsigned line, struct cl_arena *a)
{
	uint64_t to = round_up(v->elem_size, line);

	return cl_arena_printf(a,
		"give '%s' a line of its own: a struct with __attribute__((aligned(%u))) around it (____cacheline_aligned_in_smp in the kernel), %" PRIu64 " -> %" PRIu64 " bytes (+%" PRIu64 "); aligned(%u) on the variable alone starts it on a line but lets the next variable share it",
		v->name, line, v->elem_size, to, to - v->elem_size, line);
}

/* The true sharing on the same lines, shown beside: it never hides the rest. */
static const char *beside_text(const struct cl_contention_entry *e,
			       const struct cl_contention_between *b, const char *note,
			       struct cl_arena *a)
{
	if (b->weight_true)
		note = cl_arena_printf(a, "%s; the same lines also carry %s of true sharing (the same bytes: a handoff, a reader of totals), which no layout saves",
				       note, cl_contention_weight_text(e, b->weight_true, a));
	return cl_arena_printf(a, "%s; %s", note,
			       cl_contention_source_text(e, b->weight_false, b->samples, &b->span, a));
}

/*
 * Records that a ring places, at computed offsets in the byte array at the
 * end of another struct (@b->in): their type's alignment does not place
 * them, so aligned() on it changes nothing between them.  Each record
 * needs lines of its own in the ring: its size (the ring's stride) a
 * multiple of the line, and the ring's storage starting on one.
 */
static const char *ring_fix(const char *name, const struct cl_contention_entry *e,
			    const struct cl_contention_between *b, uint64_t size, unsigned line,
			    struct cl_arena *a)
{
	const char *in = cl_name_escape(a, b->in), *from = origin_text(e, a);
	uint64_t to = round_up(size, line);

	return cl_arena_printf(a,
		"the objects are records in the storage at the end of '%s' (from byte %" PRIu64 " of its allocation%s%s), placed by the ring's offsets, not by their type: __attribute__((aligned(%u))) on '%s' does not move them; pad the record to the line or round the ring's stride and offsets up to it, record %" PRIu64 " bytes -> %" PRIu64 " (+%" PRIu64 " per record), and start the storage on a line: its array aligned to %u in '%s' (byte %" PRIu64 " now) and the ring allocated with aligned_alloc(%u, ...) (malloc() gives 16)",
		in, b->in_offset, *from ? " at " : "", from, line, name, size, to, to - size, line,
		in, b->in_offset, line);
}

/* A finding from heavy enough between: evidence; false when there is none. */
static bool variable_contention(const struct cl_variable *v, const struct cl_profile *prof,
				const struct cl_options *opt, struct cl_findings *out)
{
	const struct cl_contention_entry *e = prof ? cl_contention_find(&prof->contention, v->name,
									 true) : NULL;
	const struct cl_contention_between *b;
	struct cl_arena *a = out->arena;
	struct cl_finding *f;

	if (!e)
		return false;
	b = between_heavy(e, &prof->thresholds.contention);
	if (!b)
		return false;
	f = cl_findings_add(out, CL_RULE_FALSE_SHARING_OBJECTS, NULL);
	f->record_name = v->name;
	f->variable = v->name;
	f->where = v->span;
	f->note_where = v->span;
	if (v->nelems == 1) {
		f->message = scalar_text(a, v, e, b, opt->line_size);
		f->note = beside_text(e, b, scalar_fix(v, opt->line_size, a), a);
		return true;
	}
	f->message = between_text(a, "elements", v->name, e, b, v->elem_size, opt->line_size);
	f->note = beside_text(e, b, variable_fix(v, opt->line_size, a), a);
	return true;
}

/* The same for a record's objects. */
static bool record_contention(const struct cl_record *rec, const struct cl_options *opt,
			      struct cl_findings *out)
{
	const struct cl_contention_entry *e = rec->contention;
	const struct cl_contention_between *b;
	struct cl_arena *a = out->arena;
	struct cl_finding *f;

	if (!e)
		return false;
	b = between_heavy(e, rec->contention_floor);
	if (!b)
		return false;
	f = cl_findings_add(out, CL_RULE_FALSE_SHARING_OBJECTS, rec);
	f->where = rec->span;
	f->note_where = rec->span;
	f->message = between_text(a, "objects", f->record_name, e, b, rec->size, opt->line_size);
	if (b->in) {
		f->note = beside_text(e, b, ring_fix(f->record_name, e, b, rec->size,
						     opt->line_size, a), a);
		return true;
	}
	f->note = beside_text(e, b, cl_arena_printf(a,
		"__attribute__((aligned(%u))) on '%s' (____cacheline_aligned in the kernel) gives each object lines of its own: %s; %s",
		opt->line_size, f->record_name, cost_text(a, rec->size, 1, opt->line_size, "object"),
		alloc_fix(e, opt->line_size, a)), a);
	return true;
}

static void check_variable(const struct cl_variable *v, const struct cl_profile *prof,
			   const struct cl_options *opt, struct cl_findings *out)
{
	const struct cl_object_variable *ev = prof ? cl_objects_variable(prof, v->name) : NULL;
	bool seen = ev && seen_apart(ev->lines, ev->same_bytes) &&
		    can_share(v->elem_size, v->align, ev->base_align, opt->line_size);
	struct cl_arena *a = out->arena;
	unsigned line = opt->line_size;
	struct cl_finding *f;

	/* contention evidence, where there is some, is believed over objects: */
	if (variable_contention(v, prof, opt, out))
		return;
	if (prof && cl_contention_find(&prof->contention, v->name, true))
		seen = false;
	if (!seen && (!v->per_thread || v->nelems < 2 || !may_share(v->elem_size, v->align, line)))
		return;
	f = cl_findings_add(out, CL_RULE_FALSE_SHARING_OBJECTS, NULL);
	f->record_name = v->name;
	f->variable = v->name;
	f->where = v->span;
	f->note_where = v->span;
	f->note = variable_fix(v, line, a);
	if (seen) {
		f->message = seen_text(a, "elements", v->name, v->elem_size, ev->per_line, line,
				       ev->lines, cl_evidence_threads(ev->threads, ev->paths,
								      ev->npaths, a));
		f->note = cl_arena_printf(a, "%s (%s)", f->note,
					  cl_evidence_source(prof->objects.sample, &ev->span, a));
		return;
	}
	f->message = cl_arena_printf(a,
		"elements of '%s' (%" PRIu64 " bytes each, up to %" PRIu64 " per %u-byte line) each belong to one thread but share cache lines [%s]",
		v->name, v->elem_size, per_line_max(v->elem_size, v->nelems, v->align, line), line,
		cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
}

/*
 * How to give each object of @rec (shown as @name) lines of its own, and
 * what it costs.  A size that is a multiple of the line already fits: the
 * type's alignment alone lets an object start mid-line, so the note says
 * that objects starting on a line are fine and that aligning the type costs
 * no size, only padding where it is embedded and an aligned allocation.
 */
static const char *record_fix(const struct cl_record *rec, const char *name, unsigned line,
			      struct cl_arena *a)
{
	const char *heap = cl_arena_printf(a,
		"objects on the heap then need aligned allocation (aligned_alloc(%u, ...) or posix_memalign(); malloc() gives 16)",
		line);

	if (!(rec->size % line))
		return cl_arena_printf(a,
			"'%s' is aligned to %" PRIu32 " byte%s, so an object may start mid-line and straddle two lines, each shared with a neighbour; objects that start on a line boundary (an array aligned to %u) already have lines of their own. __attribute__((aligned(%u))) on '%s' (____cacheline_aligned in the kernel) makes every object start on one at no cost in size (%" PRIu64 " bytes per object); a struct that embeds it gets up to %" PRIu64 " bytes of padding before it, and %s",
			name, rec->align, rec->align == 1 ? "" : "s", line, line, name, rec->size,
			(uint64_t)line - (rec->align ? rec->align : 1), heap);
	return cl_arena_printf(a,
		"__attribute__((aligned(%u))) on '%s' (____cacheline_aligned in the kernel) gives each object lines of its own: %s; %s",
		line, name, cost_text(a, rec->size, 1, line, "object"), heap);
}

/*
 * An array member marked __per_thread (a table of per-thread slots in one
 * object, a shared mapping): its elements at their offset in the record,
 * which starts on a line (or, with alignment=any, wherever the record's
 * alignment allows).
 */
static void check_member_array(const struct cl_record *rec, const struct cl_member *m,
			       const struct cl_options *opt, struct cl_findings *out)
{
	struct cl_arena *a = out->arena;
	unsigned line = opt->line_size;
	uint64_t off = m->bit_offset / 8, n = m->bit_size / 8 / m->elem_size, most;
	struct cl_finding *f;
	const char *fix;

	if (n < 2)
		return;
	most = per_line_max_from(m->elem_size, n, off % line,
				 opt->alignment == CL_ALIGN_ANY ? rec->align : line, line);
	if (most < 2)
		return;
	f = cl_findings_add(out, CL_RULE_FALSE_SHARING_OBJECTS, rec);
	f->where = m->span;
	f->note_where = m->span;
	f->message = cl_arena_printf(a,
		"elements of '%s' in '%s' (%" PRIu64 " bytes each, up to %" PRIu64 " per %u-byte line) each belong to one thread but share cache lines [%s]",
		m->name, f->record_name, m->elem_size, most, line,
		cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
	if (!(m->elem_size % line))
		fix = cl_arena_printf(a,
			"'%s' starts at byte %" PRIu64 " of '%s', so its %" PRIu64 "-byte elements straddle lines: __attribute__((aligned(%u))) on '%s' gives each element lines of its own, at no cost per element (the padding before it, under %u bytes)%s",
			m->name, off, f->record_name, m->elem_size, line, m->name, line,
			opt->alignment == CL_ALIGN_ANY && rec->align < line ?
			cl_arena_printf(a, "; '%s' is aligned to %" PRIu32 " and needs the same alignment",
					f->record_name, rec->align) : "");
	else
		fix = cl_arena_printf(a,
			"align the element to the line, __attribute__((aligned(%u))) on its struct (or on a struct around a scalar element): %s",
			line, cost_text(a, m->elem_size, n, line, "element"));
	f->note = fix;
}

/*
 * The member at dotted @path of @rec ("idx", "in.idx"), looking through
 * anonymous members, whose fields are their record's; NULL if none.
 */
static const struct cl_member *member_at(const struct cl_record *rec, const char *path)
{
	size_t n = strcspn(path, ".");
	const struct cl_member *m, *in;

	cl_for_each_member(rec, m) {
		if (m->name && *m->name && strlen(m->name) == n && !strncmp(m->name, path, n))
			return !path[n] ? m : m->record ? member_at(m->record, path + n + 1) : NULL;
		if ((!m->name || !*m->name) && m->record && (in = member_at(m->record, path)))
			return in;
	}
	return NULL;
}

/*
 * A pair of one member with itself in the contention evidence: the two
 * threads wrote disjoint bytes of it, the elements of an array member (a
 * ring's idx[0] by the producer, idx[1] by the consumer) -- no pair of
 * members, and the fix is to the member's elements.
 */
static void check_member_parts(const struct cl_record *rec, const struct cl_options *opt,
			       struct cl_findings *out)
{
	const struct cl_contention_entry *e = rec->contention;
	struct cl_arena *a = out->arena;
	unsigned line = opt->line_size;

	for (size_t i = 0; e && i < e->npairs; i++) {
		const struct cl_contention_pair *pr = &e->pairs[i];
		const struct cl_member *m;
		const char *who, *fix;
		struct cl_finding *f;
		uint64_t n;

		if (strcmp(pr->write, pr->access) ||
		    !cl_contention_heavy(e, pr->weight, pr->samples, rec->contention_floor) ||
		    !(m = member_at(rec, pr->write)))
			continue;
		who = cl_contention_who_text(&pr->who, a);
		f = cl_findings_add(out, CL_RULE_FALSE_SHARING_OBJECTS, rec);
		f->where = m->span;
		f->note_where = m->span;
		if (!m->elem_size) {
			f->message = cl_arena_printf(a,
				"different bytes of '%s' in '%s' are written by different threads on one line at the same time: %s of false sharing%s%s [%s]",
				pr->write, f->record_name, cl_contention_weight_text(e, pr->weight, a),
				who ? ", " : "", who ? who : "",
				cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
			f->note = cl_arena_printf(a, "a member of its own for each thread's part, each on its own line; %s",
						  cl_contention_source_text(e, pr->weight, pr->samples, &pr->span, a));
			continue;
		}
		n = m->bit_size / 8 / m->elem_size;
		f->message = cl_arena_printf(a,
			"elements of '%s' in '%s' (%" PRIu64 " bytes each) are written by different threads on one line at the same time: %s of false sharing%s%s [%s]",
			pr->write, f->record_name, m->elem_size,
			cl_contention_weight_text(e, pr->weight, a), who ? ", " : "", who ? who : "",
			cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
		fix = cl_arena_printf(a,
			"give each element a line of its own: __attribute__((aligned(%u))) on its struct (or on a struct around a scalar element): %s, or split the array into members, each on its own line",
			line, cost_text(a, m->elem_size, n, line, "element"));
		f->note = cl_arena_printf(a, "%s; %s", fix,
					  cl_contention_source_text(e, pr->weight, pr->samples, &pr->span, a));
	}
}

static void check_record(const struct cl_record *rec, const struct cl_options *opt,
			 struct cl_findings *out)
{
	const struct cl_object_struct *os = rec->objects;
	const struct cl_object_between *bt = os && os->has_between ? &os->between : NULL;
	bool seen = bt && seen_apart(bt->lines, bt->same_bytes) &&
		    can_share(rec->size, rec->align, os->base_align, opt->line_size);
	struct cl_arena *a = out->arena;
	unsigned line = opt->line_size;
	const struct cl_member *m;
	struct cl_finding *f;

	cl_for_each_member(rec, m)
		if ((m->flags & CL_MEMBER_PER_THREAD) && m->elem_size)
			check_member_array(rec, m, opt, out);
	check_member_parts(rec, opt, out);
	if (record_contention(rec, opt, out))
		return;
	seen &= !rec->contention;
	if (!seen && (!rec->per_thread || !may_share(rec->size, rec->align, line)))
		return;
	f = cl_findings_add(out, CL_RULE_FALSE_SHARING_OBJECTS, rec);
	f->where = rec->span;
	f->note_where = rec->span;
	f->note = record_fix(rec, f->record_name, line, a);
	if (!seen) {
		f->message = cl_arena_printf(a,
			"objects of '%s' (%" PRIu64 " bytes each, up to %" PRIu64 " per %u-byte line) each belong to one thread but share cache lines [%s]",
			f->record_name, rec->size, per_line_max(rec->size, line + 1, rec->align, line),
			line, cl_rule_info(CL_RULE_FALSE_SHARING_OBJECTS)->id);
		return;
	}
	f->message = seen_text(a, "objects", f->record_name, rec->size, bt->per_line, line,
			       bt->lines, cl_evidence_threads(bt->threads, bt->paths, bt->npaths, a));
	/* where the runtime saw them: below the line, as malloc() leaves them */
	if (os->base_align && os->base_align < line)
		f->note = cl_arena_printf(a,
			"%s; its instances were seen %" PRIu64 "-aligned, so their allocation must change",
			f->note, os->base_align);
	f->note = cl_arena_printf(a, "%s (%s)", f->note,
				  cl_evidence_source(os->sample, &bt->span, a));
}

/* Runs on every record (its objects) and every variable (its elements). */
void cl_check_false_sharing_objects(const struct cl_check_ctx *ctx)
{
	if (ctx->var)
		check_variable(ctx->var, ctx->prof, ctx->opt, ctx->out);
	else
		check_record(ctx->rec, ctx->opt, ctx->out);
}
