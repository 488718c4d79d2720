// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * dwarf_ahead.c - the units of a linked file prepared ahead of the walk,
 * in threads (cachelint dwarf -j N)
 *
 * Almost all of the time on a vmlinux goes to reading each unit's DIEs in
 * place and making the structural keys of its struct definitions
 * (dwarf_shape.c), which need nothing but the file's mapped sections: no
 * libdwarf, nothing of the run.  Worker threads do that for the units
 * ahead; the main thread still reads every unit in order, takes what a
 * worker prepared for it in place of walking it, and does everything that
 * depends on the units before (which keys were seen, what to convert,
 * libdwarf, the records handed out) as with one thread.  A worker makes
 * exactly what the walk would, so the results are the same whatever the
 * number of threads; a unit the workers could not prepare is walked by
 * the main thread as always.
 *
 * The workers stay at most a few units ahead of the main thread, so the
 * memory of prepared units stays small.
 */
#include "dwarf_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { AHEAD_QUEUED, AHEAD_BUSY, AHEAD_DONE };

/**
 * struct dw_ahead - one unit of .debug_info, as the workers see it
 * @ru: its header, read by the main thread (which parses the abbreviations)
 * @state: queued, being prepared, or done
 * @u: what a worker made of it, NULL if it could not
 */
struct dw_ahead {
	struct dw_raw_unit ru;
	int state;
	struct dw_unit *u;
};

/**
 * struct dw_pool - the workers of one file
 * @lock, @cond: guard and signal everything below
 * @v, @n: the units of .debug_info, in section order
 * @next: the next unit a worker takes
 * @taken: units the main thread has gone past
 * @window: how far ahead of @taken the workers may go
 * @stop: the file is done (or failed): the workers leave
 * @threads, @nthreads: the workers
 */
struct dw_pool {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct dw_ahead *v;
	size_t n, cap;
	size_t next, taken, window;
	bool stop;
	pthread_t threads[DW_JOBS_MAX];
	unsigned nthreads;
	struct dw_frontend *fe;
};

/* DW_AT_language of the unit DIE, as is_cplusplus() in dwarf_frontend.c. */
static bool raw_cplusplus(const struct dw_raw_die *d)
{
	for (unsigned i = 0; i < d->n; i++) {
		uint64_t lang = d->v[i].u;

		if (d->v[i].at != DW_AT_language || d->v[i].cls != DWR_CONSTANT)
			continue;
		return lang == DW_LANG_C_plus_plus || lang == DW_LANG_C_plus_plus_03 ||
		       lang == DW_LANG_C_plus_plus_11 || lang == DW_LANG_C_plus_plus_14;
	}
	return false;
}

/* The walk and the structural keys of one unit; NULL if it cannot be read. */
static struct dw_unit *prepare(struct dw_frontend *fe, const struct dw_raw_unit *ru)
{
	struct dw_unit *u = cl_xmalloc(sizeof(*u));
	struct dw_raw_die d;

	memset(u, 0, sizeof(*u));
	u->fe = fe;
	u->is_info = 1;
	u->version = ru->version;
	u->addr_size = ru->addr_size;
	u->big_endian = fe->in.big_endian;
	u->raw = *ru;
	u->has_raw = true;
	u->fast = true;
	u->seed = dw_unit_seed(u);
	cl_arena_init(&u->arena);
	if (dw_raw_die_read(&u->raw, u->raw.die_off, &d) || !dw_walk_in_place(u)) {
		dw_unit_free(u);
		return NULL;
	}
	u->cplusplus = raw_cplusplus(&d);
	for (size_t i = 0; i < u->ncands; i++)
		dw_shape_of(u, u->cands[i]);
	return u;
}

/* The next queued unit a worker may take (p->n if none); lock held. */
static bool worker_next(struct dw_pool *p)
{
	if (p->next < p->taken)
		p->next = p->taken;
	while (p->next < p->n && p->v[p->next].state != AHEAD_QUEUED)
		p->next++;
	return p->next < p->n && p->next < p->taken + p->window;
}

static void *worker(void *arg)
{
	struct dw_pool *p = arg;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct dw_ahead *a;
		struct dw_unit *u;

		while (!p->stop && !worker_next(p) && p->next < p->n)
			pthread_cond_wait(&p->cond, &p->lock);
		if (p->stop || p->next >= p->n)
			break;
		a = &p->v[p->next++];
		a->state = AHEAD_BUSY;
		pthread_mutex_unlock(&p->lock);
		u = prepare(p->fe, &a->ru);
		pthread_mutex_lock(&p->lock);
		a->u = u;
		a->state = AHEAD_DONE;
		pthread_cond_broadcast(&p->cond);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* The unit headers of .debug_info, read (and counted) by the main thread. */
static size_t scan_units(struct dw_raw *r, struct dw_pool *p)
{
	uint64_t off = 0;
	size_t n = 0;

	while (r->info.p && off < r->info.n) {
		struct dw_raw_unit ru;

		if (dw_raw_unit_open(r, off, &ru))
			break;
		n++;
		if (p) {
			struct dw_ahead *a = cl_vec_push(&p->v, &p->n, &p->cap);

			memset(a, 0, sizeof(*a));
			a->ru = ru;
			/* what open_raw() would not make fast is left to the walk */
			a->state = ru.keys ? AHEAD_QUEUED : AHEAD_DONE;
		}
		off = ru.end;
	}
	return n;
}

void dw_ahead_start(struct dw_frontend *fe)
{
	const struct dw_config *cfg = &fe->cfg;
	unsigned jobs = cfg->jobs > DW_JOBS_MAX ? DW_JOBS_MAX : cfg->jobs;
	bool threads = jobs > 1 && fe->in.raw.keys && !cfg->only && !cfg->types &&
		       !cfg->reference;
	struct dw_pool *p = NULL;

	if (threads) {
		p = cl_xmalloc(sizeof(*p));
		memset(p, 0, sizeof(*p));
		pthread_mutex_init(&p->lock, NULL);
		pthread_cond_init(&p->cond, NULL);
		p->fe = fe;
		p->window = 4 * (size_t)jobs;
	}
	fe->stats.units_total += scan_units(&fe->in.raw, p);
	if (!p)
		return;
	fe->pool = p;
	for (unsigned t = 0; t < jobs; t++) {
		if (pthread_create(&p->threads[t], NULL, worker, p))
			break;
		p->nthreads++;
	}
}

bool dw_ahead_take(struct dw_frontend *fe, struct dw_unit *u)
{
	struct dw_pool *p = fe->pool;
	struct dw_unit *w = NULL;

	if (!p || !u->is_info || u->arena.head)
		return false;
	pthread_mutex_lock(&p->lock);
	while (p->taken < p->n && p->v[p->taken].ru.off < u->raw.off)
		p->taken++;
	if (p->taken < p->n && p->v[p->taken].ru.off == u->raw.off) {
		struct dw_ahead *a = &p->v[p->taken];

		/* the workers take it now if they have not yet */
		pthread_cond_broadcast(&p->cond);
		while (a->state != AHEAD_DONE && p->nthreads)
			pthread_cond_wait(&p->cond, &p->lock);
		if (a->state == AHEAD_DONE) {
			w = a->u;
			a->u = NULL;
		}
		p->taken++;
		pthread_cond_broadcast(&p->cond);
	}
	pthread_mutex_unlock(&p->lock);
	if (!w)
		return false;
	/* made from the same header as open_raw() read: the same unit */
	if (w->cplusplus != u->cplusplus || w->seed != u->seed || w->version != u->version ||
	    w->raw.die_off != u->raw.die_off || w->raw.end != u->raw.end) {
		dw_unit_free(w);
		return false;
	}
	u->arena = w->arena;
	u->cands = w->cands;
	u->ncands = w->ncands;
	u->cands_cap = w->cands_cap;
	u->vars = w->vars;
	u->nvars = w->nvars;
	u->vars_cap = w->vars_cap;
	u->typedefs = w->typedefs;
	u->scopes = w->scopes;
	u->shapes = w->shapes;
	u->raw_embedded = w->raw_embedded;
	u->files_state = w->files_state;
	u->file_keys = w->file_keys;
	u->nfile_keys = w->nfile_keys;
	free(w);
	return true;
}

void dw_ahead_stop(struct dw_frontend *fe)
{
	struct dw_pool *p = fe->pool;

	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->cond);
	pthread_mutex_unlock(&p->lock);
	for (unsigned t = 0; t < p->nthreads; t++)
		pthread_join(p->threads[t], NULL);
	for (size_t i = 0; i < p->n; i++)
		if (p->v[i].u)
			dw_unit_free(p->v[i].u);
	free(p->v);
	pthread_cond_destroy(&p->cond);
	pthread_mutex_destroy(&p->lock);
	free(p);
	fe->pool = NULL;
}
