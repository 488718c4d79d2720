// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_unit.c - what every part of the DWARF reader asks of the unit and
 * the run: interned file names, failing a unit (dw_fail: the unit is given
 * up, the file's other units go on), reports and notes said once, the
 * unit's seed for structural keys, and freeing a unit
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
/* key -> pointer maps                                                  */

/* ------------------------------------------------------------------ */
/* interned strings: one copy of every file name for the whole run      */

const char *dw_intern(struct dw_frontend *fe, const char *s)
{
	return cl_strset_intern(&fe->names, s);
}

/* ------------------------------------------------------------------ */
/* failures and reports                                                 */

void dw_fail(struct dw_unit *u, const char *fmt, ...)
{
	struct dw_frontend *fe = u->fe;
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	cl_diag_set(fe->err, u->path, 0, 0, "corrupt DWARF: %s", msg);
	longjmp(fe->fail, 1);
}

void dw_fail_dwarf(struct dw_unit *u, const char *what, Dwarf_Error e)
{
	char msg[300];

	snprintf(msg, sizeof(msg), "%s", e ? dwarf_errmsg(e) : "unknown libdwarf error");
	if (e)
		dwarf_dealloc(u->dbg, e, DW_DLA_ERROR);
	dw_fail(u, "%s: %s%s", what, msg, dw_libdwarf_caveat());
}

/*
 * A diagnostic at @where (the unit when unknown), said once however many
 * units repeat it; false when it was said already.
 */
static bool say_once(struct dw_unit *u, const char *kind, const struct cl_span *where,
		     struct cl_diag *d, const char *fmt, va_list ap)
{
	char key[CL_DIAG_LINE_MAX];	/* kind, place and message, uncut */

	memset(d, 0, sizeof(*d));
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	snprintf(d->file, sizeof(d->file), "%s", where && where->file ? where->file : u->path);
	d->line = where && where->file ? where->line : 0;
	d->col = where && where->file ? where->col : 0;
	snprintf(key, sizeof(key), "%s:%s:%u:%u:%s", kind, d->file, d->line, d->col, d->msg);
	return !cl_strset_add(&u->fe->reported, key);
}

/* A diagnostic of @sev (an error or a note), said once; an error is counted. */
static void say(struct dw_unit *u, enum cl_severity sev, const struct cl_span *where,
		const char *fmt, va_list ap)
{
	struct dw_frontend *fe = u->fe;
	void (*to)(void *, const struct cl_diag *) = sev == CL_SEV_NOTE ? fe->cfg.note :
						    fe->cfg.error;
	struct cl_diag d;

	if (!say_once(u, sev == CL_SEV_NOTE ? "note" : "error", where, &d, fmt, ap))
		return;
	d.severity = sev;
	if (sev == CL_SEV_ERROR)
		fe->stats.errors++;
	if (to)
		to(fe->cfg.data, &d);
}

/* An error in the annotations: reported once however many units repeat it. */
void dw_report(struct dw_unit *u, const struct cl_span *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(u, CL_SEV_ERROR, where, fmt, ap);
	va_end(ap);
}

/* A note: said once, as errors are. */
void dw_note(struct dw_unit *u, const struct cl_span *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(u, CL_SEV_NOTE, where, fmt, ap);
	va_end(ap);
}

uint64_t dw_unit_seed(const struct dw_unit *u)
{
	return 0x636163686500ULL | u->addr_size | (uint64_t)u->big_endian << 7;
}

void dw_unit_free(struct dw_unit *u)
{
	if (!u)
		return;
	if (u->files) {
		for (Dwarf_Signed i = 0; i < u->nfiles; i++)
			dwarf_dealloc(u->dbg, u->files[i], DW_DLA_STRING);
		dwarf_dealloc(u->dbg, u->files, DW_DLA_LIST);
	}
	cl_map_free(&u->types);
	cl_map_free(&u->typedefs);
	cl_map_free(&u->scopes);
	cl_map_free(&u->embedded);
	cl_map_free(&u->shapes);
	cl_map_free(&u->raw_embedded);
	free(u->cands);
	free(u->vars);
	free(u->visited);
	free(u->converted);
	cl_arena_free(&u->arena);
	free(u);
}

/* C++ scopes: the names records are known by (dwarf_internal.h) */

const char *dw_scope_join(struct dw_unit *u, const char *scope, const char *name)
{
	/* read in place or from libdwarf: escaped here (names.h), idempotent */
	name = name && *name ? cl_name_escape(&u->arena, name) : "{anonymous}";
	return scope ? cl_arena_printf(&u->arena, "%s::%s", scope, name) : name;
}

const char *dw_scoped_name(struct dw_unit *u, dw_key key, const char *name)
{
	const char *scope = name ? cl_map_get(&u->scopes, key) : NULL;

	return scope ? dw_scope_join(u, scope, name) : name;
}
