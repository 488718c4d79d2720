/*
 * Structs for the layout view tests, compiled with
 * -fno-eliminate-unused-debug-types (unused types are not in DWARF otherwise).
 */
#include "cachelint.h"

struct plain {
	char tag;
	long hits;
	short grid[3][5];
	void (*fn)(int);
	struct plain *next;
	char name[70];
	int last;
};

struct counters {
	_Atomic long usage __write_hot;
	unsigned long min;
	struct counters *parent __read_mostly;
	_Atomic int refs;
	long tail;
};

typedef struct {
	long a;
	int b;
} pair_t;

/* structs that end in padding, embedded */
struct stamp {
	long when;
	char kind;
};

struct event {
	int id;
	struct stamp start;
	struct stamp stop;
};
