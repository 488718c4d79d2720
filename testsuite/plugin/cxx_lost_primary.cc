// A nearly empty virtual base (a vptr and nothing else) is the primary base
// of the classes that derive from it: it shares their place.  In a diamond
// only one of them keeps it; the other has "lost" its primary, and the
// bytes at its start are its own vptr, not a second copy of the base.  The
// layout the plugin reports is the compiler's: built with -DPRINT_LAYOUT,
// this file prints the offsets of real objects.
// RUN: %gxx-cl -std=c++17 -fplugin-arg-cachelint-dump-layout=%t.dump -c %s -o %t.o 2>&1 | %check
// RUN: %gxx -std=c++17 -I%annotations -DPRINT_LAYOUT %s -o %t.prog
// RUN: %t.prog > %t.compiler
// RUN: %python %srcroot/testsuite/tools/layout_offsets.py %t.compiler iface left right both outer > %t.expected
// RUN: %python %srcroot/testsuite/tools/layout_offsets.py %t.dump iface left right both outer > %t.plugin
// RUN: diff -u %t.expected %t.plugin
// RUN: FileCheck %s --check-prefix=ABI --input-file %t.expected
// ABI-LABEL: struct both: size 40
// ABI:         <base left>: offset 0
// ABI-NEXT:      <base iface>: offset 0
// ABI:         <base right>: offset 16
// ABI-NEXT:      _vptr.right: offset 16
#include "cachelint.h"

struct iface {
	virtual void f() {}
};
struct left : virtual iface {
	long l_hot __write_hot;
// CHECK-DAG: :[[#@LINE-1]]:14: note: 'l_hot' is written on hot paths
};
struct right : virtual iface {
	long r;
};
struct both : left, right {
	long b_rm __read_mostly;
// CHECK-DAG: :[[#@LINE-1]]:14: warning: read-mostly field 'b_rm' shares cache line 0 (bytes 0-63) of 'struct both' with write-hot field 'l_hot' [cachelint-false-sharing]
};
// outer takes iface as its own primary base (an indirect one): 'both' has
// lost it there.
struct outer : virtual both {
	long o;
};

both b_obj;
outer o_obj;

#ifdef PRINT_LAYOUT
extern "C" int printf(const char *fmt, ...);

#define AT(obj, sub) ((long)((const char *)(sub) - (const char *)&(obj)))

static void line(int depth, const char *name, long off)
{
	printf("%*s%s: offset %ld\n", 2 * depth + 2, "", name, off);
}

int main()
{
	static iface i;
	static left l;
	static right r;
	both &b = b_obj;
	outer &o = o_obj;

	printf("struct iface: size %d\n", (int)sizeof(iface));
	line(0, "_vptr.iface", 0);
	printf("struct left: size %d\n", (int)sizeof(left));
	line(0, "<base iface>", AT(l, (iface *)&l));
	line(1, "_vptr.iface", AT(l, (iface *)&l));
	line(0, "l_hot", AT(l, &l.l_hot));
	printf("struct right: size %d\n", (int)sizeof(right));
	line(0, "<base iface>", AT(r, (iface *)&r));
	line(1, "_vptr.iface", AT(r, (iface *)&r));
	line(0, "r", AT(r, &r.r));
	printf("struct both: size %d\n", (int)sizeof(both));
	line(0, "<base left>", AT(b, (left *)&b));
	line(1, "<base iface>", AT(b, (iface *)&b));
	line(2, "_vptr.iface", AT(b, (iface *)&b));
	line(1, "l_hot", AT(b, &b.l_hot));
	line(0, "<base right>", AT(b, (right *)&b));
	line(1, "_vptr.right", AT(b, (right *)&b));
	line(1, "r", AT(b, &b.r));
	line(0, "b_rm", AT(b, &b.b_rm));
	printf("struct outer: size %d\n", (int)sizeof(outer));
	line(0, "<base iface>", AT(o, (iface *)&o));
	line(1, "_vptr.iface", AT(o, (iface *)&o));
	line(0, "o", AT(o, &o.o));
	line(0, "<base both>", AT(o, (both *)&o));
	line(1, "<base left>", AT(o, (left *)&o));
	line(2, "_vptr.left", AT(o, (left *)&o));
	line(2, "l_hot", AT(o, &o.l_hot));
	line(1, "<base right>", AT(o, (right *)&o));
	line(2, "_vptr.right", AT(o, (right *)&o));
	line(2, "r", AT(o, &o.r));
	line(1, "b_rm", AT(o, &o.b_rm));
	return 0;
}
#endif
