// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_layout.c - the layout model: names, leaves, scopes, fingerprints and
 * the dump-layout text form; the hash tables and diagnostics it shares
 */
#include "test_helpers.h"

#include "model/diag.h"
#include "model/hash.h"

static void test_display_names(void **state)
{
	struct cl_arena a;
	struct cl_record *s, *u, *t, *anon;
	struct cl_member m = { 0 };

	(void)state;
	cl_arena_init(&a);
	s = new_record(&a, "page_counter", 8, 8, 0);
	u = cl_record_new(&a, CL_UNION, "u", 0);
	t = new_record(&a, "stats_t", 8, 8, 0);
	t->typedef_name = true;
	anon = new_record(&a, NULL, 8, 8, 0);
	assert_string_equal(cl_record_display(s, &a), "struct page_counter");
	assert_string_equal(cl_record_display(u, &a), "union u");
	assert_string_equal(cl_record_display(t, &a), "stats_t");
	assert_string_equal(cl_record_display(anon, &a), "struct <anonymous>");

	m.record = u;
	assert_string_equal(cl_member_display(&m, &a), "<anonymous union>");
	m.flags = CL_MEMBER_BASE;
	m.record = s;
	assert_string_equal(cl_member_display(&m, &a), "<base page_counter>");
	m.name = "x";
	assert_string_equal(cl_member_display(&m, &a), "x");
	cl_arena_free(&a);
}

static void test_class_names(void **state)
{
	enum cl_class cls;

	(void)state;
	assert_int_equal(cl_class_parse("read_mostly", &cls), 0);
	assert_int_equal(cls, CL_CLASS_READ_MOSTLY);
	assert_int_equal(cl_class_parse("write_hot", &cls), 0);
	assert_int_equal(cls, CL_CLASS_WRITE_HOT);
	assert_int_equal(cl_class_parse("cold", &cls), 0);
	assert_int_equal(cls, CL_CLASS_COLD);
	assert_int_equal(cl_class_parse("hot", &cls), -1);
	assert_string_equal(cl_class_name(CL_CLASS_WRITE_HOT), "write_hot");
}

/*
 * struct inner { long counter __write_hot; long limit __read_mostly; };
 * struct outer { long a; union { long x __read_mostly; long y; };
 *                struct inner in; struct inner whole __write_hot; };
 */
struct nest {
	struct cl_arena a;
	struct cl_record *inner, *anon, *outer;
};

static void build_nest(struct nest *n)
{
	struct cl_member *m;

	cl_arena_init(&n->a);
	n->inner = new_record(&n->a, "inner", 16, 8, 2);
	set_member(n->inner, 0, "counter", 0, 8, CL_CLASS_WRITE_HOT);
	set_member(n->inner, 1, "limit", 8, 8, CL_CLASS_READ_MOSTLY);

	n->anon = cl_record_new(&n->a, CL_UNION, NULL, 2);
	n->anon->size = 8;
	n->anon->align = 8;
	set_member(n->anon, 0, "x", 0, 8, CL_CLASS_READ_MOSTLY);
	set_member(n->anon, 1, "y", 0, 8, CL_CLASS_NONE);

	n->outer = new_record(&n->a, "outer", 48, 8, 4);
	set_member(n->outer, 0, "a", 0, 8, CL_CLASS_NONE);
	m = set_member(n->outer, 1, NULL, 8, 8, CL_CLASS_NONE);
	m->record = n->anon;
	m->flags |= CL_MEMBER_ANONYMOUS;
	m = set_member(n->outer, 2, "in", 16, 16, CL_CLASS_NONE);
	m->record = n->inner;
	m = set_member(n->outer, 3, "whole", 32, 16, CL_CLASS_WRITE_HOT);
	m->record = n->inner;
}

static void test_leaves_paths_and_scopes(void **state)
{
	struct nest n;
	struct cl_leaf *l;
	size_t count;

	(void)state;
	build_nest(&n);
	count = cl_record_leaves(n.outer, &n.a, &l, true);
	/* a, x, y, in.counter, in.limit, whole (classified: not descended) */
	assert_int_equal(count, 6);
	assert_string_equal(l[0].path, "a");
	assert_string_equal(l[1].path, "x");
	assert_int_equal(l[1].bit_offset, 64);
	assert_int_equal(l[1].access.cls, CL_CLASS_READ_MOSTLY);
	assert_int_equal(l[1].top, 1);
	assert_string_equal(l[2].path, "y");
	assert_string_equal(l[3].path, "in.counter");
	assert_int_equal(l[3].bit_offset, 128);
	assert_int_equal(l[3].access.cls, CL_CLASS_WRITE_HOT);
	assert_string_equal(l[4].path, "in.limit");
	assert_string_equal(l[5].path, "whole");
	assert_int_equal(l[5].bit_size, 128);
	assert_int_equal(l[5].access.cls, CL_CLASS_WRITE_HOT);

	/* Anonymous members open no scope; a named embedded record does. */
	assert_int_equal(l[1].scope->depth, 0);
	assert_ptr_equal(l[1].scope->rec, n.outer);
	assert_int_equal(l[3].scope->depth, 1);
	assert_ptr_equal(l[3].scope->rec, n.inner);
	assert_int_equal(l[3].scope->offset, 128);
	assert_ptr_equal(l[3].scope, l[4].scope);
	assert_ptr_equal(l[3].decided, l[3].scope);

	/* Without paths, they are spelled out on demand, the same. */
	count = cl_record_leaves(n.outer, &n.a, &l, false);
	assert_null(l[4].path);
	assert_string_equal(cl_leaf_path(&l[4], &n.a), "in.limit");
	assert_string_equal(cl_leaf_path(&l[1], &n.a), "x");
	assert_string_equal(cl_leaf_path(&l[5], &n.a), "whole");
	cl_arena_free(&n.a);
}

static void test_path_classes(void **state)
{
	struct nest n;
	struct cl_access rm = { .cls = CL_CLASS_READ_MOSTLY, .origin = CL_ORIGIN_PROFILE };
	struct cl_access cold = { .cls = CL_CLASS_COLD, .origin = CL_ORIGIN_PROFILE };
	struct cl_leaf *l;

	(void)state;
	build_nest(&n);
	/* The outer record reclassifies a leaf of its embedded record ... */
	cl_record_add_path(n.outer, &n.a, "in.counter", &rm, NULL);
	cl_record_leaves(n.outer, &n.a, &l, true);
	assert_int_equal(l[3].access.cls, CL_CLASS_READ_MOSTLY);
	assert_int_equal(l[3].decided->depth, 0);
	assert_int_equal(l[3].scope->depth, 1);
	/* ... which does not touch the embedded record's own model. */
	cl_record_leaves(n.inner, &n.a, &l, true);
	assert_int_equal(l[0].access.cls, CL_CLASS_WRITE_HOT);

	/*
	 * A class on an embedded record as a whole is the default of the
	 * leaves that no path refines: "in.counter" keeps its own class.
	 */
	cl_record_add_path(n.outer, &n.a, "in", &cold, NULL);
	assert_int_equal(cl_record_leaves(n.outer, &n.a, &l, true), 6);
	assert_string_equal(l[3].path, "in.counter");
	assert_int_equal(l[3].access.cls, CL_CLASS_READ_MOSTLY);
	assert_string_equal(l[4].path, "in.limit");
	assert_int_equal(l[4].access.cls, CL_CLASS_COLD);
	assert_int_equal(l[4].decided->depth, 0);
	assert_non_null(cl_record_find_path(n.outer, "in"));
	assert_null(cl_record_find_path(n.outer, "in.limit"));
	cl_arena_free(&n.a);

	/* With no path below it, a class on the whole makes it one leaf. */
	build_nest(&n);
	cl_record_add_path(n.outer, &n.a, "in", &cold, NULL);
	assert_int_equal(cl_record_leaves(n.outer, &n.a, &l, true), 5);
	assert_string_equal(l[3].path, "in");
	assert_int_equal(l[3].access.cls, CL_CLASS_COLD);
	/* Applying the same path again replaces it: a shared record is applied often. */
	cl_record_add_path(n.outer, &n.a, "in", &rm, NULL);
	assert_int_equal(n.outer->npaths, 1);
	assert_int_equal(cl_record_find_path(n.outer, "in")->access.cls, CL_CLASS_READ_MOSTLY);
	cl_arena_free(&n.a);
}

static void test_annotated(void **state)
{
	struct nest n;
	struct cl_record *plain;

	(void)state;
	build_nest(&n);
	assert_true(cl_record_is_annotated(n.outer));
	plain = new_record(&n.a, "plain", 8, 8, 1);
	set_member(plain, 0, "x", 0, 8, CL_CLASS_NONE);
	assert_false(cl_record_is_annotated(plain));
	cl_arena_free(&n.a);
}

static void test_fingerprint(void **state)
{
	struct nest n, m;
	uint64_t h;

	(void)state;
	build_nest(&n);
	build_nest(&m);
	h = cl_record_fingerprint(n.outer);
	assert_true(h == cl_record_fingerprint(m.outer));
	m.inner->members[1].access.cls = CL_CLASS_NONE;
	assert_false(h == cl_record_fingerprint(m.outer));
	m.inner->members[1].access.cls = CL_CLASS_READ_MOSTLY;
	assert_true(h == cl_record_fingerprint(m.outer));
	m.outer->members[0].bit_offset = 8;
	assert_false(h == cl_record_fingerprint(m.outer));
	cl_arena_free(&n.a);
	cl_arena_free(&m.a);
}

static void test_dump(void **state)
{
	struct nest n;
	struct cl_member *m;
	char *text;

	(void)state;
	build_nest(&n);
	text = dump_string(n.outer);
	assert_string_equal(text,
		"struct outer: size 48, align 8\n"
		"  a: offset 0, size 8, align 8, none\n"
		"  <anonymous union>: offset 8, size 8, align 8, union <anonymous>, none\n"
		"    x: offset 8, size 8, align 8, read_mostly\n"
		"    y: offset 8, size 8, align 8, none\n"
		"  in: offset 16, size 16, align 16, struct inner, none\n"
		"    in.counter: offset 16, size 8, align 8, write_hot\n"
		"    in.limit: offset 24, size 8, align 8, read_mostly\n"
		"  whole: offset 32, size 16, align 16, struct inner, write_hot\n"
		"    whole.counter: offset 32, size 8, align 8, write_hot\n"
		"    whole.limit: offset 40, size 8, align 8, read_mostly\n");
	free(text);

	/* Bit-fields, flexible arrays, groups and packed records. */
	n.outer = new_record(&n.a, "bits", 16, 1, 3);
	n.outer->packed = true;
	set_bitfield(n.outer, 0, "f", 11, 3, CL_CLASS_NONE);
	set_group(set_member(n.outer, 1, "g", 2, 8, CL_CLASS_WRITE_HOT), "rx");
	m = set_member(n.outer, 2, "tail", 16, 0, CL_CLASS_NONE);
	m->flags |= CL_MEMBER_FLEXIBLE;
	m->align = 4;
	text = dump_string(n.outer);
	assert_string_equal(text,
		"struct bits: size 16, align 1, packed\n"
		"  f: offset 1:3, bits 3, bitfield, none\n"
		"  g: offset 2, size 8, align 8, write_hot(rx)\n"
		"  tail: offset 16, size 0, align 4, flexible, none\n");
	free(text);
	cl_arena_free(&n.a);
}

static void test_arena(void **state)
{
	struct cl_arena a;
	char *big, *s;

	(void)state;
	cl_arena_init(&a);
	big = cl_arena_alloc(&a, 1 << 20);	/* larger than a chunk */
	for (size_t i = 0; i < (1u << 20); i++)
		assert_int_equal(big[i], 0);
	s = cl_arena_printf(&a, "%s-%d", "line", 64);
	assert_string_equal(s, "line-64");
	assert_string_equal(cl_arena_strndup(&a, "abcdef", 3), "abc");
	assert_null(cl_arena_strdup(&a, NULL));
	assert_int_equal((uintptr_t)cl_arena_alloc(&a, 3) % _Alignof(max_align_t), 0);
	cl_arena_free(&a);
}

/*
 * FNV-1a's published test vectors, both widths: the 32-bit one is the
 * plugin's struct fingerprint, which profiles carry ("s:SIZE:FINGERPRINT"),
 * so it must never change.
 */
static void test_fnv1a(void **state)
{
	(void)state;
	assert_true(cl_fnv1a(CL_FNV_OFFSET, "", 0) == 0xcbf29ce484222325ULL);
	assert_true(cl_fnv1a(CL_FNV_OFFSET, "a", 1) == 0xaf63dc4c8601ec8cULL);
	assert_true(cl_fnv1a(CL_FNV_OFFSET, "foobar", 6) == 0x85944171f73967e8ULL);
	assert_true(cl_fnv1a32(CL_FNV32_OFFSET, "", 0) == 0x811c9dc5u);
	assert_true(cl_fnv1a32(CL_FNV32_OFFSET, "a", 1) == 0xe40c292cu);
	assert_true(cl_fnv1a32(CL_FNV32_OFFSET, "foobar", 6) == 0xbf9cf968u);
	/* folding in pieces is folding the whole */
	assert_true(cl_fnv1a32(cl_fnv1a32(CL_FNV32_OFFSET, "foo", 3), "bar", 3) == 0xbf9cf968u);
}

/* FNV-1a as its authors write it, one loop per width. */
static uint64_t textbook64(uint64_t h, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

static uint32_t textbook32(uint32_t h, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 16777619u;
	return h;
}

/* A fixed xorshift sequence: every byte value, the same run every time. */
static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/*
 * Both widths share one loop (the 32-bit hash is its low half with the
 * 32-bit prime): over every length from 0 to 300, each from a random
 * start (callers fold one piece after another, so the start is any
 * earlier hash), each gives what the textbook loop of its width gives.
 */
static void test_fnv1a_as_textbook(void **state)
{
	unsigned char buf[300];
	uint64_t x = 0x9e3779b97f4a7c15ULL;

	(void)state;
	for (size_t n = 0; n <= sizeof(buf); n++) {
		uint64_t start = xorshift(&x);

		for (size_t i = 0; i < n; i++)
			buf[i] = (unsigned char)xorshift(&x);
		assert_true(cl_fnv1a(start, buf, n) == textbook64(start, buf, n));
		assert_true(cl_fnv1a32((uint32_t)start, buf, n) ==
			    textbook32((uint32_t)start, buf, n));
		assert_true(cl_fnv1a32(CL_FNV32_OFFSET, buf, n) ==
			    textbook32(CL_FNV32_OFFSET, buf, n));
	}
}

/* An array of words the test owns, found through a struct cl_index. */
struct words {
	const char **v;
	size_t n, cap;
	struct cl_index index;
};

static bool word_eq(const void *ctx, size_t i, const void *key)
{
	return !strcmp(((const struct words *)ctx)->v[i], key);
}

static uint64_t word_hash(const void *ctx, size_t i)
{
	/* a poor hash, so that probing and growth are exercised */
	return ((const struct words *)ctx)->v[i][0];
}

/* Add @w unless it is there; its index either way. */
static size_t word_add(struct words *ws, const char *w)
{
	size_t *slot = cl_index_add(&ws->index, ws->n, (unsigned char)w[0], word_eq, word_hash,
				    ws, w);

	if (*slot)
		return *slot - 1;
	*cl_vec_push(&ws->v, &ws->n, &ws->cap) = w;
	*slot = ws->n;
	return ws->n - 1;
}

static void test_index_add(void **state)
{
	static char text[1000][8];
	struct words ws = { 0 };
	struct cl_strset set;

	(void)state;
	cl_index_init(&ws.index);
	for (size_t i = 0; i < 1000; i++) {
		snprintf(text[i], sizeof(text[i]), "%c%zu", 'a' + (int)(i % 3), i);
		assert_int_equal(word_add(&ws, text[i]), i);
	}
	for (size_t i = 0; i < 1000; i++)
		assert_int_equal(word_add(&ws, text[i]), i);	/* found, not added again */
	assert_int_equal(ws.n, 1000);
	assert_true(ws.index.size >= 2000);
	free(ws.v);
	cl_index_free(&ws.index);

	cl_strset_init(&set);
	assert_false(cl_strset_add(&set, "x"));
	assert_true(cl_strset_add(&set, "x"));
	assert_ptr_equal(cl_strset_intern(&set, "x"), set.v[0]);
	assert_int_equal(set.n, 1);
	cl_strset_free(&set);
}

/* What cl_diag_print() prints, by what is known and by severity. */
static void test_diag_line(void **state)
{
	struct cl_diag d;
	char buf[2048];

	(void)state;
	cl_diag_set(&d, "f.c", 3, 7, "bad %s", "thing");
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "f.c:3:7: error: bad thing");
	d.severity = CL_SEV_NOTE;
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "f.c:3:7: note: bad thing");
	d.col = 0;
	d.severity = CL_SEV_WARNING;
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "f.c:3: warning: bad thing");
	cl_diag_set(&d, "f.c", 0, 0, "bad");
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "cachelint: f.c: bad");
	d.severity = CL_SEV_NOTE;
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "cachelint: note: f.c: bad");
	cl_diag_set(&d, NULL, 0, 0, "bad");
	d.severity = CL_SEV_NOTE;
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "cachelint: note: bad");
	/* a subcommand's note: its name before the severity */
	d.command = "bench";
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "cachelint: bench: note: bad");
	cl_diag_set(&d, NULL, 0, 0, "bad");
	assert_null(d.command);
}

/*
 * The lint's errors in a source: the place as libclang gives it, column 0
 * included, "error: msg" in no file; a message of 1023 characters at a
 * path of 4095 is printed whole, into CL_DIAG_LINE_MAX.
 */
static void test_diag_compiler(void **state)
{
	static char buf[CL_DIAG_LINE_MAX], path[4096], msg[1024], want[sizeof(buf)];
	struct cl_diag d;

	(void)state;
	cl_diag_set(&d, "f.c", 3, 0, "bad");
	d.compiler = true;
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "f.c:3:0: error: bad");
	cl_diag_set(&d, NULL, 0, 0, "cachelint: bad");
	d.compiler = true;
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "error: cachelint: bad");
	d.compiler = false;
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), "cachelint: cachelint: bad");

	memset(path, 'p', sizeof(path) - 1);
	memset(msg, 'm', sizeof(msg) - 1);
	cl_diag_set(&d, path, 4294967295u, 4294967295u, "%s", msg);
	d.compiler = true;
	d.severity = CL_SEV_WARNING;
	snprintf(want, sizeof(want), "%s:4294967295:4294967295: warning: %s", path, msg);
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), want);
	cl_diag_set(&d, path, 0, 0, "%s", msg);
	d.command = "bench";
	d.severity = CL_SEV_WARNING;
	snprintf(want, sizeof(want), "cachelint: bench: warning: %s: %s", path, msg);
	assert_string_equal(cl_diag_line(&d, buf, sizeof(buf)), want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_display_names),
		cmocka_unit_test(test_class_names),
		cmocka_unit_test(test_leaves_paths_and_scopes),
		cmocka_unit_test(test_path_classes),
		cmocka_unit_test(test_annotated),
		cmocka_unit_test(test_fingerprint),
		cmocka_unit_test(test_dump),
		cmocka_unit_test(test_arena),
		cmocka_unit_test(test_fnv1a),
		cmocka_unit_test(test_fnv1a_as_textbook),
		cmocka_unit_test(test_index_add),
		cmocka_unit_test(test_diag_line),
		cmocka_unit_test(test_diag_compiler),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
