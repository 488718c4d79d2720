// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_profile.c - libFuzzer target for the profile loader (core/profile/profile.c)
 * and for what a loaded profile is used for (profile_apply.c,
 * profile_notes.c)
 *
 * Built with clang -fsanitize=fuzzer,address,undefined; ctest runs it for a
 * bounded time over the seed corpus in fuzz-corpus/ (profile.fuzz).  By
 * hand:
 *
 *   build/testsuite/profile/fuzz_profile -dict=testsuite/profile/fuzz_profile.dict \
 *       /tmp/corpus testsuite/profile/fuzz-corpus
 *
 * Besides memory errors and undefined behaviour, these are bugs:
 *   - a failed load without a message, or with a line or column past the
 *     end of the input;
 *   - a successful load whose struct names or member paths the schema
 *     forbids, or whose members have no class;
 *   - loading the same valid text again failing, or changing the structs,
 *     or not marking every member replaced (the merge of identical files).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/access_profile.h"
#include "checks/analysis.h"
#include "model/names.h"

#define CHECK(cond)							\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "fuzz_profile: %s:%d: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			abort();					\
		}							\
	} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A C identifier, UTF-8 ones included (names.h). */
static bool ident(const char *s, size_t n)
{
	for (size_t i = 0, len; i < n; i += len)
		if (!(len = cl_ident_char(s + i, n - i, i == 0)))
			return false;
	return n > 0;
}

/* "lruvec.pgdat": identifiers joined by dots. */
static bool path_ok(const char *s)
{
	for (;;) {
		const char *dot = strchr(s, '.');

		if (!ident(s, dot ? (size_t)(dot - s) : strlen(s)))
			return false;
		if (!dot)
			return true;
		s = dot + 1;
	}
}

/*
 * A struct name: a C identifier, or a C++ class as GCC prints it, which
 * starts as one, ends with '>' when it has '<', and holds as many of each.
 */
static bool record_name_ok(const char *s)
{
	size_t n = strlen(s), open = 0, close = 0, id = 0, len;

	while (id < n && (len = cl_ident_char(s + id, n - id, id == 0)))
		id += len;
	if (!id)
		return false;
	for (size_t i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return false;
		open += s[i] == '<';
		close += s[i] == '>';
	}
	return id == n || strstr(s, "::") || (open && open == close && s[n - 1] == '>');
}

static void check_loaded(const struct cl_profile *p)
{
	for (size_t i = 0; i < p->nstructs; i++) {
		const struct cl_profile_struct *s = &p->structs[i];

		CHECK(record_name_ok(s->name));
		CHECK(cl_profile_find(p, s->name) == s);
		for (size_t j = 0; j < s->nmembers; j++) {
			const struct cl_access *a = &s->members[j].access;

			CHECK(path_ok(s->members[j].path));
			CHECK(a->cls != CL_CLASS_NONE);
			CHECK(!a->group || a->cls == CL_CLASS_WRITE_HOT);
			CHECK(a->origin == CL_ORIGIN_PROFILE || a->origin == CL_ORIGIN_INFERRED);
		}
	}
	CHECK(!p->line_size || (p->line_size >= CL_LINE_SIZE_MIN &&
				p->line_size <= CL_LINE_SIZE_MAX));
}

/*
 * A record named after the first profile struct, with a member for each of
 * its first top-level names: applying the profile, analysing the record and
 * asking for the notes run the code that uses what was loaded.
 */
static void use(struct cl_profile *p)
{
	const struct cl_profile_struct *ps = p->nstructs ? &p->structs[0] : NULL;
	struct cl_findings f;
	struct cl_profile_note notes[CL_PROFILE_NOTES_MAX];
	struct cl_options opt;
	struct cl_record *rec;
	struct cl_arena a;
	size_t n;

	if (!ps)
		return;
	n = ps->nmembers < 8 ? ps->nmembers : 8;
	cl_arena_init(&a);
	cl_findings_init(&f, &a);
	rec = cl_record_new(&a, CL_STRUCT, ps->name, n);
	rec->size = 8 * n;
	rec->align = 8;
	for (size_t i = 0; i < n; i++) {
		const char *path = ps->members[i].path, *dot = strchr(path, '.');

		rec->members[i].name = dot ? cl_arena_strndup(&a, path, (size_t)(dot - path)) : path;
		rec->members[i].bit_offset = 64 * i;
		rec->members[i].bit_size = 64;
		rec->members[i].align = 8;
		rec->members[i].span.line = (unsigned)i + 1;
	}
	cl_profile_apply(p, rec, &a, &f);
	cl_options_init(&opt);
	cl_analyze(rec, &opt, &f);
	for (size_t i = 0; i < f.n; i++) {
		size_t k = cl_profile_finding_notes(p, &f, i, &a, notes);

		CHECK(k <= CL_PROFILE_NOTES_MAX);
		for (size_t j = 0; j < k; j++)
			CHECK(notes[j].text && *notes[j].text);
	}
	cl_findings_free(&f);
	cl_arena_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct cl_profile p;
	struct cl_diag err;
	size_t nstructs;

	cl_profile_init(&p);
	memset(&err, 0, sizeof(err));
	if (cl_profile_load_buffer(&p, "fuzz.yaml", text, size, &err)) {
		CHECK(err.msg[0]);
		CHECK(!strcmp(err.file, "fuzz.yaml"));
		/* libyaml counts CR, LF, CRLF, NEL, LS and PS: at most a line a byte. */
		CHECK(err.line <= size + 2);
		CHECK(p.nstructs == 0);
		cl_profile_free(&p);
		return 0;
	}
	check_loaded(&p);
	nstructs = p.nstructs;
	/* The same text again merges onto itself: every member is replaced. */
	CHECK(cl_profile_load_buffer(&p, "again.yaml", text, size, &err) == 0);
	CHECK(p.nstructs == nstructs);
	check_loaded(&p);
	for (size_t i = 0; i < p.nstructs; i++)
		for (size_t j = 0; j < p.structs[i].nmembers; j++)
			CHECK(p.structs[i].members[j].replaced_at);
	use(&p);
	cl_profile_free(&p);
	return 0;
}
