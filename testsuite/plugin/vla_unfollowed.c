// A variable-length array whose length is a member, read past its
// (zero) end: at -O2 the access is a MEM_REF through a pointer the walk
// does not follow.  The chain is then marked not followed (its length set
// to CHAIN_MAX), and the type check of the dereference read the type of a
// step never written: GCC crashed (internal compiler error: Segmentation
// fault in same_type()) on autoconf's C99 test program, which memcached's
// configure compiles, so configure took -std=c99 and the build then failed
// on strdup().  The unit compiles, in instrument and access-map modes; the
// access the walk does follow (ni.number) is in the map.
// RUN: %gcc-cl -std=gnu99 -O2 -g -fplugin-arg-cachelint-instrument=all -c %s -o %t.o
// RUN: %gcc-cl -std=gnu99 -O2 -fplugin-arg-cachelint-access-map=%t.map -c %s -o %t.2.o
// RUN: FileCheck %s --input-file %t.map
// CHECK:      vla_unfollowed.c	[[#@LINE+14]]	20	main	named_init	number	0	4	w
// CHECK-NEXT: vla_unfollowed.c	[[#@LINE+14]]	23	main	named_init	number	0	4	r
// CHECK-NEXT: vla_unfollowed.c	[[#@LINE+16]]	26	main	named_init	number	0	4	r
static long long int bignum = -9223372036854775807LL;

struct named_init {
	int number;
};

int main(void)
{
	int ok = 0;
	_Bool success = 0;
	char *restrict newvar = "Another string";
	struct named_init ni = { 0 };
	int dynamic_array[ni.number];

	ok |= (!success || bignum == 0LL || newvar[0] == 'x' ||
	       dynamic_array[ni.number - 1] != 543);
	return ok;
}
