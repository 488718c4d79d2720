/*
 * Kernel cacheline groups where --write-budget wrote no assert line
 * (budget_asserts.test): a typedef'd anonymous struct, and a union whose
 * groups sit in an anonymous struct.
 */
#include <stddef.h>
#include "../../plugin/Inputs/cacheline_groups.h"

typedef struct {
	__cacheline_group_begin(td_read_tx);
	long a;
	long b;
	__cacheline_group_end(td_read_tx);
	long c;
} td_t;
td_t td;

union u {
	struct {
		__cacheline_group_begin(u_read_rx);
		long x;
		int y;
		__cacheline_group_end(u_read_rx);
	};
	char raw[64];
} uu;
