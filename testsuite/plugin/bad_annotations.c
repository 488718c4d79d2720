// Misused annotations are errors at the annotation.
// RUN: not %gcc-cl -DBOTH -c %s -o %t.o 2>&1 | %check --check-prefix=BOTH
// RUN: not %gcc-cl -DVARIABLE -c %s -o %t.o 2>&1 | %check --check-prefix=VARIABLE
// RUN: not %gcc-cl -DFUNCTION -c %s -o %t.o 2>&1 | %check --check-prefix=FUNCTION
// RUN: not %gcc-cl -DTYPE -c %s -o %t.o 2>&1 | %check --check-prefix=TYPE
// RUN: not %gcc-cl -DGROUP -c %s -o %t.o 2>&1 | %check --check-prefix=GROUP
// RUN: not %gcc-cl -DTWOGROUPS -c %s -o %t.o 2>&1 | %check --check-prefix=TWOGROUPS
// RUN: not %gcc-cl -DRULE -c %s -o %t.o 2>&1 | %check --check-prefix=RULE
// RUN: not %gcc-cl -DSUPPRESSVAR -c %s -o %t.o 2>&1 | %check --check-prefix=SUPPRESSVAR
// RUN: not %gcc-cl -DPERTHREAD -c %s -o %t.o 2>&1 | %check --check-prefix=PERTHREAD
#include "cachelint.h"

#ifdef BOTH
struct both {
	long x __read_mostly __write_hot;
// BOTH: :[[#@LINE-1]]:14: error: cachelint: field 'x' is annotated both read-mostly and write-hot
};
#endif

#ifdef VARIABLE
long counter __read_mostly;
// VARIABLE: :[[#@LINE-1]]:6: error: cachelint: the read-mostly annotation applies to struct and union fields only, not to variable 'counter'
#endif

#ifdef FUNCTION
__write_hot void f(void);
// FUNCTION: :[[#@LINE-1]]:18: error: cachelint: the write-hot annotation applies to struct and union fields only, not to function 'f'
#endif

#ifdef TYPE
struct __read_mostly tagged {
// TYPE: :[[#@LINE-1]]:{{[0-9]+}}: error: cachelint: the read-mostly annotation applies to struct and union fields only, not to a type
	int x;
};
#endif

#ifdef GROUP
struct group {
	long x __attribute__((cachelint_write_hot(42)));
// GROUP: :[[#@LINE-1]]:14: error: cachelint: the write group of field 'x' must be a non-empty string literal
};
#endif

#ifdef TWOGROUPS
struct twogroups {
	long x __write_hot_group("a") __write_hot_group("b");
// TWOGROUPS: :[[#@LINE-1]]:14: error: cachelint: field 'x' is annotated with two different write groups
};
#endif

#ifdef RULE
struct __cachelint_suppress("cachelint-no-such-rule") rule {
// RULE: :[[#@LINE-1]]:{{[0-9]+}}: error: cachelint: unknown rule 'cachelint-no-such-rule' in a suppression (expected a rule ID such as 'cachelint-false-sharing', or 'all')
	int x;
};
#endif

#ifdef SUPPRESSVAR
int v __cachelint_suppress("all");
// SUPPRESSVAR: :[[#@LINE-1]]:5: error: cachelint: a suppression belongs on a struct or union definition
#endif

#ifdef PERTHREAD
/* one variable or field has no elements to share a line with each other */
long lone __per_thread;
// PERTHREAD: :[[#@LINE-1]]:6: error: cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to variable 'lone'
struct holder {
	long one __per_thread;
// PERTHREAD: :[[#@LINE-1]]:14: error: cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to field 'one'
	long per[4] __per_thread;	/* an array member: allowed (per_thread_members.c) */
};
/* nor do a function, a parameter or a typedef */
void fn(void) __per_thread;
// PERTHREAD: :[[#@LINE-1]]:6: error: cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to function 'fn'
void fn(void) {}
int fp(int a __per_thread) { return a; }
// PERTHREAD: :[[#@LINE-1]]:12: error: cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to parameter 'a'
typedef long tl __per_thread;
// PERTHREAD: :[[#@LINE-1]]:14: error: cachelint: __per_thread applies to an array variable, an array member or a struct or union definition, not to typedef 'tl'
#endif
