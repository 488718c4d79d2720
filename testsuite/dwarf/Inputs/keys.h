/*
 * Types that the two units of keys.test repeat.  Most are the same in
 * both; struct conf is not, though its name, place, size and number of
 * members are (KEY_T differs), and neither is what holds it.
 */
#include "cachelint.h"

struct shared {
	long hits __write_hot;
	long limit __read_mostly;
	struct shared *next;
};

/* no annotation: nothing to analyse */
struct plain_shared {
	int a;
	long b;
};

struct conf {
	KEY_T a;
	char b;
	long c __read_mostly;
	long d __write_hot;
};
_Static_assert(sizeof(struct conf) == 24, "one size in both units");

struct holder {
	struct conf conf;
	long tail;
};

/* the same body, named by a different typedef in each unit */
typedef struct {
	long x __write_hot;
	long y __read_mostly;
} PAIR_NAME;
