/* walks a crawler as an item: the twins are made here */
#include "twins.h"

long crawl(struct crawler *c)
{
	struct item *it = (struct item *)c;

	return it->refs;
}
