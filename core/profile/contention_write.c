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
		cl_yw_key_u64(w, "threads", c->threads);
	cl_yw_key_list(w, "paths", c->paths, c->npaths);
}

static void pairs(struct cl_yw *w, const struct cl_contention_entry *e)
{
	if (!e->npairs)
		return;
	cl_yw_word(w, "pairs");
	cl_yw_seq(w, false);
	for (size_t i = 0; i < e->npairs; i++) {
		const struct cl_contention_pair *p = &e->pairs[i];

		cl_yw_map(w, true);
		cl_yw_key_quoted(w, "write", p->write);
		cl_yw_key_quoted(w, "access", p->access);
		cl_yw_key_u64(w, "false-sharing", p->weight);
		cl_yw_key_u64(w, "samples", p->samples);
		who(w, &p->who);
		cl_yw_map_end(w);
	}
	cl_yw_seq_end(w);
}

static void shared(struct cl_yw *w, const struct cl_contention_entry *e)
{
	if (!e->nshared)
		return;
	cl_yw_word(w, "shared");
	cl_yw_seq(w, false);
	for (size_t i = 0; i < e->nshared; i++) {
		const struct cl_contention_shared *s = &e->shared[i];

		cl_yw_map(w, true);
		if (e->variable)
			cl_yw_key_u64(w, "element", s->element);
		else
			cl_yw_key_quoted(w, "member", s->member);
		cl_yw_key_u64(w, "true-sharing", s->weight);
		cl_yw_key_u64(w, "samples", s->samples);
		cl_yw_key_u64(w, "writers", s->writers);
		who(w, &s->who);
		cl_yw_map_end(w);
	}
	cl_yw_seq_end(w);
}

static void between(struct cl_yw *w, const struct cl_contention_between *b)
{
	if (!b->present)
		return;
	cl_yw_word(w, "between");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "lines", b->lines);
	cl_yw_key_u64(w, "per-line", b->per_line);
	if (b->size)
		cl_yw_key_u64(w, "size", b->size);
	if (b->in) {
		cl_yw_key_quoted(w, "in", b->in);
		cl_yw_key_u64(w, "in-offset", b->in_offset);
	}
	cl_yw_key_u64(w, "false-sharing", b->weight_false);
	cl_yw_key_u64(w, "true-sharing", b->weight_true);
	cl_yw_key_u64(w, "samples", b->samples);
	if (b->writers)
		cl_yw_key_u64(w, "writers", b->writers);
	who(w, &b->who);
	cl_yw_map_end(w);
}

static void touch(struct cl_yw *w, const struct cl_contention_line *l)
{
	if (!l->ntouch)
		return;
	cl_yw_word(w, "touch");
	cl_yw_seq(w, false);
	for (uint32_t i = 0; i < l->ntouch; i++) {
		const struct cl_contention_touch *t = &l->touch[i];

		cl_yw_map(w, true);
		cl_yw_key_quoted(w, "path", t->path);
		cl_yw_key_u64(w, "threads", t->threads);
		cl_yw_key_u64(w, "reads", t->reads);
		cl_yw_key_u64(w, "writes", t->writes);
		cl_yw_key_list(w, "read", t->read, t->nread);
		cl_yw_key_list(w, "write", t->write, t->nwrite);
		cl_yw_map_end(w);
	}
	cl_yw_seq_end(w);
}

static void lines(struct cl_yw *w, const struct cl_contention_entry *e)
{
	if (!e->nlines)
		return;
	cl_yw_word(w, "lines");
	cl_yw_seq(w, false);
	for (size_t i = 0; i < e->nlines; i++) {
		const struct cl_contention_line *l = &e->lines[i];
		char off[24];

		cl_yw_map(w, false);
		snprintf(off, sizeof(off), "%" PRId64, l->offset);
		cl_yw_word(w, "offset");
		cl_yw_word(w, off);
		cl_yw_key_u64(w, "objects", l->objects);
		cl_yw_key_u64(w, "false-sharing", l->weight_false);
		cl_yw_key_u64(w, "true-sharing", l->weight_true);
		cl_yw_key_u64(w, "samples", l->samples);
		key_seconds(w, "first", l->first);
		key_seconds(w, "last", l->last);
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
		cl_yw_key_u64(w, "element", e->element);
		cl_yw_key_u64(w, "elements", e->elements);
	} else {
		cl_yw_key_u64(w, "instances", e->instances);
	}
	if (e->base_align)
		cl_yw_key_u64(w, "base-align", e->base_align);
	cl_yw_key_list(w, "alloc", e->alloc, e->nalloc);
	cl_yw_key_u64(w, "accesses", e->accesses);
	cl_yw_key_u64(w, "false-sharing", e->weight_false);
	cl_yw_key_u64(w, "true-sharing", e->weight_true);
	cl_yw_key_u64(w, "samples", e->samples);
	if (e->cpu_seconds > 0) {
		key_seconds(w, "cpu-seconds", e->cpu_seconds);
		key_seconds(w, "core-seconds", e->core_seconds);
		cl_yw_key_u64(w, "observed", e->observed);
	}
	if (e->unjudged)
		cl_yw_key_u64(w, "unjudged", e->unjudged);
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
	cl_yw_word(w, "contention");
	cl_yw_map(w, false);
	cl_yw_word(w, "source");
	cl_yw_word(w, h->source);
	cl_yw_word(w, "measure");
	cl_yw_word(w, h->measure == CL_MEASURE_HITM ? "hitm" : "transfers");
	if (h->line_size)
		cl_yw_key_u64(w, "line-size", h->line_size);
	key_seconds(w, "seconds", h->seconds);
	if (h->sample)
		cl_yw_key_u64(w, "sample", h->sample);
	cl_yw_key_u64(w, "samples", h->samples);
	cl_yw_key_u64(w, "dropped", h->dropped);
	if (h->units_dropped)
		cl_yw_key_u64(w, "units-dropped", h->units_dropped);
	cl_yw_key_u64(w, "threads", h->threads);
	entries(w, "structs", v, n, false);
	entries(w, "variables", v, n, true);
	cl_yw_map_end(w);
	cl_yw_map_end(w);
	return cl_yw_close_fragment(w, out, "", NULL);
}
