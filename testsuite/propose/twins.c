// Twins: two structs the code reads through each other -- a cast between
// pointers to them (memcached's `(item *)&crawlers[i]`, where `crawler`
// mirrors the header of `struct _stritem`) or a union holding both with a
// common initial sequence -- get no patch: a patch would move one and not
// the other.  The warnings stay, and the note says why and what order the
// proposal would take.  Casts that do not read one struct as another
// (container_of's cast from char *, to void *, to a struct's first member)
// leave the patch alone.  testsuite/lint/twins.test runs the lint on this
// file.
// RUN: %gcc-cl -DCAST -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefixes=TWIN,CAST --implicit-check-not=+++ --implicit-check-not=@@ --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %gcc-cl -DLAUNDER -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefixes=TWIN,LAUNDER --implicit-check-not=+++ --implicit-check-not=@@ --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %gcc-cl -DGLOBAL -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefixes=TWIN,GLOBAL --implicit-check-not=+++ --implicit-check-not=@@ --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %gcc-cl -DUNION -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefixes=TWIN,UNION --implicit-check-not=+++ --implicit-check-not=@@ --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %gcc-cl -DHARMLESS -fplugin-arg-cachelint-propose -fdiagnostics-generate-patch -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=HARMLESS --implicit-check-not=+++ --implicit-check-not=@@ --implicit-check-not=warning: --implicit-check-not=note:
// Without propose the warnings are the same ones:
// RUN: %gcc-cl -DCAST -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PLAIN --implicit-check-not=warning: --implicit-check-not=note:
#include <stddef.h>

#include "cachelint.h"

#if defined(CAST) || defined(UNION) || defined(LAUNDER) || defined(GLOBAL)
struct item {
	struct item *next;
	long refs __write_hot;
	long flags __read_mostly;
	char data[64];
};
// TWIN: twins.c:[[#@LINE-3]]:{{[0-9]+}}: warning: read-mostly field 'flags' shares cache line 0 (bytes 0-63) of 'struct item' with write-hot field 'refs' [cachelint-false-sharing]
// TWIN-NEXT: twins.c:[[#@LINE-5]]:{{[0-9]+}}: note: 'refs' is written on hot paths
// CAST-NEXT: twins.c:[[#@LINE-8]]:8: note: no patch is offered for 'struct item': a cast between pointers to it and to 'crawler' ({{.*}}twins.c:56) reads one through the other: reordering one without the other breaks the program; proposed order: flags, next, refs, data; 'refs' aligned to 64 bytes; 88 -> 192 bytes
// GLOBAL-NEXT: twins.c:[[#@LINE-9]]:8: note: no patch is offered for 'struct item': a cast between pointers to it and to 'crawler' ({{.*}}twins.c:87) reads one through the other
// LAUNDER-NEXT: twins.c:[[#@LINE-10]]:8: note: no patch is offered for 'struct item': a cast between pointers to it and to 'crawler' ({{.*}}twins.c:80) reads one through the other: reordering one without the other breaks the program; proposed order:
// UNION-NEXT: twins.c:[[#@LINE-11]]:8: note: no patch is offered for 'struct item': 'union either' ({{.*}}twins.c:92) holds it and 'crawler', whose common initial sequence is read through either: reordering one without the other breaks the program; proposed order: flags, next, refs, data;

/* the same header, then what the crawler keeps */
typedef struct {
	struct item *next;
	long visits __write_hot;
	long limit __read_mostly;
	char state[64];
} crawler;
// TWIN: twins.c:[[#@LINE-3]]:{{[0-9]+}}: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'crawler' with write-hot field 'visits' [cachelint-false-sharing]
// TWIN-NEXT: twins.c:[[#@LINE-5]]:{{[0-9]+}}: note: 'visits' is written on hot paths
// CAST-NEXT: twins.c:[[#@LINE-8]]:9: note: no patch is offered for 'crawler': a cast between pointers to it and to 'struct item' ({{.*}}twins.c:56) reads one through the other: reordering one without the other breaks the program; proposed order: limit, next, visits, state;
// GLOBAL-NEXT: twins.c:[[#@LINE-9]]:9: note: no patch is offered for 'crawler': a cast between pointers to it and to 'struct item' ({{.*}}twins.c:87) reads one through the other
// LAUNDER-NEXT: twins.c:[[#@LINE-10]]:9: note: no patch is offered for 'crawler': a cast between pointers to it and to 'struct item' ({{.*}}twins.c:80) reads one through the other
// UNION-NEXT: twins.c:[[#@LINE-11]]:9: note: no patch is offered for 'crawler': 'union either' ({{.*}}twins.c:92) holds it and 'struct item', whose common initial sequence is read through either
#endif

#ifdef CAST
static crawler crawlers[4];

/* the cast, in a function after both structs */
long crawl(int i)
{
	struct item *it = (struct item *)&crawlers[i];

	return it->next ? it->flags : 0;
}

/* no one casts it: its patch stays */
struct alone {
	long hits __write_hot;
	long max __read_mostly;
	char pad[64];
};

// CAST: twins.c:[[#@LINE-4]]:{{[0-9]+}}: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct alone' with write-hot field 'hits'
// CAST-NEXT: note: 'hits' is written on hot paths
// CAST-NEXT: twins.c:[[#@LINE-8]]:8: note: proposed reordering of 'struct alone': 'hits' aligned to a new line
// CAST: +++ {{.*}}twins.c
// CAST-NEXT: @@ -{{[0-9]+}},8 +{{[0-9]+}},8 @@
// CAST: +	long hits __write_hot __attribute__((__aligned__(64)));
#endif

#ifdef LAUNDER
/* through void *, in one expression: still one read as the other */
struct item *first(crawler *c)
{
	return (struct item *)(void *)c;
}
#endif

#ifdef GLOBAL
/* in a variable's initializer, which GCC folds into the address */
static crawler spare[2];
struct item *spare_item = (struct item *)&spare[1];
#endif

#ifdef UNION
/* both at once, their common header read through either */
union either {
	struct item item;
	crawler c;
};
// The union's own findings (its members overlap) stay as they are:
// UNION: warning: read-mostly field 'item.flags' shares cache line 0 (bytes 0-63) of 'union either' with write-hot field 'c.visits'
// UNION-NEXT: note: 'c.visits' is written on hot paths
// UNION-NEXT: note: no patch is offered for 'union either': a union's members all start at offset 0: nothing to reorder
// UNION-NEXT: warning: read-mostly field 'c.limit' shares cache line 0 (bytes 0-63) of 'union either' with write-hot field 'item.refs'
// UNION-NEXT: note: 'item.refs' is written on hot paths

long peek(union either *e)
{
	return e->item.next != NULL;
}
#endif

#ifdef HARMLESS
struct list_head {
	struct list_head *next, *prev;
};

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

/* found through its list node, which is not its first member */
struct request {
	long refs __write_hot;
	struct list_head node;
	long deadline __read_mostly;
	char pad[64];
};

// HARMLESS: twins.c:[[#@LINE-4]]:{{[0-9]+}}: warning: read-mostly field 'deadline' shares cache line 0 (bytes 0-63) of 'struct request' with write-hot field 'refs'
// HARMLESS-NEXT: note: 'refs' is written on hot paths
// HARMLESS-NEXT: note: proposed reordering of 'struct request':

/* cast to and from its first member, and to void * */
struct base {
	long kind;
	void *ops;
};

struct derived {
	struct base base;
	long hits __write_hot;
	long limit __read_mostly;
	char pad[64];
};

// HARMLESS: twins.c:[[#@LINE-4]]:{{[0-9]+}}: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct derived' with write-hot field 'hits'
// HARMLESS-NEXT: note: 'hits' is written on hot paths
// HARMLESS-NEXT: note: proposed reordering of 'struct derived':
// HARMLESS: +++ {{.*}}twins.c
// HARMLESS-NEXT: @@ -{{[0-9]+}},9 +{{[0-9]+}},9 @@
// HARMLESS: +	long refs __write_hot __attribute__((__aligned__(64)));
// HARMLESS: @@ -{{[0-9]+}},8 +{{[0-9]+}},8 @@
// HARMLESS: +	long hits __write_hot __attribute__((__aligned__(64)));

struct request *from_node(struct list_head *n)
{
	return container_of(n, struct request, node);
}

struct derived *from_base(struct base *b)
{
	return (struct derived *)b;
}

struct base *to_base(struct derived *d)
{
	return (struct base *)d;
}

void *opaque(struct request *r)
{
	return (void *)r;
}
#endif

// PLAIN: twins.c:{{[0-9]+}}:{{[0-9]+}}: warning: read-mostly field 'flags' shares cache line 0 (bytes 0-63) of 'struct item'
// PLAIN-NEXT: note: 'refs' is written on hot paths
// PLAIN-NEXT: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'crawler'
// PLAIN-NEXT: note: 'visits' is written on hot paths
// PLAIN-NEXT: warning: read-mostly field 'max' shares cache line 0 (bytes 0-63) of 'struct alone'
// PLAIN-NEXT: note: 'hits' is written on hot paths
