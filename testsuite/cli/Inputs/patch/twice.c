/* Two fields in one declaration: the proposal has no patch. */
#include "cachelint.h"

struct pair {
	long w __write_hot, r __read_mostly;
};
