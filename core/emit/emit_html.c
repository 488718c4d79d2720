// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * emit_html.c - the findings as a picture: one self-contained HTML page
 *
 * False sharing is geometry, so the page draws it.  One section per record
 * with findings (every record for `cachelint layout`): each cache line is a
 * row of its real byte width, each leaf of the record a box at its offset
 * and size, coloured by its class (a write group by a hue of its own),
 * holes and tail padding hatched, and every conflicting pair joined by an
 * arc that carries its finding's message.  Below, the findings say in
 * words what the text format says (location, message, note) and why it
 * matters.  The proposed layout is drawn beside the current one with its
 * size and line counts.
 *
 * The page needs nothing but itself: inline CSS and SVG, no script, no
 * font or image from anywhere.  Hover shows each box's and arc's details
 * (SVG <title>), a click on a field name of a finding jumps to its box and
 * highlights it (CSS :target).  Colours follow prefers-color-scheme and print
 * on white.
 *
 * Every box carries what a test or a script needs to check it against the
 * model: data-path, data-bit-offset and data-bit-size (bit-fields are not
 * byte-sized), data-offset and data-size in bytes, data-class; every arc
 * data-rule, data-a and data-b; every finding data-where in the text
 * format's file:line:column.  Rows are drawn for a record that starts on a
 * line boundary (alignment=any findings name the line of their first
 * conflicting placement).
 */
#include "emit.h"
#include "emit_common.h"
#include "model/paths.h"
#include "proposal_text.h"
#include "source_cache.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "profile/access_profile.h"
#include "model/hash.h"
#include "propose/propose.h"
#include "report.h"
#include "rule_text.h"

#define ROW_W 640.0	/* px of one cache line, whatever its size */
#define RIGHT 14	/* room for the last tick */
#define LABEL_W 118	/* the line's name left of its row */
#define LANE_H 26	/* px of one row of boxes; overlapping union members stack */
#define ROW_GAP 22	/* px between rows: room for the arcs */
#define TOP 34		/* ruler and the first row's arcs */
#define ELIDED_H 16	/* a run of lines inside one member, drawn as one row */
#define MAX_LANES 8
#define MAX_LINES 1000000	/* beyond this a record is described, not drawn */
#define CHAR_W 6.7	/* px per character of an 11px monospace label */

/**
 * struct box - one leaf of the drawn record
 * @leaf: the leaf (path spelled out)
 * @lane: its lane in the rows (union members that overlap stack)
 * @id: its element id, the target of links to it
 * @marks: the leaves it conflicts with and how, for its tooltip
 */
struct box {
	struct cl_leaf *leaf;
	unsigned lane;
	const char *id;
	const char *marks;
};

/**
 * struct drawing - one layout of one record being drawn
 * @out: where to
 * @a: scratch
 * @rec: the record drawn (a proposal's model for the proposed layout)
 * @line_size: bytes per line
 * @bw: px per byte
 * @boxes: its leaves
 * @nboxes: number of @boxes
 * @paths: the paths of @boxes, to find the box of a finding's end
 * @lanes: lanes per row
 * @nlines: cache lines the record spans (at least 1)
 * @row_y: per line, the y of its row, or -1 for a line elided into the
 *         row of the run it is in
 * @height: of the whole picture
 * @groups: the write groups met so far on the page, for their hues
 */
struct drawing {
	FILE *out;
	struct cl_arena *a;
	const struct cl_record *rec;
	unsigned line_size;
	double bw;
	struct box *boxes;
	size_t nboxes;
	struct cl_path_order paths;
	unsigned lanes;
	uint64_t nlines;
	double *row_y;
	double height;
	struct cl_strset *groups;
};

/* ------------------------------------------------------------------ */
/* text                                                                 */

void cl_put_html(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		default:
			fputc(*s, out);
		}
	}
}

/* @s cut to @max characters with an ellipsis, or NULL when nothing fits. */
static const char *fit(struct cl_arena *a, const char *s, double width)
{
	size_t max = width > 4 ? (size_t)((width - 4) / CHAR_W) : 0;
	size_t n = strlen(s);

	if (n <= max)
		return s;
	if (max < 3)
		return NULL;
	return cl_arena_printf(a, "%.*s\xe2\x80\xa6", (int)(max - 1), s);	/* U+2026 */
}

static const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/*
 * A write group's hue: the groups in the order the page meets them take
 * well-separated hues that are neither write_hot's red nor read_mostly's
 * blue, the same for one name in every section.
 */
static unsigned group_hue(struct cl_strset *groups, const char *group)
{
	static const unsigned hues[] = { 275, 140, 35, 185, 320, 75, 250, 165 };
	size_t i;

	cl_strset_add(groups, group);
	for (i = 0; i < groups->n; i++)
		if (!strcmp(groups->v[i], group))
			break;
	return hues[i % (sizeof(hues) / sizeof(hues[0]))] + (unsigned)(i / 8) * 12;
}

/* The location as the text format prints it: file:line:column (display). */
static const char *where(struct cl_arena *a, struct cl_source_cache *src, const struct cl_span *s)
{
	const char *file = cl_span_shown_file(s);

	if (!s->file)
		return "";
	if (!s->line)
		return file;
	if (!s->col)
		return cl_arena_printf(a, "%s:%u", file, cl_span_shown_line(s));
	return cl_arena_printf(a, "%s:%u:%u", file, cl_span_shown_line(s),
			       cl_source_column(src, s->file, s->line, s->col, CL_COLUMN_DISPLAY));
}

/* ------------------------------------------------------------------ */
/* geometry                                                             */

static int by_offset(const void *x, const void *y)
{
	const struct box *p = *(struct box *const *)x, *q = *(struct box *const *)y;

	if (p->leaf->bit_offset != q->leaf->bit_offset)
		return p->leaf->bit_offset < q->leaf->bit_offset ? -1 : 1;
	return p->leaf < q->leaf ? -1 : p->leaf > q->leaf;
}

/* Lanes: a leaf goes to the first lane that is free at its offset. */
static void assign_lanes(struct drawing *d)
{
	struct box **sorted = cl_xmalloc((d->nboxes + 1) * sizeof(*sorted));
	uint64_t end[MAX_LANES] = { 0 };

	/* pointers to the boxes, so that a lane goes back to declaration order */
	for (size_t i = 0; i < d->nboxes; i++)
		sorted[i] = &d->boxes[i];
	qsort(sorted, d->nboxes, sizeof(*sorted), by_offset);
	d->lanes = 1;
	for (size_t i = 0; i < d->nboxes; i++) {
		const struct cl_leaf *l = sorted[i]->leaf;
		unsigned lane = 0;

		while (lane < MAX_LANES - 1 && l->bit_size && end[lane] > l->bit_offset)
			lane++;
		if (l->bit_offset + l->bit_size > end[lane])
			end[lane] = l->bit_offset + l->bit_size;
		if (lane + 1 > d->lanes)
			d->lanes = lane + 1;
		sorted[i]->lane = lane;
	}
	free(sorted);
}

/*
 * A line wholly inside one leaf that also fills the lines before and after
 * it (a big array) shows nothing new: runs of two or more such lines are
 * drawn as one short row.
 */
static void place_rows(struct drawing *d)
{
	uint64_t lb = (uint64_t)d->line_size * 8;
	unsigned char *inner = cl_xmalloc(d->nlines), *touched = cl_xmalloc(d->nlines);
	double y = TOP, row_h = d->lanes * LANE_H + ROW_GAP;

	memset(inner, 0, d->nlines);
	memset(touched, 0, d->nlines);
	for (size_t i = 0; i < d->nboxes; i++) {
		const struct cl_leaf *l = d->boxes[i].leaf;
		uint64_t first = l->bit_offset / lb, last;

		if (first >= d->nlines)
			continue;
		last = l->bit_size ? (l->bit_offset + l->bit_size - 1) / lb : first;
		if (last >= d->nlines)
			last = d->nlines - 1;
		touched[first] = touched[last] = 2;
		for (uint64_t k = first + 1; k < last; k++)
			inner[k] = inner[k] < 2 ? inner[k] + 1 : 2;
	}
	for (uint64_t k = 0; k < d->nlines;) {
		uint64_t run = 0;

		while (k + run < d->nlines && inner[k + run] == 1 && !touched[k + run])
			run++;
		if (run >= 2) {
			for (uint64_t j = 0; j < run; j++)
				d->row_y[k + j] = -1;
			d->row_y[k] = -y;	/* the run's row, marked by its sign */
			y += ELIDED_H + ROW_GAP;
			k += run;
			continue;
		}
		d->row_y[k++] = y;
		y += row_h;
	}
	d->height = y + 6;
	free(inner);
	free(touched);
}

/* x of bit @bit of a line, in px */
static double x_of(const struct drawing *d, uint64_t bit)
{
	return LABEL_W + (double)bit / 8.0 * d->bw;
}

/**
 * struct seg - the part of a leaf in one drawn row
 * @line: the line
 * @x: left edge, px
 * @y: top, px
 * @w: width, px
 */
struct seg {
	uint64_t line;
	double x, y, w;
};

/*
 * The part of @b in line @line, or 0 when it has none there or the line is
 * elided (a run's first line stands for the run).
 */
static int segment(const struct drawing *d, const struct box *b, uint64_t line, struct seg *s)
{
	uint64_t lb = (uint64_t)d->line_size * 8, lo = line * lb, hi = lo + lb;
	const struct cl_leaf *l = b->leaf;
	uint64_t from = l->bit_offset > lo ? l->bit_offset : lo;
	uint64_t to = l->bit_offset + l->bit_size < hi ? l->bit_offset + l->bit_size : hi;
	double y = d->row_y[line];

	if (y == -1 || (l->bit_size && from >= to) || (!l->bit_size && (l->bit_offset < lo ||
								       l->bit_offset >= hi)))
		return 0;
	s->line = line;
	s->x = x_of(d, from - lo);
	s->w = l->bit_size ? x_of(d, to - lo) - s->x : 2;
	if (y < 0) {	/* an elided run: a thin band */
		s->y = -y + 3;
		return 2;
	}
	s->y = y + b->lane * LANE_H;
	return 1;
}

static uint64_t first_line(const struct drawing *d, const struct cl_leaf *l)
{
	uint64_t line = l->bit_offset / ((uint64_t)d->line_size * 8);

	return line < d->nlines ? line : d->nlines - 1;
}

static uint64_t last_line(const struct drawing *d, const struct cl_leaf *l)
{
	uint64_t lb = (uint64_t)d->line_size * 8;
	uint64_t line = l->bit_size ? (l->bit_offset + l->bit_size - 1) / lb : l->bit_offset / lb;

	return line < d->nlines ? line : d->nlines - 1;
}

/* ------------------------------------------------------------------ */
/* drawing                                                              */

/* The box's classes: its access class, and whether it is in a pair. */
static void box_class(struct drawing *d, const struct box *b)
{
	const struct cl_leaf *l = b->leaf;

	const char *paths = NULL;

	/* a member classed by paths is coloured by the paths that write or read it */
	if (l->access.cls == CL_CLASS_PATHS)
		paths = cl_access_describe(&l->access, d->a);
	fprintf(d->out, " class=\"member cls-%s%s%s%s\"", cl_class_name(l->access.cls),
		l->access.group ? " grouped" : "",
		paths ? (cl_access_writes(&l->access) ? " written" : " read") : "",
		b->marks ? " conflicted" : "");
	if (l->access.group || paths)
		fprintf(d->out, " style=\"--hue:%u\"",
			group_hue(d->groups, paths ? paths : l->access.group));
}

static void ruler(struct drawing *d)
{
	unsigned step = d->line_size >= 16 ? d->line_size / 8 : 1;

	for (unsigned b = 0; b <= d->line_size; b += step)
		fprintf(d->out, "<text class=\"tick\" x=\"%.2f\" y=\"12\">%u</text>",
			x_of(d, (uint64_t)b * 8), b);
	fputc('\n', d->out);
}

static void rows(struct drawing *d)
{
	uint64_t size = d->rec->size;

	for (uint64_t k = 0; k < d->nlines; k++) {
		uint64_t lo = k * d->line_size, hi = lo + d->line_size - 1;
		double y = d->row_y[k], h = d->lanes * LANE_H;
		uint64_t end = k;

		if (y == -1)
			continue;
		if (y < 0) {	/* a run of elided lines */
			while (end + 1 < d->nlines && d->row_y[end + 1] == -1)
				end++;
			y = -y;
			h = ELIDED_H;
			hi = end * d->line_size + d->line_size - 1;
		}
		fprintf(d->out, "<g class=\"line%s\" data-line=\"%" PRIu64 "\"", end > k ? " elided" : "", k);
		if (end > k)
			fprintf(d->out, " data-last-line=\"%" PRIu64 "\"", end);
		fprintf(d->out, "><rect class=\"row\" x=\"%d\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>",
			LABEL_W, y, ROW_W, h);
		if (end > k)
			fprintf(d->out, "<text class=\"lineno\" x=\"2\" y=\"%.2f\">lines %" PRIu64 "-%" PRIu64 "</text>",
				y + 12, k, end);
		else
			fprintf(d->out, "<text class=\"lineno\" x=\"2\" y=\"%.2f\">line %" PRIu64 "</text>"
				"<text class=\"bytes\" x=\"2\" y=\"%.2f\">%" PRIu64 "-%" PRIu64 "</text>",
				y + 12, k, y + 23, lo, hi);
		/* bytes of the last line that are not the record's */
		if (hi >= size && !(end > k)) {
			double x = x_of(d, size > lo ? (size - lo) * 8 : 0);

			fprintf(d->out, "<rect class=\"beyond\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>",
				x, y, LABEL_W + ROW_W - x, h);
		}
		fputs("</g>\n", d->out);
	}
}

/* Bits [@lo, @hi) that no leaf covers: a hole, or the padding at the end. */
static void gap(struct drawing *d, uint64_t lo, uint64_t hi, bool padding)
{
	uint64_t lb = (uint64_t)d->line_size * 8;
	const char *kind = padding ? "padding" : "hole";

	fprintf(d->out, "<g class=\"%s\" data-bit-offset=\"%" PRIu64 "\" data-bit-size=\"%" PRIu64
		"\" data-offset=\"%" PRIu64 "\" data-size=\"%" PRIu64 "\"><title>", kind, lo, hi - lo,
		lo / 8, (hi - lo) / 8);
	if ((hi - lo) % 8 || lo % 8)
		fprintf(d->out, "%s: %" PRIu64 " bit%s at %" PRIu64 ":%" PRIu64, kind, hi - lo,
			plural(hi - lo, "", "s"), lo / 8, lo % 8);
	else
		fprintf(d->out, "%s: %" PRIu64 " byte%s at offset %" PRIu64, kind, (hi - lo) / 8,
			plural((hi - lo) / 8, "", "s"), lo / 8);
	fputs("</title>", d->out);
	for (uint64_t k = lo / lb; k < d->nlines && k * lb < hi; k++) {
		uint64_t from = lo > k * lb ? lo - k * lb : 0;
		uint64_t to = hi < (k + 1) * lb ? hi - k * lb : lb;
		double y = d->row_y[k];

		if (y == -1 || y < 0)
			continue;
		fprintf(d->out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%d\"/>",
			x_of(d, from), y, x_of(d, to) - x_of(d, from), d->lanes * LANE_H);
	}
	fputs("</g>\n", d->out);
}

static int by_start(const void *x, const void *y)
{
	const uint64_t *p = x, *q = y;

	return p[0] < q[0] ? -1 : p[0] > q[0];
}

static void holes(struct drawing *d)
{
	uint64_t (*iv)[2] = cl_arena_alloc(d->a, (d->nboxes + 1) * sizeof(*iv));
	uint64_t end = 0, size = d->rec->size * 8;
	size_t n = 0;

	for (size_t i = 0; i < d->nboxes; i++) {
		if (!d->boxes[i].leaf->bit_size)
			continue;
		iv[n][0] = d->boxes[i].leaf->bit_offset;
		iv[n][1] = iv[n][0] + d->boxes[i].leaf->bit_size;
		n++;
	}
	qsort(iv, n, sizeof(*iv), by_start);
	for (size_t i = 0; i < n; i++) {
		if (iv[i][0] > end)
			gap(d, end, iv[i][0], false);
		if (iv[i][1] > end)
			end = iv[i][1];
	}
	if (size > end)
		gap(d, end, size, true);
}

static void member_title(struct drawing *d, const struct box *b)
{
	const struct cl_leaf *l = b->leaf;
	const struct cl_member *m = l->member;

	fputs("<title>", d->out);
	cl_put_html(d->out, l->path);
	if (m && m->type) {
		fputs(": ", d->out);
		cl_put_html(d->out, m->type);
	}
	if (l->bit_offset % 8 || l->bit_size % 8 || (m && (m->flags & CL_MEMBER_BITFIELD)))
		fprintf(d->out, "\noffset %" PRIu64 ":%" PRIu64 ", %" PRIu64 " bit%s", l->bit_offset / 8,
			l->bit_offset % 8, l->bit_size, plural(l->bit_size, "", "s"));
	else
		fprintf(d->out, "\noffset %" PRIu64 ", size %" PRIu64, l->bit_offset / 8, l->bit_size / 8);
	fprintf(d->out, ", %s", cl_leaf_class(l));
	if (b->marks) {
		fputc('\n', d->out);
		cl_put_html(d->out, b->marks);
	}
	fputs("</title>", d->out);
}

static void member(struct drawing *d, const struct box *b)
{
	const struct cl_leaf *l = b->leaf;
	const struct seg *label = NULL;
	struct seg s, best = { 0 };

	fputs("<g", d->out);
	box_class(d, b);
	fprintf(d->out, " id=\"%s\" data-path=\"", b->id);
	cl_put_html(d->out, l->path);
	fprintf(d->out, "\" data-bit-offset=\"%" PRIu64 "\" data-bit-size=\"%" PRIu64
		"\" data-offset=\"%" PRIu64 "\" data-size=\"%" PRIu64 "\" data-class=\"%s\"",
		l->bit_offset, l->bit_size, l->bit_offset / 8, (l->bit_size + 7) / 8,
		cl_class_name(l->access.cls));
	if (l->access.group) {
		fputs(" data-group=\"", d->out);
		cl_put_html(d->out, l->access.group);
		fputc('"', d->out);
	}
	if (l->access.cls == CL_CLASS_PATHS) {
		fputs(" data-paths=\"", d->out);
		cl_put_html(d->out, cl_access_describe(&l->access, d->a));
		fputc('"', d->out);
	}
	fputc('>', d->out);
	member_title(d, b);
	for (uint64_t k = first_line(d, l); k <= last_line(d, l); k++) {
		int kind = segment(d, b, k, &s);

		if (!kind)
			continue;
		fprintf(d->out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%d\"%s/>", s.x,
			s.y, s.w, kind == 2 ? ELIDED_H - 6 : LANE_H - 2,
			l->bit_size ? "" : " class=\"zero\"");
		if (kind == 1 && s.w > best.w) {
			best = s;
			label = &best;
		}
	}
	if (label) {
		const char *text = fit(d->a, l->path, label->w);

		if (text) {
			fprintf(d->out, "<text class=\"label\" x=\"%.2f\" y=\"%.2f\">", label->x + 3,
				label->y + 16);
			cl_put_html(d->out, text);
			fputs("</text>", d->out);
		}
	}
	fputs("</g>\n", d->out);
}

/* The first box of @path, or NULL. */
static struct box *box_of(struct drawing *d, const char *path)
{
	size_t end, first;

	if (!path)
		return NULL;
	first = cl_path_order_find(&d->paths, path, false, &end);
	return first < end ? &d->boxes[d->paths.v[first].index] : NULL;
}

/* Where an arc meets @b: the top of its part in @line, else of its first. */
static void anchor(struct drawing *d, struct box *b, uint64_t line, double *x, double *y)
{
	struct seg s;

	if (!segment(d, b, line < d->nlines ? line : d->nlines - 1, &s)) {
		for (uint64_t k = first_line(d, b->leaf); k <= last_line(d, b->leaf); k++)
			if (segment(d, b, k, &s))
				break;
	}
	*x = s.x + s.w / 2;
	*y = s.y;
}

static const char *rule_slug(enum cl_rule r)
{
	return cl_rule_info(r)->id + strlen("cachelint-");
}

/*
 * The arc between the two ends of a pair, with the finding's message to
 * hover and its id (@finding) for scripts; no <a> in SVG, which the HTML
 * validator (tidy) rejects: the finding links to the boxes instead.
 */
static void arc(struct drawing *d, const struct cl_finding *f, const char *finding)
{
	struct box *a = box_of(d, f->a.path), *b = box_of(d, f->b.path);
	double x1, y1, x2, y2, lift;

	if (!a || !b)
		return;
	anchor(d, a, f->line, &x1, &y1);
	anchor(d, b, f->line, &x2, &y2);
	lift = 10 + (x2 > x1 ? x2 - x1 : x1 - x2) / 40;
	fprintf(d->out, "<g class=\"conflict rule-%s\"", rule_slug(f->rule));
	if (finding)
		fprintf(d->out, " data-finding=\"%s\"", finding);
	fprintf(d->out, " data-rule=\"%s\" data-a=\"", cl_rule_info(f->rule)->id);
	cl_put_html(d->out, f->a.path);
	fputs("\" data-b=\"", d->out);
	cl_put_html(d->out, f->b.path);
	fprintf(d->out, "\" data-line=\"%" PRIu64 "\"><title>", f->line);
	cl_put_html(d->out, f->message);
	fprintf(d->out, "</title><path d=\"M%.2f %.2fC%.2f %.2f %.2f %.2f %.2f %.2f\"/>"
		"<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\"/><circle cx=\"%.2f\" cy=\"%.2f\" r=\"2.5\"/>",
		x1, y1, x1, y1 - lift, x2, y2 - lift, x2, y2, x1, y1, x2, y2);
	fputs("</g>\n", d->out);
}

/* "false sharing with min, low" on each end of each pair, for tooltips. */
static void collect_marks(struct drawing *d, const struct cl_findings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		const struct cl_finding *fd = &f->v[i];
		const char *ends[2] = { fd->a.path, fd->b.path };

		if (fd->record != d->rec || !fd->a.path || !fd->b.path || !cl_rule_info(fd->rule)->meet)
			continue;
		for (int e = 0; e < 2; e++) {
			struct box *b = box_of(d, ends[e]);

			if (b)
				b->marks = cl_arena_printf(d->a, "%s%s!! %s with %s",
							   b->marks ? b->marks : "",
							   b->marks ? "\n" : "", rule_slug(fd->rule),
							   ends[1 - e]);
		}
	}
}

/*
 * Draw @rec (its leaves at their offsets) with the conflicts of @f; arcs of
 * finding i link to @ids[i] when @ids is given.
 */
static void draw(FILE *out, struct cl_arena *a, const struct cl_record *rec,
		 const struct cl_options *opt, const struct cl_findings *f, const char **ids,
		 const char *prefix, struct cl_strset *groups)
{
	struct drawing d = { .out = out, .a = a, .rec = rec, .line_size = opt->line_size,
			     .groups = groups };
	struct cl_leaf *leaves;

	d.bw = ROW_W / d.line_size;
	d.nlines = (rec->size + d.line_size - 1) / d.line_size;
	if (!d.nlines)
		d.nlines = 1;
	if (d.nlines > MAX_LINES) {
		fprintf(out, "<p class=\"too-big\">%" PRIu64 " cache lines: too many to draw.</p>\n",
			d.nlines);
		return;
	}
	d.nboxes = cl_record_leaves(rec, a, &leaves, true);
	d.boxes = cl_arena_alloc(a, (d.nboxes + 1) * sizeof(*d.boxes));
	for (size_t i = 0; i < d.nboxes; i++) {
		d.boxes[i] = (struct box){ &leaves[i], 0,
					   cl_arena_printf(a, "%s-m%zu", prefix, i), NULL };
		cl_path_order_add(&d.paths, leaves[i].path, i);
	}
	cl_path_order_sort(&d.paths);
	collect_marks(&d, f);
	assign_lanes(&d);
	d.row_y = cl_xmalloc(d.nlines * sizeof(*d.row_y));
	place_rows(&d);
	fprintf(out, "<svg class=\"lines\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
		"viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" data-line-size=\"%u\">\n",
		LABEL_W + ROW_W + RIGHT, d.height, LABEL_W + ROW_W + RIGHT, d.height, d.line_size);
	ruler(&d);
	rows(&d);
	holes(&d);
	for (size_t i = 0; i < d.nboxes; i++)
		member(&d, &d.boxes[i]);
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].record == rec && f->v[i].a.path && f->v[i].b.path &&
		    cl_rule_info(f->v[i].rule)->meet)
			arc(&d, &f->v[i], ids ? ids[i] : NULL);
	fputs("</svg>\n", out);
	free(d.row_y);
	cl_path_order_free(&d.paths);
}

/* ------------------------------------------------------------------ */
/* sections                                                             */

/**
 * struct page - the whole report being written
 * @out: where to
 * @f: the findings
 * @info: as given
 * @a: scratch
 * @src: source lines, for columns
 * @ids: per finding, its element id (NULL when it has no section)
 * @groups: the write groups met so far, for their hues
 * @leaves: the leaves of the record of the section being written
 * @paths: the paths of @leaves
 */
struct page {
	FILE *out;
	const struct cl_findings *f;
	const struct cl_emit_info *info;
	struct cl_arena a;
	struct cl_source_cache src;
	const char **ids;
	struct cl_strset groups;
	struct cl_leaf *leaves;
	struct cl_path_order paths;
};

static size_t lines_of(uint64_t size, unsigned line_size)
{
	return (size_t)((size + line_size - 1) / line_size);
}

static void caption(struct page *pg, const char *what, const struct cl_record *rec)
{
	unsigned ls = pg->info->opt->line_size;

	fprintf(pg->out, "<figcaption><b>%s</b>: <span class=\"size\">%" PRIu64 " byte%s</span>, "
		"<span class=\"lines\">%zu cache line%s</span>, %zu member%s</figcaption>\n", what,
		rec->size, plural(rec->size, "", "s"), lines_of(rec->size, ls),
		plural(lines_of(rec->size, ls), "", "s"), rec->nmembers, plural(rec->nmembers, "", "s"));
}

static const struct cl_report_proposal *given_proposal(const struct cl_emit_info *info,
						       const struct cl_record *rec)
{
	for (size_t i = 0; i < info->nproposals; i++)
		if (info->proposals[i].rec == rec)
			return &info->proposals[i];
	return NULL;
}

static bool has_fixable(const struct cl_findings *f, const struct cl_record *rec)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].record == rec && cl_rule_proposal_fixes(f->v[i].rule))
			return true;
	return false;
}

/*
 * The proposal beside the current layout: the pipeline's when it made one
 * (--propose), else made here -- the picture is where people look first.
 */
/* The lines each path touches as it is and as proposed (cl_path_lines()). */
static void path_lines_table(struct page *pg, const struct cl_proposal *p)
{
	if (!p->npaths)
		return;
	fputs("<table class=\"path-lines\"><tr><th>lines per path</th><th>as it is</th><th>as proposed</th><th>its bytes fit in</th></tr>\n",
	      pg->out);
	for (size_t i = 0; i < p->npaths; i++) {
		fputs("<tr><td>", pg->out);
		cl_put_html(pg->out, p->lines_before[i].path);
		fprintf(pg->out, "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td></tr>\n",
			p->lines_before[i].lines, p->lines_after[i].lines, p->lines_after[i].least);
	}
	fputs("</table>\n", pg->out);
}

static void proposed(struct page *pg, const struct cl_record *rec, const char *prefix)
{
	const struct cl_report_proposal *rp = given_proposal(pg->info, rec);
	const struct cl_proposal *p = rp ? rp->p : NULL;
	struct cl_proposal *mine;
	struct cl_findings own;
	unsigned ls = pg->info->opt->line_size;

	if (!p) {
		mine = cl_arena_alloc(&pg->a, sizeof(*mine));
		if (cl_propose(rec, pg->info->opt, &pg->a, mine)) {
			fputs("<figure class=\"layout proposed none\"><figcaption><b>no proposal</b>: ",
			      pg->out);
			cl_put_html(pg->out, mine->reason);
			fputs("</figcaption></figure>\n", pg->out);
			return;
		}
		p = mine;
	}
	fprintf(pg->out, "<figure class=\"layout proposed\" data-size=\"%" PRIu64 "\" data-lines=\"%zu\">\n",
		p->size, lines_of(p->size, ls));
	caption(pg, "as proposed", p->model);
	cl_findings_init(&own, &pg->a);
	cl_analyze(p->model, pg->info->opt, &own);
	draw(pg->out, &pg->a, p->model, pg->info->opt, &own, NULL,
	     cl_arena_printf(&pg->a, "%s-p", prefix), &pg->groups);
	cl_findings_free(&own);
	/* below the picture, so that both pictures start at one height */
	fputs("<p class=\"order\">", pg->out);
	cl_put_html(pg->out, cl_proposal_order(p, &pg->a));
	fputs("</p>\n", pg->out);
	path_lines_table(pg, p);
	fputs("</figure>\n", pg->out);
}

/* The first paragraph of the rule's page: what it costs on the hardware. */
static void why(struct page *pg, enum cl_rule r)
{
	const struct cl_rule_info *ri = cl_rule_info(r);

	fputs("<details><summary>", pg->out);
	cl_put_html(pg->out, ri->summary);
	fputs("</summary><p>", pg->out);
	cl_put_html(pg->out, cl_rule_cost(r, &pg->a));
	fprintf(pg->out, " (<code>cachelint explain %s</code>)</p></details>\n", ri->id);
}

/* A link to the first box of @path in the section's record, as draw() numbers them. */
static void link_to_box(struct page *pg, const char *prefix, const char *path)
{
	size_t end, first = cl_path_order_find(&pg->paths, path, false, &end);

	if (first < end) {
		fprintf(pg->out, "<a href=\"#%s-c-m%zu\">", prefix, pg->paths.v[first].index);
		cl_put_html(pg->out, path);
		fputs("</a>", pg->out);
		return;
	}
	cl_put_html(pg->out, path);
}

/* The leaves of the section's record, found by path for link_to_box(). */
static void index_leaves(struct page *pg, const struct cl_record *rec)
{
	size_t n = cl_record_leaves(rec, &pg->a, &pg->leaves, true);

	cl_path_order_free(&pg->paths);
	for (size_t i = 0; i < n; i++)
		cl_path_order_add(&pg->paths, pg->leaves[i].path, i);
	cl_path_order_sort(&pg->paths);
}

static void finding(struct page *pg, size_t i, const char *prefix)
{
	const struct cl_finding *fd = &pg->f->v[i];
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];
	size_t n = pg->info->profile ?
		cl_profile_finding_notes(pg->info->profile, pg->f, i, &pg->a, notes) : 0;

	fprintf(pg->out, "<li class=\"finding sev-%s\" id=\"%s\" data-rule=\"%s\" data-where=\"",
		cl_severity_name(fd->severity), pg->ids[i], cl_rule_info(fd->rule)->id);
	cl_put_html(pg->out, where(&pg->a, &pg->src, &fd->where));
	fputc('"', pg->out);
	if (fd->a.path && fd->b.path) {
		fputs(" data-a=\"", pg->out);
		cl_put_html(pg->out, fd->a.path);
		fputs("\" data-b=\"", pg->out);
		cl_put_html(pg->out, fd->b.path);
		fputc('"', pg->out);
	}
	fputs("><p><span class=\"loc\">", pg->out);
	cl_put_html(pg->out, where(&pg->a, &pg->src, &fd->where));
	fprintf(pg->out, "</span> <span class=\"sev\">%s:</span> <span class=\"msg\">",
		cl_severity_name(fd->severity));
	cl_put_html(pg->out, fd->message);
	fputs("</span></p>\n", pg->out);
	if (fd->a.path && fd->b.path && fd->record && prefix) {
		fputs("<p class=\"pair\">", pg->out);
		link_to_box(pg, prefix, fd->a.path);
		fputs(" &#8596; ", pg->out);
		link_to_box(pg, prefix, fd->b.path);
		fprintf(pg->out, " in line %" PRIu64 "</p>\n", fd->line);
	}
	if (fd->note && fd->note_where.file) {
		fputs("<p class=\"note\"><span class=\"loc\">", pg->out);
		cl_put_html(pg->out, where(&pg->a, &pg->src, &fd->note_where));
		fputs("</span> note: ", pg->out);
		cl_put_html(pg->out, fd->note);
		fputs("</p>\n", pg->out);
	}
	for (size_t k = 0; k < n; k++) {
		fputs("<p class=\"note\">note: ", pg->out);
		cl_put_html(pg->out, notes[k].text);
		fputs("</p>\n", pg->out);
	}
	why(pg, fd->rule);
	fputs("</li>\n", pg->out);
}

static void section(struct page *pg, size_t r)
{
	const struct cl_record *rec = pg->info->records[r];
	const char *prefix = cl_arena_printf(&pg->a, "r%zu", r);
	const char *name = cl_record_display(rec, &pg->a);
	size_t nf = 0;

	for (size_t i = 0; i < pg->f->n; i++)
		if (pg->f->v[i].record == rec) {
			pg->ids[i] = cl_arena_printf(&pg->a, "%s-f%zu", prefix, nf++);
		}
	fprintf(pg->out, "<section class=\"record\" id=\"%s\" data-struct=\"", prefix);
	cl_put_html(pg->out, name);
	fprintf(pg->out, "\" data-size=\"%" PRIu64 "\" data-findings=\"%zu\">\n<h2>", rec->size, nf);
	cl_put_html(pg->out, name);
	if (rec->span.file) {
		fputs(" <small>", pg->out);
		cl_put_html(pg->out, where(&pg->a, &pg->src, &rec->span));
		fputs("</small>", pg->out);
	}
	fputs("</h2>\n<div class=\"layouts\">\n", pg->out);
	fprintf(pg->out, "<figure class=\"layout current\" data-size=\"%" PRIu64 "\" data-lines=\"%zu\">\n",
		rec->size, lines_of(rec->size, pg->info->opt->line_size));
	caption(pg, "as it is", rec);
	draw(pg->out, &pg->a, rec, pg->info->opt, pg->f, pg->ids,
	     cl_arena_printf(&pg->a, "%s-c", prefix), &pg->groups);
	fputs("</figure>\n", pg->out);
	if (has_fixable(pg->f, rec))
		proposed(pg, rec, prefix);
	fputs("</div>\n", pg->out);
	if (nf) {
		index_leaves(pg, rec);
		fputs("<ol class=\"findings\">\n", pg->out);
		for (size_t i = 0; i < pg->f->n; i++)
			if (pg->f->v[i].record == rec)
				finding(pg, i, prefix);
		fputs("</ol>\n", pg->out);
	}
	fputs("</section>\n", pg->out);
}

/* Findings about no record drawn: profile structs that no input defines. */
static void loose_findings(struct page *pg)
{
	size_t n = 0, first = SIZE_MAX;

	for (size_t i = 0; i < pg->f->n; i++) {
		if (pg->ids[i])
			continue;
		pg->ids[i] = cl_arena_printf(&pg->a, "other-f%zu", n++);
		if (first == SIZE_MAX)
			first = i;
	}
	if (!n)
		return;
	fputs("<section class=\"other\" id=\"other\">\n<h2>Other findings</h2>\n<ol class=\"findings\">\n",
	      pg->out);
	for (size_t i = first; i < pg->f->n; i++)
		if (!strncmp(pg->ids[i], "other-f", 7))
			finding(pg, i, NULL);
	fputs("</ol>\n</section>\n", pg->out);
}

/* ------------------------------------------------------------------ */
/* the page                                                             */

static const char style[] =
	":root{color-scheme:light dark;--bg:#fff;--fg:#1d2125;--muted:#5f6b76;--row:#f1f3f5;"
	"--edge:#c9d0d6;--rm:#2f6fd6;--wh:#d9412b;--cold:#7d8f9e;--none:#b9c2ca;--conflict:#c2185b;"
	"--hole:#e8a33d;--target:#ffe27a;--card:#fafbfc}\n"
	"@media (prefers-color-scheme:dark){:root{--bg:#15181b;--fg:#e3e7ea;--muted:#9aa6b1;"
	"--row:#22272c;--edge:#3a424a;--rm:#5b9bff;--wh:#ff6b52;--cold:#8194a5;--none:#59636d;"
	"--conflict:#ff5c9a;--hole:#d4952f;--target:#7a6510;--card:#1b1f23}}\n"
	"body{background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;"
	"max-width:1800px;padding:0 1em}\n"
	"h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.15em;margin:0 0 .5em;font-family:monospace}"
	"h2 small{color:var(--muted);font-weight:normal;font-size:.8em}\n"
	"header p,.order,figcaption{color:var(--muted)}code,.loc,.msg{font-family:monospace}\n"
	".legend span{display:inline-block;margin-right:1.2em;white-space:nowrap}"
	".legend i{display:inline-block;width:1.1em;height:.9em;margin-right:.35em;vertical-align:-.1em;"
	"border:1px solid var(--edge)}\n"
	".sw-read_mostly{background:var(--rm)}.sw-write_hot{background:var(--wh)}"
	".sw-cold{background:var(--cold)}.sw-none{background:var(--none)}"
	".sw-group{background:hsl(150 55% 45%)}.sw-hole{background:repeating-linear-gradient(45deg,var(--hole) 0 2px,transparent 2px 5px)}"
	".sw-conflict{border:0!important;border-top:2px solid var(--conflict)!important;height:0!important}\n"
	"section{background:var(--card);border:1px solid var(--edge);border-radius:6px;padding:1em;margin:1.2em 0}\n"
	".layouts{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}"
	"figure{margin:0;flex:1 1 560px;min-width:0;max-width:800px}"
	"figure svg{width:100%;height:auto;display:block}\n"
	"svg text{fill:var(--fg);font:11px monospace}svg .tick,svg .bytes{fill:var(--muted);font-size:10px}"
	"svg .tick{text-anchor:middle}"
	"svg .lineno{font-weight:bold}\n"
	".row{fill:var(--row);stroke:var(--edge)}.beyond{fill:var(--bg);opacity:.85}"
	".elided .row{fill:none;stroke-dasharray:3 3}\n"
	".hole rect,.padding rect{fill:url(#cl-hatch);stroke:var(--hole);stroke-width:.5}"
	".padding rect{opacity:.6}\n"
	".member rect{stroke:var(--bg);stroke-width:1}.member .zero{stroke:var(--fg)}"
	".member:hover rect{stroke:var(--fg);stroke-width:2}\n"
	".cls-read_mostly rect{fill:var(--rm)}.cls-write_hot rect{fill:var(--wh)}"
	".cls-write_hot.grouped rect{fill:hsl(var(--hue) 60% 48%)}.cls-cold rect{fill:var(--cold)}"
	".cls-none rect{fill:var(--none)}"
	".cls-paths.written rect{fill:hsl(var(--hue) 60% 45%)}"
	".cls-paths.read rect{fill:hsl(var(--hue) 45% 68%)}\n"
	".member .label{fill:#fff;pointer-events:none}.cls-none .label{fill:var(--fg)}\n"
	".conflicted rect{stroke:var(--conflict);stroke-width:2}\n"
	".conflict path{fill:none;stroke:var(--conflict);stroke-width:1.6}"
	".conflict circle{fill:var(--conflict)}.conflict:hover path{stroke-width:3.5}"
	".rule-adjacent-line path{stroke-dasharray:5 3}.rule-write-groups path{stroke-dasharray:1 3}\n"
	":target{outline:3px solid var(--target)}li:target{background:var(--target)}"
	"g:target rect{stroke:var(--target);stroke-width:4}\n"
	".findings{padding-left:1.5em}.finding{margin:.4em 0;padding:.2em .4em}.finding p{margin:.15em 0}"
	".finding:hover{background:var(--row)}.sev{font-weight:bold}"
	".sev-warning .sev,.sev-error .sev{color:var(--wh)}.note{color:var(--muted)}"
	"details{color:var(--muted)}summary{cursor:pointer}\n"
	"nav ul{columns:3 18em;padding-left:1.2em}a{color:var(--rm)}\n"
	"@media print{:root{--bg:#fff;--fg:#000;--muted:#444;--row:#f1f3f5;--edge:#bbb;--card:#fff}"
	"body{margin:0;max-width:none;-webkit-print-color-adjust:exact;print-color-adjust:exact}"
	"section{break-inside:avoid}nav{display:none}details{display:none}}\n";

static void header(struct page *pg, size_t nsections)
{
	const struct cl_emit_info *info = pg->info;
	const char *title = info->source ? info->source : "cachelint report";

	/* the policy makes "needs nothing but itself" checkable: a browser
	 * refuses, and logs, any load from anywhere */
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n", pg->out);
	fprintf(pg->out, "<meta name=\"generator\" content=\"cachelint %s\">\n<title>cachelint: ",
		info->tool_version);
	cl_put_html(pg->out, title);
	fprintf(pg->out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", style);
	/* the hatching of holes, shared by every picture */
	fputs("<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">"
	      "<defs><pattern id=\"cl-hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" "
	      "patternTransform=\"rotate(45)\"><rect width=\"2\" height=\"5\" fill=\"#e8a33d\"/>"
	      "</pattern></defs></svg>\n<header>\n<h1>cachelint: ", pg->out);
	cl_put_html(pg->out, title);
	fprintf(pg->out, "</h1>\n<p>cachelint %s; line size %u bytes, alignment=%s%s; "
		"%zu struct%s analysed, %zu drawn, <span class=\"count\">%zu finding%s</span>. "
		"Each row is one cache line of a struct that starts on a line boundary.</p>\n",
		info->tool_version, info->opt->line_size,
		info->opt->alignment == CL_ALIGN_ANY ? "any" : "line", info->opt->adjacent ? ", adjacent" : "",
		info->nrecords, plural(info->nrecords, "", "s"), nsections, pg->f->n,
		plural(pg->f->n, "", "s"));
	fputs("<p class=\"legend\"><span><i class=\"sw-read_mostly\">&#160;</i>read_mostly</span>"
	      "<span><i class=\"sw-write_hot\">&#160;</i>write_hot</span>"
	      "<span><i class=\"sw-group\">&#160;</i>write_hot(group): a hue per group</span>"
	      "<span><i class=\"sw-cold\">&#160;</i>cold</span><span><i class=\"sw-none\">&#160;</i>not annotated</span>"
	      "<span><i class=\"sw-hole\">&#160;</i>hole / padding</span>"
	      "<span><i class=\"sw-conflict\">&#160;</i>conflicting pair (hover: the finding)</span></p>\n",
	      pg->out);
}

static bool drawn(const struct page *pg, const struct cl_record *rec)
{
	if (pg->info->every_record)
		return true;
	for (size_t i = 0; i < pg->f->n; i++)
		if (pg->f->v[i].record == rec)
			return true;
	return false;
}

static void contents(struct page *pg)
{
	size_t n = 0;

	for (size_t r = 0; r < pg->info->nrecords; r++)
		n += drawn(pg, pg->info->records[r]);
	if (n < 2)
		return;
	fputs("<nav><ul>\n", pg->out);
	for (size_t r = 0; r < pg->info->nrecords; r++) {
		if (!drawn(pg, pg->info->records[r]))
			continue;
		fprintf(pg->out, "<li><a href=\"#r%zu\">", r);
		cl_put_html(pg->out, cl_record_display(pg->info->records[r], &pg->a));
		fputs("</a></li>\n", pg->out);
	}
	fputs("</ul></nav>\n", pg->out);
}

int cl_emit_html(FILE *out, const struct cl_findings *f, const struct cl_emit_info *info)
{
	struct page pg = { .out = out, .f = f, .info = info };
	size_t n = 0;

	cl_arena_init(&pg.a);
	cl_source_cache_init(&pg.src);
	cl_strset_init(&pg.groups);
	pg.ids = cl_arena_alloc(&pg.a, (f->n + 1) * sizeof(*pg.ids));
	memset(pg.ids, 0, (f->n + 1) * sizeof(*pg.ids));
	for (size_t r = 0; r < info->nrecords; r++)
		n += drawn(&pg, info->records[r]);
	header(&pg, n);
	contents(&pg);
	fputs("</header>\n<main>\n", out);
	for (size_t r = 0; r < info->nrecords; r++)
		if (drawn(&pg, info->records[r]))
			section(&pg, r);
	loose_findings(&pg);
	if (!n && !f->n)
		fputs("<p class=\"clean\">No findings.</p>\n", out);
	fputs("</main>\n</body>\n</html>\n", out);
	cl_path_order_free(&pg.paths);
	cl_strset_free(&pg.groups);
	cl_source_cache_free(&pg.src);
	cl_arena_free(&pg.a);
	return ferror(out) ? -1 : 0;
}
