// instrument: where libcachelint-rt writes its profile.  A regular file is
// replaced whole, through a symbolic link (the link stays); a FIFO is
// written in place and one that nobody reads is not waited for; a
// directory is refused.  Devices and setuid programs:
// instrument_output_root.test.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=conn %s -o %t %rt-static -pthread
// RUN: rm -rf %t.d && mkdir %t.d
//
// A plain file, as it was and with its mode kept when replaced.
// RUN: env CACHELINT_PROFILE=%t.d/plain.yaml %t
// RUN: FileCheck --check-prefix=PROFILE --match-full-lines %s --input-file %t.d/plain.yaml
// RUN: chmod 640 %t.d/plain.yaml && env CACHELINT_PROFILE=%t.d/plain.yaml %t
// RUN: stat -c %%a %t.d/plain.yaml | FileCheck --check-prefix=MODE %s
// MODE: 640
//
// A symbolic link is followed and kept, as for the shell's '>'; a dangling
// one names the file to create.
// RUN: echo old > %t.d/target.yaml && ln -s target.yaml %t.d/link.yaml
// RUN: env CACHELINT_PROFILE=%t.d/link.yaml %t
// RUN: test -L %t.d/link.yaml
// RUN: FileCheck --check-prefix=PROFILE --match-full-lines %s --input-file %t.d/target.yaml
// RUN: ln -s new.yaml %t.d/dangling.yaml && env CACHELINT_PROFILE=%t.d/dangling.yaml %t
// RUN: test -L %t.d/dangling.yaml
// RUN: FileCheck --check-prefix=PROFILE --match-full-lines %s --input-file %t.d/new.yaml
//
// A FIFO that a process reads gets the profile and stays a FIFO (the
// reader holds it open read-write, so the profile waits in the pipe).
// RUN: mkfifo %t.d/fifo
// RUN: sh -c 'exec 3<>%t.d/fifo; env CACHELINT_PROFILE=%t.d/fifo %t; timeout 1 cat <&3 > %t.d/fifo.out; test $? = 124'
// RUN: test -p %t.d/fifo
// RUN: FileCheck --check-prefix=PROFILE --match-full-lines %s --input-file %t.d/fifo.out
// A FIFO that nobody reads: the program exits at once, says why, and the
// FIFO is still one (timeout: a hang fails the test instead of blocking it).
// RUN: timeout 20 env CACHELINT_PROFILE=%t.d/fifo %t 2>&1 | FileCheck --check-prefix=NOREADER %s
// RUN: test -p %t.d/fifo
// NOREADER: cachelint-rt: cannot write profile '{{.*}}/fifo': a FIFO that no process has open for reading: no profile written
//
// /dev/stdout redirected to a file appends to it, at the stream's offset,
// rather than replacing the file the program's output went to.
// RUN: echo before > %t.d/stdout.txt && env CACHELINT_PROFILE=/dev/stdout %t >> %t.d/stdout.txt
// RUN: FileCheck --check-prefix=STDOUT --match-full-lines %s --input-file %t.d/stdout.txt
// STDOUT:before
// STDOUT-NEXT:# Written by libcachelint-rt {{.*}}
//
// A directory is not a file to write, and is left as it is.
// RUN: mkdir %t.d/dir && env CACHELINT_PROFILE=%t.d/dir %t 2>&1 | FileCheck --check-prefix=DIR %s
// RUN: test -d %t.d/dir && test -z "$(ls %t.d/dir)"
// DIR: cachelint-rt: cannot write profile '{{.*}}/dir': a directory: no profile written
//
// No temporary file is left behind by any of them.
// RUN: ls %t.d | FileCheck --check-prefix=LEFT --implicit-check-not=tmp %s
// LEFT: dangling.yaml

struct conn {
	long rx;
	long tx;
};

static struct conn c;

int main(void)
{
	c.rx = 1;
	return (int)c.tx;
}

// PROFILE:cachelint-profile: 1
// PROFILE-NEXT:structs:
// PROFILE-NEXT:  conn:
// PROFILE-NEXT:    rx: {write: {main: 1}}
// PROFILE-NEXT:    tx: {read: {main: 1}}
// PROFILE-EMPTY:
