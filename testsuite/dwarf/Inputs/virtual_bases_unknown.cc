// Virtual bases whose place DWARF does not give, and an empty one
// (testsuite/dwarf/virtual_bases.test).

// pod keeps its tail padding (nvsize 16) if it is a POD for the purpose of
// layout, else 'small' goes into it (nvsize 9): DWARF does not say which.
struct pod {
	long x;
	char c;
};
struct small {
	char s;
};
struct after_pod : virtual pod, virtual small {
	long q;
};

// An empty virtual base holds nothing and moves nothing: it is left out, as
// GCC makes no field for it, and the class is placed.
struct empty {
};
struct after_empty : virtual empty {
	long q;
};

after_pod a_obj;
after_empty e_obj;
