// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * profile_write.c - write a generated profile once it is known to load
 */
#define _GNU_SOURCE	/* open_memstream */

#include "profile_write.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "profile/access_profile.h"
#include "cli.h"
#include "emit/files.h"
#include "emit/report.h"

/**
 * struct profile_text - the generated profile, in memory
 * @text: the YAML
 * @len: its length
 */
struct profile_text {
	char *text;
	size_t len;
};

static int write_text(FILE *out, void *data)
{
	const struct profile_text *p = data;

	return fwrite(p->text, 1, p->len, out) == p->len ? 0 : -1;
}

int cli_write_profile(const char *command, const char *output,
		      int (*gen)(FILE *out, void *data), void *data)
{
	struct profile_text p = { NULL, 0 };
	struct cl_profile check;
	struct cl_diag err;
	char msg[CL_DIAG_LINE_MAX];
	FILE *mem = open_memstream(&p.text, &p.len);
	int rc = -1;

	if (output && !strcmp(output, "-"))
		output = NULL;
	if (!mem || gen(mem, data) || fclose(mem)) {
		cl_error("%s: out of memory", command);
		free(p.text);
		return -1;
	}
	cl_profile_init(&check);
	if (cl_profile_load_buffer(&check, "<generated profile>", p.text, p.len, &err))
		cl_error("%s: the generated profile does not load: %s", command,
			 cl_diag_format(&err, msg, sizeof(msg)));
	else if (output && cli_output_ready(output))
		;	/* said: a FIFO that no process reads */
	else if (output && cl_write_atomic(output, write_text, &p))
		cl_error("%s: cannot write: %s", output, strerror(errno));
	else if (!output && (write_text(stdout, &p) || fflush(stdout)))
		cl_error("%s: cannot write to standard output: %s", command, strerror(errno));
	else
		rc = 0;
	cl_profile_free(&check);
	free(p.text);
	return rc;
}
