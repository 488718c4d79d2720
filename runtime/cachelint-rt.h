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
 * adds to) to __libcachelint_rt_register_v3(), and the runtime multiplies out
 * when it writes the profile.  Static TLS sits at the same offset from the
 * thread pointer in every thread, so a counter's distance from a
 * thread-local variable of the runtime's own is one number for all
 * threads: the runtime finds any thread's copy of every counter from that
 * thread's address of its own variable.
 *
 * The member table has one line per member:
 *
 *	rec \t path \t bit-offset \t bit-size \t kind \t defined-at \n
 *
 * kind "s:SIZE:FINGERPRINT" for a member of a struct of SIZE bytes (the
 * fingerprint, a hash of its members' names, offsets and sizes, tells two
 * structs of one tag apart); "v:ELEMENT:COUNT"
 * for a global or static variable (`instrument=NAME`; path empty): COUNT
 * elements of ELEMENT bytes (1 for a scalar).  defined-at is "file:line"
 * of the struct's or the variable's definition.
 *
 * Objects: the counters say how often, not where.  After each segment
 * (or single access) that touches an object, the code compares the count
 * its counter was just given with a thread-local `next` of that counter's
 * own (initially 1, so a thread's first run of it samples); when they are
 * equal (about one run in CACHELINT_SAMPLE) it calls, for each access,
 *
 *	n = __libcachelint_rt_sample_v3(base, addr, &unit, s);
 *
 * and sets next = count + n:
 *
 * with the address of the object (the struct instance or the variable),
 * the address of the bytes accessed, the unit's own `unsigned unit` (the
 * runtime's number for it, + 1, which registration writes) and the
 * site's index; the runtime records the object's line and bytes for this
 * thread and returns the interval to the next sample.  The unit's table of sites:
 *
 *	sites[0]	the number of sites
 *	sites[1 + 2s]	site s: the unit's member k whose struct (or
 *			variable) the object is
 *	sites[2 + 2s]	(bytes accessed << 2) | 1 read | 2 write
 *
 * names: the unit's `instrument=` names, "name\tS\n" for one it saw (a
 * struct, typedef or variable of that name), "name\tU\n" for one it did
 * not; at exit the runtime names those that no unit saw.
 *
 * Allocation sites: after each call to malloc, calloc, realloc,
 * reallocarray, aligned_alloc, memalign, valloc or posix_memalign, the
 * code calls
 *
 *	__libcachelint_rt_alloc_v3(ptr, size, "file:line");
 *
 * with the block (posix_memalign's, when it returned 0; NULL, which
 * the runtime ignores, when the allocation failed), its size and where the
 * call is, the file as the unit's line map spells it.  The runtime keeps a
 * bounded table of them (rt_alloc.h) and names the allocation an object
 * came from.
 *
 * Thread start routines: routines[2i] is the address of a function of the
 * unit that takes and returns a pointer and whose address is taken,
 * routines[2i + 1] its name; a thread that starts there is named by it.
 *
 * The counters are thread-local: no thread writes a line another thread
 * reads, so counting does not cause the false sharing it measures.
 * Accesses made before the unit's constructor ran are counted too.
 *
 * The _v3 in the names makes a program built against another version of
 * this interface (v2: no sites; v1: a program-wide counter array) fail to
 * link rather than count wrong, and the libcachelint_rt in it makes the
 * linker's "undefined reference" say which library is missing.
 */
#ifndef CACHELINT_RT_H
#define CACHELINT_RT_H

#include <stdint.h>

#define CL_RT_REGISTER_SYMBOL "__libcachelint_rt_register_v3"
#define CL_RT_SAMPLE_SYMBOL "__libcachelint_rt_sample_v3"
#define CL_RT_ALLOC_SYMBOL "__libcachelint_rt_alloc_v3"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef CL_RT_NO_DECLARATIONS
void __libcachelint_rt_register_v3(const char *members, unsigned int nmembers,
				   const unsigned int *segments, unsigned int nsegments,
				   uint64_t *const *counters, const unsigned int *sites,
				   unsigned int *unit, void *const *routines,
				   unsigned int nroutines, const char *names);
/*
 * The objects are void *, not const void *, though the runtime never
 * touches them: GCC 11 and later take a pointer passed to a const-qualified
 * parameter for a read of what it points to, and warn (-Wmaybe-uninitialized)
 * when that is memory not yet written, as malloc's block is: memcached's
 * -Werror build failed in every unit that allocates.
 */
unsigned int __libcachelint_rt_sample_v3(void *base, void *addr, const unsigned int *unit,
					 unsigned int site);
void __libcachelint_rt_alloc_v3(void *ptr, unsigned long size, const char *site);
#endif

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_RT_H */
