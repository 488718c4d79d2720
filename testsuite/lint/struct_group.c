// The kernel's struct_group_tagged() (include/uapi/linux/stddef.h and
// include/linux/stddef.h of Linux 6.1, copied as they are) makes a struct
// whose whole extent is the macro's expansion point.  The search for its
// braces used to run past the macro's ')' to the end of the file, and a
// later __read_mostly variable (the kernel's section attribute) was
// reported as an annotation "applied to a type" (include/linux/skbuff.h
// under mm/memcontrol.c).  The members of the group are still checked.
// RUN: %cachelint lint --fail-on none %s -- -D__KERNEL__ | %check
// RUN: %cachelint lint --dump-layout=%t.dump %s -- -D__KERNEL__ > /dev/null; test $? -eq 1
// RUN: FileCheck %s --check-prefix=DUMP --input-file %t.dump
#include <stddef.h>

#define __read_mostly __attribute__((__section__(".data..read_mostly")))
#define __write_hot
#define __read_mostly_field

/* include/uapi/linux/stddef.h */
#ifndef __cplusplus
#define __struct_group_tag(TAG)		TAG
#else
#define __struct_group_tag(TAG)
#endif
#define __struct_group(TAG, NAME, ATTRS, MEMBERS...) \
	union { \
		struct { MEMBERS } ATTRS; \
		struct __struct_group_tag(TAG) { MEMBERS } ATTRS NAME; \
	} ATTRS
/* include/linux/stddef.h */
#define struct_group_tagged(TAG, NAME, MEMBERS...) \
	__struct_group(TAG, NAME, /* no attrs */, MEMBERS)

struct sk_buff;

struct sk_buff_head {
	/* These two members must be first to match sk_buff. */
	struct_group_tagged(sk_buff_list, list,
		struct sk_buff	*next;
		struct sk_buff	*prev;
	);

	unsigned int	qlen;
	long		lock __write_hot;
};
_Static_assert(offsetof(struct sk_buff_head, list.prev) == 8, "the group is two pointers");
_Static_assert(offsetof(struct sk_buff_head, lock) == 24, "lock after qlen");

struct hot_group {
	struct_group_tagged(hot_tag, hot,
		long	counter __write_hot;
	);
	long	limit;
};
// A read-mostly field of the real kind, in its struct: still reported.
struct reader {
	struct hot_group	g;
	long			*parent __read_mostly_field;
};

// CHECK: struct_group.c:[[#PARENT:@LINE-3]]:34: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct reader' with write-hot field 'g.counter' [cachelint-false-sharing]
// CHECK-NEXT: struct_group.c:[[#GROUP:@LINE-12]]:9: note: 'g.counter' is written on hot paths
// CHECK-NEXT: struct_group.c:[[#PARENT]]:34: warning: read-mostly field 'parent' shares cache line 0 (bytes 0-63) of 'struct reader' with write-hot field 'g.hot.counter' [cachelint-false-sharing]
// CHECK-NEXT: struct_group.c:[[#GROUP]]:9: note: 'g.hot.counter' is written on hot paths

int sysctl_example __read_mostly = 1;

// DUMP-LABEL: struct sk_buff_head: size 32, align 8
// DUMP:       lock: offset 24, size 8, align 8, {{.*}}write_hot
