// Reach through a member's address handed on: touch() is given &o->s and
// hands &p->in to set_y(), which writes q->y.  The summaries carried a
// parameter handed on as it is, or moved by one constant offset, but not
// a member's address of it (&p->in): the write was lost at f()'s call,
// and, for C++, a std::atomic<bool>'s load(), store() and exchange() (which
// hand &this->_M_base on) and std::mutex::lock() (&this->_M_mutex) were
// lost at every call.  The lint's map follows the same passes: both maps
// are identical.
// RUN: %gcc-cl -O2 -fplugin-arg-cachelint-access-map=%t.map -c %s -o %t.o
// RUN: FileCheck %s --input-file %t.map
// RUN: %cachelint lint --access-map %t.lint.map %s
// RUN: diff %t.map %t.lint.map
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-access-map=%t.cxx.map -x c++ -DCXX -c %s -o %t.cxx.o
// RUN: FileCheck %s --check-prefix=CXX --input-file %t.cxx.map
#ifndef CXX
struct in {
	long x, y;
};
struct s {
	long a;
	struct in in;
	long b;
};
static inline void set_y(struct in *q)
{
	q->y = 1;
}
static inline void touch(struct s *p)
{
	set_y(&p->in);
}
struct outer {
	long pad;
	struct s s;
};

void f(struct outer *o)
{
	touch(&o->s);
// CHECK: reach_member_pass.c	[[#@LINE-1]]	12	f	outer	s.in.y	24	8	w
}
#else
#include <atomic>

struct flags {
	long n;
	std::atomic<bool> stop;
};

bool g(flags *p)
{
	p->stop.store(true);
// CXX: reach_member_pass.c	[[#@LINE-1]]	5	g	flags	stop	8	1	w
	return p->stop.exchange(false);
// CXX: reach_member_pass.c	[[#@LINE-1]]	12	g	flags	stop	8	1	rmw
}
#endif
