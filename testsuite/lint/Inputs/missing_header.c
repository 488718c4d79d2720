#include "cachelint.h"
#include "no_such_header.h"

struct broken {
	long hot __write_hot;
	missing_t rm __read_mostly;
};
