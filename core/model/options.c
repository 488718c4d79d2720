// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * options.c - the option parser shared by the plugin and the command line
 */
#include "options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cl_options_init(struct cl_options *o)
{
	o->line_size = CL_LINE_SIZE_DEFAULT;
	o->alignment = CL_ALIGN_LINE;
	o->adjacent = false;
	o->no_cacheline_groups = false;
	o->max_growth = 0;
	o->max_growth_set = false;
	o->line_size_given = false;
}

void cl_options_profile_line_size(struct cl_options *o, unsigned line_size)
{
	if (line_size && !o->line_size_given)
		o->line_size = line_size;
}

static int parse_max_growth(const char *value, struct cl_options *o, struct cl_diag *err)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = value && *value >= '0' && *value <= '9' ? strtoull(value, &end, 10) : 0;
	if (!value || !*value || *value < '0' || *value > '9' || errno || *end ||
	    v > CL_MAX_GROWTH_MAX) {
		cl_diag_set(err, NULL, 0, 0,
			    "invalid max-growth '%s': expected a number of bytes from 0 to %u",
			    value ? value : "", CL_MAX_GROWTH_MAX);
		return -1;
	}
	o->max_growth = v;
	o->max_growth_set = true;
	return 0;
}

static int parse_line_size(const char *value, unsigned *out, struct cl_diag *err)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = value && *value >= '0' && *value <= '9' ? strtoul(value, &end, 10) : 0;
	if (!value || !*value || *value < '0' || *value > '9' || errno || *end ||
	    v < CL_LINE_SIZE_MIN || v > CL_LINE_SIZE_MAX || (v & (v - 1))) {
		cl_diag_set(err, NULL, 0, 0,
			    "invalid line-size '%s': expected a power of two from %d to %d",
			    value ? value : "", CL_LINE_SIZE_MIN, CL_LINE_SIZE_MAX);
		return -1;
	}
	*out = (unsigned)v;
	return 0;
}

int cl_options_set(struct cl_options *o, const char *key, const char *value,
		   struct cl_diag *err)
{
	if (!strcmp(key, "line-size")) {
		if (parse_line_size(value, &o->line_size, err))
			return -1;
		o->line_size_given = true;
		return 0;
	}
	if (!strcmp(key, "alignment")) {
		if (value && !strcmp(value, "line"))
			o->alignment = CL_ALIGN_LINE;
		else if (value && !strcmp(value, "any"))
			o->alignment = CL_ALIGN_ANY;
		else {
			cl_diag_set(err, NULL, 0, 0,
				    "invalid alignment '%s': expected 'line' or 'any'",
				    value ? value : "");
			return -1;
		}
		return 0;
	}
	if (!strcmp(key, "adjacent")) {
		if (value) {
			cl_diag_set(err, NULL, 0, 0, "'adjacent' takes no value");
			return -1;
		}
		o->adjacent = true;
		return 0;
	}
	if (!strcmp(key, "cacheline-groups")) {
		if (value && (!strcmp(value, "on") || !strcmp(value, "off"))) {
			o->no_cacheline_groups = !strcmp(value, "off");
			return 0;
		}
		cl_diag_set(err, NULL, 0, 0, "invalid cacheline-groups '%s': expected 'on' or 'off'",
			    value ? value : "");
		return -1;
	}
	if (!strcmp(key, "max-growth"))
		return parse_max_growth(value, o, err);
	cl_diag_set(err, NULL, 0, 0, "unknown option '%s'", key);
	return -1;
}
