/* a nameless struct that a member embeds is no root of its own: the
   conversion of its holder (struct user) decides that, so with
   --dump-layout the holder is converted with it */
#define KEY_T short
#define PAIR_NAME pair_b
#include "keys.h"

/* declared, not defined: a nameless struct all the same (a definition would name it) */
extern struct {
	int z;
} emb;

struct user {
	__typeof__(emb) e;
	long w;
};

long use_d(struct user *u, struct holder *h)
{
	return u->w + h->tail;
}

int main(void)
{
	return 0;
}
