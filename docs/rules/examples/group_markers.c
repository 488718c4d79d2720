/* cachelint-group-markers: a group that is never closed */
#define __cacheline_group_begin(G) unsigned char __cacheline_group_begin__##G[0]
#define __cacheline_group_end(G) unsigned char __cacheline_group_end__##G[0]

struct sk {
	__cacheline_group_begin(sk_read_rx);
	int rcvbuf;
	void *filter;
	__cacheline_group_begin(sk_write_tx);
	long wmem;
	__cacheline_group_end(sk_write_tx);
	long stamp;
};
