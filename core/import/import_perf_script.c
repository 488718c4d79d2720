// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * import_perf_script.c - `perf script` samples joined to struct members
 * through access maps (docs/importers.md, "perf-script")
 *
 * Plain sampling works on any machine (cpu-clock needs no PMU), and perf
 * script prints each sample's thread, CPU, time, code address, function
 * and, with -F +srcline, source line.  A sample's leaf frame is the
 * sampled instruction: its source line (perf's, or its address through a
 * --binary's line table) joins through the access map as a perf c2c row
 * does, by c2c_row_members() (the file by path suffix, the function, then
 * the line alone; at an inlined helper's line the outer struct's member),
 * and every member the map lists on that line gets the sample: a read if
 * the line reads it, a write if it writes it.  Counts are kept per thread
 * (user space) and per CPU (kernel), and with the time and the thread or
 * CPU, the samples of one window say which threads touched one cache line
 * at once.
 */
#include <stdlib.h>
#include <string.h>

#include "import_c2c.h"

/* Samples of two threads this close in time were taken at once. */
#define PS_WINDOW_NS 1000000ULL
/* The line the concurrency is judged at, the object taken to start on one. */
#define PS_LINE_SIZE 64
/* Threads (CPUs) named in an entry's comment. */
#define PS_ACTORS_SHOWN 4

/**
 * struct ps_sample - one sample of the script
 * @no: the input line of its first line
 * @tid: its thread, if @has_tid
 * @cpu: its CPU, -1 if not printed (perf record --sample-cpu, -a)
 * @ns: its time in nanoseconds, if @has_time
 * @ip: its leaf frame's code address, if @has_ip
 * @symoff: the address's offset in @sym, if @has_symoff ("charge+0x1c")
 * @sym: the leaf's function, NULL if perf printed none ("[unknown]")
 * @dso: the leaf's object, NULL if not printed
 * @src: the leaf's source line as perf printed it, NULL if none
 * @event: the event's name, NULL if not printed
 * @kernel: a kernel sample
 * @frames: frames read (the first is the leaf; the rest are its callers)
 * @ended: a blank line ended it (callchain output)
 * @chain: its frames are on lines of their own (perf record -g)
 */
struct ps_sample {
	unsigned no;
	uint64_t tid, ns, ip, symoff;
	int cpu;
	bool has_tid, has_time, has_ip, has_symoff, kernel, ended, chain;
	const char *sym, *dso, *src, *event;
	unsigned frames;
};

/**
 * struct ps_script - the samples of one file
 * @v: the samples
 * @n: how many
 * @cap: allocated
 * @cut: the line the file stops inside (no line ending), 0 if none
 */
struct ps_script {
	struct ps_sample *v;
	size_t n, cap;
	unsigned cut;
};

/* ------------------------------------------------------------------ */
/* Reading the script                                                   */
/* ------------------------------------------------------------------ */

static bool all_digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!imp_is_digit(s[i]))
			return false;
	return n > 0;
}

static bool is_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!imp_is_digit(s[i]) && !((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'f'))
			return false;
	return n > 0 && n <= 16;
}

static uint64_t hex_value(const char *s, size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++)
		v = v << 4 | (uint64_t)(imp_is_digit(s[i]) ? s[i] - '0' : (s[i] | 0x20) - 'a' + 10);
	return v;
}

/* "308.906687:" into nanoseconds. */
static bool parse_time(const char *s, size_t n, uint64_t *ns)
{
	const char *dot = memchr(s, '.', n);
	uint64_t sec, frac = 0;
	size_t digits;

	if (!dot || n < 4 || s[n - 1] != ':' || !imp_parse_u64(s, (size_t)(dot - s), &sec))
		return false;
	digits = n - 1 - (size_t)(dot + 1 - s);
	if (!digits || digits > 9 || !all_digits(dot + 1, digits) ||
	    sec >= UINT64_MAX / 1000000000)
		return false;
	for (size_t i = 0; i < 9; i++)
		frac = frac * 10 + (i < digits ? (uint64_t)(dot[1 + i] - '0') : 0);
	*ns = sec * 1000000000 + frac;
	return true;
}

/* "[001]" */
static bool parse_cpu(const char *s, size_t n, int *cpu)
{
	uint64_t v;

	if (n < 3 || s[0] != '[' || s[n - 1] != ']' || !imp_parse_u64(s + 1, n - 2, &v) ||
	    v > 1u << 20)
		return false;
	*cpu = (int)v;
	return true;
}

/* "19499" or "19493/19499" (-F pid,tid): the thread. */
static bool parse_tid(const char *s, size_t n, uint64_t *tid)
{
	const char *slash = memchr(s, '/', n);

	if (slash)
		return all_digits(s, (size_t)(slash - s)) &&
		       imp_parse_u64(slash + 1, n - (size_t)(slash + 1 - s), tid);
	return imp_parse_u64(s, n, tid);
}

static bool is_kernel_dso(const char *dso)
{
	return dso && (!strncmp(dso, "[kernel", 7) || !strncmp(dso, "[guest.kernel", 13));
}

/*
 * A frame, "IP SYM+0xOFF (DSO)" with the SYM and DSO parts as -F prints
 * them, from the IP to the line's end.
 */
static void parse_frame(struct imp_stage *st, struct ps_sample *s, const char *p,
			const char *end)
{
	const char *tok, *open = NULL;
	size_t len;

	imp_next_token(&p, end, &tok, &len);
	s->ip = hex_value(tok, len);
	s->has_ip = true;
	while (p < end && imp_is_space(*p))
		p++;
	while (end > p && imp_is_space(end[-1]))
		end--;
	if (end > p && end[-1] == ')') {
		for (const char *q = end - 1; q > p; q--)
			if (q[-1] == ' ' && q[0] == '(' && (q[1] == '/' || q[1] == '[')) {
				open = q;
				break;
			}
	}
	if (open) {
		s->dso = imp_strndup(st, open + 1, (size_t)(end - open - 2));
		end = open;
		while (end > p && imp_is_space(end[-1]))
			end--;
	}
	if (end > p && !imp_starts(p, (size_t)(end - p), "[unknown]")) {
		const char *plus = NULL;

		for (const char *q = p; q + 3 < end; q++)
			if (q[0] == '+' && q[1] == '0' && q[2] == 'x' &&
			    is_hex(q + 3, (size_t)(end - q - 3)))
				plus = q;
		if (plus) {
			s->symoff = hex_value(plus + 3, (size_t)(end - plus - 3));
			s->has_symoff = true;
			end = plus;
		}
		s->sym = imp_strndup(st, p, (size_t)(end - p));
	}
	s->kernel = is_kernel_dso(s->dso) || s->ip >= 0xffff800000000000ULL;
	s->frames++;
}

#define PS_TOKENS 64

/*
 * A sample's first line: "COMM TID [CPU] TIME: PERIOD EVENT:" and, without
 * a callchain, its frame after it; any of them left out by -F, and perf
 * pads them with blanks.  The time ("12.345678:") anchors it (a command
 * name may hold spaces and digits); without one, the thread is the first
 * number, unless the line is a frame alone (-F ip,sym: "1313 charge").
 * False if it is none.
 */
static bool parse_header(struct imp_stage *st, const struct imp_line *l, struct ps_sample *s)
{
	const char *tok[PS_TOKENS], *p = l->s, *end = l->s + l->len;
	size_t len[PS_TOKENS], n = 0, t, rest;

	while (n < PS_TOKENS && imp_next_token(&p, end, &tok[n], &len[n]))
		n++;
	memset(s, 0, sizeof(*s));
	s->no = l->no;
	s->cpu = -1;
	for (t = 0; t < n && !parse_time(tok[t], len[t], &s->ns); t++)
		;
	if (t < n) {
		size_t k = t;

		s->has_time = true;
		if (k && parse_cpu(tok[k - 1], len[k - 1], &s->cpu))
			k--;
		if (k && parse_tid(tok[k - 1], len[k - 1], &s->tid))
			s->has_tid = true;
		rest = t + 1;
		/* "250000 cpu-clock:u:": the event ends with ':', its period before it */
		for (size_t i = rest; i < n && i < t + 3; i++)
			if (tok[i][len[i] - 1] == ':') {
				s->event = imp_strndup(st, tok[i], len[i] - 1);
				rest = i + 1;
			}
	} else if (n >= 2 && is_hex(tok[0], len[0]) && !is_hex(tok[1], len[1]) &&
		   !parse_cpu(tok[1], len[1], &s->cpu)) {
		rest = 0;
	} else {
		for (t = 0; t < n && !parse_tid(tok[t], len[t], &s->tid); t++)
			;
		if (t == n)
			return false;
		s->has_tid = true;
		rest = t + 1;
		if (rest < n && parse_cpu(tok[rest], len[rest], &s->cpu))
			rest++;
	}
	if (rest + 1 < n && is_hex(tok[rest], len[rest]))
		parse_frame(st, s, tok[rest], end);
	s->chain = !s->frames;
	return true;
}

/* A line of one run of non-blanks: a frame's source line ("pc.c:35", "??:0"). */
static bool one_token(const struct imp_line *l)
{
	const char *p = l->s, *end = l->s + l->len, *tok;
	size_t len;

	return imp_next_token(&p, end, &tok, &len) && !imp_next_token(&p, end, &tok, &len);
}

/* A callchain's frame line: a TAB, then a hex address and more. */
static bool is_frame(const struct imp_line *l, const struct ps_sample *cur)
{
	const char *p = l->s, *end = l->s + l->len, *tok;
	size_t len;

	if (l->s[0] != '\t' && !(cur && cur->chain))
		return false;
	return imp_next_token(&p, end, &tok, &len) && is_hex(tok, len) &&
	       imp_next_token(&p, end, &tok, &len);
}

static bool is_blank(const struct imp_line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (!imp_is_space(l->s[i]))
			return false;
	return true;
}

static struct ps_sample *sample_new(struct ps_script *sc, const struct ps_sample *s)
{
	*(struct ps_sample *)cl_vec_push(&sc->v, &sc->n, &sc->cap) = *s;
	return &sc->v[sc->n - 1];
}

/*
 * A callchain's frame: the first is the sampled instruction; -F without
 * the header's fields prints none, and the frames start the sample.
 */
static struct ps_sample *frame_line(struct imp_stage *st, struct ps_script *sc,
				    struct ps_sample *cur, const struct imp_line *l)
{
	if (!cur) {
		struct ps_sample s = { .no = l->no, .cpu = -1, .chain = true };

		cur = sample_new(sc, &s);
	}
	if (!cur->frames)
		parse_frame(st, cur, l->s, l->s + l->len);
	else
		cur->frames++;
	return cur;
}

static int script_parse(struct imp_stage *st, const char *buf, size_t len, struct ps_script *sc)
{
	struct imp_lines it;
	struct imp_line l;
	struct ps_sample *cur = NULL, s;
	bool after_leaf = false;

	memset(sc, 0, sizeof(*sc));
	imp_lines_init(&it, buf, len);
	while (imp_lines_next(&it, &l)) {
		if (it.pos == len && len && buf[len - 1] != '\n' && !is_blank(&l))
			sc->cut = l.no;
		if (is_blank(&l)) {
			if (cur)
				cur->ended = true;
			cur = NULL;
		} else if (l.s[0] == '#') {
			continue;
		} else if (is_frame(&l, cur)) {
			cur = frame_line(st, sc, cur, &l);
			after_leaf = cur->frames == 1;
		} else if (cur && one_token(&l)) {
			const char *p = l.s, *tok;
			size_t n;

			/* "  pc.c:35": the leaf's source line; a caller's is not read */
			if (after_leaf && !cur->src && imp_next_token(&p, l.s + l.len, &tok, &n))
				cur->src = imp_strndup(st, tok, n);
			after_leaf = false;
		} else if (parse_header(st, &l, &s)) {
			cur = sample_new(sc, &s);
			after_leaf = cur->frames == 1;
		} else {
			return imp_error(st, l.no, 1, "not a sample's first line of perf script "
					 "(expected 'COMM TID [CPU] TIME: PERIOD EVENT:', or the "
					 "fields -F gave)");
		}
	}
	if (!sc->n)
		return imp_error(st, 0, 0, "not the output of perf script: no sample in it");
	return 0;
}

/*
 * A script cut short: a last line without its end, or, where samples end
 * with a blank line (callchains), a last sample without it, or, where each
 * sample has its source line under it, a last one without, may have lost
 * its frames or source line.  It is left out, with a warning.
 */
static void script_cut(struct imp_stage *st, struct ps_script *sc)
{
	struct ps_sample *last = &sc->v[sc->n - 1];
	bool chains = sc->n > 1 && sc->v[sc->n - 2].ended;
	/* one line a sample, its source line under it: the last lost its source line */
	bool lost_src = !chains && sc->n > 1 && sc->v[sc->n - 2].src && !last->src;

	if (!sc->cut && (!chains || last->ended) && !lost_src)
		return;
	imp_stage_warn(st, last->no, CL_EVENTS_IGNORED, "the script ends inside this sample "
		       "(output cut short?): it is left out");
	sc->n--;
}

/* ------------------------------------------------------------------ */
/* Samples to members                                                   */
/* ------------------------------------------------------------------ */

/**
 * struct ps_res - what the samples at one place resolved to
 * @key: the place ("k|sym|src" or "k|sym|dso|address")
 * @al: the members' map lines, @n of them
 * @kinds: per member, its accesses on that line (reads, writes or both)
 * @why: why none, NULL if some
 * @detail: what --binary said of its address, for --verbose (NULL: @why says all)
 * @src: the source line through --binary, NULL if none
 */
struct ps_res {
	const char *key;
	const struct cl_access_line **al;
	unsigned *kinds;
	size_t n;
	const char *why;
	const char *detail;
	const char *src;
};

/**
 * struct ps_actor - one thread (user space) or CPU (kernel)'s samples of a member
 */
struct ps_actor {
	bool cpu;
	uint64_t id;
	uint64_t reads, writes;
};

/**
 * struct ps_member - one member's samples
 * @al: its first map line (record, member, offset, size)
 * @reads, @writes: the samples at lines that read (write) it
 * @actors: per thread or CPU, @nactors of them
 */
struct ps_member {
	const struct cl_access_line *al;
	uint64_t reads, writes;
	struct ps_actor *actors;
	size_t nactors, cap;
};

/**
 * struct ps_touch - a member touched in a window, for the concurrency
 * @window: the window's number (time / PS_WINDOW_NS)
 * @actor: the thread (or, kernel, the CPU + 1 << 32)
 * @cpu: the CPU, -1 if not known
 * @member: index in struct ps_join's @members
 * @kind: read, write or both
 */
struct ps_touch {
	uint64_t window, actor;
	int cpu;
	size_t member;
	unsigned kind;
};

/**
 * struct ps_pair - members of one line that two threads touched at once
 * @w: written by one, @v: touched by another (@v == @w: written by both)
 * @windows: windows where it happened
 * @last: the last window counted, + 1
 */
struct ps_pair {
	size_t w, v;
	uint64_t windows, last;
};

/**
 * struct ps_join - the join's state over one script
 */
struct ps_join {
	struct imp_stage *st;
	const struct cl_access_map *map;
	struct c2c_map_index *index_lines;
	const struct cl_c2c_binaries *bin;
	struct ps_res *res;
	size_t nres, res_cap;
	struct cl_index index;
	struct ps_member *members;
	size_t nmembers, members_cap;
	struct ps_touch *touch;
	size_t ntouch, touch_cap;
};

static uint64_t res_hash(const void *ctx, size_t i)
{
	return cl_hash_str(((const struct ps_join *)ctx)->res[i].key);
}

static bool res_eq(const void *ctx, size_t i, const void *key)
{
	return !strcmp(((const struct ps_join *)ctx)->res[i].key, key);
}

/* GCC's clones ("charge.constprop.0", "f.part.1", "g.cold") are their function's lines. */
static const char *plain_function(struct imp_stage *st, const char *sym)
{
	const char *dot = sym ? strchr(sym, '.') : NULL;

	return dot && dot != sym ? imp_strndup(st, sym, (size_t)(dot - sym)) : sym;
}

/* Whether perf printed a source line ("pc.c:35"), not "??:0" or "object[address]". */
static bool src_usable(const char *src)
{
	const char *colon = src ? strrchr(src, ':') : NULL;

	return colon && colon != src && imp_is_digit(colon[1]) && colon[1] != '0' &&
	       strncmp(src, "??", 2) != 0;
}

static const char *base_name(const char *path)
{
	const char *slash = path ? strrchr(path, '/') : NULL;

	return slash ? slash + 1 : path;
}

/* The access kinds of @al's member over every map line of its file and line. */
static unsigned kinds_on_line(const struct cl_access_map *m, const struct cl_access_line *al)
{
	unsigned k = 0;

	for (size_t i = 0; i < m->n; i++) {
		const struct cl_access_line *x = &m->v[i];

		if (x->line == al->line && !strcmp(x->member, al->member) &&
		    !strcmp(x->record, al->record) && !strcmp(x->file, al->file))
			k |= x->kind;
	}
	return k;
}

static void resolve(struct ps_join *j, const struct ps_sample *s, struct ps_res *r)
{
	struct c2c_row row = { .no = s->no, .sym = plain_function(j->st, s->sym),
			       .kernel = s->kernel };
	const char *code_why = NULL, *file;
	unsigned line;

	if (src_usable(s->src)) {
		row.src = s->src;
	} else if (j->bin && s->has_ip) {
		if (j->bin->code(j->bin->ctx, base_name(s->dso), s->sym, s->symoff, s->has_symoff,
				 s->ip, &file, &line, &code_why))
			r->src = cl_arena_printf(&j->st->imp->arena, "%s:%u", file, line);
	}
	if (!row.src && !r->src && !code_why) {
		r->why = !s->has_ip ? "no code address (perf script -F without ip)" :
			 s->kernel ? "no source line (a kernel sample: give perf script the "
				     "vmlinux with debug info, -k, or give it with --binary)" :
				     "no source line (perf script -F without srcline, or a build "
				     "without -g: add -F +srcline, or give the binary with --binary)";
		return;
	}
	r->why = c2c_row_members(j->index_lines, &row, r->src, code_why, &r->al, &r->n);
	if (r->why && r->why == code_why) {
		/* counted by object: the kernel's or a library's code, not each function */
		r->detail = code_why;
		r->why = cl_arena_printf(&j->st->imp->arena, "no source line, and no --binary's "
					 "line table has its code (object %s)",
					 s->dso ? base_name(s->dso) : "not printed");
	}
	if (r->why) {
		free(r->al);
		r->al = NULL;
		r->n = 0;
		return;
	}
	r->kinds = cl_arena_alloc(&j->st->imp->arena, r->n * sizeof(*r->kinds));
	for (size_t i = 0; i < r->n; i++)
		r->kinds[i] = kinds_on_line(j->map, r->al[i]);
}

/* The samples at @s's place resolve as the first one there did. */
static struct ps_res *res_of(struct ps_join *j, const struct ps_sample *s)
{
	struct cl_arena *a = &j->st->imp->arena;
	const char *key;
	size_t *slot;

	if (src_usable(s->src))
		key = cl_arena_printf(a, "%d|%s|%s", s->kernel, s->sym ? s->sym : "", s->src);
	else
		key = cl_arena_printf(a, "%d|%s|%s|%llx|%d|%llx", s->kernel, s->sym ? s->sym : "",
				      s->dso ? s->dso : "", (unsigned long long)s->symoff,
				      s->has_symoff, (unsigned long long)s->ip);
	cl_index_reserve(&j->index, j->nres + 1, res_hash, j);
	slot = cl_index_slot(&j->index, cl_hash_str(key), res_eq, j, key);
	if (*slot)
		return &j->res[*slot - 1];
	struct ps_res *r = cl_vec_push(&j->res, &j->nres, &j->res_cap);

	r->key = key;
	*slot = j->nres;
	resolve(j, s, r);
	return r;
}

static size_t member_of(struct ps_join *j, const struct cl_access_line *al)
{
	for (size_t i = 0; i < j->nmembers; i++)
		if (!strcmp(j->members[i].al->member, al->member) &&
		    !strcmp(j->members[i].al->record, al->record))
			return i;
	struct ps_member *m = cl_vec_push(&j->members, &j->nmembers, &j->members_cap);

	m->al = al;
	return j->nmembers - 1;
}

static void actor_add(struct ps_member *m, bool cpu, uint64_t id, unsigned kind)
{
	struct ps_actor *a = NULL;

	for (size_t i = 0; i < m->nactors && !a; i++)
		if (m->actors[i].cpu == cpu && m->actors[i].id == id)
			a = &m->actors[i];
	if (!a) {
		a = cl_vec_push(&m->actors, &m->nactors, &m->cap);
		a->cpu = cpu;
		a->id = id;
	}
	a->reads += (kind & CL_ACCESS_READ) != 0;
	a->writes += (kind & CL_ACCESS_WRITE) != 0;
}

/* One resolved sample into its members' counts, and its touches for the concurrency. */
static void sample_add(struct ps_join *j, const struct ps_sample *s, const struct ps_res *r)
{
	bool by_cpu = s->kernel && s->cpu >= 0;
	bool who = s->has_tid || s->cpu >= 0;

	for (size_t i = 0; i < r->n; i++) {
		size_t mi = member_of(j, r->al[i]);
		struct ps_member *m = &j->members[mi];
		unsigned kind = r->kinds[i];

		m->reads += (kind & CL_ACCESS_READ) != 0;
		m->writes += (kind & CL_ACCESS_WRITE) != 0;
		if (who)
			actor_add(m, by_cpu || !s->has_tid, by_cpu || !s->has_tid ?
				  (uint64_t)s->cpu : s->tid, kind);
		if (!s->has_time || !who)
			continue;
		struct ps_touch *t = cl_vec_push(&j->touch, &j->ntouch, &j->touch_cap);

		t->window = s->ns / PS_WINDOW_NS;
		t->actor = by_cpu || !s->has_tid ? (uint64_t)s->cpu | 1ULL << 32 : s->tid;
		t->cpu = s->cpu;
		t->member = mi;
		t->kind = kind;
	}
}

/* ------------------------------------------------------------------ */
/* Concurrency                                                          */
/* ------------------------------------------------------------------ */

static int by_window(const void *x, const void *y)
{
	const struct ps_touch *a = x, *b = y;

	return a->window < b->window ? -1 : a->window > b->window;
}

static struct ps_pair *pair_of(struct ps_pair **v, size_t *n, size_t *cap, size_t w, size_t acc)
{
	for (size_t i = 0; i < *n; i++)
		if ((*v)[i].w == w && (*v)[i].v == acc)
			return &(*v)[i];
	struct ps_pair *p = cl_vec_push(v, n, cap);

	p->w = w;
	p->v = acc;
	return p;
}

/*
 * Two touches of one window are at once when they are two threads on two
 * CPUs (or two threads, where the CPU was not recorded): a thread that
 * only took turns with another on one CPU shared no line with it.
 */
static bool at_once(const struct ps_touch *a, const struct ps_touch *b)
{
	if (a->actor == b->actor)
		return false;
	return a->cpu < 0 || b->cpu < 0 || a->cpu != b->cpu;
}

static bool same_line(const struct ps_member *a, const struct ps_member *b)
{
	return !strcmp(a->al->record, b->al->record) &&
	       a->al->offset / PS_LINE_SIZE == b->al->offset / PS_LINE_SIZE;
}

static void window_pairs(struct ps_join *j, const struct ps_touch *t, size_t n,
			 struct ps_pair **pairs, size_t *npairs, size_t *cap)
{
	for (size_t a = 0; a < n; a++) {
		if (!(t[a].kind & CL_ACCESS_WRITE))
			continue;
		for (size_t b = 0; b < n; b++) {
			struct ps_pair *p;

			if (!at_once(&t[a], &t[b]) ||
			    !same_line(&j->members[t[a].member], &j->members[t[b].member]))
				continue;
			if (t[a].member == t[b].member && !(t[b].kind & CL_ACCESS_WRITE))
				continue;	/* its own line, read: no neighbour's doing */
			p = pair_of(pairs, npairs, cap, t[a].member, t[b].member);
			if (p->last != t[a].window + 1)
				p->windows++;
			p->last = t[a].window + 1;
		}
	}
}

/*
 * Per struct, in the profile's header and a note: "page_counter: in 88
 * windows of 1 ms, two threads on two CPUs on one line: 'usage.counter'
 * written, 'max' accessed by another in 2; 'usage.counter' written by two
 * in 1", or that no window had any.
 */
static void concurrency_say(struct ps_join *j, struct ps_pair *pairs, size_t npairs,
			    uint64_t windows, bool cpus)
{
	struct cl_arena *a = &j->st->imp->arena;
	const char *who = cpus ? "two threads on two CPUs" :
				 "two threads (the CPUs were not recorded: perf record --sample-cpu)";

	for (size_t i = 0; i < j->nmembers; i++) {
		const char *rec = j->members[i].al->record, *text = NULL;
		bool first = true;

		for (size_t k = 0; k < i; k++)
			first &= strcmp(j->members[k].al->record, rec) != 0;
		if (!first)
			continue;
		for (size_t p = 0; p < npairs; p++) {
			const struct ps_member *w = &j->members[pairs[p].w];
			const struct ps_member *v = &j->members[pairs[p].v];

			if (strcmp(w->al->record, rec))
				continue;
			text = cl_arena_printf(a, "%s%s'%s' written%s%s%s in %llu", text ? text : "",
					       text ? "; " : "", w->al->member,
					       w == v ? " by two" : ", '", w == v ? "" : v->al->member,
					       w == v ? "" : "' accessed by another",
					       (unsigned long long)pairs[p].windows);
		}
		text = text ? cl_arena_printf(a, "in %llu windows of 1 ms, %s on one line: %s",
					      (unsigned long long)windows, who, text) :
			      cl_arena_printf(a, "in %llu windows of 1 ms, never %s on one of its "
					      "lines: the samples show no concurrent access",
					      (unsigned long long)windows, who);
		imp_stage_source(j->st, "concurrent: %s: %s", rec, text);
		imp_stage_note(j->st, "%s: %s: %s", j->st->name, rec, text);
	}
}

static void concurrency(struct ps_join *j, const struct ps_script *sc)
{
	struct ps_pair *pairs = NULL;
	size_t npairs = 0, cap = 0;
	uint64_t windows = 0;
	bool cpus = true;

	for (size_t i = 0; i < sc->n; i++)
		cpus &= sc->v[i].cpu >= 0;
	if (!j->ntouch) {
		if (j->nmembers)
			imp_stage_note(j->st, "%s: the samples do not carry a thread (or CPU) and a "
				       "time (perf script -F with tid and time; perf record "
				       "--sample-cpu for the CPU): the profile cannot tell which "
				       "accesses were concurrent", j->st->name);
		return;
	}
	qsort(j->touch, j->ntouch, sizeof(*j->touch), by_window);
	for (size_t s = 0, e; s < j->ntouch; s = e) {
		for (e = s; e < j->ntouch && j->touch[e].window == j->touch[s].window; e++)
			;
		windows++;
		window_pairs(j, j->touch + s, e - s, &pairs, &npairs, &cap);
	}
	concurrency_say(j, pairs, npairs, windows, cpus);
	free(pairs);
}

/* ------------------------------------------------------------------ */
/* Rows                                                                 */
/* ------------------------------------------------------------------ */

static int by_weight(const void *x, const void *y)
{
	const struct ps_actor *a = x, *b = y;
	uint64_t wa = a->reads + a->writes, wb = b->reads + b->writes;

	if (wa != wb)
		return wa > wb ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu ? 1 : -1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* "tid 19499: r 130 w 130; cpu 1: r 3": the busiest threads and CPUs. */
static const char *actors_comment(struct imp_stage *st, struct ps_member *m)
{
	struct cl_arena *a = &st->imp->arena;
	const char *text = "";

	if (!m->nactors)
		return NULL;
	qsort(m->actors, m->nactors, sizeof(*m->actors), by_weight);
	for (size_t i = 0; i < m->nactors && i < PS_ACTORS_SHOWN; i++)
		text = cl_arena_printf(a, "%s%s%s %llu: r %llu w %llu", text, i ? "; " : "",
				       m->actors[i].cpu ? "cpu" : "tid",
				       (unsigned long long)m->actors[i].id,
				       (unsigned long long)m->actors[i].reads,
				       (unsigned long long)m->actors[i].writes);
	if (m->nactors > PS_ACTORS_SHOWN)
		text = cl_arena_printf(a, "%s; %zu more", text, m->nactors - PS_ACTORS_SHOWN);
	return text;
}

static void member_rows(struct ps_join *j)
{
	for (size_t i = 0; i < j->nmembers; i++) {
		struct ps_member *m = &j->members[i];
		struct imp_row row = { 0 };

		row.st = m->al->record;
		row.m.path = m->al->member;
		row.m.reads = m->reads;
		row.m.writes = m->writes;
		row.m.has_reads = row.m.has_writes = true;
		row.m.offset = m->al->offset;
		row.m.has_offset = true;
		row.m.cls = CL_CLASS_NONE;
		row.m.comment = actors_comment(j->st, m);
		imp_stage_add(j->st, &row);
	}
	j->st->said.loads = j->st->said.stores = true;
	j->st->said.samples = true;
}

/* The unresolved samples, by reason, as perf-c2c counts its rows. */
static void unresolved(struct ps_join *j, const struct ps_sample *s, const struct ps_res *r,
		       struct cl_c2c *u)
{
	size_t k;

	u->unresolved++;
	for (k = 0; k < u->nreasons && strcmp(u->reason[k], r->why); k++)
		;
	if (k == u->nreasons && k < CL_C2C_REASONS)
		u->reason[u->nreasons++] = r->why;
	if (k < CL_C2C_REASONS)
		u->reason_rows[k]++;
	*(const char **)cl_vec_push(&u->why, &u->nwhy, &u->why_cap) =
		cl_arena_printf(&j->st->imp->arena, "%s:%u: %s%s%s: %s", j->st->name, s->no,
				s->sym ? s->sym : "a sample", r->src || s->src ? " at " : "",
				r->src ? r->src : s->src ? s->src : "",
				r->detail ? r->detail : r->why);
}

static const char *events_of(struct imp_stage *st, const struct ps_script *sc)
{
	const char *ev = NULL;

	for (size_t i = 0; i < sc->n; i++) {
		if (!sc->v[i].event || (ev && strstr(ev, sc->v[i].event)))
			continue;
		ev = cl_arena_printf(&st->imp->arena, "%s%s'%s'", ev ? ev : "", ev ? ", " : "",
				     sc->v[i].event);
	}
	return ev ? cl_arena_printf(&st->imp->arena, " of %s", ev) : "";
}

int cl_import_perf_script(struct cl_import *imp, const char *name, const char *buf, size_t len,
			  const struct cl_access_map *map, const struct cl_c2c_binaries *bin,
			  struct cl_c2c *unres, struct cl_diag *err)
{
	struct imp_stage st;
	struct ps_script sc;
	struct ps_join j = { .st = &st, .map = map, .bin = bin };
	size_t resolved = 0;
	int rc;

	imp_stage_init(&st, imp, name, err);
	j.index_lines = c2c_map_index_new(map);
	rc = script_parse(&st, buf, len, &sc);
	if (!rc) {
		script_cut(&st, &sc);
		for (size_t i = 0; i < sc.n; i++) {
			struct ps_res *r = res_of(&j, &sc.v[i]);

			if (r->why) {
				unresolved(&j, &sc.v[i], r, unres);
				continue;
			}
			resolved++;
			sample_add(&j, &sc.v[i], r);
		}
		unres->rows += sc.n;
		imp_stage_source(&st, "%s (perf script, %zu sample%s%s, %zu on struct members)",
				 name, sc.n, sc.n == 1 ? "" : "s", events_of(&st, &sc), resolved);
		member_rows(&j);
		concurrency(&j, &sc);
	}
	c2c_map_index_free(j.index_lines);
	for (size_t i = 0; i < j.nres; i++)
		free(j.res[i].al);
	for (size_t i = 0; i < j.nmembers; i++)
		free(j.members[i].actors);
	free(j.res);
	free(j.members);
	free(j.touch);
	cl_index_free(&j.index);
	free(sc.v);
	return imp_stage_finish(&st, rc);
}
