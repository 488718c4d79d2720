/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * include/linux/cachelint.h - cache-line access annotations for struct fields
 *
 * Copy this file to include/linux/cachelint.h in a kernel tree.  It gives
 * struct fields the access classes that the cachelint GCC plugin checks:
 * a field that many CPUs read on hot paths must not share a cache line with
 * a field that is written on hot paths.
 *
 *   #include <linux/cachelint.h>
 *
 *   struct page_counter {
 *           atomic_long_t usage __write_hot;        written on every charge
 *           ...
 *           unsigned long max __read_mostly_field;  read on every charge
 *           struct page_counter *parent __read_mostly_field;
 *   } ____cacheline_internodealigned_in_smp;
 *
 * __read_mostly_field         read on hot paths by many CPUs, rarely written
 * __write_hot                 written on hot paths
 * __write_hot_group("name")   written on hot paths together with the other
 *                             fields of the group, by one CPU: they may share
 *                             a line with each other, not with other groups
 * __cachelint_pin             a field whose offset is an interface (read by
 *                             offset, from assembly or by BPF): a proposed
 *                             reordering leaves it, and everything before
 *                             it, where it is
 * __cachelint_suppress("rule") on a struct definition: do not report the
 *                             rule (a rule ID, or "all") for this struct
 *
 * The kernel's own __read_mostly puts a variable in .data..read_mostly; GCC
 * rejects a section attribute on a field, so the field spelling is
 * __read_mostly_field and this header never touches __read_mostly.  The
 * names are those of cachelint's user-space header (annotations/cachelint.h),
 * so `cachelint lint` recognises them even where they expand to nothing.
 *
 * With the plugin loaded (make KCFLAGS=-fplugin=/abs/cachelint.so, or
 * scripts/Makefile.cachelint), __has_attribute(cachelint_read_mostly) is
 * true and the macros become the plugin's attributes.  Under clang they
 * become annotate("cachelint:...") plus btf_decl_tag("cachelint:...") (in
 * DWARF for `cachelint dwarf`).  Otherwise they are empty: without the
 * plugin the header changes nothing, and the plugin itself never changes
 * generated code.
 */
#ifndef _LINUX_CACHELINT_H
#define _LINUX_CACHELINT_H

/* Every compiler the kernel supports has __has_attribute (compiler_attributes.h). */
#if __has_attribute(cachelint_read_mostly)
# define __read_mostly_field		__attribute__((cachelint_read_mostly))
# define __write_hot			__attribute__((cachelint_write_hot))
# define __write_hot_group(g)		__attribute__((cachelint_write_hot(g)))
# define __cachelint_pin		__attribute__((cachelint_pin))
# define __cachelint_suppress(rule)	__attribute__((cachelint_suppress(rule)))
#elif defined(__clang__) && __has_attribute(btf_decl_tag)
# define __cachelint_tag(s)		__attribute__((annotate(s), btf_decl_tag(s)))
# define __read_mostly_field		__cachelint_tag("cachelint:read_mostly")
# define __write_hot			__cachelint_tag("cachelint:write_hot")
# define __write_hot_group(g)		__cachelint_tag("cachelint:write_hot:" g)
# define __cachelint_pin		__cachelint_tag("cachelint:pin")
# define __cachelint_suppress(rule)	__cachelint_tag("cachelint:suppress:" rule)
#elif defined(__clang__)
# define __read_mostly_field		__attribute__((annotate("cachelint:read_mostly")))
# define __write_hot			__attribute__((annotate("cachelint:write_hot")))
# define __write_hot_group(g)		__attribute__((annotate("cachelint:write_hot:" g)))
# define __cachelint_pin		__attribute__((annotate("cachelint:pin")))
# define __cachelint_suppress(rule)	__attribute__((annotate("cachelint:suppress:" rule)))
#else
# define __read_mostly_field
# define __write_hot
# define __write_hot_group(g)
# define __cachelint_pin
# define __cachelint_suppress(rule)
#endif

#endif /* _LINUX_CACHELINT_H */
