#!/usr/bin/python3
"""Write C and C++ units of many member-access shapes, from a fixed seed.

    gen_access_shapes.py --seed N --functions K OUTDIR

Writes OUTDIR/shapes.c and OUTDIR/shapes.cc: K functions each of random
statements over a few records (nested members, arrays at constant and
computed indices, pointers to records and members, casts, ?:, compound
assignments, increments, whole-record copies, bit-fields, unions,
__atomic_* and __sync_* builtins, addresses handed to static inline
helpers; C++ adds references, pointers to members, std::atomic members,
lambdas, a template and a virtual base).  The same seed writes the same
files, so a unit that breaks the plugin is reproduced by its seed
(plugin_modes.py compiles them in every mode: testsuite/plugin/fuzz_shapes.test).
"""
import argparse
import os
import random

RECORDS = r'''
struct in {
	long x;
	int y;
	long arr[4];
	unsigned b1 : 3, b2 : 5;
};
union u {
	long l;
	double d;
	unsigned char bytes[8];
};
struct outer {
	long a;
	struct in in;
	struct in nested[3];
	struct in *ip;
	union u un;
	volatile long v;
	long counters[8];
	struct {
		int ax, ay;
	} anon;
};
struct outer g;

static inline void helper_w(long *p)
{
	*p = 1;
}
static inline long helper_r(const long *p)
{
	return *p;
}
static inline void helper_in(struct in *q)
{
	q->y++;
	helper_w(&q->x);
}
'''

CXX_RECORDS = r'''
#include <atomic>
struct vb {
	long shared;
};
struct deriv : virtual vb {
	long own;
	std::atomic<long> hits;
	std::atomic<bool> flag;
};
struct stats {
	std::atomic<long> n;
	long m;
};
template <typename T> struct box {
	T val;
	long uses;
	void bump() { uses++; val = val + 1; }
};
'''

# Integer lvalues that are not bit-fields (an atomic builtin may take their address).
LONG_LVALUES = [
    'p->a', 'p->in.x', 'p->in.arr[1]', 'p->in.arr[i & 3]', 'p->nested[2].x',
    'p->nested[i % 3].arr[3]', 'p->ip->x', 'q->a', 'g.a', 'g.nested[1].x',
    '(*p).in.x', 'p->un.l', 'p->counters[i & 7]', 'p->counters[5]',
    '((struct in *)&p->in)->x', '(*(long *)&p->a)', '(*(long *)((char *)p + 8))',
    '(&p->in)->arr[0]',
]
INT_LVALUES = ['p->in.y', 'p->nested[0].y', 'p->anon.ax', 'q->anon.ay']
BIT_LVALUES = ['p->in.b1', 'p->in.b2', 'q->nested[1].b2']
RVALUES = LONG_LVALUES + INT_LVALUES + BIT_LVALUES + [
    '7', 'i', 'p->v', '(long)p->un.d', '(p->a ? p->in.x : q->in.x)', '(i > 2 ? g.a : 3)',
    'helper_r(&p->in.x)', 'helper_r(&q->counters[i & 7])', '(long)p->un.bytes[3]',
]
MEMORDERS = ['__ATOMIC_RELAXED', '__ATOMIC_ACQUIRE', '__ATOMIC_RELEASE', '__ATOMIC_SEQ_CST']


def atomic_stmt(r, lv):
    mo = r.choice(MEMORDERS)
    load_mo = r.choice(['__ATOMIC_RELAXED', '__ATOMIC_ACQUIRE', '__ATOMIC_SEQ_CST'])
    store_mo = r.choice(['__ATOMIC_RELAXED', '__ATOMIC_RELEASE', '__ATOMIC_SEQ_CST'])
    return r.choice([
        '__atomic_fetch_add(&%s, 1, %s);' % (lv, mo),
        '__atomic_fetch_or(&%s, 4, %s);' % (lv, mo),
        't = __atomic_load_n(&%s, %s);' % (lv, load_mo),
        '__atomic_store_n(&%s, t, %s);' % (lv, store_mo),
        't = __atomic_exchange_n(&%s, 3, %s);' % (lv, mo),
        '__atomic_compare_exchange_n(&%s, &t, 9, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);' % lv,
        '__sync_fetch_and_add(&%s, 2);' % lv,
        '__sync_bool_compare_and_swap(&%s, t, 5);' % lv,
        't = __sync_lock_test_and_set(&%s, 1);' % lv,
    ])


def c_stmt(r):
    lv = r.choice(LONG_LVALUES + INT_LVALUES + BIT_LVALUES)
    rv = r.choice(RVALUES)
    atomic_lv = r.choice(LONG_LVALUES)
    return r.choice([
        '%s = %s;' % (lv, rv),
        '%s += %s;' % (lv, rv),
        '%s %s= %s;' % (lv, r.choice('-|&^'), rv),
        '%s <<= 1;' % lv,
        '%s++;' % lv,
        '--%s;' % lv,
        't += %s;' % rv,
        '%s = !%s;' % (lv, r.choice(BIT_LVALUES)),
        'if (%s) %s = %s;' % (rv, lv, rv),
        atomic_stmt(r, atomic_lv),
        'p->in = q->nested[%d];' % r.randrange(3),
        '*q = g;',
        'g.nested[i % 3] = *p->ip;',
        'helper_w(&%s);' % atomic_lv,
        'helper_in(&p->nested[%d]);' % r.randrange(3),
        'helper_in(p->ip);',
        'p->ip = &q->nested[i % 3];',
        'for (int k = 0; k < 3; k++) p->nested[k].x += p->counters[k];',
        't = (long)(p->un.d * 2);',
    ])


def cxx_stmt(r):
    return r.choice([
        c_stmt(r),
        '{ long &ref = %s; ref += 2; }' % r.choice(LONG_LVALUES),
        '{ long outer::*pm = &outer::a; p->*pm = t; t += q->*pm; }',
        '(i ? p->a : q->a) = t;',
        'd->hits.fetch_add(1);',
        'd->hits++;',
        't += d->hits.load(std::memory_order_acquire);',
        'd->flag.store(t != 0);',
        'if (d->flag.exchange(false)) t++;',
        '{ long w = 0; d->hits.compare_exchange_strong(w, t); }',
        'd->shared++;',
        'd->own = d->shared + t;',
        '[&] { p->a += q->in.x; }();',
        '[p, &t] { t += p->nested[1].y; }();',
        'bx->bump();',
        '{ stats s{}; t += s.m + s.n.load(); }',
        't += bx->val + bx->uses;',
    ])


def function(r, n, cxx):
    stmt = cxx_stmt if cxx else c_stmt
    params = 'struct outer *p, struct outer *q, int i'
    if cxx:
        params += ', deriv *d, box<long> *bx'
    body = ['\t' + stmt(r) for _ in range(r.randint(3, 7))]
    return 'long f%d(%s)\n{\n\tlong t = i;\n\n%s\n\treturn t;\n}\n' % (n, params, '\n'.join(body))


def write(path, r, count, cxx):
    with open(path, 'w') as f:
        f.write('/* Written by gen_access_shapes.py: member-access shapes for the plugin. */\n')
        f.write(RECORDS)
        if cxx:
            f.write(CXX_RECORDS)
        for n in range(count):
            f.write('\n' + function(r, n, cxx))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--seed', type=int, default=43)
    ap.add_argument('--functions', type=int, default=60)
    ap.add_argument('out')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    r = random.Random(a.seed)
    write(os.path.join(a.out, 'shapes.c'), r, a.functions, False)
    write(os.path.join(a.out, 'shapes.cc'), r, a.functions, True)


if __name__ == '__main__':
    main()
