/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * formats.h - the output formats (CL_FORMATS) and their names, for
 * --format, the plugin's report= and their messages (formats.c)
 */
#ifndef CACHELINT_FORMATS_H
#define CACHELINT_FORMATS_H

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The output formats (--format, the plugin's report=): each row gives the
 * enum value and the name, from which the names table and the names of
 * cl_format_names() are made (formats.c).  A new format is a row here,
 * its emitter in core/emit/ and its case in cl_pipeline_write().
 */
#define CL_FORMATS(X) \
	X(TEXT, "text") \
	X(JSON, "json") \
	X(SARIF, "sarif") \
	X(GITHUB, "github") \
	X(YAML, "yaml") \
	X(HTML, "html")

enum cl_format {
#define CL_FORMAT_ENUM(id, name) CL_FORMAT_##id,
	CL_FORMATS(CL_FORMAT_ENUM)
#undef CL_FORMAT_ENUM
	CL_FORMAT_COUNT
};

/* "text", "json", ...; 0 or -1 for a name that is none of them. */
int cl_format_parse(const char *name, enum cl_format *out);
/* "text, json, sarif, github, yaml or html", for messages and --help. */
const char *cl_format_names(void);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_FORMATS_H */
