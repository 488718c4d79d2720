/* An i386 (-m32) struct: long long, double and long double are aligned to
 * 4 in structs by the i386 ABI, so nothing here is packed. */
struct m32 {
	int a;
	long long b;
	double c;
	long double d;
	int e;
	_Complex double f;
};
_Static_assert(__builtin_offsetof(struct m32, b) == 4, "i386: long long is 4-aligned in structs");
_Static_assert(__builtin_offsetof(struct m32, d) == 20, "long double at 20");
_Static_assert(__builtin_offsetof(struct m32, f) == 36, "_Complex double at 36");
_Static_assert(sizeof(struct m32) == 52, "size 52");
_Static_assert(_Alignof(struct m32) == 4, "align 4");
struct m32 v;
