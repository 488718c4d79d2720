// The kernel's own fast-path tables to a warning: `cachelint import
// net-cachelines` reads Documentation/networking/net_cachelines/*.rst (the
// three in ../shared/data, byte for byte; not copied here).  Each access
// column is a path: read_mostly on tx is "read on tx", read_write "read and
// written", write_mostly "written", '-' on both cold; types like
// struct_icsk_ack_u8 mark members of the anonymous struct icsk_ack; each
// entry names its table line (from:).  The plugin then reports the members
// that a write on another path costs a miss.
// REQUIRES: net-cachelines-data
// RUN: %cachelint import net-cachelines %shared-data/net_cachelines/inet_connection_sock.rst -o %t.yaml 2>&1 | FileCheck %s --allow-empty --check-prefix=NOTES
// RUN: FileCheck %s --check-prefix=PROFILE --input-file %t.yaml
// RUN: %gcc-cl -fplugin-arg-cachelint-profile=%t.yaml -c %s -o %t.o 2>&1 | %check
//
// The other two tables: the title of inet_sock.rst names the wrong struct
// (its '..struct' row wins, with a note); netns_ipv4_sysctl.rst is an RST
// simple table where most rows give no access, and where only its position
// tells a cell's column.
// RUN: %cachelint import net-cachelines %shared-data/net_cachelines/inet_sock.rst %shared-data/net_cachelines/netns_ipv4_sysctl.rst -o %t.more.yaml 2>&1 | FileCheck %s --check-prefix=MORE-NOTES
// RUN: FileCheck %s --check-prefix=MORE --input-file %t.more.yaml
// RUN: %cachelint import net-cachelines --struct other_name %shared-data/net_cachelines/inet_sock.rst --quiet | FileCheck %s --check-prefix=RENAMED

// NOTES-NOT: {{.}}

// PROFILE:      #   {{.*}}inet_connection_sock.rst: struct inet_connection_sock: 8 only read, 21 written on tx or rx, 12 on neither
// PROFILE:      structs:
// PROFILE-NEXT:   inet_connection_sock:
// PROFILE-NEXT:     icsk_inet: {read: [tx, rx], from: "inet_connection_sock.rst:10"}  # tx read_mostly, rx read_mostly
// PROFILE-NEXT:     icsk_accept_queue: {class: cold, from: "inet_connection_sock.rst:11"}  # tx -, rx -
// PROFILE:          icsk_rto: {read: [tx], write: [tx], from: "inet_connection_sock.rst:17"}  # tx read_write, rx -
// PROFILE:          icsk_ca_dst_locked: {write: [tx], from: "inet_connection_sock.rst:28"}  # tx write_mostly, rx -
// PROFILE:          icsk_ack.pending: {read: [tx, rx], write: [tx, rx], from: "inet_connection_sock.rst:35"}  # tx read_write, rx read_write
// PROFILE-NEXT:     icsk_ack.quick: {read: [tx], write: [tx, rx], from: "inet_connection_sock.rst:36"}  # tx read_write, rx write_mostly
// PROFILE-NEXT:     icsk_ack.pingpong: {class: cold, from: "inet_connection_sock.rst:37"}  # tx -, rx -
// PROFILE:          icsk_ack.rcv_mss: {read: [rx], write: [tx], from: "inet_connection_sock.rst:42"}  # tx write_mostly, rx read_mostly
// PROFILE-NEXT:     icsk_mtup.search_high: {read: [tx], write: [tx], from: "inet_connection_sock.rst:43"}  # tx read_write, rx -
// PROFILE:          icsk_mtup.probe_timestamp: {read: [tx], write: [tx], from: "inet_connection_sock.rst:47"}  # tx read_write, rx -
// PROFILE-NEXT:     icsk_probes_tstamp: {class: cold, from: "inet_connection_sock.rst:48"}  # tx -, rx -
// PROFILE-NEXT:     icsk_user_timeout: {class: cold, from: "inet_connection_sock.rst:49"}  # tx -, rx -
// PROFILE-NEXT:     icsk_ca_priv: {class: cold, from: "inet_connection_sock.rst:50"}  # tx -, rx -
// PROFILE-NOT: {{.}}

// MORE-NOTES:      cachelint: note: {{.*}}inet_sock.rst:5: the title names 'inet_connection_sock' but the '..struct' row at line 9 names 'inet_sock': using 'inet_sock'
// MORE-NOTES-NEXT: cachelint: note: {{.*}}netns_ipv4_sysctl.rst: left out 136 rows that give no access on either path
// MORE-NOTES-NOT: {{.}}
// MORE:      #   {{.*}}inet_sock.rst: struct inet_sock: 10 only read, 0 written on tx or rx, 25 on neither
// MORE-NEXT: #   {{.*}}netns_ipv4_sysctl.rst: struct netns_ipv4: 18 only read, 0 written on tx or rx, 0 on neither
// MORE:      inet_sock:
// MORE-NEXT:     sk: {read: [tx, rx], from: "inet_sock.rst:10"}  # tx read_mostly, rx read_mostly
// MORE:          local_port_range: {class: cold, from: "inet_sock.rst:44"}  # tx -, rx -
// MORE-NEXT:   netns_ipv4:
// MORE-NEXT:     sysctl_ip_fwd_use_pmtu: {read: [tx], from: "netns_ipv4_sysctl.rst:50"}  # tx read_mostly, rx (empty)
// MORE-NEXT:     sysctl_ip_early_demux: {read: [rx], from: "netns_ipv4_sysctl.rst:56"}  # tx (empty), rx read_mostly
// MORE:          sysctl_tcp_wmem: {read: [tx], from: "netns_ipv4_sysctl.rst:121"}  # tx read_mostly, rx (empty)
// MORE-NEXT:     sysctl_tcp_rmem: {read: [rx], from: "netns_ipv4_sysctl.rst:122"}  # tx (empty), rx read_mostly
// MORE-NOT: {{.}}
// RENAMED: {{^}}  other_name:
// RENAMED-NEXT: sk: {read: [tx, rx], from: "inet_sock.rst:10"}

#include <stddef.h>

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32, u32;
typedef unsigned long long u64;

// Stand-ins for the kernel's types, of plausible x86_64 sizes.
struct timer_list {
	void *entry[2];
	unsigned long expires;
	void (*function)(struct timer_list *);
	__u32 flags;
};
struct request_sock_queue { char opaque[80]; };
struct inet_sock { char opaque[768]; };

// Members in the order of Linux 6.8 (include/net/inet_connection_sock.h).
struct inet_connection_sock {
	struct inet_sock	  icsk_inet;
	struct request_sock_queue icsk_accept_queue;
	struct inet_bind_bucket	  *icsk_bind_hash;
	struct inet_bind2_bucket  *icsk_bind2_hash;
	unsigned long		  icsk_timeout;
	struct timer_list	  icsk_retransmit_timer;
	struct timer_list	  icsk_delack_timer;
	__u32			  icsk_rto;
	__u32			  icsk_rto_min;
	__u32			  icsk_delack_max;
	__u32			  icsk_pmtu_cookie;
	const struct tcp_congestion_ops *icsk_ca_ops;
	const struct inet_connection_sock_af_ops *icsk_af_ops;
	const struct tcp_ulp_ops  *icsk_ulp_ops;
	void			  *icsk_ulp_data;
	__u8			  icsk_ca_state:5,
				  icsk_ca_initialized:1,
				  icsk_ca_setsockopt:1,
				  icsk_ca_dst_locked:1;
	__u8			  icsk_retransmits;
	__u8			  icsk_pending;
	__u8			  icsk_backoff;
	__u8			  icsk_syn_retries;
	__u8			  icsk_probes_out;
	__u16			  icsk_ext_hdr_len;
	struct {
		__u8		  pending;
		__u8		  quick;
		__u8		  pingpong;
		__u8		  retry;
		__u32		  ato:8,
				  lrcv_flowlabel:20,
				  unused:4;
		unsigned long	  timeout;
		__u32		  lrcvtime;
		__u16		  last_seg_size;
		__u16		  rcv_mss;
	} icsk_ack;
	struct {
		int		  search_high;
		int		  search_low;
		u32		  probe_size:31,
				  enabled:1;
		u32		  probe_timestamp;
	} icsk_mtup;
	u32			  icsk_probes_tstamp;
	u32			  icsk_user_timeout;
	u64			  icsk_ca_priv[104 / sizeof(u64)];
};

// Line 14 (bytes 896-959): both timers (read on tx) and icsk_rto (read
// and written on tx): one socket's tx runs on one CPU at a time, so no
// finding (folded to read_mostly/write_hot they were two).  Line 15
// (960-1023): icsk_af_ops and icsk_ext_hdr_len (read on tx) and eight
// members written on tx share it with the four members of icsk_ack that
// rx writes too (pending, quick, retry, timeout): each is a finding, the
// writes on tx as cachelint-write-groups.  Lines 13 and 16 hold no such
// pair.
_Static_assert(offsetof(struct inet_connection_sock, icsk_retransmit_timer) == 872, "premise: lines 13-14");
_Static_assert(offsetof(struct inet_connection_sock, icsk_rto) == 952, "premise: line 14");
_Static_assert(offsetof(struct inet_connection_sock, icsk_af_ops) == 976, "premise: line 15");
_Static_assert(offsetof(struct inet_connection_sock, icsk_ack.timeout) == 1016, "premise: line 15");
_Static_assert(offsetof(struct inet_connection_sock, icsk_ack.lrcvtime) == 1024, "premise: line 16");

// What the kernel table says about this layout: 40 findings.
// CHECK: :[[#@LINE-53]]:51: warning: field 'icsk_af_ops' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-40]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-55]]:51: warning: field 'icsk_af_ops' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-41]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-57]]:51: warning: field 'icsk_af_ops' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-41]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-59]]:51: warning: field 'icsk_af_ops' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-39]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-49]]:35: warning: field 'icsk_ext_hdr_len' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-48]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-51]]:35: warning: field 'icsk_ext_hdr_len' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-49]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-53]]:35: warning: field 'icsk_ext_hdr_len' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-49]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-55]]:35: warning: field 'icsk_ext_hdr_len' (read on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-47]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-71]]:35: warning: field 'icsk_pmtu_cookie' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-56]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-73]]:35: warning: field 'icsk_pmtu_cookie' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-57]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-75]]:35: warning: field 'icsk_pmtu_cookie' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-57]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-77]]:35: warning: field 'icsk_pmtu_cookie' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-55]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-78]]:42: warning: field 'icsk_ca_ops' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-64]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-80]]:42: warning: field 'icsk_ca_ops' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-65]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-82]]:42: warning: field 'icsk_ca_ops' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-65]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-84]]:42: warning: field 'icsk_ca_ops' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-63]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-82]]:35: warning: field 'icsk_ca_state' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-72]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-84]]:35: warning: field 'icsk_ca_state' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-73]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-86]]:35: warning: field 'icsk_ca_state' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-73]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-88]]:35: warning: field 'icsk_ca_state' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-71]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-89]]:35: warning: field 'icsk_ca_initialized' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-80]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-91]]:35: warning: field 'icsk_ca_initialized' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-81]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-93]]:35: warning: field 'icsk_ca_initialized' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-81]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-95]]:35: warning: field 'icsk_ca_initialized' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-79]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-95]]:35: warning: field 'icsk_ca_dst_locked' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-88]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-97]]:35: warning: field 'icsk_ca_dst_locked' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-89]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-99]]:35: warning: field 'icsk_ca_dst_locked' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-89]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-101]]:35: warning: field 'icsk_ca_dst_locked' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-87]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-102]]:35: warning: field 'icsk_retransmits' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-96]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-104]]:35: warning: field 'icsk_retransmits' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-97]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-106]]:35: warning: field 'icsk_retransmits' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-97]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-108]]:35: warning: field 'icsk_retransmits' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-95]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-109]]:35: warning: field 'icsk_pending' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-104]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-111]]:35: warning: field 'icsk_pending' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-105]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-113]]:35: warning: field 'icsk_pending' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-105]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-115]]:35: warning: field 'icsk_pending' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-103]]:35: note: 'icsk_ack.timeout' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-116]]:35: warning: field 'icsk_backoff' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.pending' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-112]]:35: note: 'icsk_ack.pending' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-118]]:35: warning: field 'icsk_backoff' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.quick' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-113]]:35: note: 'icsk_ack.quick' is written on tx, rx
// CHECK-NEXT: :[[#@LINE-120]]:35: warning: field 'icsk_backoff' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.retry' (written on rx, tx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-113]]:35: note: 'icsk_ack.retry' is written on rx, tx
// CHECK-NEXT: :[[#@LINE-122]]:35: warning: field 'icsk_backoff' (written on tx) shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with field 'icsk_ack.timeout' (written on tx, rx) [cachelint-write-groups]
// CHECK-NEXT: :[[#@LINE-111]]:35: note: 'icsk_ack.timeout' is written on tx, rx
