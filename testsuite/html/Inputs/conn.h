/* A large struct for the HTML report: 60 members over 23 cache lines,
 * with what a layout picture must get right -- nested and anonymous
 * records, a union, bit-fields, holes, a big array (elided rows), two
 * write groups, padding and a flexible array at the end. */
#include <stddef.h>
#include "cachelint.h"

struct conn_stats {
	unsigned long packets;
	unsigned long bytes;
	unsigned int drops;
};

struct conn_timer {
	unsigned long expires;
	void (*fn)(struct conn_timer *);
	unsigned int flags;
};

struct conn {
	/* read on every packet */
	const void *ops __read_mostly;
	unsigned int mtu __read_mostly;
	unsigned int state;
	unsigned long rx_packets __write_hot_group("rx");
	unsigned long rx_bytes __write_hot_group("rx");
	unsigned int rx_seq __write_hot_group("rx");
	unsigned char flags;
	unsigned long tx_packets __write_hot_group("tx");
	unsigned long tx_bytes __write_hot_group("tx");
	unsigned int tx_seq __write_hot_group("tx");
	unsigned int window __read_mostly;
	unsigned int nodelay:1, cork:1, ecn:2, mode:4;
	unsigned int prio:3 __read_mostly_field;
	struct conn_stats stats __write_hot;
	struct conn_timer retrans;
	struct conn_timer keepalive;
	union {
		unsigned long raw;
		struct {
			unsigned int lo;
			unsigned int hi;
		};
	} key __read_mostly;
	unsigned char backlog[1024];
	unsigned long refs __write_hot;
	unsigned long owner __read_mostly;
	char name[24];
	unsigned long r0, r1, r2, r3, r4, r5, r6, r7;
	unsigned long c0 __write_hot;
	unsigned long c1, c2, c3, c4, c5, c6, c7;
	unsigned long d0, d1, d2, d3, d4, d5, d6, d7 __read_mostly;
	unsigned short port;
	unsigned long last_rx __write_hot_group("rx");
	int extra[];
};

_Static_assert(offsetof(struct conn, rx_packets) == 16, "premise: rx in line 0 with ops");
_Static_assert(offsetof(struct conn, tx_packets) == 40, "premise: tx in line 0 with rx");
_Static_assert(offsetof(struct conn, stats) == 72, "premise: the bit-fields in bytes 64-65");
_Static_assert(offsetof(struct conn, owner) == 1184, "premise: owner in line 18 with refs");
_Static_assert(offsetof(struct conn, backlog) == 152, "premise: the array spans lines 2-18");
_Static_assert(offsetof(struct conn, d7) == 1400, "premise: d7 in line 21");
_Static_assert(sizeof(struct conn) == 1424, "premise: 23 lines, 16 bytes in the last");

/* used, so that its DWARF is there */
struct conn conn_example;
