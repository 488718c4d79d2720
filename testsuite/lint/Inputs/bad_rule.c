#define __cachelint_suppress(r)

struct __cachelint_suppress("cachelint-no-such-rule") rule {
	int x;
};
