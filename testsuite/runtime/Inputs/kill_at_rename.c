/*
 * LD_PRELOAD'ed into a program linked with libcachelint-rt: the process is
 * killed (SIGKILL, as the OOM killer or a CI timeout would) at the moment
 * its profile would be put in place, by link() or rename() of the whole
 * temporary file (ends.test).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static int killed(void)
{
	kill(getpid(), SIGKILL);
	return -1;
}

int link(const char *from, const char *to)
{
	(void)from, (void)to;
	return killed();
}

int rename(const char *from, const char *to)
{
	(void)from, (void)to;
	return killed();
}

int renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned int flags)
{
	(void)fromfd, (void)from, (void)tofd, (void)to, (void)flags;
	return killed();
}
