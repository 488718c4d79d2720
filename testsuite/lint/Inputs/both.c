#include "cachelint.h"

struct both {
	long x __read_mostly __write_hot;
};
