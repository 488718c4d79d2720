// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * source.c - the one reader of source files (source.h says why it is careful)
 */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"

/*
 * @path opened for reading if it is a regular file of a size we read.
 * O_NONBLOCK: opening a FIFO without a writer would otherwise wait for
 * one; it is cleared again for the reads.
 */
static int open_regular(const char *path, size_t *size, const char **why)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;

	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	if (fstat(fd, &st) || fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK))
		*why = strerror(errno);
	else if (!S_ISREG(st.st_mode))
		*why = "not a regular file";
	else if ((unsigned long long)st.st_size > CL_SOURCE_MAX_BYTES)
		*why = "larger than 64 MiB";
	else
		*why = NULL;
	if (*why) {
		close(fd);
		return -1;
	}
	*size = (size_t)st.st_size;
	return fd;
}

char *cl_source_read(const char *path, size_t *size, const char **why)
{
	size_t cap, n = 0;
	char *text;
	int fd;

	*size = 0;
	if (!path || !*path) {
		*why = "no file name";
		return NULL;
	}
	fd = open_regular(path, &cap, why);
	if (fd < 0)
		return NULL;
	text = cl_xmalloc(cap + 1);
	while (n < cap) {
		ssize_t got = read(fd, text + n, cap - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			*why = strerror(errno);
			close(fd);
			free(text);
			return NULL;
		}
		if (!got)
			break;	/* it shrank while we read */
		n += (size_t)got;
	}
	close(fd);
	text[n] = '\0';
	*size = n;
	return text;
}
