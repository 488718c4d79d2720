/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_write.h - a profile the command generates (import, merge),
 * written whole or not at all, and only once it loads
 */
#ifndef CACHELINT_PROFILE_WRITE_H
#define CACHELINT_PROFILE_WRITE_H

#include <stdio.h>

/*
 * Generate a profile with @gen into memory, read it back with the
 * profile loader (what is written always loads), then write it to
 * @output atomically, or to standard output when @output is NULL or "-".
 * 0, or -1 after an error naming @command.
 */
int cli_write_profile(const char *command, const char *output,
		      int (*gen)(FILE *out, void *data), void *data);

#endif /* CACHELINT_PROFILE_WRITE_H */
