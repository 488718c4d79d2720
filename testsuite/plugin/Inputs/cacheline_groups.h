/* The kernel's markers as include/linux/cache.h (6.8+) spells them. */
typedef unsigned char __u8;
#ifndef __cacheline_group_begin
#define __cacheline_group_begin(GROUP) __u8 __cacheline_group_begin__##GROUP[0]
#endif
#ifndef __cacheline_group_end
#define __cacheline_group_end(GROUP) __u8 __cacheline_group_end__##GROUP[0]
#endif
