// SPDX-License-Identifier: MIT
/*
 * rt_origin.c - libcachelint-rt: where an object lives
 *
 * A finding between objects is fixed where the objects come from: at the
 * allocation site of heap objects (rt_alloc.c records the sites of the
 * instrumented units' malloc/calloc/... calls), or on the definition of a
 * static one.  An address inside a loaded module's writable segments
 * (.data, .bss) is static storage; one inside a recorded allocation is
 * named by its site; anything else (a stack, an allocation made by code
 * that was not instrumented) is unknown.
 */
#define _GNU_SOURCE
#include <link.h>
#include <stdlib.h>

#include "rt_internal.h"

/* The allocation that holds @addr, rt_alloc.c's: weak until that file is linked in. */
const char *rt_alloc_site(uintptr_t addr, uintptr_t *start) __attribute__((weak));

struct range {
	uintptr_t lo, hi;
};

static struct range *ranges;
static size_t nranges, cap;

static int add_module(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		struct range *v;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W))
			continue;
		if (nranges == cap) {
			v = realloc(ranges, (cap ? 2 * cap : 32) * sizeof(*v));
			if (!v)
				return 1;
			ranges = v;
			cap = cap ? 2 * cap : 32;
		}
		ranges[nranges].lo = info->dlpi_addr + ph->p_vaddr;
		ranges[nranges].hi = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
		nranges++;
	}
	return 0;
}

const char *clrt_object_origin(uintptr_t base)
{
	const char *site;
	uintptr_t start;

	if (!ranges)
		dl_iterate_phdr(add_module, NULL);
	for (size_t i = 0; i < nranges; i++)
		if (base >= ranges[i].lo && base < ranges[i].hi)
			return "static";
	site = rt_alloc_site ? rt_alloc_site(base, &start) : NULL;
	return site ? site : "unknown";
}
