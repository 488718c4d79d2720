// A C++ corpus of member-access shapes: each plugin mode walks all of it
// (cxx_corpus.test), and the instrumented program runs (main below).
#include <atomic>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <vector>

struct counters {
	std::atomic<unsigned long> hits;
	std::atomic<long> level;
	std::atomic<bool> stop;
	std::atomic<int> flags;
	long plain;
};

counters g_counters;

void atomics(counters *c)
{
	c->hits.fetch_add(1);
// MAP: corpus.cc	[[#@LINE-1]]	5	atomics	counters	hits	0	8	rmw
	c->level.store(c->level.load() + 1);
	long want = 0;
	c->level.compare_exchange_strong(want, 5);
// MAP: corpus.cc	[[#@LINE-1]]	5	atomics	counters	level	8	8	rmw
	c->level.compare_exchange_weak(want, 6, std::memory_order_acq_rel);
	++c->flags;
// MAP: corpus.cc	[[#@LINE-1]]	7	atomics	counters	flags	20	4	rmw
	c->flags++;
	c->flags |= 4;
	c->stop.exchange(true);
// MAP: corpus.cc	[[#@LINE-1]]	5	atomics	counters	stop	16	1	rmw
	c->plain += c->hits.load(std::memory_order_relaxed);
}

struct locked {
	std::mutex lock;
	long value;
	std::shared_mutex rw;
	long shared_value;

	void add(long n)
	{
		std::lock_guard<std::mutex> g(lock);
// MAP: corpus.cc	[[#@LINE-1]]	33	locked::add	worker	l.lock	56	40	rmw
// MAP: corpus.cc	[[#@LINE-2]]	33	locked::add	locked	lock	0	40	rmw
		value += n;
	}
	long get()
	{
		std::unique_lock<std::mutex> u(lock);
		long v = value;
		u.unlock();
		return v;
	}
	long peek()
	{
		std::shared_lock<std::shared_mutex> s(rw);
// MAP: corpus.cc	[[#@LINE-1]]	41	locked::peek	locked	rw	48	56	rmw
		return shared_value;
	}
	void poke(long v)
	{
		std::unique_lock<std::shared_mutex> u(rw);
		shared_value = v;
	}
};

template <typename T> struct box {
	T v;
	long uses;
	static long made;
	T get() { return ++uses, v; }
	template <typename U> void put(U u) { v = static_cast<T>(u); uses++; }
// MAP: corpus.cc	[[#@LINE-1]]	40	box<int>::put<long int>	box<int>	v	0	4	w
};
template <typename T> long box<T>::made;

long templates(box<int> *a, box<double> *b)
{
	a->put(3L);
	b->put(2);
	box<int>::made++;
	return a->get() + (long)b->get() + box<double>::made;
}

struct with_lambdas {
	long a;
	long b;
	std::atomic<long> c;

	long run()
	{
		auto self = [this] { a++; return b; };
// MAP: corpus.cc	[[#@LINE-1]]	24	with_lambdas::run()::<lambda()>::operator()	with_lambdas	a	0	8	w
		auto refs = [&x = a, &y = c] { y.fetch_add(x); };
		refs();
		return self();
	}
};

struct base1 {
	long one;
	virtual ~base1() {}
	virtual long f() { return one; }
};
struct base2 {
	long two;
	virtual long g() { return two; }
};
struct derived : base1, base2 {
	long three;
	long f() override { return one + three; }
	long g() override { return two++; }
};
struct vbase {
	long shared;
};
struct left : virtual vbase {
	long l;
};
struct right : virtual vbase {
	long r;
};
struct diamond : left, right {
	long d;
};

long inheritance(derived *p, diamond *q)
{
	p->three = p->one;
	q->shared++;
// MAP: corpus.cc	[[#@LINE-1]]	5	inheritance	vbase	shared	0	8	w
	q->l = q->r + q->d;
	return p->f() + p->g();
}

struct aligned {
	alignas(64) std::atomic<long> head;
	alignas(64) std::atomic<long> tail;
	long size;
};

struct anon {
	int kind;
	union {
		long i;
		double d;
	};
	struct {
		int x, y;
	};
	struct inner {
		long deep;
		struct innermost {
			char c;
			long n;
		} most;
	} in;
};

long anonymous(anon *p)
{
	p->x = p->y + 1;
// MAP: corpus.cc	[[#@LINE-1]]	5	anonymous	anon	x	16	4	w
	p->in.most.n += p->in.deep;
	return p->kind ? p->i : (long)p->d;
}

struct bits {
	unsigned a : 3, b : 5;
	unsigned long c : 40;
	int : 0;
	unsigned d : 1;
};

void bitfields(bits *p)
{
	p->a = 1;
	p->b += p->a;
	p->c |= 7;
	p->d = !p->d;
// MAP: corpus.cc	[[#@LINE-1]]	9	bitfields	bits	d	8	1	r
}

struct item {
	long key;
	long val;
};

struct with_refs {
	long &r;
	const long &cr;
	std::vector<item> items;
	static std::atomic<long> total;

	long sum()
	{
		long s = 0;
		for (item &i : items)
			s += i.val;
		for (size_t k = 0; k < items.size(); k++)
			items[k].key = k;
		r += s;
		total += s;
		return s + cr;
	}
};
std::atomic<long> with_refs::total;

struct worker {
	std::atomic<long> done;
	long own;
	std::mutex m;
	locked l;

	void body(long n)
	{
		for (long i = 0; i < n; i++) {
			own++;
			done.fetch_add(1, std::memory_order_relaxed);
// MAP: corpus.cc	[[#@LINE-1]]	4	worker::body	worker	done	0	8	rmw
			l.add(1);
		}
	}
	void start()
	{
		std::thread t(&worker::body, this, 100);
		std::thread u([this] {
			std::lock_guard<std::mutex> g(m);
// MAP: corpus.cc	[[#@LINE-1]]	34	worker::start()::<lambda()>::operator()	worker	m	16	40	rmw
			own--;
			l.poke(l.peek() + 1);
		});
		t.join();
		u.join();
	}
};

int main()
{
	counters c{};
	atomics(&c);
	atomics(&g_counters);
	locked lk;
	lk.add(2);
	box<int> bi{};
	box<double> bd{};
	with_lambdas wl{1, 2, {3}};
	derived d;
	diamond q;
	aligned al{};
	anon an{};
	bits bt{};
	long x = 0;
	with_refs wr{x, x, std::vector<item>(4)};
	worker w{};

	q.shared = q.l = q.r = q.d = 0;
	d.one = d.two = d.three = 1;
	al.head.store(1);
	al.tail.fetch_add(al.head.load());
	anonymous(&an);
	bitfields(&bt);
	w.start();
	long r = lk.get() + templates(&bi, &bd) + wl.run() + inheritance(&d, &q) + wr.sum() +
		 al.size;
	return r > 0 && w.done.load() == 100 && w.own == 99 ? 0 : 1;
}
