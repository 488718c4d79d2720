/* A program whose instrumented run (instrument=all) counted its accesses to
 * libc's struct iovec and struct msghdr as well as its own struct conn. */
#define _GNU_SOURCE
#include <sys/socket.h>
#include <sys/uio.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>

struct conn { long rx; long tx; };
struct conn cn;

static void *worker(void *arg)
{
	int fd = *(int *)arg;
	char buf[64];
	struct iovec iov = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct msghdr mh;
	for (int i = 0; i < 1000; i++) {
		memset(&mh, 0, sizeof(mh));
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		if (recvmsg(fd, &mh, 0) <= 0)
			break;
		cn.rx += iov.iov_len;
	}
	return NULL;
}

int main(void)
{
	int sv[2];
	pthread_t t;
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	pthread_create(&t, NULL, worker, &sv[1]);
	for (int i = 0; i < 1000; i++) {
		char m[8] = "hi";
		struct iovec iov = { m, 2 };
		struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
		sendmsg(sv[0], &mh, 0);
		cn.tx++;
	}
	getsockname(sv[0], (struct sockaddr *)&ss, &len);
	close(sv[0]);
	pthread_join(t, NULL);
	return 0;
}
