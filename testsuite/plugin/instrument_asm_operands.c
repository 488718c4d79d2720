// instrument: an asm's operands on members, each as the asm's own
// constraint reads it.  A memory input ("m", "o": the asm reads the
// member where it is) is a read, a memory output ("=m") a write, "+m"
// both; an output the asm gives in a register ("=r", x86's "=Q") is
// stored to the member, a write; an input that may be a register ("r",
// "rm", "g") is a load the compiler makes before the asm, a read; "+r"
// is that load and the store.  ("V", memory that is not offsettable, is
// an impossible constraint for a member on x86-64.)
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-instrument=regs %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.yaml
// The same through a pointer parameter of a static function: counted at the call.
// RUN: %gcc-cl -O0 -DTHROUGH_POINTER -fplugin-arg-cachelint-instrument=regs %s -o %t.p %rt-static -pthread
// RUN: rm -f %t.p.yaml && env CACHELINT_PROFILE=%t.p.yaml %t.p
// RUN: FileCheck --strict-whitespace --match-full-lines %s --input-file %t.p.yaml
struct regs {
	long m_in, m_out, m_inout, o_in;
	long q_out, r_out, rm_in, g_in, r_in, r_inout;
	long untouched;
};

static struct regs r;

#ifdef THROUGH_POINTER
#define M(x) (*x##_p)
static void operands(long *m_in_p, long *m_out_p, long *m_inout_p, long *o_in_p, long *q_out_p,
		     long *r_out_p, long *rm_in_p, long *g_in_p, long *r_in_p, long *r_inout_p)
#else
#define M(x) (r.x)
static void operands(void)
#endif
{
	__asm__ volatile("" : : "m"(M(m_in)));
	__asm__ volatile("" : "=m"(M(m_out)));
	__asm__ volatile("" : "+m"(M(m_inout)));
	__asm__ volatile("" : : "o"(M(o_in)));
	__asm__ volatile("" : "=Q"(M(q_out)));
	__asm__ volatile("" : "=r"(M(r_out)));
	__asm__ volatile("" : : "rm"(M(rm_in)));
	__asm__ volatile("" : : "g"(M(g_in)));
	__asm__ volatile("" : : "r"(M(r_in)));
	__asm__ volatile("" : "+r"(M(r_inout)));
}

int main(void)
{
	for (int i = 0; i < 3; i++)
#ifdef THROUGH_POINTER
		operands(&r.m_in, &r.m_out, &r.m_inout, &r.o_in, &r.q_out, &r.r_out, &r.rm_in,
			 &r.g_in, &r.r_in, &r.r_inout);
#else
		operands();
#endif
	return 0;
}

// CHECK:cachelint-profile: 1
// CHECK-NEXT:structs:
// CHECK-NEXT:  regs:
// CHECK-NEXT:    m_in: {read: {main: 3}}
// CHECK-NEXT:    m_out: {write: {main: 3}}
// CHECK-NEXT:    m_inout: {read: {main: 3}, write: {main: 3}}
// CHECK-NEXT:    o_in: {read: {main: 3}}
// CHECK-NEXT:    q_out: {write: {main: 3}}
// CHECK-NEXT:    r_out: {write: {main: 3}}
// CHECK-NEXT:    rm_in: {read: {main: 3}}
// CHECK-NEXT:    g_in: {read: {main: 3}}
// CHECK-NEXT:    r_in: {read: {main: 3}}
// CHECK-NEXT:    r_inout: {read: {main: 3}, write: {main: 3}}
// CHECK-EMPTY:
