// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * emit_common.c - what the emitters share: the proposal a finding carries,
 * strings quoted for JSON and YAML, paths as URIs, a leaf's class in words
 */
#include "emit_common.h"

#include <stdint.h>
#include <string.h>

#include "model/names.h"
#include "report.h"

static bool is_conflict(const struct cl_finding *f)
{
	return cl_rule_proposal_fixes(f->rule);
}

const struct cl_report_proposal *cl_emit_proposal(const struct cl_emit_info *info,
						  const struct cl_findings *f, size_t i)
{
	const struct cl_finding *fd = &f->v[i];

	if (!is_conflict(fd) || !fd->record)
		return NULL;
	for (size_t k = 0; k < i; k++)
		if (f->v[k].record == fd->record && is_conflict(&f->v[k]))
			return NULL;
	for (size_t k = 0; k < info->nproposals; k++)
		if (info->proposals[k].rec == fd->record)
			return &info->proposals[k];
	return NULL;
}

/*
 * Names reach here escaped already (core/model/names.h); file paths and messages
 * may still hold anything.  JSON and YAML take only Unicode text, and YAML
 * no C1 control or U+FFFE/U+FFFF unescaped: those get \u escapes, and a
 * byte that is not UTF-8 becomes the text \xNN (an escaped backslash and
 * its hex), as names show it.
 */
void cl_put_quoted(FILE *out, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	fputc('"', out);
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		uint32_t cp;
		size_t len = cl_utf8_decode(s + i, n - i, &cp);

		if (!len) {
			fprintf(out, "\\\\x%02x", c);
			i++;
			continue;
		}
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (!cl_name_printable(cp) || cp == 0xfffe || cp == 0xffff)
			fprintf(out, "\\u%04x", (unsigned)cp);
		else
			fwrite(s + i, 1, len, out);
		i += len;
	}
	fputc('"', out);
}

void cl_put_uri_path(FILE *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-._~/", ch))
			fputc(ch, out);
		else
			fprintf(out, "%%%c%c", hex[ch >> 4], hex[ch & 15]);
	}
}

const char *cl_leaf_class(const struct cl_leaf *l)
{
	return cl_class_name(l->access.cls);
}
