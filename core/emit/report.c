// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * report.c - findings as YAML, and atomic output files
 */
#include "report.h"
#include "propose_text.h"
#include "names.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

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

/* A leaf classed by paths: paths: {tx: r, rx: rw}, and where that came from. */
static void put_paths(FILE *out, const struct cl_access *acc)
{
	fputs(", paths: {", out);
	for (uint32_t i = 0; i < acc->nuses; i++) {
		const struct cl_use *u = &acc->uses[i];

		fputs(i ? ", " : "", out);
		cl_put_quoted(out, u->path);
		fprintf(out, ": %s%s%s%s", u->flags & CL_USE_READ ? "r" : "",
			u->flags & CL_USE_WRITE ? "w" : "", u->flags & CL_USE_WRITE_SOME ? "s" : "",
			u->flags & CL_USE_CONCURRENT ? "c" : "");
	}
	fputc('}', out);
	if (acc->source) {
		fputs(", from: ", out);
		cl_put_quoted(out, acc->source);
	}
}

static void put_leaf(FILE *out, const char *key, const struct cl_leaf *l,
		     const struct cl_span *where)
{
	fprintf(out, "        %s: {path: ", key);
	cl_put_quoted(out, l->path);
	if (l->member)
		fprintf(out, ", offset: %" PRIu64 ", bit-offset: %" PRIu64
			", bit-size: %" PRIu64 ", class: %s",
			l->bit_offset / 8, l->bit_offset, l->bit_size,
			cl_class_name(l->access.cls));
	/* A class no annotation shows: say which counts it rests on. */
	if (l->member && l->access.origin == CL_ORIGIN_INFERRED && l->access.has_counts)
		fprintf(out, ", inferred-from: {reads: %" PRIu64 ", writes: %" PRIu64 "}",
			l->access.reads, l->access.writes);
	if (l->access.group) {
		fputs(", group: ", out);
		cl_put_quoted(out, l->access.group);
	}
	if (l->member && l->access.cls == CL_CLASS_PATHS)
		put_paths(out, &l->access);
	if (where->file) {
		fputs(", file: ", out);
		cl_put_quoted(out, cl_span_shown_file(where));
		fprintf(out, ", line: %u, column: %u", cl_span_shown_line(where), where->col);
	}
	fputs("}\n", out);
}

static void put_finding(FILE *out, const struct cl_finding *f)
{
	fprintf(out, "      - rule: %s\n", cl_rule_info(f->rule)->id);
	fprintf(out, "        severity: %s\n", cl_severity_name(f->severity));
	fputs("        message: ", out);
	cl_put_quoted(out, f->message);
	fputc('\n', out);
	if (f->a.path)
		put_leaf(out, "field", &f->a, &f->where);
	if (f->b.path) {
		put_leaf(out, "other", &f->b, &f->note_where);
		fprintf(out, "        %s: %" PRIu64 "\n",
			cl_rule_meet_key(f->rule), f->line);
		fprintf(out, "        placements: {conflicting: %u, of: %u}\n",
			f->hits, f->placements);
	}
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
static void put_text(FILE *out, const struct cl_record *rec, const struct cl_rewrite *rw)
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
	cl_put_quoted(out, buf);
	free(buf);
}

/*
 * The assert lines of @rec's groups with its members in @order (@n of them)
 * at bit offsets @offset (per position): MEMBER lines for each member of a
 * group, then the group's SIZE line at its end marker.
 */
static const char *group_asserts(const struct cl_record *rec, size_t n, const size_t *order,
				 const uint64_t *offset, struct cl_arena *a)
{
	const char *begin = "__cacheline_group_begin__", *end = "__cacheline_group_end__";
	const char *group = NULL, *kind = rec->kind == CL_UNION ? "union" : "struct";
	struct cl_strbuf text = { 0 };
	uint64_t from = 0;

	if (!rec->name || rec->typedef_name)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const struct cl_member *m = &rec->members[order ? order[i] : i];
		uint64_t at = offset ? offset[i] : m->bit_offset;

		if (!m->name)
			continue;
		if (!strncmp(m->name, begin, strlen(begin))) {
			group = m->name + strlen(begin);
			from = at + m->bit_size;
		} else if (!strncmp(m->name, end, strlen(end))) {
			/* the kernel's macro: offsetof(end) - offsetofend(begin) */
			if (group && !strcmp(group, m->name + strlen(end)) && at >= from)
				cl_strbuf_printf(&text, "\tCACHELINE_ASSERT_GROUP_SIZE(%s %s, %s, %" PRIu64 ");\n",
						 kind, rec->name, group, (at - from) / 8);
			group = NULL;
		} else if (group && strncmp(m->name, "__cacheline_group_", 18) &&
			   !(m->flags & CL_MEMBER_BITFIELD)) {
			/* offsetof() takes no bit-field: the kernel lists none */
			cl_strbuf_printf(&text, "\tCACHELINE_ASSERT_GROUP_MEMBER(%s %s, %s, %s);\n",
					 kind, rec->name, group, m->name);
		}
	}
	return cl_strbuf_take(&text, a);
}

const char *cl_proposal_group_asserts(const struct cl_proposal *p, struct cl_arena *a)
{
	return group_asserts(p->rec, p->n, p->order, p->offset, a);
}

const char *cl_record_group_asserts(const struct cl_record *rec, struct cl_arena *a)
{
	return group_asserts(rec, rec->nmembers, NULL, NULL, a);
}

static void put_proposal(FILE *out, const struct cl_report_proposal *rp)
{
	const struct cl_proposal *p = rp->p;
	const char *asserts;
	struct cl_arena a;

	fputs("    proposal:\n", out);
	if (!p) {
		fputs("      none: ", out);
		cl_put_quoted(out, rp->reason);
		fputc('\n', out);
		return;
	}
	fputs("      order: [", out);
	for (size_t i = 0; i < p->n; i++) {
		const struct cl_member *m = &rp->rec->members[p->order[i]];

		fputs(i ? ", " : "", out);
		cl_put_quoted(out, m->name ? m->name : "");
	}
	fputs("]\n      aligned: {", out);
	for (size_t i = 0, k = 0; i < p->n; i++) {
		if (!p->align[i])
			continue;
		fputs(k++ ? ", " : "", out);
		cl_put_quoted(out, rp->rec->members[p->order[i]].name);
		fprintf(out, ": %" PRIu32, p->align[i]);
	}
	/* only where a proposal pads (objects seen less than line-aligned) */
	for (size_t i = 0, k = 0; i < p->n; i++) {
		if (!p->pad[i])
			continue;
		fputs(k++ ? ", " : "}\n      padded-after: {", out);
		cl_put_quoted(out, rp->rec->members[p->order[i]].name);
		fprintf(out, ": %" PRIu32, p->pad[i]);
	}
	fprintf(out, "}\n      size: {before: %" PRIu64 ", after: %" PRIu64 "}\n"
		"      cachelines: {before: %" PRIu64 ", after: %" PRIu64 "}\n",
		rp->rec->size, p->size, p->old_lines, p->new_lines);
	if (p->gave_up) {
		fputs("      gave-up: ", out);
		cl_put_quoted(out, p->gave_up);
		fputc('\n', out);
	}
	cl_arena_init(&a);
	asserts = cl_proposal_group_asserts(p, &a);
	if (asserts) {
		fputs("      kernel-asserts: ", out);
		cl_put_quoted(out, asserts);
		fputc('\n', out);
	}
	if (rp->rw) {
		fputs("      text: ", out);
		put_text(out, rp->rec, rp->rw);
		fputc('\n', out);
	} else {
		fputs("      patch: ", out);
		cl_put_quoted(out, rp->reason);
		fputc('\n', out);
	}
	cl_arena_free(&a);
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

static void put_record(FILE *out, const struct cl_report_info *info,
		       const struct cl_record *rec, const char *name,
		       const struct cl_findings *f)
{
	unsigned line = info->opt->line_size;

	const struct cl_finding *var = variable_finding(f, rec, name);

	fputs("  - struct: ", out);
	cl_put_quoted(out, name);
	fputc('\n', out);
	if (var) {
		/* between objects: the array, where it is declared */
		fputs("    variable: ", out);
		cl_put_quoted(out, var->variable);
		if (var->where.file) {
			fputs("\n    file: ", out);
			cl_put_quoted(out, cl_span_shown_file(&var->where));
			fprintf(out, "\n    line: %u", cl_span_shown_line(&var->where));
		}
		fputc('\n', out);
	}
	if (rec && rec->span.file) {
		fputs("    file: ", out);
		cl_put_quoted(out, cl_span_shown_file(&rec->span));
		fprintf(out, "\n    line: %u\n", cl_span_shown_line(&rec->span));
	}
	if (rec)
		fprintf(out, "    size: %" PRIu64 "\n    align: %" PRIu32
			"\n    cachelines: %" PRIu64 "\n",
			rec->size, rec->align, (rec->size + line - 1) / line);
	fputs("    findings:\n", out);
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].record == rec && !strcmp(f->v[i].record_name, name))
			put_finding(out, &f->v[i]);
	for (size_t i = 0; i < info->nproposals; i++)
		if (info->proposals[i].rec == rec)
			put_proposal(out, &info->proposals[i]);
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

	fputs("cachelint-report: 1\n", out);
	fprintf(out, "tool: {name: cachelint, version: \"%s\"}\n", info->tool_version);
	if (info->source) {
		fputs("source: ", out);
		cl_put_quoted(out, info->source);
		fputc('\n', out);
	}
	fprintf(out, "options: {line-size: %u, alignment: %s, adjacent: %s}\n",
		opt->line_size, opt->alignment == CL_ALIGN_ANY ? "any" : "line",
		opt->adjacent ? "true" : "false");
	fprintf(out, "summary: {structs-analysed: %zu, findings: %zu}\n",
		info->nrecords, f->n);
	fputs(f->n ? "structs:\n" : "structs: []\n", out);
	for (size_t i = 0; i < f->n; i++)
		if (!seen_before(f, i))
			put_record(out, info, f->v[i].record, f->v[i].record_name, f);
	return ferror(out) ? -1 : 0;
}

/* The N of ".../fd/N" (/proc/self/fd/N, /dev/fd/N), or -1. */
static int fd_number(const char *path)
{
	const char *p = strrchr(path, '/');
	char *end;
	long n;

	if (!p || p - path < 3 || strncmp(p - 3, "/fd", 3) || !p[1])
		return -1;
	n = strtol(p + 1, &end, 10);
	return *end || n < 0 || n > 1 << 20 ? -1 : (int)n;
}

/*
 * Write straight to @path: a device, a FIFO or a socket is not replaced.
 * A descriptor of this process (/dev/stdout is /proc/self/fd/1) is written
 * through, at its offset and with its O_APPEND, as the stream it is, not
 * opened again and truncated.
 */
static int write_in_place(const char *path, bool proc,
			  int (*write)(FILE *out, void *data), void *data)
{
	int fd = proc ? fd_number(path) : -1, dup_fd = fd >= 0 ? dup(fd) : -1;
	FILE *out = dup_fd >= 0 ? fdopen(dup_fd, "w") : fopen(path, "w");
	int rc;

	if (!out && dup_fd >= 0)
		close(dup_fd);

	if (!out)
		return -1;
	rc = write(out, data);
	if (fclose(out) != 0)
		rc = -1;
	return rc;
}

/* @path's directory part: "." for a bare name.  Returns a malloc'ed string. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* Whether @dir lies in /proc (where /dev/stdout and /dev/fd/N lead). */
static bool in_procfs(const char *dir)
{
	char *real = realpath(dir, NULL);
	bool yes = real && (!strcmp(real, "/proc") || !strncmp(real, "/proc/", 6));

	free(real);
	return yes;
}

/*
 * Follow @path's symbolic links as open(2) would, to the file that is
 * meant (which need not exist yet: a dangling link names the file to
 * create).  *@proc is set when a step goes through /proc: "/dev/stdout"
 * is a stream, not a file to replace.  Returns a malloc'ed path, or NULL
 * (errno: ELOOP after 40 links).
 */
static char *follow(const char *path, bool *proc)
{
	char *cur = strdup(path);

	*proc = false;
	for (int hops = 0; cur && hops <= 40; hops++) {
		char *dir = dir_of(cur), *target, *next;
		struct stat st;
		ssize_t n;

		if (!dir || in_procfs(dir))
			*proc = true;
		if (*proc || lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
			free(dir);
			return cur;
		}
		target = malloc((size_t)st.st_size + 2);
		n = target ? readlink(cur, target, (size_t)st.st_size + 1) : -1;
		if (n < 0) {
			free(target);
			free(dir);
			free(cur);
			return NULL;
		}
		target[n] = '\0';
		if (target[0] == '/') {
			next = target;
		} else {
			next = malloc(strlen(dir) + (size_t)n + 2);
			if (next)
				sprintf(next, "%s/%s", dir, target);
			free(target);
		}
		free(dir);
		free(cur);
		cur = next;
	}
	free(cur);
	errno = ELOOP;
	return NULL;
}

/*
 * A new file beside @target, created by open(2) with 0666 so that the
 * umask and the directory's default ACL apply as to any new file.
 */
static int create_temporary(const char *target, char **tmp)
{
	size_t len = strlen(target) + 32;
	struct timespec ts;

	*tmp = malloc(len);
	if (!*tmp)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	for (unsigned int i = 0; i < 100; i++) {
		unsigned long r = (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 16) ^
				  (i * 2654435761u);
		int fd;

		snprintf(*tmp, len, "%s.%08lx.tmp", target, r & 0xffffffffu);
		fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

int cl_write_atomic(const char *path, int (*write)(FILE *out, void *data), void *data)
{
	struct stat st;
	char *target, *tmp = NULL;
	bool proc, exists;
	FILE *out;
	int fd, rc = -1, saved;

	/*
	 * Only a regular file is replaced by rename(2): "-o /dev/null" must
	 * not turn /dev/null into a file, nor "-o /dev/stdout" replace the
	 * file the stream was redirected to.  A symbolic link is followed and
	 * kept, as the shell's '>' does.
	 */
	target = follow(path, &proc);
	if (!target)
		return -1;
	exists = stat(target, &st) == 0;
	if (proc || (exists && !S_ISREG(st.st_mode))) {
		rc = write_in_place(proc ? target : path, proc, write, data);
		goto out_target;
	}
	fd = create_temporary(target, &tmp);
	if (fd < 0)
		goto out_free;
	/* an existing file keeps its mode */
	if ((exists && fchmod(fd, st.st_mode & 07777) != 0) || !(out = fdopen(fd, "w"))) {
		close(fd);
		goto out_unlink;
	}
	rc = write(out, data);
	if (fclose(out) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, target) == 0)
		goto out_free;
	rc = -1;
out_unlink:
	saved = errno;
	unlink(tmp);
	errno = saved;
out_free:
	saved = errno;
	free(tmp);
	errno = saved;
out_target:
	saved = errno;
	free(target);
	errno = saved;
	return rc;
}
