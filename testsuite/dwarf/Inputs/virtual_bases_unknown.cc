// Virtual bases whose place DWARF does not give (testsuite/dwarf/virtual_bases.test).
struct nearly_empty {
	virtual void f() {}
};
struct primary : virtual nearly_empty {
	long p;
};

struct empty {
};

struct after_empty : virtual empty {
	long q;
};

primary p_obj;
after_empty q_obj;
