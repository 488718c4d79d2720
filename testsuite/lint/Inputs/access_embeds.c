/* The records held in the records that the map's lines name (access_map_embeds.test). */
#include <pthread.h>
#include <time.h>

struct leaf {
	long a, b;
};

typedef struct {
	int x;
	struct leaf l;
} anon_t;

struct mid {
	int pad;
	struct leaf leaf;
	struct leaf arr[2];
	struct leaf *ptr;
	anon_t an;
};

union u {
	struct leaf l;
	long w;
};

struct outer {
	long head;
	struct mid mid;
	struct {
		struct leaf inanon;
	};
	struct {
		long q;
		struct leaf deep;
	} named;
	union u u;
	const struct leaf cl;
	pthread_mutex_t lock;
	struct timespec ts;
	struct leaf tail[3];
};

_Static_assert(__builtin_offsetof(struct outer, mid) == 8, "mid");
_Static_assert(__builtin_offsetof(struct outer, inanon) == 96, "inanon");
_Static_assert(__builtin_offsetof(struct outer, named.deep) == 120, "named.deep");
_Static_assert(__builtin_offsetof(struct outer, u) == 136, "u");
_Static_assert(__builtin_offsetof(struct outer, cl) == 152, "cl");

/* held ten deep: the map follows nine levels of members, so not d9 */
struct d9 { long v; };
struct d8 { struct d9 n; };
struct d7 { struct d8 n; };
struct d6 { struct d7 n; };
struct d5 { struct d6 n; };
struct d4 { struct d5 n; };
struct d3 { struct d4 n; };
struct d2 { struct d3 n; };
struct d1 { struct d2 n; };
struct d0 { struct d1 n; };
struct top { long a; struct d0 n; };

/* named by no line: none of its embeds */
struct unused {
	struct leaf l;
};

long f(struct outer *p, struct top *t, struct unused *u)
{
	p->mid.pad = 1;
	return p->head + t->a + (long)u;
}
