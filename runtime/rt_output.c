// SPDX-License-Identifier: MIT
/*
 * rt_output.c - libcachelint-rt: writing the profile safely
 *
 * This runs inside the user's program, at exit, perhaps as root, with a
 * name from the environment: it never waits, never replaces what is not a
 * regular file, and lets the kernel follow symbolic links (with its own
 * protections), as the shell's '>' would.  A regular file is written whole
 * or not at all (a temporary file renamed over it, through any symbolic
 * link); a FIFO or a character device in place (a FIFO nobody reads is not
 * waited for); nothing else.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rt_internal.h"

struct writer {
	int (*put)(FILE *f, void *arg);
	void *arg;
};

static int put_stream(FILE *f, const struct writer *w)
{
	int err;

	if (!f)
		return errno;
	err = w->put(f, w->arg);
	if (!err && ferror(f))
		err = EIO;
	if (fclose(f) && !err)
		err = errno;
	return err;
}

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Standard output or error when @st is the file one of them writes, or -1. */
static int std_stream(const struct stat *st)
{
	for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++) {
		struct stat std;

		if (fstat(fd, &std) == 0 && same_file(st, &std))
			return fd;
	}
	return -1;
}

/*
 * A FIFO or character device (/dev/null, a terminal, a pipe reached as
 * /dev/stdout) is written in place, never replaced, and a FIFO that
 * nobody reads is not waited for (the open was O_NONBLOCK: ENXIO); one
 * whose reader stops reading holds the exit as any pipe would.  The
 * file that standard output or error writes (/dev/stdout when it is
 * redirected to a file) is written through that descriptor, at its
 * offset, after the program's own buffered output.
 */
static int write_in_place(int fd, const struct stat *st, const struct writer *w)
{
	int std = std_stream(st);

	if (std >= 0) {
		fflush(stdout);
		close(fd);
		fd = dup(std);
		if (fd < 0)
			return errno;
	} else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)) {
		close(fd);
		return errno;
	}
	return put_stream(fdopen(fd, "w"), w);	/* "w" truncates nothing here */
}

/* Where the kernel found the file open as @fd: a malloc'ed path, or NULL. */
static char *fd_path(int fd, const char *path, const struct stat *st)
{
	char proc[64], *buf = malloc(PATH_MAX);
	struct stat l;
	ssize_t n;

	if (!buf)
		return NULL;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, buf, PATH_MAX - 1);
	if (n > 0 && buf[0] == '/') {
		buf[n] = 0;
		return buf;
	}
	free(buf);
	/* no /proc: only a name that is the file itself, not a link to it */
	if (lstat(path, &l) == 0 && S_ISREG(l.st_mode) && same_file(&l, st))
		return strdup(path);
	errno = ENOTSUP;
	return NULL;
}

/* A new file beside @target, that nobody else can have opened or linked, of @mode. */
static int create_temporary(const char *target, char **tmp, mode_t mode)
{
	size_t len = strlen(target) + 32;

	*tmp = malloc(len);
	if (!*tmp)
		return -1;
	for (unsigned i = 0; i < 100; i++) {
		int fd;

		snprintf(*tmp, len, "%s.tmp.%d.%u", target, (int)getpid(), i);
		fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

/*
 * A regular file, open as @fd, is replaced whole: a temporary file beside
 * it, with its mode (and, when root writes, its owner), renamed over it
 * if it is still the file that was opened.
 */
static int write_replace(int fd, const char *path, const struct writer *w)
{
	struct stat st, now;
	char *target = NULL, *tmp = NULL;
	int tfd = -1, err;

	if (fstat(fd, &st) || !(target = fd_path(fd, path, &st))) {
		err = errno;
		goto out;
	}
	tfd = create_temporary(target, &tmp, 0600);
	if (tfd < 0) {
		err = errno;
		goto out;
	}
	if (fchmod(tfd, st.st_mode & 0777) ||
	    (geteuid() == 0 && fchown(tfd, st.st_uid, st.st_gid))) {
		err = errno;
		close(tfd);
		goto out_unlink;
	}
	err = put_stream(fdopen(tfd, "w"), w);
	if (err)
		goto out_unlink;
	if (lstat(target, &now) || !same_file(&now, &st)) {
		err = EAGAIN;		/* replaced meanwhile: leave it */
		goto out_unlink;
	}
	if (rename(tmp, target) == 0)
		goto out;
	err = errno;
out_unlink:
	unlink(tmp);
out:
	close(fd);
	free(tmp);
	free(target);
	return err;
}

/* Whether @path's directory is sticky and world-writable (/tmp); its owner in *@owner. */
static bool sticky_dir(const char *path, uid_t *owner)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	struct stat d;
	bool sticky;

	sticky = dir && stat(dir, &d) == 0 &&
		 (d.st_mode & (S_ISVTX | S_IWOTH)) == (S_ISVTX | S_IWOTH);
	*owner = sticky ? d.st_uid : 0;
	free(dir);
	return sticky;
}

/*
 * A symbolic link that the kernel's fs.protected_symlinks would not let
 * another user's program follow: in a sticky, world-writable directory
 * (/tmp), owned neither by this user nor by the directory's owner.  Refused
 * whatever the sysctl says, for the last component of the name.  A link
 * that passes cannot be swapped for another: the sticky bit lets only its
 * owner or the directory's rename or remove it.
 */
static bool untrusted_link(const char *path)
{
	struct stat l;
	uid_t owner;

	return lstat(path, &l) == 0 && S_ISLNK(l.st_mode) && sticky_dir(path, &owner) &&
	       l.st_uid != geteuid() && l.st_uid != owner;
}

/*
 * Follow the link at @path in a sticky directory only when it is trusted,
 * after an open with O_NOFOLLOW met it (ELOOP): checked, then opened, with
 * no window for another user to put a link in its place.
 */
static int open_link(const char *path, int flags, mode_t mode)
{
	if (untrusted_link(path)) {
		errno = EPERM;
		return -1;
	}
	return open(path, flags & ~O_NOFOLLOW, mode);
}

/*
 * Open @path for writing as the shell would, without waiting for a FIFO's
 * reader: the file as it is, or, for a dangling link, the file it names.
 * A name that is free is not created here (*@absent, -1): write_new()
 * gives it the profile whole.  In a sticky directory no link is followed
 * unchecked.  -1 and errno.
 */
static int open_target(const char *path, bool *absent)
{
	uid_t owner;
	const int flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
			  (sticky_dir(path, &owner) ? O_NOFOLLOW : 0);
	struct stat l;
	int fd = open(path, flags);

	*absent = false;
	if (fd < 0 && errno == ELOOP && (flags & O_NOFOLLOW))
		fd = open_link(path, flags, 0);
	if (fd >= 0 || errno != ENOENT)
		return fd;
	/* a dangling link names the file to create, as for '>' */
	if (lstat(path, &l) == 0 && S_ISLNK(l.st_mode))
		return (flags & O_NOFOLLOW) ? open_link(path, flags | O_CREAT, 0666) :
					      open(path, flags | O_CREAT, 0666);
	*absent = errno == ENOENT;
	errno = ENOENT;
	return -1;
}

/*
 * A new name gets the profile whole or not at all: written to a temporary
 * file beside it, then linked to the name, which (as O_EXCL would) takes
 * nothing that appeared there meanwhile (EEXIST).  Creating the name
 * first, empty, left a 0-byte profile behind a program killed while it
 * wrote.  A file system without hard links gets a rename that replaces
 * nothing.
 */
static int write_new(const char *path, const struct writer *w)
{
	char *tmp = NULL;
	int tfd = create_temporary(path, &tmp, 0666), err;

	if (tfd < 0) {
		err = errno;
		free(tmp);
		return err;
	}
	err = put_stream(fdopen(tfd, "w"), w);
	if (!err && link(tmp, path)) {
		err = errno;
		if (err != EEXIST && err != ENOENT &&
		    renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0) {
			free(tmp);
			return 0;
		}
	}
	unlink(tmp);
	free(tmp);
	return err;
}

const char *clrt_refusal(const char *path, int err)
{
	struct stat st;

	if (err == EPERM && untrusted_link(path))
		return "a symbolic link in a sticky directory, owned by another user";
	if (stat(path, &st))
		return NULL;
	if (err == ENXIO && S_ISFIFO(st.st_mode))
		return "a FIFO that no process has open for reading";
	if (S_ISBLK(st.st_mode))
		return "a block device";
	if (S_ISDIR(st.st_mode))
		return "a directory";
	if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode))
		return "not a regular file, FIFO or character device";
	return NULL;
}

int clrt_write_file(const char *path, int (*put)(FILE *f, void *arg), void *arg)
{
	struct writer w = { put, arg };
	struct stat st;
	bool absent = false;
	int fd = -1;

	if (stat(path, &st) == 0 && (S_ISBLK(st.st_mode) || S_ISDIR(st.st_mode)))
		return EINVAL;
	for (int tries = 0; tries < 3; tries++) {
		int err;

		fd = open_target(path, &absent);
		if (fd >= 0 || !absent)
			break;
		err = write_new(path, &w);
		if (err != EEXIST)
			return err;
		/* the name appeared meanwhile: written as the file it is */
	}
	if (fd < 0)
		return absent ? EEXIST : errno;
	if (fstat(fd, &st)) {
		close(fd);
		return errno;
	}
	if (S_ISREG(st.st_mode) && std_stream(&st) < 0)
		return write_replace(fd, path, &w);
	if (S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		return write_in_place(fd, &st, &w);
	close(fd);
	return EINVAL;
}
