/* walks a crawler as an item, and an item as a chunk: the twins are made here */
#include "twins.h"

long crawl(struct crawler *c)
{
	struct item *it = (struct item *)c;
	struct chunk *ch = (struct chunk *)it;

	return it->refs + ch->size;
}
