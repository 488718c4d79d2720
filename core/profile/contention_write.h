/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * contention_write.h - write a profile's contention: section (contention.h)
 */
#ifndef CACHELINT_CONTENTION_WRITE_H
#define CACHELINT_CONTENTION_WRITE_H

#include <stddef.h>
#include <stdio.h>

#include "contention.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Write `contention:` with header @h and the @n entries @v (structs and
 * variables, in that order, each kind in @v's order) on @out, as a
 * top-level key of a profile whose `cachelint-profile: 1` line the caller
 * wrote.  Entries keep their own weights; @h's samples, seconds and
 * threads are the section's.  0, or -1 when the emitter or @out failed.
 */
int cl_contention_write(FILE *out, const struct cl_contention_header *h,
			const struct cl_contention_entry *v, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* CACHELINT_CONTENTION_WRITE_H */
