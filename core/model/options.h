/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - the assumptions of an analysis, parsed the same way from
 * plugin arguments and command-line options
 */
#ifndef CACHELINT_OPTIONS_H
#define CACHELINT_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CL_LINE_SIZE_DEFAULT 64
#define CL_LINE_SIZE_MIN 16
#define CL_LINE_SIZE_MAX 512
/* the largest --max-growth: more than any struct grows */
#define CL_MAX_GROWTH_MAX 4294967295u

enum cl_alignment {
	CL_ALIGN_LINE,
	CL_ALIGN_ANY,
};

/**
 * struct cl_options - the assumptions of one analysis
 * @line_size: bytes, a power of two in 16..512
 * @alignment: where the record may start
 * @adjacent: also report pairs in adjacent lines of one 2-line block
 * @no_cacheline_groups: do not read classes from the kernel's cacheline
 *                       group markers (core/model/kernel_groups.c)
 * @max_growth: with @max_growth_set, the most bytes per instance a proposal
 *              may add; it gives up separations to stay inside (propose.c)
 * @max_growth_set: a bound was given
 * @line_size_given: @line_size was set (an argument or option): it wins
 *                   over the profiles' line-size (cl_options_profile_line_size())
 */
struct cl_options {
	unsigned line_size;
	enum cl_alignment alignment;
	bool adjacent;
	bool no_cacheline_groups;
	uint64_t max_growth;
	bool max_growth_set;
	bool line_size_given;
};

void cl_options_init(struct cl_options *o);
/*
 * Set one option from its textual form: the parser shared by the plugin
 * arguments and the command line, so both accept and reject the same.
 * Keys: "line-size", "alignment", "adjacent", "cacheline-groups" (on|off),
 * "max-growth" (bytes, 0 to CL_MAX_GROWTH_MAX).
 * Returns 0, or -1 with @err.
 */
int cl_options_set(struct cl_options *o, const char *key, const char *value,
		   struct cl_diag *err);
/*
 * The line size the profiles give (0: none): it applies unless line-size
 * was set, which wins, so the plugin and the command line agree on which.
 */
void cl_options_profile_line_size(struct cl_options *o, unsigned line_size);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_OPTIONS_H */
