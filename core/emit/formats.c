// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * formats.c - the names of the output formats (CL_FORMATS, formats.h), for
 * --format, the plugin's report= and their messages
 */
#include "formats.h"

#include <stdio.h>
#include <string.h>

static const char *const format_names[CL_FORMAT_COUNT] = {
#define CL_FORMAT_NAME(id, name) [CL_FORMAT_##id] = name,
	CL_FORMATS(CL_FORMAT_NAME)
#undef CL_FORMAT_NAME
};

int cl_format_parse(const char *name, enum cl_format *out)
{
	for (int i = 0; i < CL_FORMAT_COUNT; i++) {
		if (!strcmp(name, format_names[i])) {
			*out = (enum cl_format)i;
			return 0;
		}
	}
	return -1;
}

const char *cl_format_names(void)
{
	/* the names joined once: room for each name and its ", " or " or " */
#define CL_FORMAT_ROOM(id, name) sizeof(name) + 4 +
	static char names[CL_FORMATS(CL_FORMAT_ROOM) 1];
#undef CL_FORMAT_ROOM
	size_t n = 0;

	if (names[0])
		return names;
	for (int i = 0; i < CL_FORMAT_COUNT; i++) {
		const char *sep = !i ? "" : i == CL_FORMAT_COUNT - 1 ? " or " : ", ";

		n += snprintf(names + n, sizeof(names) - n, "%s%s", sep, format_names[i]);
	}
	return names;
}
