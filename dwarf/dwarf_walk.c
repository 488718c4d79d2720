// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_walk.c - the walk over one unit's DIEs: the record definitions
 * (and the scope each is in), the typedefs that name nameless records,
 * the variables that may be __per_thread; through libdwarf, or in place
 * over the unit's bytes (dwarf_raw.h), which the threads that read ahead
 * (dwarf_ahead.c) run too.  It calls nothing of the driver
 * (dwarf_frontend.c), which decides at the unit's end what is converted.
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
/* the walk                                                             */

static void walk(struct dw_unit *u, Dwarf_Die parent, unsigned depth);

/* Every variable is a candidate when the profile has evidence on some. */
static bool wants_variables(const struct dw_frontend *fe)
{
	return cl_profile_has_variables(fe->cfg.profile);
}

static bool name_is(const char *name, const char *want)
{
	return name && want && !strcmp(name, want);
}

void dw_visit_root(struct dw_unit *u, struct dw_type *t)
{
	if (t->record && !t->visited) {
		t->visited = true;
		*(struct dw_type **)cl_vec_push(&u->visited, &u->nvisited, &u->visited_cap) = t;
	}
}

/* The DIE's name, or NULL (in the unit's arena: libdwarf's is freed). */
static const char *die_name(struct dw_unit *u, Dwarf_Die die)
{
	char *name = NULL;
	Dwarf_Error e = NULL;
	int rc = dwarf_diename(die, &name, &e);

	if (rc == DW_DLV_ERROR)
		dw_fail_dwarf(u, "reading a name", e);
	return rc == DW_DLV_OK ? cl_arena_strdup(&u->arena, name) : NULL;
}

static void visit_record(struct dw_unit *u, Dwarf_Die die)
{
	const char *only = u->fe->cfg.only;
	struct dw_type *t;

	if (u->scope)
		cl_map_put(&u->scopes, dw_die_key(u, die), (void *)u->scope);
	if (u->fast) {
		/* decided at the end of the unit, when the typedef names are known */
		*cl_vec_push(&u->cands, &u->ncands, &u->cands_cap) = dw_die_key(u, die);
		return;
	}
	if (only) {
		const char *name = die_name(u, die);

		if (!name || strcmp(dw_scoped_name(u, dw_die_key(u, die), name), only))
			return;
	}
	t = dw_type_layout_die(u, dw_die_key(u, die), die);
	dw_visit_root(u, t);
}

/* visit_typedef() on a DIE read in place; false if it cannot be followed. */
static bool visit_raw_typedef(struct dw_unit *u, const struct dw_raw_die *d)
{
	const char *name = NULL;
	dw_key type = 0;

	for (unsigned i = 0; i < d->n; i++) {
		const struct dw_raw_value *v = &d->v[i];

		if (v->at == DW_AT_name) {
			if (v->cls != DWR_STRING)
				return false;
			name = (const char *)v->data;
		} else if (v->at == DW_AT_type) {
			if (v->cls != DWR_REF)
				return false;
			type = dw_key_make(v->u, 1);
		}
	}
	if (name && type && !cl_map_get(&u->typedefs, type))
		cl_map_put(&u->typedefs, type, (void *)name);
	return true;
}

/*
 * `typedef struct {…} name;`: the nameless record is known by the first
 * typedef that names it directly, as in the plugin.
 */
static void visit_typedef(struct dw_unit *u, Dwarf_Die die)
{
	struct dw_attrs a;

	dw_read_attrs(u, die, &a);
	if (!a.name || !(a.have & DWA_TYPE))
		return;
	if (!cl_map_get(&u->typedefs, a.type))
		cl_map_put(&u->typedefs, a.type, (void *)a.name);
	if (name_is(a.name, u->fe->cfg.only)) {
		struct dw_type *t = dw_type_layout(u, a.type, 0);

		if (t->key == a.type && t->record)
			dw_visit_root(u, t);
	}
}

/*
 * `static struct {…} x;` at file scope: a record with no tag and no
 * typedef is known by the first variable defined of it, as the plugin
 * and the lint know it (a profile's entry for it is keyed so).  A
 * declaration (extern) names nothing.
 */
static void name_by_variable(struct dw_unit *u, const char *name, dw_key type)
{
	Dwarf_Die die;
	Dwarf_Half tag;

	if (!name || !type || cl_map_get(&u->typedefs, type) || u->cplusplus)
		return;
	die = dw_die_at(u, type);
	if (!die)
		return;
	tag = dw_tag(u, die);
	if ((tag == DW_TAG_structure_type || tag == DW_TAG_union_type) && !die_name(u, die))
		cl_map_put(&u->typedefs, type, (void *)name);
	dw_die_free(u, die);
}

/* The same on DIEs read in place: @d a variable's, its type's read at its offset. */
static void name_by_variable_raw(struct dw_unit *u, const struct dw_raw_die *d)
{
	const char *name = NULL;
	uint64_t type = 0;
	struct dw_raw_die t;

	for (unsigned i = 0; i < d->n; i++) {
		if (d->v[i].at == DW_AT_name && d->v[i].cls == DWR_STRING)
			name = (const char *)d->v[i].data;
		else if (d->v[i].at == DW_AT_type && d->v[i].cls == DWR_REF)
			type = d->v[i].u;
		else if (d->v[i].at == DW_AT_declaration)
			return;
	}
	if (!name || !type || u->cplusplus || cl_map_get(&u->typedefs, dw_key_make(type, 1)) ||
	    dw_raw_die_read(&u->raw, type, &t) ||
	    (t.tag != DW_TAG_structure_type && t.tag != DW_TAG_union_type))
		return;
	for (unsigned i = 0; i < t.n; i++)
		if (t.v[i].at == DW_AT_name)
			return;
	cl_map_put(&u->typedefs, dw_key_make(type, 1), (void *)name);
}

/*
 * A declaration whose btf_decl_tags are read for a misplaced __per_thread
 * (dw_variable_read() says it): a function, a parameter, a typedef.
 */
static bool tagged_not_variable(Dwarf_Half tag)
{
	return tag == DW_TAG_subprogram || tag == DW_TAG_formal_parameter || tag == DW_TAG_typedef;
}

static void visit(struct dw_unit *u, Dwarf_Die die, unsigned depth)
{
	switch (dw_tag(u, die)) {
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_class_type:
		visit_record(u, die);
		/* C++ nests type definitions in classes; C never does */
		if (u->cplusplus) {
			const char *outer = u->scope;

			u->scope = dw_scope_join(u, outer, die_name(u, die));
			walk(u, die, depth + 1);
			u->scope = outer;
		}
		break;
	case DW_TAG_typedef:
		visit_typedef(u, die);
		/* its btf_decl_tags: __per_thread there is an error */
		if (dw_has_children(u, die))
			walk(u, die, depth + 1);
		break;
	case DW_TAG_formal_parameter:
		if (dw_has_children(u, die))
			walk(u, die, depth + 1);
		break;
	case DW_TAG_variable:
		/* only an annotated one (btf_decl_tag children) can be __per_thread */
		if (wants_variables(u->fe) || dw_has_children(u, die))
			*cl_vec_push(&u->vars, &u->nvars, &u->vars_cap) = dw_die_key(u, die);
		if (!depth) {
			struct dw_attrs a;

			dw_read_attrs(u, die, &a);
			if ((a.have & DWA_TYPE) && !(a.have & DWA_DECLARATION))
				name_by_variable(u, a.name, a.type);
		}
		break;
	case DW_TAG_subprogram:
	case DW_TAG_lexical_block:
		/* local struct definitions */
		walk(u, die, depth + 1);
		break;
	case DW_TAG_namespace: {
		const char *outer = u->scope;

		u->scope = dw_scope_join(u, outer, die_name(u, die));
		walk(u, die, depth + 1);
		u->scope = outer;
		break;
	}
	default:
		break;
	}
}

static void walk(struct dw_unit *u, Dwarf_Die parent, unsigned depth)
{
	bool pushed = false;
	Dwarf_Die c;

	if (depth > DW_WALK_DEPTH_MAX)
		dw_fail(u, "DIEs nested more than %d deep", DW_WALK_DEPTH_MAX);
	for (c = dw_child(u, parent); c;) {
		Dwarf_Die next;

		/* a function's, a parameter's, a typedef's tags: read once */
		if (!pushed && dw_tag(u, c) == DW_TAG_LLVM_annotation &&
		    tagged_not_variable(dw_tag(u, parent))) {
			*cl_vec_push(&u->vars, &u->nvars, &u->vars_cap) = dw_die_key(u, parent);
			pushed = true;
		}
		visit(u, c, depth);
		next = dw_sibling(u, c);
		dw_die_free(u, c);
		c = next;
	}
}

/*
 * The same walk over the DIEs of a fast unit read in place, which costs a
 * fraction of libdwarf's DIE by DIE allocation.  Returns the offset past
 * the null entry that ends the children at @off (or the end of the unit at
 * the top), 0 when the DIEs are beyond this reader: the unit is then walked
 * again through libdwarf, which says what is wrong if anything is.
 */
/* A DIE's DW_AT_name read in place; NULL if it has none or cannot be read. */
static const char *raw_name(struct dw_unit *u, uint64_t off)
{
	struct dw_raw_die d;

	if (dw_raw_die_read(&u->raw, off, &d))
		return NULL;
	for (unsigned i = 0; i < d.n; i++)
		if (d.v[i].at == DW_AT_name && d.v[i].cls == DWR_STRING)
			return (const char *)d.v[i].data;
	return NULL;
}

static uint64_t walk_raw(struct dw_unit *u, uint64_t off, unsigned depth, bool visit,
			 uint64_t parent, const char *scope)
{
	for (;;) {
		struct dw_raw_die d;
		bool into = false;
		uint64_t inside = 0;
		const char *in = scope;

		if (!depth && off == u->raw.end)
			return off;
		/* only typedefs need their attributes */
		if (depth > DW_WALK_DEPTH_MAX || dw_raw_die_step(&u->raw, off, &d) ||
		    (visit && d.tag == DW_TAG_typedef && !d.n && dw_raw_die_read(&u->raw, off, &d)))
			return 0;
		if (d.null)
			return d.next;
		switch (visit ? d.tag : 0) {
		case DW_TAG_structure_type:
		case DW_TAG_union_type:
		case DW_TAG_class_type:
			*cl_vec_push(&u->cands, &u->ncands, &u->cands_cap) = dw_key_make(off, 1);
			if (scope)
				cl_map_put(&u->scopes, dw_key_make(off, 1), (void *)scope);
			into = u->cplusplus;
			if (into && d.children)
				in = dw_scope_join(u, scope, raw_name(u, off));
			break;
		case DW_TAG_typedef:
			if (!visit_raw_typedef(u, &d))
				return 0;
			into = true;	/* its btf_decl_tags */
			inside = off;
			break;
		case DW_TAG_variable:
			if (d.children || wants_variables(u->fe))
				*cl_vec_push(&u->vars, &u->nvars, &u->vars_cap) = dw_key_make(off, 1);
			/* file scope: its attributes, for a nameless record's name */
			if (!depth && !dw_raw_die_read(&u->raw, off, &d))
				name_by_variable_raw(u, &d);
			break;
		case DW_TAG_subprogram:
		case DW_TAG_formal_parameter:
			inside = off;
			into = true;
			break;
		case DW_TAG_lexical_block:
			into = true;
			break;
		case DW_TAG_namespace:
			into = true;
			in = dw_scope_join(u, scope, raw_name(u, off));
			break;
		case DW_TAG_LLVM_annotation:
			/* of a function, a parameter or a typedef: read once for __per_thread */
			if (parent)
				*cl_vec_push(&u->vars, &u->nvars, &u->vars_cap) = dw_key_make(parent, 1);
			parent = 0;
			break;
		default:
			break;
		}
		off = d.children ? walk_raw(u, d.next, depth + 1, into, inside, in) : d.next;
		if (!off)
			return 0;
	}
}

bool dw_walk_in_place(struct dw_unit *u)
{
	struct dw_raw_die d;

	return !dw_raw_die_read(&u->raw, u->raw.die_off, &d) &&
	       (!d.children || walk_raw(u, d.next, 0, true, 0, NULL));
}

/* The walk of a unit through libdwarf, from its DIE @cu. */
void dw_walk_unit_dies(struct dw_unit *u, Dwarf_Die cu)
{
	walk(u, cu, 0);
}
