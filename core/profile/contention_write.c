// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * contention_write.c - write a contention: section (docs/profiles.md,
 * "Contention evidence") through libyaml's emitter
 *
 * The one writer of the section for the program: `cachelint import
 * perf-c2c` fills entries from a report, `cachelint merge` from several
 * profiles.  libcachelint-rt, which runs inside users' programs without
 * libyaml, writes the same keys by hand (runtime/); a profile written
 * here loads back to the same entries (cl_profile_load()).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "contention.h"
#include "contention_write.h"
#include "profile_keys.h"
#include "yaml_writer.h"

/*
 * Seconds as a plain decimal with microseconds, never in the locale's
 * format (a front end may have called setlocale()): "10.250000".
 */
static void seconds_word(struct cl_yw *w, double s)
{
	char buf[48];
	uint64_t us = s > 0 && s < 1e15 ? (uint64_t)(s * 1e6 + 0.5) : 0;

	snprintf(buf, sizeof(buf), "%" PRIu64 ".%06" PRIu64, us / 1000000, us % 1000000);
	cl_yw_word(w, buf);
}

static void key_seconds(struct cl_yw *w, const char *key, double s)
{
	cl_yw_word(w, key);
	seconds_word(w, s);
}

static void who(struct cl_yw *w, const struct cl_contention_who *c)
{
	if (c->threads)
		cl_yw_key_u64(w, CL_KEY_THREADS, c->threads);
	cl_yw_key_list(w, CL_KEY_PATHS, c->paths, c->npaths);
}

static void pairs(struct cl_yw *w, const struct cl_contention_entry *e)
{
	if (!e->npairs)
		return;
	cl_yw_word(w, CL_KEY_PAIRS);
	cl_yw_seq(w, false);
	for (size_t i = 0; i < e->npairs; i++) {
		const struct cl_contention_pair *p = &e->pairs[i];

		cl_yw_map(w, true);
		cl_yw_key_quoted(w, CL_KEY_WRITE, p->write);
		cl_yw_key_quoted(w, CL_KEY_ACCESS, p->access);
		cl_yw_key_u64(w, CL_KEY_FALSE_SHARING, p->weight);
		cl_yw_key_u64(w, CL_KEY_SAMPLES, p->samples);
		who(w, &p->who);
		cl_yw_map_end(w);
	}
	cl_yw_seq_end(w);
}

static void shared(struct cl_yw *w, const struct cl_contention_entry *e)
{
	if (!e->nshared)
		return;
	cl_yw_word(w, CL_KEY_SHARED);
	cl_yw_seq(w, false);
	for (size_t i = 0; i < e->nshared; i++) {
		const struct cl_contention_shared *s = &e->shared[i];

		cl_yw_map(w, true);
		if (e->variable)
			cl_yw_key_u64(w, CL_KEY_ELEMENT, s->element);
		else
			cl_yw_key_quoted(w, CL_KEY_MEMBER, s->member);
		cl_yw_key_u64(w, CL_KEY_TRUE_SHARING, s->weight);
		cl_yw_key_u64(w, CL_KEY_SAMPLES, s->samples);
		cl_yw_key_u64(w, CL_KEY_WRITERS, s->writers);
		who(w, &s->who);
		cl_yw_map_end(w);
	}
	cl_yw_seq_end(w);
}

static void between(struct cl_yw *w, const struct cl_contention_between *b)
{
	if (!b->present)
		return;
	cl_yw_word(w, CL_KEY_BETWEEN);
	cl_yw_map(w, true);
	cl_yw_key_u64(w, CL_KEY_LINES, b->lines);
	cl_yw_key_u64(w, CL_KEY_PER_LINE, b->per_line);
	if (b->size)
		cl_yw_key_u64(w, CL_KEY_SIZE, b->size);
	if (b->in) {
		cl_yw_key_quoted(w, CL_KEY_IN, b->in);
		cl_yw_key_u64(w, CL_KEY_IN_OFFSET, b->in_offset);
	}
	cl_yw_key_u64(w, CL_KEY_FALSE_SHARING, b->weight_false);
	cl_yw_key_u64(w, CL_KEY_TRUE_SHARING, b->weight_true);
	cl_yw_key_u64(w, CL_KEY_SAMPLES, b->samples);
	if (b->writers)
		cl_yw_key_u64(w, CL_KEY_WRITERS, b->writers);
	who(w, &b->who);
	cl_yw_map_end(w);
}

static void touch(struct cl_yw *w, const struct cl_contention_line *l)
{
	if (!l->ntouch)
		return;
	cl_yw_word(w, CL_KEY_TOUCH);
	cl_yw_seq(w, false);
	for (uint32_t i = 0; i < l->ntouch; i++) {
		const struct cl_contention_touch *t = &l->touch[i];

		cl_yw_map(w, true);
		cl_yw_key_quoted(w, CL_KEY_PATH, t->path);
		cl_yw_key_u64(w, CL_KEY_THREADS, t->threads);
		cl_yw_key_u64(w, CL_KEY_READS, t->reads);
		cl_yw_key_u64(w, CL_KEY_WRITES, t->writes);
		cl_yw_key_list(w, CL_KEY_READ, t->read, t->nread);
		cl_yw_key_list(w, CL_KEY_WRITE, t->write, t->nwrite);
		cl_yw_map_end(w);
	}
	cl_yw_seq_end(w);
}

static void lines(struct cl_yw *w, const struct cl_contention_entry *e)
{
	if (!e->nlines)
		return;
	cl_yw_word(w, CL_KEY_LINES);
	cl_yw_seq(w, false);
	for (size_t i = 0; i < e->nlines; i++) {
		const struct cl_contention_line *l = &e->lines[i];
		char off[24];

		cl_yw_map(w, false);
		snprintf(off, sizeof(off), "%" PRId64, l->offset);
		cl_yw_word(w, CL_KEY_OFFSET);
		cl_yw_word(w, off);
		cl_yw_key_u64(w, CL_KEY_OBJECTS, l->objects);
		cl_yw_key_u64(w, CL_KEY_FALSE_SHARING, l->weight_false);
		cl_yw_key_u64(w, CL_KEY_TRUE_SHARING, l->weight_true);
		cl_yw_key_u64(w, CL_KEY_SAMPLES, l->samples);
		key_seconds(w, CL_KEY_FIRST, l->first);
		key_seconds(w, CL_KEY_LAST, l->last);
		touch(w, l);
		cl_yw_map_end(w);
	}
	cl_yw_seq_end(w);
}

static void entry(struct cl_yw *w, const struct cl_contention_entry *e)
{
	cl_yw_key(w, e->name);
	cl_yw_map(w, false);
	if (e->variable) {
		cl_yw_key_u64(w, CL_KEY_ELEMENT, e->element);
		cl_yw_key_u64(w, CL_KEY_ELEMENTS, e->elements);
	} else {
		cl_yw_key_u64(w, CL_KEY_INSTANCES, e->instances);
	}
	if (e->base_align)
		cl_yw_key_u64(w, CL_KEY_BASE_ALIGN, e->base_align);
	cl_yw_key_list(w, CL_KEY_ALLOC, e->alloc, e->nalloc);
	cl_yw_key_u64(w, CL_KEY_ACCESSES, e->accesses);
	cl_yw_key_u64(w, CL_KEY_FALSE_SHARING, e->weight_false);
	cl_yw_key_u64(w, CL_KEY_TRUE_SHARING, e->weight_true);
	cl_yw_key_u64(w, CL_KEY_SAMPLES, e->samples);
	if (e->cpu_seconds > 0) {
		key_seconds(w, CL_KEY_CPU_SECONDS, e->cpu_seconds);
		key_seconds(w, CL_KEY_CORE_SECONDS, e->core_seconds);
		cl_yw_key_u64(w, CL_KEY_OBSERVED, e->observed);
	}
	if (e->unjudged)
		cl_yw_key_u64(w, CL_KEY_UNJUDGED, e->unjudged);
	if (!e->variable)
		pairs(w, e);
	shared(w, e);
	between(w, &e->between);
	lines(w, e);
	cl_yw_map_end(w);
}

static void entries(struct cl_yw *w, const char *key, const struct cl_contention_entry *v,
		    size_t n, bool variables)
{
	bool any = false;

	for (size_t i = 0; i < n; i++)
		any |= v[i].variable == variables;
	if (!any)
		return;
	cl_yw_word(w, key);
	cl_yw_map(w, false);
	for (size_t i = 0; i < n; i++)
		if (v[i].variable == variables)
			entry(w, &v[i]);
	cl_yw_map_end(w);
}

int cl_contention_write(FILE *out, const struct cl_contention_header *h,
			const struct cl_contention_entry *v, size_t n)
{
	struct cl_yw *w = cl_yw_open_fragment();

	cl_yw_map(w, false);
	cl_yw_word(w, CL_KEY_CONTENTION);
	cl_yw_map(w, false);
	cl_yw_word(w, CL_KEY_SOURCE);
	cl_yw_word(w, h->source);
	cl_yw_word(w, CL_KEY_MEASURE);
	cl_yw_word(w, h->measure == CL_MEASURE_HITM ? "hitm" : "transfers");
	if (h->line_size)
		cl_yw_key_u64(w, CL_KEY_LINE_SIZE, h->line_size);
	key_seconds(w, CL_KEY_SECONDS, h->seconds);
	if (h->sample)
		cl_yw_key_u64(w, CL_KEY_SAMPLE, h->sample);
	cl_yw_key_u64(w, CL_KEY_SAMPLES, h->samples);
	cl_yw_key_u64(w, CL_KEY_DROPPED, h->dropped);
	if (h->units_dropped)
		cl_yw_key_u64(w, CL_KEY_UNITS_DROPPED, h->units_dropped);
	cl_yw_key_u64(w, CL_KEY_THREADS, h->threads);
	entries(w, CL_KEY_STRUCTS, v, n, false);
	entries(w, CL_KEY_VARIABLES, v, n, true);
	cl_yw_map_end(w);
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "", NULL);
}
