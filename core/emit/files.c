// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * files.c - paths and output files: paths joined, folded, made absolute
 * or relative; files written whole or not at all, the directories they
 * need, and the file of a unit below a DIR/ option
 */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "model/arena.h"

/* Fold "." and ".." and repeated slashes of an absolute path, in place. */
static void fold_path(char *p)
{
	char *out = p, *s = p;

	while (*s) {
		char *seg;
		size_t n;

		while (*s == '/')
			s++;
		seg = s;
		while (*s && *s != '/')
			s++;
		n = (size_t)(s - seg);
		if (!n || (n == 1 && seg[0] == '.'))
			continue;
		if (n == 2 && seg[0] == '.' && seg[1] == '.') {
			while (out > p && *--out != '/')
				;
			continue;
		}
		*out++ = '/';
		memmove(out, seg, n);
		out += n;
	}
	if (out == p)
		*out++ = '/';
	*out = '\0';
}

char *cl_path_join(const char *dir, const char *path)
{
	char *abs;

	if (path[0] == '/' || !dir) {
		abs = cl_xstrdup(path);
	} else {
		abs = cl_xmalloc(strlen(dir) + strlen(path) + 2);
		sprintf(abs, "%s/%s", dir, path);
	}
	fold_path(abs);
	return abs;
}

bool cl_path_is_system(const char *path)
{
	static const char *const dirs[] = {
		"/usr/include/", "/usr/local/include/", "/usr/lib/gcc/", "/usr/lib/llvm-",
	};

	if (!path)
		return false;
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (!strncmp(path, dirs[i], strlen(dirs[i])))
			return true;
	return false;
}

char *cl_path_absolute(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] != '/' && !getcwd(cwd, sizeof(cwd)))
		snprintf(cwd, sizeof(cwd), "/");
	return cl_path_join(cwd, path);
}

char *cl_path_relative(const char *path, const char *root)
{
	char *p = cl_path_absolute(path), *r = cl_path_absolute(root), *rel = NULL;
	size_t n = strlen(r);

	if (n == 1)	/* root is "/" */
		rel = cl_xstrdup(p + 1);
	else if (!strncmp(p, r, n) && p[n] == '/')
		rel = cl_xstrdup(p + n + 1);
	free(p);
	free(r);
	return rel;
}

/* The N of ".../fd/N" (/proc/self/fd/N, /dev/fd/N), or -1. */
static int fd_number(const char *path)
{
	const char *p = strrchr(path, '/');
	char *end;
	long n;

	if (!p || p - path < 3 || strncmp(p - 3, "/fd", 3) || !p[1])
		return -1;
	n = strtol(p + 1, &end, 10);
	return *end || n < 0 || n > 1 << 20 ? -1 : (int)n;
}

/*
 * Write straight to @path: a device, a FIFO or a socket is not replaced.
 * A descriptor of this process (/dev/stdout is /proc/self/fd/1) is written
 * through, at its offset and with its O_APPEND, as the stream it is, not
 * opened again and truncated.
 */
static int write_in_place(const char *path, bool proc,
			  int (*write)(FILE *out, void *data), void *data)
{
	int fd = proc ? fd_number(path) : -1, out_fd = fd >= 0 ? dup(fd) : -1;
	FILE *out;
	int rc;

	/*
	 * Opened without blocking: a FIFO that no process reads fails with
	 * ENXIO at once instead of holding the compiler (report=,
	 * access-map=) for good in open(2); the command waits for a reader
	 * before it comes here (cli_output_ready()).
	 */
	if (out_fd < 0) {
		out_fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
		if (out_fd >= 0)
			fcntl(out_fd, F_SETFL, fcntl(out_fd, F_GETFL) & ~O_NONBLOCK);
	}
	out = out_fd >= 0 ? fdopen(out_fd, "w") : NULL;
	if (!out && out_fd >= 0)
		close(out_fd);

	if (!out)
		return -1;
	rc = write(out, data);
	if (fclose(out) != 0)
		rc = -1;
	return rc;
}

/* @path's directory part: "." for a bare name.  Returns a malloc'ed string. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* Whether @dir lies in /proc (where /dev/stdout and /dev/fd/N lead). */
static bool in_procfs(const char *dir)
{
	char *real = realpath(dir, NULL);
	bool yes = real && (!strcmp(real, "/proc") || !strncmp(real, "/proc/", 6));

	free(real);
	return yes;
}

/*
 * Follow @path's symbolic links as open(2) would, to the file that is
 * meant (which need not exist yet: a dangling link names the file to
 * create).  *@proc is set when a step goes through /proc: "/dev/stdout"
 * is a stream, not a file to replace.  Returns a malloc'ed path, or NULL
 * (errno: ELOOP after 40 links).
 */
static char *follow(const char *path, bool *proc)
{
	char *cur = strdup(path);

	*proc = false;
	for (int hops = 0; cur && hops <= 40; hops++) {
		char *dir = dir_of(cur), *target, *next;
		struct stat st;
		ssize_t n;

		if (!dir || in_procfs(dir))
			*proc = true;
		if (*proc || lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
			free(dir);
			return cur;
		}
		target = malloc((size_t)st.st_size + 2);
		n = target ? readlink(cur, target, (size_t)st.st_size + 1) : -1;
		if (n < 0) {
			free(target);
			free(dir);
			free(cur);
			return NULL;
		}
		target[n] = '\0';
		if (target[0] == '/') {
			next = target;
		} else {
			next = malloc(strlen(dir) + (size_t)n + 2);
			if (next)
				sprintf(next, "%s/%s", dir, target);
			free(target);
		}
		free(dir);
		free(cur);
		cur = next;
	}
	free(cur);
	errno = ELOOP;
	return NULL;
}

/*
 * A new file beside @target, created by open(2) with 0666 so that the
 * umask and the directory's default ACL apply as to any new file.
 */
static int create_temporary(const char *target, char **tmp)
{
	size_t len = strlen(target) + 32;
	struct timespec ts;

	*tmp = malloc(len);
	if (!*tmp)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	for (unsigned int i = 0; i < 100; i++) {
		unsigned long r = (unsigned long)ts.tv_nsec ^ ((unsigned long)getpid() << 16) ^
				  (i * 2654435761u);
		int fd;

		snprintf(*tmp, len, "%s.%08lx.tmp", target, r & 0xffffffffu);
		fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

int cl_write_atomic(const char *path, int (*write)(FILE *out, void *data), void *data)
{
	struct stat st;
	char *target, *tmp = NULL;
	bool proc, exists;
	FILE *out;
	int fd, rc = -1, saved;

	/*
	 * Only a regular file is replaced by rename(2): "-o /dev/null" must
	 * not turn /dev/null into a file, nor "-o /dev/stdout" replace the
	 * file the stream was redirected to.  A symbolic link is followed and
	 * kept, as the shell's '>' does.
	 */
	target = follow(path, &proc);
	if (!target)
		return -1;
	exists = stat(target, &st) == 0;
	if (proc || (exists && !S_ISREG(st.st_mode))) {
		rc = write_in_place(proc ? target : path, proc, write, data);
		goto out_target;
	}
	fd = create_temporary(target, &tmp);
	if (fd < 0)
		goto out_free;
	/* an existing file keeps its mode */
	if ((exists && fchmod(fd, st.st_mode & 07777) != 0) || !(out = fdopen(fd, "w"))) {
		close(fd);
		goto out_unlink;
	}
	rc = write(out, data);
	if (fclose(out) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, target) == 0)
		goto out_free;
	rc = -1;
out_unlink:
	saved = errno;
	unlink(tmp);
	errno = saved;
out_free:
	saved = errno;
	free(tmp);
	errno = saved;
out_target:
	saved = errno;
	free(target);
	errno = saved;
	return rc;
}

const char *cl_write_strerror(int err)
{
	return err == ENXIO ? "a FIFO (or socket) that no process reads" : strerror(err);
}

int cl_make_dirs(const char *path)
{
	char *dir = cl_xstrdup(path);
	struct stat st;
	int rc = -1;

	for (char *p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0777) && errno != EEXIST)
			goto out;
		*p = '/';
	}
	if (mkdir(dir, 0777) && errno != EEXIST)
		goto out;
	if (stat(dir, &st))
		goto out;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		goto out;
	}
	rc = 0;
out:
	free(dir);
	return rc;
}

/* Append @source's components to @out, but for "", "." and "..". */
static char *unit_components(char *out, const char *source)
{
	for (const char *s = source; *s;) {
		size_t k = strcspn(s, "/");

		if (k && !(k == 1 && s[0] == '.') && !(k == 2 && s[0] == '.' && s[1] == '.')) {
			memcpy(out, s, k);
			out += k;
			*out++ = '/';
		}
		s += k + (s[k] == '/');
	}
	return out;
}

char *cl_unit_output_path(const char *path, const char *source, const char *suffix)
{
	size_t n = strlen(path);
	char *file, *end, *slash;

	if (!n || path[n - 1] != '/')
		return cl_xstrdup(path);
	/* "unit/" stands for a source with no name left ("..") */
	file = cl_xmalloc(n + strlen(source) + strlen(suffix) + sizeof("unit/"));
	memcpy(file, path, n);
	end = unit_components(file + n, source);
	if (end == file + n) {
		memcpy(end, "unit/", 5);
		end += 5;
	}
	strcpy(end - 1, suffix);
	slash = end - 1;
	while (*--slash != '/')
		;
	*slash = '\0';
	if (cl_make_dirs(file)) {
		int saved = errno;

		free(file);
		errno = saved;
		return NULL;
	}
	*slash = '/';
	return file;
}
