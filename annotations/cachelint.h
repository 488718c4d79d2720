/* SPDX-License-Identifier: MIT */
/*
 * cachelint.h - access annotations for struct fields
 *
 *   struct page_counter {
 *           atomic_long_t usage __write_hot;        written on every charge
 *           unsigned long max __read_mostly;        read by every CPU
 *           struct page_counter *parent __read_mostly_field;
 *           long rx __write_hot_group("rx");        written together by one CPU
 *   } __cachelint_suppress("cachelint-adjacent-line");
 *
 * __write_hot                 written on hot paths
 * __write_hot_group("name")   written on hot paths, together with the other
 *                             fields of the group, by one CPU: they may share
 *                             a line with each other, not with other groups
 * __read_mostly               read on hot paths by many CPUs, rarely written
 *                             (user space; left alone where it is already
 *                             defined, as in the kernel)
 * __read_mostly_field         the same, always available
 * __read_on("tx,rx")         read, not written, on the paths listed: a
 *                             kernel fast path, a thread, any name; a path
 *                             runs on one CPU at a time per object, or on
 *                             many at once with "name:concurrent"
 * __written_on("rx")          written (and read) on the paths listed
 * __written_on_some("tx,rx")  accessed on the paths listed and written on at
 *                             least one of them (the kernel's _write_txrx);
 *                             the three combine on one field, and exclude
 *                             __read_mostly and __write_hot
 * __cachelint_pin            a field whose offset is part of an interface (a
 *                             header other code casts to, a field found by
 *                             offset): a proposed reordering leaves it, and
 *                             everything before it, where it is
 * __cachelint_suppress("rule") on a struct definition: do not report the
 *                             rule (a rule ID, or "all") for this struct
 * __per_thread                each element belongs to one thread (a slot per
 *                             thread, per worker): two elements on one cache
 *                             line are false sharing between objects
 *                             (cachelint-false-sharing-objects).  On an array
 *                             variable, after the declarator:
 *                               static struct slot slots[16] __per_thread;
 *                               uint64_t used_memory_thread[16] __per_thread;
 *                             on an array member (a table of per-thread
 *                             slots in one shared object):
 *                               struct table { long counts[16] __per_thread; };
 *                             or on a struct type, between `struct` and the
 *                             tag (the place GCC and clang both take a type
 *                             attribute in a definition):
 *                               struct __per_thread slot { long hits; };
 *                             Elsewhere (a scalar, a function, a parameter,
 *                             a typedef) it is an error.
 *                             Reported where elements can share a line: the
 *                             element size is not a multiple of the line, or
 *                             the array's (type's) alignment is below it.  The
 *                             fix is the element aligned to the line; heap
 *                             objects then need aligned_alloc/posix_memalign.
 *                             An instrumented run's profile (objects:) gives
 *                             the same finding without the annotation.
 *
 * The same source compiles warning-free with GCC, GCC + the cachelint plugin
 * and clang.  With the plugin loaded, __has_attribute(cachelint_read_mostly)
 * is true (also under -E, ccache and distcc) and the macros become the
 * plugin's attributes.  Under clang they become annotate("cachelint:…"),
 * which `cachelint lint` reads, plus btf_decl_tag("cachelint:…"), which
 * clang writes to DWARF for `cachelint dwarf`.  Anywhere else they are empty.
 */
#ifndef CACHELINT_H
#define CACHELINT_H

#ifdef __has_attribute
#define __cachelint_has(x) __has_attribute(x)
#else
#define __cachelint_has(x) 0
#endif

#if __cachelint_has(cachelint_read_mostly)
/* GCC with the cachelint plugin */
#define __cachelint_rm __attribute__((cachelint_read_mostly))
#define __cachelint_wh __attribute__((cachelint_write_hot))
#define __cachelint_whg(g) __attribute__((cachelint_write_hot(g)))
#define __cachelint_suppress(rule) __attribute__((cachelint_suppress(rule)))
#define __cachelint_pin __attribute__((cachelint_pin))
#define __cachelint_read_on(p) __attribute__((cachelint_read_on(p)))
#define __cachelint_written_on(p) __attribute__((cachelint_written_on(p)))
#define __cachelint_written_on_some(p) __attribute__((cachelint_written_on_some(p)))
#define __cachelint_per_thread __attribute__((cachelint_per_thread))
#elif defined(__clang__) && !defined(__cplusplus) && __cachelint_has(btf_decl_tag)
/* clang ignores btf_decl_tag in C++, with a warning: annotate only there */
#define __cachelint_tag(s) __attribute__((annotate(s), btf_decl_tag(s)))
#define __cachelint_rm __cachelint_tag("cachelint:read_mostly")
#define __cachelint_wh __cachelint_tag("cachelint:write_hot")
#define __cachelint_whg(g) __cachelint_tag("cachelint:write_hot:" g)
#define __cachelint_suppress(rule) __cachelint_tag("cachelint:suppress:" rule)
#define __cachelint_pin __cachelint_tag("cachelint:pin")
#define __cachelint_read_on(p) __cachelint_tag("cachelint:read_on:" p)
#define __cachelint_written_on(p) __cachelint_tag("cachelint:written_on:" p)
#define __cachelint_written_on_some(p) __cachelint_tag("cachelint:written_on_some:" p)
#define __cachelint_per_thread __cachelint_tag("cachelint:per_thread")
#elif defined(__clang__)
#define __cachelint_rm __attribute__((annotate("cachelint:read_mostly")))
#define __cachelint_wh __attribute__((annotate("cachelint:write_hot")))
#define __cachelint_whg(g) __attribute__((annotate("cachelint:write_hot:" g)))
#define __cachelint_suppress(rule) __attribute__((annotate("cachelint:suppress:" rule)))
#define __cachelint_pin __attribute__((annotate("cachelint:pin")))
#define __cachelint_read_on(p) __attribute__((annotate("cachelint:read_on:" p)))
#define __cachelint_written_on(p) __attribute__((annotate("cachelint:written_on:" p)))
#define __cachelint_written_on_some(p) __attribute__((annotate("cachelint:written_on_some:" p)))
#define __cachelint_per_thread __attribute__((annotate("cachelint:per_thread")))
#else
#define __cachelint_rm
#define __cachelint_wh
#define __cachelint_whg(g)
#define __cachelint_suppress(rule)
#define __cachelint_pin
#define __cachelint_read_on(p)
#define __cachelint_written_on(p)
#define __cachelint_written_on_some(p)
#define __cachelint_per_thread
#endif

#define __read_mostly_field __cachelint_rm
#define __write_hot __cachelint_wh
#define __write_hot_group(g) __cachelint_whg(g)
#define __read_on(p) __cachelint_read_on(p)
#define __written_on(p) __cachelint_written_on(p)
#define __written_on_some(p) __cachelint_written_on_some(p)
#ifndef __per_thread
#define __per_thread __cachelint_per_thread
#endif

/*
 * The kernel's __read_mostly is a section attribute for variables, which
 * GCC rejects on fields: never redefine an existing one.
 */
#if !defined(__read_mostly) && !defined(__KERNEL__)
#define __read_mostly __read_mostly_field
#endif

#endif /* CACHELINT_H */
