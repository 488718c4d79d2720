// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * emit_sarif.c - findings as SARIF 2.1.0, for code scanning dashboards
 *
 * One run: tool.driver.rules lists every rule (ID, short description, the
 * `explain` text as help); each result has its ruleId, level, message, the
 * reported field's location, a relatedLocations entry for the other field
 * (with the note as its message) and partialFingerprints that survive
 * unrelated edits.  With a source root, artifact URIs are relative to it
 * (uriBaseId SRCROOT, declared in originalUriBaseIds); files outside it, and
 * absolute paths without one, are file:// URIs.  Columns count Unicode code
 * points (columnKind unicodeCodePoints).
 */
#include "baseline.h"
#include "emit.h"
#include "emit_common.h"
#include "source_cache.h"
#include "files.h"
#include "proposal_text.h"
#include "propose/propose_rewrite.h"
#include "report.h"
#include "rule_text.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#define SRCROOT "SRCROOT"

/* "cachelint-false-sharing" -> "FalseSharing" (SARIF's rule name). */
static void put_rule_name(FILE *out, const char *id)
{
	bool up = true;

	if (!strncmp(id, "cachelint-", 10))
		id += 10;
	fputc('"', out);
	for (; *id; id++) {
		if (*id == '-') {
			up = true;
			continue;
		}
		fputc(up ? toupper((unsigned char)*id) : *id, out);
		up = false;
	}
	fputc('"', out);
}

static void put_rules(FILE *out)
{
	fputs("          \"rules\": [", out);
	for (int r = 0; r < CL_RULE_COUNT; r++) {
		const struct cl_rule_info *ri = cl_rule_info((enum cl_rule)r);

		fprintf(out, "%s\n            {\"id\": \"%s\", \"name\": ", r ? "," : "", ri->id);
		put_rule_name(out, ri->id);
		fputs(",\n             \"shortDescription\": {\"text\": ", out);
		cl_put_quoted(out, ri->summary);
		fputs("},\n             \"fullDescription\": {\"text\": ", out);
		cl_put_quoted(out, ri->summary);
		fputs("},\n             \"help\": {\"text\": ", out);
		cl_put_quoted(out, cl_rule_help((enum cl_rule)r));
		fprintf(out, "},\n             \"defaultConfiguration\": {\"level\": \"%s\"}}",
			cl_severity_name(ri->severity));
	}
	fputs("\n          ]\n", out);
}

static void put_artifact(FILE *out, const char *file, const char *root)
{
	char *rel = root ? cl_path_relative(file, root) : NULL;

	fputs("\"artifactLocation\": {\"uri\": \"", out);
	if (rel) {
		cl_put_uri_path(out, rel);
		fputs("\", \"uriBaseId\": \"" SRCROOT "\"}", out);
		free(rel);
	} else if (file[0] == '/' || root) {
		char *abs = cl_path_absolute(file);

		fputs("file://", out);
		cl_put_uri_path(out, abs);
		fputs("\"}", out);
		free(abs);
	} else {
		cl_put_uri_path(out, file);
		fputs("\"}", out);
	}
}

static void put_physical(FILE *out, struct cl_source_cache *src, const struct cl_span *s,
			 const char *name, const char *root)
{
	unsigned col;

	fputs("\"physicalLocation\": {", out);
	put_artifact(out, cl_span_shown_file(s), root);
	if (s->line) {
		fprintf(out, ", \"region\": {\"startLine\": %u", cl_span_shown_line(s));
		if (s->col) {
			col = cl_source_column(src, s->file, s->line, s->col, CL_COLUMN_CODEPOINT);
			fprintf(out, ", \"startColumn\": %u", col);
			if (name && *name)
				fprintf(out, ", \"endColumn\": %zu", col + strlen(name));
		}
		fputc('}', out);
	}
	fputc('}', out);
}

static const char *member_name(const struct cl_leaf *l)
{
	return l->member ? l->member->name : NULL;
}

/*
 * A proposal as a SARIF fix: one replacement of the struct body's lines
 * (the body keeps its number of lines), with the summary as description.
 */
static void put_fix(FILE *out, const struct cl_report_proposal *rp, const char *record_name,
		    const char *root)
{
	const struct cl_rewrite *rw = rp->rw;
	const char *last;
	char *text = NULL;
	size_t len = 0;
	FILE *s;
	struct cl_arena a;

	if (!rw || !rp->src || !rp->rec->span.file)
		return;
	last = rp->src->lines[rw->last_line - 1];
	s = open_memstream(&text, &len);
	for (unsigned l = rw->first_line; l <= rw->last_line; l++)
		fprintf(s, "%s%s", l > rw->first_line ? "\n" : "", rw->lines[l - rw->first_line]);
	fclose(s);
	cl_arena_init(&a);
	fputs(",\n         \"fixes\": [{\"description\": {\"text\": ", out);
	cl_put_quoted(out, cl_proposal_summary(rp, record_name, &a));
	fputs("},\n           \"artifactChanges\": [{", out);
	put_artifact(out, rp->rec->span.file, root);
	fprintf(out, ",\n             \"replacements\": [{\"deletedRegion\": {\"startLine\": %u, "
		"\"startColumn\": 1, \"endLine\": %u, \"endColumn\": %zu},\n"
		"               \"insertedContent\": {\"text\": ",
		rw->first_line, rw->last_line, strlen(last) + 1);
	cl_put_quoted(out, text);
	fputs("}}]}]}]", out);
	cl_arena_free(&a);
	free(text);
}

static void put_result(FILE *out, struct cl_source_cache *src, const struct cl_finding *f,
		       const char *root, const struct cl_report_proposal *rp)
{
	char fp[17];

	fprintf(out, "        {\"ruleId\": \"%s\", \"ruleIndex\": %d, \"level\": \"%s\",\n",
		cl_rule_info(f->rule)->id, (int)f->rule, cl_severity_name(f->severity));
	fputs("         \"message\": {\"text\": ", out);
	cl_put_quoted(out, f->message);
	fputs("},\n         \"locations\": [", out);
	if (f->where.file) {
		fputc('{', out);
		put_physical(out, src, &f->where, member_name(&f->a), root);
		fputc('}', out);
	}
	fputc(']', out);
	if (f->note && f->note_where.file) {
		fputs(",\n         \"relatedLocations\": [{\"id\": 1, ", out);
		put_physical(out, src, &f->note_where, member_name(&f->b), root);
		fputs(", \"message\": {\"text\": ", out);
		cl_put_quoted(out, f->note);
		fputs("}}]", out);
	}
	fprintf(out, ",\n         \"partialFingerprints\": {\"cachelintFinding/v1\": \"%s\"}",
		cl_finding_fingerprint(f, fp));
	if (rp && rp->rw)
		put_fix(out, rp, f->record_name, root);
	fputs(",\n         \"properties\": {\"struct\": ", out);
	cl_put_quoted(out, f->record_name);
	fputs("}}", out);
}

static void put_base(FILE *out, const char *root)
{
	char *abs = cl_path_absolute(root);
	size_t n = strlen(abs);

	fputs("      \"originalUriBaseIds\": {\"" SRCROOT "\": {\"uri\": \"file://", out);
	cl_put_uri_path(out, abs);
	fputs(n && abs[n - 1] == '/' ? "\"}},\n" : "/\"}},\n", out);
	free(abs);
}

int cl_emit_sarif(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info)
{
	struct cl_source_cache src;

	cl_source_cache_init(&src);
	fputs("{\n  \"$schema\": \"" SARIF_SCHEMA "\",\n  \"version\": \"2.1.0\",\n"
	      "  \"runs\": [\n    {\n      \"tool\": {\n        \"driver\": {\n"
	      "          \"name\": \"cachelint\",\n          \"version\": ", out);
	cl_put_quoted(out, info->tool_version);
	fputs(",\n", out);
	put_rules(out);
	fputs("        }\n      },\n", out);
	if (info->source_root)
		put_base(out, info->source_root);
	fputs("      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": [", out);
	for (size_t i = 0; i < f->n; i++) {
		fputs(i ? ",\n" : "\n", out);
		put_result(out, &src, &f->v[i], info->source_root, cl_emit_proposal(info, f, i));
	}
	fputs(f->n ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", out);
	cl_source_cache_free(&src);
	return ferror(out) ? -1 : 0;
}
