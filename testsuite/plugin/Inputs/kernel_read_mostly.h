/* What the kernel's <linux/cache.h> does on x86: a section attribute. */
#define __read_mostly __attribute__((__section__(".data..read_mostly")))
