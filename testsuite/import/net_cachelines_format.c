// `cachelint import net-cachelines` end to end on a table in the format of
// the kernel's Documentation/networking/net_cachelines/*.rst (written for
// this test, Inputs/rxq_stats.rst; net_cachelines.c runs the kernel's own
// tables where ../shared/data has them): read_write or write_mostly on a
// fast path is write_hot, read_mostly alone read_mostly, '-' on both cold,
// a struct_<anon>_<type> row a member of the anonymous struct <anon>.  The
// plugin then reports the read-mostly members in a line with written ones.
// RUN: %cachelint import net-cachelines %inputs/rxq_stats.rst -o %t.yaml 2>&1 | FileCheck %s --allow-empty --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=PROFILE --input-file %t.yaml --match-full-lines
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%t.yaml -c %s -o %t.o 2>&1 | %check

// NOTES-NOT: {{.}}

// PROFILE: #   {{.*}}rxq_stats.rst: struct rxq_stats: 3 read_mostly, 3 write_hot, 1 cold
// PROFILE: cachelint-profile: 1
// PROFILE-NEXT: structs:
// PROFILE-NEXT:   rxq_stats:
// PROFILE-NEXT:     packets: write_hot  # tx -, rx read_write
// PROFILE-NEXT:     dev: read_mostly  # tx read_mostly, rx read_mostly
// PROFILE-NEXT:     mtu: read_mostly  # tx read_mostly, rx read_mostly
// PROFILE-NEXT:     bytes: write_hot  # tx -, rx read_write
// PROFILE-NEXT:     drops: write_hot  # tx -, rx write_mostly
// PROFILE-NEXT:     cfg.flags: read_mostly  # tx read_mostly, rx -
// PROFILE-NEXT:     priv: cold  # tx -, rx -
// PROFILE-NOT: {{.}}

// Every read-mostly member with each of the three written ones, all in line 0:
// CHECK: :[[#@LINE+23]]:28: warning: read-mostly field 'dev' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'packets' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+21]]:28: note: 'packets' is written on hot paths
// CHECK: :[[#@LINE+21]]:28: warning: read-mostly field 'dev' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'bytes' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+22]]:28: note: 'bytes' is written on hot paths
// CHECK: :[[#@LINE+19]]:28: warning: read-mostly field 'dev' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'drops' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+21]]:28: note: 'drops' is written on hot paths
// CHECK: :[[#@LINE+18]]:22: warning: read-mostly field 'mtu' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'packets' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+15]]:28: note: 'packets' is written on hot paths
// CHECK: :[[#@LINE+16]]:22: warning: read-mostly field 'mtu' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'bytes' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+16]]:28: note: 'bytes' is written on hot paths
// CHECK: :[[#@LINE+14]]:22: warning: read-mostly field 'mtu' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'drops' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+15]]:28: note: 'drops' is written on hot paths
// CHECK: :[[#@LINE+16]]:31: warning: read-mostly field 'cfg.flags' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'packets' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+9]]:28: note: 'packets' is written on hot paths
// CHECK: :[[#@LINE+14]]:31: warning: read-mostly field 'cfg.flags' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'bytes' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+10]]:28: note: 'bytes' is written on hot paths
// CHECK: :[[#@LINE+12]]:31: warning: read-mostly field 'cfg.flags' shares cache line 0 (bytes 0-63) of 'struct rxq_stats' with write-hot field 'drops' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE+9]]:28: note: 'drops' is written on hot paths

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
};

unsigned long long rx(struct rxq_stats *q)
{
	return q->packets + q->mtu;
}
