/* Paths named in annotations: the same grammar as a profile's read:/write: */
#include "cachelint.h"

struct annotated {
	long usage __written_on("charge:concurrent");
	long limit __read_on("charge:concurrent");
};

struct profiled {
	long usage;
	long limit;
};

struct annotated a;
struct profiled p;
