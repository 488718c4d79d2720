// The kernel's own fast-path tables to a warning: `cachelint import
// net-cachelines` reads Documentation/networking/net_cachelines/*.rst (the
// three in ../shared/data, byte for byte; not copied here).  read_write or
// write_mostly on a fast path makes a member write_hot, read_mostly alone
// read_mostly, '-' on both cold; types like struct_icsk_ack_u8 mark members
// of the anonymous struct icsk_ack.  The plugin then reports the read-mostly
// members that share a line with written ones.
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

// PROFILE:      #   {{.*}}inet_connection_sock.rst: struct inet_connection_sock: 8 read_mostly, 21 write_hot, 12 cold
// PROFILE:      structs:
// PROFILE-NEXT:   inet_connection_sock:
// PROFILE-NEXT:     icsk_inet: read_mostly  # tx read_mostly, rx read_mostly
// PROFILE-NEXT:     icsk_accept_queue: cold  # tx -, rx -
// PROFILE:          icsk_rto: write_hot  # tx read_write, rx -
// PROFILE:          icsk_ca_dst_locked: write_hot  # tx write_mostly, rx -
// PROFILE:          icsk_ack.pending: write_hot  # tx read_write, rx read_write
// PROFILE-NEXT:     icsk_ack.quick: write_hot  # tx read_write, rx write_mostly
// PROFILE-NEXT:     icsk_ack.pingpong: cold  # tx -, rx -
// PROFILE:          icsk_ack.rcv_mss: write_hot  # tx write_mostly, rx read_mostly
// PROFILE-NEXT:     icsk_mtup.search_high: write_hot  # tx read_write, rx -
// PROFILE:          icsk_mtup.probe_timestamp: write_hot  # tx read_write, rx -
// PROFILE-NEXT:     icsk_probes_tstamp: cold  # tx -, rx -
// PROFILE-NEXT:     icsk_user_timeout: cold  # tx -, rx -
// PROFILE-NEXT:     icsk_ca_priv: cold  # tx -, rx -
// PROFILE-NOT: {{.}}

// MORE-NOTES:      cachelint: note: {{.*}}inet_sock.rst:5: the title names 'inet_connection_sock' but the '..struct' row at line 9 names 'inet_sock': using 'inet_sock'
// MORE-NOTES-NEXT: cachelint: note: {{.*}}netns_ipv4_sysctl.rst: left out 136 rows that give no access on either path
// MORE-NOTES-NOT: {{.}}
// MORE:      #   {{.*}}inet_sock.rst: struct inet_sock: 10 read_mostly, 0 write_hot, 25 cold
// MORE-NEXT: #   {{.*}}netns_ipv4_sysctl.rst: struct netns_ipv4: 18 read_mostly, 0 write_hot, 0 cold
// MORE:      inet_sock:
// MORE-NEXT:     sk: read_mostly  # tx read_mostly, rx read_mostly
// MORE:          local_port_range: cold  # tx -, rx -
// MORE-NEXT:   netns_ipv4:
// MORE-NEXT:     sysctl_ip_fwd_use_pmtu: read_mostly  # tx read_mostly, rx (empty)
// MORE-NEXT:     sysctl_ip_early_demux: read_mostly  # tx (empty), rx read_mostly
// MORE:          sysctl_tcp_wmem: read_mostly  # tx read_mostly, rx (empty)
// MORE-NEXT:     sysctl_tcp_rmem: read_mostly  # tx (empty), rx read_mostly
// MORE-NOT: {{.}}
// RENAMED: {{^}}  other_name:
// RENAMED-NEXT: sk: read_mostly

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

// Line 14 (bytes 896-959): both timers (read-mostly on tx) and icsk_rto
// (read_write on tx).  Line 15 (960-1023): icsk_af_ops and icsk_ext_hdr_len
// (read-mostly) among 13 written fields, icsk_ack's first eight bytes
// included.  Lines 13 and 16 hold no such pair.
_Static_assert(offsetof(struct inet_connection_sock, icsk_retransmit_timer) == 872, "premise: lines 13-14");
_Static_assert(offsetof(struct inet_connection_sock, icsk_rto) == 952, "premise: line 14");
_Static_assert(offsetof(struct inet_connection_sock, icsk_af_ops) == 976, "premise: line 15");
_Static_assert(offsetof(struct inet_connection_sock, icsk_ack.timeout) == 1016, "premise: line 15");
_Static_assert(offsetof(struct inet_connection_sock, icsk_ack.lrcvtime) == 1024, "premise: line 16");

// What the kernel table says about this layout: 28 findings.
// CHECK: :[[#@LINE-56]]:35: warning: read-mostly field 'icsk_retransmit_timer' shares cache line 14 (bytes 896-959) of 'struct inet_connection_sock' with write-hot field 'icsk_rto' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-55]]:35: note: 'icsk_rto' is written on hot paths
// CHECK-NEXT: :[[#@LINE-57]]:35: warning: read-mostly field 'icsk_delack_timer' shares cache line 14 (bytes 896-959) of 'struct inet_connection_sock' with write-hot field 'icsk_rto' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-57]]:35: note: 'icsk_rto' is written on hot paths
// CHECK-NEXT: :[[#@LINE-53]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_pmtu_cookie' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-56]]:35: note: 'icsk_pmtu_cookie' is written on hot paths
// CHECK-NEXT: :[[#@LINE-55]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_ops' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-57]]:42: note: 'icsk_ca_ops' is written on hot paths
// CHECK-NEXT: :[[#@LINE-57]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_state' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-55]]:35: note: 'icsk_ca_state' is written on hot paths
// CHECK-NEXT: :[[#@LINE-59]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_initialized' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-56]]:35: note: 'icsk_ca_initialized' is written on hot paths
// CHECK-NEXT: :[[#@LINE-61]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_dst_locked' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-56]]:35: note: 'icsk_ca_dst_locked' is written on hot paths
// CHECK-NEXT: :[[#@LINE-63]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_retransmits' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-57]]:35: note: 'icsk_retransmits' is written on hot paths
// CHECK-NEXT: :[[#@LINE-65]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_pending' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-58]]:35: note: 'icsk_pending' is written on hot paths
// CHECK-NEXT: :[[#@LINE-67]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_backoff' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-59]]:35: note: 'icsk_backoff' is written on hot paths
// CHECK-NEXT: :[[#@LINE-69]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.pending' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-56]]:35: note: 'icsk_ack.pending' is written on hot paths
// CHECK-NEXT: :[[#@LINE-71]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.quick' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-57]]:35: note: 'icsk_ack.quick' is written on hot paths
// CHECK-NEXT: :[[#@LINE-73]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.retry' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-57]]:35: note: 'icsk_ack.retry' is written on hot paths
// CHECK-NEXT: :[[#@LINE-75]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.ato' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-58]]:35: note: 'icsk_ack.ato' is written on hot paths
// CHECK-NEXT: :[[#@LINE-77]]:51: warning: read-mostly field 'icsk_af_ops' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.timeout' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-57]]:35: note: 'icsk_ack.timeout' is written on hot paths
// CHECK-NEXT: :[[#@LINE-67]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_pmtu_cookie' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-82]]:35: note: 'icsk_pmtu_cookie' is written on hot paths
// CHECK-NEXT: :[[#@LINE-69]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_ops' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-83]]:42: note: 'icsk_ca_ops' is written on hot paths
// CHECK-NEXT: :[[#@LINE-71]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_state' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-81]]:35: note: 'icsk_ca_state' is written on hot paths
// CHECK-NEXT: :[[#@LINE-73]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_initialized' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-82]]:35: note: 'icsk_ca_initialized' is written on hot paths
// CHECK-NEXT: :[[#@LINE-75]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ca_dst_locked' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-82]]:35: note: 'icsk_ca_dst_locked' is written on hot paths
// CHECK-NEXT: :[[#@LINE-77]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_retransmits' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-83]]:35: note: 'icsk_retransmits' is written on hot paths
// CHECK-NEXT: :[[#@LINE-79]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_pending' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-84]]:35: note: 'icsk_pending' is written on hot paths
// CHECK-NEXT: :[[#@LINE-81]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_backoff' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-85]]:35: note: 'icsk_backoff' is written on hot paths
// CHECK-NEXT: :[[#@LINE-83]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.pending' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-82]]:35: note: 'icsk_ack.pending' is written on hot paths
// CHECK-NEXT: :[[#@LINE-85]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.quick' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-83]]:35: note: 'icsk_ack.quick' is written on hot paths
// CHECK-NEXT: :[[#@LINE-87]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.retry' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-83]]:35: note: 'icsk_ack.retry' is written on hot paths
// CHECK-NEXT: :[[#@LINE-89]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.ato' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-84]]:35: note: 'icsk_ack.ato' is written on hot paths
// CHECK-NEXT: :[[#@LINE-91]]:35: warning: read-mostly field 'icsk_ext_hdr_len' shares cache line 15 (bytes 960-1023) of 'struct inet_connection_sock' with write-hot field 'icsk_ack.timeout' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-83]]:35: note: 'icsk_ack.timeout' is written on hot paths
