// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_frontend.c - the walk over a file's units: find the record
 * definitions, name anonymous typedef'd records, apply the profile, and
 * hand each distinct layout to the caller once
 *
 * Everything built for a unit lives in the unit's arena and dies with it.
 * A layout that has not been seen before (cl_record_fingerprint) is copied
 * into the front end's arena first, so memory grows with the number of
 * distinct layouts (1,514 in a 40-unit binary), not with the number of
 * struct DIEs (92,000 there).
 *
 * Time would still grow with the struct DIEs, each of whose members
 * libdwarf decodes.  In a fast unit (one of .debug_info in a file read in
 * place, dwarf_raw.h) the walk only collects the definitions; at the end of
 * the unit, when the typedef names are known, each gets its structural key
 * (dwarf_shape.c), and only those whose key is new, and that an annotation
 * or the profile reaches (or all, for --dump-layout), are converted.
 */
#include "dwarf_internal.h"
#include "dwarf_input.h"
#include "model/kernel_groups.h"
#include "pipeline.h"
#include "model/names.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* copying a distinct layout out of the unit                           */

static const char *copy_str(struct cl_arena *a, const char *s)
{
	return s ? cl_arena_strdup(a, s) : NULL;
}

/*
 * An access out of the unit's memory: its group, and the paths of its uses
 * (a __read_on/__written_on tag), which the unit's arena held.
 */
static void copy_access(struct cl_arena *a, struct cl_access *acc)
{
	struct cl_use *uses;

	acc->group = copy_str(a, acc->group);
	acc->source = copy_str(a, acc->source);
	if (!acc->nuses)
		return;
	uses = cl_arena_alloc(a, acc->nuses * sizeof(*uses));
	for (uint32_t i = 0; i < acc->nuses; i++) {
		uses[i] = acc->uses[i];
		uses[i].path = copy_str(a, uses[i].path);
	}
	acc->uses = uses;
}

static struct cl_record *copy_record(struct dw_frontend *fe, struct cl_map *memo,
				     const struct cl_record *rec, unsigned depth)
{
	struct cl_arena *a = &fe->arena;
	struct cl_record *c = cl_map_get(memo, (dw_key)(uintptr_t)rec);

	if (c)
		return c;
	c = cl_record_new(a, rec->kind, rec->name, rec->nmembers);
	c->typedef_name = rec->typedef_name;
	c->size = rec->size;
	c->align = rec->align;
	c->packed = rec->packed;
	c->span = rec->span;
	c->suppress = rec->suppress;
	c->per_thread = rec->per_thread;
	c->objects = rec->objects;
	for (size_t i = 0; i < rec->npaths; i++)
		cl_record_add_path(c, a, rec->paths[i].path, &rec->paths[i].access,
				   &rec->paths[i].span);
	for (size_t i = 0; i < rec->npaths; i++)
		copy_access(a, &c->paths[i].access);
	cl_map_put(memo, (dw_key)(uintptr_t)rec, c);
	for (size_t i = 0; i < rec->nmembers; i++) {
		const struct cl_member *m = &rec->members[i];
		struct cl_member *cm = &c->members[i];

		*cm = *m;
		cm->name = copy_str(a, m->name);
		cm->type = copy_str(a, m->type);
		copy_access(a, &cm->access);
		cm->record = m->record && depth < CL_NESTING_MAX ?
			     copy_record(fe, memo, m->record, depth + 1) : NULL;
	}
	return c;
}

/* ------------------------------------------------------------------ */
/* the end of a unit                                                    */


static void name_typedefs(struct dw_unit *u)
{
	for (size_t i = 0; i < u->nconverted; i++) {
		struct cl_record *rec = u->converted[i]->record;
		const char *name;

		if (rec->name)
			continue;
		name = cl_map_get(&u->typedefs, u->converted[i]->key);
		if (name) {
			/* read in place: not escaped yet (names.h) */
			rec->name = cl_arena_strdup(&u->arena, cl_name_escape(&u->arena, name));
			rec->typedef_name = true;
		}
	}
}

static bool is_root(struct dw_unit *u, const struct cl_record *rec)
{
	const char *only = u->fe->cfg.only;

	if (!rec->name && cl_map_get(&u->embedded, (dw_key)(uintptr_t)rec))
		return false;
	return !only || (rec->name && !strcmp(rec->name, only));
}

/*
 * Whether the caller gets @rec: every layout with --dump-layout or a name
 * to look for, else those that an annotation or the profile reaches (the
 * others have nothing to analyse), as in the plugin.
 */
static bool is_wanted(struct dw_frontend *fe, const struct cl_record *rec)
{
	return fe->cfg.all || fe->cfg.only ||
	       cl_record_worth_converting(rec, fe->cfg.profile, fe->cfg.no_groups);
}

/*
 * A nameless record that some member embeds is no root; the conversion of
 * the records holding such a member decides that (mark_embedded()), and
 * only those converted in the unit count.  Whether a definition is such a
 * record is unsure where the structural keys say some member may embed it
 * and it has no name of its own or from a typedef.
 */
static bool root_unsure(struct dw_unit *u, dw_key k, const struct dw_shape *s)
{
	return (!s || !s->named) && !cl_map_get(&u->typedefs, k) &&
	       cl_map_get(&u->raw_embedded, k);
}

/*
 * An unsure definition is embedded for certain when one of its holders
 * has a key whose conversion went through every member before: the same
 * tree converts the same way here, and marks it.
 */
static bool embedded_for_sure(struct dw_unit *u, dw_key k)
{
	const struct dw_embedder *e;

	for (e = cl_map_get(&u->raw_embedded, k); e; e = e->next) {
		const struct dw_shape *s = dw_shape_of(u, e->parent);

		if (s && dw_shape_ok(u->fe, s, false))
			return true;
	}
	return false;
}

/* Otherwise its holders are converted too, so that they mark it or not. */
static void convert_holders(struct dw_unit *u, dw_key k)
{
	const struct dw_embedder *e;

	for (e = cl_map_get(&u->raw_embedded, k); e; e = e->next)
		dw_type_layout(u, e->parent, 0);
}

/*
 * The struct definitions of a fast unit: those whose structural key was
 * decided in an earlier unit, those that nothing reaches, and nameless
 * ones that a holder converted whole before embeds, are left alone; the
 * others are converted.  Returns the keys to remember once the roots are
 * known (NULL where there is none to remember).
 */
static const struct dw_shape **convert_candidates(struct dw_unit *u)
{
	struct dw_frontend *fe = u->fe;
	const struct dw_shape **keys = cl_arena_alloc(&u->arena, (u->ncands + 1) * sizeof(*keys));

	for (size_t i = 0; i < u->ncands; i++)
		keys[i] = dw_shape_of(u, u->cands[i]);
	for (size_t i = 0; i < u->ncands; i++) {
		const struct dw_shape *s = keys[i];
		dw_key k = u->cands[i];
		bool unsure = root_unsure(u, k, s);

		if (s && ((!s->relevant && !fe->cfg.all) || dw_shape_seen(fe, s, false) ||
			  (unsure && embedded_for_sure(u, k)))) {
			fe->stats.recognised++;
			keys[i] = NULL;
			continue;
		}
		if (unsure)
			convert_holders(u, k);
		dw_visit_root(u, dw_type_layout(u, k, 0));
	}
	return keys;
}

/* What a key stands for is known once the unit's roots are: remember it. */
static void remember_keys(struct dw_unit *u, const struct dw_shape **keys)
{
	struct dw_type *t;

	for (size_t i = 0; keys && i < u->ncands; i++) {
		if (!keys[i])
			continue;
		t = cl_map_get(&u->types, u->cands[i]);
		if (t && (!t->record || is_root(u, t->record)))
			dw_shape_seen(u->fe, keys[i], true);
	}
	/* every record converted whole, candidate or holder */
	for (size_t i = 0; keys && i < u->nconverted; i++) {
		const struct dw_shape *s;

		t = u->converted[i];
		s = t->record ? dw_shape_known(u, t->key) : NULL;
		if (s)
			dw_shape_ok(u->fe, s, true);
	}
}

/*
 * The unit's __per_thread arrays, after its records (the plugin meets a
 * variable after the types it uses), copied out of the unit's memory.
 */
static void hand_variables(struct dw_unit *u, struct cl_map *memo)
{
	struct dw_frontend *fe = u->fe;

	for (size_t i = 0; i < u->nvars; i++) {
		struct cl_variable v;

		if (!dw_variable_read(u, u->vars[i], &v) || !fe->cfg.variable)
			continue;
		v.name = copy_str(&fe->arena, v.name);
		if (v.elem)
			v.elem = copy_record(fe, memo, v.elem, 0);
		fe->cfg.variable(fe->cfg.data, &v);
	}
}

static void finish_unit(struct dw_unit *u)
{
	struct dw_frontend *fe = u->fe;
	const struct dw_shape **keys = u->fast ? convert_candidates(u) : NULL;
	struct cl_map memo;

	name_typedefs(u);
	cl_map_init(&memo);
	for (size_t i = 0; i < u->nvisited; i++) {
		struct cl_record *rec = u->visited[i]->record, *copy;
		dw_key fp;

		if (!rec || !is_root(u, rec) || !is_wanted(fe, rec))
			continue;
		fp = cl_record_fingerprint(rec);
		fp = fp ? fp : 1;
		if (cl_map_get(&fe->seen, fp))
			continue;
		cl_map_put(&fe->seen, fp, rec);
		copy = copy_record(fe, &memo, rec, 0);
		fe->stats.records++;
		if (fe->cfg.record)
			fe->cfg.record(fe->cfg.data, copy);
	}
	if (!fe->cfg.only)
		hand_variables(u, &memo);
	remember_keys(u, keys);
	cl_map_free(&memo);
}


/*
 * The walk of a fast unit: prepared ahead by a thread, in place, or
 * through libdwarf if need be.
 */
static void walk_unit(struct dw_unit *u, Dwarf_Die cu)
{
	if (u->fast && (dw_ahead_take(u->fe, u) || dw_walk_in_place(u)))
		return;
	u->ncands = 0;
	u->nvars = 0;
	cl_map_free(&u->typedefs);
	cl_map_init(&u->typedefs);
	cl_map_free(&u->scopes);
	cl_map_init(&u->scopes);
	u->scope = NULL;
	dw_walk_unit_dies(u, cu);
}

static bool is_cplusplus(struct dw_unit *u, Dwarf_Die cu)
{
	Dwarf_Unsigned lang = 0;
	Dwarf_Error e = NULL;
	int rc = dwarf_srclang(cu, &lang, &e);

	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading the unit's language", e);
	return rc == DW_DLV_OK &&
	       (lang == DW_LANG_C_plus_plus || lang == DW_LANG_C_plus_plus_03 ||
		lang == DW_LANG_C_plus_plus_11 || lang == DW_LANG_C_plus_plus_14);
}

/*
 * A split-DWARF skeleton (gcc/clang -gsplit-dwarf) holds no types: they are
 * in the .dwo file it names.
 */
static void check_skeleton(struct dw_unit *u, Dwarf_Die cu, Dwarf_Half unit_type)
{
	struct dw_attrs a;
	Dwarf_Half tag = dw_tag(u, cu);

	if (tag != DW_TAG_skeleton_unit && unit_type != DW_UT_skeleton) {
		if (tag != DW_TAG_compile_unit || dw_has_children(u, cu))
			return;
	}
	dw_read_attrs(u, cu, &a);
	if (tag != DW_TAG_skeleton_unit && unit_type != DW_UT_skeleton &&
	    !(a.have & DWA_DWO_NAME))
		return;
	cl_diag_set(u->fe->err, u->path, 0, 0,
		    "a split-DWARF skeleton (-gsplit-dwarf): the types are in '%s'; run on that .dwo file, or build without -gsplit-dwarf",
		    a.dwo_name ? a.dwo_name : "the .dwo file");
	longjmp(u->fe->fail, 1);
}

/*
 * The unit in the file's sections read in place (dwarf_raw.h): always for
 * the structure of its DIEs (dw_sibling() checks a subtree before libdwarf
 * skips it), and for structural keys when the unit is fast: one of
 * .debug_info of a linked file, in a run that does not spell types or look
 * for one name (both convert little).
 */
static void open_raw(struct dw_unit *u, struct dw_input *in, Dwarf_Die cu)
{
	struct dw_frontend *fe = u->fe;
	Dwarf_Off off = 0, len = 0;
	Dwarf_Error e = NULL;
	int rc;

	if (!in->raw.info.p || !u->is_info)
		return;
	rc = dwarf_die_CU_offset_range(cu, &off, &len, &e);
	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading the unit's extent", e);
	/* what libdwarf read as a unit, this reader must too */
	if (rc != DW_DLV_OK || dw_raw_unit_open(&in->raw, off, &u->raw) ||
	    u->raw.addr_size != u->addr_size ||
	    dw_key_make(u->raw.die_off, 1) != dw_die_key(u, cu))
		dw_fail(u, "the unit at offset 0x%llx cannot be read", (unsigned long long)off);
	u->has_raw = true;
	if (!u->raw.keys || fe->cfg.only || fe->cfg.types || fe->cfg.reference)
		return;
	u->fast = true;
	u->seed = dw_unit_seed(u);
}


static void read_unit(struct dw_frontend *fe, struct dw_input *in, const char *path,
		      Dwarf_Bool is_info, Dwarf_Half version, Dwarf_Half addr_size,
		      Dwarf_Half unit_type)
{
	struct dw_unit *u = calloc(1, sizeof(*u));
	Dwarf_Die cu;

	if (!u) {
		fputs("cachelint: out of memory\n", stderr);
		abort();
	}
	fe->unit = u;
	u->fe = fe;
	u->dbg = in->dbg;
	u->path = path;
	u->is_info = is_info;
	u->version = version;
	u->addr_size = addr_size ? addr_size : 8;
	u->big_endian = in->big_endian;
	cl_arena_init(&u->arena);
	cu = dw_sibling(u, NULL);
	if (!cu)
		dw_fail(u, "a unit without a DIE");
	fe->unit_die = cu;
	check_skeleton(u, cu, unit_type);
	u->cplusplus = is_cplusplus(u, cu);
	open_raw(u, in, cu);
	walk_unit(u, cu);
	fe->unit_die = NULL;
	dw_die_free(u, cu);
	finish_unit(u);
	if (u->has_raw)
		dw_raw_release(&in->raw, u->raw.off, u->raw.end);
	fe->stats.units++;
	fe->unit = NULL;
	dw_unit_free(u);
}

static void read_units(struct dw_frontend *fe, struct dw_input *in, const char *path,
		       Dwarf_Bool is_info)
{
	for (;;) {
		Dwarf_Unsigned len = 0, typeoff = 0, next = 0;
		Dwarf_Half version = 0, addr_size = 0, off_size = 0, ext_size = 0, unit_type = 0;
		Dwarf_Off abbrev = 0;
		Dwarf_Sig8 sig;
		Dwarf_Error e = NULL;
		int rc = dwarf_next_cu_header_d(in->dbg, is_info, &len, &version, &abbrev,
						&addr_size, &off_size, &ext_size, &sig,
						&typeoff, &next, &unit_type, &e);

		if (rc == DW_DLV_NO_ENTRY)
			return;
		if (rc == DW_DLV_ERROR) {
			cl_diag_set(fe->err, path, 0, 0, dw_relocs_unsupported(e) ?
				    "unsupported: an object file whose DWARF has relocations libdwarf cannot apply for this machine (%s): run on the linked executable or shared library" :
				    "corrupt DWARF: reading a unit header: %s",
				    dwarf_errmsg(e));
			dwarf_dealloc(in->dbg, e, DW_DLA_ERROR);
			longjmp(fe->fail, 1);
		}
		read_unit(fe, in, path, is_info, version, addr_size, unit_type);
		if (fe->cfg.progress)
			fe->cfg.progress(fe->cfg.data, path, &fe->stats);
	}
}

int dw_frontend_read(struct dw_frontend *fe, const char *path, struct cl_diag *err)
{
	size_t units = fe->stats.units;

	fe->err = err;
	if (dw_input_open(path, &fe->in, fe->cfg.reference, err))
		return -1;
	if (setjmp(fe->fail)) {
		dw_ahead_stop(fe);
		if (fe->unit) {
			if (fe->unit_die)
				dw_die_free(fe->unit, fe->unit_die);
			dw_unit_free(fe->unit);
		}
		fe->unit = NULL;
		fe->unit_die = NULL;
		dw_input_close(&fe->in);
		return -1;
	}
	dw_ahead_start(fe);
	read_units(fe, &fe->in, path, 1);
	dw_ahead_stop(fe);
	read_units(fe, &fe->in, path, 0);
	dw_input_close(&fe->in);
	if (fe->stats.units == units) {
		cl_diag_set(err, path, 0, 0, "corrupt DWARF: .debug_info holds no readable unit");
		return -1;
	}
	fe->stats.files++;
	return 0;
}

struct dw_frontend *dw_frontend_new(const struct dw_config *cfg)
{
	struct dw_frontend *fe = cl_xmalloc(sizeof(*fe));

	memset(fe, 0, sizeof(*fe));
	fe->cfg = *cfg;
	fe->in.fd = -1;
	fe->record_convert = dw_record_convert;
	/*
	 * libdwarf's allocation tracking (a search tree of every allocation)
	 * costs a third of the run; the front end frees what it takes.
	 */
	dwarf_set_de_alloc_flag(cfg->track_allocations);
	cl_arena_init(&fe->arena);
	cl_map_init(&fe->seen);
	cl_map_init(&fe->shapes_seen);
	cl_map_init(&fe->shapes_ok);
	cl_strset_init(&fe->names);
	cl_strset_init(&fe->reported);
	return fe;
}

const struct dw_stats *dw_frontend_stats(const struct dw_frontend *fe)
{
	return &fe->stats;
}

void dw_frontend_free(struct dw_frontend *fe)
{
	if (!fe)
		return;
	cl_map_free(&fe->seen);
	cl_map_free(&fe->shapes_seen);
	cl_map_free(&fe->shapes_ok);
	cl_strset_free(&fe->names);
	cl_strset_free(&fe->reported);
	cl_arena_free(&fe->arena);
	free(fe);
}
