// C++ classes in namespaces, nested in a class, and a template instance:
// each is keyed by its qualified name, as GCC prints it (issue 35 item 6).
namespace ns {
struct plain {
	long w;
	long r;
};
template <typename T, int N> struct pair {
	T w;
	T r[N];
};
}
namespace outer { namespace inner {
struct deep {
	long w;
	long r;
	struct nest {
		long w;
		long r;
	} n;
};
} }
ns::plain p;
ns::pair<long, 3> q;
outer::inner::deep d;
