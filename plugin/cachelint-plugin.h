/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plugin.h - what the parts of the GCC plugin share
 *
 * attributes.cc registers and checks the annotations, convert.cc turns GCC
 * trees into the core model, cachelint.cc drives the analysis and reports.
 * GCC trees stay in the plugin; the core only ever sees struct cl_record.
 */
#ifndef CACHELINT_PLUGIN_H
#define CACHELINT_PLUGIN_H

#include "gcc-compat.h"

#include "analysis.h"
#include "layout.h"

#define ATTR_READ_MOSTLY "cachelint_read_mostly"
#define ATTR_WRITE_HOT "cachelint_write_hot"
#define ATTR_SUPPRESS "cachelint_suppress"

/* attributes.cc */
void attributes_register(void *event_data, void *user_data);
/* The class and write group a field's attributes give it. */
void attributes_read_field(tree field, struct cl_access *acc, struct cl_arena *a);
/* Rules suppressed on a record type by cachelint_suppress. */
unsigned attributes_read_suppress(tree type);
/* Whether any field of the record carries a cachelint attribute. */
bool attributes_on_fields(tree type);

/* convert.cc */
/*
 * The model of a laid-out RECORD_TYPE/UNION_TYPE, converted once per type
 * and cached for the translation unit, or NULL when it has no fixed layout
 * (C++ template patterns, variable-size members, erroneous types).
 */
struct cl_record *convert_record(tree type, struct cl_arena *arena);
/* The record's tag or typedef name, NULL when it has none (yet). */
const char *convert_record_name(tree type, struct cl_arena *a);
/* Where a record is defined, for system-header checks. */
location_t convert_record_location(tree type);
/* Whether the type was converted (possibly as part of another record). */
bool convert_seen(tree type);
void convert_reset(void);

#endif /* CACHELINT_PLUGIN_H */
