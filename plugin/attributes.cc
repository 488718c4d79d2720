// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * attributes.cc - the annotations: cachelint_read_mostly,
 * cachelint_write_hot[("group")], cachelint_read_on("paths"),
 * cachelint_written_on("paths"), cachelint_written_on_some("paths") and
 * cachelint_pin on fields,
 * cachelint_suppress[("rule")] on struct definitions,
 * cachelint_per_thread on array variables and struct definitions
 *
 * Registering them is what makes __has_attribute(cachelint_read_mostly) true,
 * which is how annotations/cachelint.h knows the plugin is loaded (also
 * under -E, ccache and distcc).  Misuse is an error at the annotation: a
 * contradictory or misplaced annotation is a bug in the source, not
 * something to analyse around.
 */
#include "cachelint-plugin.h"

#include "model/names.h"
#include "model/paths.h"
#include "model/rules.h"

/* The path annotations, in enum cl_paths_annotation order. */
static const char *const path_attrs[] = { ATTR_READ_ON, ATTR_WRITTEN_ON, ATTR_WRITTEN_ON_SOME };

static tree path_attribute(tree attrs)
{
	for (const char *name : path_attrs) {
		tree a = lookup_attribute(name, attrs);

		if (a)
			return a;
	}
	return NULL_TREE;
}

static bool is_read_mostly(tree name)
{
	return !strcmp(IDENTIFIER_POINTER(name), ATTR_READ_MOSTLY);
}

/* "variable 'x'", "function 'f'", … for messages about misplaced annotations */
static const char *describe(tree node, char *buf, size_t size)
{
	const char *what = "a type";

	if (DECL_P(node)) {
		switch (TREE_CODE(node)) {
		case VAR_DECL:
			what = "variable";
			break;
		case FUNCTION_DECL:
			what = "function";
			break;
		case PARM_DECL:
			what = "parameter";
			break;
		case TYPE_DECL:
			what = "typedef";
			break;
		case FIELD_DECL:
			what = "field";
			break;
		default:
			what = "declaration";
			break;
		}
		if (DECL_NAME(node)) {
			snprintf(buf, size, "%s '%s'", what, IDENTIFIER_POINTER(DECL_NAME(node)));
			return buf;
		}
	}
	return what;
}

/* Where to report a misplaced annotation: the declaration, or the tag. */
static location_t node_location(tree node)
{
	if (DECL_P(node))
		return DECL_SOURCE_LOCATION(node);
	if (TYPE_P(node) && TYPE_STUB_DECL(node))
		return DECL_SOURCE_LOCATION(TYPE_STUB_DECL(node));
	return input_location;
}

static const char *field_name(tree field)
{
	return DECL_NAME(field) ? IDENTIFIER_POINTER(DECL_NAME(field)) : "<anonymous>";
}

static bool valid_string(tree arg)
{
	return arg && TREE_CODE(arg) == STRING_CST && TREE_STRING_LENGTH(arg) > 1;
}

static bool same_group(tree a, tree b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(TREE_STRING_POINTER(TREE_VALUE(a)), TREE_STRING_POINTER(TREE_VALUE(b)));
}

static tree handle_field(tree *node, tree name, tree args, int, bool *no_add_attrs)
{
	tree field = *node;
	bool rm = is_read_mostly(name);
	const char *what = rm ? "read-mostly" : "write-hot";
	tree prev;
	char buf[256];

	if (TREE_CODE(field) != FIELD_DECL) {
		error_at(node_location(field),
			 "cachelint: the %s annotation applies to struct and union fields only, not to %s",
			 what, describe(field, buf, sizeof(buf)));
		*no_add_attrs = true;
		return NULL_TREE;
	}
	if (lookup_attribute(rm ? ATTR_WRITE_HOT : ATTR_READ_MOSTLY, DECL_ATTRIBUTES(field))) {
		error_at(DECL_SOURCE_LOCATION(field),
			 "cachelint: field '%s' is annotated both read-mostly and write-hot",
			 field_name(field));
		*no_add_attrs = true;
		return NULL_TREE;
	}
	if (args && !valid_string(TREE_VALUE(args))) {
		error_at(DECL_SOURCE_LOCATION(field),
			 "cachelint: the write group of field '%s' must be a non-empty string literal",
			 field_name(field));
		*no_add_attrs = true;
		return NULL_TREE;
	}
	if (path_attribute(DECL_ATTRIBUTES(field))) {
		error_at(DECL_SOURCE_LOCATION(field),
			 "cachelint: field '%s' is annotated both %s and with paths",
			 field_name(field), what);
		*no_add_attrs = true;
		return NULL_TREE;
	}
	prev = lookup_attribute(ATTR_WRITE_HOT, DECL_ATTRIBUTES(field));
	if (!rm && prev && !same_group(TREE_VALUE(prev), args)) {
		error_at(DECL_SOURCE_LOCATION(field),
			 "cachelint: field '%s' is annotated with two different write groups",
			 field_name(field));
		*no_add_attrs = true;
	}
	return NULL_TREE;
}

static int path_kind(tree name)
{
	for (int k = 0; k < (int)(sizeof(path_attrs) / sizeof(path_attrs[0])); k++)
		if (!strcmp(IDENTIFIER_POINTER(name), path_attrs[k]))
			return k;
	return -1;
}

/* __read_on("tx,rx") and its kin: checked here as they will be read. */
static tree handle_paths(tree *node, tree name, tree args, int, bool *no_add_attrs)
{
	tree field = *node, arg = args ? TREE_VALUE(args) : NULL_TREE;
	const char *err = NULL;
	struct cl_access acc;
	struct cl_arena a;
	char buf[256];

	if (TREE_CODE(field) != FIELD_DECL) {
		error_at(node_location(field),
			 "cachelint: the %s annotation applies to struct and union fields only, not to %s",
			 IDENTIFIER_POINTER(name) + strlen("cachelint_"),
			 describe(field, buf, sizeof(buf)));
		*no_add_attrs = true;
		return NULL_TREE;
	}
	memset(&acc, 0, sizeof(acc));
	if (lookup_attribute(ATTR_READ_MOSTLY, DECL_ATTRIBUTES(field)))
		acc.cls = CL_CLASS_READ_MOSTLY;
	else if (lookup_attribute(ATTR_WRITE_HOT, DECL_ATTRIBUTES(field)))
		acc.cls = CL_CLASS_WRITE_HOT;
	cl_arena_init(&a);
	if (!arg || TREE_CODE(arg) != STRING_CST)
		err = cl_arena_printf(&a, "cachelint: the paths of field '%s' must be a string literal",
				      field_name(field));
	else
		err = cl_paths_annotation_add(&acc, (enum cl_paths_annotation)path_kind(name),
					      TREE_STRING_POINTER(arg), field_name(field), &a);
	if (err) {
		error_at(DECL_SOURCE_LOCATION(field), "%s", err);
		*no_add_attrs = true;
	}
	cl_arena_free(&a);
	return NULL_TREE;
}

static tree handle_pin(tree *node, tree, tree, int, bool *no_add_attrs)
{
	char buf[256];

	if (TREE_CODE(*node) != FIELD_DECL) {
		error_at(node_location(*node),
			 "cachelint: a pin applies to struct and union fields only, not to %s",
			 describe(*node, buf, sizeof(buf)));
		*no_add_attrs = true;
	}
	return NULL_TREE;
}

static tree handle_suppress(tree *node, tree, tree args, int flags, bool *no_add_attrs)
{
	tree type = *node;

	if (!TYPE_P(type) || !RECORD_OR_UNION_TYPE_P(type) ||
	    !(flags & (int)ATTR_FLAG_TYPE_IN_PLACE)) {
		error_at(node_location(type),
			 "cachelint: a suppression belongs on a struct or union definition");
		*no_add_attrs = true;
		return NULL_TREE;
	}
	for (tree a = args; a; a = TREE_CHAIN(a)) {
		tree arg = TREE_VALUE(a);

		if (!valid_string(arg) || !cl_rule_mask(TREE_STRING_POINTER(arg))) {
			error_at(node_location(type),
				 "cachelint: unknown rule '%s' in a suppression (expected a rule ID such as 'cachelint-false-sharing', or 'all')",
				 valid_string(arg) ? TREE_STRING_POINTER(arg) : "?");
			*no_add_attrs = true;
		}
	}
	return NULL_TREE;
}

/*
 * __per_thread: each element of an array (a variable, or a member: a table
 * of per-thread slots in one shared object), or each object of a struct
 * type, belongs to one thread.  A variable or a field that is not an array
 * has no elements to share a line with each other: the annotation is a
 * mistake there.
 */
static tree handle_per_thread(tree *node, tree, tree, int flags, bool *no_add_attrs)
{
	tree n = *node;
	char buf[256];

	if ((TREE_CODE(n) == VAR_DECL || TREE_CODE(n) == FIELD_DECL) &&
	    TREE_CODE(TREE_TYPE(n)) == ARRAY_TYPE)
		return NULL_TREE;
	if (TYPE_P(n) && RECORD_OR_UNION_TYPE_P(n) && (flags & (int)ATTR_FLAG_TYPE_IN_PLACE))
		return NULL_TREE;
	error_at(node_location(n),
		 "cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to %s",
		 describe(n, buf, sizeof(buf)));
	*no_add_attrs = true;
	return NULL_TREE;
}

/*
 * Field attributes are not decl_required: GCC would then drop a misplaced
 * one with its own -Wattributes warning, and the handler could not say
 * what is wrong.
 */
static struct attribute_spec cachelint_attributes[] = {
	{ ATTR_READ_MOSTLY, 0, 0, false, false, false, false, handle_field, NULL },
	{ ATTR_WRITE_HOT, 0, 1, false, false, false, false, handle_field, NULL },
	{ ATTR_SUPPRESS, 0, -1, false, false, false, false, handle_suppress, NULL },
	{ ATTR_PIN, 0, 0, false, false, false, false, handle_pin, NULL },
	{ ATTR_READ_ON, 1, 1, false, false, false, false, handle_paths, NULL },
	{ ATTR_WRITTEN_ON, 1, 1, false, false, false, false, handle_paths, NULL },
	{ ATTR_WRITTEN_ON_SOME, 1, 1, false, false, false, false, handle_paths, NULL },
	{ ATTR_PER_THREAD, 0, 0, false, false, false, false, handle_per_thread, NULL },
};

void attributes_register(void *, void *)
{
	for (const struct attribute_spec &spec : cachelint_attributes) {
		/*
		 * -Wno-attributes=gnu::cachelint_* registers a placeholder
		 * first; registering over it crashes GCC 12.
		 */
		if (!lookup_attribute_spec(get_identifier(spec.name)))
			register_attribute(&spec);
	}
}

void attributes_read_field(tree field, struct cl_access *acc, struct cl_arena *a)
{
	tree wh = lookup_attribute(ATTR_WRITE_HOT, DECL_ATTRIBUTES(field));

	memset(acc, 0, sizeof(*acc));
	if (wh) {
		acc->cls = CL_CLASS_WRITE_HOT;
		acc->origin = CL_ORIGIN_SOURCE;
		if (TREE_VALUE(wh))
			/* a string literal may hold anything: names print escaped */
			acc->group = cl_arena_strdup(a, cl_name_escape(a,
				TREE_STRING_POINTER(TREE_VALUE(TREE_VALUE(wh)))));
	} else if (lookup_attribute(ATTR_READ_MOSTLY, DECL_ATTRIBUTES(field))) {
		acc->cls = CL_CLASS_READ_MOSTLY;
		acc->origin = CL_ORIGIN_SOURCE;
	} else if (path_attribute(DECL_ATTRIBUTES(field))) {
		tree seen[64];
		size_t n = 0;

		/* GCC keeps a declaration's attributes last first */
		for (tree at = DECL_ATTRIBUTES(field); at && n < 64; at = TREE_CHAIN(at))
			if (path_kind(get_attribute_name(at)) >= 0)
				seen[n++] = at;
		while (n--)
			cl_paths_annotation_add(acc, (enum cl_paths_annotation)path_kind(
							     get_attribute_name(seen[n])),
						TREE_STRING_POINTER(TREE_VALUE(TREE_VALUE(seen[n]))),
						field_name(field), a);
	}
}

unsigned attributes_read_suppress(tree type)
{
	unsigned mask = 0;

	for (tree attr = lookup_attribute(ATTR_SUPPRESS, TYPE_ATTRIBUTES(type)); attr;
	     attr = lookup_attribute(ATTR_SUPPRESS, TREE_CHAIN(attr))) {
		if (!TREE_VALUE(attr))
			mask |= CL_RULE_MASK_ALL;
		for (tree a = TREE_VALUE(attr); a; a = TREE_CHAIN(a))
			mask |= cl_rule_mask(TREE_STRING_POINTER(TREE_VALUE(a)));
	}
	return mask;
}

bool attributes_per_thread(tree node)
{
	return lookup_attribute(ATTR_PER_THREAD, DECL_P(node) ? DECL_ATTRIBUTES(node) :
							      TYPE_ATTRIBUTES(node));
}

bool attributes_pinned(tree field)
{
	return lookup_attribute(ATTR_PIN, DECL_ATTRIBUTES(field));
}

bool attributes_field_marked(tree f)
{
	return DECL_ATTRIBUTES(f) &&
	       (lookup_attribute(ATTR_READ_MOSTLY, DECL_ATTRIBUTES(f)) ||
		lookup_attribute(ATTR_WRITE_HOT, DECL_ATTRIBUTES(f)) ||
		lookup_attribute(ATTR_PER_THREAD, DECL_ATTRIBUTES(f)) ||
		path_attribute(DECL_ATTRIBUTES(f)));
}

bool attributes_on_fields(tree type)
{
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
		if (TREE_CODE(f) == FIELD_DECL && attributes_field_marked(f))
			return true;
	return false;
}
