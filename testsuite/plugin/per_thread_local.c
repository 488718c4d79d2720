// __per_thread on an automatic array: a function that hands each of the
// threads it starts one slot of a local array (main's args[i]) makes the
// slots per-thread as surely as a global's.  Checked as any array variable.
// The DWARF checker cannot see it: clang writes no btf_decl_tag for a local
// variable (dwarf_differential.py skips this file, saying so).
// dwarf-differential: skip: an automatic array's __per_thread, which clang does not write to DWARF
// RUN: %gcc-cl -c %s -o %t.o 2>&1 | %check
#include "cachelint.h"

struct arg {
	long id, done;
};

long start(void (*run)(struct arg *))
{
	struct arg args[4] __per_thread;
// CHECK: :[[#@LINE-1]]:20: warning: elements of 'args' (16 bytes each, up to 4 per 64-byte line) each belong to one thread but share cache lines [cachelint-false-sharing-objects]
// CHECK-NEXT: :[[#@LINE-2]]:20: note: align the element to the line, __attribute__((aligned(64))) on 'struct arg' (____cacheline_aligned in the kernel): 16 -> 64 bytes per element, 4 elements: 64 -> 256 bytes (+192)
	/* silent: unmarked */
	struct arg others[4];

	for (int i = 0; i < 4; i++) {
		args[i].id = i;
		run(&args[i]);
		run(&others[i]);
	}
	return args[0].done + others[0].done;
}
