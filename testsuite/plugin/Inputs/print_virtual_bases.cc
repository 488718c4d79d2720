// Prints the layout of the classes of ../cxx_virtual_bases.cc as the
// compiler laid them out (address differences on real objects), in the form
// that testsuite/tools/layout_offsets.py reduces a dump-layout to.  No
// header of the C library: the DWARF of this program holds the test's
// classes only.
extern "C" int printf(const char *fmt, ...);

#include "cxx_virtual_bases.cc"

#define AT(obj, sub) ((long)((const char *)(sub) - (const char *)&(obj)))

static void line(int depth, const char *name, long off)
{
	printf("%*s%s: offset %ld\n", 2 * depth + 2, "", name, off);
}

int main()
{
	static single s;
	static D d;
	static X x;
	static Y y;
	static vhot vh;
	static A a;
	static V v;
	static V1 v1;

	printf("struct vhot: size %d\n", (int)sizeof(vhot));
	line(0, "hot", AT(vh, &vh.hot));
	printf("struct mid: size %d\n", (int)sizeof(mid));
	{
		static mid m;
		line(0, "_vptr.mid", AT(m, (mid *)&m));
		line(0, "m", AT(m, &m.m));
		line(0, "<base vhot>", AT(m, (vhot *)&m));
		line(1, "hot", AT(m, &m.hot));
	}
	printf("struct single: size %d\n", (int)sizeof(single));
	line(0, "<base mid>", AT(s, (mid *)&s));
	line(1, "_vptr.mid", AT(s, (mid *)&s));
	line(1, "m", AT(s, &s.m));
	line(0, "big", AT(s, &s.big));
	line(0, "rm", AT(s, &s.rm));
	line(0, "<base vhot>", AT(s, (vhot *)&s));
	line(1, "hot", AT(s, &s.hot));

	printf("struct A: size %d\n", (int)sizeof(A));
	line(0, "a_hot", AT(a, &a.a_hot));
	{
		static B b;
		printf("struct B: size %d\n", (int)sizeof(B));
		line(0, "_vptr.B", AT(b, (B *)&b));
		line(0, "b", AT(b, &b.b));
		line(0, "<base A>", AT(b, (A *)&b));
		line(1, "a_hot", AT(b, &b.a_hot));
	}
	{
		static C c;
		printf("struct C: size %d\n", (int)sizeof(C));
		line(0, "_vptr.C", AT(c, (C *)&c));
		line(0, "c", AT(c, &c.c));
		line(0, "<base A>", AT(c, (A *)&c));
		line(1, "a_hot", AT(c, &c.a_hot));
	}
	printf("struct D: size %d\n", (int)sizeof(D));
	line(0, "<base B>", AT(d, (B *)&d));
	line(1, "_vptr.B", AT(d, (B *)&d));
	line(1, "b", AT(d, &d.b));
	line(0, "<base C>", AT(d, (C *)&d));
	line(1, "_vptr.C", AT(d, (C *)&d));
	line(1, "c", AT(d, &d.c));
	line(0, "d_pad", AT(d, &d.d_pad));
	line(0, "d_rm", AT(d, &d.d_rm));
	line(0, "<base A>", AT(d, (A *)&d));
	line(1, "a_hot", AT(d, &d.a_hot));

	printf("struct V: size %d\n", (int)sizeof(V));
	line(0, "pad", AT(v, &v.pad));
	line(0, "vhot", AT(v, &v.vhot));
	line(0, "vrm", AT(v, &v.vrm));
	{
		static W w;
		printf("struct W: size %d\n", (int)sizeof(W));
		line(0, "_vptr.W", AT(w, (W *)&w));
		line(0, "w", AT(w, &w.w));
		line(0, "<base V>", AT(w, (V *)&w));
		line(1, "pad", AT(w, &w.pad));
		line(1, "vhot", AT(w, &w.vhot));
		line(1, "vrm", AT(w, &w.vrm));
	}
	printf("struct X: size %d\n", (int)sizeof(X));
	line(0, "<base W>", AT(x, (W *)&x));
	line(1, "_vptr.W", AT(x, (W *)&x));
	line(1, "w", AT(x, &x.w));
	line(0, "big", AT(x, &x.big));
	line(0, "<base V>", AT(x, (V *)&x));
	line(1, "pad", AT(x, &x.pad));
	line(1, "vhot", AT(x, &x.vhot));
	line(1, "vrm", AT(x, &x.vrm));

	printf("struct V1: size %d\n", (int)sizeof(V1));
	line(0, "v1", AT(v1, &v1.v1));
	{
		static V2 v2;
		printf("struct V2: size %d\n", (int)sizeof(V2));
		line(0, "_vptr.V2", AT(v2, (V2 *)&v2));
		line(0, "v2", AT(v2, &v2.v2));
		line(0, "<base V1>", AT(v2, (V1 *)&v2));
		line(1, "v1", AT(v2, &v2.v1));
	}
	printf("struct Y: size %d\n", (int)sizeof(Y));
	line(0, "_vptr.Y", AT(y, (Y *)&y));
	line(0, "y", AT(y, &y.y));
	line(0, "<base V2>", AT(y, (V2 *)&y));
	line(1, "_vptr.V2", AT(y, (V2 *)&y));
	line(1, "v2", AT(y, &y.v2));
	line(0, "<base V1>", AT(y, (V1 *)&y));
	line(1, "v1", AT(y, &y.v1));
	return 0;
}
