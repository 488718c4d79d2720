// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench_run.c - the private directory of `cachelint bench`, and the
 * children it compiles and runs there (see bench_run.h)
 */
#define _GNU_SOURCE	/* getdents64, pipe2 */
#include "bench_run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "model/arena.h"
#include "model/diag.h"
#include "model/names.h"

/* What is shown of a child's standard error: its first lines. */
#define SHOWN_LINES 40
#define SHOWN_BYTES 16384

static char *tmp_dir;			/* malloc'ed once, read by the handler */
static volatile sig_atomic_t child_pgid;	/* the running child's group, or 0 */
static volatile sig_atomic_t caught;	/* a signal that came while a child ran */

/*
 * Remove every file in the private directory, then the directory: with
 * system calls only, so that the signal handler may do it too (the
 * compiler's own temporaries are in there, named as it pleases).
 */
static void tmp_remove_all(void)
{
	char buf[4096];
	bool removed = true;
	long n;
	int fd;

	if (!tmp_dir)
		return;
	fd = open(tmp_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	/* passes over the directory until one removes nothing: unlinking moves entries */
	while (fd >= 0 && removed) {
		removed = false;
		lseek(fd, 0, SEEK_SET);
		while ((n = getdents64(fd, buf, sizeof(buf))) > 0) {
			for (long at = 0; at < n;) {
				struct dirent64 *d = (struct dirent64 *)(buf + at);

				if (strcmp(d->d_name, ".") && strcmp(d->d_name, "..") &&
				    !unlinkat(fd, d->d_name, 0))
					removed = true;
				at += d->d_reclen;
			}
		}
	}
	if (fd >= 0)
		close(fd);
	rmdir(tmp_dir);
}

/*
 * A signal with a child running kills the child's whole group and lets
 * the waiting code finish (bench_tmp_remove() then dies of the signal);
 * without one, remove the directory and die now.
 */
static void on_signal(int sig)
{
	if (child_pgid > 0) {
		caught = sig;
		kill(-child_pgid, SIGKILL);
		return;
	}
	tmp_remove_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

static const int caught_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
#define NSIGNALS (sizeof(caught_signals) / sizeof(caught_signals[0]))

static void signals_mask(int how, sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaddset(&set, caught_signals[i]);
	sigprocmask(how, &set, old);
}

int bench_tmp_create(void)
{
	const char *base = getenv("TMPDIR");
	struct sigaction sa;
	char *dir;

	if (!base || !*base)
		base = "/tmp";
	dir = cl_xmalloc(strlen(base) + sizeof("/cachelint-bench.XXXXXX"));
	sprintf(dir, "%s/cachelint-bench.XXXXXX", base);
	if (!mkdtemp(dir)) {
		char shown[64 * 4 + 4];

		cl_error("bench: cannot make a temporary directory in '%s' (%zu bytes, from %s): %s",
			 cl_name_show(shown, 64, base, true), strlen(base),
			 getenv("TMPDIR") && *getenv("TMPDIR") ? "$TMPDIR" : "the default",
			 strerror(errno));
		free(dir);
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	signals_mask(SIG_BLOCK, NULL);
	tmp_dir = dir;
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaction(caught_signals[i], &sa, NULL);
	signals_mask(SIG_UNBLOCK, NULL);
	return 0;
}

const char *bench_tmp_dir(void)
{
	return tmp_dir;
}

void bench_tmp_remove(void)
{
	int sig;

	signals_mask(SIG_BLOCK, NULL);
	tmp_remove_all();
	free(tmp_dir);
	tmp_dir = NULL;
	sig = caught;
	signals_mask(SIG_UNBLOCK, NULL);
	if (sig) {
		fflush(NULL);
		signal(sig, SIG_DFL);
		raise(sig);
	}
}

/* ---- children ------------------------------------------------------- */

/* In the child: its own group, the signals as they were, $TMPDIR private. */
static void child_exec(char **argv, int out, int err, const sigset_t *mask)
{
	setpgid(0, 0);
	for (size_t i = 0; i < NSIGNALS; i++)
		signal(caught_signals[i], SIG_DFL);
	sigprocmask(SIG_SETMASK, mask, NULL);
	if (tmp_dir)
		setenv("TMPDIR", tmp_dir, 1);
	if (dup2(out, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0)
		_exit(126);
	/* a path is run as it is: execvp would hand a file that is no program to sh */
	if (strchr(argv[0], '/'))
		execv(argv[0], argv);
	else
		execvp(argv[0], argv);
	dprintf(STDERR_FILENO, "cannot run '%s': %s\n", argv[0], strerror(errno));
	_exit(127);
}

static void output_add(struct bench_output *o, const char *buf, size_t n, size_t max)
{
	if (o->len >= max)
		return;
	if (n > max - o->len)
		n = max - o->len;
	o->text = cl_xrealloc(o->text, o->len + n + 1);
	memcpy(o->text + o->len, buf, n);
	o->len += n;
	o->text[o->len] = '\0';
}

/* Read the child's two pipes to their ends (the child may fill either). */
static void pipes_drain(int fds[2], struct bench_output *out, struct bench_output *err)
{
	struct pollfd p[2] = { { fds[0], POLLIN, 0 }, { fds[1], POLLIN, 0 } };
	int open_fds = (fds[0] >= 0) + (fds[1] >= 0);

	while (open_fds) {
		char buf[4096];

		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			ssize_t n;

			if (p[i].fd < 0 || !p[i].revents)
				continue;
			n = read(p[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(p[i].fd);
				p[i].fd = -1;
				open_fds--;
				continue;
			}
			output_add(i ? err : out, buf, (size_t)n, i ? SHOWN_BYTES : SIZE_MAX - 1);
		}
	}
}

/*
 * Run @argv in a group of its own, its standard output into @out (NULL:
 * into @err, as a compiler's messages go to either) and its standard
 * error into @err.  The exit status, 128 + the signal that killed it, or
 * -1 (no process).
 */
static int spawn(char **argv, struct bench_output *out, struct bench_output *err)
{
	int po[2] = { -1, -1 }, pe[2], status, fds[2];
	sigset_t old;
	pid_t pid;

	if (pipe2(pe, O_CLOEXEC) || (out && pipe2(po, O_CLOEXEC)))
		return -1;
	fflush(NULL);
	signals_mask(SIG_BLOCK, &old);	/* no signal between fork and child_pgid */
	pid = fork();
	if (!pid)
		child_exec(argv, out ? po[1] : pe[1], pe[1], &old);
	if (pid > 0) {
		setpgid(pid, pid);
		child_pgid = pid;
	}
	signals_mask(SIG_SETMASK, NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(pe[1]);
	if (out)
		close(po[1]);
	if (pid < 0) {
		close(pe[0]);
		if (out)
			close(po[0]);
		return -1;
	}
	fds[0] = out ? po[0] : -1;
	fds[1] = pe[0];
	pipes_drain(fds, out ? out : err, err);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	child_pgid = 0;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* "cachelint: bench: WHO said:" and its first lines, or that it said nothing. */
static void show_said(const char *who, const struct bench_output *err)
{
	const char *s = err->text ? err->text : "";
	int lines = 0;

	if (!*s) {
		fprintf(stderr, "cachelint: bench: %s printed nothing on its standard error\n", who);
		return;
	}
	fprintf(stderr, "cachelint: bench: %s said:\n", who);
	while (*s && lines++ < SHOWN_LINES) {
		size_t n = strcspn(s, "\n");

		fprintf(stderr, "%.*s\n", (int)n, s);
		s += n + (s[n] == '\n');
	}
}

static bool in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[4096];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	for (const char *p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, n ? p : ".", prog);
		if (access(buf, X_OK) == 0)
			return true;
		p += n + (p[n] == ':');
	}
	return false;
}

/* $CC split at blanks (as make does), else cc, else gcc; NULL: none (said). */
static char *find_compiler(char **argv, size_t max, size_t *n)
{
	const char *cc = getenv("CC");
	bool from_env = cc && *cc;
	char *copy;

	*n = 0;
	if (!from_env)
		cc = in_path("cc") ? "cc" : in_path("gcc") ? "gcc" : NULL;
	if (!cc) {
		cl_error("bench: no C compiler: set CC, or install cc or gcc");
		return NULL;
	}
	copy = cl_xstrdup(cc);
	for (char *tok = strtok(copy, " \t"); tok && *n < max; tok = strtok(NULL, " \t"))
		argv[(*n)++] = tok;
	if (!*n || !in_path(argv[0])) {
		cl_error("bench: no C compiler: '%s'%s cannot be run", cc,
			 from_env ? " (from $CC)" : "");
		free(copy);
		return NULL;
	}
	return copy;
}

int bench_compile(const char *src, const char *bin)
{
	struct bench_output err = { 0 };
	char *argv[32], *copy;
	size_t n;
	int rc;

	copy = find_compiler(argv, 24, &n);
	if (!copy)
		return -1;
	argv[n++] = "-O2";
	argv[n++] = "-pthread";
	argv[n++] = "-o";
	argv[n++] = (char *)bin;
	argv[n++] = (char *)src;
	argv[n] = NULL;
	rc = spawn(argv, NULL, &err);
	if (caught) {
		rc = -1;	/* interrupted: bench_tmp_remove() dies of it */
	} else if (rc == 127 || rc < 0) {
		cl_error("bench: the C compiler '%s' cannot be run", argv[0]);
		show_said(argv[0], &err);
	} else if (rc) {
		cl_error("bench: the C compiler '%s' failed on the generated program (status %d)",
			 argv[0], rc);
		show_said(argv[0], &err);
	} else if (access(bin, X_OK)) {
		/* CC=true: a "compiler" that succeeds and makes nothing */
		cl_error("bench: the C compiler '%s' exited 0 but made no program (%s: %s)",
			 argv[0], bin, strerror(errno));
		show_said(argv[0], &err);
		rc = -1;
	}
	free(err.text);
	free(copy);
	return rc ? -1 : 0;
}

int bench_execute(char **argv, struct bench_output *out)
{
	struct bench_output err = { 0 };
	int rc = spawn(argv, out, &err);

	if (caught) {
		rc = -1;
	} else if (rc) {
		cl_error("bench: the generated program failed (status %d%s)", rc,
			 rc > 128 ? ", killed by a signal" : "");
		show_said("it", &err);
	}
	free(err.text);
	return rc ? -1 : 0;
}

int bench_tool(char **argv, struct bench_output *out, struct bench_output *err)
{
	int rc = spawn(argv, out, err);

	return caught ? -1 : rc;
}

bool bench_interrupted(void)
{
	return caught != 0;
}
