/* SPDX-License-Identifier: MIT */
/*
 * rt_alloc_test.h - libcachelint-rt's table of allocation sites
 * (runtime/rt_alloc.c) as the tests see it: rt_alloc.h, and the counts of
 * what the table holds, which only the tests read (the runtime's own
 * headers do not declare them).
 */
#ifndef CACHELINT_TEST_RT_ALLOC_H
#define CACHELINT_TEST_RT_ALLOC_H

#include <stdint.h>

#include "../../../runtime/rt_alloc.h"

/*
 * @recorded: allocations recorded in the run (NULL results are not)
 * @kept: entries the lookup sees
 * @replaced: allocations whose entry a newer one took (the ring went round)
 * @lost: allocations not recorded: their entry was being written by a
 *	thread the ring had lapped (never seen in practice; counted anyway)
 */
void rt_alloc_stats(uint64_t *recorded, uint64_t *kept, uint64_t *replaced, uint64_t *lost);

#endif /* CACHELINT_TEST_RT_ALLOC_H */
