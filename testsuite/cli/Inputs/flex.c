/* A flexible array in a class, which stays last (propose_answers.test). */
#include "cachelint.h"

struct flex {
	long w __write_hot;
	long r __read_mostly;
	long data[] __read_mostly;
};

struct flex *f;
