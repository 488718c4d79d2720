// Base classes the lint cannot place: each class whose own or inherited
// fields are annotated gets the note, however deep or wide its bases.
#include "cachelint.h"

struct plain { long x; };
struct hot_only { long hot __write_hot; };
struct rm_only { long rm __read_mostly; };

struct multiple : plain, hot_only, rm_only {};	// the annotated bases come second and third
struct mid : plain {};
struct hotbase { long hot __write_hot; };
struct mid2 : hotbase {};
struct indirect : mid2 {};			// annotated two levels up
struct unannotated : mid {};			// nothing to check: no note

multiple m;
indirect i;
unannotated u;
