// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cli_fifo.c - FIFOs as inputs and outputs, with a bounded wait
 *
 * open(2) of a FIFO blocks until a process opens the other end: a FIFO no
 * one writes as an input, or no one reads as an output, held every
 * subcommand for good, as the shell's '<' and '>' would.  A CI job wants
 * an answer instead: cachelint opens FIFOs without blocking and waits for
 * the other end at most CACHELINT_FIFO_TIMEOUT seconds (default 30), then
 * fails with exit status 2 and a message that says which end is missing.
 * An input FIFO is read through the descriptor that waited (a writer that
 * wrote and closed before a second open would leave that open blocked);
 * an output FIFO keeps that descriptor open until exit, so the reader
 * sees the end of the data only when cachelint is done.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FIFO_TIMEOUT_DEFAULT 30

/* The wait, in milliseconds: CACHELINT_FIFO_TIMEOUT seconds (0.1 to 86400), else 30 s. */
static int fifo_timeout_ms(void)
{
	const char *s = getenv("CACHELINT_FIFO_TIMEOUT");
	char *end;
	double v;

	if (!s || !*s)
		return FIFO_TIMEOUT_DEFAULT * 1000;
	v = strtod(s, &end);
	if (*end || !(v >= 0.1 && v <= 86400))
		return FIFO_TIMEOUT_DEFAULT * 1000;
	return (int)(v * 1000);
}

static bool is_fifo(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISFIFO(st.st_mode);
}

static void fifo_timed_out(const char *path, bool output, int ms)
{
	cl_error("%s: a FIFO that no process %s: gave up after %g s (CACHELINT_FIFO_TIMEOUT)",
		 path, output ? "reads" : "writes", ms / 1000.0);
}

/* A FIFO as an input: a descriptor once a writer has written or closed, or -1. */
static int fifo_input(const char *path)
{
	int ms = fifo_timeout_ms(), fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct pollfd p = { fd, POLLIN, 0 };
	int n;

	if (fd < 0) {
		cl_error("%s: %s", path, strerror(errno));
		return -1;
	}
	/* Linux reports no POLLHUP before a first writer: poll waits for one */
	while ((n = poll(&p, 1, ms)) < 0 && errno == EINTR)
		;
	if (n <= 0) {
		fifo_timed_out(path, false, ms);
		close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

FILE *cli_input_open(const char *path)
{
	FILE *f;
	int fd;

	if (!is_fifo(path))
		return fopen(path, "rb");
	fd = fifo_input(path);
	if (fd < 0) {
		errno = 0;	/* said */
		return NULL;
	}
	f = fdopen(fd, "rb");
	if (!f)
		close(fd);
	return f;
}

int cli_input_read(const char *path, char **text, size_t *len)
{
	FILE *f = cli_input_open(path);
	size_t cap = 0;

	*text = NULL;
	*len = 0;
	if (!f) {
		if (errno)
			cl_error("%s: %s", path, strerror(errno));
		return -1;
	}
	for (;;) {
		size_t n;

		if (cap - *len < 4096) {
			cap = cap ? 2 * cap : 65536;
			*text = cl_xrealloc(*text, cap + 1);
		}
		n = fread(*text + *len, 1, cap - *len, f);
		*len += n;
		if (n == 0)
			break;
	}
	(*text)[*len] = '\0';
	if (ferror(f)) {
		cl_error("%s: %s", path, strerror(errno));
		fclose(f);
		free(*text);
		*text = NULL;
		return -1;
	}
	fclose(f);
	return 0;
}

bool cli_input_is_fifo(const char *path)
{
	return is_fifo(path);
}

int cli_output_ready(const char *path)
{
	struct timespec step = { 0, 50 * 1000 * 1000 };
	int ms = fifo_timeout_ms();

	if (!is_fifo(path))
		return 0;
	/* without a reader, a non-blocking open fails with ENXIO: try until one comes */
	for (int waited = 0;; waited += 50) {
		int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);

		if (fd >= 0)
			return 0;	/* kept open: the reader sees EOF when we exit */
		if (errno != ENXIO) {
			cl_error("cannot write '%s': %s", path, strerror(errno));
			return -1;
		}
		if (waited >= ms)
			break;
		nanosleep(&step, NULL);
	}
	fifo_timed_out(path, true, ms);
	return -1;
}
