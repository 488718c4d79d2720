/*
 * The structs of bench/false_sharing, annotated, in their original layouts.
 * run.sh builds the benchmark three times from this file: as it is, after
 * applying the patch that the cachelint plugin proposes for it, and with
 * every write-hot field padded onto a line of its own (pad.py).
 */
#ifndef BENCH_STRUCTS_H
#define BENCH_STRUCTS_H

#include "cachelint.h"

typedef struct {
	long counter;
} atomic_long_t;

/* struct page_counter as in Linux v5.10 */
struct page_counter {
	atomic_long_t usage __write_hot;
	unsigned long min __read_mostly;
	unsigned long low __read_mostly;
	unsigned long high __read_mostly;
	unsigned long max __read_mostly;
	struct page_counter *parent __read_mostly;

	/* effective memory.min and memory.min usage tracking */
	unsigned long emin;
	atomic_long_t min_usage;
	atomic_long_t children_min_usage;

	/* effective memory.low and memory.low usage tracking */
	unsigned long elow;
	atomic_long_t low_usage;
	atomic_long_t children_low_usage;

	/* legacy */
	unsigned long watermark;
	unsigned long failcnt;
};

/*
 * A queue pair's statistics and configuration, as network drivers keep
 * them: the receive path (one CPU) and the transmit path (another CPU)
 * each update their own counters, and both read the configuration.
 */
struct queue_pair {
	unsigned long rx_packets __write_hot_group("rx");
	unsigned long tx_packets __write_hot_group("tx");
	unsigned int mtu __read_mostly;
	unsigned int flags __read_mostly;
	unsigned long rx_bytes __write_hot_group("rx");
	unsigned long tx_bytes __write_hot_group("tx");
	void *ring __read_mostly;
	unsigned long rx_drops __write_hot_group("rx");
	unsigned long tx_drops __write_hot_group("tx");
	const char *name;
};

#endif /* BENCH_STRUCTS_H */
