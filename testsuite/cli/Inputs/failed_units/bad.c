#include "no_such.h"
struct other { long x; };
