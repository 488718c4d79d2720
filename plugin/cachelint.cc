// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cachelint.cc - GCC plugin: warn when a read-mostly and a write-hot struct
 * field share a cache line
 *
 * Every struct or union that GCC lays out is converted into the core layout
 * model once per translation unit, given the classes of its access profile,
 * and analysed; each finding is a warning at the read-mostly field with a
 * note at the write-hot one:
 *
 *   pc.h:17:30: warning: read-mostly field 'parent' shares cache line 0
 *     (bytes 0-63) of 'struct page_counter' with write-hot field 'usage'
 *     [cachelint-false-sharing]
 *   pc.h:11:23: note: 'usage' is written on hot paths
 *
 * Usage:
 *   gcc -fplugin=build/plugin/cachelint.so [-fplugin-arg-cachelint-KEY[=VALUE]]…
 *
 * Arguments:
 *   profile=FILE[:FILE…]  access profiles (YAML), merged in order
 *   line-size=N           cache line size, a power of two in 16..512 (64)
 *   alignment=line|any    where a struct may start (line)
 *   adjacent              also report pairs in adjacent lines of a 128-byte block
 *   cacheline-groups=on|off  classes from the kernel's __cacheline_group_begin/end
 *                         markers (on)
 *   max-growth=BYTES      a proposal adds at most BYTES per instance: it gives up
 *                         separations, least important first, to stay inside
 *   propose               attach a reordering without the findings as fix-its
 *                         (-fdiagnostics-generate-patch prints it as a patch)
 *   view[=FILE]           print the pahole-style layout of every struct with a
 *                         finding, and its proposal (stderr or FILE)
 *   report=FILE           write this unit's findings (and proposals) as YAML,
 *                         or FILE.html as a picture of the layouts;
 *                         FILE ending in '/' is a directory, made if it
 *                         does not exist: DIR/<source>.cachelint.yaml, the
 *                         unit's path as given ("." and ".." dropped)
 *   dump-layout[=FILE]    print the model of every struct (stderr or FILE)
 *   werror                make cachelint's diagnostics errors
 *   instrument[=S[:S…]]   count member accesses per thread at run time (the
 *                         program links libcachelint-rt, which writes them
 *                         as a profile at exit); structs S, or those with
 *                         annotations or in the profile (instrument.cc)
 *   instrument-notes      a note at every place a counted member's address
 *                         leaves a function, or a function it reaches
 *                         accesses it only sometimes: not counted
 *   access-map=FILE       write every member access of the unit, where it
 *                         is and what it touches (docs/access-map.md);
 *                         FILE ending in '/' is a directory:
 *                         DIR/<source>.cachelint.map (access_map.cc)
 *   infer=on|off          the static tier (on): classes inferred from what
 *                         the unit's code does to the structs that no
 *                         annotation and no profile describe (core/infer)
 *   disable               load, register the annotations, check nothing
 *
 * Every FILE is written whole at the end of the unit or not at all
 * (cl_write_atomic); one that cannot be written is an error naming it.
 *
 * cachelint's warnings stay warnings under -Werror, so loading the plugin
 * never breaks a build; `werror` is how a build gates on them.  -w silences
 * them.  The plugin reads trees and never changes them: objects built with
 * and without it are identical.
 *
 * Every profile read is a dependency of the unit: with -MD/-MMD it is in
 * the .d file next to the headers, so make, ninja, Kbuild's fixdep and
 * ccache's depend mode rebuild what a changed profile affects.
 */
#include "cachelint-plugin.h"
#include "plugin-version.h"

#include "access_map/access_map.h"
#include "profile/access_profile.h"
#include "emit/files.h"
#include "model/kernel_groups.h"
#include "infer/infer.h"
#include "pipeline.h"
#include "emit/proposal_text.h"
#include "cl_version.h"
#include "model/rules.h"

__attribute__((visibility("default"))) int plugin_is_GPL_compatible;

static struct plugin_info cachelint_info = {
	CL_VERSION,
	"Warns when read-mostly and write-hot struct fields share a cache line.\n"
	"Arguments: profile=FILE[:FILE...] line-size=N alignment=line|any adjacent\n"
	"cacheline-groups=on|off max-growth=BYTES "
	"propose view[=FILE] report=FILE dump-layout[=FILE] werror\n"
	"instrument[=STRUCT[:STRUCT...]] instrument-notes access-map=FILE infer=on|off disable",
};

typedef int_hash<unsigned int, 0xffffffffu, 0xfffffffeu> uid_hash;

/**
 * struct plugin_output - the file of `dump-layout=` or `view=`
 * @path: the argument, NULL for stderr
 * @stream: what the pipeline prints into: a memory stream, written to
 *          @path whole at the end of the unit, so that a full disk leaves
 *          the old file or none, never half of one
 * @text: the memory stream's buffer
 * @len: its length
 */
struct plugin_output {
	const char *path;
	FILE *stream;
	char *text;
	size_t len;
};

/**
 * struct plugin_state - one translation unit's worth of plugin
 * @disabled: `disable`, or an argument error: register annotations only
 * @werror: report findings as errors
 * @opt: analysis options
 * @profile: merged profiles
 * @profile_list: the `profile=` argument, the files that are dependencies
 * @report_path: `report=` argument
 * @dump: `dump-layout`: print every record's model
 * @dump_file: the `dump-layout=` file, no path for stderr
 * @propose: attach proposals as fix-its
 * @view: print layout views of structs with findings
 * @view_file: the `view=` file, no path for stderr
 * @arena: the unit's models
 * @pipe: profiles, analysis, proposals, the report: core's pipeline
 * @analysed: TYPE_UIDs already analysed
 * @variables: DECL_UIDs of the variables already checked
 * @type: the tree of the record being handed to @pipe (for layout views)
 * @own_errors: errors that are cachelint findings (`werror`), not the code's
 * @instrument: `instrument` was given: count member accesses at run time
 * @instrument_list: its structs, NULL for the default choice
 * @instrument_notes: `instrument-notes`: say where a counted member's
 *	address leaves a function
 * @access_map: `access-map=`: where the unit's member accesses are written
 * @no_infer: `infer=off`: no static tier
 */
struct plugin_state {
	bool disabled;
	bool werror;
	struct cl_options opt;
	struct cl_profile profile;
	const char *profile_list;
	const char *report_path;
	bool dump;
	struct plugin_output dump_file;
	bool propose;
	bool view;
	struct plugin_output view_file;
	struct cl_arena arena;
	struct cl_pipeline pipe;
	hash_set<uid_hash> *analysed;
	hash_set<uid_hash> *variables;
	tree type;
	int own_errors;
	bool instrument;
	const char *instrument_list;
	bool instrument_notes;
	const char *access_map;
	bool no_infer;
};

static struct plugin_state state;

/*
 * Records without a name when GCC finishes them: `typedef struct {…} t;`
 * gets its name from the TYPE_DECL that follows.  A GC root, since garbage
 * collection runs during parsing.
 */
static GTY(()) tree pending_records;
/*
 * Records that nothing describes, for the static tier once the unit's
 * code is walked: TREE_VALUE the record, TREE_PURPOSE its typedef name
 * (an IDENTIFIER_NODE) or NULL_TREE.  A GC root too.
 */
static GTY(()) tree infer_candidates;

static const struct ggc_root_tab cachelint_roots[] = {
	{ &pending_records, 1, sizeof(pending_records), &gt_ggc_mx_tree_node,
	  &gt_pch_nx_tree_node },
	{ &infer_candidates, 1, sizeof(infer_candidates), &gt_ggc_mx_tree_node,
	  &gt_pch_nx_tree_node },
	LAST_GGC_ROOT_TAB
};

/* Classes no annotation shows: inferred from counts, or a replaced entry. */
static void emit_profile_notes(const struct cl_finding *f, location_t loc)
{
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];
	size_t n = cl_profile_finding_notes(&state.profile, &state.pipe.findings,
					    (size_t)(f - state.pipe.findings.v), &state.arena, notes);

	for (size_t i = 0; i < n; i++)
		inform(notes[i].where->cookie ? (location_t)notes[i].where->cookie : loc, "%s",
		       notes[i].text);
}

/*
 * Where @f is reported.  A group marker is a member a macro makes whole
 * (__cacheline_group_begin(G) in include/linux/cache.h): it is reported
 * where the macro is used, the line the model, the lint and DWARF give,
 * not inside cache.h.
 */
static location_t finding_location(const struct cl_finding *f)
{
	location_t loc = f->where.cookie ? (location_t)f->where.cookie : input_location;

	if (cl_rule_info(f->rule)->at_macro_use)
		loc = linemap_resolve_location(line_table, loc, LRK_MACRO_EXPANSION_POINT, NULL);
	return loc;
}

/*
 * One finding: a warning (an error with `werror`) at the reported field and
 * a note at the other; the struct's first finding that a proposal fixes also
 * carries the proposal (@rp) as fix-its and a note.  A plain -Werror must
 * not promote it.  A rule of note severity (true sharing, adjacent lines)
 * is a note, which -w silences as it does the warnings.
 */
static void emit(const struct cl_finding *f, struct cl_report_proposal *rp)
{
	location_t loc = finding_location(f);
	rich_location richloc(line_table, loc);
	auto_diagnostic_group group;
	bool shown;

	/*
	 * Fix-its GCC cannot show are not a reason against the layout: the
	 * report keeps the edit (rp->unshown), which cachelint patch writes.
	 */
	if (rp && rp->rw && propose_changed_lines(rp) > PROPOSE_FIXITS_MAX) {
		rp->reason = cl_arena_printf(&state.arena,
			"the patch would change %zu lines, more fix-its than GCC prints in reasonable time (%d); report=FILE holds the proposed struct and its edit, which 'cachelint patch' (or 'cachelint lint --propose --patch-out') writes as a patch",
			propose_changed_lines(rp), PROPOSE_FIXITS_MAX);
		rp->unshown = rp->rw;
		rp->rw = NULL;
	} else if (rp && rp->rw && !propose_add_fixits(&richloc, rp)) {
		rp->reason = "GCC cannot place fix-its in the struct's file (no location, or columns beyond its line map); report=FILE holds its edit, which 'cachelint patch' writes as a patch";
		rp->unshown = rp->rw;
		rp->rw = NULL;
	}
	if (state.werror) {
		error_at(&richloc, "%s", f->message);
		state.own_errors++;
		shown = true;
	} else if (f->severity == CL_SEV_NOTE) {
		shown = !compat_warnings_inhibited();
		if (shown)
			inform(&richloc, "%s", f->message);
	} else {
		bool saved = compat_warning_as_error();

		compat_set_warning_as_error(false);
		shown = warning_at(&richloc, 0, "%s", f->message);
		compat_set_warning_as_error(saved);
	}
	if (!shown)
		return;
	if (f->note && f->note_where.cookie)
		inform((location_t)f->note_where.cookie, "%s", f->note);
	emit_profile_notes(f, loc);
	if (rp)
		inform(f->record->span.cookie ? (location_t)f->record->span.cookie : loc,
		       "%s", cl_proposal_summary(rp, f->record_name, &state.arena));
}

/*
 * A record's findings, as GCC diagnostics.  With `propose` they wait for
 * the end of the unit: a cast in a function body after the struct may make
 * it a twin (twins.cc), whose proposal then offers no patch.
 */
static void emit_record(struct cl_pipeline *p, const struct cl_record *rec, size_t first,
			size_t n)
{
	struct cl_report_proposal *rp = state.propose ? cl_pipeline_proposal(p, rec) : NULL;

	for (size_t i = first; i < first + n; i++) {
		const struct cl_finding *f = &p->findings.v[i];
		bool carries = rp && cl_rule_proposal_fixes(f->rule);

		emit(f, carries ? rp : NULL);
		if (carries)
			rp = NULL;
	}
}

/**
 * struct held - a record's findings held back until the end of the unit
 * @rec: the record (NULL for a variable's)
 * @first: its first finding in the pipeline's
 * @n: how many
 */
struct held {
	const struct cl_record *rec;
	size_t first, n;
};

static vec<held> held_records;

/* The pipeline's sink. */
static void sink(void *, struct cl_pipeline *p, const struct cl_record *rec, size_t first,
		 size_t n)
{
	struct held h = { rec, first, n };

	if (!state.propose) {
		emit_record(p, rec, first, n);
		return;
	}
	held_records.safe_push(h);
}

static void flush_held(void)
{
	for (unsigned i = 0; i < held_records.length(); i++)
		emit_record(&state.pipe, held_records[i].rec, held_records[i].first,
			    held_records[i].n);
	held_records.release();
}

/* The pipeline draws the record being added: spell its members' types first. */
static void fill_types(void *, struct cl_record *rec)
{
	if (state.type)
		convert_fill_types(state.type, rec, &state.arena);
}

static FILE *open_stream(struct plugin_output *o, bool *enabled)
{
	if (!*enabled)
		return NULL;
	if (!o->path)
		return stderr;
	o->stream = open_memstream(&o->text, &o->len);
	if (!o->stream) {
		error_at(UNKNOWN_LOCATION, "cachelint: cannot write '%s': %s", o->path,
			 xstrerror(errno));
		*enabled = false;
	}
	return o->stream;
}

static int put_output(FILE *out, void *data)
{
	const struct plugin_output *o = (const struct plugin_output *)data;

	fwrite(o->text, 1, o->len, out);
	return ferror(out) ? -1 : 0;
}

/* The end of the unit: @o's text goes to its file, whole or not at all. */
static void close_stream(struct plugin_output *o)
{
	if (!o->stream)
		return;
	if (fclose(o->stream) != 0 || cl_write_atomic(o->path, put_output, o))
		error_at(UNKNOWN_LOCATION, "cachelint: cannot write '%s': %s", o->path,
			 cl_write_strerror(errno));
	free(o->text);
	o->stream = NULL;
	o->text = NULL;
}

/*
 * Whether a record is worth converting: core's one test
 * (cl_worth_converting()), asked of GCC's trees before converting.
 */

/**
 * struct worth_question - one question about @root
 * @root: the record asked about
 * @root_name: its name (a typedef's, for an anonymous struct)
 * @seen: the records looked into, each once (embedded records form a DAG)
 */
struct worth_question {
	tree root;
	const char *root_name;
	hash_set<uid_hash> seen;
};

static const char *tree_name(void *data, const void *rec)
{
	struct worth_question *q = (struct worth_question *)data;

	return (tree)rec == q->root ? q->root_name : convert_record_name((tree)rec, &state.arena);
}

static bool tree_marked(void *data, const void *rec)
{
	(void)data;
	return attributes_per_thread((tree)rec);
}

static bool tree_members(void *data, const void *rec,
			 bool (*fn)(void *ctx, const char *name, bool marked, const void *embedded),
			 void *ctx)
{
	(void)data;
	for (tree f = TYPE_FIELDS((tree)rec); f; f = DECL_CHAIN(f)) {
		tree t;

		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		t = TYPE_MAIN_VARIANT(TREE_TYPE(f));
		if (fn(ctx, DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : NULL,
		       attributes_field_marked(f), RECORD_OR_UNION_TYPE_P(t) ? t : NULL))
			return true;
	}
	return false;
}

static int tree_known(void *data, const void *rec)
{
	return ((struct worth_question *)data)->seen.contains(TYPE_UID((tree)rec)) ? 0 : -1;
}

static void tree_remember(void *data, const void *rec, bool yes)
{
	(void)yes;	/* a yes ends the question */
	((struct worth_question *)data)->seen.add(TYPE_UID((tree)rec));
}

static bool worth_converting(tree type, const char *name)
{
	struct worth_question q;
	struct cl_worth_walk w = { tree_name, tree_marked, tree_members, tree_known,
				   tree_remember, &q };

	q.root = type;
	q.root_name = name;
	return state.dump ||
	       cl_worth_converting(&w, type, &state.profile, state.opt.no_cacheline_groups);
}

/*
 * After an error in the code, GCC carries on with repaired types (an unknown
 * type name becomes int): their layouts are not the program's.
 */
static bool code_has_errors(void)
{
	return errorcount + sorrycount > state.own_errors;
}

static void analyse_record(tree type, const char *typedef_name);

static void analyse(tree type, const char *typedef_name)
{
	unsigned int uid = TYPE_UID(type);
	const char *name;

	if (!state.analysed)
		state.analysed = new hash_set<uid_hash>;
	if (state.analysed->add(uid) || code_has_errors())
		return;
	/*
	 * Nobody annotates libc's structs; their warnings would be hidden
	 * anyway.  Records the compiler made itself (C++ RTTI pseudo types,
	 * at BUILTINS_LOCATION) are not the program's.
	 */
	location_t where = convert_record_location(type);

	if (in_system_header_at(where) || where <= BUILTINS_LOCATION)
		return;
	/* named once per type, and only the program's: a unit finishes types many times */
	name = typedef_name ? typedef_name : convert_record_name(type, &state.arena);
	if (!worth_converting(type, name)) {
		if (!state.no_infer && name)
			infer_candidates = tree_cons(typedef_name ? get_identifier(typedef_name) :
						     NULL_TREE, type, infer_candidates);
		return;
	}
	analyse_record(type, typedef_name);
}

/* Convert @type and hand it to the pipeline. */
static void analyse_record(tree type, const char *typedef_name)
{
	struct cl_record *rec;
	unsigned int uid = TYPE_UID(type);

	rec = convert_record(type, &state.arena);
	if (!rec)
		return;
	if (typedef_name) {
		rec->name = cl_arena_strdup(&state.arena, typedef_name);
		rec->typedef_name = true;
	}
	state.type = type;
	/* the key twins.cc names the record by */
	cl_pipeline_add(&state.pipe, rec, cl_arena_printf(&state.arena, "%u", uid));
	state.type = NULL_TREE;
}

static void finish_type(void *event_data, void *)
{
	tree type = (tree)event_data;

	if (state.disabled || !type || type == error_mark_node || !RECORD_OR_UNION_TYPE_P(type) ||
	    !COMPLETE_TYPE_P(type))
		return;
	type = TYPE_MAIN_VARIANT(type);
	if (state.propose && TREE_CODE(type) == UNION_TYPE)
		twins_union(type);
	if (convert_record_name(type, &state.arena)) {
		analyse(type, NULL);
		return;
	}
	for (tree p = pending_records; p; p = TREE_CHAIN(p))
		if (TREE_VALUE(p) == type)
			return;
	pending_records = tree_cons(NULL_TREE, type, pending_records);
}

/*
 * C++ class template instantiations get no PLUGIN_FINISH_TYPE: check them
 * when a variable of that type is declared.
 */
static void finish_var(tree decl)
{
	tree type = TREE_TYPE(decl);

	while (type && TREE_CODE(type) == ARRAY_TYPE)
		type = TREE_TYPE(type);
	if (type && RECORD_OR_UNION_TYPE_P(type) && COMPLETE_TYPE_P(type) &&
	    convert_record_name(TYPE_MAIN_VARIANT(type), &state.arena))
		analyse(TYPE_MAIN_VARIANT(type), NULL);
}

/*
 * An array whose elements each belong to one thread (__per_thread), or one
 * that the profile's objects: section names: its definition, once, goes to
 * the objects check.  A declaration (extern) defines no storage: the
 * definition is where the fix goes.
 */
static void check_variable(tree decl)
{
	struct cl_variable v;

	if (DECL_EXTERNAL(decl) || !DECL_NAME(decl) || code_has_errors() ||
	    in_system_header_at(DECL_SOURCE_LOCATION(decl)))
		return;
	if (!attributes_per_thread(decl) &&
	    !cl_profile_names_variable(&state.profile, IDENTIFIER_POINTER(DECL_NAME(decl))))
		return;
	if (!state.variables)
		state.variables = new hash_set<uid_hash>;
	if (state.variables->add(DECL_UID(decl)))
		return;
	if (convert_variable(decl, &v, &state.arena))
		cl_pipeline_add_variable(&state.pipe, &v);
}

/* The pending nameless record @type, analysed as @name; false when it is not pending. */
static bool pending_named(tree type, const char *name)
{
	for (tree *p = &pending_records; *p; p = &TREE_CHAIN(*p)) {
		if (TREE_VALUE(*p) == type) {
			*p = TREE_CHAIN(*p);
			analyse(type, name);
			return true;
		}
	}
	return false;
}

/*
 * `static struct {…} x;` (or `x[4]`): a record with no tag and no typedef
 * is known by the first variable of static storage defined of it, in the
 * profile (what instrument counts it as), the access map and the
 * findings, as a typedef's name would be.  An extern declaration names
 * nothing.  C only: C++ gives such a record a name of its own for linkage.
 */
static void anonymous_variable(tree decl)
{
	tree type = TREE_TYPE(decl);

	while (type && TREE_CODE(type) == ARRAY_TYPE)
		type = TREE_TYPE(type);
	if (lang_GNU_CXX() || !DECL_NAME(decl) || DECL_ARTIFICIAL(decl) || DECL_EXTERNAL(decl) ||
	    !is_global_var(decl) || !type ||
	    !RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type) ||
	    access_record_name(type))
		return;
	type = TYPE_MAIN_VARIANT(type);
	access_walk_anonymous_variable(decl, type);
	pending_named(type, IDENTIFIER_POINTER(DECL_NAME(decl)));
}

/* `typedef struct {…} name;`: the anonymous record is analysed as `name`. */
static void finish_decl(void *event_data, void *)
{
	tree decl = (tree)event_data, type;

	if (state.disabled || !decl)
		return;
	if (TREE_CODE(decl) == VAR_DECL) {
		anonymous_variable(decl);
		check_variable(decl);
		if (state.propose)
			twins_initializer(decl);
		if (lang_GNU_CXX())
			finish_var(decl);
		return;
	}
	if (TREE_CODE(decl) == TYPE_DECL && (state.instrument || state.access_map || !state.no_infer))
		access_walk_typedef(decl);
	if (!pending_records || TREE_CODE(decl) != TYPE_DECL || !DECL_NAME(decl))
		return;
	type = TREE_TYPE(decl);
	if (!type || type == error_mark_node || !RECORD_OR_UNION_TYPE_P(type))
		return;
	pending_named(TYPE_MAIN_VARIANT(type), IDENTIFIER_POINTER(DECL_NAME(decl)));
}

/*
 * Nameless records still pending at the end: anonymous members were
 * analysed inside the records that hold them; the rest (`struct {…} x;`)
 * are analysed as they are.
 */
static void flush_pending(void)
{
	tree list = nreverse(pending_records);

	pending_records = NULL_TREE;
	for (tree p = list; p; p = TREE_CHAIN(p))
		if (!convert_seen(TREE_VALUE(p)))
			analyse(TREE_VALUE(p), NULL);
}

/* The static tier asks only about the records nothing else describes. */
static bool candidate_named(void *data, const char *record)
{
	return ((hash_set<nofree_string_hash> *)data)->contains(record);
}

static const char *candidate_name(tree c)
{
	return TREE_PURPOSE(c) ? IDENTIFIER_POINTER(TREE_PURPOSE(c)) :
	       convert_record_name(TREE_VALUE(c), &state.arena);
}

/*
 * The static tier (core/infer): once the walk has seen every access of the
 * unit (the access pass, before free_lang_data, while the types are whole),
 * what it says of the records that no annotation and no profile describe
 * becomes a profile of their classes, which the pipeline then applies to
 * them as to any other.
 */
static void infer_unit(const struct cl_access_map *lines)
{
	hash_set<nofree_string_hash> names;
	struct cl_infer_config cfg = { };
	struct cl_infer_result res;
	struct cl_diag err;
	char *text = NULL, buf[CL_DIAG_LINE_MAX];
	size_t len = 0;
	FILE *f;
	tree list;

	if (!infer_candidates || !lines->n || code_has_errors())
		return;
	for (tree c = infer_candidates; c; c = TREE_CHAIN(c))
		if (candidate_name(c))
			names.add(candidate_name(c));
	cfg.dir = getpwd();
	cfg.line_size = state.opt.line_size;
	cfg.only = candidate_named;
	cfg.only_data = &names;
	f = open_memstream(&text, &len);
	if (!f)
		return;
	if (cl_infer_write(lines, &cfg, f, &res) | fclose(f) || !res.structs) {
		free(text);
		return;
	}
	if (cl_profile_load_buffer(&state.profile, "<inferred from the code>", text, len, &err)) {
		error("cachelint: %s", cl_diag_format(&err, buf, sizeof(buf)));
		free(text);
		return;
	}
	free(text);
	state.pipe.cfg.profile = &state.profile;
	list = nreverse(infer_candidates);
	infer_candidates = NULL_TREE;
	for (tree c = list; c; c = TREE_CHAIN(c)) {
		const char *name = candidate_name(c);

		if (name && cl_profile_find(&state.profile, name))
			analyse_record(TREE_VALUE(c),
				       TREE_PURPOSE(c) ? IDENTIFIER_POINTER(TREE_PURPOSE(c)) : NULL);
	}
}

/* report=FILE.html draws the layouts; anything else (and report=DIR/) is YAML. */
static bool report_is_html(void)
{
	size_t n = state.report_path ? strlen(state.report_path) : 0;

	return n > 5 && !strcmp(state.report_path + n - 5, ".html");
}

static int write_report(FILE *out, void *)
{
	struct cl_pipeline_output o = { main_input_filename, NULL, false };

	return cl_pipeline_write(&state.pipe, out,
				 report_is_html() ? CL_FORMAT_HTML : CL_FORMAT_YAML, &o);
}

/*
 * report=DIR/ names a directory, which the build may not have made: it is
 * made, as -fprofile-generate=DIR makes its own.  Each unit's report is
 * named by the unit's path below it, as the access map's are, so that
 * a/x.c and b/x.c of one build keep a report each.  NULL (with an error)
 * when a directory cannot be made.
 */
static const char *report_file(void)
{
	char *file = cl_unit_output_path(state.report_path, main_input_filename,
					 CL_REPORT_SUFFIX);

	if (!file)
		error_at(UNKNOWN_LOCATION, "cachelint: cannot make report directory '%s' (for '%s'): %s",
			 state.report_path, main_input_filename, xstrerror(errno));
	return file;
}

/*
 * PLUGIN_FINISH runs even under -fsyntax-only and after errors, unlike
 * PLUGIN_FINISH_UNIT.  The report is not written when the unit had errors of
 * its own: its layouts may be wrong.
 */
static void finish(void *, void *)
{
	if (!state.disabled) {
		flush_pending();
		flush_held();
		access_pass_finish(code_has_errors());
		if (state.report_path && !code_has_errors()) {
			const char *path = report_file();

			if (path && cl_write_atomic(path, write_report, NULL))
				error_at(UNKNOWN_LOCATION, "cachelint: cannot write report '%s': %s", path,
				      cl_write_strerror(errno));
		}
	}
	close_stream(&state.dump_file);
	close_stream(&state.view_file);
	twins_finish();
	cl_pipeline_free(&state.pipe);
	cl_arena_free(&state.arena);
	cl_profile_free(&state.profile);
	delete state.analysed;
	delete state.variables;
	convert_reset();
}

/*
 * libcpp's dependency list (libcpp/include/mkdeps.h, not installed with the
 * plugin headers; exported by cc1 and cc1plus).  Weak: lto1 has neither a
 * preprocessor nor parse_in, and a plugin loaded there must still load.
 */
extern class mkdeps *cpp_get_deps(cpp_reader *) __attribute__((weak));
extern void deps_add_dep(class mkdeps *, const char *) __attribute__((weak));
extern cpp_reader *parse_in __attribute__((weak));

/*
 * PLUGIN_PRAGMAS: the preprocessor exists and has not written the
 * dependency file yet (it does at the end of the unit).  Unlike
 * PLUGIN_START_UNIT it also runs when only preprocessing (-E, -M, -MM).
 * cpp_get_deps() is NULL unless -M/-MD/-MMD asked for dependencies.  The
 * paths go in as given, as the headers do: relative to where the compiler
 * runs.
 */
static void add_profile_deps(void *, void *)
{
	class mkdeps *deps;
	const char *s = state.profile_list;

	if (!s || state.disabled || !&parse_in || !parse_in || !cpp_get_deps || !deps_add_dep)
		return;
	deps = cpp_get_deps(parse_in);
	if (!deps)
		return;
	for (;;) {
		const char *end = strchr(s, ':');
		size_t len = end ? (size_t)(end - s) : strlen(s);

		if (len)
			deps_add_dep(deps, xstrndup(s, len));
		if (!end)
			break;
		s = end + 1;
	}
}

static void bad_argument(const char *key, const char *fmt, const char *detail)
{
	char msg[1024];

	snprintf(msg, sizeof(msg), fmt, detail);
	error("cachelint: argument '%s': %s", key, msg);
	state.disabled = true;
}

static bool needs_value(const struct plugin_argument *arg, bool needed)
{
	if (needed && (!arg->value || !*arg->value))
		bad_argument(arg->key, "%s", "needs a value (KEY=VALUE)");
	else if (!needed && arg->value)
		bad_argument(arg->key, "%s", "takes no value");
	else
		return true;
	return false;
}

static void parse_argument(const struct plugin_argument *arg, const char **profiles)
{
	const char *key = arg->key;
	struct cl_diag err;

	if (!strcmp(key, "line-size") || !strcmp(key, "alignment") || !strcmp(key, "adjacent") ||
	    !strcmp(key, "cacheline-groups") || !strcmp(key, "max-growth")) {
		if (cl_options_set(&state.opt, key, arg->value, &err))
			bad_argument(key, "%s", err.msg);
	} else if (!strcmp(key, "profile")) {
		if (needs_value(arg, true))
			*profiles = arg->value;
	} else if (!strcmp(key, "report")) {
		if (needs_value(arg, true))
			state.report_path = arg->value;
	} else if (!strcmp(key, "dump-layout")) {
		state.dump = true;
		state.dump_file.path = arg->value && *arg->value ? arg->value : NULL;
	} else if (!strcmp(key, "propose")) {
		state.propose = needs_value(arg, false);
	} else if (!strcmp(key, "view")) {
		state.view = true;
		state.view_file.path = arg->value && *arg->value ? arg->value : NULL;
	} else if (!strcmp(key, "werror")) {
		state.werror = needs_value(arg, false);
	} else if (!strcmp(key, "instrument")) {
		if (arg->value && !*arg->value)
			bad_argument(key, "%s", "needs struct names (instrument=STRUCT[:STRUCT...]) or no value");
		else if (arg->value && !instrument_list_valid(arg->value))
			bad_argument(key, "'%s' is not a list of struct names (STRUCT[:STRUCT...], a C++ name as ns::box<int>)",
				     arg->value);
		else
			state.instrument = true;
		state.instrument_list = arg->value;
	} else if (!strcmp(key, "instrument-notes")) {
		state.instrument_notes = needs_value(arg, false);
	} else if (!strcmp(key, "access-map")) {
		if (needs_value(arg, true))
			state.access_map = arg->value;
	} else if (!strcmp(key, "infer")) {
		if (!arg->value || (strcmp(arg->value, "on") && strcmp(arg->value, "off")))
			bad_argument(key, "%s", "must be on or off");
		else
			state.no_infer = !strcmp(arg->value, "off");
	} else if (!strcmp(key, "disable")) {
		if (needs_value(arg, false))
			state.disabled = true;
	} else {
		bad_argument(key, "%s",
			     "unknown (expected profile, line-size, alignment, adjacent, cacheline-groups, max-growth, propose, view, report, dump-layout, werror, instrument, instrument-notes, access-map, infer or disable)");
	}
}

static void load_profiles(const char *list)
{
	struct cl_diag err;
	char buf[CL_DIAG_LINE_MAX];

	if (cl_profile_load_list(&state.profile, list, &err)) {
		error("cachelint: %s", cl_diag_format(&err, buf, sizeof(buf)));
		state.disabled = true;
		return;
	}
	state.profile_list = list;
	cl_options_profile_line_size(&state.opt, state.profile.line_size);
}

/* Everything after a record is converted is core's pipeline. */
static void start_pipeline(void)
{
	struct cl_pipeline_config cfg = { };

	cfg.opt = state.opt;
	cfg.profile = cl_profile_has_entries(&state.profile) ? &state.profile : NULL;
	cfg.propose = state.propose;
	cfg.sources = true;
	if (!state.disabled) {
		cfg.dump = open_stream(&state.dump_file, &state.dump);
		cfg.view = open_stream(&state.view_file, &state.view);
	}
	cfg.types = fill_types;
	cfg.spell_types = report_is_html();
	cfg.sink = sink;
	cl_pipeline_init(&state.pipe, &cfg);
}

__attribute__((visibility("default")))
int plugin_init(struct plugin_name_args *info, struct plugin_gcc_version *version)
{
	const char *profiles = NULL;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error("cachelint: built for GCC %s, not this compiler (%s)",
		      gcc_version.basever, version->basever);
		return 1;
	}
	cl_options_init(&state.opt);
	cl_arena_init(&state.arena);
	cl_profile_init(&state.profile);
	for (int i = 0; i < info->argc; i++)
		parse_argument(&info->argv[i], &profiles);
	if (state.instrument_notes && !state.instrument)
		bad_argument("instrument-notes", "%s", "says what instrument misses: give instrument too");
	/*
	 * lto1 (-flto, at link time) reads GIMPLE: no types to analyse, and its
	 * empty report= and dump-layout= files would overwrite the compile's.
	 */
	if (!strcmp(lang_hooks.name, "GNU GIMPLE"))
		state.disabled = true;
	if (profiles && !state.disabled)
		load_profiles(profiles);
	start_pipeline();
	/* an instrumented build measures what the static tier would guess */
	if (state.instrument)
		state.no_infer = true;
	if ((state.instrument || state.access_map || !state.no_infer) && !state.disabled) {
		struct access_pass_config ac = { state.instrument, state.instrument_list,
						 state.instrument_notes, state.access_map,
						 &state.profile, &state.arena,
						 state.no_infer ? NULL : infer_unit };

		access_pass_register(info->base_name, &ac);
	}

	register_callback(info->base_name, PLUGIN_INFO, NULL, &cachelint_info);
	register_callback(info->base_name, PLUGIN_ATTRIBUTES, attributes_register, NULL);
	register_callback(info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  (void *)cachelint_roots);
	register_callback(info->base_name, PLUGIN_FINISH_TYPE, finish_type, NULL);
	register_callback(info->base_name, PLUGIN_FINISH_DECL, finish_decl, NULL);
	register_callback(info->base_name, PLUGIN_PRAGMAS, add_profile_deps, NULL);
	register_callback(info->base_name, PLUGIN_FINISH, finish, NULL);
	if (state.propose && !state.disabled) {
		twins_start(&state.pipe, &state.arena);
		register_callback(info->base_name, PLUGIN_PRE_GENERICIZE, twins_function, NULL);
	}
	return 0;
}
