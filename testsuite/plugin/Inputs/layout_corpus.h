/*
 * Tricky layouts for the cross-check of dump-layout against offsetof,
 * sizeof and __alignof__ (layout_crosscheck.test), and for the differential
 * tests of the other front ends.  No #include: every front end must see
 * exactly these types.
 */
#include "cachelint.h"

typedef struct {
	long counter;
} atomic_long_t;

struct bitfields {
	unsigned int a:1;
	unsigned int b:3 __write_hot;
	signed int c:5 __read_mostly;
	unsigned int d:32;
	unsigned long long e:40;
	_Bool f:1;
	unsigned char g:7;
	unsigned int :0;
	unsigned int h:2;
	unsigned long long i:64;
};

enum colour { RED, GREEN, BLUE };

struct enum_bits {
	enum colour c:2;
	char tail;
};

struct anonymous {
	long hot __write_hot;
	union {
		long as_long __read_mostly;
		double as_double;
		struct {
			short lo, hi;
		};
	};
	struct {
		int x;
		union {
			char c;
			int i;
		};
	};
	char last;
};

struct __attribute__((packed)) packed {
	char c;
	long l;
	short s;
	int bits:5;
	long tail;
};

struct packed_aligned {
	char c;
	int i;
	long l;
} __attribute__((packed, aligned(4)));

struct aligned_members {
	char c;
	long a __attribute__((aligned(64)));
	char d;
	int b __attribute__((aligned(128)));
};

struct cacheline_padding {
	char x[0];
} __attribute__((aligned(64)));

struct padded {
	atomic_long_t usage __write_hot;
	unsigned long failcnt;
	struct cacheline_padding _pad1_;
	unsigned long min __read_mostly;
	unsigned long max __read_mostly;
};

struct flexible {
	int n;
	char zero[0];
	long data[];
};

struct inner {
	long counter;
	int limit;
};

struct middle {
	char tag;
	struct inner in;
	struct inner pair[2];
};

struct outer {
	short s;
	struct middle m;
	union {
		struct inner ui;
		char raw[24];
	} u;
};

typedef struct {
	unsigned int x:4;
	void *p;
} typedef_anon;

union plain_union {
	char c;
	long l;
	struct inner in;
};

struct scalars {
	char c;
	long double ld;
	_Complex double z;
	__int128 wide;
	float f;
	void (*fn)(int);
	_Atomic long atomic;
	const volatile short cv;
};

struct empty {
};

struct with_empty {
	char a;
	struct empty e;
	int b;
};

struct arrays {
	char name[13];
	short grid[3][5];
	struct inner items[3];
	long tail;
};

/* alignment that a typedef carries, not its canonical type */
typedef long aligned_long __attribute__((aligned(16)));
typedef aligned_long aligned_long2;

struct typedef_aligned {
	char c;
	aligned_long x;
	int y;
	aligned_long2 z;
	const aligned_long k;
};
