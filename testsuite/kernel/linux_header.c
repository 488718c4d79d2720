// annotations/linux/cachelint.h, the kernel spelling, in a unit that has
// the kernel's own __read_mostly (a section attribute for variables, which
// GCC rejects on fields): the header leaves it alone, is empty without the
// plugin, and compiles warning-free under GCC, GCC with the plugin and clang.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/linux && cp %srcroot/annotations/linux/cachelint.h %t.dir/linux/
// RUN: %gcc -std=gnu11 -Wall -Wextra -Werror -I%t.dir -c %s -o %t.gcc.o
// RUN: objdump -t %t.gcc.o | FileCheck %s --check-prefix=SECTION
// SECTION: .data..read_mostly{{.*}} tunable
// RUN: %gcc -std=gnu11 -E -dD -I%t.dir %s | FileCheck %s --check-prefix=EMPTY
// EMPTY: #define __read_mostly_field{{ *$}}
// EMPTY: #define __write_hot{{ *$}}
// EMPTY: #define __write_hot_group(g){{ *$}}
// EMPTY: #define __cachelint_pin{{ *$}}
// EMPTY: #define __cachelint_suppress(rule){{ *$}}
// RUN: %gcc -std=gnu11 -Wall -Wextra -Werror -fplugin=%plugin -fdiagnostics-plain-output -I%t.dir -c %s -o %t.plugin.o 2>&1 | %check
// RUN: objdump -t %t.plugin.o | FileCheck %s --check-prefix=SECTION
// RUN: %clang -std=gnu11 -Wall -Wextra -Werror -I%t.dir -c %s -o %t.clang.o
// RUN: %clang -std=gnu11 -I%t.dir -Xclang -ast-dump -fsyntax-only %s | FileCheck %s --check-prefix=AST
// AST: FieldDecl {{.*}} hits 'long'
// AST-NEXT: AnnotateAttr {{.*}} "cachelint:write_hot:stats"
// AST-NEXT: BTFDeclTagAttr {{.*}} "cachelint:write_hot:stats"
// AST: FieldDecl {{.*}} limit 'long'
// AST-NEXT: AnnotateAttr {{.*}} "cachelint:read_mostly"
// AST: FieldDecl {{.*}} rate 'long'
// AST-NEXT: AnnotateAttr {{.*}} "cachelint:write_hot"
// AST: FieldDecl {{.*}} abi 'long'
// AST-NEXT: AnnotateAttr {{.*}} "cachelint:pin"

/* What <linux/cache.h> does on x86. */
#define __read_mostly __attribute__((__section__(".data..read_mostly")))
#include <linux/cachelint.h>

struct tuned {
	long hits __write_hot_group("stats");
	long limit __read_mostly_field;
// CHECK: :[[#@LINE-1]]:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct tuned' with write-hot field 'hits' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-3]]:14: note: 'hits' is written on hot paths (write group 'stats')
	long rate __write_hot;
	long abi __cachelint_pin;
} __cachelint_suppress("cachelint-write-groups");
// CHECK-NEXT: :[[#@LINE-6]]:14: warning: read-mostly field 'limit' shares cache line 0 (bytes 0-63) of 'struct tuned' with write-hot field 'rate' [cachelint-false-sharing]
// CHECK-NEXT: :[[#@LINE-4]]:14: note: 'rate' is written on hot paths

int tunable __read_mostly = 1;

long use(struct tuned *t)
{
	return t->hits + t->limit + t->rate + tunable;
}
