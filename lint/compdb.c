// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * compdb.c - compile_commands.json entries to parse jobs
 *
 * An entry is the compiler's whole command line, run in the entry's
 * directory.  libclang needs the flags only: the compiler, the source file,
 * the output (-o, -c) and dependency files (-MD, -MF …, which libclang
 * would otherwise write) are removed.  Relative paths (the file, -I and
 * the other directory and file options) are made absolute against the
 * entry's directory: libclang does not chdir into it, and its
 * -working-directory would chdir the whole process, which the workers of
 * -j share.  A relative directory is relative to the directory that holds
 * compile_commands.json, symbolic links followed (the specification since
 * LLVM 23; libclang 14 returns it as it is written).
 *
 * Files are compared as files, not as spellings: the kernel's
 * gen_compile_commands.py writes an absolute "file" and a relative source
 * argument, and a FILE given on the command line may name the entry's file
 * through another path.  Left in, the second spelling of the source would
 * make libclang parse two inputs ("AST read error").
 */
#include "compdb.h"
#include "compdb_check.h"


#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <clang-c/CXCompilationDatabase.h>

#include "model/diag.h"
#include "emit/files.h"

void lint_jobs_init(struct lint_jobs *j)
{
	memset(j, 0, sizeof(*j));
	cl_arena_init(&j->arena);
}

void lint_jobs_free(struct lint_jobs *j)
{
	free(j->v);
	cl_arena_free(&j->arena);
	memset(j, 0, sizeof(*j));
}

void lint_jobs_from_files(struct lint_jobs *j, char **files, size_t nfiles, char **flags,
			  size_t nflags)
{
	for (size_t i = 0; i < nfiles; i++) {
		struct lint_job *job = cl_vec_push(&j->v, &j->n, &j->cap);

		job->file = files[i];
		job->args = (const char **)flags;
		job->nargs = nflags;
	}
}

/* Flags that name an output, or take the next argument as one. */
static int output_flag(const char *a)
{
	static const char *const with_value[] = { "-o", "-MF", "-MT", "-MQ", "-Xlinker" };
	static const char *const alone[] = {
		"-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "-pipe", "--",
	};

	for (size_t i = 0; i < sizeof(with_value) / sizeof(with_value[0]); i++)
		if (!strcmp(a, with_value[i]))
			return 2;
	for (size_t i = 0; i < sizeof(alone) / sizeof(alone[0]); i++)
		if (!strcmp(a, alone[i]))
			return 1;
	if (!strncmp(a, "-o", 2) || !strncmp(a, "-MF", 3) || !strncmp(a, "-MT", 3) ||
	    !strncmp(a, "-save-temps", 11) || !strncmp(a, "-Wl,", 4))
		return 1;
	return 0;
}

/**
 * struct file_id - a file as the kernel knows it, to compare paths by
 * @dev: st_dev
 * @ino: st_ino
 * @ok: stat() succeeded (a missing file matches nothing)
 */
struct file_id {
	dev_t dev;
	ino_t ino;
	bool ok;
};

static struct file_id file_id_of(const char *path)
{
	struct file_id id = { 0, 0, false };
	struct stat st;

	if (!stat(path, &st)) {
		id.dev = st.st_dev;
		id.ino = st.st_ino;
		id.ok = true;
	}
	return id;
}

static bool file_id_same(struct file_id a, struct file_id b)
{
	return a.ok && b.ok && a.dev == b.dev && a.ino == b.ino;
}

static char *str(struct cl_arena *a, CXString s)
{
	char *out = cl_arena_strdup(a, clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return out;
}

/* The entry's file, absolute, to match it against FILE arguments. */
static char *entry_path(const char *dir, const char *file)
{
	char *joined, *abs;

	if (file[0] == '/')
		return cl_path_absolute(file);
	joined = cl_xmalloc(strlen(dir) + strlen(file) + 2);
	sprintf(joined, "%s/%s", dir, file);
	abs = cl_path_absolute(joined);
	free(joined);
	return abs;
}

/* Options whose value is a path: "-I dir", "-Idir", "--sysroot=dir". */
static const char *const path_options[] = {
	"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-iprefix",
	"-isysroot", "--sysroot=", "-iwithprefixbefore", "-iwithprefix",
};

static const char *absolute(struct cl_arena *a, const char *dir, const char *path)
{
	char *abs;
	const char *out;

	if (!*path || path[0] == '/')
		return path;
	abs = entry_path(dir, path);
	out = cl_arena_strdup(a, abs);
	free(abs);
	return out;
}

/* @a with a relative path made absolute; *takes_next when the value follows. */
static const char *absolute_arg(struct cl_arena *ar, const char *dir, const char *a,
				bool *takes_next)
{
	*takes_next = false;
	for (size_t i = 0; i < sizeof(path_options) / sizeof(path_options[0]); i++) {
		const char *o = path_options[i];
		size_t n = strlen(o);

		if (strncmp(a, o, n))
			continue;
		if (!a[n]) {
			*takes_next = o[n - 1] != '=';
			return a;
		}
		return cl_arena_printf(ar, "%s%s", o, absolute(ar, dir, a + n));
	}
	return a;
}

/* The source file itself, spelt otherwise: "mm/memcontrol.c" for "/…/mm/memcontrol.c". */
static bool is_source(const struct lint_job *job, struct file_id src, const char *file,
		      const char *a)
{
	char *abs;
	bool same;

	if (!strcmp(a, file) || !strcmp(a, job->file))
		return true;
	if (a[0] == '-' || !src.ok)
		return false;
	abs = entry_path(job->directory, a);
	same = !strcmp(abs, job->file) || file_id_same(file_id_of(abs), src);
	free(abs);
	return same;
}

static void add_entry(struct lint_jobs *j, const char *base, CXCompileCommand cmd)
{
	struct lint_job *job = cl_vec_push(&j->v, &j->n, &j->cap);
	unsigned n = clang_CompileCommand_getNumArgs(cmd);
	const char **args = cl_arena_alloc(&j->arena, (n + 1) * sizeof(*args));
	size_t k = 0;

	const char *file;
	bool next_is_path = false, takes_next;
	struct file_id src;

	job->directory = absolute(&j->arena, base,
				  str(&j->arena, clang_CompileCommand_getDirectory(cmd)));
	file = str(&j->arena, clang_CompileCommand_getFilename(cmd));
	job->file = absolute(&j->arena, job->directory, file);
	src = file_id_of(job->file);
	for (unsigned i = 1; i < n; i++) {	/* argv[0] is the compiler */
		const char *a = str(&j->arena, clang_CompileCommand_getArg(cmd, i));
		int skip = output_flag(a);

		if (skip) {
			i += (unsigned)skip - 1;
			continue;
		}
		if (!next_is_path && is_source(job, src, file, a))
			continue;
		if (next_is_path) {
			a = absolute(&j->arena, job->directory, a);
			next_is_path = false;
		} else {
			a = absolute_arg(&j->arena, job->directory, a, &takes_next);
			next_is_path = takes_next;
		}
		args[k++] = a;
	}
	job->args = args;
	job->nargs = k;
}

/* The entry is for one of the FILEs (@ids: theirs), by path or by file. */
static bool wanted(const char *dir, const char *file, char **abs_files,
		   const struct file_id *ids, size_t nfiles, bool *matched)
{
	struct file_id id;
	char *p;
	bool yes = false;

	if (!nfiles)
		return true;
	p = entry_path(dir, file);
	id = file_id_of(p);
	for (size_t i = 0; i < nfiles; i++) {
		if (!strcmp(p, abs_files[i]) || file_id_same(id, ids[i]))
			matched[i] = yes = true;
	}
	free(p);
	return yes;
}

/* The directory that relative "directory" values are relative to. */
static char *database_dir(const char *dir)
{
	char *real = realpath(dir, NULL);

	return real ? real : cl_path_absolute(dir);
}

/* libclang prints its own "LIBCLANG TOOLING ERROR" lines: ours say it better. */
static CXCompilationDatabase quiet_load(const char *dir, CXCompilationDatabase_Error *err)
{
	CXCompilationDatabase db;
	int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);

	fflush(stderr);
	if (saved >= 0 && null >= 0)
		dup2(null, STDERR_FILENO);
	db = clang_CompilationDatabase_fromDirectory(dir, err);
	if (saved >= 0 && null >= 0)
		dup2(saved, STDERR_FILENO);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
	return db;
}

int lint_jobs_from_compdb(struct lint_jobs *j, const char *dir, char **files, size_t nfiles,
			  struct cl_diag *diag)
{
	CXCompilationDatabase_Error err;
	CXCompilationDatabase db;
	CXCompileCommands cmds;
	char *path = cl_xmalloc(strlen(dir) + 32), **abs = cl_xmalloc((nfiles + 1) * sizeof(*abs));
	bool *matched = cl_xmalloc(nfiles + 1);
	struct file_id *ids = cl_xmalloc((nfiles + 1) * sizeof(*ids));
	char *base = database_dir(dir);
	struct stat st;
	int rc = -1;
	unsigned n;

	sprintf(path, "%s/compile_commands.json", dir);
	for (size_t i = 0; i < nfiles; i++) {
		abs[i] = cl_path_absolute(files[i]);
		ids[i] = file_id_of(abs[i]);
		matched[i] = false;
	}
	if (stat(path, &st)) {
		cl_diag_set(diag, path, 0, 0, "%s", strerror(errno));
		goto out;
	}
	/*
	 * libclang's reader (a YAML parser) takes trailing commas, bare words
	 * and numbers for strings, and says only that it failed when it does:
	 * the file is checked as JSON first, so errors have a line and column.
	 */
	if (compdb_check(path, diag))
		goto out;
	db = quiet_load(dir, &err);
	if (err != CXCompilationDatabase_NoError || !db) {
		cl_diag_set(diag, path, 0, 0,
			    "not a valid compile database (expected a JSON array of {directory, file, command|arguments})");
		goto out;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	for (unsigned i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);
		CXString d = clang_CompileCommand_getDirectory(cmd), f = clang_CompileCommand_getFilename(cmd);
		const char *ds = clang_getCString(d) ? clang_getCString(d) : "";
		char *entry_dir = ds[0] == '/' ? cl_xstrdup(ds) : entry_path(base, ds);
		bool yes = wanted(entry_dir, clang_getCString(f), abs, ids, nfiles, matched);

		free(entry_dir);
		clang_disposeString(d);
		clang_disposeString(f);
		if (yes)
			add_entry(j, base, cmd);
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(db);
	rc = 0;
	for (size_t i = 0; i < nfiles && !rc; i++) {
		if (!matched[i]) {
			cl_diag_set(diag, files[i], 0, 0, "not in %s", path);
			rc = -1;
		}
	}
	if (!rc && !j->n) {
		cl_diag_set(diag, path, 0, 0, "no entries");
		rc = -1;
	}
out:
	for (size_t i = 0; i < nfiles; i++)
		free(abs[i]);
	free(abs);
	free(ids);
	free(base);
	free(matched);
	free(path);
	return rc;
}
