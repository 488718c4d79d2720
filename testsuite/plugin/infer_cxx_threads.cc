// The peer corpus's C++ shapes with no annotation: threads started by
// std::thread and std::jthread (docs/inference.md) on a function named
// directly, on &function, on a lambda, and in a loop, with a negative
// control beside each finding.
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

// (1) Two std::atomic members of one struct bumped by two threads, each
// started on a function: a finding.
struct hits {
	std::atomic<long> a;
	std::atomic<long> b;
};
static_assert(offsetof(hits, b) == 8, "a and b share a line");

hits h;

void bump_a(int n)
{
	for (int i = 0; i < n; i++)
		h.a.fetch_add(1, std::memory_order_relaxed);
}

void bump_b(int n)
{
	for (int i = 0; i < n; i++)
		h.b++;
}

// (2) Plain counters written by two lambdas' threads: a finding.
struct plain {
	long x;
	long y;
};
static_assert(offsetof(plain, y) == 8, "x and y share a line");

plain p;

// (3) The same atomics, padded apart with alignas(64): no finding.
struct padded {
	alignas(64) std::atomic<long> a;
	alignas(64) std::atomic<long> b;
};
static_assert(offsetof(padded, b) == 64, "a and b on lines of their own");

padded pd;

// (4) Two counters written by one thread only, started once: no finding.
struct alone {
	long x;
	long y;
};

alone al;

void solo()
{
	al.x++;
	al.y++;
}

// (5) One function started in a loop stands for several threads: its
// plain write is written by several threads, beside a member read-mostly.
struct pool {
	long done;
	long limit;
};

pool pl;

void pool_work()
{
	while (pl.done < pl.limit)
		pl.done++;
}

int main()
{
	pl.limit = 100;
	std::thread ta(bump_a, 10);
	std::thread tb(&bump_b, 10);
	std::jthread tx([] { for (int i = 0; i < 10; i++) p.x++; });
	std::thread ty([&](int n) { for (int i = 0; i < n; i++) p.y++; }, 10);
	std::thread pa([] { pd.a.fetch_add(1, std::memory_order_relaxed); });
	std::thread pb([] { pd.b.store(pd.b.load(std::memory_order_acquire) + 1,
				       std::memory_order_release); });
	std::thread s(solo);
	std::vector<std::thread> workers;
	for (int i = 0; i < 4; i++) {
		std::thread w(pool_work);
		workers.push_back(std::move(w));
	}
	for (auto &w : workers)
		w.join();
	ta.join();
	tb.join();
	ty.join();
	pa.join();
	pb.join();
	s.join();
	return (int)(p.x + al.x);
}

// The bodies of libstdc++'s functions (atomic_base.h's fetch_add, which
// every thread that bumps any std::atomic<long> runs) are in neither map:
// the call site says whose the access is.
// RUN: %gxx-cl -std=c++20 -O0 -c %s -o %t.o 2>&1 | %check --check-prefix=CHECK
// RUN: %gxx-cl -std=c++20 -O2 -c %s -o %t.o 2>&1 | %check --check-prefix=CHECK
// RUN: not %cachelint lint %s -- -std=c++20 2>&1 | %check --check-prefix=CHECK
// CHECK: infer_cxx_threads.cc:13:27: warning: field 'a' (written on bump_a) shares cache line 0 (bytes 0-63) of 'struct hits' with field 'b' (written on bump_b) [cachelint-write-groups]
// CHECK-NEXT: infer_cxx_threads.cc:14:27: note: 'b' is written on bump_b
// CHECK-NEXT: infer_cxx_threads.cc:13:27: note: 'a' is written on bump_a, inferred from the code: updated atomically in bump_a ({{.*}}infer_cxx_threads.cc:23)
// CHECK-NEXT: infer_cxx_threads.cc:14:27: note: 'b' is written on bump_b, inferred from the code: updated atomically in bump_b ({{.*}}infer_cxx_threads.cc:29)
// CHECK: infer_cxx_threads.cc:34:14: warning: field 'x' (written on main__lambda_84) shares cache line 0 (bytes 0-63) of 'struct plain' with field 'y' (written on main__lambda_85) [cachelint-write-groups]
// CHECK-NEXT: infer_cxx_threads.cc:35:14: note: 'y' is written on main__lambda_85
// CHECK-NEXT: infer_cxx_threads.cc:34:14: note: 'x' is written on main__lambda_84, inferred from the code: written by thread main::lambda@84 in main()::<lambda()>::operator() ({{.*}}infer_cxx_threads.cc:84)
// CHECK-NEXT: infer_cxx_threads.cc:35:14: note: 'y' is written on main__lambda_85, inferred from the code: written by thread main::lambda@85 in main()::<lambda(int)>::operator() ({{.*}}infer_cxx_threads.cc:85)
// CHECK-NEXT: infer_cxx_threads.cc:68:14: warning: field 'limit' (read on pool_work) shares cache line 0 (bytes 0-63) of 'struct pool' with field 'done' (written on pool_work) [cachelint-false-sharing]
// CHECK-NEXT: infer_cxx_threads.cc:67:14: note: 'done' is written on pool_work
// The access maps of both front ends are the same, byte for byte, and the
// same at -O0 and -O2.
// RUN: %gxx-cl -std=c++20 -O0 -fplugin-arg-cachelint-access-map=%t.p0.map -c %s -o %t.o
// RUN: %gxx-cl -std=c++20 -O2 -fplugin-arg-cachelint-access-map=%t.p2.map -c %s -o %t.o
// RUN: not %cachelint lint --access-map %t.l.map %s -- -std=c++20 > /dev/null 2>&1
// RUN: diff %t.p0.map %t.l.map && diff %t.p0.map %t.p2.map
// RUN: FileCheck %s --check-prefix=MAP --input-file %t.l.map
// MAP: infer_cxx_threads.cc	23	5	bump_a	hits	a	0	8	rmw	atomic,role=bump_a
// MAP: infer_cxx_threads.cc	29	5	bump_b	hits	b	8	8	rmw	atomic,role=bump_b
// MAP: infer_cxx_threads.cc	76	6	pool_work	pool	done	0	8	w	role=pool_work+
// MAP: infer_cxx_threads.cc	84	54	main()::<lambda()>::operator()	plain	x	0	8	w	role=main::lambda@84
// MAP: infer_cxx_threads.cc	85	60	main()::<lambda(int)>::operator()	plain	y	8	8	w	role=main::lambda@85
