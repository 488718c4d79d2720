// C++ standard mutexes on a member: a std::mutex's (and shared_mutex's)
// lock(), try_lock() and unlock(), and a std::lock_guard, unique_lock,
// shared_lock or scoped_lock made on the member, are each a read-modify-
// write of the member, as a pthread lock call on it is (instrument_locks.c).
// libstdc++'s guards keep the mutex's address in the guard and lock through
// it, where no summary follows, so the walk knows them by name.  A guard
// given std::defer_lock or std::adopt_lock does not touch the mutex.
// RUN: %gxx-cl -O0 -fplugin-arg-cachelint-access-map=%t.O0.map -c %s -o %t.O0.o
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-access-map=%t.O2.map -c %s -o %t.O2.o
// RUN: grep -v '^/usr/' %t.O0.map | FileCheck %s --implicit-check-not=table
// RUN: grep -v '^/usr/' %t.O2.map | FileCheck %s --implicit-check-not=table
// Counted: each thread takes `lock` 3 times through each guard form, once
// by hand, and `rw` once shared and once exclusive.
// RUN: %gxx-cl -O2 -fplugin-arg-cachelint-instrument=table %s -o %t %rt-static -pthread
// RUN: rm -f %t.yaml && env CACHELINT_PROFILE=%t.yaml %t
// RUN: FileCheck --check-prefix=COUNT --strict-whitespace --match-full-lines %s --input-file %t.yaml
#include <mutex>
#include <shared_mutex>
#include <thread>

struct table {
	std::mutex lock;
	std::shared_mutex rw;
	long count;
};

static table t;

static void bump()
{
	{
		std::lock_guard<std::mutex> g(t.lock);
// CHECK: # cachelint-access-map 2
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-2]]	35	bump	table	lock	0	40	rmw
		t.count++;
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	5	bump	table	count	96	8	r
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-2]]	5	bump	table	count	96	8	w
	}
	{
		std::unique_lock<std::mutex> u(t.lock);
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	36	bump	table	lock	0	40	rmw
	}
	{
		std::unique_lock<std::mutex> d(t.lock, std::defer_lock);
		std::scoped_lock s(t.lock);
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	24	bump	table	lock	0	40	rmw
	}
	t.lock.lock();
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	4	bump	table	lock	0	40	rmw
	t.lock.unlock();
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	4	bump	table	lock	0	40	rmw
	{
		std::shared_lock<std::shared_mutex> r(t.rw);
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	43	bump	table	rw	40	56	rmw
	}
	if (t.lock.try_lock()) {
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	8	bump	table	lock	0	40	rmw
		std::lock_guard<std::mutex> a(t.lock, std::adopt_lock);
		t.rw.lock();
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	5	bump	table	rw	40	56	rmw
		t.rw.unlock();
// CHECK-NEXT: cxx_locks.cc	[[#@LINE-1]]	5	bump	table	rw	40	56	rmw
	}
}

int main()
{
	std::thread th(bump);

	th.join();
	return 0;
}

// COUNT:cachelint-profile: 1
// COUNT-NEXT:structs:
// COUNT-NEXT:  table:
// COUNT-NEXT:    lock: {read: {thread-1: 6}, write: {thread-1: 6}}
// COUNT-NEXT:    rw: {read: {thread-1: 3}, write: {thread-1: 3}}
// COUNT-NEXT:    count: {read: {thread-1: 1}, write: {thread-1: 1}}
// COUNT-EMPTY:
