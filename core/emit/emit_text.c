// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * emit_text.c - findings as GCC prints them with -fdiagnostics-plain-output
 *
 *   pc.h:17:30: warning: read-mostly field 'parent' shares cache line 0 ...
 *   pc.h:11:23: note: 'usage' is written on hot paths
 *
 * Byte for byte the plugin's lines: the column is GCC's display column, so
 * a field indented with tabs gets the same column from every front end.
 */
#include "emit.h"
#include "emit_common.h"
#include "proposal_text.h"
#include "source_cache.h"

#include "profile/access_profile.h"
#include "report.h"

static void put_location(FILE *out, struct cl_source_cache *src, const struct cl_span *s)
{
	if (!s->file) {
		fputs("cachelint: ", out);
		return;
	}
	/* the place #line gives, the column counted in the text itself */
	fputs(cl_span_shown_file(s), out);
	if (s->line) {
		fprintf(out, ":%u", cl_span_shown_line(s));
		if (s->col)
			fprintf(out, ":%u",
				cl_source_column(src, s->file, s->line, s->col, CL_COLUMN_DISPLAY));
	}
	fputs(": ", out);
}

/* As the plugin prints them: note-severity rules (true sharing, adjacent lines) as notes. */
static const char *label(enum cl_severity sev)
{
	return sev == CL_SEV_ERROR ? "error" : sev == CL_SEV_NOTE ? "note" : "warning";
}

int cl_emit_text(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info)
{
	struct cl_source_cache own, *src = info->src ? info->src : &own;
	struct cl_arena a;

	if (!info->src)
		cl_source_cache_init(&own);
	cl_arena_init(&a);
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *fd = &f->v[i];
		const struct cl_report_proposal *rp;
		struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];
		size_t n = info->profile ? cl_profile_finding_notes(info->profile, f, i, &a, notes) : 0;

		put_location(out, src, &fd->where);
		fprintf(out, "%s: %s\n", label(fd->severity), fd->message);
		if (fd->note && fd->note_where.file) {
			put_location(out, src, &fd->note_where);
			fprintf(out, "note: %s\n", fd->note);
		}
		/* classes no annotation shows: inferred from counts, or replaced */
		for (size_t k = 0; k < n; k++) {
			put_location(out, src, notes[k].where->file ? notes[k].where : &fd->where);
			fprintf(out, "note: %s\n", notes[k].text);
		}
		rp = cl_emit_proposal(info, f, i);
		if (rp) {
			put_location(out, src, rp->rec->span.file ? &rp->rec->span : &fd->where);
			fprintf(out, "note: %s\n", cl_proposal_summary(rp, fd->record_name, &a));
		}
	}
	cl_arena_free(&a);
	if (!info->src)
		cl_source_cache_free(&own);
	return ferror(out) ? -1 : 0;
}
