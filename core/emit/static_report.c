// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * static_report.c - `cachelint report` of a profile the static tier wrote
 * (`cachelint infer`, `evidence: static`): its structs in rank order, each
 * member with its class and the accesses it was inferred from
 *
 *   #1  struct page_counter: 1 write-hot member, 2 read-mostly members
 *       write_hot    usage.counter: updated atomically in page_counter_charge (mm/page_counter.c:71)
 *       read_mostly  parent: read in page_counter_charge (...), written only in page_counter_init (...)
 *
 * The rank is the profile's own order: core/infer writes the structs with
 * the most evidence first (docs/inference.md), and a merge keeps the order
 * of the files.  A member whose threads the code names (user space) has
 * the paths class: the threads that write and read it are shown.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "profile/access_profile.h"
#include "emit.h"
#include "emit_common.h"
#include "report.h"
#include "static_report.h"

size_t cl_static_report_count(const struct cl_profile *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->nstructs; i++)
		n += p->structs[i].statik && p->structs[i].nmembers;
	return n;
}

/* The next static struct at or after @i, p->nstructs when none is. */
static size_t next_static(const struct cl_profile *p, size_t i)
{
	while (i < p->nstructs && !(p->structs[i].statik && p->structs[i].nmembers))
		i++;
	return i;
}

static size_t count_class(const struct cl_profile_struct *s, enum cl_class cls)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nmembers; i++)
		n += s->members[i].access.cls == cls;
	return n;
}

/* "writes: producer; reads: consumer" for a member of the paths class. */
static void put_uses(FILE *out, const struct cl_access *acc, uint32_t flag, const char *what)
{
	const char *sep = "";

	for (uint32_t k = 0; k < acc->nuses; k++)
		if (acc->uses[k].flags & flag) {
			fprintf(out, "%s%s", *sep ? sep : what, acc->uses[k].path);
			sep = ", ";
		}
}

static void text_member(FILE *out, const struct cl_profile_member *m)
{
	fprintf(out, "    %-12s %s: ", cl_class_name(m->access.cls), m->path);
	if (m->access.cls == CL_CLASS_PATHS) {
		put_uses(out, &m->access, CL_USE_WRITE, "written by ");
		fputs(m->access.nuses ? "; " : "", out);
		put_uses(out, &m->access, CL_USE_READ, "read by ");
		fputs(m->from ? "; " : "", out);
	}
	fprintf(out, "%s\n", m->from ? m->from : "");
}

/* ", 3 read-mostly members": nothing for none. */
static void plural(FILE *out, const char **sep, size_t n, const char *what)
{
	if (!n)
		return;
	fprintf(out, "%s%zu %s%s", *sep, n, what, n == 1 ? "" : "s");
	*sep = ", ";
}

void cl_static_report_text(FILE *out, const struct cl_profile *p, size_t top, const char *name)
{
	size_t n = cl_static_report_count(p), rank = 0;

	fprintf(out, "%s: the %zu highest ranked struct%s of %zu inferred from the code "
		"(evidence: static)\n\n", name, n < top ? n : top, (n < top ? n : top) == 1 ? "" : "s",
		n);
	for (size_t i = next_static(p, 0); i < p->nstructs && rank < top;
	     i = next_static(p, i + 1)) {
		const struct cl_profile_struct *s = &p->structs[i];
		size_t paths = count_class(s, CL_CLASS_PATHS);
		const char *sep = "";

		fprintf(out, "#%zu  struct %s: ", ++rank, s->name);
		plural(out, &sep, count_class(s, CL_CLASS_WRITE_HOT), "write-hot member");
		plural(out, &sep, count_class(s, CL_CLASS_READ_MOSTLY), "read-mostly member");
		plural(out, &sep, paths, "member");
		fputs(paths ? " that named threads write or read\n" : "\n", out);
		for (size_t k = 0; k < s->nmembers; k++)
			text_member(out, &s->members[k]);
	}
}

static void json_uses(FILE *out, const char *key, const struct cl_access *acc, uint32_t flag)
{
	const char *sep = "";

	fprintf(out, ", \"%s\": [", key);
	for (uint32_t k = 0; k < acc->nuses; k++)
		if (acc->uses[k].flags & flag) {
			fputs(sep, out);
			cl_put_quoted(out, acc->uses[k].path);
			sep = ", ";
		}
	fputc(']', out);
}

void cl_static_report_json(FILE *out, const struct cl_profile *p, size_t top)
{
	size_t rank = 0;

	fputs("\"structs\": [", out);
	for (size_t i = next_static(p, 0); i < p->nstructs && rank < top;
	     i = next_static(p, i + 1)) {
		const struct cl_profile_struct *s = &p->structs[i];

		fprintf(out, "%s\n  {\"rank\": %zu, \"struct\": ", rank ? "," : "", rank + 1);
		rank++;
		cl_put_quoted(out, s->name);
		fputs(", \"members\": [", out);
		for (size_t k = 0; k < s->nmembers; k++) {
			const struct cl_profile_member *m = &s->members[k];

			fputs(k ? ", {\"path\": " : "{\"path\": ", out);
			cl_put_quoted(out, m->path);
			fprintf(out, ", \"class\": \"%s\"", cl_class_name(m->access.cls));
			if (m->access.cls == CL_CLASS_PATHS) {
				json_uses(out, "write", &m->access, CL_USE_WRITE);
				json_uses(out, "read", &m->access, CL_USE_READ);
			}
			fputs(", \"from\": ", out);
			if (m->from)
				cl_put_quoted(out, m->from);
			else
				fputs("null", out);
			fputc('}', out);
		}
		fputs("]}", out);
	}
	fputs("\n]", out);
}

void cl_static_report_html(FILE *out, const struct cl_profile *p, size_t top)
{
	size_t rank = 0;

	fputs("<h2>Inferred from the code (evidence: static), highest ranked first</h2>\n"
	      "<table>\n<tr><th>#</th><th>struct</th><th>member</th><th>class</th>"
	      "<th>inferred from</th></tr>\n", out);
	for (size_t i = next_static(p, 0); i < p->nstructs && rank < top;
	     i = next_static(p, i + 1)) {
		const struct cl_profile_struct *s = &p->structs[i];

		rank++;
		for (size_t k = 0; k < s->nmembers; k++) {
			const struct cl_profile_member *m = &s->members[k];

			if (!k) {
				fprintf(out, "<tr><td rowspan=\"%zu\">%zu</td><td rowspan=\"%zu\">",
					s->nmembers, rank, s->nmembers);
				cl_put_html(out, s->name);
				fputs("</td>", out);
			} else {
				fputs("<tr>", out);
			}
			fputs("<td>", out);
			cl_put_html(out, m->path);
			fprintf(out, "</td><td>%s</td><td>", cl_class_name(m->access.cls));
			cl_put_html(out, m->from ? m->from : "");
			fputs("</td></tr>\n", out);
		}
	}
	fputs("</table>\n", out);
}
