/* uses the items and casts nothing */
#include "twins.h"

long flags_of(struct item *it)
{
	return it->flags;
}
