/* SPDX-License-Identifier: MIT */
/*
 * cachelint-rt.h - what code built with -fplugin-arg-cachelint-instrument
 * and libcachelint-rt agree on
 *
 * The plugin (plugin/instrument.cc) gives every unit a table of the members
 * it counts, "struct\tpath\tbit-offset\n" per member, and a zeroed array of
 * two slots per member; a constructor hands both to
 * __cachelint_rt_register_v1(), which gives each member a pair of counters
 * (reads, writes) program-wide and writes their indices into the slots.
 * Every access then adds one to this thread's counter:
 *
 *	__cachelint_rt_counts[slots[2 * k + (write ? 1 : 0)]]++;
 *
 * The counters are thread-local: no thread writes a line another thread
 * reads, so counting does not cause the false sharing it measures.
 * Counters 0 and 1 take accesses that run before the unit's constructor (or
 * members beyond CL_RT_COUNTERS) and are never written out.
 *
 * The _v1 in the name makes a program built against another version of this
 * interface fail to link rather than count wrong.
 */
#ifndef CACHELINT_RT_H
#define CACHELINT_RT_H

#include <stdint.h>

/* Counters per thread (8 bytes each: 64 KiB of TLS), two per member. */
#define CL_RT_COUNTERS 8192

#define CL_RT_COUNTS_SYMBOL "__cachelint_rt_counts"
#define CL_RT_REGISTER_SYMBOL "__cachelint_rt_register_v1"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef CL_RT_NO_DECLARATIONS
extern __thread uint64_t __cachelint_rt_counts[CL_RT_COUNTERS];
void __cachelint_rt_register_v1(const char *members, unsigned long *slots,
				unsigned int nmembers);
#endif

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_RT_H */
