/*
 * bench.test's struct: the first line of Linux v5.10's page_counter (the
 * write-hot usage beside the limits and the parent every charge reads),
 * then a bit-field pair sharing a byte and an array longer than a line.
 */
struct counter {
	long value;
};

struct bench_pc {
	struct counter usage;
	unsigned long min, low, high, max;
	struct bench_pc *parent;
	unsigned long emin;
	unsigned flags:3, mode:5;
	char name[100];
};

_Static_assert(__builtin_offsetof(struct bench_pc, parent) == 40, "parent shares line 0 with usage");
_Static_assert(sizeof(struct bench_pc) == 160, "name ends at 160");

/* v5.11: 'parent' moved away from 'usage' (commit 8d2d8b8d) */
struct bench_pc_v511 {
	struct counter usage;
	unsigned long min, low, high, max;
	unsigned long emin;
	unsigned flags:3, mode:5;
	char name[100];
	struct bench_pc *parent;
};

struct plain {
	int a;
};

struct bench_pc pc;
struct bench_pc_v511 pc_v511;
struct plain plain;
