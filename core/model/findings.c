// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * findings.c - the growable list of findings
 */
#include "findings.h"

#include <stdlib.h>

void cl_findings_init(struct cl_findings *f, struct cl_arena *a)
{
	f->v = NULL;
	f->n = f->cap = 0;
	f->arena = a;
}

void cl_findings_free(struct cl_findings *f)
{
	free(f->v);
	f->v = NULL;
	f->n = f->cap = 0;
}

struct cl_finding *cl_findings_add(struct cl_findings *f, enum cl_rule rule,
				   const struct cl_record *rec)
{
	struct cl_finding *fd = cl_vec_push(&f->v, &f->n, &f->cap);

	fd->rule = rule;
	fd->severity = cl_rule_info(rule)->severity;
	fd->record = rec;
	fd->record_name = rec ? cl_record_display(rec, f->arena) : NULL;
	return fd;
}

