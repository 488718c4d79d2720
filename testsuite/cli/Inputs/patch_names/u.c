#include "link.h"

struct sv gv;
