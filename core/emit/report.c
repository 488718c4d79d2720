// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * report.c - findings as YAML (libyaml's emitter)
 */
#include "report.h"
#include "files.h"
#include "propose_text.h"
#include "names.h"
#include "yaml_writer.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A leaf classed by paths: paths: {tx: r, rx: rw}, and where that came from. */
static void put_paths(struct cl_yw *w, const struct cl_access *acc)
{
	cl_yw_word(w, "paths");
	cl_yw_map(w, true);
	for (uint32_t i = 0; i < acc->nuses; i++) {
		const struct cl_use *u = &acc->uses[i];
		char flags[8];

		snprintf(flags, sizeof(flags), "%s%s%s%s", u->flags & CL_USE_READ ? "r" : "",
			 u->flags & CL_USE_WRITE ? "w" : "", u->flags & CL_USE_WRITE_SOME ? "s" : "",
			 u->flags & CL_USE_CONCURRENT ? "c" : "");
		cl_yw_quoted(w, u->path);
		cl_yw_word(w, flags);
	}
	cl_yw_map_end(w);
	if (acc->source)
		cl_yw_key_quoted(w, "from", acc->source);
}

static void put_leaf(struct cl_yw *w, const char *key, const struct cl_leaf *l,
		     const struct cl_span *where)
{
	cl_yw_word(w, key);
	cl_yw_map(w, true);
	cl_yw_key_quoted(w, "path", l->path);
	if (l->member) {
		cl_yw_key_u64(w, "offset", l->bit_offset / 8);
		cl_yw_key_u64(w, "bit-offset", l->bit_offset);
		cl_yw_key_u64(w, "bit-size", l->bit_size);
		cl_yw_word(w, "class");
		cl_yw_word(w, cl_class_name(l->access.cls));
	}
	/* A class no annotation shows: say which counts it rests on. */
	if (l->member && l->access.origin == CL_ORIGIN_INFERRED && l->access.has_counts) {
		cl_yw_word(w, "inferred-from");
		cl_yw_map(w, true);
		cl_yw_key_u64(w, "reads", l->access.reads);
		cl_yw_key_u64(w, "writes", l->access.writes);
		cl_yw_map_end(w);
	}
	if (l->access.group)
		cl_yw_key_quoted(w, "group", l->access.group);
	if (l->member && l->access.cls == CL_CLASS_PATHS)
		put_paths(w, &l->access);
	if (where->file) {
		cl_yw_key_quoted(w, "file", cl_span_shown_file(where));
		cl_yw_key_u64(w, "line", cl_span_shown_line(where));
		cl_yw_key_u64(w, "column", where->col);
	}
	cl_yw_map_end(w);
}

static void put_finding(struct cl_yw *w, const struct cl_finding *f)
{
	cl_yw_map(w, false);
	cl_yw_word(w, "rule");
	cl_yw_word(w, cl_rule_info(f->rule)->id);
	cl_yw_word(w, "severity");
	cl_yw_word(w, cl_severity_name(f->severity));
	cl_yw_key_quoted(w, "message", f->message);
	if (f->a.path)
		put_leaf(w, "field", &f->a, &f->where);
	if (f->b.path) {
		put_leaf(w, "other", &f->b, &f->note_where);
		cl_yw_key_u64(w, cl_rule_meet_key(f->rule), f->line);
		cl_yw_word(w, "placements");
		cl_yw_map(w, true);
		cl_yw_key_u64(w, "conflicting", f->hits);
		cl_yw_key_u64(w, "of", f->placements);
		cl_yw_map_end(w);
	}
	cl_yw_map_end(w);
}

/*
 * An alignment in a type is only as good as the storage: malloc() returns
 * 16-aligned memory on x86-64, and a 64-aligned member there is undefined
 * behaviour (UBSan: "misaligned address").  Every proposal that adds one
 * says so.
 */
static const char *storage_text(const struct cl_proposal *p, struct cl_arena *a)
{
	uint32_t n = cl_proposal_added_align(p);

	if (p->base_align)
		return cl_arena_printf(a, "; a line apart by padding, not alignment, since the objects were seen %" PRIu64 "-aligned",
				       p->base_align);
	if (!n)
		return "";
	return cl_arena_printf(a, "; objects need %" PRIu32 "-aligned storage (a static, or aligned_alloc(%" PRIu32 ", ...); malloc() gives 16)",
			       n, n);
}

/*
 * "; lines per path: rx 9 -> 7, tx 8 -> 7": what each path (and class)
 * touches as it is and as proposed (cl_path_lines()), "" when no path is
 * known.
 */
static const char *lines_text(const struct cl_proposal *p, struct cl_arena *a)
{
	struct cl_strbuf b = { 0 };

	for (size_t i = 0; i < p->npaths; i++)
		cl_strbuf_printf(&b, "%s%s %" PRIu64 " -> %" PRIu64, i ? ", " : "; lines per path: ",
				 p->lines_before[i].path, p->lines_before[i].lines,
				 p->lines_after[i].lines);
	return b.s ? cl_strbuf_take(&b, a) : "";
}

const char *cl_proposal_summary(const struct cl_report_proposal *rp, const char *record_name,
				struct cl_arena *a)
{
	const struct cl_proposal *p = rp->p;
	const char *remains = "";
	struct cl_strbuf aligned = { 0 };

	if (rp->remains)
		remains = cl_arena_printf(a, "; %s written by several writers: %s own line still moves between them",
					  rp->remains, strchr(rp->remains, ',') ? "their" : "its");
	if (!p || !rp->rw)
		return cl_arena_printf(a, "no patch is offered for '%s': %s%s", record_name,
				       rp->reason ? rp->reason : "no proposal", remains);
	for (size_t i = 0; i < p->n; i++)
		if (p->align[i])
			cl_strbuf_printf(&aligned, "%s'%s'", aligned.s ? ", " : "",
					 rp->rec->members[p->order[i]].name);
	if (aligned.s)
		cl_strbuf_printf(&aligned, " aligned to a new line; ");
	for (size_t i = 0; i < p->n; i++)
		if (p->pad[i])
			cl_strbuf_printf(&aligned, "%" PRIu32 " bytes of padding after '%s'; ",
					 p->pad[i], rp->rec->members[p->order[i]].name);
	return cl_arena_printf(a, "proposed reordering of '%s': %s%" PRIu64 " -> %" PRIu64
			       " bytes, %" PRIu64 " -> %" PRIu64 " cache lines%s%s%s%s%s",
			       record_name, aligned.s ? cl_strbuf_take(&aligned, a) : "",
			       rp->rec->size, p->size, p->old_lines, p->new_lines,
			       storage_text(p, a), p->gave_up ? "; " : "",
			       p->gave_up ? p->gave_up : "", remains, lines_text(p, a));
}

const char *cl_proposal_order(const struct cl_proposal *p, struct cl_arena *a)
{
	struct cl_strbuf order = { 0 }, aligned = { 0 };

	cl_strbuf_printf(&order, "order: ");
	for (size_t i = 0; i < p->n; i++) {
		const struct cl_member *m = &p->rec->members[p->order[i]];
		const char *name = cl_member_display(m, a);

		cl_strbuf_printf(&order, "%s%s", i ? ", " : "", name);
		if (p->align[i])
			cl_strbuf_printf(&aligned, "'%s' aligned to %" PRIu32 " bytes; ", name,
					 p->align[i]);
		if (p->pad[i])
			cl_strbuf_printf(&aligned, "%" PRIu32 " bytes of padding after '%s'; ",
					 p->pad[i], name);
	}
	cl_strbuf_printf(&order, "; %s%" PRIu64 " -> %" PRIu64 " bytes, %" PRIu64 " -> %" PRIu64
			 " cache line%s%s%s%s%s", aligned.s ? aligned.s : "", p->rec->size, p->size,
			 p->old_lines, p->new_lines, p->new_lines == 1 ? "" : "s",
			 storage_text(p, a), p->gave_up ? "; " : "", p->gave_up ? p->gave_up : "",
			 lines_text(p, a));
	cl_strbuf_free(&aligned);
	return cl_strbuf_take(&order, a);
}

/* The proposed struct as C: its header, the rewritten body, the closing. */
static void put_text(struct cl_yw *w, const struct cl_record *rec, const struct cl_rewrite *rw)
{
	size_t len = 0;
	char *buf = NULL;
	FILE *s = open_memstream(&buf, &len);
	const char *kind = rec->kind == CL_UNION ? "union" : "struct";

	if (rec->typedef_name)
		fprintf(s, "typedef %s {\n", kind);
	else
		fprintf(s, "%s %s {\n", kind, rec->name ? rec->name : "");
	for (unsigned l = rw->first_line; l <= rw->last_line; l++)
		fprintf(s, "%s\n", rw->lines[l - rw->first_line]);
	if (rec->typedef_name)
		fprintf(s, "} %s;\n", rec->name);
	else
		fputs("};\n", s);
	fclose(s);
	cl_yw_key_quoted(w, "text", buf);
	free(buf);
}

/*
 * The rewrite as `cachelint patch` takes it from a build's reports: the
 * file (absolute, so that units compiled in other folders name it alike),
 * the lines replaced, a hash of their text as this unit read it (a source
 * edited since the build is refused, not patched blind) and the new lines.
 */
static void put_edit(struct cl_yw *w, const struct cl_report_proposal *rp,
		     const struct cl_rewrite *rw)
{
	char *file = cl_path_absolute(rp->rec->span.file);
	char hash[32];

	snprintf(hash, sizeof(hash), "fnv1a:%016" PRIx64, cl_rewrite_source_hash(rp->src, rw));
	cl_yw_word(w, "edit");
	cl_yw_map(w, false);
	cl_yw_key_quoted(w, "file", file);
	cl_yw_key_u64(w, "first-line", rw->first_line);
	cl_yw_key_u64(w, "last-line", rw->last_line);
	cl_yw_key_quoted(w, "source", hash);
	cl_yw_word(w, "lines");
	cl_yw_seq(w, false);
	for (unsigned l = rw->first_line; l <= rw->last_line; l++)
		cl_yw_quoted(w, rw->lines[l - rw->first_line]);
	cl_yw_seq_end(w);
	cl_yw_map_end(w);
	free(file);
}

/**
 * struct asserts - the assert lines of one record, as its members are walked
 * @type: the type the kernel's macros take: "struct tcp_sock", or a
 *        typedef name ("sk_t"), which offsetof() takes as well
 * @text: the lines
 * @group: the group whose begin marker came last, or NULL
 * @from: the bit after that marker
 */
struct asserts {
	const char *type;
	struct cl_strbuf text;
	const char *group;
	uint64_t from;
};

/*
 * One member at bit @at: a marker opens or closes a group (the kernel's
 * macro: offsetof(end) - offsetofend(begin)), a member inside one gets a
 * MEMBER line.  The members of an anonymous struct or union are the
 * record's own to offsetof() (C11), markers and all: walked in place.
 */
static void assert_member(struct asserts *as, const struct cl_member *m, uint64_t at)
{
	static const char begin[] = "__cacheline_group_begin__", end[] = "__cacheline_group_end__";

	if (!m->name && m->record) {
		for (size_t i = 0; i < m->record->nmembers; i++)
			assert_member(as, &m->record->members[i], at + m->record->members[i].bit_offset);
		return;
	}
	if (!m->name)
		return;
	if (!strncmp(m->name, begin, strlen(begin))) {
		as->group = m->name + strlen(begin);
		as->from = at + m->bit_size;
	} else if (!strncmp(m->name, end, strlen(end))) {
		if (as->group && !strcmp(as->group, m->name + strlen(end)) && at >= as->from)
			cl_strbuf_printf(&as->text, "\tCACHELINE_ASSERT_GROUP_SIZE(%s, %s, %" PRIu64 ");\n",
					 as->type, as->group, (at - as->from) / 8);
		as->group = NULL;
	} else if (as->group && strncmp(m->name, "__cacheline_group_", 18) &&
		   !(m->flags & CL_MEMBER_BITFIELD)) {
		/* offsetof() takes no bit-field: the kernel lists none */
		cl_strbuf_printf(&as->text, "\tCACHELINE_ASSERT_GROUP_MEMBER(%s, %s, %s);\n",
				 as->type, as->group, m->name);
	}
}

/*
 * The assert lines of @rec's groups with its members in @order (@n of them)
 * at bit offsets @offset (per position): MEMBER lines for each member of a
 * group, then the group's SIZE line at its end marker.  A record without a
 * name (an anonymous struct with no typedef) has none: no type to name.
 */
static const char *group_asserts(const struct cl_record *rec, size_t n, const size_t *order,
				 const uint64_t *offset, struct cl_arena *a)
{
	struct asserts as = { 0 };

	if (!rec->name)
		return NULL;
	as.type = rec->typedef_name ? rec->name :
		  cl_arena_printf(a, "%s %s", rec->kind == CL_UNION ? "union" : "struct", rec->name);
	for (size_t i = 0; i < n; i++) {
		const struct cl_member *m = &rec->members[order ? order[i] : i];

		assert_member(&as, m, offset ? offset[i] : m->bit_offset);
	}
	return cl_strbuf_take(&as.text, a);
}

const char *cl_proposal_group_asserts(const struct cl_proposal *p, struct cl_arena *a)
{
	return group_asserts(p->rec, p->n, p->order, p->offset, a);
}

const char *cl_record_group_asserts(const struct cl_record *rec, struct cl_arena *a)
{
	return group_asserts(rec, rec->nmembers, NULL, NULL, a);
}

/*
 * A proposal with no edit says where its struct is defined, absolute:
 * `cachelint patch` refuses the struct for the whole build when one unit
 * has no edit for it (it was told why: reordering it here breaks the
 * program), and finds the other units' edits of it by that file.
 */
static void put_refused_file(struct cl_yw *w, const struct cl_report_proposal *rp)
{
	char *file;

	if (!rp->rec || !rp->rec->span.file)
		return;
	file = cl_path_absolute(rp->rec->span.file);
	cl_yw_key_quoted(w, "file", file);
	free(file);
}

static void put_proposal(struct cl_yw *w, const struct cl_report_proposal *rp)
{
	const struct cl_rewrite *rw = rp->rw ? rp->rw : rp->unshown;
	const struct cl_proposal *p = rp->p;
	const char *asserts;
	struct cl_arena a;
	bool padded = false;

	cl_yw_word(w, "proposal");
	cl_yw_map(w, false);
	if (!p) {
		cl_yw_key_quoted(w, "none", rp->reason);
		put_refused_file(w, rp);
		cl_yw_map_end(w);
		return;
	}
	cl_yw_word(w, "order");
	cl_yw_seq(w, true);
	for (size_t i = 0; i < p->n; i++) {
		const struct cl_member *m = &rp->rec->members[p->order[i]];

		cl_yw_quoted(w, m->name ? m->name : "");
	}
	cl_yw_seq_end(w);
	cl_yw_word(w, "aligned");
	cl_yw_map(w, true);
	for (size_t i = 0; i < p->n; i++) {
		if (!p->align[i])
			continue;
		cl_yw_quoted(w, rp->rec->members[p->order[i]].name);
		cl_yw_u64(w, p->align[i]);
	}
	cl_yw_map_end(w);
	/* only where a proposal pads (objects seen less than line-aligned) */
	for (size_t i = 0; i < p->n; i++) {
		if (!p->pad[i])
			continue;
		if (!padded) {
			cl_yw_word(w, "padded-after");
			cl_yw_map(w, true);
			padded = true;
		}
		cl_yw_quoted(w, rp->rec->members[p->order[i]].name);
		cl_yw_u64(w, p->pad[i]);
	}
	if (padded)
		cl_yw_map_end(w);
	cl_yw_word(w, "size");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "before", rp->rec->size);
	cl_yw_key_u64(w, "after", p->size);
	cl_yw_map_end(w);
	cl_yw_word(w, "cachelines");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "before", p->old_lines);
	cl_yw_key_u64(w, "after", p->new_lines);
	cl_yw_map_end(w);
	if (p->gave_up)
		cl_yw_key_quoted(w, "gave-up", p->gave_up);
	cl_arena_init(&a);
	asserts = cl_proposal_group_asserts(p, &a);
	if (asserts)
		cl_yw_key_quoted(w, "kernel-asserts", asserts);
	if (rw) {
		put_text(w, rp->rec, rw);
		if (rp->src && rp->rec->span.file)
			put_edit(w, rp, rw);
		/* the compiler did not show it: why, and the edit stays */
		if (!rp->rw)
			cl_yw_key_quoted(w, "fix-its", rp->reason);
	} else {
		cl_yw_key_quoted(w, "patch", rp->reason);
		put_refused_file(w, rp);
	}
	cl_arena_free(&a);
	cl_yw_map_end(w);
}

/* The finding about a variable among those of @rec and @name, or NULL. */
static const struct cl_finding *variable_finding(const struct cl_findings *f,
						 const struct cl_record *rec, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].variable && f->v[i].record == rec && !strcmp(f->v[i].record_name, name))
			return &f->v[i];
	return NULL;
}

static void put_record(struct cl_yw *w, const struct cl_report_info *info,
		       const struct cl_record *rec, const char *name,
		       const struct cl_findings *f)
{
	unsigned line = info->opt->line_size;

	const struct cl_finding *var = variable_finding(f, rec, name);

	cl_yw_map(w, false);
	cl_yw_key_quoted(w, "struct", name);
	if (var) {
		/* between objects: the array, where it is declared */
		cl_yw_key_quoted(w, "variable", var->variable);
		if (var->where.file) {
			cl_yw_key_quoted(w, "file", cl_span_shown_file(&var->where));
			cl_yw_key_u64(w, "line", cl_span_shown_line(&var->where));
		}
	}
	if (rec && rec->span.file) {
		cl_yw_key_quoted(w, "file", cl_span_shown_file(&rec->span));
		cl_yw_key_u64(w, "line", cl_span_shown_line(&rec->span));
	}
	if (rec) {
		cl_yw_key_u64(w, "size", rec->size);
		cl_yw_key_u64(w, "align", rec->align);
		cl_yw_key_u64(w, "cachelines", (rec->size + line - 1) / line);
	}
	cl_yw_word(w, "findings");
	cl_yw_seq(w, false);
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].record == rec && !strcmp(f->v[i].record_name, name))
			put_finding(w, &f->v[i]);
	cl_yw_seq_end(w);
	for (size_t i = 0; i < info->nproposals; i++)
		if (info->proposals[i].rec == rec)
			put_proposal(w, &info->proposals[i]);
	cl_yw_map_end(w);
}

static bool seen_before(const struct cl_findings *f, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (f->v[j].record == f->v[i].record &&
		    !strcmp(f->v[j].record_name, f->v[i].record_name))
			return true;
	return false;
}

int cl_report_yaml(FILE *out, const struct cl_report_info *info,
		   const struct cl_findings *f)
{
	const struct cl_options *opt = info->opt;
	struct cl_yw *w = cl_yw_open(out);

	cl_yw_map(w, false);
	cl_yw_key_u64(w, "cachelint-report", 1);
	cl_yw_word(w, "tool");
	cl_yw_map(w, true);
	cl_yw_word(w, "name");
	cl_yw_word(w, "cachelint");
	cl_yw_key_quoted(w, "version", info->tool_version);
	cl_yw_map_end(w);
	if (info->source)
		cl_yw_key_quoted(w, "source", info->source);
	cl_yw_word(w, "options");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "line-size", opt->line_size);
	cl_yw_word(w, "alignment");
	cl_yw_word(w, opt->alignment == CL_ALIGN_ANY ? "any" : "line");
	cl_yw_word(w, "adjacent");
	cl_yw_word(w, opt->adjacent ? "true" : "false");
	cl_yw_map_end(w);
	cl_yw_word(w, "summary");
	cl_yw_map(w, true);
	cl_yw_key_u64(w, "structs-analysed", info->nrecords);
	cl_yw_key_u64(w, "findings", f->n);
	cl_yw_map_end(w);
	cl_yw_word(w, "structs");
	cl_yw_seq(w, false);	/* "structs: []" when there is none */
	for (size_t i = 0; i < f->n; i++)
		if (!seen_before(f, i))
			put_record(w, info, f->v[i].record, f->v[i].record_name, f);
	cl_yw_seq_end(w);
	cl_yw_map_end(w);
	return cl_yw_close(w) || ferror(out) ? -1 : 0;
}
