/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_helpers.h - building records of the model by hand in unit tests
 */
#ifndef CACHELINT_TEST_HELPERS_H
#define CACHELINT_TEST_HELPERS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "checks/analysis.h"
#include "model/layout.h"

/* A record of @n members, all zero, to be filled with set_member(). */
static inline struct cl_record *new_record(struct cl_arena *a, const char *name,
					   uint64_t size, uint32_t align, size_t n)
{
	struct cl_record *rec = cl_record_new(a, CL_STRUCT, name, n);

	rec->size = size;
	rec->align = align;
	return rec;
}

/* Member @i: @name at byte @off of @size bytes, class @cls. */
static inline struct cl_member *set_member(struct cl_record *rec, size_t i, const char *name,
					   uint64_t off, uint64_t size, enum cl_class cls)
{
	struct cl_member *m = &rec->members[i];

	m->name = name;
	m->bit_offset = off * 8;
	m->bit_size = size * 8;
	m->align = size && size <= 16 ? (uint32_t)size : 8;
	m->access.cls = cls;
	m->access.origin = cls ? CL_ORIGIN_SOURCE : CL_ORIGIN_NONE;
	m->span.line = (unsigned)(i + 1);
	return m;
}

/* Bit-field member @i: @bits bits at bit @bit_off. */
static inline struct cl_member *set_bitfield(struct cl_record *rec, size_t i, const char *name,
					     uint64_t bit_off, uint64_t bits, enum cl_class cls)
{
	struct cl_member *m = set_member(rec, i, name, 0, 0, cls);

	m->bit_offset = bit_off;
	m->bit_size = bits;
	m->align = 0;
	m->flags |= CL_MEMBER_BITFIELD;
	return m;
}

static inline struct cl_member *set_group(struct cl_member *m, const char *group)
{
	m->access.group = group;
	return m;
}

/* The dump of @rec as a string (freed by the caller). */
static inline char *dump_string(const struct cl_record *rec)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cl_record_dump(f, rec);
	fclose(f);
	return buf;
}

/* Analyse @rec with line size @line and @alignment; findings in @out. */
static inline size_t analyse(const struct cl_record *rec, unsigned line,
			     enum cl_alignment alignment, bool adjacent,
			     struct cl_findings *out)
{
	struct cl_options opt;

	cl_options_init(&opt);
	opt.line_size = line;
	opt.alignment = alignment;
	opt.adjacent = adjacent;
	return cl_analyze(rec, &opt, out);
}

#endif /* CACHELINT_TEST_HELPERS_H */
