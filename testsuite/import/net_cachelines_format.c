// `cachelint import net-cachelines` end to end on a table in the format of
// the kernel's Documentation/networking/net_cachelines/*.rst (written for
// this test, Inputs/rxq_stats.rst; net_cachelines.c runs the kernel's own
// tables where ../shared/data has them).  Each access column is a path:
// read_mostly on tx is "read on tx", read_write "read and written",
// write_mostly "written", '-' not accessed, '-' on both paths cold; a
// struct_<anon>_<type> row is a member of the anonymous struct <anon>.
// Each entry says which table line it came from.  The plugin then reports
// the members that a write on another path costs a miss: 'rx_len', read on
// rx only, shares the line with the rx counters and is no finding (one
// socket's rx runs on one CPU at a time), where folding the columns to
// read_mostly/write_hot made it one.
// RUN: %cachelint import net-cachelines %inputs/rxq_stats.rst -o %t.yaml 2>&1 | FileCheck %s --allow-empty --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=PROFILE --input-file %t.yaml --match-full-lines
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%t.yaml -c %s -o %t.o 2>&1 | %check

// NOTES-NOT: {{.}}

// PROFILE: #   {{.*}}rxq_stats.rst: struct rxq_stats: 4 only read, 3 written on tx or rx, 1 on neither
// PROFILE: cachelint-profile: 1
// PROFILE-NEXT: structs:
// PROFILE-NEXT:   rxq_stats:
// PROFILE-NEXT:     packets: {read: [rx], write: [rx], from: "rxq_stats.rst:11"}  # tx -, rx read_write
// PROFILE-NEXT:     dev: {read: [tx, rx], from: "rxq_stats.rst:12"}  # tx read_mostly, rx read_mostly
// PROFILE-NEXT:     mtu: {read: [tx, rx], from: "rxq_stats.rst:13"}  # tx read_mostly, rx read_mostly
// PROFILE-NEXT:     bytes: {read: [rx], write: [rx], from: "rxq_stats.rst:14"}  # tx -, rx read_write
// PROFILE-NEXT:     drops: {write: [rx], from: "rxq_stats.rst:15"}  # tx -, rx write_mostly
// PROFILE-NEXT:     cfg.flags: {read: [tx], from: "rxq_stats.rst:16"}  # tx read_mostly, rx -
// PROFILE-NEXT:     priv: {class: cold, from: "rxq_stats.rst:17"}  # tx -, rx -
// PROFILE-NEXT:     rx_len: {read: [rx], from: "rxq_stats.rst:18"}  # tx -, rx read_mostly
// PROFILE-NOT: {{.}}

#include <stddef.h>

struct net_device;

struct rxq_stats {
	unsigned long long packets;
	struct net_device *dev;
	unsigned int mtu;
	unsigned long long bytes;
	unsigned long long drops;
	struct {
		unsigned char flags;
	} cfg;
	void *priv;
	unsigned int rx_len;
};

// One line holds them all.
_Static_assert(offsetof(struct rxq_stats, rx_len) == 56 && sizeof(struct rxq_stats) == 64,
	       "premise: one cache line");

// Each member read on tx with each of the three written on rx:
// CHECK: :[[#@LINE-16]]:28: warning: field 'dev' (read on tx, rx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'packets' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-18]]:28: note: 'packets' is written on rx
// CHECK-NEXT: :[[#@LINE-18]]:28: warning: field 'dev' (read on tx, rx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'bytes' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-17]]:28: note: 'bytes' is written on rx
// CHECK-NEXT: :[[#@LINE-20]]:28: warning: field 'dev' (read on tx, rx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'drops' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-18]]:28: note: 'drops' is written on rx
// CHECK-NEXT: :[[#@LINE-21]]:22: warning: field 'mtu' (read on tx, rx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'packets' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-24]]:28: note: 'packets' is written on rx
// CHECK-NEXT: :[[#@LINE-23]]:22: warning: field 'mtu' (read on tx, rx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'bytes' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-23]]:28: note: 'bytes' is written on rx
// CHECK-NEXT: :[[#@LINE-25]]:22: warning: field 'mtu' (read on tx, rx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'drops' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-24]]:28: note: 'drops' is written on rx
// CHECK-NEXT: :[[#@LINE-23]]:31: warning: field 'cfg.flags' (read on tx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'packets' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-30]]:28: note: 'packets' is written on rx
// CHECK-NEXT: :[[#@LINE-25]]:31: warning: field 'cfg.flags' (read on tx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'bytes' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-29]]:28: note: 'bytes' is written on rx
// CHECK-NEXT: :[[#@LINE-27]]:31: warning: field 'cfg.flags' (read on tx) shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with field 'drops' (written on rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-30]]:28: note: 'drops' is written on rx

unsigned long long rx(struct rxq_stats *q)
{
	return q->packets + q->mtu + q->rx_len;
}
