// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * clang_flags.c - the compiler flags that libclang 14 is not given
 *
 * A compile database written for a GCC build (the kernel's own,
 * scripts/clang-tools/gen_compile_commands.py) carries flags that clang 14
 * rejects with an error, which would fail every unit.  None of them
 * changes a struct layout: they steer code generation, so they are dropped.
 * The table below is the one list of them (docs/command.md shows it); a flag
 * that is not in it but that clang rejects as unknown anyway is dropped
 * too, after the first unit that met it was parsed again without it, and
 * from every later unit up front.  Whatever was dropped is said once per
 * run (lint_flags_note()), so that a flag given after "--" never vanishes
 * in silence.
 *
 * The state is shared by the worker threads of -j, under a mutex.
 */
#include "clang_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/hash.h"

/**
 * struct flag_rule - a GCC flag that clang 14 rejects
 * @flag: the flag, or with @prefix the start of it
 * @prefix: @flag ends in '=' or '-': every value is meant
 */
struct flag_rule {
	const char *flag;
	bool prefix;
};

static const struct flag_rule flag_rules[] = {
	/* the kernel's x86 flags (Linux 6.1 defconfig, gcc 12) */
	{ "-fconserve-stack", false },
	{ "-fno-allow-store-data-races", false },
	{ "-mindirect-branch-register", false },
	{ "-mindirect-branch-cs-prefix", false },
	{ "-mindirect-branch=", true },
	{ "-mfunction-return=", true },
	{ "-mpreferred-stack-boundary=", true },
	{ "-mrecord-mcount", false },
	/* clang 14 takes =zero only with an extra flag meant for benchmarks */
	{ "-ftrivial-auto-var-init=zero", false },
	/* other optimisation and instrumentation flags of GCC builds */
	{ "-fno-var-tracking-assignments", false },
	{ "-fno-ipa-sra", false },
	{ "-fno-ipa-cp-clone", false },
	{ "-fno-partial-inlining", false },
	{ "-fno-tree-loop-im", false },
	{ "-fno-code-hoisting", false },
	{ "-fsched-pressure", false },
	{ "-fmin-function-alignment=", true },
	/* GCC plugins (cachelint's own among them): clang would load them */
	{ "-fplugin=", true },
	{ "-fplugin-arg-", true },
};

/*
 * @rejected: flags clang rejected in a unit, not in the table
 * @dropped: every flag dropped in this run, for the note
 */
static struct {
	pthread_mutex_t lock;
	struct cl_strset rejected, dropped;
	bool ready;
} flags = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void flags_ready(void)
{
	if (!flags.ready) {
		cl_strset_init(&flags.rejected);
		cl_strset_init(&flags.dropped);
		flags.ready = true;
	}
}

/* Few flags are ever rejected outside the table: a look through them will do. */
static bool rejected(const char *arg)
{
	for (size_t i = 0; i < flags.rejected.n; i++)
		if (!strcmp(flags.rejected.v[i], arg))
			return true;
	return false;
}

static bool in_table(const char *arg)
{
	for (size_t i = 0; i < sizeof(flag_rules) / sizeof(flag_rules[0]); i++) {
		const struct flag_rule *r = &flag_rules[i];

		if (r->prefix ? !strncmp(arg, r->flag, strlen(r->flag)) : !strcmp(arg, r->flag))
			return true;
	}
	return false;
}

bool lint_flag_dropped(const char *arg)
{
	bool drop;

	if (arg[0] != '-')
		return false;
	pthread_mutex_lock(&flags.lock);
	flags_ready();
	drop = in_table(arg) || rejected(arg);
	if (drop)
		cl_strset_add(&flags.dropped, arg);
	pthread_mutex_unlock(&flags.lock);
	return drop;
}

void lint_flag_rejected(const char *arg, size_t len)
{
	char *s = cl_xmalloc(len + 1);

	memcpy(s, arg, len);
	s[len] = '\0';
	pthread_mutex_lock(&flags.lock);
	flags_ready();
	cl_strset_add(&flags.rejected, s);
	cl_strset_add(&flags.dropped, s);
	pthread_mutex_unlock(&flags.lock);
	free(s);
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void lint_flags_note(void)
{
	struct cl_strbuf list = { 0 };
	const char **v;
	size_t n = 0;

	pthread_mutex_lock(&flags.lock);
	flags_ready();
	n = flags.dropped.n;
	v = cl_xmalloc((n + 1) * sizeof(*v));
	memcpy(v, flags.dropped.v, n * sizeof(*v));
	pthread_mutex_unlock(&flags.lock);
	if (!n) {
		free(v);
		return;
	}
	qsort(v, n, sizeof(*v), str_cmp);
	for (size_t i = 0; i < n; i++)
		cl_strbuf_printf(&list, " %s", v[i]);
	cl_note("compiler flags not passed to libclang (GCC-only or rejected by clang 14;"
		" they do not change struct layouts):%s", list.s);
	cl_strbuf_free(&list);
	free(v);
}

void lint_flags_fini(void)
{
	pthread_mutex_lock(&flags.lock);
	if (flags.ready) {
		cl_strset_free(&flags.rejected);
		cl_strset_free(&flags.dropped);
		flags.ready = false;
	}
	pthread_mutex_unlock(&flags.lock);
}
