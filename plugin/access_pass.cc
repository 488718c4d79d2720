// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * access_pass.cc - the pass that walks the unit's accesses for
 * `instrument` (instrument.cc: count them) and `access-map`
 * (access_map.cc: write them down), one walk for both
 *
 * A simple IPA pass before free_lang_data, when every function of the unit
 * is lowered GIMPLE with a CFG, before SSA, inlining and optimization.
 * Without instrument it reads and changes nothing (access-map, and the
 * static tier, which reads the same lines), so objects stay identical.  Under -flto it runs in
 * cc1, never in lto1.
 */
#include "access_walk.h"

#include "tree-pass.h"
#include "context.h"
#include "cgraph.h"

static struct access_pass_config cfg;

/* access-map alone: every function walked, nothing added. */
static void walk_only(void)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		function *fn = access_walk_begin(node);

		if (!fn)
			continue;
		access_walk_body(fn, NULL, NULL);
		pop_cfun();
	}
}

static unsigned int access_execute(void)
{
	const struct access_sink *sinks[2];
	unsigned n = 0;

	if (seen_error())
		return 0;
	if (cfg.instrument) {
		sinks[n] = instrument_begin();
		if (!sinks[n])
			return 0;
		n++;
	}
	if (cfg.map || cfg.infer)
		sinks[n++] = access_map_begin();
	access_walk_start(cfg.arena, sinks, n);
	if (cfg.instrument)
		instrument_unit();
	else
		walk_only();
	if (cfg.map || cfg.infer)
		access_map_mark_starts();
	access_walk_finish();
	if (cfg.infer)
		cfg.infer(access_map_lines());
	if (cfg.instrument)
		instrument_end();
	return 0;
}

static const pass_data access_pass_data = {
	SIMPLE_IPA_PASS,	/* type */
	"cachelint_instrument",	/* name */
	OPTGROUP_NONE,		/* optinfo_flags */
	TV_NONE,		/* tv_id */
	PROP_cfg,		/* properties_required */
	0,			/* properties_provided */
	0,			/* properties_destroyed */
	0,			/* todo_flags_start */
	0,			/* todo_flags_finish */
};

class access_pass : public simple_ipa_opt_pass {
public:
	access_pass(gcc::context *ctxt) : simple_ipa_opt_pass(access_pass_data, ctxt) {}
	bool gate(function *) final override { return !in_lto_p; }
	unsigned int execute(function *) final override { return access_execute(); }
};

void access_pass_register(const char *plugin_name, const struct access_pass_config *c)
{
	struct register_pass_info info;

	cfg = *c;
	access_walk_init(cfg.arena);
	if (cfg.instrument)
		instrument_configure(cfg.list, cfg.notes, cfg.profile, cfg.arena);
	if (cfg.map)
		access_map_configure(cfg.map);
	info.pass = new access_pass(g);
	info.reference_pass_name = "*free_lang_data";
	info.ref_pass_instance_number = 1;
	info.pos_op = PASS_POS_INSERT_BEFORE;
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}

void access_pass_finish(bool errors)
{
	if (cfg.map || cfg.infer)
		access_map_finish(errors);
}
