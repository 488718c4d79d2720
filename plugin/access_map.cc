// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_map.cc - `access-map=FILE` (or `access-map=DIR/`): every member
 * access of the unit, as the walk (access_walk.cc) finds it, written as
 * the unit's access map (docs/access-map.md) for the perf c2c importer
 *
 * One line per access site and member: where the access is (the member's
 * name in the source, or the macro's where a macro wrote it), the function
 * it is in, the struct as profiles key it, the member's path, the bytes it
 * touches and whether it reads, writes or both.  An access reached through
 * a unit-local function (a member's address passed to a `static inline`
 * wrapper) is written twice: at the call, in the caller, and at the access
 * in the wrapper, in the wrapper: a profile of the optimized program names
 * one line or the other, as the wrapper was inlined or not.
 *
 * Only the walk's findings are written down: no code is added, nothing in
 * the unit changes (testsuite/plugin/access_map_codegen.test).
 */
#include "access_walk.h"

#include "access_map/access_map.h"
#include "emit/source_cache.h"
#include "emit/files.h"
#include "infer/infer.h"
#include "emit/report.h"

/**
 * struct map_state - the unit's map
 * @path: the argument
 * @lines: what the walk found
 * @types: each line's record, for its key (map_twins())
 * @ran: the walk ran (it does not under -fsyntax-only, nor after errors)
 * @embedded: the records held in the lines' records are in @lines
 * @setup_fn: the function setup_facts() last asked about
 * @setup: whether it is setup code
 * @setup_locked: whether it is setup code for an access under a lock
 *	(an allocator's is not: cl_infer_setup_facts())
 */
struct map_state {
	const char *path;
	struct cl_access_map lines;
	vec<tree> types;
	bool ran;
	bool embedded;
	tree setup_fn;
	bool setup;
	bool setup_locked;
};

static struct map_state map;

/*
 * Records as profiles key them: by name, or "name@file:line" where another
 * struct of the unit has the same name and other members (the runtime's
 * rule, by fingerprint).  Decided once all lines are in.
 */
static void map_twins(void)
{
	hash_map<nofree_string_hash, unsigned> first;
	hash_set<nofree_string_hash> twins;
	hash_map<tree, unsigned> fps;	/* a type's, once: a unit has thousands of lines per type */

	for (unsigned i = 0; i < map.types.length(); i++) {
		bool existed, known;
		unsigned &fp = fps.get_or_insert(map.types[i], &known);

		if (!known)
			fp = access_record_fingerprint(map.types[i]);
		unsigned &f = first.get_or_insert(map.lines.v[i].record, &existed);

		if (!existed)
			f = fp;
		else if (f != fp)
			twins.add(map.lines.v[i].record);
	}
	for (unsigned i = 0; i < map.types.length(); i++) {
		struct cl_access_line *l = &map.lines.v[i];
		expanded_location xl;

		if (!twins.contains(l->record))
			continue;
		xl = expand_location(convert_record_location(map.types[i]));
		l->record = cl_arena_printf(&map.lines.arena, "%s@%s:%d", l->record,
					    xl.file ? xl.file : "", xl.line);
	}
}

/*
 * The unit's source files as the map reads them, each once (a cache of
 * every file).  GCC's own (location_get_source_line) keeps 16 files and
 * scans a file again for a line it evicted: the accesses of a kernel unit
 * reach across a hundred headers, and that scan was most of the static
 * tier's cost on mm/memcontrol.o.
 */
static struct cl_source_cache srcs;
static bool srcs_ready;

/*
 * The column of the member's name at @xl, the caret GCC gives a
 * COMPONENT_REF (its `.` or `->`): past the operator and blanks, where
 * the source line there has one; the caret itself otherwise.
 */
static unsigned member_column(const expanded_location &xl)
{
	size_t i = xl.column ? (size_t)xl.column - 1 : 0, len = 0;
	const char *line;

	if (!srcs_ready) {
		cl_source_cache_init_all(&srcs);
		srcs_ready = true;
	}
	line = xl.line > 0 ? cl_source_line(&srcs, xl.file, (unsigned)xl.line, &len) : NULL;
	if (!line || !xl.column || i >= len)
		return (unsigned)xl.column;
	if (line[i] == '.')
		i++;
	else if (line[i] == '-' && i + 1 < len && line[i + 1] == '>')
		i += 2;
	else
		return (unsigned)xl.column;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	return (unsigned)i + 1;
}

/* The function's name as the source names it (C++: qualified), "-" for none. */
static const char *function_name(tree fn)
{
	if (!fn)
		return "-";
	if (lang_GNU_CXX())
		return lang_hooks.decl_printable_name(fn, 1);
	return DECL_NAME(fn) ? IDENTIFIER_POINTER(DECL_NAME(fn)) : "-";
}

static void map_line(location_t loc, tree fn, unsigned facts, const struct access_hit *h)
{
	struct cl_access_line l;
	expanded_location xl;
	bool from_macro;

	loc = linemap_resolve_location(line_table, loc, LRK_MACRO_EXPANSION_POINT, NULL);
	from_macro = loc != linemap_resolve_location(line_table, loc, LRK_SPELLING_LOCATION, NULL);
	xl = expand_location(loc);
	if (!xl.file)
		return;
	l.file = xl.file;
	l.line = (unsigned)xl.line;
	l.column = from_macro ? (unsigned)xl.column : member_column(xl);
	l.function = function_name(fn);
	l.record = h->rec;
	l.member = h->path;
	if (h->at_size)
		cl_access_map_bytes(h->at_bits, h->at_size, &l.offset, &l.size);
	else
		cl_access_map_bytes(h->bits, h->bit_size, &l.offset, &l.size);
	l.kind = (enum cl_access_kind)h->kinds;
	l.facts = facts;
	l.roles = access_walk_roles(fn);
	cl_access_map_add(&map.lines, &l);
	map.types.safe_push(h->rtype);
}

/*
 * Setup code (an initializer, an allocator, a setter: core/infer's words)
 * and what it reaches: a helper that page_counter_set_max() calls makes a
 * setup access there, whatever the helper's own name; and what a helper
 * does for a caller that holds a lock is under it (pool_find_page(), which
 * dma_pool_free() calls with the pool's lock held).
 */
static unsigned setup_facts(tree fn, unsigned facts)
{
	/* the hits of a function come one after another: ask once for them */
	if (fn != map.setup_fn) {
		const char *name = fn ? function_name(fn) : NULL;

		map.setup_fn = fn;
		map.setup = name && (cl_infer_setup_facts(name, 0) & CL_FACT_SETUP);
		map.setup_locked = name && (cl_infer_setup_facts(name, CL_FACT_LOCK) & CL_FACT_SETUP);
	}
	if (facts & (CL_FACT_LOCK | CL_FACT_LOCKED) ? map.setup_locked : map.setup)
		facts |= CL_FACT_SETUP;
	return facts;
}

/*
 * A system header's function body (libstdc++'s atomic fetch_add, run by
 * every thread that bumps any std::atomic) is every caller's: its lines
 * would give each member what all callers do.  The call site's line says
 * whose it is; the lint walks no such body either.
 */
static bool system_body(tree fn)
{
	return fn && in_system_header_at(DECL_SOURCE_LOCATION(fn));
}

static void map_hit(void *, gimple_stmt_iterator *, const struct access_hit *h)
{
	unsigned facts = setup_facts(h->fn, h->facts);

	if (!system_body(h->fn))
		map_line(h->loc, h->fn, facts, h);
	if (h->reached && !system_body(h->via_fn))
		map_line(h->via_loc, h->via_fn,
			 setup_facts(h->via_fn, h->via_facts | (facts & CL_FACT_LOCKED)) |
				 (facts & CL_FACT_SETUP), h);
}

static const struct access_sink map_sink_ops = { map_hit, NULL, NULL, NULL, NULL };

void access_map_configure(const char *path)
{
	map.path = path;
}

/*
 * The records @type holds as members (not through pointers), at any depth,
 * each as an embed of @outer at its path and offset.
 */
static void embeds_of(const char *outer, tree type, const char *prefix, uint64_t bits,
		      unsigned depth)
{
	if (depth > 8)
		return;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		tree ft;
		const char *path, *inner;

		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		ft = TREE_TYPE(f);
		while (TREE_CODE(ft) == ARRAY_TYPE)
			ft = TREE_TYPE(ft);
		if (!RECORD_OR_UNION_TYPE_P(ft) || TREE_TYPE(f) != ft || access_system_record(ft))
			continue;
		path = !DECL_NAME(f) ? prefix :
		       *prefix ? cl_arena_join(&map.lines.arena, prefix, ".",
					       IDENTIFIER_POINTER(DECL_NAME(f))) :
		       IDENTIFIER_POINTER(DECL_NAME(f));
		inner = access_record_name(TYPE_MAIN_VARIANT(ft));
		if (inner && *path) {
			struct cl_access_embed e = { outer, path,
				(bits + access_field_bits(f)) / BITS_PER_UNIT, inner };

			cl_access_map_embed(&map.lines, &e);
		}
		embeds_of(outer, TYPE_MAIN_VARIANT(ft), path, bits + access_field_bits(f),
			  depth + 1);
	}
}

/* Once: the embeds of every record a line names. */
static void map_embeds(void)
{
	hash_set<nofree_string_hash> done;

	if (map.embedded)
		return;
	map.embedded = true;
	for (unsigned i = 0; i < map.types.length(); i++) {
		const char *rec = map.lines.v[i].record;

		if (!done.add(rec))
			embeds_of(rec, map.types[i], "", 0, 0);
	}
}

const struct cl_access_map *access_map_lines(void)
{
	map_embeds();
	return &map.lines;
}

const struct access_sink *access_map_begin(void)
{
	char *pwd = getpwd();

	cl_access_map_init(&map.lines, pwd);
	map.types = vNULL;
	map.ran = true;
	map.embedded = false;
	map.setup_fn = NULL_TREE;
	return &map_sink_ops;
}

void access_map_mark_starts(void)
{
	const vec<access_start> &v = access_walk_starts();
	auto_vec<cl_access_start> starts;

	for (const access_start &a : v) {
		cl_access_start s = { function_name(a.fn), a.role, a.lo, a.hi };

		starts.safe_push(s);
	}
	cl_access_map_mark_starts(&map.lines, starts.address(), starts.length());
}

/*
 * At the end of the unit: the map, unless the unit had errors or the walk
 * never ran (-fsyntax-only, an error before the pass): then no file.
 */
void access_map_finish(bool errors)
{
	char *file;

	if (!map.ran)
		return;
	if (map.path && !errors) {
		map_embeds();
		map_twins();
		file = cl_access_map_unit_path(map.path, main_input_filename);
		if (!file)
			error_at(UNKNOWN_LOCATION, "cachelint: cannot make access map directory '%s': %s",
				 map.path, xstrerror(errno));
		else if (cl_access_map_save(&map.lines, file))
			error_at(UNKNOWN_LOCATION, "cachelint: cannot write access map '%s': %s", file,
				 cl_write_strerror(errno));
		free(file);
	}
	cl_access_map_free(&map.lines);
	map.types.release();
	if (srcs_ready)
		cl_source_cache_free(&srcs);
	srcs_ready = false;
	map.ran = false;
}
