/* Kernel cacheline groups for layout --write-budget (write_budget.test):
 * two read groups, which share a line without a finding. */
#include <stddef.h>
#include "../../plugin/Inputs/cacheline_groups.h"

struct sk {
	__cacheline_group_begin(sk_read_tx);
	long sndbuf;
	short mss;
	unsigned char nodelay:1, cork:1;	/* bit-fields: offsetof() takes none */
	__cacheline_group_end(sk_read_tx);
	__cacheline_group_begin(sk_read_rx);
	long rx_head;
	unsigned char flag;
	__cacheline_group_end(sk_read_rx);
	long cold;
} sk;

/* the kernel's CACHELINE_ASSERT_GROUP_SIZE: offsetof(end) - offsetofend(begin) */
_Static_assert(offsetof(struct sk, __cacheline_group_end__sk_read_tx) -
	       offsetof(struct sk, __cacheline_group_begin__sk_read_tx) == 11, "premise: 11");
_Static_assert(offsetof(struct sk, __cacheline_group_end__sk_read_rx) -
	       offsetof(struct sk, __cacheline_group_begin__sk_read_rx) == 14,
	       "premise: 14, the padding before rx_head included");
