/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench_run.h - compiling and running the program `cachelint bench`
 * generates: a private directory, the child processes, and the signals
 * that stop them
 *
 * Each child (the compiler driver, the measured program) runs in a
 * process group of its own, with $TMPDIR set to the private directory:
 * an interrupt kills the whole group (the driver, cc1, as, the program's
 * threads), and whatever they left is in the private directory, removed
 * with it.  What a child prints is read through pipes, not files, so that
 * a full disk does not lose the compiler's own "No space left on device".
 */
#ifndef CACHELINT_BENCH_RUN_H
#define CACHELINT_BENCH_RUN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Make the private directory in $TMPDIR (else /tmp) and catch SIGINT,
 * SIGTERM, SIGHUP and SIGQUIT.  0, or -1 with the message printed.
 */
int bench_tmp_create(void);
/* The private directory, once made. */
const char *bench_tmp_dir(void);
/*
 * Remove the private directory and all in it; then, when a signal came
 * while a child ran, die of it as the default action would.
 */
void bench_tmp_remove(void);

/**
 * struct bench_output - what a child printed
 * @text: its bytes, NUL-terminated (malloc'ed; free())
 * @len: their number
 */
struct bench_output {
	char *text;
	size_t len;
};

/*
 * Compile @src into @bin with $CC (split at blanks, as make does), else cc
 * or gcc.  0, or -1 with the message printed, the compiler's own words
 * included.
 */
int bench_compile(const char *src, const char *bin);
/*
 * Run @argv (@argv[0] a path), its standard output into @out.  0, or -1
 * with the message printed, what it said on its standard error included.
 */
int bench_execute(char **argv, struct bench_output *out);

/*
 * Run the tool @argv (perf) as the program is run: its own process group,
 * $TMPDIR private; its standard output into @out (NULL: with its standard
 * error), its standard error into @err.  Its exit status (127: it could not
 * be run), or -1 when a signal stopped it (bench_tmp_remove() dies of it).
 */
int bench_tool(char **argv, struct bench_output *out, struct bench_output *err);
/* A signal came while a child ran: stop, bench_tmp_remove() dies of it. */
bool bench_interrupted(void);

#endif /* CACHELINT_BENCH_RUN_H */
