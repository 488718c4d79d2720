/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * member_kind.h - what a member is, for the fix a finding names
 *
 * A member that several threads write has a fix of its own kind: a
 * counter is split per CPU and merged on read, or its writes batched; a
 * reference count whose exact value is tested (the last put frees the
 * object) takes neither, and what a layout can do is keep the fields read
 * beside it off its line; a lock wants a line of its own, or beside it
 * only the data its holder touches; the producer's and the consumer's
 * index of a ring each want a line, with the other side's cached.  The
 * rules, in the order they are tried (docs/rules/cachelint-true-sharing.md):
 *
 *   1. its type: a lock type (pthread_mutex_t, pthread_spinlock_t,
 *      pthread_rwlock_t, mtx_t, spinlock_t, raw_spinlock_t, rwlock_t,
 *      seqlock_t, struct mutex, struct rw_semaphore, std::mutex) is a
 *      lock; refcount_t, struct kref and struct percpu_ref a reference
 *      count;
 *   2. its name, where the type says nothing: an integer named `refcount`,
 *      `refcnt`, `ref`, `refs` (or ending in `_refcount`, `_refcnt`,
 *      `_ref`) is a reference count; an integer named as a ring's index (`head`, `tail`, `prod`,
 *      `cons`, `producer`, `consumer`, `start`, `end`, `in`, `out`, `rd`,
 *      `wr`, a `read_`/`write_` or `_idx`/`_pos`/`_index` form of them,
 *      or any of these after a `_`) in a record that holds an array (the
 *      ring's storage: `unsigned char data[]`) is a ring index;
 *   3. a list's link: a pointer named `next`, `prev`, `h_next`, `link`
 *      (or ending in `_next`, `_prev`, `_link`), or any pointer to the
 *      record's own type (memcached's item: `next`, `prev` of its LRU,
 *      `h_next` of its hash chain) -- whoever adds or removes a neighbour
 *      writes it, under the list's lock, and no per-CPU copy fits it;
 *   4. a word of state bits: an integer named `flags`, `flag`, `state`,
 *      `status` (or ending in `_flags`, `_flag`, `_state`, `_status`):
 *      set and tested by several threads, no per-CPU copy either;
 *   5. anything else is a counter (the advice cachelint always gave).
 */
#ifndef CACHELINT_MEMBER_KIND_H
#define CACHELINT_MEMBER_KIND_H

#include "model/arena.h"
#include "model/layout.h"

enum cl_member_kind {
	CL_KIND_COUNTER,	/* or anything else several threads write */
	CL_KIND_REFCOUNT,	/* a reference count whose value is tested */
	CL_KIND_LOCK,		/* a mutex, a spinlock, a rwlock */
	CL_KIND_RING_INDEX,	/* a producer's or consumer's index of a ring */
	CL_KIND_LINK,		/* a list's next or prev pointer */
	CL_KIND_FLAGS,		/* a word of state bits */
};

/* What @l of the analysed record is, by the rules above. */
enum cl_member_kind cl_member_kind(const struct cl_leaf *l);

/*
 * The fix for true sharing on @path of kind @kind: "a per-CPU or
 * per-thread copy of 'x' merged on read ..., or batched writes, removes
 * that traffic; a layout only spares the fields next to it".
 */
const char *cl_kind_true_fix(enum cl_member_kind kind, const char *path, struct cl_arena *a);

/*
 * What a layout should do about @path, written on a line it shares, by
 * its kind: NULL for a counter (the proposal says it), else "'mutex' is a
 * lock: give it a line of its own, ...".
 */
const char *cl_kind_pair_fix(enum cl_member_kind kind, const char *path, struct cl_arena *a);

#endif
