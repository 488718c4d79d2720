#include "item.h"

static crawler crawlers[4];

/* the cast: a crawler read as an item */
long crawl2(int i)
{
	struct item *it = (struct item *)&crawlers[i];

	return it->next ? it->flags : 0;
}
