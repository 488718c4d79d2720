%{
/* The C text that a parser generator copies into hashline.c, where a
   #line directive says it comes from here. */
struct page_counter {
	long usage __write_hot;
	long min;
	struct page_counter *parent __read_mostly;
	long failcnt;
};

struct both {
	int x __read_mostly __write_hot;
};
%}
%%
input: ;
%%
