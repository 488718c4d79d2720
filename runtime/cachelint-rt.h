/* SPDX-License-Identifier: MIT */
/*
 * cachelint-rt.h - what code built with -fplugin-arg-cachelint-instrument
 * and libcachelint-rt agree on
 *
 * The plugin (plugin/instrument.cc) gives every unit a table of the members
 * it counts, "struct\tpath\tbit-offset\n" per member, and thread-local
 * counters of its own, each a variable in static TLS (initial-exec, or
 * local-exec in an executable).  Code adds one to a counter, one
 * instruction on x86-64 (`addq $1, %fs:counter@tpoff`), once per segment:
 * a run of accesses in one basic block with no call between them, which
 * all happen or none.  A segment of one access counts on the member's own
 * read or write counter (2k: member k's reads, 2k + 1: its writes);
 * another has a counter of its own, and an entry in the unit's table of
 * segments: the number of entries, then for each a member counter 2k + w
 * and how many times the segment makes that access:
 *
 *	static const unsigned segments[] = { 2, 0, 1, 3, 2, ... };
 *	  (segment 0: member 0's reads once, member 1's writes twice)
 *
 * A constructor hands the tables and this thread's addresses of the
 * counters (2 * nmembers + s: segment s; NULL for a counter the unit never
 * adds to) to __libcachelint_rt_register_v2(), and the runtime multiplies out
 * when it writes the profile.  Static TLS sits at the same offset from the
 * thread pointer in every thread, so a counter's distance from a
 * thread-local variable of the runtime's own is one number for all
 * threads: the runtime finds any thread's copy of every counter from that
 * thread's address of its own variable.
 *
 * The counters are thread-local: no thread writes a line another thread
 * reads, so counting does not cause the false sharing it measures.
 * Accesses made before the unit's constructor ran are counted too.
 *
 * The _v2 in the name makes a program built against another version of this
 * interface (v1: a program-wide counter array reached through a slot per
 * member) fail to link rather than count wrong, and the libcachelint_rt in
 * it makes the linker's "undefined reference" say which library is missing.
 */
#ifndef CACHELINT_RT_H
#define CACHELINT_RT_H

#include <stdint.h>

#define CL_RT_REGISTER_SYMBOL "__libcachelint_rt_register_v2"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef CL_RT_NO_DECLARATIONS
void __libcachelint_rt_register_v2(const char *members, unsigned int nmembers,
				const unsigned int *segments, unsigned int nsegments,
				uint64_t *const *counters);
#endif

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_RT_H */
