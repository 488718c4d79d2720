/* SPDX-License-Identifier: MIT */
/*
 * rt_alloc.h - libcachelint-rt's record of where heap blocks came from
 *
 * Code built with `instrument` calls __libcachelint_rt_alloc_v3(ptr, size,
 * "file:line") after each allocation (cachelint-rt.h).  rt_alloc.c keeps
 * the blocks in a table of RT_ALLOC_ENTRIES entries: the first
 * RT_ALLOC_KEEP allocations of the run stay (a program's long-lived
 * objects are mostly made while it starts), the later ones go round a ring
 * of RT_ALLOC_RING entries, the newest replacing the oldest.  Recording
 * takes no lock and allocates nothing: one atomic add on the table's
 * index, one compare-and-swap on the entry, four stores.
 *
 * rt_alloc_site() answers, at exit, which recorded allocation an address
 * is in: the most recent one that contains it (a block freed and its
 * memory handed out again is the new block).  The first call sorts a
 * snapshot of the table once (in memory from mmap, never malloc, so that
 * it may run on the exit path of a signal handler); every call after that
 * is a binary search.
 */
#ifndef CACHELINT_RT_ALLOC_H
#define CACHELINT_RT_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#define RT_ALLOC_KEEP (1u << 19)
#define RT_ALLOC_RING (1u << 19)
#define RT_ALLOC_ENTRIES (RT_ALLOC_KEEP + RT_ALLOC_RING)

/*
 * The site ("file:line", the unit's string) of the most recent recorded
 * allocation that contains @addr, and its start in *@start (may be NULL);
 * NULL when none does.  Thread-safe; a thread that asks while another
 * builds the index waits for it.  Allocations recorded after the first
 * call are not seen.
 */
const char *rt_alloc_site(uintptr_t addr, uintptr_t *start);

#endif /* CACHELINT_RT_ALLOC_H */
