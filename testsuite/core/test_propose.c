// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * test_propose.c - the proposal engine: separation verified by analysis,
 * every member kept, declaration order within a class, least growth,
 * alignment only at class boundaries, flexible arrays last, and the cases
 * with no safe proposal
 */
#include "test_helpers.h"

#include "propose/propose.h"
#include "emit/view.h"
#include "model/rules.h"

struct fixture {
	struct cl_arena a;
	struct cl_options opt;
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	cl_arena_init(&fx->a);
	cl_options_init(&fx->opt);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	cl_arena_free(&fx->a);
	free(fx);
	return 0;
}

static size_t conflicts(const struct cl_record *rec, const struct cl_options *opt,
			struct cl_arena *a)
{
	struct cl_findings f;
	size_t n = 0;

	cl_findings_init(&f, a);
	cl_analyze(rec, opt, &f);
	for (size_t i = 0; i < f.n; i++)
		n += f.v[i].rule != CL_RULE_ADJACENT_LINE;
	cl_findings_free(&f);
	return n;
}

/* Every member exactly once, and the order a permutation. */
static void assert_permutation(const struct cl_proposal *p)
{
	bool *seen = calloc(p->n + 1, sizeof(*seen));

	for (size_t i = 0; i < p->n; i++) {
		assert_true(p->order[i] < p->n);
		assert_false(seen[p->order[i]]);
		seen[p->order[i]] = true;
		assert_string_equal(p->model->members[i].name, p->rec->members[p->order[i]].name);
		assert_int_equal(p->model->members[i].access.cls,
				 p->rec->members[p->order[i]].access.cls);
	}
	free(seen);
}

/* Positions of members of class @cls keep their declaration order. */
static void assert_class_order(const struct cl_proposal *p, enum cl_class cls)
{
	size_t last = 0;
	bool any = false;

	for (size_t i = 0; i < p->n; i++) {
		if (p->rec->members[p->order[i]].access.cls != cls)
			continue;
		if (any)
			assert_true(p->order[i] > last);
		last = p->order[i];
		any = true;
	}
}

static struct cl_record *page_counter(struct cl_arena *a)
{
	static const char *const names[] = {
		"usage", "min", "low", "high", "max", "parent", "emin", "min_usage",
		"children_min_usage", "elow", "low_usage", "children_low_usage",
		"watermark", "failcnt",
	};
	struct cl_record *rec = new_record(a, "page_counter", 112, 8, 14);

	for (size_t i = 0; i < 14; i++)
		set_member(rec, i, names[i], i * 8, 8,
			   i == 0 ? CL_CLASS_WRITE_HOT : i <= 5 ? CL_CLASS_READ_MOSTLY : CL_CLASS_NONE);
	return rec;
}

static void test_page_counter(void **state)
{
	struct fixture *fx = *state;
	struct cl_record *rec = page_counter(&fx->a);
	struct cl_proposal p;
	static const char *const expect[] = {
		"min", "low", "high", "max", "parent", "emin", "min_usage", "children_min_usage",
		"usage", "elow", "low_usage", "children_low_usage", "watermark", "failcnt",
	};

	assert_int_equal(conflicts(rec, &fx->opt, &fx->a), 5);
	assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), 0);
	assert_null(p.reason);
	assert_permutation(&p);
	for (size_t i = 0; i < 14; i++)
		assert_string_equal(p.model->members[i].name, expect[i]);
	/* The read-mostly limits fill line 0 with neutrals; usage opens line 1. */
	assert_int_equal(p.offset[8], 64 * 8);
	assert_int_equal(p.align[8], 64);
	for (size_t i = 0; i < 14; i++)
		if (i != 8)
			assert_int_equal(p.align[i], 0);
	/* 112 -> 128 bytes: what the reviewers accepted for padding, two lines. */
	assert_int_equal(p.size, 128);
	assert_int_equal(p.align_rec, 64);
	assert_int_equal(p.old_lines, 2);
	assert_int_equal(p.new_lines, 2);
	assert_int_equal(conflicts(p.model, &fx->opt, &fx->a), 0);
	assert_class_order(&p, CL_CLASS_READ_MOSTLY);
	assert_class_order(&p, CL_CLASS_NONE);

	/* alignment=any: the line alignment makes every placement the same. */
	fx->opt.alignment = CL_ALIGN_ANY;
	assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), 0);
	assert_int_equal(conflicts(p.model, &fx->opt, &fx->a), 0);
}

/* Never larger than padding every class onto lines of its own. */
static void test_no_worse_than_padding(void **state)
{
	struct fixture *fx = *state;
	unsigned seed = 7;

	for (int round = 0; round < 200; round++) {
		size_t n = 3 + (size_t)rand_r(&seed) % 30, r = 0, w = 0, z = 0;
		struct cl_record *rec = new_record(&fx->a, "s", 0, 8, n);
		uint64_t off = 0;
		struct cl_proposal p;

		for (size_t i = 0; i < n; i++) {
			static const uint64_t sizes[] = { 1, 2, 4, 8, 8, 16, 24, 40 };
			uint64_t size = sizes[rand_r(&seed) % 8];
			enum cl_class cls = (enum cl_class)(rand_r(&seed) % 4);
			struct cl_member *m;

			if (cls == CL_CLASS_COLD)
				cls = CL_CLASS_NONE;
			m = set_member(rec, i, cl_arena_printf(&fx->a, "m%zu", i), 0, size, cls);
			m->align = size >= 8 ? 8 : (uint32_t)size;
			off = (off + m->align - 1) / m->align * m->align;
			m->bit_offset = off * 8;
			off += size;
			r += cls == CL_CLASS_READ_MOSTLY ? size : 0;
			w += cls == CL_CLASS_WRITE_HOT ? size : 0;
			z += cls == CL_CLASS_NONE ? size : 0;
		}
		rec->size = (off + 7) / 8 * 8;
		assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), 0);
		assert_permutation(&p);
		assert_int_equal(conflicts(p.model, &fx->opt, &fx->a), 0);
		assert_class_order(&p, CL_CLASS_READ_MOSTLY);
		assert_class_order(&p, CL_CLASS_WRITE_HOT);
		/* padded: each class (and the neutrals) on lines of its own */
		{
			uint64_t padded = 0;

			padded += (r + 63) / 64 * 64 + (w + 63) / 64 * 64 + (z + 63) / 64 * 64;
			/* alignment holes inside a class cost at most 7 bytes a member */
			assert_true(p.size <= padded + 8 * n);
		}
	}
}

static void test_write_groups(void **state)
{
	struct fixture *fx = *state;
	struct cl_record *rec = new_record(&fx->a, "ring", 48, 8, 6);
	struct cl_proposal p;

	set_group(set_member(rec, 0, "head", 0, 8, CL_CLASS_WRITE_HOT), "producer");
	set_group(set_member(rec, 1, "tail", 8, 8, CL_CLASS_WRITE_HOT), "consumer");
	set_member(rec, 2, "mask", 16, 8, CL_CLASS_READ_MOSTLY);
	set_group(set_member(rec, 3, "count", 24, 8, CL_CLASS_WRITE_HOT), "producer");
	set_member(rec, 4, "stats", 32, 8, CL_CLASS_WRITE_HOT);
	set_member(rec, 5, "name", 40, 8, CL_CLASS_NONE);
	assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), 0);
	assert_permutation(&p);
	assert_int_equal(conflicts(p.model, &fx->opt, &fx->a), 0);
	/* mask | head count stats (producer + ungrouped) | tail */
	assert_string_equal(p.model->members[0].name, "mask");
	assert_string_equal(p.model->members[1].name, "name");
	assert_string_equal(p.model->members[2].name, "head");
	assert_string_equal(p.model->members[3].name, "count");
	assert_string_equal(p.model->members[4].name, "stats");
	assert_string_equal(p.model->members[5].name, "tail");
	assert_int_equal(p.size, 192);
	assert_int_equal(p.new_lines, 3);
}

static void test_constraints(void **state)
{
	struct fixture *fx = *state;
	struct cl_record *rec = new_record(&fx->a, "c", 200, 64, 6);
	struct cl_proposal p;
	struct cl_member *m;

	set_member(rec, 0, "hot", 0, 8, CL_CLASS_WRITE_HOT);
	set_member(rec, 1, "rm", 8, 8, CL_CLASS_READ_MOSTLY);
	m = set_member(rec, 2, "aligned", 64, 8, CL_CLASS_NONE);
	m->align = 64;
	m->flags |= CL_MEMBER_USER_ALIGN;
	set_bitfield(rec, 3, "b1", 72 * 8, 3, CL_CLASS_READ_MOSTLY);
	set_bitfield(rec, 4, "b2", 72 * 8 + 3, 5, CL_CLASS_NONE);
	m = set_member(rec, 5, "data", 80, 0, CL_CLASS_WRITE_HOT);
	m->flags |= CL_MEMBER_FLEXIBLE;
	rec->size = 128;
	assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), 0);
	assert_permutation(&p);
	assert_int_equal(conflicts(p.model, &fx->opt, &fx->a), 0);
	/* The flexible array stays last; the explicit alignment stays. */
	assert_string_equal(p.model->members[5].name, "data");
	for (size_t i = 0; i < 6; i++) {
		if (!strcmp(p.model->members[i].name, "aligned"))
			assert_int_equal(p.offset[i] % (64 * 8), 0);
	}
	/* The bit-field run moved as one, in order. */
	for (size_t i = 0; i + 1 < 6; i++)
		if (!strcmp(p.model->members[i].name, "b1"))
			assert_string_equal(p.model->members[i + 1].name, "b2");
}

static void test_no_safe_proposal(void **state)
{
	struct fixture *fx = *state;
	struct cl_record *bits = new_record(&fx->a, "bits", 4, 4, 2);
	struct cl_record *packed = page_counter(&fx->a);
	struct cl_record *u = cl_record_new(&fx->a, CL_UNION, "u", 2);
	struct cl_proposal p;

	set_bitfield(bits, 0, "w", 0, 3, CL_CLASS_WRITE_HOT);
	set_bitfield(bits, 1, "r", 3, 5, CL_CLASS_READ_MOSTLY);
	assert_int_equal(cl_propose(bits, &fx->opt, &fx->a, &p), -1);
	assert_non_null(strstr(p.reason, "bit-fields"));

	packed->packed = true;
	assert_int_equal(cl_propose(packed, &fx->opt, &fx->a, &p), -1);
	assert_non_null(strstr(p.reason, "packed"));

	u->size = 8;
	u->align = 8;
	set_member(u, 0, "w", 0, 8, CL_CLASS_WRITE_HOT);
	set_member(u, 1, "r", 0, 8, CL_CLASS_READ_MOSTLY);
	assert_int_equal(cl_propose(u, &fx->opt, &fx->a, &p), -1);
	assert_non_null(strstr(p.reason, "union"));
}

/* An embedded record with both classes moves whole, on lines of its own. */
static void test_mixed_embedded(void **state)
{
	struct fixture *fx = *state;
	struct cl_record *pc = page_counter(&fx->a);
	struct cl_record *memcg = new_record(&fx->a, "mem_cgroup", 136, 8, 3);
	struct cl_proposal p;

	set_member(memcg, 0, "id", 0, 8, CL_CLASS_READ_MOSTLY);
	set_member(memcg, 1, "memory", 8, 112, CL_CLASS_NONE)->record = pc;
	set_member(memcg, 2, "events", 120, 8, CL_CLASS_WRITE_HOT);
	memcg->size = 128;
	assert_true(conflicts(memcg, &fx->opt, &fx->a) > 0);
	assert_int_equal(cl_propose(memcg, &fx->opt, &fx->a, &p), 0);
	assert_permutation(&p);
	for (size_t i = 0; i < 3; i++)
		if (!strcmp(p.model->members[i].name, "memory"))
			assert_int_equal(p.offset[i] % (64 * 8), 0);
	/* Only the embedded record's own pairs remain: reported as its own. */
	assert_int_equal(conflicts(p.model, &fx->opt, &fx->a), 0);
}

/* Pinned members and those before them do not move. */
static void test_pinned(void **state)
{
	struct fixture *fx = *state;
	struct cl_record *rec = new_record(&fx->a, "obj", 48, 8, 6);
	struct cl_proposal p;

	set_member(rec, 0, "node", 0, 16, CL_CLASS_NONE);
	rec->members[0].align = 8;
	set_member(rec, 1, "kind", 16, 8, CL_CLASS_NONE)->flags |= CL_MEMBER_PINNED;
	set_member(rec, 5, "tail", 48, 0, CL_CLASS_NONE);
	set_member(rec, 2, "hits", 24, 8, CL_CLASS_WRITE_HOT);
	set_member(rec, 3, "limit", 32, 8, CL_CLASS_READ_MOSTLY);
	set_member(rec, 4, "owner", 40, 8, CL_CLASS_READ_MOSTLY);
	assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), 0);
	assert_permutation(&p);
	assert_int_equal(conflicts(p.model, &fx->opt, &fx->a), 0);
	assert_int_equal(p.order[0], 0);
	assert_int_equal(p.offset[0], 0);
	assert_int_equal(p.order[1], 1);
	assert_int_equal(p.offset[1], 16 * 8);

	/* A pin after a conflict freezes the conflict: no safe proposal. */
	rec->members[4].flags |= CL_MEMBER_PINNED;
	assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), -1);
	assert_non_null(strstr(p.reason, "pinned"));
}

static void test_view(void **state)
{
	struct fixture *fx = *state;
	struct cl_record *rec = page_counter(&fx->a);
	struct cl_proposal p;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	struct cl_view_options vo = { .opt = &fx->opt };

	rec->members[0].type = "atomic_long_t";
	cl_view(f, rec, &vo);
	assert_int_equal(cl_propose(rec, &fx->opt, &fx->a, &p), 0);
	vo.proposal = &p;
	cl_view(f, rec, &vo);
	fclose(f);
	assert_non_null(strstr(buf, "struct page_counter {\n\tatomic_long_t              usage;"));
	assert_non_null(strstr(buf, "usage;                /*     0     8 */ /* write_hot */ /* !! false sharing with min, low, high, max, parent */\n"));
	assert_non_null(strstr(buf, "\t/* --- cacheline 1 boundary (64 bytes) --- */\n"));
	assert_non_null(strstr(buf, "/* size: 112, cachelines: 2, members: 14 */"));
	assert_non_null(strstr(buf, "/* last cacheline: 48 bytes */"));
	assert_non_null(strstr(buf, "atomic_long_t              usage __attribute__((__aligned__(64))); /*    64     8 */ /* write_hot */\n"));
	assert_non_null(strstr(buf, "/* size: 128, cachelines: 2, members: 14 */"));
	/* The proposed view has no conflict marks. */
	assert_null(strstr(strstr(buf, "__aligned__(64)"), "!!"));
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_page_counter, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_worse_than_padding, setup, teardown),
		cmocka_unit_test_setup_teardown(test_write_groups, setup, teardown),
		cmocka_unit_test_setup_teardown(test_constraints, setup, teardown),
		cmocka_unit_test_setup_teardown(test_no_safe_proposal, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mixed_embedded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pinned, setup, teardown),
		cmocka_unit_test_setup_teardown(test_view, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
