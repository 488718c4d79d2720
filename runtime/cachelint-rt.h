/* SPDX-License-Identifier: MIT */
/*
 * cachelint-rt.h - what code built with -fplugin-arg-cachelint-instrument
 * and libcachelint-rt agree on
 *
 * The plugin (plugin/instrument.cc) gives every unit a table of the members
 * it counts, "struct\tpath\tbit-offset\n" per member, and two counters
 * per member (reads, writes), each a thread-local variable of the unit's
 * own in static TLS (initial-exec, or local-exec in an executable).  Every
 * access adds one to this thread's counter, one instruction on x86-64
 * (`addq $1, %fs:counter@tpoff`):
 *
 *	static __thread uint64_t __cachelint_count_k_r, __cachelint_count_k_w;
 *	__cachelint_count_k_r++;		(a read of member k)
 *
 * A constructor hands the table and this thread's addresses of the counters
 * (2k: member k's reads, 2k + 1: its writes; NULL for a counter the unit
 * never adds to) to __cachelint_rt_register_v2().  Static TLS sits at the
 * same offset from the thread pointer in every thread, so a counter's
 * distance from a thread-local variable of the runtime's own is one number
 * for all threads: the runtime finds any thread's copy of every counter
 * from that thread's address of its own variable.
 *
 * The counters are thread-local: no thread writes a line another thread
 * reads, so counting does not cause the false sharing it measures.
 * Accesses made before the unit's constructor ran are counted too.
 *
 * The _v2 in the name makes a program built against another version of this
 * interface (v1: a program-wide counter array reached through a slot per
 * member) fail to link rather than count wrong.
 */
#ifndef CACHELINT_RT_H
#define CACHELINT_RT_H

#include <stdint.h>

#define CL_RT_REGISTER_SYMBOL "__cachelint_rt_register_v2"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef CL_RT_NO_DECLARATIONS
void __cachelint_rt_register_v2(const char *members, uint64_t *const *counters,
				unsigned int nmembers);
#endif

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_RT_H */
