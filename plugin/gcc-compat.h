/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gcc-compat.h - every difference between GCC versions the plugin cares
 * about, in one place
 *
 * The plugin is built against the installed GCC's plugin headers and is tied
 * to that exact build (plugin_default_version_check); what changes between
 * releases is which headers exist and a few diagnostic_context fields.
 */
#ifndef CACHELINT_GCC_COMPAT_H
#define CACHELINT_GCC_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
/* c-common.h must precede diagnostic-core.h (GCC 12). */
#include "c-family/c-common.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "input.h"
#include "ggc.h"
#include "langhooks.h"
#include "hash-map.h"
#include "hash-set.h"

#if BUILDING_GCC_MAJOR < 10
#error "cachelint needs GCC 10 or newer plugin headers"
#endif

/*
 * Whether -Werror would turn the next warning into an error.  cachelint's
 * warnings must stay warnings under a plain -Werror (the kernel's
 * CONFIG_WERROR): loading the plugin must never break a build.
 */
static inline bool compat_warning_as_error(void)
{
	return global_dc->warning_as_error_requested;
}

static inline void compat_set_warning_as_error(bool on)
{
	global_dc->warning_as_error_requested = on;
}

/* Whether -w is in force: a standalone note obeys it only when asked. */
static inline bool compat_warnings_inhibited(void)
{
	return global_dc->dc_inhibit_warnings;
}

#endif /* CACHELINT_GCC_COMPAT_H */
