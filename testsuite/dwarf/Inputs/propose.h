/*
 * Structs for propose.test (compiled with -fno-eliminate-unused-debug-types):
 * write groups, an embedded struct, and a conflict that has no proposal.
 */
#include "cachelint.h"

struct queues {
	long rx_head __write_hot_group("rx");
	long tx_head __write_hot_group("tx");
	const void *ops __read_mostly;
	long rx_tail __write_hot_group("rx");
	long tx_tail __write_hot_group("tx");
	int flags;
};

struct stats {
	long packets __write_hot;
	long bytes __write_hot;
};

struct port {
	struct stats stats;
	const char *name __read_mostly;
	int mtu __read_mostly;
};

/* classes already a line apart: nothing to propose */
struct calm {
	long hot __write_hot;
	char pad[56];
	long cold __read_mostly;
};

/* packed: a wire format, whose order is not cachelint's to change */
struct wire {
	char tag;
	long hot __write_hot;
	long cold __read_mostly;
} __attribute__((packed));
